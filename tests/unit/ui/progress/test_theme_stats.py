"""ui.progress.stats per theme by hand: an answer counts under each of its themes; only themes with
THEME_LEAST answers are ranked, worst share right first, then most chi lost."""

from __future__ import annotations

from datetime import UTC, datetime

from classroom.practice import AttemptInfo
from maubinh.drills.themes import Theme
from ui.progress.stats import THEME_LEAST, by_theme, export_rows, weakest_themes

T = datetime(2026, 12, 1, 9, tzinfo=UTC)


def _a(n: int, correct: bool, lost: float | None, *themes: Theme) -> AttemptInfo:
    return AttemptInfo("r", n, "practice", f"q{n}", "better", "expert", "chi-at", "chi", "A", correct, lost, 4.0,
                       True, 1500.0, T, themes)


def test_weakest_themes_by_share_right_then_chi_lost() -> None:
    scoop = [_a(n, n == 0, 0.5, Theme.SCOOP, Theme.PAIR_FRONT) for n in range(5)]  # 1/5, 0.5 lost each
    pair = [_a(5 + n, n < 1, 2.0, Theme.PAIR_FRONT) for n in range(2)]  # pair_front: 2/7 right in all
    foul = [_a(7 + n, n < 1, 3.0, Theme.FOUL) for n in range(5)]  # 1/5 right too, more chi lost
    kickers = [_a(12 + n, False, None, Theme.KICKERS) for n in range(THEME_LEAST - 1)]  # not enough answers
    history = scoop + pair + foul + kickers
    totals = by_theme(history)
    assert (totals[Theme.PAIR_FRONT].right, totals[Theme.PAIR_FRONT].answered) == (2, 7)
    assert totals[Theme.PAIR_FRONT].error_rate == (5 * 0.5 + 2 * 2.0) / 7
    ranked = weakest_themes(history)
    assert [theme for theme, _ in ranked] == [Theme.FOUL, Theme.SCOOP, Theme.PAIR_FRONT]
    assert Theme.KICKERS not in [theme for theme, _ in weakest_themes(history, count=5)]
    assert export_rows(scoop)[0]["themes"] == "pair_front,scoop"
