"""An assignment's earlier versions (issue 35, "after the class"): editing its questions
(:meth:`classroom.service.ClassroomStore.edit_questions`) keeps the old version hidden with every answer given to it
(``replaced_by`` names the version that replaced it). The teacher reads them here: when each was replaced, how many
answers it holds and how many of those were to questions the edit removed (kept only there: the answers to the kept
questions were copied to the new version and count on its board).

When a version was replaced is not a column of its own: the edit stores the new version's questions in its
transaction (:func:`classroom.service.copy_questions` stamps ``graded_at``), so the new version's questions' earliest
``graded_at`` is the moment of the edit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select

from classroom.models import AnswerRow, AssignedQuestion, Assignment
from classroom.service import ClassroomStore

__all__ = ["EarlierVersion", "earlier_versions", "renumbering", "version_counts"]


@dataclass(frozen=True)
class EarlierVersion:
    """One archived version: its assignment id, its questions, the version that replaced it and when
    (``edited_at``: ``None`` if its questions cannot be found), the answers it holds, and of those the ones to
    questions the edit removed (``removed_answers``: they are nowhere else in the class)."""

    assignment_id: int
    questions: int
    replaced_by: int
    edited_at: datetime | None
    answers: int
    removed_answers: int


def _key(record: Mapping[str, object]) -> tuple[str, str, int]:
    """A stored question's identity: its kind, level and seed (:func:`classroom.snapshot.record`)."""
    return str(record.get("kind")), str(record.get("level")), int(str(record.get("seed", -1)))


def renumbering(store: ClassroomStore, old_id: int, new_id: int) -> dict[int, int]:
    """Where each question of version ``old_id`` of an assignment is in version ``new_id`` (a later one, edits
    between them or not): old number -> new number (0-based) for the questions kept, matched by their kind, level
    and seed in order (a question removed is not a key)."""
    with store._session() as session:
        rows = session.execute(select(AssignedQuestion.assignment_id, AssignedQuestion.number, AssignedQuestion.record)
                               .where(AssignedQuestion.assignment_id.in_((old_id, new_id)))
                               .order_by(AssignedQuestion.number)).all()
    places: dict[tuple[str, str, int], list[int]] = {}
    for aid, number, record in rows:
        if aid == new_id:
            places.setdefault(_key(record), []).append(int(number))
    moved = {}
    for aid, number, record in rows:
        if aid == old_id and places.get(_key(record)):
            moved[int(number)] = places[_key(record)].pop(0)
    return moved


def earlier_versions(store: ClassroomStore, class_id: str, assignment_id: int) -> list[EarlierVersion]:
    """The archived versions of the class's assignment ``assignment_id`` (its current version), the newest first;
    empty when it was never edited (or is not this class's)."""
    with store._session() as session:
        versions: list[tuple[int, int, int]] = []  # (id, count, replaced by)
        current = [assignment_id]
        while current:
            rows = session.execute(select(Assignment.id, Assignment.count, Assignment.replaced_by).where(
                Assignment.class_id == class_id, Assignment.replaced_by.in_(current))
                .order_by(Assignment.id.desc())).all()
            versions += [(int(i), int(n), int(by or 0)) for i, n, by in rows]
            current = [int(i) for i, _, _ in rows]
        if not versions:
            return []
        ids = [v[0] for v in versions] + [v[2] for v in versions]
        questions: dict[int, dict[int, tuple[str, str, int]]] = {}
        edited: dict[int, datetime] = {}
        for aid, number, record, at in session.execute(
                select(AssignedQuestion.assignment_id, AssignedQuestion.number, AssignedQuestion.record,
                       AssignedQuestion.graded_at).where(AssignedQuestion.assignment_id.in_(ids))):
            questions.setdefault(int(aid), {})[int(number)] = _key(record)
            edited[int(aid)] = min(at, edited.get(int(aid), at))
        answers: dict[int, list[int]] = {}
        for aid, number, _count in session.execute(
                select(AnswerRow.assignment_id, AnswerRow.number, func.count())
                .where(AnswerRow.assignment_id.in_([v[0] for v in versions]))
                .group_by(AnswerRow.assignment_id, AnswerRow.number)):
            answers.setdefault(int(aid), []).extend([int(number)] * int(_count))
    found = []
    for aid, count, by in versions:
        kept = set(questions.get(by, {}).values())
        mine = questions.get(aid, {})
        given = answers.get(aid, [])
        removed = sum(1 for n in given if mine.get(n) not in kept)
        found.append(EarlierVersion(aid, count, by, edited.get(by), len(given), removed))
    return found


def version_counts(store: ClassroomStore, class_id: str) -> dict[int, int]:
    """How many earlier versions each current assignment of the class has (one read; an assignment never edited is
    left out)."""
    with store._session() as session:
        newer = {int(old): int(new or 0) for old, new in session.execute(
            select(Assignment.id, Assignment.replaced_by).where(Assignment.class_id == class_id,
                                                                Assignment.replaced_by.is_not(None)))}
    counts: dict[int, int] = {}
    for old in newer:
        current, steps = old, 0
        while current in newer and steps <= len(newer):
            current, steps = newer[current], steps + 1
        counts[current] = counts.get(current, 0) + 1
    return counts
