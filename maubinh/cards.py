"""Cards, the deck, and parsing the card notations people type.

A card is a frozen :class:`Card` of a :class:`Rank` (2..14, ace high) and a
:class:`Suit`. Suits never break ties in Mậu Binh (digest §1); they matter only
for flushes and for the colour instant wins.

>>> [c.pretty for c in parse_cards("As Kh 10d 2c")]
['A♠', 'K♥', '10♦', '2♣']
>>> str(parse_cards("a♠, t♥")[1])
'Th'
>>> parse_cards("As Zs")
Traceback (most recent call last):
...
maubinh.cards.CardParseError: 'Zs': unknown rank 'Z' (use 2-10, J, Q, K, A)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum, IntEnum

__all__ = [
    "FULL_DECK",
    "MAX_CARDS_TEXT",
    "Card",
    "CardParseError",
    "Rank",
    "Suit",
    "cards_text",
    "grouped",
    "parse_card",
    "parse_cards",
    "split_tokens",
]


class Rank(IntEnum):
    """Card rank, 2 lowest and ace (14) highest (digest §1: 2 < 3 < ... < K < A)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The short symbol: ``"2"``..``"9"``, ``"T"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``."""
        return _RANK_SYMBOLS[self]

    @property
    def label(self) -> str:
        """The symbol people read on a card face: ``"10"`` rather than ``"T"``."""
        return "10" if self is Rank.TEN else self.symbol


class Suit(str, Enum):
    """Card suit. Values are the one-letter ids used in notation (s, h, d, c)."""

    SPADES = "s"
    HEARTS = "h"
    DIAMONDS = "d"
    CLUBS = "c"

    @property
    def glyph(self) -> str:
        """The suit glyph ♠ ♥ ♦ ♣."""
        return _SUIT_GLYPHS[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds (the red colour of the colour instant wins)."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_RANK_SYMBOLS = {r: s for r, s in zip(Rank, "23456789TJQKA")}
_SUIT_GLYPHS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_ORDER = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}


@dataclass(frozen=True, order=True)
class Card:
    """One playing card.

    ``order=True`` sorts by rank, then by suit value; the suit order is only for
    display and never decides a chi.

    Attributes:
        rank: the :class:`Rank` (2..14).
        suit: the :class:`Suit`.
    """

    rank: Rank
    suit: Suit

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.value

    @property
    def index(self) -> int:
        """A dense id 0..51: ``(rank - 2) * 4 + suit order`` (clubs, diamonds, hearts, spades)."""
        return (self.rank - 2) * 4 + _SUIT_ORDER[self.suit]

    @property
    def pretty(self) -> str:
        """The card as people write it: ``"10♥"``, ``"A♠"``."""
        return self.rank.label + self.suit.glyph

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with :attr:`index` ``index`` (0..51); ``ValueError`` outside that range."""
        if not 0 <= index < 52:
            raise ValueError(f"card index {index} is outside 0..51")
        return _DECK_BY_INDEX[index]


FULL_DECK: tuple[Card, ...] = tuple(
    Card(rank, suit) for rank in Rank for suit in sorted(Suit, key=_SUIT_ORDER.__getitem__)
)
"""All 52 cards in :attr:`Card.index` order."""

_DECK_BY_INDEX = FULL_DECK


class CardParseError(ValueError):
    """Raised when typed cards cannot be read.

    The message names the offending token exactly as typed and why: unknown rank, unknown suit,
    duplicate card, or a wrong number of cards for what was asked.

    Attributes:
        token: the offending text exactly as typed (``""`` for a wrong count of the whole text).
        reason: a short machine-readable reason: ``"rank"``, ``"suit"``,
            ``"duplicate"``, ``"count"`` or ``"empty"`` (so a UI can word it in its language).
        expected: for ``"count"`` / ``"empty"``, the allowed numbers of cards.
        got: for ``"count"``, the number of cards read.
    """

    def __init__(
        self, message: str, token: str = "", reason: str = "", expected: tuple[int, ...] = (), got: int = 0
    ) -> None:
        super().__init__(message)
        self.token = token
        self.reason = reason
        self.expected = expected
        self.got = got


_RANK_WORDS = {
    "2": Rank.TWO, "3": Rank.THREE, "4": Rank.FOUR, "5": Rank.FIVE, "6": Rank.SIX,
    "7": Rank.SEVEN, "8": Rank.EIGHT, "9": Rank.NINE, "10": Rank.TEN, "T": Rank.TEN,
    "J": Rank.JACK, "Q": Rank.QUEEN, "K": Rank.KING, "A": Rank.ACE, "1": Rank.ACE,
}
_SUIT_WORDS = {
    "S": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES,
    "H": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "D": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "C": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
}
_SEPARATORS = re.compile(r"[\s,;\u200b]+")
# A rank is a run of digits or one letter; the rest of the token is the suit.
_TOKEN = re.compile(r"^(\d+|[^\d])(.*)$", re.DOTALL)
# Variation selectors (U+FE0E/U+FE0F) often follow a pasted suit glyph.
_VARIATION = re.compile("[\ufe0e\ufe0f]")
_JOKERS = frozenset({"JOKER", "JK", "BJ", "RJ", "🃏"})
_SHOWN = 16  # longest token echoed in a message
MAX_CARDS_TEXT = 400
"""The longest text :func:`parse_cards` reads: the whole deck typed with separators is about 200
characters; a longer text (a paste gone wrong) is refused before it is split."""


def _shown(token: str) -> str:
    return repr(token if len(token) <= _SHOWN else token[: _SHOWN - 1] + "…")


def parse_card(token: str) -> Card:
    """Read one card: a rank (2-10, T, J, Q, K, A; 1 also reads as A) then a suit (s h d c or ♠ ♥ ♦ ♣).

    Variation selectors (U+FE0E, U+FE0F) after a glyph are ignored.

    Raises:
        CardParseError: naming the token exactly as typed (``.token`` too) and whether its rank or its
            suit is unknown (or missing); a token that starts with cards glued together (``"AsKh10"``)
            also names the cards read before the part that is wrong.

    >>> parse_card("10♥").pretty
    '10♥'
    >>> parse_card("14h")
    Traceback (most recent call last):
    ...
    maubinh.cards.CardParseError: '14h': unknown rank '14' (use 2-10, J, Q, K, A)
    >>> parse_card("AsKh10")
    Traceback (most recent call last):
    ...
    maubinh.cards.CardParseError: 'AsKh10': after A♠ K♥, '10' has no suit (add s/h/d/c or ♠ ♥ ♦ ♣, e.g. 10s)
    """
    clean = _VARIATION.sub("", token)
    if clean.upper() in _JOKERS:
        raise CardParseError(f"{_shown(token)}: Mậu Binh uses no jokers (52 cards)", token, "rank")
    match = _TOKEN.match(clean)
    if match is not None:
        rank = _RANK_WORDS.get(match.group(1).upper())
        suit = _SUIT_WORDS.get(match.group(2).upper())
        if rank is not None and suit is not None:
            return Card(rank, suit)
    raise _fault(token)


def _fault(token: str) -> CardParseError:
    """Why ``token`` (as typed) is not one card; the message and ``.token`` name it as typed.

    Where cards glued together start the token (``"AsKh10"``), the fault is in the rest (``"10"``), named
    after the cards read; otherwise in the token's rank (its first character, or its digits) or its suit
    (the rest). A token of several cards glued together (``"AsKh"``) has reason ``"count"``.
    """
    glued, pos = [], 0
    while (found := _GLUED.match(token, pos)) is not None:
        glued.append(found)
        pos = found.end()
    rest = token[pos:]
    if len(glued) > 1 and not _VARIATION.sub("", rest):
        return CardParseError(f"{_shown(token)}: {len(glued)} cards glued together (one card expected)",
                              token, "count", (1,), len(glued))
    if not glued or not rest:
        reason, why = _part_fault(token, "no suit")
        return CardParseError(f"{_shown(token)}: {why}", token, reason)
    read = " ".join(Card(_RANK_WORDS[g.group(1).upper()], _SUIT_WORDS[g.group(2).upper()]).pretty for g in glued)
    if _VARIATION.sub("", rest).upper() in _JOKERS:
        reason, why = "rank", f"{_shown(rest)}: Mậu Binh uses no jokers (52 cards)"
    else:
        reason, why = _part_fault(rest, f"{_shown(rest)} has no suit")
    return CardParseError(f"{_shown(token)}: after {read}, {why}", token, reason)


def _part_fault(part: str, no_suit: str) -> tuple[str, str]:
    """The reason code (``"rank"`` / ``"suit"``) and words for a text (as typed) that is not one card."""
    match = _TOKEN.match(part)
    typed_rank, suit_text = (match.group(1), match.group(2)) if match else (part, "")
    rank_text = typed_rank.upper()
    if rank_text not in _RANK_WORDS:
        return "rank", f"unknown rank {_shown(typed_rank)} (use 2-10, J, Q, K, A)"
    if not _VARIATION.sub("", suit_text):
        return "suit", f"{no_suit} (add s/h/d/c or ♠ ♥ ♦ ♣, e.g. {_RANK_WORDS[rank_text].label}s)"
    return "suit", f"unknown suit {_shown(suit_text)} (use s, h, d, c or ♠ ♥ ♦ ♣)"


def split_tokens(text: str) -> list[str]:
    """Split typed text into card tokens on spaces, commas and semicolons, each token as typed.

    Glued cards such as ``"AsKh10d"`` are split too; a chunk that does not read as cards throughout
    stays whole (``"AsKh10"``, ``"ace"``), so an error names what was typed. Variation selectors are
    kept in the tokens (:func:`parse_card` ignores them); a chunk of nothing else is dropped.

    >>> split_tokens("AsKh, 10d  2c")
    ['As', 'Kh', '10d', '2c']
    >>> split_tokens("AsKsX ace")
    ['AsKsX', 'ace']
    """
    tokens: list[str] = []
    for chunk in _SEPARATORS.split(text.strip()):
        if _VARIATION.sub("", chunk):
            tokens.extend(_split_glued(chunk))
    return tokens


_GLUED = re.compile(r"(10|[2-9TJQKA1])([SHDC♠♥♦♣♤♡♢♧])[\ufe0e\ufe0f]*", re.IGNORECASE)


def _split_glued(chunk: str) -> list[str]:
    """``"AsKh10d"`` -> ``["As", "Kh", "10d"]``; a chunk that is not cards throughout stays one token
    (``"AsKsX"``, ``"100s"``)."""
    parts: list[str] = []
    pos = 0
    while pos < len(chunk):
        match = _GLUED.match(chunk, pos)
        if match is None:
            return [chunk]
        parts.append(match.group(0))
        pos = match.end()
    return parts


def parse_cards(text: str, count: int | Iterable[int] | None = None) -> tuple[Card, ...]:
    """Read cards from the notations people type.

    Accepts ``As Kh Td 2c``, ``10h`` as well as ``Th``, lower or upper case,
    suit glyphs ``A♠ K♥ 10♦ 2♣``, ``1`` for an ace, separated by spaces, commas
    or semicolons, or glued (``AsKh``).

    Args:
        text: the typed cards.
        count: the number of cards required (an int, or several allowed ints),
            or ``None`` for any number.

    Returns:
        The cards in the order typed.

    Raises:
        CardParseError: naming the offending token and why: unknown rank
            (jokers included), unknown suit, duplicate card, no cards, the
            wrong count, or a text longer than :data:`MAX_CARDS_TEXT` (refused unread).
        TypeError: for a ``count`` that is not a whole number or whole numbers (text, ``1.5``, ``True``),
            naming it.

    >>> [str(c) for c in parse_cards("10h, j♣ QD")]
    ['Th', 'Jc', 'Qd']
    >>> parse_cards("As as")
    Traceback (most recent call last):
    ...
    maubinh.cards.CardParseError: 'as': duplicate card A♠
    >>> parse_cards("As Kh", count=3)
    Traceback (most recent call last):
    ...
    maubinh.cards.CardParseError: expected 3 cards, got 2
    """
    if not isinstance(text, str):
        raise CardParseError(f"expected text of cards, got {type(text).__name__}", "", "empty")
    if len(text) > MAX_CARDS_TEXT:
        raise CardParseError(f"too long: {len(text):,} characters (52 cards need far fewer than "
                             f"{MAX_CARDS_TEXT})", "", "long", got=len(text))
    allowed = _allowed_counts(count)
    tokens = split_tokens(text)
    cards: list[Card] = []
    seen: set[Card] = set()
    for token in tokens:
        card = parse_card(token)
        if card in seen:
            raise CardParseError(f"{token!r}: duplicate card {card.pretty}", token, "duplicate")
        seen.add(card)
        cards.append(card)
    if allowed is not None and len(cards) not in allowed:
        wanted = " or ".join(str(n) for n in allowed)
        if not cards:
            raise CardParseError(f"no cards given (expected {wanted})", "", "empty", allowed)
        raise CardParseError(f"expected {wanted} cards, got {len(cards)}", "", "count", allowed, len(cards))
    return tuple(cards)


def _allowed_counts(count: object) -> tuple[int, ...] | None:
    """``parse_cards``'s ``count`` as a tuple of whole numbers (``None`` for any number); ``TypeError``
    naming it for anything else (text, ``1.5``, ``True``, a list holding one)."""
    if count is None:
        return None
    if isinstance(count, int) and not isinstance(count, bool):
        return (count,)
    if isinstance(count, Iterable) and not isinstance(count, (str, bytes)):
        allowed = tuple(count)
        if allowed and all(isinstance(n, int) and not isinstance(n, bool) for n in allowed):
            return allowed
    shown = repr(count)
    raise TypeError(f"count must be a whole number or whole numbers, got {shown[:40]}{'…' if len(shown) > 40 else ''}")


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as notation text, separated by spaces: ``"As Kh Td"`` (round-trips through :func:`parse_cards`)."""
    return " ".join(str(c) for c in cards)


def grouped(cards: Iterable[Card]) -> list[Card]:
    """Cards in reading order: ranks held more often first (pairs, trips together), then high to low.

    >>> [c.pretty for c in grouped(parse_cards("2h Kd As Kh 7c"))]
    ['K♥', 'K♦', 'A♠', '7♣', '2♥']
    """
    cards = list(cards)
    counts = Counter(card.rank for card in cards)
    return sorted(cards, key=lambda c: (counts[c.rank], c.rank, c.suit.value), reverse=True)
