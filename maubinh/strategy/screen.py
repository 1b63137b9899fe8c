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

from functools import cache

import numpy as np
import numpy.typing as npt

from maubinh.cards import FULL_DECK
from maubinh.naturals import _STRAIGHT_TRIPLES

__all__ = ["may_hold_instant_win"]

# Suit counts (high to low) that split into one-suit chi of 5, 5 and 3 (three flushes, and three
# straight flushes, which are flushes too); padded to four suits.
_FLUSH_SHAPES = np.array([[13, 0, 0, 0], [10, 3, 0, 0], [8, 5, 0, 0], [5, 5, 3, 0]], dtype=np.int64)
_POWERS = 5 ** np.arange(13, dtype=np.int64)


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
