"""One grading scale for a split (issue 36): chi lost per decision → a named band, as a chess game review names moves.

Every place that grades one decision (a split, and with it the choice to declare an instant win) grades it here:
the Drill's "set it yourself", Play's analysis, a class table's hand and its board, the review of a Play hand,
Progress. A decision's grade is the chi it lost per deal against the engine's best play (expected chi, sampled
tables: :func:`maubinh.play.analyse`, :func:`maubinh.drills.arrange.assess`) with its standard error, and the
band that loss falls in:

=============  ====================  =========================
band           vi                    chi lost per decision
=============  ====================  =========================
best           tốt nhất              ≤ 0.05
excellent      rất tốt               ≤ 0.25
good           tốt                   ≤ 0.60
inaccuracy     chưa chính xác        ≤ 1.50
mistake        sai                   ≤ 4.00
blunder        sai nặng              more
=============  ====================  =========================

**The noise.** A loss is an estimate (the sampled tables' noise). A loss within :data:`NOISE_SIGMAS` standard
errors of 0 is never worse than "excellent": the engine cannot tell it from the best (it is "best" when it is also
≤ 0.05). A band is a function of the two numbers only, so every place grading the same play gives the same band;
binh lủng (a fouled split, digest §2.7) pays the penalty to every player and lands where that loss does (a mistake
or a blunder, its message says why).

**Where the thresholds come from.** ``python bench/bands.py --seats 2 --deals 40`` and ``--seats 4 --deals 60``
(chi-at, table seed 36, December 2026): the player's hand of each deal graded as Play grades it
(:func:`maubinh.play.analyse`), set by each reference player: ``solver`` (the computer player "solver", xếp bài),
``medium`` (the computer player "medium": the solver's estimate plus noise), ``beginner`` (the computer player
"beginner": strongest back first) and ``random`` (a random legal split). Chi lost per decision:

==========  ==============================  ==============================
player      heads-up (the Drill's tables)   4 seats (Play's default table)
==========  ==============================  ==============================
solver      0.017 ± 0.010; p90 0.04         0.070 ± 0.030; p90 0.19
medium      0.369 ± 0.087; median 0.10,     1.066 ± 0.200; median 0.38,
            p75 0.53, p90 1.10              p75 1.55, p90 3.13
beginner    1.558 ± 0.204; median 1.28,     4.812 ± 0.495; median 3.92,
            p90 3.82                        p25 1.91
random      5.977 ± 0.572; p10 2.75,        18.58 ± 1.26; p10 8.60
            median 5.50
==========  ==============================  ==============================

"best" ends above what the solver loses heads-up 9 times in 10 (its misses are the analysis's own noise); "excellent"
above the solver's p90 at four seats; "good" above the medium player's p75 heads-up and its median at four seats;
"inaccuracy" above the medium player's p90 heads-up, the beginner player's median heads-up and the medium player's
p75 at four seats; "mistake" above the beginner player's p90 heads-up and the medium player's p90 at four seats;
"blunder" beyond, where a random split lives (heads-up median 5.5). A loss at a table of four is about three
times the heads-up one (three opponents pay it): the scale is per decision, as the chi are. The Learn step "Check
your hand" states the same scale and figures.

>>> grade(0.48, 0.05).band.value, grade(0.48, 0.30).band.value, grade(0.02, 0.0).band.value
('good', 'excellent', 'best')
>>> grade(8.38, 0.4).band.value, grade(1.2, 0.1).band.value
('blunder', 'inaccuracy')
>>> Band.GOOD.at_least(Band.GOOD), Band.INACCURACY.at_least(Band.GOOD)
(True, False)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

__all__ = ["BANDS", "ERROR_BAND", "NOISE_SIGMAS", "UPPER", "Band", "Grade", "grade", "level_with", "mean_grade", "sums_grade"]


class Band(str, Enum):
    """A named band of chi lost per decision, best first (see the module's docstring)."""

    BEST = "best"
    EXCELLENT = "excellent"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    @property
    def rank(self) -> int:
        """0 for the best band, 5 for a blunder."""
        return BANDS.index(self)

    def at_least(self, floor: Band) -> bool:
        """Whether this band is ``floor`` or better (``Band.GOOD.at_least(Band.GOOD)`` is true)."""
        return self.rank <= floor.rank


BANDS: tuple[Band, ...] = tuple(Band)
"""The bands, best first."""

UPPER: dict[Band, float] = {
    Band.BEST: 0.05,
    Band.EXCELLENT: 0.25,
    Band.GOOD: 0.60,
    Band.INACCURACY: 1.50,
    Band.MISTAKE: 4.00,
    Band.BLUNDER: math.inf,
}
"""The most chi lost per decision in each band (measured from the reference players: the module's docstring)."""

NOISE_SIGMAS = 2.0
"""A loss within this many standard errors of 0 is within the noise: never graded below "excellent"."""

ERROR_BAND = Band.GOOD
"""A decision graded below this band is an error (a miss): counted in the error rate, sent to the review queue."""


@dataclass(frozen=True)
class Grade:
    """One decision graded.

    Attributes:
        band: the band (:class:`Band`).
        cost: chi lost per deal against the best play (negative: the sampled tables liked it better).
        stderr: the standard error of ``cost`` (0 where the loss is exact).
    """

    band: Band
    cost: float
    stderr: float = 0.0

    @property
    def error(self) -> bool:
        """Whether the decision is an error: graded below :data:`ERROR_BAND`."""
        return not self.band.at_least(ERROR_BAND)

    def passes(self, floor: Band) -> bool:
        """Whether the decision is ``floor`` or better (a level's bar: the Drill's "set it yourself")."""
        return self.band.at_least(floor)


def grade(cost: float, stderr: float = 0.0) -> Grade:
    """The band of a decision that lost ``cost`` chi per deal (± ``stderr``) against the best play.

    Args:
        cost: chi lost per deal (a sampled estimate may be a little below 0).
        stderr: its standard error, chi (0: exact; ``inf``: unknown, then within the noise).

    Returns:
        The :class:`Grade`: the first band whose :data:`UPPER` holds ``cost``; not below "excellent" when ``cost``
        is within :data:`NOISE_SIGMAS` standard errors of 0; "blunder" for a foul.

    >>> [grade(c).band.value for c in (0.05, 0.0501, 0.25, 0.6, 1.5, 4.0, 4.01)]
    ['best', 'excellent', 'excellent', 'good', 'inaccuracy', 'mistake', 'blunder']
    """
    band = next(b for b in BANDS if cost <= UPPER[b] + 1e-9)
    if cost <= NOISE_SIGMAS * stderr and not band.at_least(Band.EXCELLENT):
        band = Band.EXCELLENT
    return Grade(band, cost, stderr)


def mean_grade(losses: Sequence[float]) -> Grade | None:
    """The band of a learner's typical decision: the mean of ``losses`` (chi lost per decision, one per decision)
    with its standard error (the sample's, over ``len(losses)``), on the same scale as one decision (Progress, the
    Play summary). ``None`` for no decisions; one decision has no spread to measure: graded as it stands.

    >>> mean_grade([0.9, 0.1, 0.5, 0.5]).band.value, round(mean_grade([0.9, 0.1, 0.5, 0.5]).stderr, 3)
    ('good', 0.163)
    >>> mean_grade([]) is None, mean_grade([3.0]).band.value
    (True, 'mistake')
    """
    return sums_grade(len(losses), sum(losses), sum(x * x for x in losses))


def sums_grade(count: int, total: float, squares: float) -> Grade | None:
    """:func:`mean_grade` from the sums a database query gives: ``count`` decisions, ``total`` chi lost over them and
    ``squares`` the sum of their squares (chi²); ``None`` for no decisions, one graded as it stands.

    >>> sums_grade(4, 2.0, 0.81 + 0.01 + 0.25 + 0.25) == mean_grade([0.9, 0.1, 0.5, 0.5])
    True
    >>> sums_grade(0, 0.0, 0.0) is None, sums_grade(1, 3.0, 9.0).band.value
    (True, 'mistake')
    """
    if count <= 0:
        return None
    mean = total / count
    if count == 1:
        return grade(mean)
    variance = max(0.0, (squares - count * mean * mean) / (count - 1))
    return grade(mean, math.sqrt(variance / count))


def level_with(difference: float, stderr: float) -> bool:
    """Whether two learners whose chi lost differ by ``difference`` (± ``stderr``) are level: the difference is
    within :data:`NOISE_SIGMAS` standard errors, or within the "best" band (the scale's own floor).

    >>> level_with(0.4, 0.25), level_with(0.04, 0.0), level_with(2.0, 0.3)
    (True, True, False)
    """
    return difference <= max(NOISE_SIGMAS * stderr, UPPER[Band.BEST])
