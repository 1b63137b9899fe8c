"""A deal's end done once across servers (issue 34): ``room_deals.ending_by`` and ``ending_at``, the claim of the one
server that makes the computer players' and the timer's splits and settles the showdown (the others read it);
``room_hands.analysis`` and ``analysing_at``, a person's analysis made by one server (its claim) and read by the others.

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0019'
down_revision = '0018'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('room_deals', schema=None) as batch_op:
        batch_op.add_column(sa.Column('ending_by', sa.String(length=32), nullable=True))
        batch_op.add_column(sa.Column('ending_at', sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table('room_hands', schema=None) as batch_op:
        batch_op.add_column(sa.Column('analysis', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('analysing_at', sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('room_hands', schema=None) as batch_op:
        batch_op.drop_column('analysing_at')
        batch_op.drop_column('analysis')
    with op.batch_alter_table('room_deals', schema=None) as batch_op:
        batch_op.drop_column('ending_at')
        batch_op.drop_column('ending_by')
