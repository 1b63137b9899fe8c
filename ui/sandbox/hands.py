"""The Sandbox's hands (no Streamlit): picking cards, moving them between chi, and the table in a link.

A seat's cards live in three texts (back, middle, front), the inputs the player types in; the card
picker and the move buttons only rewrite those texts, so every way of entering cards ends in the same
place and is checked the same way (``ui.sandbox.model.read_table``).

>>> chis = {Position.BACK: parse_cards("As Ks"), Position.MIDDLE: (), Position.FRONT: ()}
>>> pick_cards(chis, set(parse_cards("As Ks Qs 2c")))
('As Ks Qs 2c', '', '')
>>> move_cards(chis, parse_cards("Ks"), Position.FRONT)
('As', '', 'Ks')
>>> read_hands_param(hands_param([("As Ks Qs Js 10s", "2h 3h 4h 5h 7d", "8c 2c 3c"), ("Ad", "Kd", "Qd")]))
[('As Ks Qs Js Ts', '2h 3h 4h 5h 7d', '8c 2c 3c'), ('Ad', 'Kd', 'Qd')]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from maubinh.cards import FULL_DECK, Card, CardParseError, Suit, cards_text, parse_cards, split_tokens
from maubinh.rules import POSITIONS, Position

__all__ = [
    "MAX_PARAM_SEATS",
    "SUITS",
    "deck_by_suit",
    "hands_param",
    "move_cards",
    "pick_cards",
    "rank_order",
    "read_hands_param",
    "swap_cards",
]

Chis = Mapping[Position, Sequence[Card]]
"""The cards of each chi of one seat."""

SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""The picker's rows, as people sort a hand: ♠ ♥ ♦ ♣."""
MAX_PARAM_SEATS = 4


def deck_by_suit(suit: Suit) -> list[Card]:
    """The 13 cards of ``suit``, ace first (the picker's row).

    >>> [card.pretty for card in deck_by_suit(Suit.HEARTS)][:3]
    ['A♥', 'K♥', 'Q♥']
    """
    return sorted((card for card in FULL_DECK if card.suit is suit), key=rank_order)


def _texts(chis: Mapping[Position, Sequence[Card]]) -> tuple[str, str, str]:
    back, middle, front = (cards_text(chis[position]) for position in POSITIONS)
    return back, middle, front


def pick_cards(chis: Chis, picked: Iterable[Card]) -> tuple[str, str, str]:
    """A seat's texts after the picker: ``picked`` is the seat's whole new set of cards.

    Cards still picked stay in their chi; cards no longer picked leave; new cards go, strongest
    first, to the back until it has 5, then the middle until 5, then the front (which takes any
    extra, so that a 14th card shows as a count problem rather than vanishing).
    """
    chosen = set(picked)
    kept = {position: [card for card in chis[position] if card in chosen] for position in POSITIONS}
    placed = {card for cards in kept.values() for card in cards}
    for card in sorted(chosen - placed, key=rank_order):
        target = next((p for p in POSITIONS if len(kept[p]) < p.size), Position.FRONT)
        kept[target].append(card)
    return _texts(kept)


def move_cards(chis: Chis, cards: Iterable[Card], target: Position) -> tuple[str, str, str]:
    """A seat's texts after moving ``cards`` (from whichever chi holds them) to the end of ``target``."""
    moving = [card for position in POSITIONS for card in chis[position] if card in set(cards)]
    moved = {position: [card for card in chis[position] if card not in moving] for position in POSITIONS}
    moved[target].extend(moving)
    return _texts(moved)


def swap_cards(chis: Chis, first: Card, second: Card) -> tuple[str, str, str]:
    """A seat's texts with two cards changing places (each takes the other's chi and place).

    >>> chis = {Position.BACK: parse_cards("As Ks"), Position.MIDDLE: parse_cards("2c"), Position.FRONT: ()}
    >>> swap_cards(chis, parse_cards("Ks")[0], parse_cards("2c")[0])
    ('As 2c', 'Ks', '')
    """
    swap = {first: second, second: first}
    return _texts({position: [swap.get(card, card) for card in chis[position]] for position in POSITIONS})


_TOKEN = re.compile(r"(10|[2-9TJQKA])([shdc])", re.IGNORECASE)


def hands_param(texts: Sequence[Sequence[str]]) -> str:
    """The seats' cards as one URL value: chi joined by ``.``, seats by ``_``, ``10`` written ``T``.

    Only readable cards are written (the page writes the link for a table that can be settled).

    >>> hands_param([("As 10h", "2c", "Kd")])
    'AsTh.2c.Kd'
    """
    seats = []
    for seat in texts:
        chis = []
        for text in seat:
            tokens: list[str] = []
            for token in split_tokens(text):
                try:
                    tokens.extend(str(card) for card in parse_cards(token))
                except CardParseError:
                    continue
            chis.append("".join(tokens))
        seats.append(".".join(chis))
    return "_".join(seats)


def read_hands_param(raw: str) -> list[tuple[str, str, str]] | None:
    """The seats' three texts from :func:`hands_param`'s value, or ``None`` when it is not one
    (2-4 seats of three chi, each a run of rank-and-suit pairs). Cards are not checked here: the page
    reads them like typed ones, so a bad card in a link is named next to its seat.

    >>> read_hands_param("AsKs.2c.Kd_Qh.3c.4d")
    [('As Ks', '2c', 'Kd'), ('Qh', '3c', '4d')]
    >>> read_hands_param("AsKs.2c") is None, read_hands_param("Zz.2c.3c_4d.5d.6d") is None
    (True, True)
    """
    seats = raw.split("_")
    if not 2 <= len(seats) <= MAX_PARAM_SEATS:
        return None
    found: list[tuple[str, str, str]] = []
    for seat in seats:
        chis = seat.split(".")
        if len(chis) != 3:
            return None
        texts = []
        for chi in chis:
            tokens = _TOKEN.findall(chi)
            if "".join(rank + suit for rank, suit in tokens).lower() != chi.lower():
                return None
            texts.append(" ".join(f"{'T' if rank == '10' else rank.upper()}{suit.lower()}" for rank, suit in tokens))
        found.append((texts[0], texts[1], texts[2]))
    return found


def rank_order(card: Card) -> tuple[int, int]:
    """Sort key: strongest rank first, then ♠ ♥ ♦ ♣."""
    return (-int(card.rank), "shdc".index(card.suit.value))
