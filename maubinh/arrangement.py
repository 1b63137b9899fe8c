"""An arrangement of 13 cards into three chi, and the binh lủng (foul) check.

>>> from maubinh.rules import load_rule_set
>>> arr = Arrangement.parse("As Ad Ac 7h 7d", "Ks Kd 9c 8s 2h", "Qs Qc 3d")
>>> is_foul(arr, load_rule_set("chi-at"))
False
>>> foul = Arrangement.parse("Ks Kd 9c 8s 2h", "As Ad Ac 7h 7d", "Qs Qc 3d")
>>> foul_reason(foul, load_rule_set("chi-at"))
(<Position.BACK: 'back'>, <Position.MIDDLE: 'middle'>)

An equal back and middle are legal (digest §1, reading revised again), binh lủng under the strict order:

>>> from maubinh.house import edit
>>> equal = Arrangement.parse("As Ks 9s 5s 2s", "Ah Kh 9h 5h 2h", "3c 4d 6c")
>>> is_foul(equal, load_rule_set("guide-2026")), is_foul(equal, edit(load_rule_set("guide-2026"), {"order.strict": True}))
(False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from maubinh.cards import Card, cards_text, parse_cards
from maubinh.hands import HandValue, WheelRank, evaluate
from maubinh.rules import ORDER_PROVENANCE, POSITIONS, Position, RuleSet

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
    def __ge__(self, other: Any, /) -> Any: ...


def in_order(stronger: _Ordered, weaker: _Ordered, *, strict: bool) -> Any:
    """The order rule for one pair of chi: ``stronger`` must not be weaker than ``weaker``.

    Digest §1, reading revised again: a back and a middle of exactly equal value are legal
    (``stronger >= weaker``); with ``strict`` (a house rule, :attr:`~maubinh.rules.RuleSet.strict_order`)
    an equal pair is binh lủng (``stronger > weaker``). A front can never equal a middle (one scale, no
    missing kickers in a five-card hand), so the rule only matters for the back and the middle. This is
    the one place the rule is decided: it takes :class:`HandValue` s, keys, or numpy arrays of keys
    (elementwise), so the split tables of :mod:`maubinh.strategy` use it too.

    >>> from maubinh.cards import parse_cards
    >>> straight = evaluate(parse_cards("9s 8h 7d 6c 5s"))
    >>> same = evaluate(parse_cards("9h 8d 7c 6s 5h"))
    >>> in_order(straight, same, strict=False), in_order(straight, same, strict=True)
    (True, False)
    >>> in_order(evaluate(parse_cards("Ks Kh 2c")), straight, strict=False)
    False
    """
    return stronger >= weaker if not strict else stronger > weaker


def keys_in_order(back: _Ordered, middle: _Ordered, front: _Ordered, *, strict: bool) -> Any:
    """Whether back, middle and front (values, keys or arrays of keys) obey :func:`in_order` both ways."""
    return in_order(back, middle, strict=strict) & in_order(middle, front, strict=strict)


def foul_reason(arrangement: Arrangement, rule_set: RuleSet) -> tuple[Position, Position] | None:
    """Why an arrangement is binh lủng (foul) under ``rule_set``, or ``None`` if it is legal.

    Returns:
        ``(stronger_required, weaker)``: the first pair out of order, e.g.
        ``(Position.MIDDLE, Position.FRONT)`` when the front beats the middle. An equal back and middle
        are out of order only under the strict order (:func:`in_order`, digest §1).
    """
    return out_of_order(hand_values(arrangement, rule_set.wheel), strict=rule_set.strict_order)


def out_of_order(values: dict[Position, HandValue], *, strict: bool) -> tuple[Position, Position] | None:
    """The first pair of chi out of order in already evaluated ``values`` (see :func:`foul_reason`)."""
    if not in_order(values[Position.BACK], values[Position.MIDDLE], strict=strict):
        return (Position.BACK, Position.MIDDLE)
    if not in_order(values[Position.MIDDLE], values[Position.FRONT], strict=strict):
        return (Position.MIDDLE, Position.FRONT)
    return None


def is_foul(arrangement: Arrangement, rule_set: RuleSet) -> bool:
    """True when the arrangement is binh lủng: the middle beats the back, or the front the middle.

    Digest §1 (reading revised again: an equal back and middle are legal unless the rule set's order is
    strict, :func:`in_order`). The wheel order of ``rule_set``
    matters: under ``chi-at`` A-2-3-4-5 outranks 9-10-J-Q-K, under ``luckywin`` it does not.
    """
    return foul_reason(arrangement, rule_set) is not None
