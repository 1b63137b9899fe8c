"""Themes (issue 23): what decided each question answered, kept with the attempt and with the review it put in
the queue, so that Progress shows the weakest themes and the review queue brings a missed idea back with a new
question of the same theme.

``attempts.themes`` and ``reviews.themes`` hold the question's themes as stored by
:func:`maubinh.drills.themes.themes_text` (``"pair_front,scoop"``); ``NULL`` for rows written before (their
themes are unknown, and a review without themes comes back as the same question, as before).

Revision ID: 0009
Revises: 0008
Create Date: 2027-02-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('attempts', schema=None) as batch_op:
        batch_op.add_column(sa.Column('themes', sa.String(length=200), nullable=True))
    with op.batch_alter_table('reviews', schema=None) as batch_op:
        batch_op.add_column(sa.Column('themes', sa.String(length=200), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('reviews', schema=None) as batch_op:
        batch_op.drop_column('themes')
    with op.batch_alter_table('attempts', schema=None) as batch_op:
        batch_op.drop_column('themes')
