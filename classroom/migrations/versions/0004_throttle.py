"""Guessing is not free (issue 22, item 12): rate-limited events, and a teacher's lock on joining a class.

``throttle_events`` counts join-code guesses, joins and new profiles per client or class (see
:mod:`classroom.throttle`); it is in the database so that several servers on one PostgreSQL share the
limits. ``classes.joining_locked`` (false for every existing class) lets a teacher stop new learners.

Revision ID: 0004
Revises: 0003
Create Date: 2027-01-20
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('throttle_events',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('scope', sa.String(length=32), nullable=False),
    sa.Column('key', sa.String(length=64), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_throttle_events'))
    )
    with op.batch_alter_table('throttle_events', schema=None) as batch_op:
        batch_op.create_index('ix_throttle_events_scope_key_at', ['scope', 'key', 'at'], unique=False)

    with op.batch_alter_table('classes', schema=None) as batch_op:
        batch_op.add_column(sa.Column('joining_locked', sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    with op.batch_alter_table('classes', schema=None) as batch_op:
        batch_op.drop_column('joining_locked')
    with op.batch_alter_table('throttle_events', schema=None) as batch_op:
        batch_op.drop_index('ix_throttle_events_scope_key_at')
    op.drop_table('throttle_events')
