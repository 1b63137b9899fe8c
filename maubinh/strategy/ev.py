"""Expected chi of arrangements against sampled opponents (common random numbers).

Every arrangement of the hand is settled against the same sampled opponent
hands, so the difference between two arrangements is measured on the same
deals and its standard error is small. Opponents are set by the solver
(:func:`maubinh.strategy.solver.solve`) unless another arranger is asked for.
Settlement is the vectorised one (:mod:`maubinh.strategy.vector`), equal to
:func:`maubinh.settle.settle` deal by deal; with the compiled kernel ready and solver-set opponents,
the same numbers come from :mod:`maubinh.strategy.field` (opponents solved in one compiled batch and
kept as arrays, settled by :func:`maubinh.strategy.kernel.split_totals`), 10-50 times faster.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from maubinh.arrangement import Arrangement
from maubinh.cards import FULL_DECK, Card, Rank
from maubinh.naturals import InstantWin
from maubinh.rules import RuleSet
from maubinh.settle import seat_facts, settle_facts
from maubinh.strategy.arrangers import arrange_many_simple
from maubinh.strategy.field import ev_results, field_values, sample_field
from maubinh.strategy.prepared import backend
from maubinh.strategy.results import ChiOdds, EVResult, results_from
from maubinh.strategy.screen import instant_wins
from maubinh.strategy.solver import declared_instant_win, solve_many
from maubinh.strategy.vector import HeadsUp, Side, heads_up, side_of, table_totals

__all__ = ["ChiOdds", "EVResult", "expected_value", "results_from", "sample_tables"]

Arranger = Callable[[Sequence[Sequence[Card]], RuleSet], list[Arrangement]]


def solver_arranger(hands: Sequence[Sequence[Card]], rule_set: RuleSet) -> list[Arrangement]:
    """Arrange each hand with the solver."""
    return solve_many(hands, rule_set)


def simple_arranger(hands: Sequence[Sequence[Card]], rule_set: RuleSet) -> list[Arrangement]:
    """Arrange each hand strongest back first (the simple arranger)."""
    return arrange_many_simple(hands, rule_set.wheel, strict=rule_set.strict_order)


@dataclass(frozen=True)
class _Tables:
    arrangements: list[list[Arrangement]]
    naturals: list[list[InstantWin | None]]
    aces: list[list[int]]
    among: list[list[int]]


def sample_tables(
    cards: Sequence[Card], rule_set: RuleSet, *, opponents: int, samples: int, seed: int,
    arranger: Arranger = solver_arranger,
) -> _Tables:
    """Deal ``samples`` tables of ``opponents`` hands from the cards not in ``cards`` and arrange them.

    Reproducible from ``seed``. An opponent holding an instant win declares it as the solver would
    (:func:`maubinh.strategy.solver.declared_instant_win`); ``naturals`` holds the declared ones.
    """
    rng = random.Random(seed)
    held = set(cards)
    rest = [c for c in FULL_DECK if c not in held]
    hands: list[list[Card]] = []
    for _ in range(samples):
        drawn = rng.sample(rest, 13 * opponents)
        hands.extend(drawn[13 * k : 13 * (k + 1)] for k in range(opponents))
    arranged = arranger(hands, rule_set)
    tables = [arranged[opponents * s : opponents * (s + 1)] for s in range(samples)]
    naturals = [[declared_instant_win(a.cards, rule_set) for a in t] for t in tables]
    aces = [[sum(c.rank == Rank.ACE for c in a.cards) for a in t] for t in tables]
    among: list[list[int]] = []
    for table, declared in zip(tables, naturals):
        if opponents == 1:
            among.append([0])
        else:
            facts = [seat_facts(a, rule_set, nat is not None) for a, nat in zip(table, declared)]
            among.append([len(s) for s in settle_facts(facts, rule_set).scoops])
    return _Tables(tables, naturals, aces, among)


def expected_value(
    arrangements: Sequence[Arrangement],
    cards: Sequence[Card],
    rule_set: RuleSet,
    *,
    opponents: int = 1,
    samples: int = 300,
    seed: int = 0,
    arranger: Arranger = solver_arranger,
    declared: Sequence[bool] | None = None,
) -> list[EVResult]:
    """Each arrangement's expected chi per deal against the same sampled opponents.

    Args:
        arrangements: arrangements of ``cards`` to compare.
        cards: the 13 cards they arrange.
        rule_set: the rules to settle by.
        opponents: opponents per deal (1-3).
        samples: number of deals.
        seed: seeds the deals; the same seed gives the same numbers.
        arranger: sets the opponents' hands (default: the solver).
        declared: per arrangement, whether the hand's instant win (if any) is declared with it
            (:func:`maubinh.settle.settle`'s ``declared``); ``None`` declares it with every one.
            The same arrangement twice, declared and not, compares báo mậu binh with playing it out.

    Returns:
        One :class:`EVResult` per arrangement, in order. Units: chi.

    Raises:
        ValueError: if an arrangement does not hold exactly ``cards``, or
            ``opponents`` is not 1-3, or ``samples`` < 2, or ``declared`` has another length.
    """
    if not 1 <= opponents <= 3:
        raise ValueError(f"opponents must be 1-3, got {opponents}")
    if samples < 2:
        raise ValueError(f"samples must be at least 2, got {samples}")
    hand = set(cards)
    for arr in arrangements:
        if set(arr.cards) != hand:
            raise ValueError(f"arrangement {arr} does not hold the 13 cards given")
    flags = [True] * len(arrangements) if declared is None else [bool(flag) for flag in declared]
    if len(flags) != len(arrangements):
        raise ValueError(f"declared needs one flag per arrangement ({len(arrangements)}), got {len(flags)}")
    if arranger is solver_arranger and backend():  # the same numbers, compiled (a test checks)
        field = sample_field(cards, rule_set, opponents=opponents, samples=samples, seed=seed, compiled=True)
        return ev_results(*field_values(arrangements, field, compiled=True, declared=flags), opponents)
    tables = sample_tables(cards, rule_set, opponents=opponents, samples=samples, seed=seed, arranger=arranger)
    mine = side_of(arrangements, rule_set)
    my_natural = instant_wins([cards], rule_set)[0]
    my_aces = sum(c.rank == Rank.ACE for c in cards)
    scores = np.zeros((len(arrangements), samples))
    odds = np.zeros((len(arrangements), 3, 3))  # arrangement, position, (win, tie, loss)
    for flag in sorted(set(flags)):
        rows = [k for k, f in enumerate(flags) if f == flag]
        part_scores, part_odds = _settle_sampled(mine.take(rows), my_natural if flag else None, my_aces, tables,
                                                 rule_set, opponents, samples)
        scores[rows], odds[rows] = part_scores, part_odds
    return results_from(scores, odds, samples * opponents)


def _settle_sampled(
    mine: Side, my_natural: InstantWin | None, my_aces: int, tables: _Tables, rule_set: RuleSet,
    opponents: int, samples: int,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """``mine``'s rows against every sampled table: chi per deal ``(n, samples)`` and per-chi win / tie /
    loss counts ``(n, 3, 3)``."""
    n = len(mine.keys)
    scores = np.zeros((n, samples))
    odds = np.zeros((n, 3, 3))
    batches: list[tuple[HeadsUp, int | None]]
    if opponents == 1:  # one opponent per deal: every deal in one batch, each its own table of two
        flat = [table[0] for table in tables.arrangements]
        batches = [(heads_up(mine, my_natural, my_aces, side_of(flat, rule_set),
                             [nat[0] for nat in tables.naturals], [a[0] for a in tables.aces], rule_set), None)]
    else:
        batches = [
            (heads_up(mine, my_natural, my_aces, side_of(tables.arrangements[s], rule_set),
                      tables.naturals[s], tables.aces[s], rule_set), s)
            for s in range(samples)
        ]
    for result, s in batches:
        if s is None:
            factor = rule_set.scoop.factor(1, 1)
            scoop = np.where(result.win_all | result.lose_all, factor, 1)
            scores[:, :] = result.compared * scoop + result.other + result.aces
        else:
            scores[:, s] = table_totals(result, tables.among[s], rule_set)
        compared = result.compared_mask[:, :, None]
        odds[:, :, 0] += ((result.signs > 0) & compared).sum(axis=1)
        odds[:, :, 1] += ((result.signs == 0) & compared).sum(axis=1)
        odds[:, :, 2] += ((result.signs < 0) & compared).sum(axis=1)
    return scores, odds
