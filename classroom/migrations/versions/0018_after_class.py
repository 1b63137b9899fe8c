"""Follow-ups (issue 35, "reassign the missed questions to those who missed them"): an assignment may be for one
learner (``assignments.learner_id``), reassign another assignment's or a live session's questions
(``assignments.follow_up``, unique with the learner: a double click makes one) and hold questions copied one by
one (``assignments.refs``: each one's kind, level and seed).

Revision ID: 0018_after_class
Revises: 0017
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0018_after_class'
down_revision = '0017'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('assignments', schema=None) as batch_op:
        batch_op.add_column(sa.Column('learner_id', sa.String(length=16), nullable=True))
        batch_op.add_column(sa.Column('follow_up', sa.String(length=40), nullable=True))
        batch_op.add_column(sa.Column('refs', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('replaced_by', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_assignments_learner_id'), ['learner_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_assignments_learner_id_learners'), 'learners', ['learner_id'],
                                    ['id'], ondelete='CASCADE')
        batch_op.create_unique_constraint(batch_op.f('uq_assignments_follow_up'), ['follow_up', 'learner_id'])


def downgrade() -> None:
    with op.batch_alter_table('assignments', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_assignments_follow_up'), type_='unique')
        batch_op.drop_constraint(batch_op.f('fk_assignments_learner_id_learners'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_assignments_learner_id'))
        batch_op.drop_column('replaced_by')
        batch_op.drop_column('refs')
        batch_op.drop_column('follow_up')
        batch_op.drop_column('learner_id')
