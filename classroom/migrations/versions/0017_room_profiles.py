"""A room's hands in the players' profiles (issue 34, "History"): ``room_seats.learner_id`` (the profile of the
person at a seat, ``None`` for someone without one) and ``play_hands.room_id`` (a Play hand played at a room,
``None`` for the Play table's and a class table's), indexed (a room's showdown looks its hands up).

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0017'
down_revision = '0016'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('room_seats', schema=None) as batch_op:
        batch_op.add_column(sa.Column('learner_id', sa.String(length=16), nullable=True))
    with op.batch_alter_table('play_hands', schema=None) as batch_op:
        batch_op.add_column(sa.Column('room_id', sa.String(length=16), nullable=True))
        batch_op.create_index('ix_play_hands_room_id', ['room_id'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('play_hands', schema=None) as batch_op:
        batch_op.drop_index('ix_play_hands_room_id')
        batch_op.drop_column('room_id')
    with op.batch_alter_table('room_seats', schema=None) as batch_op:
        batch_op.drop_column('learner_id')
