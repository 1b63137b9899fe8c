"""An arrangement of 13 cards into three chi, and the binh lủng (foul) check.

>>> from maubinh.rules import load_rule_set
>>> arr = Arrangement.parse("As Ad Ac 7h 7d", "Ks Kd 9c 8s 2h", "Qs Qc 3d")
>>> is_foul(arr, load_rule_set("chi-at"))
False
>>> foul = Arrangement.parse("Ks Kd 9c 8s 2h", "As Ad Ac 7h 7d", "Qs Qc 3d")
>>> foul_reason(foul, load_rule_set("chi-at"))
(<Position.BACK: 'back'>, <Position.MIDDLE: 'middle'>)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from maubinh.cards import Card, cards_text, parse_cards
from maubinh.hands import HandValue, WheelRank, evaluate
from maubinh.rules import POSITIONS, Position, Provenance, RuleSet

__all__ = [
    "ORDER_PROVENANCE",
    "Arrangement",
    "ArrangementError",
    "foul_reason",
    "hand_values",
    "in_order",
    "is_foul",
    "keys_in_order",
    "out_of_order",
]


class ArrangementError(ValueError):
    """Raised for an arrangement whose chi have the wrong sizes or share a card.

    Attributes:
        position: the chi at fault, or ``None`` when the fault spans chi (a shared card).
    """

    def __init__(self, message: str, position: Position | None = None) -> None:
        super().__init__(message)
        self.position = position


@dataclass(frozen=True)
class Arrangement:
    """Thirteen cards set as back (5), middle (5) and front (3) chi.

    The card order inside a chi is kept for display only; it never changes a result.

    Raises:
        ArrangementError: if a chi has the wrong number of cards or a card appears twice.
    """

    back: tuple[Card, ...]
    middle: tuple[Card, ...]
    front: tuple[Card, ...]

    def __post_init__(self) -> None:
        for position in POSITIONS:
            cards = self.chi(position)
            if len(cards) != position.size:
                raise ArrangementError(
                    f"the {position.value} chi needs {position.size} cards, got {len(cards)}", position
                )
        seen: set[Card] = set()
        for card in self.cards:
            if card in seen:
                raise ArrangementError(f"card {card.pretty} appears twice")
            seen.add(card)

    @classmethod
    def parse(cls, back: str, middle: str, front: str) -> Arrangement:
        """Build from typed text for each chi (see :func:`maubinh.cards.parse_cards`).

        Raises:
            CardParseError: for a bad card or a wrong count in one chi (the message
                starts with the position: ``"middle: 'Zs': unknown rank 'Z' ..."``).
            ArrangementError: for a card typed in two chi.
        """
        from maubinh.cards import CardParseError

        parts: dict[Position, tuple[Card, ...]] = {}
        for position, text in zip(POSITIONS, (back, middle, front)):
            try:
                parts[position] = parse_cards(text, count=position.size)
            except CardParseError as exc:
                raise CardParseError(f"{position.value}: {exc}", exc.token, exc.reason) from exc
        return cls(parts[Position.BACK], parts[Position.MIDDLE], parts[Position.FRONT])

    @classmethod
    def from_cards(cls, cards: Sequence[Card]) -> Arrangement:
        """Split 13 cards in order: the first 5 to the back, the next 5 to the middle, the last 3 to the front."""
        if len(cards) != 13:
            raise ArrangementError(f"an arrangement has 13 cards, got {len(cards)}")
        return cls(tuple(cards[:5]), tuple(cards[5:10]), tuple(cards[10:]))

    def chi(self, position: Position) -> tuple[Card, ...]:
        """The cards of the chi at ``position``."""
        return {Position.BACK: self.back, Position.MIDDLE: self.middle, Position.FRONT: self.front}[position]

    @property
    def cards(self) -> tuple[Card, ...]:
        """All 13 cards: back, middle, front."""
        return self.back + self.middle + self.front

    def __str__(self) -> str:
        return " | ".join(cards_text(self.chi(p)) for p in POSITIONS)


def hand_values(arrangement: Arrangement, wheel: WheelRank) -> dict[Position, HandValue]:
    """The :class:`~maubinh.hands.HandValue` of each chi under ``wheel``."""
    return {p: evaluate(arrangement.chi(p), wheel) for p in POSITIONS}


class _Ordered(Protocol):
    def __gt__(self, other: Any, /) -> Any: ...


ORDER_PROVENANCE = Provenance(
    "§1 (every source): chi 1 lớn hơn chi 2, chi 2 lớn hơn chi 3 (\"lớn hơn\", \"mạnh hơn\", \"Chi 1 > Chi 2 > Chi 3\")",
    {
        "vi": "Mọi nguồn đều viết \"lớn hơn\", nên chi 5 lá mạnh nhất và chi giữa bằng nhau hoàn toàn là binh lủng: "
        "hai chi bằng nhau không thể đứng theo thứ tự đã nêu.",
        "en": "Every source says \"stronger\", so a strongest 5-card chi exactly equal to the middle is binh lủng: "
        "two equal chi cannot stand in the stated order.",
    },
    other={
        "vi": "bằng nhau vẫn hợp lệ (cách đọc cũ)",
        "en": "equal chi are legal (the earlier reading)",
    },
)
"""Where the order rule comes from, with the project's (revised) reading and the other one (digest §1)."""


def in_order(stronger: _Ordered, weaker: _Ordered) -> Any:
    """The order rule for one pair of chi: ``stronger`` must beat ``weaker``, strictly.

    Digest §1, reading (revised): every source says "stronger", so a back and a middle of exactly
    equal value are binh lủng (a front can never equal a middle: one scale, no missing kickers in a
    five-card hand). This is the one place the rule is decided: it takes :class:`HandValue` s, keys,
    or numpy arrays of keys (elementwise), so the split tables of :mod:`maubinh.strategy` use it too.

    >>> from maubinh.cards import parse_cards
    >>> straight = evaluate(parse_cards("9s 8h 7d 6c 5s"))
    >>> in_order(straight, evaluate(parse_cards("9h 8d 7c 6s 5h"))), in_order(straight, evaluate(parse_cards("Ks Kh 2c")))
    (False, True)
    """
    return stronger > weaker


def keys_in_order(back: _Ordered, middle: _Ordered, front: _Ordered) -> Any:
    """Whether back, middle and front (values, keys or arrays of keys) obey :func:`in_order` both ways."""
    return in_order(back, middle) & in_order(middle, front)


def foul_reason(arrangement: Arrangement, rule_set: RuleSet) -> tuple[Position, Position] | None:
    """Why an arrangement is binh lủng (foul), or ``None`` if it is legal.

    Returns:
        ``(stronger_required, weaker)``: the first pair out of order, e.g.
        ``(Position.MIDDLE, Position.FRONT)`` when the front beats the middle.
        Equal chi are out of order too (:func:`in_order`: back > middle > front, digest §1).
    """
    return out_of_order(hand_values(arrangement, rule_set.wheel))


def out_of_order(values: dict[Position, HandValue]) -> tuple[Position, Position] | None:
    """The first pair of chi out of order in already evaluated ``values`` (see :func:`foul_reason`)."""
    if not in_order(values[Position.BACK], values[Position.MIDDLE]):
        return (Position.BACK, Position.MIDDLE)
    if not in_order(values[Position.MIDDLE], values[Position.FRONT]):
        return (Position.MIDDLE, Position.FRONT)
    return None


def is_foul(arrangement: Arrangement, rule_set: RuleSet) -> bool:
    """True when the arrangement is binh lủng: the back does not beat the middle, or the middle the front.

    Digest §1 (reading revised: equal chi foul, :func:`in_order`). The wheel order of ``rule_set``
    matters: under ``chi-at`` A-2-3-4-5 outranks 9-10-J-Q-K, under ``luckywin`` it does not.
    """
    return foul_reason(arrangement, rule_set) is not None
