"""Reassign the missed questions to those who missed them, in one click (issue 35, "after the class").

A follow-up of an assignment or of a live session (its *source*) gives each learner of the class an assignment of
their own (:attr:`classroom.models.Assignment.learner_id`) holding only the questions that learner got wrong or did
not answer: of an assignment, every question; of a live session, every question it opened (one never opened was
asked of nobody). A learner who missed nothing gets nothing, and so does a removed learner. The questions are
copied as stored (their packed data and record, :mod:`classroom.snapshot`), numbered from 0 in the source's order,
and each keeps its own key (:class:`maubinh.drills.QuestionRef`: kind, level, seed under the source's rules), so
the learner's rating, the review queue and Progress count it as the question it is. The learner answers it in the
Drill page like any assignment, graded the same way (:meth:`classroom.practice.Practice.answer`).

One follow-up per source: :meth:`FollowUps.reassign` locks the source's row and looks for a follow-up made before
(a double click, a second device, another server: the first one stays and is returned, ``made`` false); the
unique key (``follow_up``, ``learner_id``) keeps it so if two got past the lock. Deleting the follow-ups
(:meth:`FollowUps.delete`, all of one source at once) lets the teacher make one again.

The teacher's pages show a source's follow-ups as one group (:meth:`FollowUps.groups`: how many learners, questions
and learners done, each learner's progress), never as one assignment per learner.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import case, func, select
from sqlalchemy.orm import Session

from classroom.live import LiveAnswer, LiveQuestion, LiveSession, Phase, took_part
from classroom.models import (
    ASSIGNMENT,
    LIVE,
    TITLE_MAX,
    AnswerRow,
    AssignedQuestion,
    Assignment,
    Classroom,
    Learner,
    source_key,
    utcnow,
)
from classroom.service import ClassroomError, ClassroomStore, _check_deadline, clean_text, copy_questions, delete_set

__all__ = ["ASSIGNMENT", "LIVE", "FollowUp", "FollowUps", "Group", "Member", "missed", "parse_source", "source_key"]


@dataclass(frozen=True)
class FollowUp:
    """A follow-up as made (or found): ``learners`` given one, ``questions`` in all (every learner's counted),
    ``assignment_ids`` (one per learner), ``made`` false when it had been made before (nothing new stored),
    ``made_at`` when it was made (``None`` when nobody missed anything: nothing was stored)."""

    source: str
    learners: int
    questions: int
    assignment_ids: tuple[int, ...]
    made: bool
    made_at: datetime | None


@dataclass(frozen=True)
class Member:
    """One learner's follow-up in a :class:`Group`: its assignment (current version), the learner, its questions,
    how many the learner answered and got right."""

    assignment_id: int
    learner_id: str
    questions: int
    answered: int
    right: int

    @property
    def done(self) -> bool:
        """Every question answered."""
        return self.answered >= self.questions


@dataclass(frozen=True)
class Group:
    """The follow-ups of one source, as the teacher's pages list them: ``key`` the source as stored
    (:func:`source_key`; ``None`` when the source was deleted since), ``kind`` and ``source_id`` it parsed (an
    assignment's id is its current version's: it may have been edited since), the title given, when it was made,
    and one :class:`Member` per learner (in the order they were made)."""

    key: str | None
    kind: str | None
    source_id: int | None
    title: str
    made_at: datetime
    members: tuple[Member, ...]

    @property
    def learners(self) -> int:
        return len(self.members)

    @property
    def questions(self) -> int:
        """Questions given, every learner's counted."""
        return sum(m.questions for m in self.members)

    @property
    def done(self) -> int:
        """Learners who answered every question of theirs."""
        return sum(1 for m in self.members if m.done)

    @property
    def ref(self) -> str:
        """A name for it in a page's widget keys (the source, or when it was made)."""
        return self.key or f"made-{self.made_at.timestamp():.6f}"


def parse_source(key: str | None) -> tuple[str, int] | None:
    """The kind and id a stored source names (:func:`source_key`'s inverse), ``None`` for none or a malformed one.

    >>> parse_source("live:3"), parse_source("assignment:12"), parse_source("table:1"), parse_source(None)
    (('live', 3), ('assignment', 12), None, None)
    """
    kind, _, number = (key or "").partition(":")
    if kind not in (ASSIGNMENT, LIVE) or not number.isdigit():
        return None
    return kind, int(number)


def missed(learner_ids: Sequence[str], numbers: Sequence[int],
           answers: Mapping[tuple[str, int], bool]) -> dict[str, list[int]]:
    """Per learner, the question numbers (of ``numbers``, in order) they got wrong or did not answer; a learner who
    missed none is left out. ``answers``: right or not, by (learner, number).

    >>> missed(["lan", "minh"], [0, 1, 2], {("lan", 0): True, ("lan", 1): False, ("minh", 0): True,
    ...                                     ("minh", 1): True, ("minh", 2): True})
    {'lan': [1, 2]}
    """
    found: dict[str, list[int]] = {}
    for learner in learner_ids:
        wrong = [n for n in numbers if not answers.get((learner, n), False)]
        if wrong:
            found[learner] = wrong
    return found


@dataclass(frozen=True)
class _Source:
    """What a follow-up copies: its rules, seed, questions (number, kind, record, blob) and who was asked."""

    class_id: str
    rule_set_id: str
    house_toml: str | None
    seed: int
    questions: tuple[tuple[int, str, dict[str, Any], bytes], ...]
    learner_ids: tuple[str, ...]
    answers: Mapping[tuple[str, int], bool]


class FollowUps:
    """Follow-ups on one :class:`~classroom.service.ClassroomStore` (thread-safe, like the store)."""

    def __init__(self, store: ClassroomStore) -> None:
        self.store = store

    def made(self, class_id: str, kind: str, source_id: int) -> FollowUp | None:
        """The follow-up of that source made before (``None`` while none is)."""
        key = source_key(kind, source_id)
        with self.store._session() as session:
            return _existing(session, class_id, key)

    def reassign(self, class_id: str, kind: str, source_id: int, title: str,
                 deadline: datetime | None = None) -> FollowUp:
        """Give each learner of the class who missed questions of the source (:data:`ASSIGNMENT` or :data:`LIVE`,
        its id) an assignment of those questions, titled ``title`` (cut to
        :data:`~classroom.models.TITLE_MAX`), with ``deadline`` (the server's, or none); all of it in one
        transaction. Made before: that one is returned (``made`` false) and nothing is stored.

        Raises:
            ClassroomError: ``"source"`` for no such assignment or live session in this class (or one still being
                prepared, or a live session still running), ``"class"`` for an archived class, ``"title"`` and
                ``"deadline"`` as :meth:`~classroom.service.ClassroomStore.assign`.
        """
        key = source_key(kind, source_id)
        title = clean_text(title[:TITLE_MAX], "title", TITLE_MAX)
        _check_deadline(deadline)

        def work(session: Session) -> FollowUp:
            klass = session.get(Classroom, class_id)
            if klass is None or klass.archived_at is not None:
                raise ClassroomError("class", "this class is archived")
            source = (self._assignment(session, class_id, source_id) if kind == ASSIGNMENT
                      else self._live(session, class_id, source_id))
            found = _existing(session, class_id, key)
            if found is not None:
                return found
            numbers = [number for number, *_ in source.questions]
            by_number = {q[0]: q for q in source.questions}
            wanted = missed(source.learner_ids, numbers, source.answers)
            now, ids = utcnow(), []
            for learner_id, picked in wanted.items():
                row = copy_questions(session, [by_number[n][1:] for n in picked], class_id=class_id, title=title,
                                     rule_set_id=source.rule_set_id, house_toml=source.house_toml, seed=source.seed,
                                     deadline=deadline, created_at=now, learner_id=learner_id, follow_up=key)
                ids.append(row.id)
            session.flush()
            return FollowUp(key, len(wanted), sum(len(v) for v in wanted.values()), tuple(ids), True,
                            now if wanted else None)

        return self.store.write(work)

    def groups(self, class_id: str) -> list[Group]:
        """The class's follow-ups grouped by their source (those of a deleted source by when they were made), the
        newest first, each learner's progress counted in the database (two reads, whatever the class's size).
        A follow-up of an assignment edited since is grouped under the assignment's current version."""
        with self.store._session() as session:
            rows = session.execute(
                select(Assignment.id, Assignment.learner_id, Assignment.follow_up, Assignment.title,
                       Assignment.created_at, Assignment.count)
                .where(Assignment.class_id == class_id, Assignment.learner_id.is_not(None),
                       Assignment.replaced_by.is_(None))
                .order_by(Assignment.created_at.desc(), Assignment.id)).all()
            if not rows:
                return []
            counted = {int(aid): (int(n), int(right or 0)) for aid, n, right in session.execute(
                select(AnswerRow.assignment_id, func.count(), func.sum(case((AnswerRow.correct, 1), else_=0)))
                .join(Assignment, Assignment.id == AnswerRow.assignment_id)
                .where(Assignment.class_id == class_id, Assignment.learner_id.is_not(None),
                       Assignment.replaced_by.is_(None))
                .group_by(AnswerRow.assignment_id))}
            newer = {int(old): int(new or 0) for old, new in session.execute(
                select(Assignment.id, Assignment.replaced_by).where(Assignment.class_id == class_id,
                                                                    Assignment.replaced_by.is_not(None)))}
        found: dict[str, list[Any]] = {}
        for aid, learner_id, key, title, made_at, count in rows:
            group = found.setdefault(key or f"~{made_at.isoformat()}", [key, title, made_at, []])
            group[3].append(Member(int(aid), str(learner_id), int(count), *counted.get(int(aid), (0, 0))))
        return [Group(key, *_current(parse_source(key), newer), title, made_at, tuple(members))
                for key, title, made_at, members in found.values()]

    def delete(self, class_id: str, key: str) -> int:
        """Delete every follow-up of the source ``key`` (:func:`source_key`) in one transaction, each with its
        questions and answers (each learner's own history keeps theirs, as :meth:`~classroom.service.ClassroomStore.
        delete_assignment`); returns how many answers went. A follow-up of a deleted source cannot be named so: it
        is deleted as an assignment."""

        def work(session: Session) -> int:
            rows = session.scalars(select(Assignment).where(Assignment.class_id == class_id,
                                                            Assignment.follow_up == key).with_for_update()).all()
            versions = ClassroomStore._versions(session, session.scalars(
                select(Assignment).where(Assignment.replaced_by.in_([row.id for row in rows]))).all()) if rows else []
            return sum(delete_set(session, row, AnswerRow.assignment_id, AssignedQuestion.assignment_id,
                                  source_key(ASSIGNMENT, row.id)) for row in [*versions, *rows])

        return self.store.write(work)

    # ------------------------------------------------------------------ the sources, read locked

    @staticmethod
    def _learners(session: Session, class_id: str, only: str | None,
                  live: tuple[Collection[str], datetime | None] | None = None) -> tuple[str, ...]:
        """The class's learners (not removed; ``only``: that one), by when they joined; ``live``: of a live session,
        only those who took part (:func:`classroom.live.took_part`: the learners who answered, when its last
        question opened)."""
        query = select(Learner.id, Learner.joined_at).where(Learner.class_id == class_id, Learner.removed_at.is_(None))
        if only is not None:
            query = query.where(Learner.id == only)
        rows = session.execute(query.order_by(Learner.joined_at, Learner.id))
        return tuple(lid for lid, joined in rows if live is None or took_part(joined, lid in live[0], live[1]))

    def _assignment(self, session: Session, class_id: str, assignment_id: int) -> _Source:
        row = session.scalars(select(Assignment).where(Assignment.id == assignment_id).with_for_update()).first()
        if row is None or row.class_id != class_id or row.replaced_by is not None:
            raise ClassroomError("source", "no such assignment in this class (or an old version of one)")
        questions = tuple(session.execute(
            select(AssignedQuestion.number, AssignedQuestion.kind, AssignedQuestion.record, AssignedQuestion.blob)
            .where(AssignedQuestion.assignment_id == assignment_id).order_by(AssignedQuestion.number)).all())
        if len(questions) < row.count or row.grading_error is not None:
            raise ClassroomError("source", "this assignment is still being prepared")
        answers = {(lid, n): bool(ok) for lid, n, ok in session.execute(
            select(AnswerRow.learner_id, AnswerRow.number, AnswerRow.correct)
            .where(AnswerRow.assignment_id == assignment_id))}
        return _Source(class_id, row.rule_set_id, row.house_toml, row.seed,
                       tuple((n, k, dict(rec), blob) for n, k, rec, blob in questions),
                       self._learners(session, class_id, row.learner_id), answers)

    def _live(self, session: Session, class_id: str, session_id: int) -> _Source:
        row = session.scalars(select(LiveSession).where(LiveSession.id == session_id).with_for_update()).first()
        if row is None or row.class_id != class_id:
            raise ClassroomError("source", "no such live session in this class")
        if row.phase != Phase.ENDED.value:
            raise ClassroomError("source", "this live session is still running")
        questions = tuple(session.execute(
            select(LiveQuestion.number, LiveQuestion.kind, LiveQuestion.record, LiveQuestion.blob)
            .where(LiveQuestion.session_id == session_id, LiveQuestion.number <= row.number)
            .order_by(LiveQuestion.number)).all())
        answers = {(lid, n): bool(ok) for lid, n, ok in session.execute(
            select(LiveAnswer.learner_id, LiveAnswer.number, LiveAnswer.correct)
            .where(LiveAnswer.session_id == session_id))}
        learners = self._learners(session, class_id, None, live=({lid for lid, _ in answers}, row.started_at))
        return _Source(class_id, row.rule_set_id, row.house_toml, 0,
                       tuple((n, k, dict(rec), blob) for n, k, rec, blob in questions), learners, answers)


def _current(source: tuple[str, int] | None, newer: Mapping[int, int]) -> tuple[str | None, int | None]:
    """The source's kind and id, an assignment's followed to its current version (``newer``: old id -> new)."""
    if source is None:
        return None, None
    kind, number = source
    seen = 0
    while kind == ASSIGNMENT and number in newer and seen < len(newer):
        number, seen = newer[number], seen + 1
    return kind, number


def _existing(session: Session, class_id: str, key: str) -> FollowUp | None:
    rows = session.execute(select(Assignment.id, Assignment.count, Assignment.created_at).where(
        Assignment.class_id == class_id, Assignment.follow_up == key).order_by(Assignment.id)).all()
    if not rows:
        return None
    return FollowUp(key, len(rows), sum(int(count) for _, count, _ in rows), tuple(int(i) for i, _, _ in rows), False,
                    min(at for _, _, at in rows))
