"""A room's declare switch stored (issue 34): ``room_placed.declare``, the player's choice to declare the instant win
their cards hold (báo mậu binh), kept with their chi, so that a reload, a second device and the timer's rule know it;
``room_removals``, each person the host removed (their seat link's secret hashed), so that their old link is told so
whatever happens to the seat later.

Revision ID: 0022
Revises: 0021
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0022'
down_revision = '0021'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('room_placed', schema=None) as batch_op:
        batch_op.add_column(sa.Column('declare', sa.Boolean(), nullable=True))
    op.create_table('room_removals',
    sa.Column('room_id', sa.String(length=16), nullable=False),
    sa.Column('secret_hash', sa.String(length=64), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('removed_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['room_id'], ['rooms.id'], name=op.f('fk_room_removals_room_id_rooms'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('room_id', 'secret_hash', name=op.f('pk_room_removals'))
    )


def downgrade() -> None:
    op.drop_table('room_removals')
    with op.batch_alter_table('room_placed', schema=None) as batch_op:
        batch_op.drop_column('declare')
