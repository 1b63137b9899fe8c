"""Expected chi of arrangements against sampled opponents (common random numbers).

Every arrangement of the hand is settled against the same sampled opponent
hands, so the difference between two arrangements is measured on the same
deals. Opponents are set by the simple arranger (strongest back first).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from maubinh.arrangement import Arrangement
from maubinh.arrangers import arrange_many_simple
from maubinh.cards import FULL_DECK, Card
from maubinh.rules import POSITIONS, Position, RuleSet
from maubinh.settle import SeatFacts, seat_facts, settle_facts

__all__ = ["ChiOdds", "EVResult", "expected_value", "sample_opponents"]


@dataclass(frozen=True)
class ChiOdds:
    """Share of deals in which a chi was won, tied and lost (sums to 1; 0s when chi were not compared)."""

    win: float
    tie: float
    loss: float


@dataclass(frozen=True)
class EVResult:
    """One arrangement's expected chi per deal.

    Attributes:
        mean: average chi won per deal (per opponent summed), in chi.
        stderr: standard error of ``mean``, in chi.
        diffs_stderr: standard error of ``mean - other.mean`` for each arrangement
            given (same deals, so much smaller than the two errors combined).
        chi_odds: per position, win / tie / loss shares.
        samples: number of deals.
    """

    mean: float
    stderr: float
    diffs_stderr: tuple[float, ...]
    chi_odds: dict[Position, ChiOdds]
    samples: int


def sample_opponents(
    cards: Sequence[Card], rule_set: RuleSet, *, opponents: int, samples: int, seed: int
) -> list[list[SeatFacts]]:
    """Deal ``samples`` tables of ``opponents`` hands from the cards not in ``cards``, set them simply.

    Returns:
        ``samples`` lists of ``opponents`` :class:`SeatFacts`, reproducible from ``seed``.
    """
    rng = random.Random(seed)
    held = set(cards)
    rest = [c for c in FULL_DECK if c not in held]
    hands: list[list[Card]] = []
    for _ in range(samples):
        drawn = rng.sample(rest, 13 * opponents)
        hands.extend(drawn[13 * k : 13 * (k + 1)] for k in range(opponents))
    arranged = arrange_many_simple(hands, rule_set.wheel)
    facts = [seat_facts(arr, rule_set) for arr in arranged]
    return [facts[opponents * s : opponents * (s + 1)] for s in range(samples)]


def expected_value(
    arrangements: Sequence[Arrangement],
    cards: Sequence[Card],
    rule_set: RuleSet,
    *,
    opponents: int = 1,
    samples: int = 300,
    seed: int = 0,
) -> list[EVResult]:
    """Each arrangement's expected chi per deal against the same sampled opponents.

    Args:
        arrangements: arrangements of ``cards`` to compare.
        cards: the 13 cards they arrange.
        rule_set: the rules to settle by.
        opponents: opponents per deal (1-3).
        samples: number of deals.
        seed: seeds the deals; the same seed gives the same numbers.

    Returns:
        One :class:`EVResult` per arrangement, in order. Units: chi.

    Raises:
        ValueError: if an arrangement does not hold exactly ``cards``, or
            ``opponents`` is not 1-3, or ``samples`` < 2.
    """
    if not 1 <= opponents <= 3:
        raise ValueError(f"opponents must be 1-3, got {opponents}")
    if samples < 2:
        raise ValueError(f"samples must be at least 2, got {samples}")
    hand = set(cards)
    for arr in arrangements:
        if set(arr.cards) != hand:
            raise ValueError(f"arrangement {arr} does not hold the 13 cards given")
    tables = sample_opponents(cards, rule_set, opponents=opponents, samples=samples, seed=seed)
    mine = [seat_facts(arr, rule_set) for arr in arrangements]
    scores = [[0.0] * samples for _ in mine]
    odds = [{p: [0, 0, 0] for p in POSITIONS} for _ in mine]
    for s, table in enumerate(tables):
        for k, facts in enumerate(mine):
            result = settle_facts([facts, *table], rule_set)
            scores[k][s] = result.totals[0]
            for opp in range(1, opponents + 1):
                for position, sign in result.pair(0, opp).chi_results().items():
                    odds[k][position][1 - sign] += 1
    results = []
    for k in range(len(mine)):
        mean = sum(scores[k]) / samples
        diffs = tuple(
            _stderr([x - y for x, y in zip(scores[k], scores[j])]) for j in range(len(mine))
        )
        chi_odds = {
            p: ChiOdds(*(n / (samples * opponents) for n in counts)) for p, counts in odds[k].items()
        }
        results.append(EVResult(mean, _stderr(scores[k]), diffs, chi_odds, samples))
    return results


def _stderr(values: Sequence[float]) -> float:
    n = len(values)
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return math.sqrt(variance / n)
