"""The classroom's first schema: classes, learners, assignments, assigned questions, answers.

Revision ID: 0001
Revises: 
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0001'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('classes',
    sa.Column('id', sa.String(length=16), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('language', sa.String(length=8), nullable=False),
    sa.Column('rule_set_id', sa.String(length=64), nullable=False),
    sa.Column('house_toml', sa.Text(), nullable=True),
    sa.Column('join_code', sa.String(length=16), nullable=False),
    sa.Column('teacher_hash', sa.String(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('archived_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_classes')),
    sa.UniqueConstraint('join_code', name=op.f('uq_classes_join_code'))
    )
    op.create_table('assignments',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('class_id', sa.String(length=16), nullable=False),
    sa.Column('title', sa.String(length=80), nullable=False),
    sa.Column('kinds', sa.String(length=200), nullable=False),
    sa.Column('level', sa.String(length=32), nullable=False),
    sa.Column('rule_set_id', sa.String(length=64), nullable=False),
    sa.Column('house_toml', sa.Text(), nullable=True),
    sa.Column('seed', sa.Integer(), nullable=False),
    sa.Column('count', sa.Integer(), nullable=False),
    sa.Column('deadline', sa.DateTime(timezone=True), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('closed_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('grading_error', sa.Text(), nullable=True),
    sa.ForeignKeyConstraint(['class_id'], ['classes.id'], name=op.f('fk_assignments_class_id_classes'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_assignments'))
    )
    with op.batch_alter_table('assignments', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_assignments_class_id'), ['class_id'], unique=False)

    op.create_table('learners',
    sa.Column('id', sa.String(length=16), nullable=False),
    sa.Column('class_id', sa.String(length=16), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('name_key', sa.String(length=80), nullable=False),
    sa.Column('secret_hash', sa.String(length=64), nullable=False),
    sa.Column('joined_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('removed_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['class_id'], ['classes.id'], name=op.f('fk_learners_class_id_classes'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_learners')),
    sa.UniqueConstraint('class_id', 'name_key', name=op.f('uq_learners_class_id'))
    )
    with op.batch_alter_table('learners', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_learners_class_id'), ['class_id'], unique=False)

    op.create_table('answers',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('assignment_id', sa.Integer(), nullable=False),
    sa.Column('learner_id', sa.String(length=16), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('code', sa.String(length=200), nullable=False),
    sa.Column('correct', sa.Boolean(), nullable=False),
    sa.Column('chi_lost', sa.Float(), nullable=True),
    sa.Column('seconds', sa.Float(), nullable=False),
    sa.Column('answered_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['assignment_id'], ['assignments.id'], name=op.f('fk_answers_assignment_id_assignments'),
                            ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['learner_id'], ['learners.id'], name=op.f('fk_answers_learner_id_learners'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_answers')),
    sa.UniqueConstraint('assignment_id', 'learner_id', 'number', name=op.f('uq_answers_assignment_id'))
    )
    with op.batch_alter_table('answers', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_answers_assignment_id'), ['assignment_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_answers_learner_id'), ['learner_id'], unique=False)

    op.create_table('assigned_questions',
    sa.Column('assignment_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('record', sa.JSON(), nullable=False),
    sa.Column('blob', sa.LargeBinary(), nullable=False),
    sa.Column('graded_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['assignment_id'], ['assignments.id'], name=op.f('fk_assigned_questions_assignment_id_assignments'),
                            ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('assignment_id', 'number', name=op.f('pk_assigned_questions'))
    )


def downgrade() -> None:
    op.drop_table('assigned_questions')
    with op.batch_alter_table('answers', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_answers_learner_id'))
        batch_op.drop_index(batch_op.f('ix_answers_assignment_id'))

    op.drop_table('answers')
    with op.batch_alter_table('learners', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_learners_class_id'))

    op.drop_table('learners')
    with op.batch_alter_table('assignments', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_assignments_class_id'))

    op.drop_table('assignments')
    op.drop_table('classes')
