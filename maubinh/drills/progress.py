"""A session's progress: score, streaks, accuracy per kind and the kind to practise next.

>>> records = [Record(Kind.CHI, True, 4.0), Record(Kind.CHI, False, 9.5), Record(Kind.FOUL, True, 3.0),
...            Record(Kind.FOUL, True, 2.5)]
>>> score(records), streak(records), best_streak(records)
((3, 4), 2, 2)
>>> accuracy(records)[Kind.CHI]
(1, 2)
>>> suggest_next(records, (Kind.CHI, Kind.FOUL)).value
'chi'
>>> suggest_next(records).value  # the weakest kind measured, not one never tried
'chi'
>>> suggest_next(records[2:]).value  # all right so far: the next kind on the lesson path
'better'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from maubinh.drills.path import KIND_STEPS
from maubinh.drills.sets import KINDS, LESSON_STEPS, Kind

__all__ = ["Record", "accuracy", "best_streak", "score", "streak", "suggest_next"]


@dataclass(frozen=True)
class Record:
    """One answer: its kind, whether it was right, and the seconds taken."""

    kind: Kind
    correct: bool
    seconds: float


def score(records: Sequence[Record]) -> tuple[int, int]:
    """``(right, answered)``."""
    return sum(r.correct for r in records), len(records)


def streak(records: Sequence[Record]) -> int:
    """Right answers in a row at the end of ``records``."""
    count = 0
    for record in reversed(records):
        if not record.correct:
            break
        count += 1
    return count


def best_streak(records: Sequence[Record]) -> int:
    """The longest run of right answers."""
    best = run = 0
    for record in records:
        run = run + 1 if record.correct else 0
        best = max(best, run)
    return best


def accuracy(records: Sequence[Record]) -> dict[Kind, tuple[int, int]]:
    """Per kind answered, ``(right, answered)``, in the order of :data:`~maubinh.drills.sets.KINDS`."""
    found: dict[Kind, tuple[int, int]] = {}
    for kind in KINDS:
        mine = [r for r in records if r.kind is kind]
        if mine:
            found[kind] = (sum(r.correct for r in mine), len(mine))
    return found


def suggest_next(records: Sequence[Record], kinds: Sequence[Kind] = KINDS) -> Kind:
    """The kind to practise next among ``kinds`` (issue 36): the weakest kind measured, the one with the lowest
    share right among those answered with a miss; with no miss, the first kind not tried yet in the order of the
    lesson path (:data:`maubinh.drills.path.KIND_STEPS`: never an advanced kind before a basic one); with every
    kind tried and right, the one answered fewest times.

    Ties go to the kind answered fewer times, then to the earlier on the lesson path, then in ``kinds``.

    Raises:
        ValueError: for no kinds.
    """
    if not kinds:
        raise ValueError("no kinds to choose from")
    shares = accuracy(records)

    def need(item: tuple[int, Kind]) -> tuple[int, float, int, int, int]:
        order, kind = item
        right, total = shares.get(kind, (0, 0))
        missed = 0 if total and right < total else 1 if not total else 2
        return (missed, right / total if total else 0.0, total, LESSON_STEPS.index(KIND_STEPS[kind].value), order)

    return min(enumerate(kinds), key=need)[1]
