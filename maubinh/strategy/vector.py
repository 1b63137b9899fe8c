"""Vectorised settlement of many arrangements of one hand against many opponents.

Used by the solver, the expected-value estimate and the benchmarks: the same
rules as :func:`maubinh.settle.settle`, computed with numpy over arrays of
splits (a test checks both agree deal by deal).

A hand's 13 cards have 1,287 five-card and 286 three-card subsets; every split
into back / middle / front is a triple of subset indexes (:data:`SPLITS`, 72,072
rows), so each subset is valued once per hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from maubinh.arrangement import Arrangement, keys_in_order
from maubinh.cards import FULL_DECK, Card, Rank
from maubinh.hands import value_from_key
from maubinh.naturals import InstantWin, contest
from maubinh.rules import POSITIONS, AceRule, BonusHand, RuleSet
from maubinh.settle import bonus_for
from maubinh.strategy.fast import evaluate_many, rank_tables
from maubinh.strategy.screen import instant_wins

__all__ = [
    "CLASSES_CACHED",
    "COMB3",
    "COMB5",
    "SPLITS",
    "HandSplits",
    "HeadsUp",
    "Side",
    "check_hands",
    "classes",
    "hand_splits",
    "hand_splits_many",
    "heads_up",
    "in_order",
    "side_of",
    "split_arrangement",
    "table_totals",
]

I64 = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

COMB5 = np.array(list(combinations(range(13), 5)), dtype=np.intp)
"""The 1,287 five-card subsets of a hand's 13 positions."""
COMB3 = np.array(list(combinations(range(13), 3)), dtype=np.intp)
"""The 286 three-card subsets."""


def _build_splits() -> npt.NDArray[np.intp]:
    mask5 = {sum(1 << i for i in c): k for k, c in enumerate(COMB5.tolist())}
    mask3 = {sum(1 << i for i in c): k for k, c in enumerate(COMB3.tolist())}
    full = (1 << 13) - 1
    rows = []
    for back_mask, b in mask5.items():
        rest = [i for i in range(13) if not back_mask >> i & 1]
        for middle in combinations(rest, 5):
            m_mask = sum(1 << i for i in middle)
            rows.append((b, mask5[m_mask], mask3[full ^ back_mask ^ m_mask]))
    return np.array(rows, dtype=np.intp)


SPLITS = _build_splits()
"""All 72,072 splits as rows ``(back, middle, front)`` of indexes into :data:`COMB5`, :data:`COMB5`, :data:`COMB3`."""


def in_order(back: npt.ArrayLike, middle: npt.ArrayLike, front: npt.ArrayLike, *, strict: bool) -> BoolArray:
    """Whether chi values (:attr:`HandValue.key` integers, any matching shapes) are in legal order.

    The strategy layer's form of :func:`maubinh.arrangement.keys_in_order` (digest §1, reading revised
    again: back >= middle >= front; ``strict``, the rule set's :attr:`~maubinh.rules.RuleSet.strict_order`,
    a house rule: back > middle > front); the compiled kernel (:mod:`maubinh.strategy.kernel`) takes its
    legality from this function too (:func:`maubinh.strategy.rule_arrays.order_flags`).
    """
    return np.asarray(keys_in_order(np.asarray(back), np.asarray(middle), np.asarray(front), strict=strict),
                      dtype=np.bool_)


CLASSES_CACHED = 32
"""(rule set, size) pairs whose class tables are kept (least recently used dropped first): both sizes
of sixteen rule sets; any other is rebuilt when asked, so the cache only saves time."""


@lru_cache(maxsize=CLASSES_CACHED)
def classes(rule_set: RuleSet, size: int) -> tuple[I64, I64, npt.NDArray[np.int8], BoolArray]:
    """Per-class tables for ``size``-card hands under ``rule_set``, for the positions that hold them.

    Returns:
        ``(keys, pay, family, four_aces)``: the sorted distinct keys (7,462 or 455);
        then, with one row per position that holds ``size`` cards (back, middle for 5;
        front for 3), the chi a hand of that class wins when its chi wins (bonus or 1),
        its bonus family id (0 = no bonus; for chặt chồng), and whether the bonus is
        four aces (``tinh-chi``'s ace exclusion).
    """
    _, plain, flush = rank_tables(rule_set.wheel, size)
    keys = np.unique(np.concatenate([plain, flush[flush >= 0]]))
    positions = [p for p in POSITIONS if p.size == size]
    families = list(BonusHand)
    pay = np.full((len(positions), len(keys)), rule_set.chi_win, dtype=np.int64)
    family = np.zeros((len(positions), len(keys)), dtype=np.int8)
    four_aces = np.zeros((len(positions), len(keys)), dtype=np.bool_)
    for j, key in enumerate(keys.tolist()):
        value = value_from_key(key, size, rule_set.wheel)
        for i, position in enumerate(positions):
            entry = bonus_for(value, position, rule_set)
            if entry is not None:
                pay[i, j] = entry.chi
                family[i, j] = 1 + families.index(entry.hand.family)
                four_aces[i, j] = entry.hand is BonusHand.TU_QUY_A
    return keys, pay, family, four_aces


@dataclass(frozen=True)
class Side:
    """Many arrangements seen by the settlement: arrays with one row per arrangement.

    Attributes:
        keys: ``(n, 3)`` hand keys of back, middle, front.
        pay: ``(n, 3)`` chi each chi wins when it wins.
        family: ``(n, 3)`` bonus family ids (0 none).
        four_aces: ``(n, 3)`` whether that chi's bonus is four aces.
        foul: ``(n,)`` binh lủng.
    """

    keys: I64
    pay: I64
    family: npt.NDArray[np.int8]
    four_aces: BoolArray
    foul: BoolArray

    def take(self, rows: npt.ArrayLike) -> Side:
        """The sub-array of the given rows."""
        idx = np.asarray(rows, dtype=np.intp)
        return Side(self.keys[idx], self.pay[idx], self.family[idx], self.four_aces[idx], self.foul[idx])


@dataclass(frozen=True)
class HandSplits:
    """One 13-card hand's subsets valued once, and its splits.

    Attributes:
        cards: card indexes ``(13,)`` in the hand's order.
        key5, key3: keys of the 1,287 five-card and 286 three-card subsets.
        class5, class3: their class indexes (positions in :func:`classes`' keys).
        natural: the instant win the hand declares, or ``None``.
        aces: number of aces.
    """

    cards: I64
    key5: I64
    key3: I64
    class5: I64
    class3: I64
    natural: InstantWin | None
    aces: int

    def legal(self, *, strict: bool) -> BoolArray:
        """``(72072,)``: which splits are not binh lủng (``strict``: the rule set's
        :attr:`~maubinh.rules.RuleSet.strict_order`)."""
        return in_order(self.key5[SPLITS[:, 0]], self.key5[SPLITS[:, 1]], self.key3[SPLITS[:, 2]], strict=strict)

    def arrangement(self, split: int) -> Arrangement:
        """The :class:`Arrangement` of split number ``split``."""
        return split_arrangement(self.cards, split)

    def side(self, rule_set: RuleSet, splits: npt.ArrayLike | None = None) -> Side:
        """The :class:`Side` of the given splits (all 72,072 by default)."""
        rows = SPLITS if splits is None else SPLITS[np.asarray(splits)]
        _, pay5, fam5, fa5 = classes(rule_set, 5)
        _, pay3, fam3, fa3 = classes(rule_set, 3)
        cb, cm, cf = self.class5[rows[:, 0]], self.class5[rows[:, 1]], self.class3[rows[:, 2]]
        keys = np.stack([self.key5[rows[:, 0]], self.key5[rows[:, 1]], self.key3[rows[:, 2]]], axis=1)
        pay = np.stack([pay5[0, cb], pay5[1, cm], pay3[0, cf]], axis=1)
        family = np.stack([fam5[0, cb], fam5[1, cm], fam3[0, cf]], axis=1)
        four_aces = np.stack([fa5[0, cb], fa5[1, cm], fa3[0, cf]], axis=1)
        foul = ~in_order(keys[:, 0], keys[:, 1], keys[:, 2], strict=rule_set.strict_order)
        return Side(keys, pay, family, four_aces, foul)


def split_arrangement(cards: npt.ArrayLike, split: int) -> Arrangement:
    """The :class:`Arrangement` of split number ``split`` (a row of :data:`SPLITS`) of a hand given as
    13 :attr:`Card.index` values in the hand's order."""
    hand = [FULL_DECK[i] for i in np.asarray(cards, dtype=np.int64).tolist()]  # FULL_DECK[i].index == i
    b, m, f = SPLITS[split].tolist()
    five, three = _subset_positions()
    return Arrangement(tuple(hand[i] for i in five[b]), tuple(hand[i] for i in five[m]),
                       tuple(hand[i] for i in three[f]))


@cache
def _subset_positions() -> tuple[list[list[int]], list[list[int]]]:
    """:data:`COMB5` and :data:`COMB3` as Python lists (a split's cards picked without numpy's per-call cost)."""
    return COMB5.tolist(), COMB3.tolist()


def check_hands(hands: Sequence[Sequence[Card]]) -> None:
    """Raise ``ValueError`` unless every hand is 13 distinct cards."""
    for cards in hands:
        if len(set(cards)) != 13 or len(cards) != 13:
            raise ValueError(f"a hand has 13 distinct cards, got {len(set(cards))} of {len(cards)}")


def hand_splits(cards: Sequence[Card], rule_set: RuleSet, *, natural: bool = True) -> HandSplits:
    """Value every subset of a 13-card hand under ``rule_set`` (about 0.2 ms); ``natural=False``: without looking
    for its instant win (``natural`` left ``None``: for a hand already known to hold none, ~0.15 ms less).

    Raises:
        ValueError: if ``cards`` is not 13 distinct cards.
    """
    return hand_splits_many([cards], rule_set, natural=natural)[0]


def hand_splits_many(hands: Sequence[Sequence[Card]], rule_set: RuleSet, *, natural: bool = True) -> list[HandSplits]:
    """:func:`hand_splits` for many hands, their subsets valued in one vectorised pass.

    Raises:
        ValueError: if a hand is not 13 distinct cards.
    """
    check_hands(hands)
    if not hands:
        return []
    idx = np.array([[c.index for c in cards] for cards in hands], dtype=np.int64)
    key5 = evaluate_many(idx[:, COMB5], rule_set.wheel)
    key3 = evaluate_many(idx[:, COMB3], rule_set.wheel)
    class5 = np.searchsorted(classes(rule_set, 5)[0], key5)
    class3 = np.searchsorted(classes(rule_set, 3)[0], key3)
    naturals = instant_wins(hands, rule_set, idx) if natural else [None] * len(hands)
    return [
        HandSplits(idx[h], key5[h], key3[h], class5[h], class3[h], naturals[h], sum(c.rank == Rank.ACE for c in cards))
        for h, cards in enumerate(hands)
    ]


def side_of(arrangements: Sequence[Arrangement], rule_set: RuleSet) -> Side:
    """The :class:`Side` of given arrangements (e.g. opponents), one row each."""
    rows = []
    for arrangement in arrangements:
        idx = np.array([c.index for c in arrangement.cards], dtype=np.int64)
        rows.append((idx[:5], idx[5:10], idx[10:]))
    backs = evaluate_many(np.array([r[0] for r in rows]), rule_set.wheel)
    middles = evaluate_many(np.array([r[1] for r in rows]), rule_set.wheel)
    fronts = evaluate_many(np.array([r[2] for r in rows]), rule_set.wheel)
    keys5, pay5, fam5, fa5 = classes(rule_set, 5)
    keys3, pay3, fam3, fa3 = classes(rule_set, 3)
    cb, cm, cf = np.searchsorted(keys5, backs), np.searchsorted(keys5, middles), np.searchsorted(keys3, fronts)
    keys = np.stack([backs, middles, fronts], axis=1)
    return Side(
        keys,
        np.stack([pay5[0, cb], pay5[1, cm], pay3[0, cf]], axis=1),
        np.stack([fam5[0, cb], fam5[1, cm], fam3[0, cf]], axis=1),
        np.stack([fa5[0, cb], fa5[1, cm], fa3[0, cf]], axis=1),
        ~in_order(keys[:, 0], keys[:, 1], keys[:, 2], strict=rule_set.strict_order),
    )


@dataclass(frozen=True)
class HeadsUp:
    """Pairwise results of ``n`` arrangements against ``m`` opponents, before scoop multipliers.

    Attributes:
        compared: ``(n, m)`` chi from the chi comparison (0 where not compared).
        other: ``(n, m)`` chi from instant wins and fouls.
        win_all, lose_all: ``(n, m)`` scoop flags (only where chi were compared).
        aces: ``(n, m)`` chi from the ace rule.
        signs: ``(n, m, 3)`` per chi +1 / 0 / -1 where compared, else 0.
        compared_mask: ``(n, m)`` whether chi were compared.
    """

    compared: I64
    other: I64
    win_all: BoolArray
    lose_all: BoolArray
    aces: I64
    signs: npt.NDArray[np.int8]
    compared_mask: BoolArray


def heads_up(
    mine: Side,
    my_natural: InstantWin | None,
    my_aces: int,
    opponents: Side,
    their_naturals: Sequence[InstantWin | None],
    their_aces: Sequence[int],
    rule_set: RuleSet,
    *,
    my_declared: bool = True,
    their_declared: Sequence[bool] | None = None,
) -> HeadsUp:
    """Each of my arrangements against each opponent, as :func:`settle` would pair them.

    ``my_declared`` / ``their_declared`` (one flag per opponent; ``None``: all) are :func:`settle`'s
    ``declared``: an instant win not declared is not settled as one, and that seat plays its split
    (its chi compared, a foul paid) like any other (digest §2.4, reading revised).
    """
    if not my_declared:
        my_natural = None
    if their_declared is not None:
        their_naturals = [nat if flag else None for nat, flag in zip(their_naturals, their_declared, strict=True)]
    signs = np.sign(mine.keys[:, None, :] - opponents.keys[None, :, :]).astype(np.int8)  # (n, m, 3)
    clash = np.ones(signs.shape, dtype=np.int64)
    if rule_set.bonus_clash != 1:
        same = (mine.family[:, None, :] == opponents.family[None, :, :]) & (mine.family[:, None, :] > 0)
        clash = np.where(same, rule_set.bonus_clash, 1)
    won = np.where(signs > 0, mine.pay[:, None, :], 0)
    lost = np.where(signs < 0, opponents.pay[None, :, :], 0)
    compared = ((won - lost) * clash).sum(axis=2)

    n, m = signs.shape[:2]
    my_foul = np.broadcast_to(mine.foul[:, None], (n, m))
    their_foul = np.broadcast_to(opponents.foul[None, :], (n, m))
    naturals = np.array([my_natural is not None or nat is not None for nat in their_naturals], dtype=np.bool_)
    natural_chi = np.array([_natural_amount(my_natural, nat, rule_set) for nat in their_naturals], dtype=np.int64)
    other = np.where(naturals[None, :], natural_chi[None, :], 0)
    other = np.where(~naturals[None, :] & my_foul & ~their_foul, -rule_set.foul_price, other)
    other = np.where(~naturals[None, :] & ~my_foul & their_foul, rule_set.foul_price, other)
    mask = ~naturals[None, :] & ~my_foul & ~their_foul
    compared = np.where(mask, compared, 0)
    signs = np.where(mask[:, :, None], signs, 0).astype(np.int8)
    scoops = rule_set.scoop.active
    win_all = mask & np.all(signs > 0, axis=2) & scoops
    lose_all = mask & np.all(signs < 0, axis=2) & scoops

    aces = np.zeros((n, m), dtype=np.int64)
    if rule_set.ace_rule is not AceRule.NONE:
        mine_counted = np.full((n, m), my_aces, dtype=np.int64)
        theirs_counted = np.broadcast_to(np.asarray(their_aces, dtype=np.int64)[None, :], (n, m)).copy()
        if rule_set.exclude_bonus_four_aces:
            mine_counted -= 4 * np.any((signs > 0) & mine.four_aces[:, None, :], axis=2)
            theirs_counted -= 4 * np.any((signs < 0) & opponents.four_aces[None, :, :], axis=2)
        aces = (mine_counted - theirs_counted) * rule_set.chi_win
    return HeadsUp(compared, other, win_all, lose_all, aces, signs, mask)


def _natural_amount(mine: InstantWin | None, theirs: InstantWin | None, rule_set: RuleSet) -> int:
    """Chi I take from one opponent through instant wins (0 when neither has one)."""
    if mine is None and theirs is None:
        return 0
    if theirs is None:
        assert mine is not None
        return mine.chi
    if mine is None:
        return -theirs.chi
    sign = contest(mine, theirs, rule_set)
    return 0 if sign == 0 else mine.chi if sign > 0 else -theirs.chi


def table_totals(
    result: HeadsUp, opponents_scooped_among_themselves: Sequence[int], rule_set: RuleSet
) -> I64:
    """My total against one table of ``m`` opponents, per arrangement: ``(n,)`` chi.

    Applies the scoop multipliers, which depend on how many players each scooper
    scoops (``opponents_scooped_among_themselves[j]``: how many other opponents
    opponent ``j`` scoops in this deal, from settling the opponents among themselves).
    """
    m = result.compared.shape[1]
    my_scoops = result.win_all.sum(axis=1)  # (n,)
    my_factor = np.array([rule_set.scoop.factor(k, m) for k in range(m + 1)], dtype=np.int64)[my_scoops]
    among = np.asarray(opponents_scooped_among_themselves, dtype=np.int64)
    factor_table = np.array(
        [[rule_set.scoop.factor(k, m) for k in range(m + 1)]], dtype=np.int64
    )  # scooping k players at a table of m + 1
    their_factor = factor_table[0][among[None, :] + result.lose_all]  # (n, m)
    factor = np.where(result.win_all, my_factor[:, None], np.where(result.lose_all, their_factor, 1))
    totals: I64 = (result.compared * factor + result.other + result.aces).sum(axis=1)
    return totals
