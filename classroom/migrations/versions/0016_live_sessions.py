"""A live class (issue 35): ``live_sessions`` (a class's live session: its projector id, questions, seconds per
question, the question shown and its phase, the server's start and deadline), ``live_questions`` (each question as
stored when the session started) and ``live_answers`` (one row per session, learner and question).

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0016'
down_revision = '0015'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('live_sessions',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('class_id', sa.String(length=16), nullable=False),
    sa.Column('screen', sa.String(length=32), nullable=False),
    sa.Column('rule_set_id', sa.String(length=64), nullable=False),
    sa.Column('house_toml', sa.Text(), nullable=True),
    sa.Column('count', sa.Integer(), nullable=False),
    sa.Column('seconds', sa.Integer(), nullable=False),
    sa.Column('leaderboard', sa.Boolean(), server_default=sa.false(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('phase', sa.String(length=16), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('deadline', sa.DateTime(timezone=True), nullable=True),
    sa.Column('remaining', sa.Float(), nullable=True),
    sa.Column('revision', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['class_id'], ['classes.id'], name=op.f('fk_live_sessions_class_id_classes'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_live_sessions')),
    sa.UniqueConstraint('screen', name=op.f('uq_live_sessions_screen'))
    )
    with op.batch_alter_table('live_sessions', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_live_sessions_class_id'), ['class_id'], unique=False)

    op.create_table('live_questions',
    sa.Column('session_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('key', sa.String(length=200), nullable=False),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('record', sa.JSON(), nullable=False),
    sa.Column('blob', sa.LargeBinary(), nullable=False),
    sa.ForeignKeyConstraint(['session_id'], ['live_sessions.id'],
                            name=op.f('fk_live_questions_session_id_live_sessions'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('session_id', 'number', name=op.f('pk_live_questions'))
    )

    op.create_table('live_answers',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('session_id', sa.Integer(), nullable=False),
    sa.Column('learner_id', sa.String(length=16), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('code', sa.String(length=200), nullable=False),
    sa.Column('correct', sa.Boolean(), nullable=False),
    sa.Column('chi_lost', sa.Float(), nullable=True),
    sa.Column('seconds', sa.Float(), nullable=False),
    sa.Column('answered_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['learner_id'], ['learners.id'], name=op.f('fk_live_answers_learner_id_learners'),
                            ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['session_id'], ['live_sessions.id'],
                            name=op.f('fk_live_answers_session_id_live_sessions'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_live_answers')),
    sa.UniqueConstraint('session_id', 'learner_id', 'number', name=op.f('uq_live_answers_session_id'))
    )
    with op.batch_alter_table('live_answers', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_live_answers_learner_id'), ['learner_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_live_answers_session_id'), ['session_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('live_answers', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_live_answers_session_id'))
        batch_op.drop_index(batch_op.f('ix_live_answers_learner_id'))
    op.drop_table('live_answers')
    op.drop_table('live_questions')
    with op.batch_alter_table('live_sessions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_live_sessions_class_id'))
    op.drop_table('live_sessions')
