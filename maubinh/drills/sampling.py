"""Opponents sampled once per question, reused for every arrangement graded against them.

A question samples its opponents once (:func:`sample_opponents`: a :class:`~maubinh.strategy.field.Field`,
every opponent set by the solver in one compiled batch); the options, the best of every legal split and
later the learner's own arrangement are then settled against the same deals (common random numbers),
so their differences are measured on the same deals: :func:`expected` gives
:func:`~maubinh.strategy.ev.expected_value`'s numbers and :func:`breakdown` the same means split line
by line (each chi, scoops, fouls, instant wins, aces).

The best split is found on one sample and scored on another (:func:`true_best`): the best of many
noisy estimates, scored on the deals that chose it, would look better than it is.

Also the solver's estimate of every split (:func:`table_score`), used to pick hands and options
before sampling.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import combinations

import numpy as np
import numpy.typing as npt

from maubinh.arrangement import Arrangement
from maubinh.cards import Card
from maubinh.rules import POSITIONS, Position, RuleSet
from maubinh.settle import ItemKind, SeatFacts, seat_facts
from maubinh.strategy.field import Field, best_splits, ev_results, field_values, sample_field
from maubinh.strategy.results import EVResult
from maubinh.strategy.solver import split_scores
from maubinh.strategy.tables import load_tables
from maubinh.strategy.vector import SPLITS, HandSplits, hand_splits, split_arrangement

__all__ = [
    "Breakdown",
    "Line",
    "Opponents",
    "ScoopShares",
    "breakdown",
    "breakdowns",
    "expected",
    "sample_opponents",
    "scoop_shares",
    "split_of",
    "table_scores",
    "true_best",
]

Line = Position | ItemKind
"""One line of a breakdown: a chi (its CHI, BONUS or CLASH items), or another kind of item
(SCOOP, FOUL, NATURAL, ACES)."""
_OTHER_LINES = ((3, ItemKind.SCOOP), (4, ItemKind.FOUL), (5, ItemKind.NATURAL), (6, ItemKind.ACES))


@dataclass(frozen=True)
class Opponents:
    """Opponent hands sampled for one 13-card hand, set by the solver.

    Attributes:
        cards: the hand they were sampled against (13 cards).
        seed: the sampling seed (:func:`maubinh.strategy.field.sample_field`).
        field: the sampled deals as arrays.
    """

    cards: tuple[Card, ...]
    seed: int
    field: Field

    @property
    def samples(self) -> int:
        """Number of deals."""
        return self.field.samples

    @cached_property
    def arrangements(self) -> tuple[Arrangement, ...]:
        """One solver arrangement per deal."""
        return tuple(self.field.arrangement(t) for t in range(self.samples))

    @cached_property
    def facts(self) -> tuple[SeatFacts, ...]:
        """Each opponent's :class:`~maubinh.settle.SeatFacts` (values, foul, instant win, aces)."""
        return tuple(seat_facts(arrangement, self.field.rule_set, (t, 0) in self.field.naturals)
                     for t, arrangement in enumerate(self.arrangements))


def sample_opponents(cards: Sequence[Card], rule_set: RuleSet, samples: int, seed: int) -> Opponents:
    """Deal ``samples`` opponent hands from the 39 cards not in ``cards`` and set them with the solver.

    The same deals as :func:`maubinh.strategy.ev.expected_value` with the same ``seed`` and one opponent.
    """
    return Opponents(tuple(cards), seed, sample_field(cards, rule_set, opponents=1, samples=samples, seed=seed))


def expected(arrangements: Sequence[Arrangement], opponents: Opponents, rule_set: RuleSet,
             declared: Sequence[bool] | None = None) -> list[EVResult]:
    """:func:`maubinh.strategy.ev.expected_value` of ``arrangements`` against the sampled ``opponents`` (no re-solving);
    ``declared`` as there.

    Raises:
        ValueError: as :func:`~maubinh.strategy.ev.expected_value` (an arrangement of other cards...).
    """
    _check_rules(opponents, rule_set)
    return ev_results(*field_values(arrangements, opponents.field, declared=declared), 1)


@dataclass(frozen=True)
class Breakdown:
    """One arrangement's chi against the sampled opponents, line by line.

    Attributes:
        lines: the mean chi per deal of each :data:`Line` (every position present, other lines
            only where they moved chi).
        totals: the chi won in each deal (all lines summed).
        odds: per position, the shares of deals in which that chi was won, tied and lost
            (deals settled by an instant win or a foul count in none).
    """

    lines: dict[Line, float]
    totals: tuple[int, ...]
    odds: dict[Position, tuple[float, float, float]]

    @property
    def mean(self) -> float:
        """Mean chi per deal."""
        return sum(self.totals) / len(self.totals)

    def stderr_against(self, other: Breakdown) -> float:
        """Standard error of ``self.mean - other.mean``, deal by deal (the same deals)."""
        diffs = np.array(self.totals, dtype=np.float64) - np.array(other.totals, dtype=np.float64)
        return math.sqrt(float(diffs.var(ddof=1)) / len(diffs)) if len(diffs) > 1 else math.inf


def breakdowns(arrangements: Sequence[Arrangement], opponents: Opponents, rule_set: RuleSet,
               declared: Sequence[bool] | None = None) -> list[Breakdown]:
    """:func:`breakdown` of several arrangements in one pass (``declared``: one flag per arrangement,
    whether the hand's instant win is declared with it; ``None``: with every one)."""
    _check_rules(opponents, rule_set)
    for arrangement in arrangements:
        if set(arrangement.cards) != set(opponents.cards):
            raise ValueError(f"arrangement {arrangement} does not hold the 13 cards dealt")
    totals, lines = field_values(arrangements, opponents.field, declared=declared)
    return [_breakdown(totals[k], lines[k]) for k in range(len(arrangements))]


@dataclass(frozen=True)
class ScoopShares:
    """How often one split's deals were settled by a scoop (sập, digest §2.5), on the sampled tables.

    Attributes:
        won: the share of deals (0-1) in which the split won all three chi against a player (its scoop line took
            chi: with several opponents, net of any scoop against it in the same deal).
        lost: the share of deals in which it lost all three chi to a player (its scoop line paid chi, net).
    """

    won: float
    lost: float


def scoop_shares(arrangements: Sequence[Arrangement], opponents: Opponents, rule_set: RuleSet,
                 declared: Sequence[bool] | None = None) -> list[ScoopShares]:
    """:class:`ScoopShares` of each of ``arrangements`` on the same deals as :func:`breakdowns` (same arguments).

    Raises:
        ValueError: as :func:`breakdowns`.
    """
    _check_rules(opponents, rule_set)
    _, lines = field_values(arrangements, opponents.field, declared=declared)
    scoops = lines[:, :, 3]
    return [ScoopShares(float((scoops[k] > 0).mean()), float((scoops[k] < 0).mean())) for k in range(len(arrangements))]


def breakdown(arrangement: Arrangement, opponents: Opponents, rule_set: RuleSet, declare: bool = True) -> Breakdown:
    """Settle ``arrangement`` against every sampled opponent and sum by line.

    ``declare``: whether the hand's instant win, if any, is declared (False: played out on ``arrangement``).

    Raises:
        ValueError: if ``arrangement`` does not hold the opponents' hand's cards.
    """
    return breakdowns([arrangement], opponents, rule_set, [declare])[0]


def _breakdown(totals: npt.NDArray[np.int64], lines: npt.NDArray[np.int64]) -> Breakdown:
    n = len(totals)
    means: dict[Line, float] = {position: float(lines[:, p].sum()) / n for p, position in enumerate(POSITIONS)}
    for column, kind in _OTHER_LINES:
        if lines[:, column].any():
            means[kind] = float(lines[:, column].sum()) / n
    odds = {
        position: (float(lines[:, 8 + p].sum()) / n,
                   float((lines[:, 7] - lines[:, 8 + p] - lines[:, 11 + p]).sum()) / n,
                   float(lines[:, 11 + p].sum()) / n)
        for p, position in enumerate(POSITIONS)
    }
    return Breakdown(means, tuple(int(v) for v in totals), odds)


def true_best(cards: Sequence[Card], rule_set: RuleSet, samples: int, seed: int) -> Arrangement:
    """The best of every legal split of ``cards`` against ``samples`` opponents sampled from ``seed``
    (:func:`maubinh.strategy.field.best_splits`). Score it on other deals, not these."""
    field = sample_field(cards, rule_set, opponents=1, samples=samples, seed=seed)
    rows, _ = best_splits(field)
    return split_arrangement(np.array([c.index for c in cards], dtype=np.int64), int(rows[0]))


def _check_rules(opponents: Opponents, rule_set: RuleSet) -> None:
    if opponents.field.rule_set != rule_set:
        raise ValueError(f"the opponents were set for {opponents.field.rule_set.id}, not {rule_set.id}")


# --------------------------------------------------------------------------- the solver's estimate


@cache
def _subset_index(size: int) -> dict[int, int]:
    """Bit mask of hand positions -> index of that subset (in :data:`maubinh.strategy.vector.COMB5` / ``COMB3`` order)."""
    return {sum(1 << i for i in combo): k for k, combo in enumerate(combinations(range(13), size))}


@cache
def _split_rows() -> dict[tuple[int, int], int]:
    return {(int(b), int(m)): row for row, (b, m, _) in enumerate(SPLITS.tolist())}


def split_of(hand: HandSplits, arrangement: Arrangement) -> int:
    """The row of :data:`maubinh.strategy.vector.SPLITS` that is ``arrangement`` of ``hand``'s cards.

    Raises:
        KeyError: if the arrangement holds other cards.
    """
    where = {int(index): i for i, index in enumerate(hand.cards)}

    def mask(cards: Sequence[Card]) -> int:
        return sum(1 << where[card.index] for card in cards)

    back, middle = _subset_index(5)[mask(arrangement.back)], _subset_index(5)[mask(arrangement.middle)]
    return _split_rows()[(back, middle)]


def table_scores(cards: Sequence[Card], rule_set: RuleSet) -> tuple[HandSplits, npt.NDArray[np.float64]]:
    """Every split of ``cards`` with the solver's estimate of its expected chi (``-inf`` for binh lủng)."""
    hand = hand_splits(cards, rule_set)
    return hand, split_scores(hand, load_tables(rule_set))
