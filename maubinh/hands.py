"""Hand values for 5-card and 3-card chi on one scale.

Every chi, whether the 5-card back and middle or the 3-card front, gets a
:class:`HandValue` whose integer :attr:`HandValue.key` orders all of them on a
single scale (digest §1). A 3-card hand can only be mậu thầu (high card), đôi
(pair) or sám cô (trips); it has no kickers beyond its three cards, and a
missing kicker counts below any card, so front ``Qs Qc Kh`` beats middle
``Qh Qd 9c 5s 3h`` while front ``Qs Qc 9d`` does not.

>>> from maubinh.cards import parse_cards
>>> evaluate(parse_cards("Qs Qc Kh")) > evaluate(parse_cards("Qh Qd 9c 5s 3h"))
True
>>> evaluate(parse_cards("Qs Qc 9d")) > evaluate(parse_cards("Qh Qd 9c 5s 3h"))
False
>>> evaluate(parse_cards("As 2d 3c 4h 5s")).category.name
'SANH'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum, IntEnum

from maubinh.cards import Card, Rank

__all__ = ["Category", "HandSizeError", "HandValue", "WheelRank", "evaluate"]


class Category(IntEnum):
    """Hand categories, weakest first (digest §1); the value is the category's place on the scale."""

    MAU_THAU = 0
    """Mậu thầu: high card, nothing made."""
    DOI = 1
    """Đôi (dách): one pair."""
    THU = 2
    """Thú: two pair (5-card only)."""
    SAM_CO = 3
    """Sám cô / xám chi: three of a kind."""
    SANH = 4
    """Sảnh: straight (5-card only)."""
    THUNG = 5
    """Thùng: flush (5-card only)."""
    CU_LU = 6
    """Cù lũ: full house (5-card only)."""
    TU_QUY = 7
    """Tứ quý: four of a kind (5-card only)."""
    THUNG_PHA_SANH = 8
    """Thùng phá sảnh: straight flush (5-card only)."""


class WheelRank(str, Enum):
    """Where A-2-3-4-5 (the wheel, sảnh hạ) ranks among straights and straight flushes (digest §2.2)."""

    LOWEST = "lowest"
    """The wheel is the lowest straight (``luckywin``, ``guide-2026``)."""
    SECOND = "second"
    """The wheel is second only to 10-J-Q-K-A (``chi-at``: sảnh thượng > sảnh hạ > others; ``tinh-chi``
    reading (revised): its payouts thượng 10 > hạ 7 > thường 5)."""


class HandSizeError(ValueError):
    """Raised when a chi is not 3 or 5 distinct cards."""


# Ordering values for the top card of a straight. The wheel tops out at 5 when
# it is the lowest straight; under WheelRank.SECOND it sits between K-high (13)
# and broadway, which then moves to 15 (one nibble still holds it).
_WHEEL_TOP = {WheelRank.LOWEST: 5, WheelRank.SECOND: 14}
_BROADWAY_TOP = {WheelRank.LOWEST: 14, WheelRank.SECOND: 15}
_WHEEL_RANKS = frozenset({14, 2, 3, 4, 5})


@dataclass(frozen=True, order=True)
class HandValue:
    """The value of one chi.

    Compare values with ``<``/``==``: only :attr:`key` takes part, so two hands
    that differ only in suits are equal (suits never break ties).

    Attributes:
        key: one integer on the common scale of 3- and 5-card hands:
            ``category << 20`` plus five 4-bit tie-break values, most
            significant first, missing kickers as 0.
        category: the :class:`Category`.
        ranks: the tie-break ranks, most significant first: the cards that
            make the category, then the kickers (for a straight, its top card,
            5 for the wheel).
        size: 3 or 5 (number of cards).
        is_wheel: True for A-2-3-4-5 straights and straight flushes.
    """

    key: int
    category: Category = field(compare=False)
    ranks: tuple[int, ...] = field(compare=False)
    size: int = field(compare=False)
    is_wheel: bool = field(compare=False, default=False)

    @property
    def is_broadway(self) -> bool:
        """True for a 10-J-Q-K-A straight or straight flush (sảnh thượng / thùng phá sảnh thượng)."""
        return self.category in (Category.SANH, Category.THUNG_PHA_SANH) and self.ranks[0] == 14


def _key(category: Category, order: Sequence[int]) -> int:
    key = int(category)
    for i in range(5):
        key = (key << 4) | (order[i] if i < len(order) else 0)
    return key


def evaluate(cards: Sequence[Card], wheel: WheelRank = WheelRank.LOWEST) -> HandValue:
    """Value a 5-card or 3-card chi.

    Args:
        cards: 3 or 5 distinct cards, in any order (the order never matters).
        wheel: where A-2-3-4-5 ranks (rule-set data, digest §2.2).

    Returns:
        The :class:`HandValue`; 3-card hands are only mậu thầu, đôi or sám cô
        (digest §1: no straights or flushes in the 3-card hand).

    Raises:
        HandSizeError: for a number of cards other than 3 or 5, or repeated cards.

    >>> from maubinh.cards import parse_cards
    >>> v = evaluate(parse_cards("Kd Kh 9s 9c 2d"))
    >>> v.category.name, v.ranks
    ('THU', (13, 9, 2))
    >>> evaluate(parse_cards("As 2d"))
    Traceback (most recent call last):
    ...
    maubinh.hands.HandSizeError: a chi has 3 or 5 cards, got 2
    """
    size = len(cards)
    if size not in (3, 5):
        raise HandSizeError(f"a chi has 3 or 5 cards, got {size}")
    if len(set(cards)) != size:
        raise HandSizeError("a chi cannot hold the same card twice")
    counts = Counter(int(c.rank) for c in cards)
    # Ranks grouped by count, then by rank, both descending: the tie-break order.
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    order = tuple(rank for rank, _ in groups)
    shape = tuple(n for _, n in groups)
    if size == 3:
        category = {(3,): Category.SAM_CO, (2, 1): Category.DOI}.get(shape, Category.MAU_THAU)
        return HandValue(_key(category, order), category, order, 3)

    flush = len({c.suit for c in cards}) == 1
    distinct = sorted(counts, reverse=True)
    straight_top = 0
    is_wheel = False
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_top = distinct[0]
            if straight_top == 14:
                straight_top = _BROADWAY_TOP[wheel]
        elif set(distinct) == _WHEEL_RANKS:
            straight_top, is_wheel = _WHEEL_TOP[wheel], True
    if straight_top:
        category = Category.THUNG_PHA_SANH if flush else Category.SANH
        ranks = (5,) if is_wheel else (min(straight_top, 14),)
        return HandValue(_key(category, (straight_top,)), category, ranks, 5, is_wheel)
    # One deck: a flush has five distinct ranks, so it never has a paired shape.
    category = Category.THUNG if flush else _SHAPES[shape]
    return HandValue(_key(category, order), category, order, 5)


_SHAPES: dict[tuple[int, ...], Category] = {
    (1, 1, 1, 1, 1): Category.MAU_THAU,
    (2, 1, 1, 1): Category.DOI,
    (2, 2, 1): Category.THU,
    (3, 1, 1): Category.SAM_CO,
    (3, 2): Category.CU_LU,
    (4, 1): Category.TU_QUY,
}


def is_ace_high(value: HandValue) -> bool:
    """True when the cards that make the category are aces (tứ quý A, sám cô A)."""
    return value.ranks[0] == Rank.ACE


def value_from_key(key: int, size: int, wheel: WheelRank = WheelRank.LOWEST) -> HandValue:
    """Rebuild the :class:`HandValue` of a :attr:`HandValue.key` (for table-driven code).

    Args:
        key: a key produced by :func:`evaluate` (or the vectorised tables) under ``wheel``.
        size: 3 or 5, the number of cards of that hand.
        wheel: the straight order the key was made under.

    >>> from maubinh.cards import parse_cards
    >>> v = evaluate(parse_cards("Ah 2h 3h 4h 5h"), WheelRank.SECOND)
    >>> value_from_key(v.key, 5, WheelRank.SECOND) == v, value_from_key(v.key, 5, WheelRank.SECOND).is_wheel
    (True, True)
    """
    category = Category(key >> 20)
    nibbles = [(key >> (4 * (4 - i))) & 15 for i in range(5)]
    order = tuple(n for n in nibbles if n)
    if category in (Category.SANH, Category.THUNG_PHA_SANH):
        top = order[0]
        is_wheel = top == _WHEEL_TOP[wheel]
        ranks = (5,) if is_wheel else (min(top, 14),)
        return HandValue(key, category, ranks, size, is_wheel)
    return HandValue(key, category, order, size)
