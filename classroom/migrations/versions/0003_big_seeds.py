"""Seeds are 64-bit (issue 22): a question's seed is its set's seed x 1000 + its number (up to 10^12), and
"practise at my level" draws question seeds up to 10^12; PostgreSQL's INTEGER stops at 2^31 - 1.

``reviews.seed`` holds question seeds; ``assignments.seed`` holds set seeds (up to 10^9 today, widened
with it). SQLite stores any whole number in 64 bits whatever the declared type: there the tables are
rebuilt (batch mode) only so that the declared schema matches the models.

Revision ID: 0003
Revises: 0002
Create Date: 2027-01-10
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0003'
down_revision = '0002'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('reviews', schema=None) as batch_op:
        batch_op.alter_column('seed', existing_type=sa.Integer(), type_=sa.BigInteger(), existing_nullable=False)
    with op.batch_alter_table('assignments', schema=None) as batch_op:
        batch_op.alter_column('seed', existing_type=sa.Integer(), type_=sa.BigInteger(), existing_nullable=False)


def downgrade() -> None:
    with op.batch_alter_table('assignments', schema=None) as batch_op:
        batch_op.alter_column('seed', existing_type=sa.BigInteger(), type_=sa.Integer(), existing_nullable=False)
    with op.batch_alter_table('reviews', schema=None) as batch_op:
        batch_op.alter_column('seed', existing_type=sa.BigInteger(), type_=sa.Integer(), existing_nullable=False)
