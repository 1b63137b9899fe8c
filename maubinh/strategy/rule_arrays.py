"""A rule set, its hand values and the solver's tables as flat arrays, for the compiled kernel.

The kernel (:mod:`maubinh.strategy.kernel`) knows no rule set: everything it needs comes in as the
arrays built here, each read from the place the numpy path reads it, so a change of rules flows into
both paths at once:

- hand values: :func:`maubinh.strategy.fast.rank_tables` (the straight order is ``rule_set.wheel``) and
  the class order of :func:`maubinh.strategy.vector.classes`;
- legal order (binh lủng): probed from :func:`maubinh.strategy.vector.in_order`;
- the splits: :data:`maubinh.strategy.vector.SPLITS`;
- payouts: :func:`maubinh.strategy.vector.classes` (chi per class and position, bonus families for
  chặt chồng, four aces), ``rule_set.chi_win``, ``foul_price``, ``bonus_clash``, the ace rule, and
  the scoop multipliers from :meth:`maubinh.rules.ScoopRule.factor` for every table size;
- the solver's scores: :class:`maubinh.strategy.tables.Tables`.

Every builder of a rule set's arrays is cached (bounded) by its rule set; :func:`maubinh.strategy.prepared.prepare`
holds them all, with the solver's arrays of its tables, in one object per rule set.

>>> from maubinh.rules import load_rule_set
>>> arrays = settle_arrays(load_rule_set("chi-at"))
>>> int(arrays.factors[3, 3]), int(arrays.factors[1, 1]), int(arrays.params[CLASH])
(4, 2, 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from maubinh.hands import WheelRank
from maubinh.rules import AceRule, RuleSet
from maubinh.strategy.fast import evaluate_many, rank_tables
from maubinh.strategy.vector import COMB3, COMB5, SPLITS, classes, in_order

if TYPE_CHECKING:
    from maubinh.strategy.tables import Tables

__all__ = [
    "ACES_ON",
    "CHI_WIN",
    "CLASH",
    "EXCLUDE_FOUR_ACES",
    "FOUL_PENALTY",
    "SCOOP_ACTIVE",
    "TIE_BACK_MIDDLE",
    "TIE_MIDDLE_FRONT",
    "SettleArrays",
    "SolverArrays",
    "SubsetTables",
    "order_flags",
    "settle_arrays",
    "solver_arrays",
    "split_columns",
    "subset_tables",
]

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]

# Positions in SettleArrays.params.
CHI_WIN, FOUL_PENALTY, CLASH, ACES_ON, EXCLUDE_FOUR_ACES, SCOOP_ACTIVE, TIE_BACK_MIDDLE, TIE_MIDDLE_FRONT = range(8)


@dataclass(frozen=True, eq=False)
class SubsetTables:
    """Hand values of every 5- and 3-card rank multiset under one straight order.

    A multiset of ranks ``r0 <= r1 <= ...`` (0 = deuce .. 12 = ace) has the index
    ``sum(terms[i, r_i + i])`` (the combinatorial number system), so a hand sorted by rank gets each
    subset's index by additions.

    Attributes:
        terms5, terms3: ``(5, 17)`` and ``(3, 15)`` the index terms ``C(c, i + 1)``.
        key5, class5: ``(2, 6188)``: the :attr:`HandValue.key` and the class (index into
            ``classes(rule_set, 5)[0]``) of a 5-card multiset, row 0 not a flush, row 1 a flush
            (-1 where none exists).
        key3, class3: ``(455,)`` the same for 3-card multisets (no flushes, digest §1).
        mask5, mask3: ``(8192,)`` the :data:`~maubinh.strategy.vector.COMB5` / ``COMB3`` index of a
            13-bit mask of hand positions (-1 for masks of another size).
        bits5: ``(1287,)`` the other way: the mask of each 5-card subset.
        rest8: ``(256,)``: for 5 of 8 positions given as an 8-bit mask, the place of that choice
            among ``itertools.combinations(range(8), 5)`` (the middles of one back in ``SPLITS``).

    Small integer types keep the tables in the processor's nearest caches.
    """

    terms5: I64
    terms3: I64
    key5: npt.NDArray[np.int32]
    class5: npt.NDArray[np.int16]
    key3: npt.NDArray[np.int32]
    class3: npt.NDArray[np.int16]
    mask5: npt.NDArray[np.int16]
    mask3: npt.NDArray[np.int16]
    bits5: I64
    rest8: I64


def _terms(size: int) -> I64:
    return np.array([[comb(c, i + 1) for c in range(13 + size - 1)] for i in range(size)], dtype=np.int64)


def _multiset_index(ranks: tuple[int, ...]) -> int:
    return sum(comb(r + i, i + 1) for i, r in enumerate(ranks))


def _masks(subsets: npt.NDArray[np.intp]) -> npt.NDArray[np.int16]:
    table = np.full(1 << 13, -1, dtype=np.int16)
    for k, combo in enumerate(subsets.tolist()):
        table[sum(1 << i for i in combo)] = k
    return table


def _multiset_hands(size: int, flush: bool) -> tuple[list[int], I64]:
    """Every rank multiset's index and one hand of card indexes with it (a flush, or not a flush)."""
    indexes, hands = [], []
    for ranks in combinations_with_replacement(range(13), size):
        if max(ranks.count(r) for r in ranks) > 4 or (flush and len(set(ranks)) < size):
            continue
        copies: dict[int, int] = {}
        cards = []
        for r in ranks:
            cards.append(4 * r + (0 if flush else copies.get(r, 0)))
            copies[r] = copies.get(r, 0) + 1
        if not flush and len(set(ranks)) == size:  # five distinct ranks: break the flush
            cards[-1] += 1
        indexes.append(_multiset_index(ranks))
        hands.append(cards)
    return indexes, np.array(hands, dtype=np.int64)


@cache
def subset_tables(wheel: WheelRank) -> SubsetTables:
    """The :class:`SubsetTables` of ``wheel``, valued by :func:`~maubinh.strategy.fast.evaluate_many`."""
    out: dict[int, tuple[I64, I64]] = {}
    for size in (5, 3):
        class_keys = _class_keys(wheel, size)
        keys = np.full((2, comb(13 + size - 1, size)), -1, dtype=np.int64)
        for row, flush in enumerate((False, True) if size == 5 else (False,)):
            indexes, hands = _multiset_hands(size, flush)
            keys[row, indexes] = evaluate_many(hands, wheel)
        found = keys >= 0
        out[size] = (keys, np.where(found, np.searchsorted(class_keys, np.where(found, keys, 0)), -1))
    return SubsetTables(
        _terms(5), _terms(3), out[5][0].astype(np.int32), out[5][1].astype(np.int16),
        out[3][0][0].astype(np.int32), out[3][1][0].astype(np.int16), _masks(COMB5), _masks(COMB3),
        np.array([sum(1 << i for i in combo) for combo in COMB5.tolist()], dtype=np.int64),
        _rest8(),
    )


def _rest8() -> I64:
    table = np.full(256, -1, dtype=np.int64)
    for k, combo in enumerate(combinations(range(8), 5)):
        table[sum(1 << i for i in combo)] = k
    return table


def _class_keys(wheel: WheelRank, size: int) -> I64:
    """The sorted distinct keys that :func:`~maubinh.strategy.vector.classes` numbers (they depend on the wheel only)."""
    _, plain, flush = rank_tables(wheel, size)
    return np.unique(np.concatenate([plain, flush[flush >= 0]]))


@cache
def split_columns() -> npt.NDArray[np.int32]:
    """``(72072, 2)``: the middle and front columns of :data:`~maubinh.strategy.vector.SPLITS`.

    The kernel relies on the back of split ``row`` being ``row // 56`` (56 splits per back, in
    :data:`~maubinh.strategy.vector.COMB5` order), which is checked here.
    """
    if not (SPLITS[:, 0] == np.arange(len(SPLITS)) // 56).all():  # pragma: no cover - a layout change
        raise RuntimeError("vector.SPLITS is no longer grouped by back, 56 splits each")
    return np.ascontiguousarray(SPLITS[:, 1:], dtype=np.int32)


def order_flags(strict: bool) -> tuple[int, int]:
    """Whether a back may equal its middle, and a middle its front, as :func:`~maubinh.strategy.vector.in_order`
    says under the order rule ``strict`` (:attr:`~maubinh.rules.RuleSet.strict_order`)."""
    return int(in_order(5, 5, 0, strict=strict)), int(in_order(9, 5, 5, strict=strict))


@dataclass(frozen=True, eq=False)
class SolverArrays:
    """The solver's :class:`~maubinh.strategy.tables.Tables` as arrays over hand classes.

    Attributes:
        five: ``(n5, 12)``: per 5-card class, as a back then as a middle: net, win, lose, mean_won,
            mean_lost, won (one row per class, so that a subset's values share a cache line).
        three: ``(n3, 6)``: the same for the front.
        scoop: the scoop multiplier against one opponent (1 = none).
        tie_bm, tie_mf: whether a back may equal its middle and a middle its front (:func:`order_flags`
            of the tables' order rule).
    """

    five: F64
    three: F64
    scoop: float
    tie_bm: bool
    tie_mf: bool


def solver_arrays(tables: Tables) -> SolverArrays:
    """:class:`SolverArrays` of any :class:`~maubinh.strategy.tables.Tables` (e.g. while training)."""
    rows = (tables.net, tables.win, tables.lose, tables.mean_won, tables.mean_lost, tables.won)
    five = np.ascontiguousarray(np.array([row[p] for p in (0, 1) for row in rows], dtype=np.float64).T)
    three = np.ascontiguousarray(np.array([row[2] for row in rows], dtype=np.float64).T)
    tie_bm, tie_mf = order_flags(tables.strict)
    return SolverArrays(five, three, float(tables.scoop), bool(tie_bm), bool(tie_mf))


@dataclass(frozen=True, eq=False)
class SettleArrays:
    """What settlement needs of a rule set (digest §2.3-2.7), as arrays.

    Attributes:
        pay5, family5, aces5: ``(2, n5)`` for the back and the middle, per class: the chi that chi wins
            when it wins (the bonus, or ``chi_win``), its bonus family (0 = none; chặt chồng when both
            hands of a chi share one), and whether the bonus is four aces (1/0).
        pay3, family3, aces3: ``(n3,)`` the same for the front.
        params: ``(8,)`` the scalars, at :data:`CHI_WIN`, :data:`FOUL_PENALTY`, :data:`CLASH`,
            :data:`ACES_ON`, :data:`EXCLUDE_FOUR_ACES`, :data:`SCOOP_ACTIVE`, :data:`TIE_BACK_MIDDLE`,
            :data:`TIE_MIDDLE_FRONT`.
        factors: ``(4, 4)``: ``factors[m, k]`` multiplies a scooped opponent's chi when the scooper
            scoops ``k`` of its ``m`` opponents (:meth:`~maubinh.rules.ScoopRule.factor`; row 0 unused).
    """

    pay5: I64
    family5: I64
    aces5: I64
    pay3: I64
    family3: I64
    aces3: I64
    params: I64
    factors: I64


@lru_cache(maxsize=64)
def settle_arrays(rule_set: RuleSet) -> SettleArrays:
    """The :class:`SettleArrays` of ``rule_set`` (from :func:`~maubinh.strategy.vector.classes` and the rule set)."""
    _, pay5, fam5, fa5 = classes(rule_set, 5)
    _, pay3, fam3, fa3 = classes(rule_set, 3)
    tie_bm, tie_mf = order_flags(rule_set.strict_order)
    params = np.array(
        [rule_set.chi_win, rule_set.foul_price, rule_set.bonus_clash, int(rule_set.ace_rule is not AceRule.NONE),
         int(rule_set.exclude_bonus_four_aces), int(rule_set.scoop.active), tie_bm, tie_mf],
        dtype=np.int64,
    )
    factors = np.ones((4, 4), dtype=np.int64)
    for m in range(1, 4):
        for k in range(4):
            factors[m, k] = rule_set.scoop.factor(min(k, m), m)
    return SettleArrays(
        np.ascontiguousarray(pay5, dtype=np.int64), np.ascontiguousarray(fam5, dtype=np.int64),
        np.ascontiguousarray(fa5, dtype=np.int64), np.ascontiguousarray(pay3[0], dtype=np.int64),
        np.ascontiguousarray(fam3[0], dtype=np.int64), np.ascontiguousarray(fa3[0], dtype=np.int64), params, factors,
    )
