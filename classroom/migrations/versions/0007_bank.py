"""The question bank (issue 23): questions made and graded ahead, and the picks of an assignment dealt from it.

``bank_questions`` holds each banked question under its ordinary key (its rating stays in ``question_ratings``
under the same key, shared by everyone who answers it), its cell (rule set, level, kind), the rule set's data
version, its ordinal in the cell, seed, themes (a JSON list, empty until tagged), record and packed question.
``assignments.picks`` (null for every existing assignment) holds the bank ordinals of an assignment dealt from
the bank. ``bank_files`` notes the bank files loaded (by SHA-256), so a start with the same file reads nothing.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('bank_questions',
    sa.Column('key', sa.String(length=200), nullable=False),
    sa.Column('rule_set_id', sa.String(length=64), nullable=False),
    sa.Column('level', sa.String(length=32), nullable=False),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('version', sa.String(length=32), nullable=False),
    sa.Column('ordinal', sa.Integer(), nullable=False),
    sa.Column('seed', sa.BigInteger(), nullable=False),
    sa.Column('themes', sa.JSON(), nullable=False),
    sa.Column('record', sa.JSON(), nullable=False),
    sa.Column('blob', sa.LargeBinary(), nullable=False),
    sa.Column('made_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('key', name=op.f('pk_bank_questions'))
    )
    with op.batch_alter_table('bank_questions', schema=None) as batch_op:
        batch_op.create_index('ix_bank_questions_cell', ['rule_set_id', 'level', 'kind', 'version', 'ordinal'],
                              unique=False)
    op.create_table('bank_files',
    sa.Column('digest', sa.String(length=64), nullable=False),
    sa.Column('questions', sa.Integer(), nullable=False),
    sa.Column('loaded_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('digest', name=op.f('pk_bank_files'))
    )
    with op.batch_alter_table('assignments', schema=None) as batch_op:
        batch_op.add_column(sa.Column('picks', sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('assignments', schema=None) as batch_op:
        batch_op.drop_column('picks')
    op.drop_table('bank_files')
    with op.batch_alter_table('bank_questions', schema=None) as batch_op:
        batch_op.drop_index('ix_bank_questions_cell')
    op.drop_table('bank_questions')
