"""ui.progress.stats by hand: error rate, accuracy and rating from a short history."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from classroom.decisions import Decision, Source
from classroom.practice import AttemptInfo
from ui.progress.stats import by_kind, by_lesson, error_series, export_rows, rating_series, summary, weakest

T = datetime(2026, 12, 1, 9, tzinfo=UTC)


def _a(n: int, kind: str, correct: bool, lost: float | None, first: bool = True, lesson: str = "chi") -> AttemptInfo:
    return AttemptInfo("r", n, "practice", f"q{n}", kind, "expert", "chi-at", lesson, "x", correct, lost, 4.0, first,
                       1500.0 + 10 * n, T + timedelta(minutes=n))


HISTORY = [
    _a(0, "better", True, 0.0), _a(1, "better", False, 1.5), _a(2, "chi", False, None, lesson="five"),
    _a(3, "chi", False, None, lesson="five"), _a(4, "chi", True, None, lesson="five"), _a(5, "better", False, 0.9),
    _a(6, "better", True, 0.0, first=False),
]


def test_totals_error_rate_and_groups() -> None:
    total = summary(HISTORY)
    assert (total.answered, total.right, total.decisions) == (7, 3, 4)
    assert total.error_rate == 2.4 / 4
    kinds = by_kind(HISTORY)
    assert list(kinds) == ["better", "chi"] and kinds["chi"].error_rate is None and kinds["chi"].right == 1
    assert by_lesson(HISTORY)["five"].answered == 3


def test_the_weakest_first_and_only_with_enough_answers() -> None:
    assert [k for k, _ in weakest(by_kind(HISTORY))] == ["chi", "better"]
    assert weakest(by_kind(HISTORY[:2])) == []


def test_series_over_time() -> None:
    errors = error_series(HISTORY, window=2)
    assert [(kind, round(v, 2)) for _, kind, v in errors] == [("better", 0.0), ("better", 0.75), ("better", 1.2),
                                                              ("better", 0.45)]
    decided = [Decision(a.answered_at, Source.DRILL, a.kind, a.correct, a.chi_lost, a.rating_after if a.first else None)
               for a in HISTORY]
    assert [r for _, r in rating_series(decided)] == [1500.0, 1500.0, 1510.0, 1520.0, 1530.0, 1540.0, 1550.0]
    row = export_rows(HISTORY)[1]
    assert (row["kind"], row["correct"], row["chi_lost"], row["first_attempt"]) == ("better", False, 1.5, True)
