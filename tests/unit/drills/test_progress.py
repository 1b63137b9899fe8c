"""A session's progress: score, streaks, accuracy per kind, the kind to practise next."""

from __future__ import annotations

import pytest

from maubinh.drills import Kind
from maubinh.drills.progress import Record, accuracy, best_streak, score, streak, suggest_next


def _records(marks: str, kind: Kind = Kind.CHI) -> list[Record]:
    return [Record(kind, mark == "1", 1.0) for mark in marks]


def test_streaks() -> None:
    assert (streak(_records("110111")), best_streak(_records("110111"))) == (3, 3)
    assert (streak(_records("1110")), best_streak(_records("1110"))) == (0, 3)
    assert (streak([]), best_streak([]), score([])) == (0, 0, (0, 0))


def test_accuracy_per_kind_in_kind_order() -> None:
    records = _records("10", Kind.NATURAL) + _records("111", Kind.BETTER)
    assert list(accuracy(records).items()) == [(Kind.BETTER, (3, 3)), (Kind.NATURAL, (1, 2))]


def test_suggests_untried_kinds_first_then_the_weakest() -> None:
    records = _records("10", Kind.NATURAL) + _records("111", Kind.BETTER)
    assert suggest_next(records) is Kind.ARRANGE  # never tried, first in order
    assert suggest_next(records, (Kind.BETTER, Kind.NATURAL)) is Kind.NATURAL
    tied = _records("10", Kind.CHI) + _records("1100", Kind.FOUL)
    assert suggest_next(tied, (Kind.FOUL, Kind.CHI)) is Kind.CHI  # same share: fewer answers first
    with pytest.raises(ValueError):
        suggest_next(records, ())
