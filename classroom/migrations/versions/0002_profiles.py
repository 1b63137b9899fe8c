"""Profiles (issue 16): a learner may practise alone (no class); ratings, attempts, question ratings, reviews.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0002'
down_revision = '0001'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('question_ratings',
    sa.Column('key', sa.String(length=200), nullable=False),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('level', sa.String(length=32), nullable=False),
    sa.Column('rule_set_id', sa.String(length=64), nullable=False),
    sa.Column('rating', sa.Float(), nullable=False),
    sa.Column('rd', sa.Float(), nullable=False),
    sa.Column('volatility', sa.Float(), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.PrimaryKeyConstraint('key', name=op.f('pk_question_ratings'))
    )
    op.create_table('attempts',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('learner_id', sa.String(length=16), nullable=False),
    sa.Column('run_id', sa.String(length=40), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('mode', sa.String(length=16), nullable=False),
    sa.Column('question_key', sa.String(length=200), nullable=False),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('level', sa.String(length=32), nullable=False),
    sa.Column('rule_set_id', sa.String(length=64), nullable=False),
    sa.Column('lesson', sa.String(length=32), nullable=False),
    sa.Column('code', sa.String(length=200), nullable=False),
    sa.Column('correct', sa.Boolean(), nullable=False),
    sa.Column('chi_lost', sa.Float(), nullable=True),
    sa.Column('seconds', sa.Float(), nullable=False),
    sa.Column('first', sa.Boolean(), nullable=False),
    sa.Column('rating_after', sa.Float(), nullable=False),
    sa.Column('answered_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['learner_id'], ['learners.id'], name=op.f('fk_attempts_learner_id_learners'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_attempts')),
    sa.UniqueConstraint('learner_id', 'run_id', 'number', name=op.f('uq_attempts_learner_id'))
    )
    with op.batch_alter_table('attempts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_attempts_learner_id'), ['learner_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_attempts_question_key'), ['question_key'], unique=False)

    op.create_table('reviews',
    sa.Column('learner_id', sa.String(length=16), nullable=False),
    sa.Column('question_key', sa.String(length=200), nullable=False),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('level', sa.String(length=32), nullable=False),
    sa.Column('rule_set_id', sa.String(length=64), nullable=False),
    sa.Column('house_toml', sa.Text(), nullable=True),
    sa.Column('seed', sa.Integer(), nullable=False),
    sa.Column('card', sa.JSON(), nullable=False),
    sa.Column('due', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['learner_id'], ['learners.id'], name=op.f('fk_reviews_learner_id_learners'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('learner_id', 'question_key', name=op.f('pk_reviews'))
    )
    with op.batch_alter_table('reviews', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_reviews_due'), ['due'], unique=False)

    with op.batch_alter_table('learners', schema=None) as batch_op:
        batch_op.add_column(sa.Column('rating', sa.Float(), server_default='1500', nullable=False))
        batch_op.add_column(sa.Column('rating_rd', sa.Float(), server_default='350', nullable=False))
        batch_op.add_column(sa.Column('rating_volatility', sa.Float(), server_default='0.06', nullable=False))
        batch_op.alter_column('class_id',
               existing_type=sa.VARCHAR(length=16),
               nullable=True)



def downgrade() -> None:
    with op.batch_alter_table('learners', schema=None) as batch_op:
        batch_op.alter_column('class_id',
               existing_type=sa.VARCHAR(length=16),
               nullable=False)
        batch_op.drop_column('rating_volatility')
        batch_op.drop_column('rating_rd')
        batch_op.drop_column('rating')

    with op.batch_alter_table('reviews', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_reviews_due'))

    op.drop_table('reviews')
    with op.batch_alter_table('attempts', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_attempts_question_key'))
        batch_op.drop_index(batch_op.f('ix_attempts_learner_id'))

    op.drop_table('attempts')
    op.drop_table('question_ratings')
