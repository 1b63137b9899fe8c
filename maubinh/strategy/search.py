"""The solver's search: a split's score from the learned tables, the branch and bound, and the declare choice's
plain part (xếp bài without any sampling).

For each position (back, middle, front) and each hand class, the tables (:mod:`maubinh.strategy.tables`) hold
the chance of winning, tying and losing that chi and the chi won or lost on average; a split's score is the sum
over its three chi plus the scoop (sập) term under independence. :func:`solve_splits` finds the best legal
split (never binh lủng) by branch and bound; :func:`quick_declare` adds the choice a hand holding an instant
win has, made by a :data:`DeclarePolicy` passed in: :func:`plain_declare` here, or the measured one of
:func:`maubinh.strategy.field.declare_choice` (which samples opponents set by this module: the measurement
passes :func:`plain_declare` down, so it never nests, and no import goes back up).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from maubinh.naturals import InstantWin
from maubinh.rules import RuleSet
from maubinh.strategy.tables import Tables
from maubinh.strategy.vector import SPLITS, HandSplits, in_order

__all__ = [
    "DECLARE_BAND",
    "Bounds",
    "DeclarePolicy",
    "hand_bounds",
    "plain_declare",
    "quick_declare",
    "solve_splits",
    "split_scores",
]

F64 = npt.NDArray[np.float64]


@dataclass(frozen=True)
class _SubsetValues:
    """Per-subset parts of a split's score for one hand: five-card subsets as back and as middle, three-card as front."""

    net: tuple[F64, F64, F64]
    win: tuple[F64, F64, F64]
    lose: tuple[F64, F64, F64]
    mean_won: tuple[F64, F64, F64]
    mean_lost: tuple[F64, F64, F64]


def _subset_values(hand: HandSplits, tables: Tables) -> _SubsetValues:
    cls = (hand.class5, hand.class5, hand.class3)

    def per(arrays: tuple[F64, F64, F64]) -> tuple[F64, F64, F64]:
        return (arrays[0][cls[0]], arrays[1][cls[1]], arrays[2][cls[2]])

    return _SubsetValues(
        per(tables.net), per(tables.win), per(tables.lose), per(tables.mean_won), per(tables.mean_lost)
    )


def _scores(rows: npt.NDArray[np.intp], hand: HandSplits, v: _SubsetValues, tables: Tables) -> F64:
    scoop = tables.scoop
    b, m, f = rows[:, 0], rows[:, 1], rows[:, 2]
    score = v.net[0][b] + v.net[1][m] + v.net[2][f]
    if scoop != 1:
        p_win = v.win[0][b] * v.win[1][m] * v.win[2][f]
        p_lose = v.lose[0][b] * v.lose[1][m] * v.lose[2][f]
        won = v.mean_won[0][b] + v.mean_won[1][m] + v.mean_won[2][f]
        lost = v.mean_lost[0][b] + v.mean_lost[1][m] + v.mean_lost[2][f]
        score = score + (scoop - 1) * (p_win * won - p_lose * lost)
    return np.where(in_order(hand.key5[b], hand.key5[m], hand.key3[f], strict=tables.strict), score, -np.inf)


def split_scores(hand: HandSplits, tables: Tables, rows: npt.ArrayLike | None = None) -> F64:
    """Expected chi against one opponent for every split, ``-inf`` for binh lủng ones: ``(72072,)``; with
    ``rows`` (indexes into :data:`~maubinh.strategy.vector.SPLITS`), for those splits only, the same values."""
    return _scores(SPLITS if rows is None else SPLITS[np.asarray(rows, dtype=np.intp)], hand,
                   _subset_values(hand, tables), tables)


class _PrefixMax:
    """Largest value among the subsets whose key is at most a limit, for many limits at once.

    Sorting the subsets and locating the limits is done once; each value array then costs one pass.
    """

    def __init__(self, keys: npt.NDArray[np.int64], limits: npt.NDArray[np.int64]) -> None:
        self.order = np.argsort(keys, kind="stable")
        self.pos = np.searchsorted(keys[self.order], limits, side="right") - 1
        self.found = self.pos >= 0
        self.at = np.maximum(self.pos, 0)

    def __call__(self, values: F64) -> F64:
        running = np.maximum.accumulate(values[self.order])
        return np.where(self.found, running[self.at], -np.inf)


_SPLITS_PER_BACK = 56
_CHUNK = 16


@dataclass(frozen=True)
class Bounds:
    """What the branch and bound needs of a hand whatever the payouts: for each back, the best
    middle and front values weaker subsets could reach (see :func:`hand_bounds`)."""

    best_of_middle: _PrefixMax
    best_of_front: _PrefixMax


def hand_bounds(hand: HandSplits) -> Bounds:
    """The payout-free part of :func:`solve_splits`'s bounds; reusable across rule sets with one wheel order.

    A back's middle is no stronger than the back nor than the best five of the other eight cards;
    its front no stronger than the middle nor than the best three of those eight.
    """
    best_middle = hand.key5[SPLITS[:, 1]].reshape(-1, _SPLITS_PER_BACK).max(axis=1)
    best_front = hand.key3[SPLITS[:, 2]].reshape(-1, _SPLITS_PER_BACK).max(axis=1)
    middle_cap = np.minimum(hand.key5, best_middle)
    front_cap = np.minimum(middle_cap, best_front)
    return Bounds(_PrefixMax(hand.key5, middle_cap), _PrefixMax(hand.key3, front_cap))


def solve_splits(hand: HandSplits, tables: Tables, bounds: Bounds | None = None) -> int:
    """The index (into :data:`maubinh.strategy.vector.SPLITS`) of the best legal split.

    Branch and bound over backs: each back's bound is its own value plus the best
    middle and front values any weaker subsets could add (and the most a scoop
    could add); backs are scored 56 splits at a time in order of their bound, and
    the search stops when no remaining back can beat or tie the best split found. The
    result equals the exhaustive argmax, ties going to the lowest split index as with
    ``np.argmax(split_scores(hand, tables))`` (a test checks it), so that the compiled kernel
    (:mod:`maubinh.strategy.kernel`), which visits backs in another order, returns the same split.
    ``bounds`` may be given when the same hand is solved under several rule sets (:func:`hand_bounds`).
    """
    v = _subset_values(hand, tables)
    b = bounds or hand_bounds(hand)
    bound = v.net[0] + b.best_of_middle(v.net[1]) + b.best_of_front(v.net[2])
    if tables.scoop != 1:  # the scoop term is at most what winning all three would add
        p_win = v.win[0] * b.best_of_middle(v.win[1]) * b.best_of_front(v.win[2])
        won = v.mean_won[0] + b.best_of_middle(v.mean_won[1]) + b.best_of_front(v.mean_won[2])
        bound = bound + (tables.scoop - 1) * p_win * won
    order = np.argsort(-bound, kind="stable")
    best_score, best_row = -np.inf, -1
    offsets = np.arange(_SPLITS_PER_BACK)
    for start in range(0, len(order), _CHUNK):
        backs = order[start : start + _CHUNK]
        if bound[backs[0]] < best_score:
            break
        rows = (backs[:, None] * _SPLITS_PER_BACK + offsets).ravel()
        scores = _scores(SPLITS[rows], hand, v, tables)
        top = float(scores.max())
        row = int(rows[scores == top].min())
        if top > best_score or (top == best_score and (best_row < 0 or row < best_row)):
            best_score, best_row = top, row
    return best_row


DECLARE_BAND = (1.5, 0.10)
"""Where the declare choice is clear from the tables alone: the instant win's amount and the tables' estimate
of the best split differ by more than 1.5 chi + 10 % of the estimate. Measured (issue 24): on 280 instant-win
hands under the four sources (120 drawn as the Drill draws them, 160 close calls), ``decide``'s measured gap
minus ``amount - estimate`` was +0.2 to +1.1 chi on average per source (sd 0.2-0.7: the tables overrate
strong splits a little), +2.5 chi on the strongest (three trips set as full houses, estimate 19); on close
calls the plain comparison disagreed with the measurement, beyond its error, on up to 5 of 40 hands. Of
40,000 random hands, 0.2-0.5 in 1,000 fall inside the band."""


DeclarePolicy = Callable[[npt.ArrayLike, InstantWin, float, "RuleSet | None", int], bool]
"""Whether to declare an instant win (báo mậu binh, digest §2.4: the player's choice): called with the hand's 13
card indexes, its :class:`~maubinh.naturals.InstantWin`, the tables' estimate of its best split (chi against one
opponent), the rule set (``None``: not known, the plain comparison) and the table size (2-4 seats)."""


def plain_declare(cards: npt.ArrayLike, natural: InstantWin, estimate: float, rule_set: RuleSet | None,
                  seats: int = 2) -> bool:
    """The plain declare choice: declare when the instant win takes at least the tables' ``estimate`` of the best
    split (chi against one opponent; a tie declares). What sampled opponents inside a measurement choose
    (:func:`maubinh.strategy.field.declare_choice`), so a measurement never nests."""
    return natural.chi - estimate >= 0


def quick_declare(hand: HandSplits, tables: Tables, bounds: Bounds | None = None, *,
                  declare: DeclarePolicy = plain_declare, rule_set: RuleSet | None = None,
                  seats: int = 2) -> tuple[bool, int]:
    """The solver's choice for a hand: declare its instant win (báo mậu binh), or play its best split.

    Args:
        hand: the hand's subsets valued (:func:`~maubinh.strategy.vector.hand_splits`, its instant win found).
        tables: the solver's tables of the rule set.
        bounds: :func:`hand_bounds` of the hand, when at hand.
        declare: the declare policy (:func:`plain_declare`; the measured one is
            :func:`maubinh.strategy.field.declare_choice`), asked with the tables' estimate of the best split.
        rule_set, seats: passed to ``declare``.

    Returns:
        ``(declare, split)``: whether to declare (False when the hand has no instant win) and the
        best split to play (an index into :data:`maubinh.strategy.vector.SPLITS`).
    """
    split = solve_splits(hand, tables, bounds)
    if hand.natural is None:
        return False, split
    estimate = float(_scores(SPLITS[[split]], hand, _subset_values(hand, tables), tables)[0])
    return declare(hand.cards, hand.natural, estimate, rule_set, seats), split
