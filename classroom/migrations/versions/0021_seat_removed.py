"""A seat the host removed someone from (issue 34): ``room_seats.removed_at``, so the room's list says "removed"
rather than "left" (the seat's hash then also lets the removed person's link be told so, :meth:`Rooms.removed`).

Revision ID: 0021
Revises: 0020
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0021'
down_revision = '0020'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('room_seats', schema=None) as batch_op:
        batch_op.add_column(sa.Column('removed_at', sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('room_seats', schema=None) as batch_op:
        batch_op.drop_column('removed_at')
