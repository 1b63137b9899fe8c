"""Rooms where people play each other (issue 34): ``rooms``, ``room_seats``, ``room_deals``, ``room_placed`` and
``room_hands`` (:mod:`classroom.room_models`). New tables only: nothing stored before changes.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0015'
down_revision = '0014'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('rooms',
    sa.Column('id', sa.String(length=16), nullable=False),
    sa.Column('code', sa.String(length=16), nullable=False),
    sa.Column('host_hash', sa.String(length=64), nullable=False),
    sa.Column('rule_set_id', sa.String(length=64), nullable=False),
    sa.Column('house_toml', sa.Text(), nullable=True),
    sa.Column('seats', sa.Integer(), nullable=False),
    sa.Column('timer', sa.Integer(), nullable=False),
    sa.Column('fill', sa.String(length=16), nullable=True),
    sa.Column('share_analysis', sa.Boolean(), nullable=False),
    sa.Column('seed', sa.BigInteger(), nullable=False),
    sa.Column('deal', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('active_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('closed_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_rooms')),
    sa.UniqueConstraint('code', name=op.f('uq_rooms_code'))
    )
    op.create_table('room_deals',
    sa.Column('room_id', sa.String(length=16), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('players', sa.JSON(), nullable=False),
    sa.Column('cards', sa.JSON(), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('deadline', sa.DateTime(timezone=True), nullable=False),
    sa.Column('settled_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['room_id'], ['rooms.id'], name=op.f('fk_room_deals_room_id_rooms'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('room_id', 'number', name=op.f('pk_room_deals'))
    )
    op.create_table('room_hands',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('room_id', sa.String(length=16), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('arrangement', sa.String(length=64), nullable=False),
    sa.Column('declared', sa.Boolean(), nullable=False),
    sa.Column('origin', sa.String(length=16), nullable=False),
    sa.Column('seconds', sa.Float(), nullable=False),
    sa.Column('played_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('total', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['room_id'], ['rooms.id'], name=op.f('fk_room_hands_room_id_rooms'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_room_hands')),
    sa.UniqueConstraint('room_id', 'number', 'seat', name=op.f('uq_room_hands_room_id'))
    )
    op.create_index(op.f('ix_room_hands_room_id'), 'room_hands', ['room_id'], unique=False)
    op.create_table('room_placed',
    sa.Column('room_id', sa.String(length=16), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('chis', sa.JSON(), nullable=False),
    sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['room_id'], ['rooms.id'], name=op.f('fk_room_placed_room_id_rooms'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('room_id', 'number', 'seat', name=op.f('pk_room_placed'))
    )
    op.create_table('room_seats',
    sa.Column('room_id', sa.String(length=16), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('name_key', sa.String(length=80), nullable=False),
    sa.Column('secret_hash', sa.String(length=64), nullable=False),
    sa.Column('joined_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('left_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['room_id'], ['rooms.id'], name=op.f('fk_room_seats_room_id_rooms'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('room_id', 'seat', name=op.f('pk_room_seats')),
    sa.UniqueConstraint('room_id', 'name_key', name=op.f('uq_room_seats_room_id'))
    )


def downgrade() -> None:
    op.drop_table('room_seats')
    op.drop_table('room_placed')
    op.drop_index(op.f('ix_room_hands_room_id'), table_name='room_hands')
    op.drop_table('room_hands')
    op.drop_table('room_deals')
    op.drop_table('rooms')
