"""A class seated at tables of people (issue 34, "seat the class"): ``room_seatings`` (the tables' size, the computer
players' strength, the timer, the deals and the one seed of a class's seating), ``rooms.seating_id`` and
``rooms.table_no`` (a room that is a table of a seating, ``None`` for a room opened from Play) and
``learners.seen_at`` (when the learner's class page last said it was open: who is present). Nothing stored before
changes.

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0018'
down_revision = '0017'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('room_seatings',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('class_id', sa.String(length=16), nullable=False),
    sa.Column('size', sa.Integer(), nullable=False),
    sa.Column('fill', sa.String(length=16), nullable=False),
    sa.Column('timer', sa.Integer(), nullable=False),
    sa.Column('deals', sa.Integer(), nullable=False),
    sa.Column('seed', sa.BigInteger(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('closed_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['class_id'], ['classes.id'], name=op.f('fk_room_seatings_class_id_classes'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_room_seatings'))
    )
    with op.batch_alter_table('room_seatings', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_room_seatings_class_id'), ['class_id'], unique=False)
    with op.batch_alter_table('rooms', schema=None) as batch_op:
        batch_op.add_column(sa.Column('seating_id', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('table_no', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_rooms_seating_id'), ['seating_id'], unique=False)
    with op.batch_alter_table('learners', schema=None) as batch_op:
        batch_op.add_column(sa.Column('seen_at', sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('learners', schema=None) as batch_op:
        batch_op.drop_column('seen_at')
    with op.batch_alter_table('rooms', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_rooms_seating_id'))
        batch_op.drop_column('table_no')
        batch_op.drop_column('seating_id')
    with op.batch_alter_table('room_seatings', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_room_seatings_class_id'))
    op.drop_table('room_seatings')
