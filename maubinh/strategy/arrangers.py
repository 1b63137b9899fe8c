"""Ways to set 13 cards into three chi: the simple arranger and the naive ones real apps use.

These give the drill its candidate arrangements and the expected-value
estimate its opponents. The near-optimal solver is a later, separate module.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from maubinh.arrangement import Arrangement, is_foul
from maubinh.cards import Card
from maubinh.hands import WheelRank
from maubinh.rules import RuleSet
from maubinh.strategy.fast import strongest_back_first

__all__ = ["arrange_many_simple", "arrange_simple", "random_legal", "random_split", "sort_and_split"]


def _to_arrangement(indexes: Sequence[int]) -> Arrangement:
    return Arrangement.from_cards([Card.from_index(int(i)) for i in indexes])


def arrange_many_simple(hands: Sequence[Sequence[Card]], wheel: WheelRank, *, strict: bool) -> list[Arrangement]:
    """:func:`arrange_simple` for many hands at once (vectorised); ``wheel`` and ``strict`` are the rule
    set's straight order and order rule (:attr:`~maubinh.rules.RuleSet.strict_order`)."""
    if not hands:
        return []
    idx = np.array([[c.index for c in hand] for hand in hands], dtype=np.int64)
    return [_to_arrangement(row) for row in strongest_back_first(idx, wheel, strict=strict)]


def arrange_simple(cards: Sequence[Card], rule_set: RuleSet) -> Arrangement:
    """Strongest back first, then the strongest middle of the other 8; never binh lủng.

    Args:
        cards: 13 distinct cards.

    Raises:
        ValueError: if ``cards`` is not 13 cards.
    """
    if len(cards) != 13:
        raise ValueError(f"an arrangement has 13 cards, got {len(cards)}")
    return arrange_many_simple([cards], rule_set.wheel, strict=rule_set.strict_order)[0]


def sort_and_split(cards: Sequence[Card]) -> Arrangement:
    """Sort by rank, high first, and cut 5 / 5 / 3: the naive split. It can be binh lủng."""
    ordered = sorted(cards, reverse=True)
    return Arrangement.from_cards(ordered)


def random_split(cards: Sequence[Card], rng: random.Random) -> Arrangement:
    """A uniformly random split (often binh lủng)."""
    shuffled = list(cards)
    rng.shuffle(shuffled)
    return Arrangement.from_cards(shuffled)


def random_legal(cards: Sequence[Card], rule_set: RuleSet, rng: random.Random, tries: int = 400) -> Arrangement:
    """A random split that is not binh lủng; after ``tries`` fouled draws, the simple arranger's."""
    for _ in range(tries):
        candidate = random_split(cards, rng)
        if not is_foul(candidate, rule_set):
            return candidate
    return arrange_simple(cards, rule_set)
