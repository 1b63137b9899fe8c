"""Opponents sampled once per question, reused for every arrangement graded against them.

Grading by expected chi (:func:`maubinh.strategy.ev.expected_value`) spends nearly all its time setting the
sampled opponents' hands with the solver. A question samples them once (:func:`sample_opponents`);
the options, and later the learner's own arrangement, are then settled against the same deals
(common random numbers), so their differences are measured on the same deals:
:func:`expected` gives :func:`~maubinh.strategy.ev.expected_value`'s numbers and :func:`breakdown` the same
means split line by line (each chi, scoops, fouls, instant wins, aces) with
:func:`maubinh.settle.settle_facts`, deal by deal.

Also the solver's estimate of every split (:func:`table_score`), used to pick hands and options
before sampling.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from maubinh.arrangement import Arrangement
from maubinh.cards import Card
from maubinh.rules import POSITIONS, Position, RuleSet
from maubinh.settle import ItemKind, SeatFacts, seat_facts, settle_facts
from maubinh.strategy.ev import EVResult, expected_value, sample_tables
from maubinh.strategy.solver import load_tables, split_scores
from maubinh.strategy.vector import SPLITS, HandSplits, hand_splits

__all__ = [
    "Breakdown",
    "Line",
    "Opponents",
    "breakdown",
    "expected",
    "sample_opponents",
    "split_of",
    "table_scores",
]

Line = Position | ItemKind
"""One line of a breakdown: a chi (its CHI, BONUS or CLASH items), or another kind of item
(SCOOP, FOUL, BOTH_FOUL, NATURAL, NATURALS_EVEN, ACES)."""


@dataclass(frozen=True)
class Opponents:
    """Opponent hands sampled for one 13-card hand, set by the solver.

    Attributes:
        cards: the hand they were sampled against (13 cards).
        seed: the sampling seed (:func:`maubinh.strategy.ev.sample_tables`).
        arrangements: one solver arrangement per deal.
        facts: each opponent's :class:`~maubinh.settle.SeatFacts` (values, foul, instant win, aces).
    """

    cards: tuple[Card, ...]
    seed: int
    arrangements: tuple[Arrangement, ...]
    facts: tuple[SeatFacts, ...]

    @property
    def samples(self) -> int:
        """Number of deals."""
        return len(self.arrangements)


def sample_opponents(cards: Sequence[Card], rule_set: RuleSet, samples: int, seed: int) -> Opponents:
    """Deal ``samples`` opponent hands from the 39 cards not in ``cards`` and set them with the solver.

    The same deals as :func:`maubinh.strategy.ev.expected_value` with the same ``seed`` and one opponent.
    """
    tables = sample_tables(cards, rule_set, opponents=1, samples=samples, seed=seed)
    arrangements = tuple(table[0] for table in tables.arrangements)
    facts = tuple(seat_facts(arrangement, rule_set, natural[0] is not None)
                  for arrangement, natural in zip(arrangements, tables.naturals))
    return Opponents(tuple(cards), seed, arrangements, facts)


def expected(arrangements: Sequence[Arrangement], opponents: Opponents, rule_set: RuleSet,
             declared: Sequence[bool] | None = None) -> list[EVResult]:
    """:func:`maubinh.strategy.ev.expected_value` of ``arrangements`` against the sampled ``opponents`` (no re-solving);
    ``declared`` as there.

    Raises:
        ValueError: as :func:`~maubinh.strategy.ev.expected_value` (an arrangement of other cards...).
    """

    def replay(hands: Sequence[Sequence[Card]], _: RuleSet) -> list[Arrangement]:
        if len(hands) != opponents.samples or any(
            set(hand) != set(arr.cards) for hand, arr in zip(hands, opponents.arrangements)
        ):
            raise ValueError("the deals differ from the sampled opponents")
        return list(opponents.arrangements)

    return expected_value(
        arrangements, opponents.cards, rule_set, samples=opponents.samples, seed=opponents.seed, arranger=replay,
        declared=declared,
    )


@dataclass(frozen=True)
class Breakdown:
    """One arrangement's chi against the sampled opponents, line by line.

    Attributes:
        lines: the mean chi per deal of each :data:`Line` (every position present, other lines
            only where they occurred).
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


def breakdown(arrangement: Arrangement, opponents: Opponents, rule_set: RuleSet, declare: bool = True) -> Breakdown:
    """Settle ``arrangement`` against every sampled opponent (:func:`~maubinh.settle.settle_facts`) and sum by line.

    ``declare``: whether the hand's instant win, if any, is declared (False: played out on ``arrangement``).

    Raises:
        ValueError: if ``arrangement`` does not hold the opponents' hand's cards.
    """
    if set(arrangement.cards) != set(opponents.cards):
        raise ValueError(f"arrangement {arrangement} does not hold the 13 cards dealt")
    mine = seat_facts(arrangement, rule_set, declare)
    sums: dict[Line, float] = {position: 0.0 for position in POSITIONS}
    counts = {position: [0, 0, 0] for position in POSITIONS}
    totals: list[int] = []
    for theirs in opponents.facts:
        pair = settle_facts([mine, theirs], rule_set).pairs[0]
        for item in pair.items:
            line: Line = item.position if item.position is not None else item.kind
            sums[line] = sums.get(line, 0.0) + item.amount
            if item.position is not None:
                counts[item.position][0 if item.amount > 0 else 2 if item.amount < 0 else 1] += 1
        totals.append(pair.total)
    n = len(totals)
    lines = {line: total / n for line, total in sums.items()}
    odds = {p: (c[0] / n, c[1] / n, c[2] / n) for p, c in counts.items()}
    return Breakdown(lines, tuple(totals), odds)


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
