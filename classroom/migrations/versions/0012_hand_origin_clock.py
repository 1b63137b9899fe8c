"""How each hand was made, and the server's clock of the timer (issues 31 item 3, 32 item 4): ``origin`` on
``play_hands`` and ``table_hands`` (the learner's own, Xếp bài, the timer; rows stored before read as the
learner's own, and a Play hand stored as helped as Xếp bài's), and ``deal_showings``: when each deal of a table
was first shown to each learner.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None


def upgrade() -> None:
    for table in ('play_hands', 'table_hands'):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column('origin', sa.String(length=16), server_default='own', nullable=False))
    op.execute(sa.text("UPDATE play_hands SET origin = 'xep_bai' WHERE helped"))
    op.create_table('deal_showings',
    sa.Column('learner_id', sa.String(length=16), nullable=False),
    sa.Column('place', sa.String(length=160), nullable=False),
    sa.Column('deal', sa.Integer(), nullable=False),
    sa.Column('shown_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('timer_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['learner_id'], ['learners.id'], name=op.f('fk_deal_showings_learner_id_learners'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('learner_id', 'place', 'deal', name=op.f('pk_deal_showings'))
    )


def downgrade() -> None:
    op.drop_table('deal_showings')
    for table in ('table_hands', 'play_hands'):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column('origin')
