"""A class at one table (issue 19, duplicate deals): ``table_sessions`` (a table a teacher starts for a class:
rules, 64-bit seed, computer players, deals, timer) and ``table_hands`` (each learner's hand of each deal,
with its analysis; one row per session, learner and deal).

Revision ID: 0006
Revises: 0005
Create Date: 2027-02-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('table_sessions',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('class_id', sa.String(length=16), nullable=False),
    sa.Column('rule_set_id', sa.String(length=64), nullable=False),
    sa.Column('house_toml', sa.Text(), nullable=True),
    sa.Column('seed', sa.BigInteger(), nullable=False),
    sa.Column('bots', sa.String(length=64), nullable=False),
    sa.Column('deals', sa.Integer(), nullable=False),
    sa.Column('timer', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('closed_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['class_id'], ['classes.id'], name=op.f('fk_table_sessions_class_id_classes'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_table_sessions'))
    )
    with op.batch_alter_table('table_sessions', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_table_sessions_class_id'), ['class_id'], unique=False)

    op.create_table('table_hands',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('session_id', sa.Integer(), nullable=False),
    sa.Column('learner_id', sa.String(length=16), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('arrangement', sa.String(length=64), nullable=False),
    sa.Column('declared', sa.Boolean(), nullable=False),
    sa.Column('seconds', sa.Float(), nullable=False),
    sa.Column('expected', sa.Float(), nullable=False),
    sa.Column('best', sa.String(length=64), nullable=False),
    sa.Column('best_declared', sa.Boolean(), nullable=False),
    sa.Column('best_expected', sa.Float(), nullable=False),
    sa.Column('chi_lost', sa.Float(), nullable=False),
    sa.Column('chi_lost_stderr', sa.Float(), nullable=False),
    sa.Column('actual', sa.Integer(), nullable=False),
    sa.Column('played_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['learner_id'], ['learners.id'], name=op.f('fk_table_hands_learner_id_learners'),
                            ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['session_id'], ['table_sessions.id'],
                            name=op.f('fk_table_hands_session_id_table_sessions'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_table_hands')),
    sa.UniqueConstraint('session_id', 'learner_id', 'number', name=op.f('uq_table_hands_session_id'))
    )
    with op.batch_alter_table('table_hands', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_table_hands_learner_id'), ['learner_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_table_hands_session_id'), ['session_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('table_hands', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_table_hands_session_id'))
        batch_op.drop_index(batch_op.f('ix_table_hands_learner_id'))
    op.drop_table('table_hands')
    with op.batch_alter_table('table_sessions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_table_sessions_class_id'))
    op.drop_table('table_sessions')
