"""Glicko-2 ratings for learners and for questions, after Glickman's "Example of the Glicko-2 system".

Each answer is one game: the learner plays the question and wins when the answer is right; both ratings
move (as Lichess rates puzzles and their solvers). A rating is shown on the Glicko scale (1500 to start)
with its deviation (``rd``: 350 for someone never rated, smaller as answers come in) and volatility.
Only a learner's first attempt at a question counts, so reviewing a question already answered never
changes either rating.

>>> player = Rating(1500, 200, 0.06)
>>> after = update(player, [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)])
>>> round(after.value, 2), round(after.rd, 2), round(after.volatility, 6)
(1464.05, 151.52, 0.059996)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["DEFAULT", "HAND_MEDIAN_SPREAD", "HAND_RANGE", "HAND_RD", "HAND_STEP", "HAND_UNKNOWN", "SCALE", "TAU",
           "Rating", "expected", "hand_opponent", "play", "update"]

SCALE = 173.7178
"""Glicko to Glicko-2 scale (Glickman, step 2)."""
TAU = 0.5
"""The system constant: how much volatility may change (Glickman suggests 0.3 to 1.2)."""
_EPSILON = 1e-6
MIN_RD, MAX_RD = 45.0, 350.0
"""A rating's deviation stays in this range (as Lichess keeps it), so a rating never freezes."""


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: ``value`` (1500 = average), ``rd`` (deviation), ``volatility``."""

    value: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06


DEFAULT = Rating()
"""Someone (or a question) never rated."""


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The chance ``player`` beats ``opponent`` (for a question: that the learner answers it right)."""
    return _e((player.value - 1500) / SCALE, (opponent.value - 1500) / SCALE, opponent.rd / SCALE)


def update(player: Rating, games: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player``'s rating after one rating period of ``games`` (opponent, score 1 / 0.5 / 0).

    With no games only the deviation grows (step 6). The deviation is kept in ``MIN_RD..MAX_RD``.
    """
    mu, phi, sigma = (player.value - 1500) / SCALE, player.rd / SCALE, player.volatility
    if not games:
        return Rating(player.value, min(MAX_RD, math.sqrt(phi * phi + sigma * sigma) * SCALE), sigma)
    parts = [((opp.value - 1500) / SCALE, opp.rd / SCALE, score) for opp, score in games]
    v = 1.0 / sum(_g(pj) ** 2 * _e(mu, mj, pj) * (1 - _e(mu, mj, pj)) for mj, pj, _ in parts)
    delta = v * sum(_g(pj) * (s - _e(mu, mj, pj)) for mj, pj, s in parts)

    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    fa, fb = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPSILON:
        big_c = big_a + (big_a - big_b) * fa / (fb - fa)
        fc = f(big_c)
        if fc * fb <= 0:
            big_a, fa = big_b, fb
        else:
            fa /= 2
        big_b, fb = big_c, fc
    new_sigma = math.exp(big_a / 2)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * sum(_g(pj) * (s - _e(mu, mj, pj)) for mj, pj, s in parts)
    rd = min(MAX_RD, max(MIN_RD, new_phi * SCALE))
    return Rating(1500 + new_mu * SCALE, rd, new_sigma)


def play(learner: Rating, question: Rating, correct: bool) -> tuple[Rating, Rating]:
    """Both ratings after a learner's first attempt at a question (right = the learner wins)."""
    score = 1.0 if correct else 0.0
    return update(learner, [(question, score)]), update(question, [(learner, 1.0 - score)])


HAND_MEDIAN_SPREAD = 0.45
"""The median spread of a Play hand (:attr:`maubinh.play.DealStudy.spread`), chi per deal: measured over 60 deals
of a four-seat chi-at table (seed 12345; 5 %, 25 %, 50 %, 75 %, 95 %: 0.02, 0.13, 0.45, 1.17, 2.19 chi)."""
HAND_RD = 200.0
"""A Play hand's deviation as an opponent: its strength is read from its cards, not learned from results."""
HAND_STEP = 150.0
"""Rating points per doubling of a hand's spread."""
HAND_RANGE = (1100.0, 1900.0)
"""A Play hand's rating stays in this range (below the beginner questions' prior, up to the master ones')."""
HAND_UNKNOWN = Rating(1500.0, 300.0)
"""The opponent of a hand whose spread is unknown: one holding an instant win (its choice is whether to declare,
not a split), or one stored before spreads were kept: the intermediate questions' prior."""


def hand_opponent(spread: float | None) -> Rating:
    """The opponent a Play hand is rated against (issue 36: a played hand is a decision like a drill answer,
    won when the split is not an error, :func:`classroom.play_hands.is_error`).

    A hand is as strong as it is hard to split: ``spread`` (:attr:`maubinh.play.DealStudy.spread`, the mean
    shortfall of the plausible splits against the best, chi per deal) at the median
    (:data:`HAND_MEDIAN_SPREAD`) is an average opponent (1500); each doubling adds :data:`HAND_STEP`, each halving
    takes it off, within :data:`HAND_RANGE`. When nearly every sensible split is as good as the best, nobody
    errs there and a right split says little (an easy opponent); when only one split will do, finding it says
    much. ``None`` (unknown): :data:`HAND_UNKNOWN`.

    >>> hand_opponent(0.45).value, hand_opponent(0.9).value, hand_opponent(0.0).value, hand_opponent(None).rd
    (1500.0, 1650.0, 1100.0, 300.0)
    """
    if spread is None:
        return HAND_UNKNOWN
    value = 1500.0 + HAND_STEP * math.log2(max(spread, 1e-3) / HAND_MEDIAN_SPREAD)
    low, high = HAND_RANGE
    return Rating(min(high, max(low, value)), HAND_RD)
