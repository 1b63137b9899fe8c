"""A profile's decisions: every drill answer and every Play hand the learner split themselves (issue 36, "Counted").

One model for both: a :class:`Decision` is a time, whether it was right, the chi it lost against the engine's best
(``None`` for a drill kind not graded in chi) and the rating after it moved the learner's rating (``None`` when it
did not). The daily goal and the streak (:mod:`classroom.habits`), Progress's headline "chi lost per decision" and
its rating chart, and a class board's chi lost per decision (:func:`error_rates`) count them; this module is where
that is declared, once.

- A **drill answer** is an ``attempts`` row (:mod:`classroom.practice`): right as graded, its ``chi_lost``; it moved
  the rating when it was the learner's first attempt at the question.
- A **Play hand** is a ``play_hands`` row (:mod:`classroom.play_hands`) the learner made (:attr:`maubinh.play.Origin.graded`:
  their own split, or the timer's; never one Xếp bài, the auto-arrange, made): right when it is not an error
  (:func:`classroom.play_hands.is_error`), its gap as chi lost. It moves the rating as it is stored, against an
  opponent as strong as the hand is hard to split (:func:`classroom.rating.hand_opponent`), in the same transaction
  and under the same lock of the learner's row as a drill answer (:meth:`classroom.play_hands.PlayHands.keep_in`),
  so answers and hands sent at once move the rating one after the other, never over each other.

Nothing is copied from one table to the other: both are read here, so the hands a profile played before Play
hands counted (migration ``0014_play_decisions.py``) count at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import Enum

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from classroom.models import Attempt, PlayHand
from classroom.play_hands import is_error
from classroom.service import ClassroomStore
from maubinh.play import Origin

__all__ = ["PLAY_KIND", "UNGRADED_ORIGINS", "Decision", "Source", "decisions", "error_rates", "learner_decisions"]

PLAY_KIND = "play"
"""The kind of a Play hand among the drill kinds (:class:`maubinh.drills.Kind`'s values)."""
UNGRADED_ORIGINS: tuple[str, ...] = tuple(origin.value for origin in Origin if not origin.graded)
"""The origins of hands that are not the learner's decisions (Xếp bài's); an origin a later version wrote is read
as the learner's own, as :mod:`classroom.play_hands` reads it."""


class Source(str, Enum):
    """Where a decision was made."""

    DRILL = "drill"
    PLAY = "play"


@dataclass(frozen=True)
class Decision:
    """One decision of a profile.

    Attributes:
        at: when it was stored (aware, UTC); source: a drill answer or a Play hand.
        kind: the drill kind's value, or :data:`PLAY_KIND`.
        correct: right (a drill answer graded right; a Play hand that is not an error).
        chi_lost: chi lost against the engine's best, per decision (``None``: a kind not graded in chi).
        rating_after: the learner's rating after this decision moved it; ``None`` when it did not (a drill
            question answered again, a hand stored before hands were rated).
    """

    at: datetime
    source: Source
    kind: str
    correct: bool
    chi_lost: float | None
    rating_after: float | None


def decisions(session: Session, learner_id: str, since: datetime | None = None) -> list[Decision]:
    """The learner's decisions stored at or after ``since`` (every one for ``None``), oldest first (drill answers
    before Play hands stored at the same instant)."""
    attempts = select(Attempt.answered_at, Attempt.kind, Attempt.correct, Attempt.chi_lost, Attempt.first,
                      Attempt.rating_after).where(Attempt.learner_id == learner_id).order_by(Attempt.id)
    hands = select(PlayHand.played_at, PlayHand.gap, PlayHand.gap_stderr, PlayHand.rating_after).where(
        PlayHand.learner_id == learner_id, PlayHand.origin.not_in(UNGRADED_ORIGINS)).order_by(PlayHand.id)
    if since is not None:
        attempts = attempts.where(Attempt.answered_at >= since)
        hands = hands.where(PlayHand.played_at >= since)
    found: Iterable[Decision] = (
        *(Decision(at, Source.DRILL, kind, bool(correct), lost, after if first else None)
          for at, kind, correct, lost, first, after in session.execute(attempts)),
        *(Decision(at, Source.PLAY, PLAY_KIND, not is_error(gap, stderr), gap, after)
          for at, gap, stderr, after in session.execute(hands)),
    )
    return sorted(found, key=lambda d: (d.at, d.source is Source.PLAY))


def learner_decisions(store: ClassroomStore, learner_id: str) -> list[Decision]:
    """Every decision of the learner, oldest first (:func:`decisions` in a session of ``store``)."""
    with store._session() as session:
        return decisions(session, learner_id)


def error_rates(store: ClassroomStore, learner_ids: Sequence[str]) -> dict[str, tuple[int, float, float]]:
    """Per learner, ``(decisions graded in chi, chi lost over them, the sum of its squares)``: the drill answers
    graded in chi and the Play hands the learner split (a class's board, graded on the one scale by
    :func:`maubinh.bands.sums_grade`; the same sums as :func:`decisions` gives one learner, two queries for the
    whole class)."""
    if not learner_ids:
        return {}
    ids = list(learner_ids)
    found: dict[str, tuple[int, float, float]] = {}
    with store._session() as session:
        drill = session.execute(
            select(Attempt.learner_id, func.count(Attempt.chi_lost), func.coalesce(func.sum(Attempt.chi_lost), 0.0),
                   func.coalesce(func.sum(Attempt.chi_lost * Attempt.chi_lost), 0.0))
            .where(Attempt.learner_id.in_(ids), Attempt.chi_lost.is_not(None)).group_by(Attempt.learner_id))
        play = session.execute(
            select(PlayHand.learner_id, func.count(PlayHand.id), func.coalesce(func.sum(PlayHand.gap), 0.0),
                   func.coalesce(func.sum(PlayHand.gap * PlayHand.gap), 0.0))
            .where(PlayHand.learner_id.in_(ids), PlayHand.origin.not_in(UNGRADED_ORIGINS)).group_by(PlayHand.learner_id))
        for lid, n, total, squares in (*drill, *play):
            before = found.get(lid, (0, 0.0, 0.0))
            found[lid] = (before[0] + int(n), before[1] + float(total or 0.0), before[2] + float(squares or 0.0))
    return found
