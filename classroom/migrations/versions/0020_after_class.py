"""Follow-ups (issue 35, "reassign the missed questions to those who missed them"): an assignment may be for one
learner (``assignments.learner_id``), reassign another assignment's or a live session's questions
(``assignments.follow_up``, a unique index with the learner: a double click makes one) and hold questions copied one by
one (``assignments.refs``: each one's kind, level and seed).

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0020'
down_revision = '0019'
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain columns and indexes: on SQLite nothing rebuilds ``assignments`` (a rebuild with foreign keys on, as in a
    # downgrade run by hand, would delete every question and answer through their ON DELETE CASCADE)
    op.add_column('assignments', sa.Column('learner_id', sa.String(length=16), nullable=True))
    op.add_column('assignments', sa.Column('follow_up', sa.String(length=40), nullable=True))
    op.add_column('assignments', sa.Column('refs', sa.JSON(), nullable=True))
    op.add_column('assignments', sa.Column('replaced_by', sa.Integer(), nullable=True))
    op.create_index(op.f('ix_assignments_learner_id'), 'assignments', ['learner_id'], unique=False)
    op.create_index(op.f('ix_assignments_follow_up'), 'assignments', ['follow_up', 'learner_id'], unique=True)


def downgrade() -> None:
    op.drop_index(op.f('ix_assignments_follow_up'), table_name='assignments')
    op.drop_index(op.f('ix_assignments_learner_id'), table_name='assignments')
    for column in ('replaced_by', 'refs', 'follow_up', 'learner_id'):
        op.drop_column('assignments', column)
