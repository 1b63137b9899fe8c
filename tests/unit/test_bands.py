"""maubinh.bands: the one grading scale (issue 36): each band's edges, the noise rule, what counts as an error, and a
level's bar in the Drill as a band; and its words (ui.bands) in both languages."""

from __future__ import annotations

import math

import pytest

from maubinh.bands import BANDS, ERROR_BAND, NOISE_SIGMAS, UPPER, Band, grade
from maubinh.drills import Level
from maubinh.drills.arrange import LEVELS
from ui.i18n import translate


@pytest.mark.parametrize(("cost", "band"), [
    (-0.30, Band.BEST), (0.0, Band.BEST), (0.05, Band.BEST),
    (0.0501, Band.EXCELLENT), (0.25, Band.EXCELLENT),
    (0.2501, Band.GOOD), (0.60, Band.GOOD),
    (0.6001, Band.INACCURACY), (1.50, Band.INACCURACY),
    (1.5001, Band.MISTAKE), (4.00, Band.MISTAKE),
    (4.0001, Band.BLUNDER), (8.38, Band.BLUNDER), (math.inf, Band.BLUNDER),
])
def test_each_band_ends_at_its_upper_bound(cost: float, band: Band) -> None:
    assert grade(cost).band is band
    assert grade(cost).cost == cost


def test_the_bands_are_ordered_best_first_with_rising_bounds() -> None:
    assert [b.value for b in BANDS] == ["best", "excellent", "good", "inaccuracy", "mistake", "blunder"]
    bounds = [UPPER[b] for b in BANDS]
    assert bounds == sorted(bounds) and len(set(bounds)) == len(bounds) and bounds[-1] == math.inf
    assert [b.rank for b in BANDS] == list(range(6))
    assert Band.GOOD.at_least(Band.GOOD) and Band.BEST.at_least(Band.GOOD) and not Band.INACCURACY.at_least(Band.GOOD)


def test_a_loss_within_the_noise_of_zero_is_never_below_excellent() -> None:
    # the cases: 0.48 chi with a small error is "good"; with an error wide enough to hold 0, "excellent"
    assert grade(0.48, 0.05).band is Band.GOOD
    assert grade(0.48, 0.24).band is Band.EXCELLENT and NOISE_SIGMAS * 0.24 == 0.48  # just within
    assert grade(0.48, 0.2399).band is Band.GOOD  # just outside
    assert grade(3.0, 2.0).band is Band.EXCELLENT  # a wild estimate proves nothing
    assert grade(0.03, 1.0).band is Band.BEST  # within the noise and in the best band stays best
    assert grade(8.38, 0.4).band is Band.BLUNDER
    assert grade(0.5, math.inf).band is Band.EXCELLENT  # no error known: never graded down


def test_an_error_is_below_good_and_the_levels_bars_are_bands() -> None:
    assert ERROR_BAND is Band.GOOD
    assert not grade(0.60, 0.1).error and grade(0.61, 0.1).error and not grade(0.61, 0.5).error
    assert {level: LEVELS[level].passing for level in Level} == {
        Level.BEGINNER: Band.GOOD, Level.INTERMEDIATE: Band.GOOD, Level.EXPERT: Band.EXCELLENT,
        Level.MASTER: Band.EXCELLENT}
    # the case: 0.56 chi at beginner is right, but as "good", not as "as good as the best"
    at_beginner = grade(0.56, 0.05)
    assert at_beginner.band is Band.GOOD and at_beginner.passes(LEVELS[Level.BEGINNER].passing)
    assert not at_beginner.passes(LEVELS[Level.EXPERT].passing)
    assert LEVELS[Level.BEGINNER].tolerance == 0.60 and LEVELS[Level.MASTER].tolerance == 0.25


@pytest.mark.parametrize(("lang", "expected"), [
    ("vi", ["tốt nhất", "rất tốt", "tốt", "chưa chính xác", "sai", "sai nặng"]),
    ("en", ["best", "excellent", "good", "inaccuracy", "mistake", "blunder"]),
])
def test_every_band_has_its_name_and_a_level_bar_says_it_in_words(lang: str, expected: list[str]) -> None:
    assert [translate(f"band.{b.value}", lang) for b in BANDS] == expected
    bar = translate("band.bar", lang, level=translate("drill.level.beginner", lang), band=expected[2])
    assert bar == {"vi": "Ở trình độ Mới học, từ mức tốt trở lên là đạt.",
                   "en": "At Beginner, good or better counts as right."}[lang]
    assert translate("band.text", lang, band=expected[3], cost="0.48") == {
        "vi": "chưa chính xác, mất 0.48 chi", "en": "inaccuracy, 0.48 chi"}[lang]
