"""Play history (issue 19): every hand a profile plays at the Play table, in ``play_hands``.

One row per (learner, table seed, rule set key, computer players, deal number): the cards, every seat's
split and choice to declare, the settlement per seat, seconds, helped or not, the best split and the gap
(chi lost) with its standard error, and the house rules as they were (TOML) when the table played under some.

Revision ID: 0005
Revises: 0004
Create Date: 2027-02-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('play_hands',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('learner_id', sa.String(length=16), nullable=False),
    sa.Column('rule_set_id', sa.String(length=64), nullable=False),
    sa.Column('rules_key', sa.String(length=80), nullable=False),
    sa.Column('house_toml', sa.Text(), nullable=True),
    sa.Column('table_seed', sa.BigInteger(), nullable=False),
    sa.Column('deal', sa.Integer(), nullable=False),
    sa.Column('bots', sa.String(length=40), nullable=False),
    sa.Column('cards', sa.String(length=60), nullable=False),
    sa.Column('split', sa.String(length=60), nullable=False),
    sa.Column('arrangements', sa.JSON(), nullable=False),
    sa.Column('declared', sa.JSON(), nullable=False),
    sa.Column('totals', sa.JSON(), nullable=False),
    sa.Column('seconds', sa.Float(), nullable=False),
    sa.Column('declare', sa.Boolean(), nullable=False),
    sa.Column('helped', sa.Boolean(), nullable=False),
    sa.Column('best', sa.String(length=60), nullable=False),
    sa.Column('best_declare', sa.Boolean(), nullable=False),
    sa.Column('expected', sa.Float(), nullable=False),
    sa.Column('best_expected', sa.Float(), nullable=False),
    sa.Column('gap', sa.Float(), nullable=False),
    sa.Column('gap_stderr', sa.Float(), nullable=False),
    sa.Column('played_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['learner_id'], ['learners.id'], name=op.f('fk_play_hands_learner_id_learners'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_play_hands')),
    sa.UniqueConstraint('learner_id', 'table_seed', 'rules_key', 'bots', 'deal',
                        name=op.f('uq_play_hands_learner_id'))
    )
    with op.batch_alter_table('play_hands', schema=None) as batch_op:
        batch_op.create_index('ix_play_hands_learner_id_played_at', ['learner_id', 'played_at'], unique=False)


def downgrade() -> None:
    with op.batch_alter_table('play_hands', schema=None) as batch_op:
        batch_op.drop_index('ix_play_hands_learner_id_played_at')
    op.drop_table('play_hands')
