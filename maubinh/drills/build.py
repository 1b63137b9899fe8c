"""Building hands to order for drill questions: a pool of cards and hands of a chosen category.

Questions need particular situations (two pairs of kings that differ only in a kicker, the wheel
against a 9-high straight, five pairs and a trips) far more often than a random deal gives them,
so generators build them from a :class:`Pool` of the cards still unused, one seeded
:class:`random.Random` per question. Every built hand is checked with
:func:`maubinh.hands.evaluate`; a request that cannot be met raises :class:`BuildError` and the
generator tries again.

>>> import random
>>> from maubinh.hands import Category, evaluate
>>> pool = Pool(random.Random(3))
>>> hand = build_hand(pool, Category.CU_LU)
>>> evaluate(hand).category.name, len(pool)
('CU_LU', 47)
>>> sorted(int(card.rank) for card in build_hand(pool, Category.DOI, groups=((9, 2), (5, 1), (3, 1), (2, 1))))
[2, 3, 5, 9, 9]
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from maubinh.cards import FULL_DECK, Card, Rank, Suit
from maubinh.hands import Category, WheelRank, evaluate

__all__ = ["RANKS", "BuildError", "Pool", "build_hand", "random_groups", "run_ranks"]

RANKS: tuple[int, ...] = tuple(int(rank) for rank in Rank)
"""The thirteen ranks, 2..14 (ace)."""

Groups = tuple[tuple[int, int], ...]
"""A rank multiset as ``((rank, count), ...)``, e.g. ``((13, 2), (9, 1), (5, 1), (2, 1))``."""

_SHAPES: dict[tuple[Category, int], tuple[int, ...]] = {
    (Category.MAU_THAU, 5): (1, 1, 1, 1, 1),
    (Category.DOI, 5): (2, 1, 1, 1),
    (Category.THU, 5): (2, 2, 1),
    (Category.SAM_CO, 5): (3, 1, 1),
    (Category.THUNG, 5): (1, 1, 1, 1, 1),
    (Category.CU_LU, 5): (3, 2),
    (Category.TU_QUY, 5): (4, 1),
    (Category.MAU_THAU, 3): (1, 1, 1),
    (Category.DOI, 3): (2, 1),
    (Category.SAM_CO, 3): (3,),
}
_RUNS = (Category.SANH, Category.THUNG_PHA_SANH)
_FLUSHES = (Category.THUNG, Category.THUNG_PHA_SANH)
_TRIES = 60


class BuildError(Exception):
    """The pool cannot supply the hand asked for (the generator draws again)."""


class Pool:
    """The cards still unused in one question, and the question's random generator.

    Attributes:
        rng: the question's :class:`random.Random`; every choice is drawn from it.
    """

    def __init__(self, rng: random.Random, cards: Iterable[Card] = FULL_DECK) -> None:
        self.rng = rng
        self._cards = set(cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __contains__(self, card: object) -> bool:
        return card in self._cards

    @property
    def cards(self) -> tuple[Card, ...]:
        """The unused cards, sorted (so draws are reproducible)."""
        return tuple(sorted(self._cards))

    def take(self, cards: Iterable[Card]) -> None:
        """Mark ``cards`` used; ``BuildError`` if one is already used."""
        cards = list(cards)
        missing = [card for card in cards if card not in self._cards]
        if missing or len(set(cards)) != len(cards):
            raise BuildError(f"cards not available: {' '.join(str(c) for c in missing) or 'repeated'}")
        self._cards.difference_update(cards)

    def draw(self, n: int) -> tuple[Card, ...]:
        """``n`` random unused cards, now used."""
        if n > len(self._cards):
            raise BuildError(f"{n} cards wanted, {len(self._cards)} left")
        drawn = tuple(self.rng.sample(self.cards, n))
        self.take(drawn)
        return drawn

    def pick(self, groups: Groups, suit: Suit | None = None) -> tuple[Card, ...]:
        """Cards for the rank multiset ``groups`` (all of ``suit`` if given), chosen at random; not yet used.

        Raises:
            BuildError: when the pool lacks the cards.
        """
        chosen: list[Card] = []
        for rank, count in groups:
            have = [c for c in self.cards if c.rank == rank and (suit is None or c.suit is suit)]
            if len(have) < count:
                raise BuildError(f"not {count} cards of rank {rank} left")
            chosen.extend(self.rng.sample(have, count))
        return tuple(chosen)


def run_ranks(top: int, length: int = 5) -> tuple[int, ...]:
    """The ranks of the straight topped by ``top`` (5 for the wheel A-2-3-4-5), high to low.

    >>> run_ranks(5), run_ranks(14, 3)
    ((5, 4, 3, 2, 14), (14, 13, 12))
    """
    return tuple(14 if r == 1 else r for r in range(top, top - length, -1))


def random_groups(
    category: Category,
    size: int,
    rng: random.Random,
    *,
    keep: Groups = (),
    top: int | None = None,
    avoid: Sequence[int] = (),
) -> Groups:
    """A random rank multiset of ``category`` for a ``size``-card hand.

    Args:
        keep: groups to keep (e.g. the pair's rank); the other ranks are drawn, all different.
        top: for straights, the top card (5 = the wheel); random when ``None``.
        avoid: ranks the drawn (not kept) groups must not use.

    Raises:
        BuildError: for a category the size cannot hold, or ``keep`` that does not fit the shape.
    """
    if category in _RUNS:
        if size != 5:
            raise BuildError("a 3-card chi holds no straight")
        high = top if top is not None else rng.randint(5, 14)
        return tuple((rank, 1) for rank in run_ranks(high))
    shape = _SHAPES.get((category, size))
    if shape is None:
        raise BuildError(f"a {size}-card chi holds no {category.name}")
    counts = list(shape)
    for _, count in keep:
        if count not in counts:
            raise BuildError(f"{keep} does not fit {category.name}")
        counts.remove(count)
    used = {rank for rank, _ in keep} | set(avoid)
    free = [rank for rank in RANKS if rank not in used]
    if len(free) < len(counts):
        raise BuildError("not enough ranks")
    drawn = rng.sample(free, len(counts))
    groups = list(keep) + list(zip(drawn, counts))
    return tuple(sorted(groups, key=lambda g: (g[1], g[0]), reverse=True))


def build_hand(
    pool: Pool,
    category: Category,
    size: int = 5,
    *,
    groups: Groups | None = None,
    keep: Groups = (),
    top: int | None = None,
    avoid: Sequence[int] = (),
    wheel: WheelRank = WheelRank.LOWEST,
) -> tuple[Card, ...]:
    """A hand of ``category`` from ``pool`` (its cards are then used), sorted high to low.

    Args:
        groups: the exact rank multiset; otherwise :func:`random_groups` with ``keep``, ``top``, ``avoid``.
        wheel: the straight order the category is checked under (it only matters for straights).

    Raises:
        BuildError: when no such hand can be made from the pool.
    """
    for _ in range(_TRIES):
        try:
            chosen = groups or random_groups(category, size, pool.rng, keep=keep, top=top, avoid=avoid)
            suit = pool.rng.choice(list(Suit)) if category in _FLUSHES else None
            cards = pool.pick(chosen, suit)
        except BuildError:
            if groups is not None and category not in _FLUSHES:
                raise
            continue
        if evaluate(cards, wheel).category is category:
            pool.take(cards)
            return tuple(sorted(cards, reverse=True))
    raise BuildError(f"no {category.name} hand of {size} cards could be built")
