"""The 54-card deck of Đấu địa chủ, its card order, and reading the card notations people type.

Source: ``003_5df2ac094b3959af.txt`` ("Chia bài": 54 cards; "Loại bài": the order
Đại vương > Tiểu vương > 2 > A > K > ... > 3; suits never decide anything), digest §4.

A card is a frozen :class:`Card` of a :class:`Rank` and, except for the two jokers, a
:class:`Suit`. The rank values follow the game's order, so ``<`` on ranks means "lower":
3 (3) < ... < A (14) < 2 (15) < small joker (16) < big joker (17).

Notation: a rank (``3``-``10``, ``T``, ``J``, ``Q``, ``K``, ``A``, ``2``) optionally followed by a
suit (``s h d c`` or ``♠ ♥ ♦ ♣``); a rank with no suit takes the first suit of that rank still free
(suits never matter in this game). Jokers: ``RJ`` (red joker) is the big joker (Đại vương), ``BJ``
(black joker) the small one (Tiểu vương); ``big joker``, ``small joker``, ``đại vương``,
``tiểu vương``, ``ĐV``, ``TV`` read too.

>>> [c.pretty for c in parse_cards("3s 10h Kd 2c RJ")]
['3♠', '10♥', 'K♦', '2♣', 'RJ']
>>> [str(c) for c in parse_cards("333 + 44")]
['3s', '3h', '3d', '4s', '4h']
>>> parse_cards("4s 5x")
Traceback (most recent call last):
...
daudiachu.cards.CardParseError: '5x': unknown suit 'x' (use s, h, d, c or ♠ ♥ ♦ ♣)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum, StrEnum

__all__ = [
    "FULL_DECK",
    "JOKERS",
    "MAX_CARDS_TEXT",
    "RANKS",
    "Card",
    "CardParseError",
    "Rank",
    "Suit",
    "cards_text",
    "parse_card",
    "parse_cards",
    "sort_cards",
    "split_tokens",
]


class Rank(IntEnum):
    """A card's rank in the game's order, lowest first (source "Loại bài", last line; digest §4).

    3 < 4 < ... < K < A < 2 < small joker < big joker. Values are 3..17, so ``int`` order is the
    game's order and the ranks 3..A (3..14) are the ones a straight may use.

    >>> Rank.TWO > Rank.ACE > Rank.KING
    True
    >>> Rank.BIG_JOKER > Rank.SMALL_JOKER > Rank.TWO
    True
    """

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
    TWO = 15
    SMALL_JOKER = 16
    """Tiểu vương (the black joker, ``BJ``)."""
    BIG_JOKER = 17
    """Đại vương (the red joker, ``RJ``), the highest card."""

    @property
    def symbol(self) -> str:
        """Notation symbol: ``"3"``..``"9"``, ``"T"``, ``"J"``..``"A"``, ``"2"``; ``"BJ"``, ``"RJ"``."""
        return _RANK_SYMBOLS[self]

    @property
    def label(self) -> str:
        """What a card face shows: ``"10"`` rather than ``"T"``; ``"BJ"`` / ``"RJ"`` for the jokers."""
        return "10" if self is Rank.TEN else self.symbol

    @property
    def is_joker(self) -> bool:
        """True for the two jokers (they have no suit)."""
        return self >= Rank.SMALL_JOKER

    @property
    def in_chains(self) -> bool:
        """True for 3..A, the ranks straights, pair straights and trio straights may use (no 2, no joker)."""
        return self <= Rank.ACE


RANKS: tuple[Rank, ...] = tuple(Rank)
"""Every rank, lowest first: the 15 steps of the card order."""
JOKERS: tuple[Rank, Rank] = (Rank.SMALL_JOKER, Rank.BIG_JOKER)

_RANK_SYMBOLS = {
    **{rank: symbol for rank, symbol in zip(RANKS[:13], "3456789TJQKA2")},
    Rank.SMALL_JOKER: "BJ",
    Rank.BIG_JOKER: "RJ",
}


class Suit(StrEnum):
    """A suit; values are the one-letter notation ids. Suits never decide a play (source "Loại bài")."""

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
        """True for hearts and diamonds."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SUIT_GLYPHS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUITS: tuple[Suit, ...] = tuple(Suit)


@dataclass(frozen=True)
class Card:
    """One of the 54 cards.

    Attributes:
        rank: the :class:`Rank`.
        suit: the :class:`Suit`, or ``None`` for a joker (and only for a joker).

    Raises:
        ValueError: for a joker with a suit or another card without one.

    >>> Card(Rank.BIG_JOKER, None).pretty
    'RJ'
    >>> Card(Rank.ACE, None)
    Traceback (most recent call last):
    ...
    ValueError: A needs a suit
    """

    rank: Rank
    suit: Suit | None

    def __post_init__(self) -> None:
        if self.rank.is_joker and self.suit is not None:
            raise ValueError(f"a joker has no suit, got {self.rank.symbol}{self.suit.value}")
        if not self.rank.is_joker and self.suit is None:
            raise ValueError(f"{self.rank.symbol} needs a suit")

    def __str__(self) -> str:
        return self.rank.symbol + (self.suit.value if self.suit is not None else "")

    @property
    def pretty(self) -> str:
        """The card as people write it: ``"10♥"``, ``"A♠"``; ``"BJ"`` / ``"RJ"`` for the jokers."""
        return self.rank.label + (self.suit.glyph if self.suit is not None else "")

    @property
    def sort_key(self) -> tuple[int, int]:
        """Order for display: by rank (the game's order), then spades, hearts, diamonds, clubs."""
        return (int(self.rank), _SUITS.index(self.suit) if self.suit is not None else 0)


FULL_DECK: tuple[Card, ...] = (
    *(Card(rank, suit) for rank in RANKS[:13] for suit in Suit),
    Card(Rank.SMALL_JOKER, None),
    Card(Rank.BIG_JOKER, None),
)
"""All 54 cards, lowest rank first (source "Chia bài": a 54-card pack, two jokers included)."""


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards lowest first by the game's order (:attr:`Card.sort_key`).

    >>> [c.pretty for c in sort_cards(parse_cards("2s RJ 3h As"))]
    ['3♥', 'A♠', '2♠', 'RJ']
    """
    return tuple(sorted(cards, key=lambda card: card.sort_key))


class CardParseError(ValueError):
    """Typed cards that cannot be read; the message names the offending token and why.

    Attributes:
        token: the offending text as typed (``""`` for a wrong count or no cards).
        reason: a machine-readable reason, so that a UI can word it in its own language:
            ``"rank"`` (unknown rank), ``"suit"`` (unknown suit), ``"joker"`` (a joker without saying
            which one), ``"duplicate"`` (the same card twice), ``"too_many"`` (a fifth card of one
            rank), ``"taken"`` (a card already used elsewhere, see :func:`parse_cards`), ``"empty"`` (no
            cards), ``"count"`` (not the number of cards asked for) or ``"long"`` (a text longer than
            :data:`MAX_CARDS_TEXT`, refused unread).
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


_RANK_WORDS: dict[str, Rank] = {
    **{symbol: rank for rank, symbol in _RANK_SYMBOLS.items()},
    "10": Rank.TEN,
    "ĐV": Rank.BIG_JOKER,
    "DV": Rank.BIG_JOKER,
    "TV": Rank.SMALL_JOKER,
}
_SUIT_WORDS: dict[str, Suit] = {
    "S": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES,
    "H": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "D": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "C": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
}  # fmt: skip
_AMBIGUOUS_JOKERS = frozenset({"JOKER", "JK", "🃏", "JOKERS"})
_JOKER_PHRASES = (
    (re.compile(r"(?:đại|dai)\s*(?:vương|vuong)|(?:big|red)[\s_-]*joker", re.IGNORECASE), " RJ "),
    (
        re.compile(r"(?:tiểu|tieu)\s*(?:vương|vuong)|(?:small|little|black)[\s_-]*joker", re.IGNORECASE),
        " BJ ",
    ),
)
_SEPARATORS = re.compile(r"[\s,;+、\u200b]+")
_VARIATION = re.compile("[\ufe0e\ufe0f]")
# One card inside a glued chunk: a rank, then an optional suit ("333", "3s4h", "10♥J").
_GLUED = re.compile(r"(10|[2-9TJQKA])([SHDC♠♥♦♣♤♡♢♧]?)", re.IGNORECASE)
# A whole token: a rank (a run of digits or one letter, or a joker word) then the rest as the suit.
_TOKEN = re.compile(r"^(\d+|[^\d])(.*)$", re.DOTALL)
_SHOWN = 16  # longest token echoed in a message


def _shown(token: str) -> str:
    return repr(token if len(token) <= _SHOWN else token[: _SHOWN - 1] + "…")


def _rank_and_suit(token: str) -> tuple[Rank, Suit | None]:
    """Read one token to a rank and, if written, a suit. ``CardParseError`` as for :func:`parse_card`."""
    clean = _VARIATION.sub("", token).strip()
    upper = clean.upper()
    if upper in _RANK_WORDS and _RANK_WORDS[upper].is_joker:
        return _RANK_WORDS[upper], None
    if upper in _AMBIGUOUS_JOKERS:
        raise CardParseError(
            f"{_shown(token)}: which joker? write RJ (big, red) or BJ (small, black)", token, "joker"
        )
    match = _TOKEN.match(clean)
    typed_rank, suit_text = (match.group(1), match.group(2)) if match else (clean, "")
    rank = _RANK_WORDS.get(typed_rank.upper())
    if rank is None or rank.is_joker:
        raise CardParseError(
            f"{_shown(token)}: unknown rank {_shown(typed_rank)} (use 3-10, J, Q, K, A, 2, or RJ / BJ)",
            token,
            "rank",
        )
    if not suit_text:
        return rank, None
    suit = _SUIT_WORDS.get(suit_text.upper())
    if suit is None:
        raise CardParseError(
            f"{_shown(token)}: unknown suit {_shown(suit_text)} (use s, h, d, c or ♠ ♥ ♦ ♣)", token, "suit"
        )
    return rank, suit


def parse_card(token: str) -> Card:
    """Read one card written with its suit (``"10♥"``, ``"Qs"``) or a joker (``"RJ"``, ``"BJ"``).

    Raises:
        CardParseError: naming the token and what is wrong: its rank, its suit, a joker that does not
            say which, or (reason ``"suit"``) a missing suit.

    >>> parse_card("th").pretty, parse_card("BJ").rank.name
    ('10♥', 'SMALL_JOKER')
    >>> parse_card("1s")
    Traceback (most recent call last):
    ...
    daudiachu.cards.CardParseError: '1s': unknown rank '1' (use 3-10, J, Q, K, A, 2, or RJ / BJ)
    >>> parse_card("Q")
    Traceback (most recent call last):
    ...
    daudiachu.cards.CardParseError: 'Q': no suit (add s/h/d/c or ♠ ♥ ♦ ♣, e.g. Qs)
    """
    rank, suit = _rank_and_suit(token)
    if suit is None and not rank.is_joker:
        raise CardParseError(
            f"{_shown(token)}: no suit (add s/h/d/c or ♠ ♥ ♦ ♣, e.g. {rank.symbol}s)", token, "suit"
        )
    return Card(rank, suit)


def split_tokens(text: str) -> list[str]:
    """Split typed text into card tokens on spaces, commas, semicolons and ``+``.

    Glued cards are split (``"333"``, ``"3s4h"``, ``"10JQ"``); joker phrases become ``RJ`` / ``BJ``;
    a chunk that does not read as cards stays whole, so an error can name it.

    >>> split_tokens("4 4 4 + 9 9, đại vương")
    ['4', '4', '4', '9', '9', 'RJ']
    >>> split_tokens("10JQKA 3s3h x7")
    ['10', 'J', 'Q', 'K', 'A', '3s', '3h', 'x7']
    """
    text = _VARIATION.sub("", text)
    for pattern, replacement in _JOKER_PHRASES:
        text = pattern.sub(replacement, text)
    tokens: list[str] = []
    for chunk in _SEPARATORS.split(text.strip()):
        if not chunk:
            continue
        if chunk.upper() in _RANK_WORDS or chunk.upper() in _AMBIGUOUS_JOKERS:
            tokens.append(chunk)
            continue
        parts = [match.group(0) for match in _GLUED.finditer(chunk)]
        tokens.extend(parts if "".join(parts) == chunk and parts else [chunk])
    return tokens


MAX_CARDS_TEXT = 600
"""The longest text :func:`parse_cards` reads: the whole 54-card pack typed with separators and jokers'
names is about 300 characters; a longer text (a paste gone wrong) is refused before it is split, so
reading it costs no time and no memory (issue 22, item 14: 10 million characters took 338 s and 809 MB)."""


def parse_cards(
    text: str, count: int | Iterable[int] | None = None, *, taken: Iterable[Card] = ()
) -> tuple[Card, ...]:
    """Read cards from the notations people type, in the order typed.

    Accepts ``3s 10h Td Kc 2d RJ BJ``, suit glyphs ``3♠ 10♥``, lower or upper case, separators
    (spaces, commas, semicolons, ``+``), glued cards (``3s4h``), and ranks without suits
    (``333 44``): those take the first suit of their rank not already used anywhere in the text
    (spades, hearts, diamonds, clubs), since suits never matter here.

    Args:
        text: the typed cards.
        count: the number of cards required (an int, or several allowed ints), or ``None`` for any.
        taken: cards already used elsewhere (e.g. the play on the table): a rank typed without a suit
            skips them, and a card typed in full that is among them is refused (reason ``"taken"``).

    Returns:
        The cards in the order typed.

    Raises:
        CardParseError: naming the offending token and why (see :attr:`CardParseError.reason`):
            unknown rank or suit, an unnamed joker, the same card twice, a card in ``taken``, a fifth
            card of one rank, no cards, the wrong count, or a text longer than :data:`MAX_CARDS_TEXT`.
        TypeError: for a ``count`` that is text.

    >>> [c.pretty for c in parse_cards("3 3s 3")]
    ['3♥', '3♠', '3♦']
    >>> parse_cards("7 7 7 7 7")
    Traceback (most recent call last):
    ...
    daudiachu.cards.CardParseError: '7': there are only four 7 in the deck
    >>> [c.pretty for c in parse_cards("3 3", taken=parse_cards("3s"))]
    ['3♥', '3♦']
    >>> parse_cards("RJ đại vương")
    Traceback (most recent call last):
    ...
    daudiachu.cards.CardParseError: 'RJ': duplicate card RJ
    >>> parse_cards("3s 4s", count=5)
    Traceback (most recent call last):
    ...
    daudiachu.cards.CardParseError: expected 5 cards, got 2
    """
    if not isinstance(text, str):
        raise CardParseError(f"expected text of cards, got {type(text).__name__}", "", "empty")
    if len(text) > MAX_CARDS_TEXT:
        raise CardParseError(f"too long: {len(text):,} characters (54 cards need far fewer than "
                             f"{MAX_CARDS_TEXT:,})", "", "long", got=len(text))
    if isinstance(count, str):
        raise TypeError(f"count must be a whole number or numbers, got {count!r}")
    read = [(token, *_rank_and_suit(token)) for token in split_tokens(text)]
    elsewhere = frozenset(taken)
    used: set[Card] = set(elsewhere)
    for token, rank, suit in read:  # cards written in full (and jokers) first
        if suit is not None or rank.is_joker:
            card = Card(rank, suit)
            if card in elsewhere:
                raise CardParseError(f"{_shown(token)}: {card.pretty} is already used", token, "taken")
            if card in used:
                raise CardParseError(f"{_shown(token)}: duplicate card {card.pretty}", token, "duplicate")
            used.add(card)
    cards: list[Card] = []
    for token, rank, suit in read:
        if suit is not None or rank.is_joker:
            cards.append(Card(rank, suit))
            continue
        free = [s for s in Suit if Card(rank, s) not in used]
        if not free:
            raise CardParseError(
                f"{_shown(token)}: there are only four {rank.label} in the deck", token, "too_many"
            )
        card = Card(rank, free[0])
        used.add(card)
        cards.append(card)
    if count is not None:
        allowed = (count,) if isinstance(count, int) else tuple(count)
        if len(cards) not in allowed:
            wanted = " or ".join(str(n) for n in allowed)
            if not cards:
                raise CardParseError(f"no cards given (expected {wanted})", "", "empty", allowed)
            raise CardParseError(
                f"expected {wanted} cards, got {len(cards)}", "", "count", allowed, len(cards)
            )
    return tuple(cards)


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as notation, separated by spaces (round-trips through :func:`parse_cards`).

    >>> cards_text(parse_cards("10h 2c BJ"))
    'Th 2c BJ'
    """
    return " ".join(str(card) for card in cards)
