"""Xếp bài: a near-optimal arranger, scored by per-position win-probability tables.

For each position (back, middle, front) and each hand class, a table holds the
chance of winning, tying and losing that chi against an opponent's hand in the
same position, and the chi won or lost on average, bonuses and chặt chồng
included. A split's score is the sum over its three chi, plus the scoop
(sập) term under independence. The tables are learned by playing the solver
against itself until the opponents' hand distribution stops changing (the
approach of Paul Hankin's Chinese-poker solver); one file per rule set ships in
``maubinh/strategy/data`` and ``python -m maubinh.strategy.train`` rebuilds them.

Every split of the 13 cards (72,072) is scored at once with numpy; binh lủng
splits are never returned.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from maubinh.arrangement import Arrangement
from maubinh.cards import Card
from maubinh.naturals import InstantWin, find_instant_win
from maubinh.rules import RuleSet, load_rule_set
from maubinh.strategy import kernel
from maubinh.strategy.rule_arrays import solver_arrays_of, subset_tables
from maubinh.strategy.screen import may_hold_instant_win
from maubinh.strategy.tables import Tables, load_tables
from maubinh.strategy.vector import (
    SPLITS,
    HandSplits,
    check_hands,
    hand_splits,
    hand_splits_many,
    in_order,
    split_arrangement,
)

__all__ = [
    "DECLARE_BAND",
    "Bounds",
    "declare_choice",
    "declared_instant_win",
    "hand_bounds",
    "plain_declares",
    "quick_declare",
    "solve",
    "solve_many",
    "solve_splits",
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

_MEASURING: ContextVar[bool] = ContextVar("maubinh_declare_measuring", default=False)


def declare_choice(cards: npt.ArrayLike, natural: InstantWin, estimate: float, rule_set: RuleSet | None,
                   seats: int = 2) -> bool:
    """Whether to declare the instant win ``natural`` held by ``cards`` (13 card indexes): the one declare
    rule of the engine (digest §2.4, reading revised: declaring is the player's choice).

    Outside :data:`DECLARE_BAND` the choice is the clear one (the amount per opponent against the tables'
    ``estimate`` of the best split, chi against one opponent). Inside it, the choice is measured: the
    :func:`maubinh.strategy.decide.decide` of the hand at this table size (its default sampled deals, so
    :func:`~maubinh.strategy.solver.solve`, the simulation and sampled opponents make the choice that
    :func:`~maubinh.strategy.decide.decide` reports). While a measurement runs, or without ``rule_set``,
    the sampled hands inside it take the plain comparison (a tie declares), so a measurement never nests.
    """
    margin = DECLARE_BAND[0] + DECLARE_BAND[1] * abs(estimate)
    lead = natural.chi - estimate
    if abs(lead) > margin or rule_set is None or _MEASURING.get():
        return lead >= 0
    from maubinh.strategy.decide import decide

    hand = [Card.from_index(int(i)) for i in np.asarray(cards).tolist()]
    return decide(hand, rule_set, opponents=min(max(seats - 1, 1), 3)).declare


@contextmanager
def plain_declares() -> Iterator[None]:
    """Within it, :func:`declare_choice` takes the plain comparison for every hand (no measurement): what
    :func:`maubinh.strategy.decide.decide`'s sampled hands do, so a measurement never nests and gives the
    same numbers whoever asks for it."""
    token = _MEASURING.set(True)
    try:
        yield
    finally:
        _MEASURING.reset(token)


def quick_declare(hand: HandSplits, tables: Tables, bounds: Bounds | None = None, *,
                  rule_set: RuleSet | None = None, seats: int = 2) -> tuple[bool, int]:
    """The solver's choice for a hand: declare its instant win (báo mậu binh), or play its best split.

    Declaring is the player's choice (digest §2.4, reading revised): :func:`declare_choice` decides from
    the tables' estimate of the best split where that is clear, and measures close calls when ``rule_set``
    is given (the rule set of ``tables``; ``seats``: the table size). This is the choice :func:`solve`,
    sampled opponents and the many-deals simulation make.

    Returns:
        ``(declare, split)``: whether to declare (False when the hand has no instant win) and the
        best split to play (an index into :data:`maubinh.strategy.vector.SPLITS`).
    """
    split = solve_splits(hand, tables, bounds)
    if hand.natural is None:
        return False, split
    estimate = float(_scores(SPLITS[[split]], hand, _subset_values(hand, tables), tables)[0])
    return declare_choice(hand.cards, hand.natural, estimate, rule_set, seats), split


def declared_instant_win(cards: Sequence[Card], rule_set: RuleSet, seats: int = 2) -> InstantWin | None:
    """The instant win the solver declares for 13 cards (:func:`quick_declare`, with the tables for
    ``seats`` players), or ``None``: none held, or the hand is worth more played out. What sampled
    opponents and the many-deals simulation's players declare.

    Raises:
        ValueError: if ``cards`` is not 13 distinct cards.
    """
    if not rule_set.naturals or find_instant_win(cards, rule_set) is None:
        return None
    hand = hand_splits(cards, rule_set)
    declare, _ = quick_declare(hand, load_tables(rule_set, seats), rule_set=rule_set, seats=seats)
    return hand.natural if declare else None


def solve(cards: Sequence[Card], rule_set: RuleSet | str, *, seats: int = 2) -> Arrangement:
    """Xếp bài: the arrangement with the highest expected chi against opponents who arrange well.

    Args:
        cards: 13 distinct cards.
        rule_set: a :class:`RuleSet` or a source id.
        seats: players at the table (2-4): the tables trained for that size where they proved better
            (:func:`load_tables`).

    Returns:
        The best legal :class:`Arrangement` (never binh lủng). For a hand with an
        instant win (mậu binh), the solver's quick choice (:func:`quick_declare`): where
        it declares, the split that shows the pattern when the pattern has one; where
        the split is worth more played out, the best split. :func:`maubinh.strategy.decide.decide`
        makes that choice on sampled deals and says why.

    Raises:
        ValueError: if ``cards`` is not 13 distinct cards.
        UnknownRuleSetError: for an unknown rule-set id.
    """
    return solve_many([cards], rule_set, seats=seats)[0]


def solve_many(hands: Sequence[Sequence[Card]], rule_set: RuleSet | str, *, seats: int = 2) -> list[Arrangement]:
    """:func:`solve` for many hands. Same errors.

    With the compiled kernel ready (:func:`maubinh.strategy.kernel.ready`) the hands are solved there,
    in threads; otherwise with numpy (:func:`solve_splits`, their subsets valued in one vectorised
    pass). Both give the same splits (a test checks).
    """
    rules = load_rule_set(rule_set) if isinstance(rule_set, str) else rule_set
    if hands and kernel.ready():
        return _solve_with_kernel(hands, rules, seats)
    tables = load_tables(rules, seats)
    arranged = []
    for hand in hand_splits_many(hands, rules):
        if hand.natural is None:
            arranged.append(hand.arrangement(solve_splits(hand, tables)))
            continue
        declare, split = quick_declare(hand, tables, rule_set=rules, seats=seats)
        shown = hand.natural.split if declare else None
        arranged.append(shown if shown is not None else hand.arrangement(split))
    return arranged


def _solve_with_kernel(hands: Sequence[Sequence[Card]], rule_set: RuleSet, seats: int) -> list[Arrangement]:
    check_hands(hands)
    idx = np.array([[card.index for card in cards] for cards in hands], dtype=np.int64)
    screened = may_hold_instant_win(idx) if rule_set.naturals else np.zeros(len(hands), dtype=np.bool_)
    naturals = [find_instant_win(cards, rule_set) if flagged else None for cards, flagged in zip(hands, screened)]
    rows, scores, *_ = kernel.solve_rows(idx, subset_tables(rule_set.wheel), solver_arrays_of(rule_set, seats))
    arranged = []
    for h, natural in enumerate(naturals):
        best = split_arrangement(idx[h], int(rows[h]))
        # the same choice as the numpy path (quick_declare): declared, the split that shows the pattern
        if natural is not None and natural.split is not None and declare_choice(
            idx[h], natural, float(scores[h]), rule_set, seats
        ):
            arranged.append(natural.split)
        else:
            arranged.append(best)
    return arranged
