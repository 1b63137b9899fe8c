"""A reason to come back (issue 20, item 12): each learner's daily goal, by the day it was set from.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('daily_goals',
    sa.Column('learner_id', sa.String(length=16), nullable=False),
    sa.Column('since', sa.Date(), nullable=False),
    sa.Column('goal', sa.Integer(), nullable=False),
    sa.Column('timezone', sa.String(length=64), nullable=False),
    sa.Column('set_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['learner_id'], ['learners.id'], name=op.f('fk_daily_goals_learner_id_learners'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('learner_id', 'since', name=op.f('pk_daily_goals'))
    )


def downgrade() -> None:
    op.drop_table('daily_goals')
