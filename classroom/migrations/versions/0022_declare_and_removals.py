"""A room's declare switch stored (issue 34): ``room_placed.declare``, the player's choice to declare the instant win
their cards hold (báo mậu binh), kept with their chi, so that a reload, a second device and the timer's rule know it.

Revision ID: 0022_declare_and_removals
Revises: 0021
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0022_declare_and_removals'
down_revision = '0021'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('room_placed', schema=None) as batch_op:
        batch_op.add_column(sa.Column('declare', sa.Boolean(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('room_placed', schema=None) as batch_op:
        batch_op.drop_column('declare')
