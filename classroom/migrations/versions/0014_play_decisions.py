"""A Play hand is a decision like a drill answer (issue 36, "Counted"): ``play_hands.spread`` (how hard the hand
is to split, the opponent its rating is played against) and ``play_hands.rating_after`` (the learner's rating after
the hand moved it).

Nothing is copied: the daily goal, the streak and Progress's chi lost per decision read the hands from
``play_hands`` itself (:mod:`classroom.decisions`), so every hand stored before counts toward them at once. Hands
stored before are not rated afterwards (``rating_after`` stays NULL): their spread was never measured, and
rating them now would move a rating the learner has already seen against ratings of the present.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0014'
down_revision = '0013'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('play_hands', schema=None) as batch_op:
        batch_op.add_column(sa.Column('spread', sa.Float(), nullable=True))
        batch_op.add_column(sa.Column('rating_after', sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('play_hands', schema=None) as batch_op:
        batch_op.drop_column('rating_after')
        batch_op.drop_column('spread')
