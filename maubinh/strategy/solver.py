"""Xếp bài: a near-optimal arranger, scored by per-position win-probability tables.

For each position (back, middle, front) and each hand class, a table holds the
chance of winning, tying and losing that chi against an opponent's hand in the
same position, and the chi won or lost on average, bonuses and chặt chồng
included. A split's score is the sum over its three chi, plus the scoop
(sập) term under independence. The tables are learned by playing the solver
against itself until the opponents' hand distribution stops changing (the
approach of Paul Hankin's Chinese-poker solver); one file per rule set ships in
``maubinh/strategy/data`` and ``python -m maubinh.strategy.train`` rebuilds them.

The search itself is :mod:`maubinh.strategy.search` (numpy) or the compiled kernel; binh lủng splits are never
returned. A hand holding an instant win declares it or plays it out as a declare policy says
(:data:`~maubinh.strategy.search.DeclarePolicy`): by default the measured one,
:func:`maubinh.strategy.field.declare_choice`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import numpy.typing as npt

from maubinh.arrangement import Arrangement
from maubinh.cards import Card
from maubinh.naturals import InstantWin
from maubinh.rules import RuleSet, load_rule_set
from maubinh.strategy import kernel
from maubinh.strategy.field import declare_choice
from maubinh.strategy.prepared import Prepared, backend, prepare
from maubinh.strategy.screen import instant_wins
from maubinh.strategy.search import (
    DECLARE_BAND,
    Bounds,
    DeclarePolicy,
    hand_bounds,
    plain_declare,
    solve_splits,
    split_scores,
)
from maubinh.strategy.search import quick_declare as _quick_declare
from maubinh.strategy.tables import Tables
from maubinh.strategy.vector import HandSplits, check_hands, hand_splits, hand_splits_many, split_arrangement

__all__ = [
    "DECLARE_BAND",
    "Bounds",
    "DeclarePolicy",
    "declare_choice",
    "declared_instant_win",
    "hand_bounds",
    "plain_declare",
    "quick_declare",
    "solve",
    "solve_many",
    "solve_splits",
    "split_scores",
]


def quick_declare(hand: HandSplits, tables: Tables, bounds: Bounds | None = None, *,
                  rule_set: RuleSet | None = None, seats: int = 2,
                  declare: DeclarePolicy | None = None) -> tuple[bool, int]:
    """The solver's choice for a hand: declare its instant win (báo mậu binh), or play its best split
    (:func:`maubinh.strategy.search.quick_declare`).

    Declaring is the player's choice (digest §2.4, reading revised): ``declare`` decides, by default
    :func:`~maubinh.strategy.field.declare_choice` (from the tables' estimate of the best split where that is clear,
    measured on close calls when ``rule_set`` is given: the rule set of ``tables``; ``seats``: the table size).
    This is the choice :func:`solve`, sampled opponents and the many-deals simulation make.

    Returns:
        ``(declare, split)``: whether to declare (False when the hand has no instant win) and the
        best split to play (an index into :data:`maubinh.strategy.vector.SPLITS`).
    """
    return _quick_declare(hand, tables, bounds, declare=declare or declare_choice, rule_set=rule_set, seats=seats)


def declared_instant_win(cards: Sequence[Card], rule_set: RuleSet, seats: int = 2, *,
                         declare: DeclarePolicy | None = None) -> InstantWin | None:
    """The instant win the solver declares for 13 cards (:func:`quick_declare`, with the tables for
    ``seats`` players and the policy ``declare``, by default the measured one), or ``None``: none held, or the
    hand is worth more played out. What sampled opponents and the many-deals simulation's players declare.

    Raises:
        ValueError: if ``cards`` is not 13 distinct cards.
    """
    natural = instant_wins([cards], rule_set)[0]
    if natural is None:
        return None
    hand = hand_splits(cards, rule_set, natural=False)
    chosen, _ = quick_declare(replace(hand, natural=natural), prepare(rule_set, seats).tables,
                              rule_set=rule_set, seats=seats, declare=declare)
    return natural if chosen else None


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


def solve_many(hands: Sequence[Sequence[Card]], rule_set: RuleSet | str, *, seats: int = 2,
               declare: DeclarePolicy | None = None, compiled: bool | None = None) -> list[Arrangement]:
    """:func:`solve` for many hands. Same errors.

    ``declare``: the declare policy (default: the measured one, :func:`~maubinh.strategy.field.declare_choice`).
    ``compiled``: the backend (:func:`~maubinh.strategy.prepared.backend`; ``None``: the compiled kernel when it
    is ready, in threads for big batches; otherwise numpy, :func:`solve_splits`, the subsets valued in one
    vectorised pass). Both give the same splits (a test checks). Each hand's instant win is found once
    (:func:`~maubinh.strategy.screen.instant_wins`).
    """
    rules = load_rule_set(rule_set) if isinstance(rule_set, str) else rule_set
    if not hands:
        return []
    if any(len(cards) != 13 for cards in hands):
        check_hands(hands)  # raises, naming the count
    rows = [[card.index for card in cards] for cards in hands]
    idx = np.array(rows, dtype=np.int64)
    if (any(len(set(row)) != 13 for row in rows) if len(rows) < 16
            else not (np.diff(np.sort(idx, axis=1), axis=1) != 0).all()):
        check_hands(hands)  # raises, naming the count
    ready = prepare(rules, seats)
    policy = declare or declare_choice
    naturals = instant_wins(hands, rules, idx)
    if backend(compiled):
        return _solve_with_kernel(idx, naturals, ready, policy)
    arranged = []
    for hand, natural in zip(hand_splits_many(hands, rules, natural=False), naturals):
        if natural is None:
            arranged.append(hand.arrangement(solve_splits(hand, ready.tables)))
            continue
        chosen, split = _quick_declare(replace(hand, natural=natural), ready.tables, declare=policy, rule_set=rules, seats=seats)
        shown = natural.split if chosen else None
        arranged.append(shown if shown is not None else hand.arrangement(split))
    return arranged


def _solve_with_kernel(idx: npt.NDArray[np.int64], naturals: Sequence[InstantWin | None], ready: Prepared,
                       declare: DeclarePolicy) -> list[Arrangement]:
    rows, scores, *_ = kernel.solve_rows(idx, ready.subsets, ready.solver)
    arranged = []
    for h, natural in enumerate(naturals):
        # the same choice as the numpy path (quick_declare): declared, the split that shows the pattern
        if natural is not None and natural.split is not None and declare(
            idx[h], natural, float(scores[h]), ready.rule_set, ready.seats
        ):
            arranged.append(natural.split)
        else:
            arranged.append(split_arrangement(idx[h], int(rows[h])))
    return arranged
