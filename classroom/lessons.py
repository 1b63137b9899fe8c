"""The lesson path kept in a profile (issue 20, item 11): the Learn page's steps a learner finished, per rule set,
and the best score of each step's quiz.

A step is a ``lesson_steps`` row keyed by (learner, rule set id, step id) (:class:`classroom.models.LessonStep`).
Every mark is one atomic upsert: the step stays finished from the first time it was (``finished_at`` keeps
that time), and the score kept is the best one (the higher share right; on a tie, the larger quiz). Many tabs
or devices marking the same step at once leave one row. The same rules merge marks kept in a browser session
before a profile existed (:meth:`StepMark.merge`, :meth:`Lessons.mark_many`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import and_, case, func, or_, select
from sqlalchemy.orm import Session

from classroom.models import Learner, LessonStep, utcnow
from classroom.service import ClassroomError, ClassroomStore

__all__ = ["ID_MAX", "RULE_SET_ID_MAX", "Lessons", "StepMark", "better_score", "storable"]

ID_MAX = 32
"""Characters of a step id."""
RULE_SET_ID_MAX = 64
"""Characters of a rule set id."""


def storable(rule_set_id: str, step_id: str) -> bool:
    """Whether a step's ids fit the table (1 to :data:`RULE_SET_ID_MAX` and :data:`ID_MAX` characters)."""
    return 0 < len(rule_set_id) <= RULE_SET_ID_MAX and 0 < len(step_id) <= ID_MAX


def better_score(new: tuple[int, int] | None, old: tuple[int, int] | None) -> bool:
    """Whether score ``new`` (``(right, total)``) beats ``old``: a higher share right, or the same share of a
    larger quiz; any score beats none.

    >>> better_score((2, 3), (1, 3)), better_score((1, 3), (2, 3)), better_score((2, 2), None)
    (True, False, True)
    >>> better_score(None, (0, 3)), better_score((2, 2), (1, 1))
    (False, True)
    """
    if new is None:
        return False
    if old is None:
        return True
    left, right = new[0] * old[1], old[0] * new[1]
    return left > right or (left == right and new[1] > old[1])


@dataclass(frozen=True)
class StepMark:
    """One step of the lesson path as reached: ``finished_at`` (aware UTC, ``None`` while only its quiz was tried)
    and ``score`` (``(right, total)`` of its best quiz, ``None`` before any)."""

    finished_at: datetime | None = None
    score: tuple[int, int] | None = None

    @property
    def finished(self) -> bool:
        """Whether the step was finished."""
        return self.finished_at is not None

    def merge(self, other: StepMark) -> StepMark:
        """The two marks as one: the earlier finish, the better score (:func:`better_score`).

        >>> from datetime import UTC
        >>> a = StepMark(datetime(2026, 12, 1, tzinfo=UTC), (1, 3))
        >>> a.merge(StepMark(None, (3, 3))) == StepMark(datetime(2026, 12, 1, tzinfo=UTC), (3, 3))
        True
        """
        times = [t for t in (self.finished_at, other.finished_at) if t is not None]
        score = other.score if better_score(other.score, self.score) else self.score
        return StepMark(min(times) if times else None, score)


def _check(rule_set_id: str, step_id: str, score: tuple[int, int] | None) -> None:
    if not rule_set_id or len(rule_set_id) > RULE_SET_ID_MAX:
        raise ClassroomError("rule_set", f"a rule set id has 1 to {RULE_SET_ID_MAX} characters")
    if not step_id or len(step_id) > ID_MAX:
        raise ClassroomError("step", f"a step id has 1 to {ID_MAX} characters")
    if score is not None and not (0 <= score[0] <= score[1] and score[1] > 0):
        raise ClassroomError("score", "a quiz score is right of total, 0 <= right <= total, total > 0")


class Lessons:
    """The lesson path of profiles on a :class:`~classroom.service.ClassroomStore`'s database."""

    def __init__(self, store: ClassroomStore) -> None:
        self.store = store

    def mark(self, learner_id: str, rule_set_id: str, step_id: str, *, finished: bool = False,
             score: tuple[int, int] | None = None, now: datetime | None = None) -> StepMark:
        """Mark step ``step_id`` of rule set ``rule_set_id`` for the learner: finished (``finished``) and/or a quiz
        scored ``score`` (``(right, total)``). One atomic upsert (see the module).

        Returns:
            The step's mark as stored after this one.

        Raises:
            ClassroomError: ``field`` ``"learner"`` for an unknown or removed learner; ``"rule_set"``, ``"step"``
                for an empty or too long id; ``"score"`` for a score that is not right of total.
        """
        return self.mark_many(learner_id, [(rule_set_id, step_id, StepMark(now or utcnow() if finished else None,
                                                                            score))], now=now)[-1]

    def mark_many(self, learner_id: str, marks: Iterable[tuple[str, str, StepMark]],
                  now: datetime | None = None) -> list[StepMark]:
        """Mark many steps at once, in one transaction (marks kept in a session before the profile existed):
        each ``(rule set id, step id, mark)`` merged into the stored one as :meth:`StepMark.merge` does.

        Returns:
            Each step's mark as stored after, in the order given.

        Raises:
            ClassroomError: as :meth:`mark`; nothing is stored then.
        """
        wanted = list(marks)
        for rule_set_id, step_id, mark in wanted:
            _check(rule_set_id, step_id, mark.score)
        moment = now or utcnow()

        def work(session: Session) -> list[StepMark]:
            learner = session.get(Learner, learner_id)
            if learner is None or learner.removed_at is not None:
                raise ClassroomError("learner", "this learner cannot learn here")
            stored: dict[tuple[str, str], StepMark] = {}
            for rule_set_id, step_id, mark in sorted(wanted, key=lambda item: item[:2]):  # one lock order for all
                right, total = mark.score if mark.score is not None else (None, None)
                insert = self.store._insert(session, LessonStep).values(
                    learner_id=learner_id, rule_set_id=rule_set_id, step_id=step_id, finished_at=mark.finished_at,
                    best_right=right, best_total=total, updated_at=moment)
                new = insert.excluded
                better = and_(new.best_total.is_not(None), or_(
                    LessonStep.best_total.is_(None),
                    new.best_right * LessonStep.best_total > LessonStep.best_right * new.best_total,
                    and_(new.best_right * LessonStep.best_total == LessonStep.best_right * new.best_total,
                         new.best_total > LessonStep.best_total)))
                earlier = case((LessonStep.finished_at.is_(None), new.finished_at),
                               (new.finished_at.is_(None), LessonStep.finished_at),
                               (new.finished_at < LessonStep.finished_at, new.finished_at),
                               else_=LessonStep.finished_at)
                session.execute(insert.on_conflict_do_update(
                    index_elements=["learner_id", "rule_set_id", "step_id"],
                    set_={"finished_at": earlier,
                          "best_right": case((better, new.best_right), else_=LessonStep.best_right),
                          "best_total": case((better, new.best_total), else_=LessonStep.best_total),
                          "updated_at": func.coalesce(new.updated_at, LessonStep.updated_at)}))
                session.flush()
                row = session.execute(select(LessonStep.finished_at, LessonStep.best_right, LessonStep.best_total)
                                      .where(LessonStep.learner_id == learner_id,
                                             LessonStep.rule_set_id == rule_set_id,
                                             LessonStep.step_id == step_id)
                                      .execution_options(populate_existing=True)).one()
                stored[(rule_set_id, step_id)] = _mark(row[0], row[1], row[2])
            return [stored[(rule_set_id, step_id)] for rule_set_id, step_id, _ in wanted]

        return self.store.write(work)

    def path(self, learner_id: str) -> dict[str, dict[str, StepMark]]:
        """The learner's lesson path: rule set id -> step id -> mark (empty for a learner with none)."""
        found: dict[str, dict[str, StepMark]] = {}
        with self.store._session() as session:
            rows = session.execute(select(LessonStep.rule_set_id, LessonStep.step_id, LessonStep.finished_at,
                                          LessonStep.best_right, LessonStep.best_total)
                                   .where(LessonStep.learner_id == learner_id)
                                   .order_by(LessonStep.rule_set_id, LessonStep.step_id))
            for rule_set_id, step_id, finished_at, right, total in rows:
                found.setdefault(rule_set_id, {})[step_id] = _mark(finished_at, right, total)
        return found


def _mark(finished_at: datetime | None, right: int | None, total: int | None) -> StepMark:
    return StepMark(finished_at, (right, total) if right is not None and total is not None else None)
