"""The lesson path kept in a profile (issue 20, item 11): each step of the Learn page a learner finished, per rule
set, and the best score of its quiz (:mod:`classroom.lessons`).

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('lesson_steps',
    sa.Column('learner_id', sa.String(length=16), nullable=False),
    sa.Column('rule_set_id', sa.String(length=64), nullable=False),
    sa.Column('step_id', sa.String(length=32), nullable=False),
    sa.Column('finished_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('best_right', sa.Integer(), nullable=True),
    sa.Column('best_total', sa.Integer(), nullable=True),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['learner_id'], ['learners.id'], name=op.f('fk_lesson_steps_learner_id_learners'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('learner_id', 'rule_set_id', 'step_id', name=op.f('pk_lesson_steps'))
    )


def downgrade() -> None:
    op.drop_table('lesson_steps')
