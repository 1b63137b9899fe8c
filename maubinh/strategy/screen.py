"""A quick screen for instant wins over a big batch of hands (the many-deals simulation).

:func:`maubinh.naturals.find_instant_win` is exact but takes a fraction of a millisecond a hand; this
screen says, with a few numpy passes over rank and suit counts, which hands *could* hold any of the
patterns of :class:`~maubinh.rules.NaturalPattern` (a superset: a test checks that every hand holding one
passes), so that the exact search runs only on those (about 2 % of random hands).

>>> from maubinh.cards import parse_cards
>>> dragon = [c.index for c in parse_cards("2s 3h 4d 5c 6s 7h 8d 9c Ts Jh Qd Kc As")]
>>> plain = [c.index for c in parse_cards("2s 2h 4d 5c 6s 7h 8d 9c Ts Jh Qd Kc As")]
>>> may_hold_instant_win(np.array([dragon, plain])).tolist()
[True, False]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import numpy as np
import numpy.typing as npt

from maubinh.cards import FULL_DECK, Card
from maubinh.naturals import _STRAIGHT_TRIPLES, InstantWin, find_instant_win
from maubinh.rules import RuleSet

__all__ = ["instant_wins", "may_hold_instant_win", "may_hold_one"]

_SMALL = 16
"""Below this many hands, :func:`instant_wins` screens hand by hand in Python (:func:`may_hold_one`, a few µs a
hand); from it, with numpy (:func:`may_hold_instant_win`, ~0.1 ms whatever the batch's size up to hundreds)."""


def instant_wins(hands: Sequence[Sequence[Card]], rule_set: RuleSet,
                 indexes: npt.NDArray[np.int64] | None = None) -> list[InstantWin | None]:
    """Each hand's instant win (mậu binh) under ``rule_set`` (:func:`maubinh.naturals.find_instant_win`, digest
    §2.4), or ``None``: the exact search runs only on the hands the screen lets through, the same answers.
    Found once per hand and rule set, then passed along (to the declare choice, the settlement). ``indexes``: the
    hands' ``(H, 13)`` card indexes when the caller has them."""
    if not rule_set.naturals:
        return [None] * len(hands)
    if len(hands) < _SMALL:
        flags = [may_hold_one([card.index for card in cards]) for cards in hands]
    else:
        if indexes is None:
            indexes = np.array([[card.index for card in cards] for cards in hands], dtype=np.int64)
        flags = may_hold_instant_win(indexes).tolist()
    return [find_instant_win(cards, rule_set) if flag else None for cards, flag in zip(hands, flags)]


_RED = tuple(FULL_DECK[s].suit.is_red for s in range(4))


def may_hold_one(hand: Sequence[int]) -> bool:
    """:func:`may_hold_instant_win` of one hand of 13 card indexes, in plain Python (the same answer, a test checks;
    no numpy call's overhead for one hand)."""
    ranks = [0] * 13
    suits = [0, 0, 0, 0]
    for card in hand:
        ranks[card // 4] += 1
        suits[card % 4] += 1
    reds = sum(count for count, red in zip(suits, _RED) if red)
    if reds >= 12 or reds <= 1 or max(ranks) == 1 and min(ranks) == 1:
        return True
    if sum(count // 2 for count in ranks) >= 6 or sum(count >= 3 for count in ranks) >= 4:
        return True
    if sum(count == 4 for count in ranks) >= 3:
        return True
    if sorted(suits, reverse=True) in _FLUSH_LISTS:
        return True
    return sum(count * power for count, power in zip(ranks, _POWER_LIST)) in _straight_set()


# Suit counts (high to low) that split into one-suit chi of 5, 5 and 3 (three flushes, and three
# straight flushes, which are flushes too); padded to four suits.
_FLUSH_SHAPES = np.array([[13, 0, 0, 0], [10, 3, 0, 0], [8, 5, 0, 0], [5, 5, 3, 0]], dtype=np.int64)
_POWERS = 5 ** np.arange(13, dtype=np.int64)
_FLUSH_LISTS = _FLUSH_SHAPES.tolist()
_POWER_LIST = _POWERS.tolist()


@cache
def _straight_set() -> frozenset[int]:
    return frozenset(_straight_codes().tolist())


@cache
def _straight_codes() -> npt.NDArray[np.int64]:
    """The rank-count codes of every 13-card rank multiset that splits into three straights."""
    codes = []
    for ranks in _STRAIGHT_TRIPLES:
        counts = np.bincount(np.asarray(ranks) - 2, minlength=13)
        codes.append(int(counts @ _POWERS))
    return np.unique(np.array(codes, dtype=np.int64))


def may_hold_instant_win(hands: npt.ArrayLike) -> npt.NDArray[np.bool_]:
    """Which hands could hold an instant win under any rule set.

    Args:
        hands: ``(H, 13)`` card indexes (:attr:`~maubinh.cards.Card.index`).

    Returns:
        ``(H,)`` booleans: ``False`` only where no pattern can match.
    """
    idx = np.asarray(hands, dtype=np.int64).reshape(-1, 13)
    ranks = np.zeros((len(idx), 13), dtype=np.int64)
    np.add.at(ranks, (np.arange(len(idx))[:, None], idx // 4), 1)
    suits = np.zeros((len(idx), 4), dtype=np.int64)
    np.add.at(suits, (np.arange(len(idx))[:, None], idx % 4), 1)
    red = np.array([FULL_DECK[s].suit.is_red for s in range(4)], dtype=np.int64)
    reds = suits @ red
    dragon = (ranks == 1).all(axis=1)
    colour = (reds >= 12) | (reds <= 1)
    pairs = (ranks // 2).sum(axis=1) >= 6  # six pairs; five pairs and trips (trips one pair, a quad two: 4+3+2+2+2)
    trips = (ranks >= 3).sum(axis=1) >= 4
    quads = (ranks == 4).sum(axis=1) >= 3
    shape = -np.sort(-suits, axis=1)
    flushes = (shape[:, None, :] == _FLUSH_SHAPES[None, :, :]).all(axis=2).any(axis=1)
    straights = np.isin(ranks @ _POWERS, _straight_codes())
    return np.asarray(dragon | colour | pairs | trips | quads | flushes | straights, dtype=np.bool_)
