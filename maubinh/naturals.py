"""Instant wins (mậu binh / tới trắng): 13-card patterns that win without comparing chi.

Patterns that depend on a split (three flushes, three straights, three straight
flushes) are found by searching the 13 cards, not only the split a player chose
(digest §2.4, reading: an instant win is declared automatically and stands even
when the player's own split fouls). A hand matching several patterns is paid
the one worth the most chi.

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
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from maubinh.arrangement import Arrangement
from maubinh.cards import Card, Rank, Suit
from maubinh.hands import WheelRank, evaluate
from maubinh.rules import NaturalPattern, NaturalRule, RuleSet

__all__ = ["InstantWin", "find_instant_win", "matching_patterns", "natural_split"]


@dataclass(frozen=True)
class InstantWin:
    """An instant win found in a hand.

    Attributes:
        pattern: the :class:`~maubinh.rules.NaturalPattern` declared.
        chi: what it wins from each opponent under the rule set.
        rank: its place in the rule set's list (0 = highest).
        tiebreak: values compared when two players hold the same pattern
            (``luckywin``: highest trips / pair / quad, or the chi one by one);
            ``()`` where the same pattern always ties.
        split: for split patterns (three flushes, straights, straight flushes),
            the arrangement that shows it; otherwise ``None``.
        rule: the rule-set entry, with its provenance.
        top_rank, top_tiebreak: the highest-listed pattern the hand matches and its
            tie-break: what two players' instant wins are compared by (a hand is as
            strong as the best pattern it shows, and paid the one worth most).
    """

    pattern: NaturalPattern
    chi: int
    rank: int
    tiebreak: tuple[int, ...]
    split: Arrangement | None
    rule: NaturalRule
    top_rank: int
    top_tiebreak: tuple[int, ...]


def find_instant_win(cards: Sequence[Card], rule_set: RuleSet) -> InstantWin | None:
    """The instant win a 13-card hand declares under ``rule_set``, or ``None``.

    Args:
        cards: the 13 cards, in any order or split.
        rule_set: decides which patterns count, their order and their chi.

    Returns:
        Of the patterns in ``rule_set.naturals`` that the hand matches, the one
        paying the most chi (ties: the earlier in the list), or ``None``
        (digest §2.4: a hand matching several patterns is paid the best one).
        Reading (digest §2.4): trips count as one pair for six pairs only where
        the rule set has no five-pairs-and-trips pattern of its own.

    Raises:
        ValueError: if ``cards`` is not 13 distinct cards.
    """
    hand = _check(cards)
    listed = {rule.pattern for rule in rule_set.naturals}
    matches: list[tuple[int, NaturalRule, tuple[int, ...], Arrangement | None]] = []
    for rank, rule in enumerate(rule_set.naturals):
        if rule.pattern is NaturalPattern.LUC_PHE_BON and NaturalPattern.NAM_DOI_SAM in listed and (
            _five_pairs_trips(hand) is not None
        ):
            continue
        found = _match(rule.pattern, hand, rule_set.wheel)
        if found is not None:
            matches.append((rank, rule, found[0], found[1]))
    if not matches:
        return None
    rank, rule, tiebreak, split = max(matches, key=lambda m: (m[1].chi, -m[0]))
    top_rank, _, top_tiebreak, _ = min(matches, key=lambda m: m[0])
    return InstantWin(rule.pattern, rule.chi, rank, tiebreak, split, rule, top_rank, top_tiebreak)


def matching_patterns(cards: Sequence[Card]) -> list[NaturalPattern]:
    """Every pattern the 13 cards match, whatever the rule set (for teaching and tests)."""
    hand = _check(cards)
    return [p for p in NaturalPattern if _match(p, hand) is not None]


def natural_split(cards: Sequence[Card], pattern: NaturalPattern) -> Arrangement | None:
    """The split that shows a split pattern (three flushes / straights / straight flushes), if any."""
    found = _match(pattern, _check(cards))
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


def _split_key(split: Arrangement, wheel: WheelRank, run_front: bool) -> tuple[int, ...]:
    """Chi by chi, back first, on the rule set's scale; the front by its run top where it is a run."""
    front = _front_run_top(split.front) if run_front else evaluate(split.front, wheel).key
    return (evaluate(split.back, wheel).key, evaluate(split.middle, wheel).key, front)


def _best(splits: Iterable[Arrangement], wheel: WheelRank, run_front: bool) -> _Found:
    """The split with the highest chi-by-chi key, its two 5-card chi in legal order."""
    best: Arrangement | None = None
    best_key: tuple[int, ...] = ()
    for split in splits:
        if evaluate(split.back, wheel) < evaluate(split.middle, wheel):
            split = Arrangement(split.middle, split.back, split.front)
        key = _split_key(split, wheel, run_front)
        if best is None or key > best_key:
            best, best_key = split, key
    return (best_key, best) if best is not None else None


# Suit counts (high to low) that split into one-suit chi of 5, 5 and 3 cards.
_FLUSH_SHAPES = frozenset({(13,), (10, 3), (8, 5), (5, 5, 3)})


def _flush_shape(hand: Sequence[Card]) -> bool:
    return tuple(sorted(Counter(c.suit for c in hand).values(), reverse=True)) in _FLUSH_SHAPES


def _three_flushes(hand: Sequence[Card]) -> Iterator[Arrangement]:
    if not _flush_shape(hand):
        return iter(())
    by_suit: dict[Suit, list[Card]] = {}
    for card in sorted(hand, reverse=True):
        by_suit.setdefault(card.suit, []).append(card)

    def splits() -> Iterator[Arrangement]:
        for suits in product(by_suit, repeat=3):
            demand = Counter[Suit]()
            for suit, size in zip(suits, (5, 5, 3)):
                demand[suit] += size
            if any(demand[s] != len(cards) for s, cards in by_suit.items()):
                continue
            # Within a suit, the highest cards go to the back, then the middle, then the front.
            taken: Counter[Suit] = Counter()
            chis = []
            for suit, size in zip(suits, (5, 5, 3)):
                chis.append(tuple(by_suit[suit][taken[suit] : taken[suit] + size]))
                taken[suit] += size
            yield Arrangement(chis[0], chis[1], chis[2])

    return splits()


# Runs of ranks that make a straight: 5-card A-2-3-4-5 .. 10-J-Q-K-A, and the
# 3-card A-2-3 .. Q-K-A (the front counts as a straight only for this pattern).
def _runs(length: int) -> list[tuple[int, ...]]:
    low_ace = tuple([14] + list(range(2, 2 + length - 1)))
    return [low_ace] + [tuple(range(lo, lo + length)) for lo in range(2, 16 - length)]


_RUNS5 = _runs(5)
_RUNS3 = _runs(3)


# Every (back, middle, front) run triple, keyed by its 13 ranks sorted: a hand
# is three straights exactly when its sorted ranks are a key (660 triples).
_STRAIGHT_TRIPLES: dict[tuple[int, ...], list[tuple[tuple[int, ...], ...]]] = {}
for _i, _back in enumerate(_RUNS5):
    for _middle in _RUNS5[: _i + 1]:
        for _front in _RUNS3:
            _key = tuple(sorted(_back + _middle + _front))
            _STRAIGHT_TRIPLES.setdefault(_key, []).append((_back, _middle, _front))


def _three_straights(hand: Sequence[Card]) -> Iterator[Arrangement]:
    triples = _STRAIGHT_TRIPLES.get(tuple(sorted(int(c.rank) for c in hand)))
    if not triples:
        return iter(())
    by_rank: dict[int, list[Card]] = {}
    for card in sorted(hand, key=lambda c: c.suit.value):
        by_rank.setdefault(int(card.rank), []).append(card)

    def splits() -> Iterator[Arrangement]:
        for runs in triples:
            pools = {r: list(cards) for r, cards in by_rank.items()}
            chis = [tuple(pools[r].pop() for r in run) for run in runs]
            yield Arrangement(chis[0], chis[1], chis[2])

    return splits()


def _three_straight_flushes(hand: Sequence[Card]) -> Iterator[Arrangement]:
    if not _flush_shape(hand) or tuple(sorted(int(c.rank) for c in hand)) not in _STRAIGHT_TRIPLES:
        return iter(())
    present = set(hand)

    def flush_runs(runs: list[tuple[int, ...]]) -> list[frozenset[Card]]:
        groups = (frozenset(Card(Rank(r), suit) for r in run) for suit in Suit for run in runs)
        return [group for group in groups if group <= present]

    fives, threes = flush_runs(_RUNS5), flush_runs(_RUNS3)

    def splits() -> Iterator[Arrangement]:
        for back, middle in combinations(fives, 2):
            if back & middle:
                continue
            for front in threes:
                if len(back | middle | front) == 13:
                    yield Arrangement(tuple(sorted(back)), tuple(sorted(middle)), tuple(sorted(front)))

    return splits()


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
# Split patterns: every split that shows them, and whether the front is compared as a run.
_SPLIT_MATCHERS: dict[NaturalPattern, tuple[Callable[[Sequence[Card]], Iterator[Arrangement]], bool]] = {
    NaturalPattern.BA_THUNG_PHA_SANH: (_three_straight_flushes, True),
    NaturalPattern.BA_THUNG: (_three_flushes, False),
    NaturalPattern.BA_SANH: (_three_straights, True),
}


def _match(pattern: NaturalPattern, hand: Sequence[Card], wheel: WheelRank = WheelRank.LOWEST) -> _Found:
    """``(tiebreak, split)`` when ``hand`` shows ``pattern``, else ``None``."""
    if pattern in _SPLIT_MATCHERS:
        splits, run_front = _SPLIT_MATCHERS[pattern]
        return _best(splits(hand), wheel, run_front)
    return _COUNT_MATCHERS[pattern](hand)
