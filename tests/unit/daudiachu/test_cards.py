"""daudiachu.cards: the 54-card pack, the card order, and the notations people type (source 003, "Chia bài",
"Loại bài"; digest §4)."""

from __future__ import annotations

from collections import Counter

import pytest

from daudiachu.cards import (
    FULL_DECK,
    JOKERS,
    RANKS,
    Card,
    CardParseError,
    Rank,
    Suit,
    cards_text,
    parse_card,
    parse_cards,
    sort_cards,
    split_tokens,
)


def test_pack_has_54_cards_four_of_each_rank_and_two_jokers():
    assert len(FULL_DECK) == len(set(FULL_DECK)) == 54
    counts = Counter(card.rank for card in FULL_DECK)
    assert all(counts[rank] == 4 for rank in RANKS[:13])
    assert counts[Rank.SMALL_JOKER] == counts[Rank.BIG_JOKER] == 1
    assert [card.suit for card in FULL_DECK if card.rank in JOKERS] == [None, None]


def test_card_order_is_the_sources_from_3_up_to_the_big_joker():
    # "Điểm lớn nhỏ lần lượt là: Đại vương > Tiểu vương > 2 > A > K > ... > 3"
    labels = [rank.label for rank in sorted(RANKS, reverse=True)]
    assert labels == ["RJ", "BJ", "2", "A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3"]
    assert [rank for rank in Rank if rank.in_chains] == list(RANKS[:12])  # 3..A: no 2, no joker


def test_jokers_have_no_suit_and_other_cards_need_one():
    with pytest.raises(ValueError, match="joker has no suit"):
        Card(Rank.BIG_JOKER, Suit.HEARTS)
    with pytest.raises(ValueError, match="needs a suit"):
        Card(Rank.TWO, None)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3s 10h Td jc QD kH as 2c", ["3♠", "10♥", "10♦", "J♣", "Q♦", "K♥", "A♠", "2♣"]),
        ("3♠ 10♥ A♦\ufe0e 2♣", ["3♠", "10♥", "A♦", "2♣"]),
        ("3s,4h;5d+6c", ["3♠", "4♥", "5♦", "6♣"]),
        ("3s4h10dQc", ["3♠", "4♥", "10♦", "Q♣"]),
        ("RJ BJ", ["RJ", "BJ"]),
        ("rj, bj", ["RJ", "BJ"]),
        ("đại vương tiểu vương", ["RJ", "BJ"]),
        ("Dai Vuong, tieu vuong", ["RJ", "BJ"]),
        ("big joker small joker", ["RJ", "BJ"]),
        ("red joker black joker", ["RJ", "BJ"]),
        ("ĐV TV", ["RJ", "BJ"]),
    ],
)
def test_reads_the_usual_notations(text, expected):
    assert [card.pretty for card in parse_cards(text)] == expected


def test_red_joker_is_the_big_one_black_joker_the_small_one():
    assert parse_card("RJ").rank is Rank.BIG_JOKER
    assert parse_card("BJ").rank is Rank.SMALL_JOKER


def test_ranks_without_suits_take_the_free_suits_in_order():
    assert cards_text(parse_cards("333 44")) == "3s 3h 3d 4s 4h"
    assert cards_text(parse_cards("3 3s 3h 3")) == "3d 3s 3h 3c"  # written suits are kept first
    assert cards_text(parse_cards("10 10 J")) == "Ts Th Js"


@pytest.mark.parametrize(
    ("text", "token", "reason"),
    [
        ("3s 1h", "1h", "rank"),
        ("3s Zs", "Zs", "rank"),
        ("3s 14", "14", "rank"),
        ("3s 5x", "5x", "suit"),
        ("4s joker", "joker", "joker"),
        ("4s 🃏", "🃏", "joker"),
        ("4s 4s", "4s", "duplicate"),
        ("RJ đại vương", "RJ", "duplicate"),
        ("7 7 7 7 7", "7", "too_many"),
        ("7s 7 7 7 7", "7", "too_many"),
    ],
)
def test_unreadable_input_names_the_token(text, token, reason):
    with pytest.raises(CardParseError) as caught:
        parse_cards(text)
    assert caught.value.token == token
    assert caught.value.reason == reason
    assert repr(token) in str(caught.value)


def test_long_junk_is_shortened_in_the_message():
    with pytest.raises(CardParseError) as caught:
        parse_cards("x" * 40)
    assert caught.value.token == "x" * 40
    assert "…" in str(caught.value) and "x" * 20 not in str(caught.value)


def test_counts_and_empty_text():
    with pytest.raises(CardParseError) as caught:
        parse_cards("   ", count=5)
    assert caught.value.reason == "empty" and caught.value.expected == (5,)
    with pytest.raises(CardParseError) as caught:
        parse_cards("3s 4s", count=(1, 5))
    assert (caught.value.reason, caught.value.expected, caught.value.got) == ("count", (1, 5), 2)
    assert parse_cards("") == ()
    with pytest.raises(TypeError):
        parse_cards("3s", count="5")  # type: ignore[arg-type]
    with pytest.raises(CardParseError):
        parse_cards(None)  # type: ignore[arg-type]


def test_parse_card_needs_a_suit():
    with pytest.raises(CardParseError) as caught:
        parse_card("Q")
    assert caught.value.reason == "suit"


def test_notation_round_trips_for_the_whole_pack():
    assert parse_cards(cards_text(FULL_DECK)) == FULL_DECK
    assert sort_cards(reversed(FULL_DECK)) == FULL_DECK


def test_split_tokens_keeps_junk_whole():
    assert split_tokens("3s3hx 44") == ["3s3hx", "4", "4"]
    assert split_tokens("100") == ["100"]


def test_cards_taken_elsewhere_are_skipped_or_refused():
    table = parse_cards("3s 3h RJ")
    assert cards_text(parse_cards("3 3", taken=table)) == "3d 3c"
    with pytest.raises(CardParseError) as caught:
        parse_cards("4s 3h", taken=table)
    assert (caught.value.token, caught.value.reason) == ("3h", "taken")
    with pytest.raises(CardParseError) as caught:
        parse_cards("đại vương", taken=table)
    assert caught.value.reason == "taken"
    with pytest.raises(CardParseError) as caught:
        parse_cards("3 3 3", taken=table)
    assert (caught.value.token, caught.value.reason) == ("3", "too_many")


def test_a_text_far_too_long_is_refused_at_once_with_its_length():
    # Issue 22, item 14: ten million characters took 338 s and 809 MB before the bound.
    import time

    from daudiachu.cards import MAX_CARDS_TEXT, CardParseError, parse_cards

    start = time.perf_counter()
    with pytest.raises(CardParseError) as raised:
        parse_cards("3s " * 3_400_000)
    assert time.perf_counter() - start < 1.0
    assert raised.value.reason == "long" and raised.value.got == 10_200_000 and "10,200,000" in str(raised.value)
    whole_pack = " ".join(f"{r}{s}" for r in "3456789TJQKA2" for s in "shdc") + " RJ BJ"
    assert len(whole_pack) < MAX_CARDS_TEXT and len(parse_cards(whole_pack)) == 54
