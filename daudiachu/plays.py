"""Play types: what a set of cards is (:func:`classify`), and whether one play beats another (:func:`beats`).

Source: ``003_5df2ac094b3959af.txt``, "Loại bài" (the ten play types, their comparison, the card
order) and "Ra bài" (follow with a higher play or pass); digest §4. The shortest chains come from
``rules.toml`` (:func:`daudiachu.rules.load_rules`). The readings that apply here are
:attr:`Topic.TYPES <daudiachu.rules.Topic.TYPES>` (the list is complete: no trio with a single, no
four with extras), :attr:`Topic.AIRPLANE <daudiachu.rules.Topic.AIRPLANE>` (four alike are not two
pairs) and :attr:`Topic.BEATS <daudiachu.rules.Topic.BEATS>` (a higher bomb beats a lower one).

>>> from daudiachu.cards import parse_cards
>>> play = classify(parse_cards("333 444 555 77 99 JJ"))
>>> play.type, play.rank.name, play.chain, play.size
(<PlayType.AIRPLANE: 'airplane'>, 'FIVE', 3, 15)
>>> classify(parse_cards("10 J Q K A 2"))
Traceback (most recent call last):
...
daudiachu.plays.NotAPlayError: 2♠: a straight, pair straight or trio straight cannot hold a 2 or a joker
>>> beats(classify(parse_cards("5555")), classify(parse_cards("3 4 5 6 7 8 9")))
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import pairwise

from daudiachu.cards import Card, Rank, sort_cards
from daudiachu.rules import load_rules

__all__ = [
    "PLAY_TYPES",
    "Fault",
    "NotAPlayError",
    "Play",
    "PlayType",
    "Rejection",
    "Verdict",
    "beats",
    "can_follow",
    "classify",
    "follow",
    "is_play",
    "why_not",
]


class PlayType(StrEnum):
    """The ten play types of the source ("Loại bài"); values are the ids shown in URLs and keys.

    Listed from the simplest to the strongest kind; only :attr:`BOMB` and :attr:`ROCKET` beat other types.
    """

    SINGLE = "single"
    """Bài đơn: one card."""
    PAIR = "pair"
    """Bài đôi: two cards of one rank."""
    TRIO = "trio"
    """Bài 3 con: three cards of one rank."""
    TRIO_PAIR = "trio_pair"
    """Bài 3 con kèm 1 đôi: a trio and a pair (5 cards); the pair does not count in comparisons."""
    STRAIGHT = "straight"
    """Sảnh đơn: 5 or more consecutive ranks from 3 to A, one card each (no 2, no joker)."""
    PAIR_STRAIGHT = "pair_straight"
    """Sảnh đôi: 3 or more consecutive pairs from 3 to A."""
    TRIO_STRAIGHT = "trio_straight"
    """Sảnh tam: 2 or more consecutive trios from 3 to A."""
    AIRPLANE = "airplane"
    """Phi cơ: a trio straight and as many pairs of other ranks; the pairs do not count in comparisons."""
    BOMB = "bomb"
    """Bom: four cards of one rank; beats every play but a higher bomb and the rocket."""
    ROCKET = "rocket"
    """Hỏa tiễn: both jokers; beats everything."""

    @property
    def is_chain(self) -> bool:
        """True for the types made of consecutive ranks (straight, pair/trio straight, airplane)."""
        return self in _CHAINS


PLAY_TYPES: tuple[PlayType, ...] = tuple(PlayType)
"""Every play type, in :class:`PlayType` order."""
_CHAINS = frozenset({PlayType.STRAIGHT, PlayType.PAIR_STRAIGHT, PlayType.TRIO_STRAIGHT, PlayType.AIRPLANE})


@dataclass(frozen=True)
class Play:
    """A legal play.

    Attributes:
        type: its :class:`PlayType`.
        rank: the rank that decides comparisons: the card, pair, trio or bomb's rank; the highest rank of a
            straight, pair straight or trio straight; the highest trio of an airplane; the trio of a trio
            with a pair; :attr:`Rank.BIG_JOKER` for the rocket.
        chain: how many ranks the deciding part spans: a straight's length, the pairs of a pair straight,
            the trios of a trio straight or airplane; 1 for the other types.
        cards: the cards, the deciding part first (lowest rank first), then the attached pairs.
    """

    type: PlayType
    rank: Rank
    chain: int
    cards: tuple[Card, ...]

    @property
    def size(self) -> int:
        """Number of cards; two plays of one type compare only when their sizes are equal."""
        return len(self.cards)

    @property
    def lowest(self) -> Rank:
        """The lowest rank of the deciding part (the first rank of a chain; :attr:`rank` otherwise)."""
        return Rank(self.rank - self.chain + 1) if self.type.is_chain else self.rank

    @property
    def main(self) -> tuple[Card, ...]:
        """The cards that decide comparisons: all but the attached pairs (trio with a pair, airplane)."""
        attached = self.chain * 2 if self.type in (PlayType.TRIO_PAIR, PlayType.AIRPLANE) else 0
        return self.cards[: self.size - attached]

    @property
    def attached(self) -> tuple[Card, ...]:
        """The attached pairs (they never change which play is higher); empty for other types."""
        return self.cards[len(self.main) :]


class Fault(StrEnum):
    """Why cards are not a play (values are ids a UI words in its language)."""

    EMPTY = "empty"
    """No cards."""
    DUPLICATE = "duplicate"
    """The same card twice."""
    TWO_DIFFERENT = "two_different"
    """Two cards of different ranks (only the two jokers go together)."""
    JOKER_MIXED = "joker_mixed"
    """A joker with other cards and no trio (not the rocket): a joker plays alone or with the other joker."""
    CHAIN_WITH_TWO = "chain_with_two"
    """A straight, pair or trio straight holding a 2 or a joker (named in :attr:`Rejection.cards`)."""
    SHORT_STRAIGHT = "short_straight"
    """3 or 4 different consecutive ranks: a straight needs at least 5."""
    SHORT_PAIR_STRAIGHT = "short_pair_straight"
    """Two pairs: a pair straight needs at least 3 consecutive pairs."""
    NOT_CONSECUTIVE = "not_consecutive"
    """Singles, pairs or trios with a gap (:attr:`Rejection.missing` names the missing ranks)."""
    FOUR_WITH_CARDS = "four_with_cards"
    """Four alike with more cards: a bomb is exactly four cards (reading of :attr:`Topic.TYPES`)."""
    TRIO_WITH_SINGLE = "trio_with_single"
    """A trio with one odd card: the source attaches only a pair (reading of :attr:`Topic.TYPES`)."""
    TRIO_WITH_EXTRA = "trio_with_extra"
    """A trio with cards that are not exactly one pair."""
    AIRPLANE_PAIRS = "airplane_pairs"
    """A trio straight with attached cards that are not as many pairs as trios."""
    AIRPLANE_FOUR = "airplane_four"
    """A trio straight whose attached "pairs" include four alike (reading of :attr:`Topic.AIRPLANE`)."""
    MIXED = "mixed"
    """Any other mix of cards."""


@dataclass(frozen=True)
class Rejection:
    """Why cards are not a play.

    Attributes:
        fault: the :class:`Fault`.
        cards: the cards at fault (the 2s or jokers of a chain, the four alike, the odd cards of a trio or
            airplane, the jokers mixed in), lowest first; empty when no card in particular is.
        missing: for :attr:`Fault.NOT_CONSECUTIVE`, the ranks missing from the chain, lowest first.
        trios: trios in the cards (for the trio and airplane faults), else 0.
        pairs: pairs in the cards, four alike counting as two (for the trio and airplane faults), else 0.
        singles: odd cards, neither in a trio nor a pair (for the trio and airplane faults), else 0.
    """

    fault: Fault
    cards: tuple[Card, ...] = ()
    missing: tuple[Rank, ...] = ()
    trios: int = 0
    pairs: int = 0
    singles: int = 0

    def message(self) -> str:
        """The reason in English, led by the cards at fault (the exception's message).

        >>> from daudiachu.cards import parse_cards
        >>> why_not(parse_cards("333 444 55")).message()
        '5♠ 5♥: 2 trios need 2 pairs, got 1 pair(s) and 0 odd card(s)'
        """
        text = _MESSAGES[self.fault].format(
            missing=", ".join(rank.label for rank in self.missing),
            trios=self.trios,
            pairs=self.pairs,
            singles=self.singles,
        )
        if self.cards:
            return f"{' '.join(card.pretty for card in self.cards)}: {text}"
        return text


_MESSAGES = {
    Fault.EMPTY: "no cards",
    Fault.DUPLICATE: "the same card twice",
    Fault.TWO_DIFFERENT: "two cards of different ranks are not a pair",
    Fault.JOKER_MIXED: "a joker plays alone, or with the other joker as the rocket",
    Fault.CHAIN_WITH_TWO: "a straight, pair straight or trio straight cannot hold a 2 or a joker",
    Fault.SHORT_STRAIGHT: "a straight needs at least 5 cards",
    Fault.SHORT_PAIR_STRAIGHT: "a pair straight needs at least 3 pairs",
    Fault.NOT_CONSECUTIVE: "the ranks are not consecutive: {missing} missing",
    Fault.FOUR_WITH_CARDS: "four alike are a bomb only on their own",
    Fault.TRIO_WITH_SINGLE: "a trio takes a pair, not a single card",
    Fault.TRIO_WITH_EXTRA: "a trio takes exactly one pair",
    Fault.AIRPLANE_PAIRS: "{trios} trios need {trios} pairs, got {pairs} pair(s) and {singles} odd card(s)",
    Fault.AIRPLANE_FOUR: "four alike are a bomb, not two pairs",
    Fault.MIXED: "these cards form none of the play types",
}


class NotAPlayError(ValueError):
    """Raised by :func:`classify` for cards that are not a play; the message names the cards at fault.

    Attributes:
        rejection: the :class:`Rejection` (fault, cards at fault, missing ranks, counts).
    """

    def __init__(self, rejection: Rejection) -> None:
        super().__init__(rejection.message())
        self.rejection = rejection


def _consecutive(ranks: Sequence[Rank]) -> bool:
    return all(b == a + 1 for a, b in pairwise(ranks))


def _missing(ranks: Sequence[Rank]) -> tuple[Rank, ...]:
    present = set(ranks)
    return tuple(Rank(r) for r in range(ranks[0], ranks[-1] + 1) if r not in present)


def _of(cards: Iterable[Card], ranks: Iterable[Rank]) -> tuple[Card, ...]:
    wanted = set(ranks)
    return sort_cards(card for card in cards if card.rank in wanted)


def _analyse(cards: tuple[Card, ...]) -> Play | Rejection:
    """The play the cards make, or why they make none (the rules of the module docstring)."""
    rules = load_rules()
    n = len(cards)
    if n == 0:
        return Rejection(Fault.EMPTY)
    if len(set(cards)) != n:
        return Rejection(Fault.DUPLICATE, tuple(c for c, k in Counter(cards).items() if k > 1))
    ordered = sort_cards(cards)
    counts = Counter(card.rank for card in cards)
    ranks = sorted(counts)
    by_count = {k: [r for r in ranks if counts[r] == k] for k in (1, 2, 3, 4)}
    trios, pairs, singles, fours = by_count[3], by_count[2], by_count[1], by_count[4]

    if n == 1:
        return Play(PlayType.SINGLE, ranks[0], 1, ordered)
    if ranks == [Rank.SMALL_JOKER, Rank.BIG_JOKER]:
        return Play(PlayType.ROCKET, Rank.BIG_JOKER, 1, ordered)
    if len(ranks) == 1:
        kind = {2: PlayType.PAIR, 3: PlayType.TRIO, 4: PlayType.BOMB}[n]
        return Play(kind, ranks[0], 1, ordered)

    def _trio_counts(fault: Fault, at_fault: tuple[Card, ...] = ()) -> Rejection:
        return Rejection(
            fault, at_fault, trios=len(trios), pairs=len(pairs) + 2 * len(fours), singles=len(singles)
        )

    trio_chain_ok = (
        len(trios) >= rules.trio_straight_min and _consecutive(trios) and all(r.in_chains for r in trios)
    )
    if fours:
        if trio_chain_ok and not singles and len(pairs) + 2 * len(fours) == len(trios):
            return _trio_counts(Fault.AIRPLANE_FOUR, _of(cards, fours))
        return Rejection(Fault.FOUR_WITH_CARDS, _of(cards, fours))
    jokers = [r for r in ranks if r.is_joker]
    if jokers and not trios and not (n >= rules.straight_min and len(singles) == n):
        return Rejection(Fault.JOKER_MIXED, _of(cards, jokers))

    outside = [r for r in ranks if not r.in_chains]  # 2s and jokers
    if len(singles) == n:  # all different: a straight or nothing
        if n == 2:
            return Rejection(Fault.TWO_DIFFERENT)
        if n < rules.straight_min:
            return Rejection(Fault.SHORT_STRAIGHT if _consecutive(ranks) else Fault.MIXED)
        if outside:
            return Rejection(Fault.CHAIN_WITH_TWO, _of(cards, outside))
        if not _consecutive(ranks):
            return Rejection(Fault.NOT_CONSECUTIVE, missing=_missing(ranks))
        return Play(PlayType.STRAIGHT, ranks[-1], n, ordered)
    if len(pairs) == len(ranks):  # all pairs
        if len(pairs) < rules.pair_straight_min:
            return Rejection(Fault.SHORT_PAIR_STRAIGHT if _consecutive(ranks) else Fault.MIXED)
        if outside:
            return Rejection(Fault.CHAIN_WITH_TWO, _of(cards, outside))
        if not _consecutive(ranks):
            return Rejection(Fault.NOT_CONSECUTIVE, missing=_missing(ranks))
        return Play(PlayType.PAIR_STRAIGHT, ranks[-1], len(pairs), ordered)
    if not trios:
        return Rejection(Fault.MIXED)
    if len(trios) == 1:
        if len(pairs) == 1 and not singles:
            return Play(PlayType.TRIO_PAIR, trios[0], 1, _of(cards, trios) + _of(cards, pairs))
        if len(singles) == 1 and not pairs:
            return _trio_counts(Fault.TRIO_WITH_SINGLE, _of(cards, singles))
        return _trio_counts(Fault.TRIO_WITH_EXTRA, _of(cards, singles + pairs))
    trio_outside = [r for r in trios if not r.in_chains]
    if trio_outside:
        return Rejection(Fault.CHAIN_WITH_TWO, _of(cards, trio_outside))
    if not _consecutive(trios):
        return Rejection(Fault.NOT_CONSECUTIVE, missing=_missing(trios))
    if not pairs and not singles:
        return Play(PlayType.TRIO_STRAIGHT, trios[-1], len(trios), ordered)
    if len(pairs) == len(trios) and not singles:
        return Play(PlayType.AIRPLANE, trios[-1], len(trios), _of(cards, trios) + _of(cards, pairs))
    return _trio_counts(Fault.AIRPLANE_PAIRS, _of(cards, singles + pairs))


def why_not(cards: Iterable[Card]) -> Rejection | None:
    """Why ``cards`` are not a play, or ``None`` if they are one (the query twin of :func:`classify`).

    >>> from daudiachu.cards import parse_cards
    >>> why_not(parse_cards("7777 99")).fault
    <Fault.FOUR_WITH_CARDS: 'four_with_cards'>
    >>> why_not(parse_cards("4 5 6 8 9")).missing
    (<Rank.SEVEN: 7>,)
    >>> why_not(parse_cards("QQQ KK")) is None
    True
    """
    result = _analyse(tuple(cards))
    return result if isinstance(result, Rejection) else None


def is_play(cards: Iterable[Card]) -> bool:
    """True if ``cards`` form one of the ten play types (:func:`classify` would not raise)."""
    return why_not(cards) is None


def classify(cards: Iterable[Card]) -> Play:
    """The play ``cards`` make, whatever order they are in (suits never matter).

    Args:
        cards: the cards played, each at most once (1 to 20 in a real game).

    Returns:
        The :class:`Play`: its type, deciding rank, chain length and cards.

    Raises:
        NotAPlayError: for cards that are not a play; ``.rejection`` says why (:class:`Fault`) and names
            the cards at fault, e.g. the 2 in a straight.

    >>> from daudiachu.cards import parse_cards
    >>> [classify(parse_cards(text)).type.value for text in ("5h", "44", "QQQ", "444 99", "RJ BJ", "7777")]
    ['single', 'pair', 'trio', 'trio_pair', 'rocket', 'bomb']
    >>> [classify(parse_cards(text)).type.value for text in ("45678", "33 44 55", "333 444")]
    ['straight', 'pair_straight', 'trio_straight']
    >>> classify(parse_cards("333 444 5 6"))
    Traceback (most recent call last):
    ...
    daudiachu.plays.NotAPlayError: 5♠ 6♠: 2 trios need 2 pairs, got 0 pair(s) and 2 odd card(s)
    """
    result = _analyse(tuple(cards))
    if isinstance(result, Rejection):
        raise NotAPlayError(result)
    return result


class Verdict(StrEnum):
    """How a play stands against the play it would follow (source "Loại bài", "Ra bài")."""

    ROCKET = "rocket"
    """The play is the rocket: it beats everything."""
    BOMB_OVER = "bomb_over"
    """A bomb on a play that is neither a bomb nor the rocket: it beats it."""
    HIGHER_BOMB = "higher_bomb"
    """A bomb of a higher rank than the bomb before it: it beats it (reading of :attr:`Topic.BEATS`)."""
    HIGHER = "higher"
    """Same type and size, higher deciding rank: it beats it."""
    NOT_HIGHER = "not_higher"
    """Same type and size, but not higher (equal or lower): it does not."""
    LOWER_BOMB = "lower_bomb"
    """A bomb no higher than the bomb before it: it does not."""
    UNDER_ROCKET = "under_rocket"
    """The play before is the rocket: nothing beats it."""
    UNDER_BOMB = "under_bomb"
    """The play before is a bomb and this one is neither a bomb nor the rocket: it does not."""
    OTHER_TYPE = "other_type"
    """A different type (and neither a bomb nor the rocket): it cannot follow."""
    OTHER_SIZE = "other_size"
    """Same type, different number of cards (e.g. a 6-card straight on a 5-card one): it cannot follow."""

    @property
    def beats(self) -> bool:
        """True for the verdicts in which the play beats the one before."""
        return self in (Verdict.ROCKET, Verdict.BOMB_OVER, Verdict.HIGHER_BOMB, Verdict.HIGHER)


def follow(play: Play, previous: Play) -> Verdict:
    """How ``play`` stands if played on ``previous``: whether it beats it, and why (a :class:`Verdict`).

    The two plays are taken as given; that they share no card is the caller's concern.

    >>> from daudiachu.cards import parse_cards
    >>> follow(classify(parse_cards("999 33")), classify(parse_cards("888 AA")))
    <Verdict.HIGHER: 'higher'>
    >>> follow(classify(parse_cards("3 4 5 6 7 8")), classify(parse_cards("9 10 J Q K")))
    <Verdict.OTHER_SIZE: 'other_size'>
    >>> follow(classify(parse_cards("2222")), classify(parse_cards("RJ BJ")))
    <Verdict.UNDER_ROCKET: 'under_rocket'>
    """
    if previous.type is PlayType.ROCKET:
        return Verdict.UNDER_ROCKET
    if play.type is PlayType.ROCKET:
        return Verdict.ROCKET
    if play.type is PlayType.BOMB:
        if previous.type is PlayType.BOMB:
            return Verdict.HIGHER_BOMB if play.rank > previous.rank else Verdict.LOWER_BOMB
        return Verdict.BOMB_OVER
    if previous.type is PlayType.BOMB:
        return Verdict.UNDER_BOMB
    if play.type is not previous.type:
        return Verdict.OTHER_TYPE
    if play.size != previous.size:
        return Verdict.OTHER_SIZE
    return Verdict.HIGHER if play.rank > previous.rank else Verdict.NOT_HIGHER


def beats(play: Play, previous: Play) -> bool:
    """True if ``play`` may be played on ``previous``: the same type and size and higher, a bomb on a
    non-bomb, a higher bomb on a bomb, or the rocket on anything (source "Loại bài").

    Antisymmetric: ``beats(a, b)`` and ``beats(b, a)`` are never both true.

    >>> from daudiachu.cards import parse_cards
    >>> beats(classify(parse_cards("2s")), classify(parse_cards("As")))
    True
    >>> beats(classify(parse_cards("AA")), classify(parse_cards("BJ")))
    False
    """
    return follow(play, previous).beats


def can_follow(play: Play, previous: Play) -> bool:
    """True if ``play`` and ``previous`` are comparable at all: a bomb or the rocket is involved, or they
    have the same type and the same number of cards. Where this is false, :func:`beats` is false both ways.

    >>> from daudiachu.cards import parse_cards
    >>> can_follow(classify(parse_cards("55")), classify(parse_cards("444")))
    False
    """
    return follow(play, previous) not in (Verdict.OTHER_TYPE, Verdict.OTHER_SIZE)
