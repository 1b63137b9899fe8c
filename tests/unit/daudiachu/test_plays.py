"""daudiachu.plays: the ten play types of the source ("Loại bài"), the look-alikes that are not plays, and
what beats what. Source 003_5df2ac094b3959af.txt; digest §4.

Besides hand-checked cases, :func:`classify` is cross-checked against a second, independent description
of the play types: every rank multiset of up to 7 cards is classified and compared with a table of the
plays built straight from the source's definitions.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement, pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from daudiachu.cards import FULL_DECK, Card, Rank, Suit, parse_cards
from daudiachu.plays import (
    PLAY_TYPES,
    Fault,
    NotAPlayError,
    Play,
    PlayType,
    Verdict,
    beats,
    can_follow,
    classify,
    follow,
    is_play,
    why_not,
)

CHAIN_RANKS = [rank for rank in Rank if rank.in_chains]  # 3..A
CARD_RANKS = [rank for rank in Rank if not rank.is_joker]  # 3..2


def play(text: str) -> Play:
    return classify(parse_cards(text))


def ranks_of(cards: tuple[Card, ...]) -> list[str]:
    return [card.rank.label for card in cards]


# --------------------------------------------------------------------------- every play type recognised


PLAYS = [
    ("5h", PlayType.SINGLE, Rank.FIVE, 1),  # the source's own examples first
    ("4 4", PlayType.PAIR, Rank.FOUR, 1),
    ("Q Q Q", PlayType.TRIO, Rank.QUEEN, 1),
    ("4 4 4 + 9 9", PlayType.TRIO_PAIR, Rank.FOUR, 1),
    ("4 5 6 7 8", PlayType.STRAIGHT, Rank.EIGHT, 5),
    ("7 8 9 10 J Q K A", PlayType.STRAIGHT, Rank.ACE, 8),
    ("3 3 + 4 4 + 5 5", PlayType.PAIR_STRAIGHT, Rank.FIVE, 3),
    ("7 7 + 8 8 + 9 9 + 10 10 + J J", PlayType.PAIR_STRAIGHT, Rank.JACK, 5),
    ("3 3 3 + 4 4 4", PlayType.TRIO_STRAIGHT, Rank.FOUR, 2),
    ("5 5 5 + 6 6 6 + 7 7 7 + 8 8 8", PlayType.TRIO_STRAIGHT, Rank.EIGHT, 4),
    ("3 3 3 + 4 4 4 + 5 5 5 + 7 7 + 9 9 + J J", PlayType.AIRPLANE, Rank.FIVE, 3),
    ("7 7 7 7", PlayType.BOMB, Rank.SEVEN, 1),
    ("RJ BJ", PlayType.ROCKET, Rank.BIG_JOKER, 1),
    ("2", PlayType.SINGLE, Rank.TWO, 1),
    ("RJ", PlayType.SINGLE, Rank.BIG_JOKER, 1),
    ("2 2", PlayType.PAIR, Rank.TWO, 1),
    ("2 2 2", PlayType.TRIO, Rank.TWO, 1),
    ("2 2 2 3 3", PlayType.TRIO_PAIR, Rank.TWO, 1),
    ("3 3 3 2 2", PlayType.TRIO_PAIR, Rank.THREE, 1),
    ("2 2 2 2", PlayType.BOMB, Rank.TWO, 1),
    ("3 4 5 6 7 8 9 10 J Q K A", PlayType.STRAIGHT, Rank.ACE, 12),
    ("QQ KK AA", PlayType.PAIR_STRAIGHT, Rank.ACE, 3),
    ("KKK AAA", PlayType.TRIO_STRAIGHT, Rank.ACE, 2),
    ("KKK AAA 22 33", PlayType.AIRPLANE, Rank.ACE, 2),
    ("555 666 777 888 33 44 99 22", PlayType.AIRPLANE, Rank.EIGHT, 4),
]


@pytest.mark.parametrize(("text", "kind", "rank", "chain"), PLAYS)
def test_every_play_type_is_recognised(text, kind, rank, chain):
    result = play(text)
    assert (result.type, result.rank, result.chain) == (kind, rank, chain)
    assert is_play(parse_cards(text)) and why_not(parse_cards(text)) is None


def test_every_type_has_a_case_above():
    covered = {kind for _, kind, _, _ in PLAYS}
    assert covered == set(PLAY_TYPES)


def test_attached_pairs_come_after_the_deciding_part():
    airplane = play("9 9 3 3 3 J J 4 4 4")
    assert ranks_of(airplane.main) == ["3", "3", "3", "4", "4", "4"]
    assert ranks_of(airplane.attached) == ["9", "9", "J", "J"]
    assert airplane.lowest is Rank.THREE
    trio_pair = play("9 9 4 4 4")
    assert ranks_of(trio_pair.main) == ["4", "4", "4"] and ranks_of(trio_pair.attached) == ["9", "9"]
    assert play("4 5 6 7 8").lowest is Rank.FOUR and play("7777").lowest is Rank.SEVEN


def test_order_and_suits_never_change_the_play():
    a = play("8c 4h 6s 5d 7c")
    b = play("4s 5s 6s 7s 8s")
    assert (a.type, a.rank, a.chain, a.size) == (b.type, b.rank, b.chain, b.size)


# --------------------------------------------------------------------------- look-alikes rejected


@pytest.mark.parametrize(
    ("text", "fault", "at_fault"),
    [
        ("J Q K A 2", Fault.CHAIN_WITH_TWO, ["2"]),  # a straight with a 2
        ("10 J Q K A 2", Fault.CHAIN_WITH_TWO, ["2"]),
        ("A 2 3 4 5", Fault.CHAIN_WITH_TWO, ["2"]),  # no wrapping round through the 2 either
        ("10 J Q K A BJ", Fault.CHAIN_WITH_TWO, ["BJ"]),  # nor a joker
        ("QQ KK AA 22", Fault.CHAIN_WITH_TWO, ["2", "2"]),  # pair straight with 2s
        ("AAA 222", Fault.CHAIN_WITH_TWO, ["2", "2", "2"]),  # trio straight with 2s
        ("AAA 222 55 66", Fault.CHAIN_WITH_TWO, ["2", "2", "2"]),  # airplane on 2s
        ("7 7 7 7 9 9", Fault.FOUR_WITH_CARDS, ["7", "7", "7", "7"]),  # four of a kind with a pair
        ("7 7 7 7 9 J", Fault.FOUR_WITH_CARDS, ["7", "7", "7", "7"]),  # ... with two singles
        ("7 7 7 7 9", Fault.FOUR_WITH_CARDS, ["7", "7", "7", "7"]),
        ("7 7 7 7 RJ", Fault.FOUR_WITH_CARDS, ["7", "7", "7", "7"]),
        ("333 444 555 77 99", Fault.AIRPLANE_PAIRS, ["7", "7", "9", "9"]),  # 3 trios, 2 pairs
        ("333 444 77 99 JJ", Fault.AIRPLANE_PAIRS, ["7", "7", "9", "9", "J", "J"]),  # 2 trios, 3 pairs
        ("333 444 7 9", Fault.AIRPLANE_PAIRS, ["7", "9"]),  # singles, not pairs
        ("333 444 77 9", Fault.AIRPLANE_PAIRS, ["7", "7", "9"]),
        ("333 444 5555", Fault.AIRPLANE_FOUR, ["5", "5", "5", "5"]),  # four alike are not two pairs
        ("8 8 8 5", Fault.TRIO_WITH_SINGLE, ["5"]),
        ("8 8 8 RJ", Fault.TRIO_WITH_SINGLE, ["RJ"]),
        ("8 8 8 5 6", Fault.TRIO_WITH_EXTRA, ["5", "6"]),
        ("8 8 8 BJ RJ", Fault.TRIO_WITH_EXTRA, ["BJ", "RJ"]),
        ("333 444 BJ RJ", Fault.AIRPLANE_PAIRS, ["BJ", "RJ"]),
        ("8 8 8 55 66", Fault.TRIO_WITH_EXTRA, ["5", "5", "6", "6"]),
        ("3 4 5 6", Fault.SHORT_STRAIGHT, []),
        ("3 4 5", Fault.SHORT_STRAIGHT, []),
        ("66 77", Fault.SHORT_PAIR_STRAIGHT, []),
        ("5 6 7", Fault.SHORT_STRAIGHT, []),
        ("5 7 9", Fault.MIXED, []),
        ("55 77", Fault.MIXED, []),
        ("55 6", Fault.MIXED, []),
        ("4 5 6 8 9", Fault.NOT_CONSECUTIVE, []),
        ("33 44 66", Fault.NOT_CONSECUTIVE, []),
        ("333 555", Fault.NOT_CONSECUTIVE, []),
        ("333 555 77 99", Fault.NOT_CONSECUTIVE, []),
        ("5 6", Fault.TWO_DIFFERENT, []),
        ("RJ 3", Fault.JOKER_MIXED, ["RJ"]),
        ("BJ RJ 3", Fault.JOKER_MIXED, ["BJ", "RJ"]),
        ("BJ 3 3", Fault.JOKER_MIXED, ["BJ"]),
        ("", Fault.EMPTY, []),
    ],
)
def test_every_look_alike_is_rejected_naming_the_cards(text, fault, at_fault):
    cards = parse_cards(text)
    assert not is_play(cards)
    rejection = why_not(cards)
    assert rejection is not None and rejection.fault is fault
    assert ranks_of(rejection.cards) == at_fault
    with pytest.raises(NotAPlayError) as caught:
        classify(cards)
    assert caught.value.rejection == rejection
    for label in at_fault:
        assert label in str(caught.value)


def test_rejections_carry_the_counts_and_missing_ranks():
    rejection = why_not(parse_cards("333 444 555 77 99"))
    assert (rejection.trios, rejection.pairs, rejection.singles) == (3, 2, 0)
    rejection = why_not(parse_cards("333 444 5555"))
    assert (rejection.trios, rejection.pairs, rejection.singles) == (2, 2, 0)
    assert why_not(parse_cards("4 5 6 9 10")).missing == (Rank.SEVEN, Rank.EIGHT)
    assert "7, 8 missing" in str(why_not(parse_cards("4 5 6 9 10")).message())


def test_the_same_card_twice_is_not_a_play():
    card = Card(Rank.FIVE, Suit.HEARTS)
    rejection = why_not([card, card])
    assert rejection is not None and rejection.fault is Fault.DUPLICATE and rejection.cards == (card,)


# --------------------------------------------------------------------------- cross-check against a second description


def _reference_plays(max_cards: int) -> dict[tuple[Rank, ...], PlayType]:
    """Every play of up to ``max_cards`` cards as a sorted rank multiset, built from the source's list."""
    table: dict[tuple[Rank, ...], PlayType] = {}

    def add(ranks: list[Rank], kind: PlayType) -> None:
        if len(ranks) <= max_cards:
            table[tuple(sorted(ranks))] = kind

    for rank in Rank:
        add([rank], PlayType.SINGLE)
    for rank in CARD_RANKS:
        add([rank] * 2, PlayType.PAIR)
        add([rank] * 3, PlayType.TRIO)
        add([rank] * 4, PlayType.BOMB)
        for other in CARD_RANKS:
            if other != rank:
                add([rank] * 3 + [other] * 2, PlayType.TRIO_PAIR)
    add([Rank.SMALL_JOKER, Rank.BIG_JOKER], PlayType.ROCKET)
    for low in range(len(CHAIN_RANKS)):
        for length in range(1, len(CHAIN_RANKS) - low + 1):
            run = CHAIN_RANKS[low : low + length]
            if length >= 5:
                add(run, PlayType.STRAIGHT)
            if length >= 3:
                add(run * 2, PlayType.PAIR_STRAIGHT)
            if length >= 2:
                add(run * 3, PlayType.TRIO_STRAIGHT)
                for pairs in combinations_with_replacement([r for r in CARD_RANKS if r not in run], length):
                    if len(set(pairs)) == length:
                        add(run * 3 + list(pairs) * 2, PlayType.AIRPLANE)
    return table


def _multisets(size: int):
    """Every rank multiset of ``size`` cards the pack allows (4 of a rank, 1 of each joker)."""
    for combo in combinations_with_replacement(list(Rank), size):
        counts = Counter(combo)
        if all(n <= (1 if rank.is_joker else 4) for rank, n in counts.items()):
            yield combo


def _cards_for(ranks: tuple[Rank, ...]) -> list[Card]:
    seen: Counter[Rank] = Counter()
    cards = []
    for rank in ranks:
        cards.append(Card(rank, None) if rank.is_joker else Card(rank, list(Suit)[seen[rank]]))
        seen[rank] += 1
    return cards


def test_classify_agrees_with_the_reference_on_every_multiset_up_to_7_cards():
    reference = _reference_plays(7)
    checked = mismatches = 0
    wrong = []
    for size in range(1, 8):
        for ranks in _multisets(size):
            expected = reference.get(tuple(sorted(ranks)))
            rejection = why_not(_cards_for(ranks))
            got = None if rejection is not None else classify(_cards_for(ranks)).type
            checked += 1
            if got != expected:
                mismatches += 1
                wrong.append((ranks, expected, got))
    assert checked > 100_000
    assert mismatches == 0, wrong[:10]


def test_airplanes_of_10_cards_agree_with_the_reference():
    reference = {ranks: kind for ranks, kind in _reference_plays(10).items() if len(ranks) == 10}
    assert len(reference) > 500
    for ranks, kind in reference.items():
        assert classify(_cards_for(ranks)).type is kind


# --------------------------------------------------------------------------- what beats what


@pytest.mark.parametrize(
    ("mine", "theirs", "verdict"),
    [
        ("6", "5", Verdict.HIGHER),
        ("A", "K", Verdict.HIGHER),
        ("2", "A", Verdict.HIGHER),
        ("BJ", "2", Verdict.HIGHER),
        ("RJ", "BJ", Verdict.HIGHER),
        ("5s", "5h", Verdict.NOT_HIGHER),  # suits never break ties
        ("4", "5", Verdict.NOT_HIGHER),
        ("10 J Q K A", "9 10 J Q K", Verdict.HIGHER),  # straights: by the highest card
        ("4 5 6 7 8 9", "9 10 J Q K", Verdict.OTHER_SIZE),  # same type, other size
        ("99 10 10 JJ QQ", "33 44 55", Verdict.OTHER_SIZE),
        ("444 555", "333 444", Verdict.HIGHER),
        ("999 33", "888 AA", Verdict.HIGHER),  # the attached pair never counts
        ("888 33", "888 AA", Verdict.NOT_HIGHER),
        ("444 555 33 66", "333 444 AA 22", Verdict.HIGHER),
        ("KK", "333", Verdict.OTHER_TYPE),
        ("33 44 55", "333 444", Verdict.OTHER_TYPE),  # 6 cards each, but not the same type
        ("3333", "10 J Q K A", Verdict.BOMB_OVER),
        ("3333", "RJ", Verdict.BOMB_OVER),
        ("5555", "4444", Verdict.HIGHER_BOMB),
        ("4444", "5555", Verdict.LOWER_BOMB),
        ("22", "3333", Verdict.UNDER_BOMB),
        ("RJ BJ", "2222", Verdict.ROCKET),
        ("RJ BJ", "3", Verdict.ROCKET),
        ("2222", "RJ BJ", Verdict.UNDER_ROCKET),
    ],
)
def test_what_beats_what(mine, theirs, verdict):
    assert follow(play(mine), play(theirs)) is verdict
    assert beats(play(mine), play(theirs)) is verdict.beats
    assert can_follow(play(mine), play(theirs)) is (verdict not in (Verdict.OTHER_TYPE, Verdict.OTHER_SIZE))


# Plays built from their definition (type, chain length, top rank), with random suits.
@st.composite
def plays(draw) -> Play:
    kind = draw(st.sampled_from(PLAY_TYPES))
    if kind is PlayType.ROCKET:
        return classify([Card(Rank.SMALL_JOKER, None), Card(Rank.BIG_JOKER, None)])
    if kind is PlayType.SINGLE:
        rank = draw(st.sampled_from(list(Rank)))
        groups = [(rank, 1)]
    elif kind in (PlayType.PAIR, PlayType.TRIO, PlayType.BOMB):
        groups = [
            (draw(st.sampled_from(CARD_RANKS)), {PlayType.PAIR: 2, PlayType.TRIO: 3, PlayType.BOMB: 4}[kind])
        ]
    elif kind is PlayType.TRIO_PAIR:
        trio, pair = draw(st.lists(st.sampled_from(CARD_RANKS), min_size=2, max_size=2, unique=True))
        groups = [(trio, 3), (pair, 2)]
    else:
        per, shortest = {
            PlayType.STRAIGHT: (1, 5),
            PlayType.PAIR_STRAIGHT: (2, 3),
            PlayType.TRIO_STRAIGHT: (3, 2),
            PlayType.AIRPLANE: (3, 2),
        }[kind]
        length = draw(st.integers(shortest, shortest + 2))
        low = draw(st.integers(0, len(CHAIN_RANKS) - length))
        run = CHAIN_RANKS[low : low + length]
        groups = [(rank, per) for rank in run]
        if kind is PlayType.AIRPLANE:
            others = [rank for rank in CARD_RANKS if rank not in run]
            pairs = draw(st.lists(st.sampled_from(others), min_size=length, max_size=length, unique=True))
            groups += [(rank, 2) for rank in pairs]
    cards = []
    for rank, count in groups:
        if rank.is_joker:
            cards.append(Card(rank, None))
        else:
            suits = draw(st.permutations(list(Suit)))
            cards += [Card(rank, suit) for suit in suits[:count]]
    result = classify(draw(st.permutations(cards)))
    assert result.type is kind
    return result


@given(plays(), plays())
def test_beats_is_antisymmetric(a, b):
    assert not (beats(a, b) and beats(b, a))


@given(plays(), plays())
def test_comparable_plays_of_different_rank_have_exactly_one_winner(a, b):
    if can_follow(a, b) and a.rank != b.rank:
        assert beats(a, b) != beats(b, a)
    if not can_follow(a, b):
        assert not beats(a, b) and not beats(b, a) and not can_follow(b, a)


@given(plays())
def test_the_rocket_beats_every_other_play_and_a_bomb_every_ordinary_one(a):
    rocket, bomb = play("RJ BJ"), play("2222")
    if a.type is not PlayType.ROCKET:
        assert beats(rocket, a) and not beats(a, rocket)
    if a.type not in (PlayType.ROCKET, PlayType.BOMB):
        assert beats(bomb, a) and not beats(a, bomb)


def test_every_card_of_the_pack_is_a_single_beating_the_lower_ones():
    singles = sorted((classify([card]) for card in FULL_DECK), key=lambda p: p.rank)
    for lower, higher in pairwise(singles):
        assert beats(higher, lower) is (higher.rank > lower.rank)
        assert not beats(lower, higher)
