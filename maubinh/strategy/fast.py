"""Vectorised hand values: lookup tables over rank multisets, evaluated with numpy.

The plain evaluator in :mod:`maubinh.hands` is the readable reference; this
module gives the same :attr:`HandValue.key` integers for many hands at once
(a test checks they agree). A 5-card hand's value depends only on its rank
multiset and on whether it is a flush, so one table of the 6,175 multisets
(and the 1,287 flush ones) per wheel order covers every 5-card hand; 455
multisets cover every 3-card hand.

Cards are given as :attr:`Card.index` integers (0..51): rank = index // 4 + 2,
suit = index % 4.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations, combinations_with_replacement

import numpy as np
import numpy.typing as npt

from maubinh.arrangement import keys_in_order
from maubinh.cards import Card, Rank, Suit
from maubinh.hands import WheelRank, evaluate

__all__ = ["COMB5_OF_13", "evaluate_many", "rank_tables", "strongest_back_first"]

IntArray = npt.NDArray[np.int64]

# One prime per rank: the product of a hand's primes identifies its rank multiset.
_PRIMES = np.array([2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41], dtype=np.int64)
_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


def _hand_for(ranks: tuple[int, ...], flush: bool) -> list[Card]:
    """Concrete cards with these rank offsets (0..12): one suit for a flush, else not all one suit."""
    if flush:
        return [Card(Rank(r + 2), _SUITS[0]) for r in ranks]
    copies: Counter[int] = Counter()
    cards = []
    for r in ranks:
        cards.append(Card(Rank(r + 2), _SUITS[copies[r]]))
        copies[r] += 1
    if len(copies) == len(ranks):  # five distinct ranks: break the flush
        cards[-1] = Card(cards[-1].rank, _SUITS[1])
    return cards


@cache
def rank_tables(wheel: WheelRank, size: int) -> tuple[IntArray, IntArray, IntArray]:
    """Lookup tables for ``size``-card hands (3 or 5) under ``wheel``.

    Returns:
        ``(products, plain_keys, flush_keys)``: sorted prime products of every
        rank multiset, the :attr:`HandValue.key` of a non-flush hand with that
        multiset, and of a flush one (-1 where no flush exists; 3-card hands
        have no flushes, digest §1).
    """
    rows: list[tuple[int, int, int]] = []
    for ranks in combinations_with_replacement(range(13), size):
        if max(ranks.count(r) for r in ranks) > 4:
            continue
        product = int(np.prod(_PRIMES[list(ranks)]))
        plain = evaluate(_hand_for(ranks, False), wheel).key
        distinct = len(set(ranks)) == size
        flush = evaluate(_hand_for(ranks, True), wheel).key if distinct and size == 5 else -1
        rows.append((product, plain, flush))
    rows.sort()
    table = np.array(rows, dtype=np.int64)
    return table[:, 0].copy(), table[:, 1].copy(), table[:, 2].copy()


def evaluate_many(cards: npt.ArrayLike, wheel: WheelRank = WheelRank.LOWEST) -> IntArray:
    """:attr:`HandValue.key` for each hand in an array of card indexes.

    Args:
        cards: integer array of shape ``(..., 5)`` or ``(..., 3)`` of :attr:`Card.index` values.
        wheel: where A-2-3-4-5 ranks.

    Returns:
        An int64 array of shape ``(...)``: the keys, comparable across 3- and 5-card hands.

    Raises:
        ValueError: if the last axis is not 3 or 5 long.
    """
    idx = np.asarray(cards, dtype=np.int64)
    size = idx.shape[-1]
    if size not in (3, 5):
        raise ValueError(f"hands have 3 or 5 cards, got {size}")
    products, plain, flush = rank_tables(wheel, size)
    product = np.prod(_PRIMES[idx // 4], axis=-1)
    pos = np.searchsorted(products, product)
    keys = plain[pos]
    if size == 5:
        suits = idx % 4
        is_flush = np.all(suits == suits[..., :1], axis=-1)
        keys = np.where(is_flush, flush[pos], keys)
    return np.asarray(keys, dtype=np.int64)


def _combos(n: int, k: int) -> npt.NDArray[np.intp]:
    return np.array(list(combinations(range(n), k)), dtype=np.intp)


COMB5_OF_13 = _combos(13, 5)
"""The 1,287 ways to pick 5 of 13 positions, shape (1287, 5)."""
_REST8_OF_13 = np.array([[i for i in range(13) if i not in c] for c in COMB5_OF_13], dtype=np.intp)
_COMB5_OF_8 = _combos(8, 5)
_REST3_OF_8 = np.array([[i for i in range(8) if i not in c] for c in _COMB5_OF_8], dtype=np.intp)


def strongest_back_first(
    hands: npt.ArrayLike, wheel: WheelRank = WheelRank.LOWEST, *, strict: bool = False
) -> npt.NDArray[np.int64]:
    """The simple arranger: the strongest 5-card back, then the strongest middle of the other 8 that
    keeps the order rule.

    The order rule (:func:`maubinh.arrangement.keys_in_order`, digest §1): a middle may equal the back
    (two straights of the same ranks, say) unless ``strict`` (a house rule); under the strict order the
    middle is the strongest five that are weaker than the back and still beat the three cards left.
    Where a back leaves no legal middle, the next strongest back is tried. So the result is never binh lủng.

    Args:
        hands: card indexes of shape ``(H, 13)``.
        wheel: where A-2-3-4-5 ranks; strict: the rule set's :attr:`~maubinh.rules.RuleSet.strict_order`.

    Returns:
        Card indexes of shape ``(H, 13)``: back (5), middle (5), front (3), each hand's cards rearranged.
    """
    h = np.asarray(hands, dtype=np.int64)
    rows = np.arange(h.shape[0])[:, None]
    back_keys = evaluate_many(h[:, COMB5_OF_13], wheel)  # (H, 1287)
    back_choice = np.argmax(back_keys, axis=1)
    middle_choice, found = _middles(h, back_choice, back_keys[rows[:, 0], back_choice], wheel, strict)
    for i in np.flatnonzero(~found):  # rare: this back leaves no legal middle, try the next backs
        for candidate in np.argsort(-back_keys[i], kind="stable"):
            m, ok = _middles(h[i : i + 1], np.array([candidate]), back_keys[i, candidate : candidate + 1], wheel,
                             strict)
            if ok[0]:
                back_choice[i], middle_choice[i] = candidate, m[0]
                break
    back = h[rows, COMB5_OF_13[back_choice]]
    rest = h[rows, _REST8_OF_13[back_choice]]  # (H, 8)
    middle = rest[rows, _COMB5_OF_8[middle_choice]]
    front = rest[rows, _REST3_OF_8[middle_choice]]
    return np.concatenate([back, middle, front], axis=1)


def _middles(
    h: IntArray, back_choice: npt.NDArray[np.intp], back_key: IntArray, wheel: WheelRank, strict: bool
) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.bool_]]:
    """For each hand and its chosen back: the strongest legal middle of the other 8 (index into the
    56 five-card subsets) and whether there is one."""
    rows = np.arange(h.shape[0])[:, None]
    rest = h[rows, _REST8_OF_13[back_choice]]  # (H, 8)
    middle_keys = evaluate_many(rest[:, _COMB5_OF_8], wheel)  # (H, 56)
    front_keys = evaluate_many(rest[:, _REST3_OF_8], wheel)  # (H, 56)
    legal: npt.NDArray[np.bool_] = keys_in_order(back_key[:, None], middle_keys, front_keys, strict=strict)
    choice = np.argmax(np.where(legal, middle_keys, -1), axis=1)
    return choice, np.asarray(legal.any(axis=1))
