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


def test_suggests_the_weakest_measured_kind_not_an_untried_advanced_one() -> None:
    records = _records("10", Kind.NATURAL) + _records("111", Kind.BETTER)
    assert suggest_next(records) is Kind.NATURAL  # 1/2: the one missed, not "which rule set" never tried
    assert suggest_next(records, (Kind.BETTER, Kind.NATURAL)) is Kind.NATURAL
    first_set = (_records("11", Kind.BETTER) + _records("10", Kind.ARRANGE) + _records("01", Kind.CHI)
                 + _records("1", Kind.FOUL) + _records("00", Kind.SETTLE))
    assert suggest_next(first_set) is Kind.SETTLE  # 0/2, though declare and rules were never tried
    perfect = _records("11", Kind.SETTLE) + _records("1", Kind.CHI)
    assert suggest_next(perfect) is Kind.BETTER  # nothing missed: the first kind not tried on the lesson path
    assert suggest_next(perfect, (Kind.RULES, Kind.DECLARE, Kind.FOUL)) is Kind.FOUL  # foul's lesson comes first
    everything = [r for kind in Kind for r in _records("1", kind)] + _records("1", Kind.CHI)
    assert suggest_next(everything) is Kind.BETTER  # all tried and right: answered fewest, first on the path
    tied = _records("10", Kind.CHI) + _records("1100", Kind.FOUL)
    assert suggest_next(tied, (Kind.FOUL, Kind.CHI)) is Kind.CHI  # same share: fewer answers first
    with pytest.raises(ValueError):
        suggest_next(records, ())
