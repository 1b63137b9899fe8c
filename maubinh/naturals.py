"""Instant wins (mậu binh / tới trắng): 13-card patterns that win without comparing chi.

Patterns that depend on a split (three flushes, three straights, three straight
flushes) are found by searching the 13 cards, not only the split a player chose,
and shown as the strongest split that makes them, found from ranks and suits
together (digest §2.4, readings: an instant win is found from the 13 cards; declaring
it is the player's choice, :func:`maubinh.settle.settle`'s ``declared``, and a
declared one stands even when the player's own split fouls). A hand matching
several patterns is one pattern everywhere (digest §2.4, reading December 2026):
the rule set's :class:`~maubinh.rules.SeveralPatterns` picks it (the highest listed
under ``luckywin``, the one paid most elsewhere), and that pattern is paid, ranked
against another instant win (:func:`contest`), named and shown.

>>> from maubinh.cards import parse_cards
>>> from maubinh.rules import load_rule_set
>>> hand = parse_cards("2s 2h 5d 5c 7s 7h 9d 9c Js Jh Kd Kc As")
>>> find_instant_win(hand, load_rule_set("chi-at")).pattern.value
'luc_phe_bon'
>>> find_instant_win(hand, load_rule_set("chi-at")).chi
18
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from maubinh.arrangement import Arrangement, keys_in_order
from maubinh.cards import Card, Suit
from maubinh.hands import WheelRank, evaluate
from maubinh.rules import NaturalPattern, NaturalRule, NaturalsVersus, RuleSet, SeveralPatterns

__all__ = ["InstantWin", "contest", "find_instant_win", "matching_patterns", "natural_split"]


@dataclass(frozen=True)
class InstantWin:
    """An instant win found in a hand: its one pattern (digest §2.4, reading December 2026), paid, ranked and shown.

    Attributes:
        pattern: the :class:`~maubinh.rules.NaturalPattern` declared (of several the hand matches, the one the
            rule set's :attr:`~maubinh.rules.RuleSet.several_patterns` picks).
        chi: what it wins from each opponent under the rule set.
        rank: its place in the rule set's list (0 = highest): what it is ranked by against another instant win.
        tiebreak: values compared when two players hold the same pattern
            (``luckywin``: highest trips / pair / quad, or the chi one by one);
            ``()`` where the same pattern always ties.
        split: for split patterns (three flushes, straights, straight flushes),
            the arrangement that shows it; otherwise ``None``.
        rule: the rule-set entry, with its provenance.
    """

    pattern: NaturalPattern
    chi: int
    rank: int
    tiebreak: tuple[int, ...]
    split: Arrangement | None
    rule: NaturalRule


def find_instant_win(cards: Sequence[Card], rule_set: RuleSet) -> InstantWin | None:
    """The instant win a 13-card hand declares under ``rule_set``, or ``None``.

    Args:
        cards: the 13 cards, in any order or split.
        rule_set: decides which patterns count, their order and their chi.

    Returns:
        Of the patterns in ``rule_set.naturals`` that the hand matches, the one
        :attr:`~maubinh.rules.RuleSet.several_patterns` picks (digest §2.4, reading December 2026:
        :attr:`~maubinh.rules.SeveralPatterns.HIGHEST_LISTED`, the first in the list, under ``luckywin``;
        :attr:`~maubinh.rules.SeveralPatterns.PAID_MOST`, the one paying the most chi, ties the earlier
        in the list, elsewhere), or ``None``. That one pattern is paid, ranked and shown.
        Readings (digest §2.4): counting pairs for six pairs and for five pairs and trips, a quad is two
        pairs (4+3+2+2+2 is five pairs and trips); trips count as one pair for six pairs only where the
        rule set has no five-pairs-and-trips pattern of its own.

    Raises:
        ValueError: if ``cards`` is not 13 distinct cards.
    """
    hand = _check(cards)
    listed = {rule.pattern for rule in rule_set.naturals}
    highest_listed = rule_set.several_patterns is SeveralPatterns.HIGHEST_LISTED
    matches: list[tuple[int, NaturalRule, tuple[int, ...], Arrangement | None]] = []
    for rank, rule in enumerate(rule_set.naturals):
        if rule.pattern is NaturalPattern.LUC_PHE_BON and NaturalPattern.NAM_DOI_SAM in listed and (
            _five_pairs_trips(hand) is not None
        ):
            continue
        found = _match(rule.pattern, hand, rule_set.wheel, rule_set.strict_order)
        if found is not None:
            matches.append((rank, rule, found[0], found[1]))
            if highest_listed:  # the first match in list order is the one
                break
    if not matches:
        return None
    rank, rule, tiebreak, split = max(matches, key=lambda m: (m[1].chi, -m[0])) if not highest_listed else matches[0]
    return InstantWin(rule.pattern, rule.chi, rank, tiebreak, split, rule)


def contest(first: InstantWin, second: InstantWin, rule_set: RuleSet) -> int:
    """Which of two players' instant wins wins between them: ``1`` the first, ``-1`` the second, ``0`` neither.

    Each hand is its one pattern (:func:`find_instant_win`): the one earlier in the rule set's list wins
    (:attr:`~maubinh.rules.NaturalsVersus.RANK`), the same pattern by its tie-break under
    :attr:`~maubinh.rules.NaturalsVersus.TIEBREAK` (``luckywin``) and otherwise evenly; under
    :attr:`~maubinh.rules.NaturalsVersus.NONE` (``chi-at``) they are never compared (digest §2.4). The winner
    takes its own :attr:`InstantWin.chi`.

    >>> from maubinh.cards import parse_cards
    >>> from maubinh.rules import load_rule_set
    >>> luckywin = load_rule_set("luckywin")
    >>> quads = find_instant_win(parse_cards("2h 2c 2d 2s 5d 5s 5c 5h 9c 9d 9s 9h Ad"), luckywin)
    >>> trips = find_instant_win(parse_cards("2h 2c 2d 5h 5d 5s 9s 9c 9d Kd Kc Ks Ad"), luckywin)
    >>> quads.pattern.value, trips.pattern.value, contest(quads, trips, luckywin)
    ('luc_phe_bon', 'bon_sam', 1)
    """
    versus = rule_set.naturals_versus
    if versus is NaturalsVersus.NONE:
        return 0
    order_first: tuple[int, ...] = (-first.rank,)
    order_second: tuple[int, ...] = (-second.rank,)
    if versus is NaturalsVersus.TIEBREAK:
        order_first, order_second = order_first + first.tiebreak, order_second + second.tiebreak
    return (order_first > order_second) - (order_first < order_second)


def matching_patterns(cards: Sequence[Card]) -> list[NaturalPattern]:
    """Every pattern the 13 cards match, whatever the rule set (for teaching and tests)."""
    hand = _check(cards)
    return [p for p in NaturalPattern if _match(p, hand) is not None]


def natural_split(
    cards: Sequence[Card], pattern: NaturalPattern, wheel: WheelRank = WheelRank.LOWEST, *, strict: bool = False
) -> Arrangement | None:
    """The strongest split that shows a split pattern (three flushes / straights / straight flushes), if any.

    Strongest under ``wheel``'s straight order, chi by chi from the back, among the splits that are not
    binh lủng under the order rule ``strict`` where there is one (digest §2.4, reading): the split a player
    shows when two players hold the same pattern (``luckywin``'s tie-break), and on the screen.

    >>> from maubinh.cards import parse_cards
    >>> hand = parse_cards("2c 3d 4h 5s 5h 6s 6d 7c 7h 8s 8d 9c 9h")
    >>> str(natural_split(hand, NaturalPattern.BA_SANH))
    '9c 8s 7c 6s 5s | 9h 8d 7h 6d 5h | 4h 3d 2c'
    >>> str(natural_split(hand, NaturalPattern.BA_SANH, strict=True))
    '9c 8s 7c 6s 5s | 6d 5h 4h 3d 2c | 9h 8d 7h'
    """
    found = _match(pattern, _check(cards), wheel, strict)
    return found[1] if found else None


def _check(cards: Sequence[Card]) -> tuple[Card, ...]:
    hand = tuple(cards)
    if len(hand) != 13 or len(set(hand)) != 13:
        raise ValueError(f"an instant win needs 13 distinct cards, got {len(set(hand))} of {len(hand)}")
    return hand


_Found = tuple[tuple[int, ...], Arrangement | None] | None


def _rank_counts(hand: Sequence[Card]) -> Counter[int]:
    return Counter(int(c.rank) for c in hand)


def _dragon(hand: Sequence[Card]) -> _Found:
    return ((), None) if len(_rank_counts(hand)) == 13 else None


def _dragon_flush(hand: Sequence[Card]) -> _Found:
    return _dragon(hand) if len({c.suit for c in hand}) == 1 else None


def _colour(min_same: int) -> Callable[[Sequence[Card]], _Found]:
    def match(hand: Sequence[Card]) -> _Found:
        red = sum(c.suit.is_red for c in hand)
        same = max(red, 13 - red)
        return ((), None) if same == min_same else None

    return match


def _five_pairs_trips(hand: Sequence[Card]) -> _Found:
    # Five pairs and one trips, 13 cards: one rank held three times, every other
    # count even (a quad counts as two pairs). Tie-break: the trips' rank.
    counts = _rank_counts(hand)
    odd = [r for r, n in counts.items() if n % 2]
    if len(odd) == 1 and counts[odd[0]] == 3:
        return ((odd[0],), None)
    return None


def _six_pairs(hand: Sequence[Card]) -> _Found:
    # Reading (digest §2.4): trips count as one pair, quads as two.
    counts = _rank_counts(hand)
    pairs = sorted((r for r, n in counts.items() for _ in range(n // 2)), reverse=True)
    return ((pairs[0],), None) if len(pairs) >= 6 else None


def _four_trips(hand: Sequence[Card]) -> _Found:
    trips = sorted((r for r, n in _rank_counts(hand).items() if n >= 3), reverse=True)
    return ((trips[0],), None) if len(trips) >= 4 else None


def _three_quads(hand: Sequence[Card]) -> _Found:
    quads = sorted((r for r, n in _rank_counts(hand).items() if n == 4), reverse=True)
    return ((quads[0],), None) if len(quads) >= 3 else None


def _front_run_top(front: Sequence[Card]) -> int:
    """The top of a 3-card run: 3 for A-2-3, 14 for Q-K-A (fronts of three straights)."""
    ranks = sorted(int(c.rank) for c in front)
    return 3 if ranks == [2, 3, 14] else ranks[-1]


# Suit counts (high to low) that split into one-suit chi of 5, 5 and 3 cards.
_FLUSH_SHAPES = frozenset({(13,), (10, 3), (8, 5), (5, 5, 3)})


def _flush_shape(hand: Sequence[Card]) -> bool:
    return tuple(sorted(Counter(c.suit for c in hand).values(), reverse=True)) in _FLUSH_SHAPES


# Runs of ranks that make a straight: 5-card A-2-3-4-5 .. 10-J-Q-K-A, and the
# 3-card A-2-3 .. Q-K-A (the front counts as a straight only for this pattern).
def _runs(length: int) -> list[tuple[int, ...]]:
    low_ace = tuple([14] + list(range(2, 2 + length - 1)))
    return [low_ace] + [tuple(range(lo, lo + length)) for lo in range(2, 16 - length)]


_RUNS5 = _runs(5)
_RUNS3 = _runs(3)


# Every (back, middle, front) run triple, keyed by its 13 ranks sorted: a hand
# can be three straights only when its sorted ranks are a key (660 triples).
_STRAIGHT_TRIPLES: dict[tuple[int, ...], list[tuple[tuple[int, ...], ...]]] = {}
for _i, _back in enumerate(_RUNS5):
    for _middle in _RUNS5[: _i + 1]:
        for _front in _RUNS3:
            _key = tuple(sorted(_back + _middle + _front))
            _STRAIGHT_TRIPLES.setdefault(_key, []).append((_back, _middle, _front))


class _Shape:
    """What each chi of a split pattern must be: one suit (``flush``), a run of ranks (``run``), or both."""

    def __init__(self, flush: bool, run: bool) -> None:
        self.flush, self.run = flush, run

    def possible(self, hand: Sequence[Card]) -> bool:
        """A quick test on the 13 cards' suit and rank counts: can any split show the pattern?"""
        if self.flush and not _flush_shape(hand):
            return False
        return not self.run or tuple(sorted(int(c.rank) for c in hand)) in _STRAIGHT_TRIPLES

    def chis(self, cards: Sequence[Card], size: int) -> Iterator[tuple[Card, ...]]:
        """Every ``size``-card chi of ``cards`` of this shape (ranks and suits together)."""
        if not self.run:
            by_suit: dict[Suit, list[Card]] = {}
            for card in cards:
                by_suit.setdefault(card.suit, []).append(card)
            for same in by_suit.values():
                yield from combinations(same, size)
            return
        by_rank: dict[int, list[Card]] = {}
        for card in cards:
            by_rank.setdefault(int(card.rank), []).append(card)
        for run in _RUNS5 if size == 5 else _RUNS3:
            if all(rank in by_rank for rank in run):
                for chi in product(*(by_rank[rank] for rank in run)):
                    if not self.flush or len({card.suit for card in chi}) == 1:
                        yield chi

    def front_key(self, front: Sequence[Card], wheel: WheelRank) -> int:
        """How two fronts of this pattern compare: by the run's top for runs, else as ordinary 3-card chi."""
        return _front_run_top(front) if self.run else evaluate(front, wheel).key


_SPLIT_SHAPES: dict[NaturalPattern, _Shape] = {
    NaturalPattern.BA_THUNG_PHA_SANH: _Shape(flush=True, run=True),
    NaturalPattern.BA_THUNG: _Shape(flush=True, run=False),
    NaturalPattern.BA_SANH: _Shape(flush=False, run=True),
}


def _strongest_split(hand: Sequence[Card], shape: _Shape, wheel: WheelRank, strict: bool) -> _Found:
    """The strongest split that shows a split pattern, and its chi-by-chi key (digest §2.4, reading).

    Strongest: the back highest as an ordinary hand (a straight flush beats a plain flush or
    straight, suits never break a tie), then the middle, then the front (:meth:`_Shape.front_key`).
    Found from ranks and suits together: the backs of the pattern, strongest first; for the first
    strength that leaves a middle and front of the pattern, the best of those among its backs.
    Only splits that are not binh lủng under the order rule (``strict``: the rule set's
    :attr:`~maubinh.rules.RuleSet.strict_order`) are taken where one exists (digest §2.4, reading: the
    strongest legal split); a hand with no legal split of its pattern shows its strongest fouled one.
    """
    if not shape.possible(hand):
        return None
    backs: dict[int, list[tuple[Card, ...]]] = {}
    for chi in shape.chis(hand, 5):
        backs.setdefault(evaluate(chi, wheel).key, []).append(chi)
    return _strongest_of(hand, shape, wheel, backs, strict) or _strongest_of(hand, shape, wheel, backs, None)


def _strongest_of(
    hand: Sequence[Card], shape: _Shape, wheel: WheelRank, backs: dict[int, list[tuple[Card, ...]]],
    strict: bool | None,
) -> _Found:
    """:func:`_strongest_split` among the splits in order under ``strict`` (``None``: every split)."""
    for back_key in sorted(backs, reverse=True):
        best: tuple[tuple[int, int], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]] | None = None
        for back in backs[back_key]:
            rest = [card for card in hand if card not in back]
            for middle in shape.chis(rest, 5):
                front = tuple(card for card in rest if card not in middle)
                if next(shape.chis(front, 3), None) is None:
                    continue
                middle_value = evaluate(middle, wheel)
                if strict is not None and not keys_in_order(
                    back_key, middle_value.key, evaluate(front, wheel).key, strict=strict
                ):
                    continue
                key = (middle_value.key, shape.front_key(front, wheel))
                if best is None or key > best[0]:
                    best = (key, back, middle, front)
        if best is not None:
            (middle_key, front_key), back, middle, front = best
            split = Arrangement(*(tuple(sorted(chi, reverse=True)) for chi in (back, middle, front)))
            return ((back_key, middle_key, front_key), split)
    return None


_COUNT_MATCHERS: dict[NaturalPattern, Callable[[Sequence[Card]], _Found]] = {
    NaturalPattern.RONG_CUON: _dragon_flush,
    NaturalPattern.SANH_RONG: _dragon,
    NaturalPattern.DONG_MAU_13: _colour(13),
    NaturalPattern.DONG_MAU_12: _colour(12),
    NaturalPattern.NAM_DOI_SAM: _five_pairs_trips,
    NaturalPattern.LUC_PHE_BON: _six_pairs,
    NaturalPattern.BON_SAM: _four_trips,
    NaturalPattern.BA_TU_QUY: _three_quads,
}


def _match(
    pattern: NaturalPattern, hand: Sequence[Card], wheel: WheelRank = WheelRank.LOWEST, strict: bool = False
) -> _Found:
    """``(tiebreak, split)`` when ``hand`` shows ``pattern``, else ``None``."""
    if pattern in _SPLIT_SHAPES:
        return _strongest_split(hand, _SPLIT_SHAPES[pattern], wheel, strict)
    return _COUNT_MATCHERS[pattern](hand)
