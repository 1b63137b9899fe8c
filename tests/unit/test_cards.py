"""Parsing the card notations people type (issue 2: parse_cards)."""

import pytest

from maubinh import Card, CardParseError, Rank, Suit, parse_cards
from maubinh.cards import FULL_DECK, cards_text


def test_letters_tens_and_cases():
    assert parse_cards("As Kh Td 2c") == (
        Card(Rank.ACE, Suit.SPADES),
        Card(Rank.KING, Suit.HEARTS),
        Card(Rank.TEN, Suit.DIAMONDS),
        Card(Rank.TWO, Suit.CLUBS),
    )
    assert parse_cards("10h") == parse_cards("Th") == parse_cards("th") == parse_cards("10H")


def test_glyphs_commas_and_variation_selectors():
    assert parse_cards("A♠, K♥ 10♦;2♣") == parse_cards("As Kh Td 2c")
    assert parse_cards("A\u2660\ufe0e K\u2665\ufe0f") == parse_cards("As Kh")


def test_glued_cards_are_split():
    assert parse_cards("AsKh10d") == parse_cards("As Kh 10d")


@pytest.mark.parametrize(
    ("text", "token", "reason", "fragment"),
    [
        ("As Zs", "Zs", "rank", "unknown rank 'Z'"),
        ("As Ax", "Ax", "suit", "unknown suit 'x'"),
        ("As K", "K", "suit", "no suit"),
        ("As 11h", "11h", "rank", "unknown rank '11'"),
        ("As 14h", "14h", "rank", "unknown rank '14'"),
        ("Joker", "Joker", "rank", "no jokers"),
        ("AsKsX", "AsKsX", "rank", "'AsKsX': after A♠ K♠, unknown rank 'X'"),
        ("As as", "as", "duplicate", "duplicate card A♠"),
    ],
)
def test_bad_tokens_are_named_with_the_reason(text, token, reason, fragment):
    with pytest.raises(CardParseError) as info:
        parse_cards(text)
    assert info.value.token == token
    assert info.value.reason == reason
    assert fragment in str(info.value)
    assert isinstance(info.value, ValueError)


def test_wrong_count():
    with pytest.raises(CardParseError, match="expected 13 cards, got 12") as info:
        parse_cards(cards_text(FULL_DECK[:12]), count=13)
    assert info.value.reason == "count"
    assert len(parse_cards(cards_text(FULL_DECK[:5]), count=(3, 5))) == 5


def test_full_deck_round_trips_and_indexes_are_dense():
    assert parse_cards(cards_text(FULL_DECK)) == FULL_DECK
    assert [c.index for c in FULL_DECK] == list(range(52))
    assert all(Card.from_index(c.index) == c for c in FULL_DECK)
    with pytest.raises(ValueError):
        Card.from_index(52)


def test_pretty_and_colours():
    assert Card(Rank.TEN, Suit.HEARTS).pretty == "10♥"
    assert [s.is_red for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)] == [False, True, True, False]


def test_long_junk_is_shortened_and_odd_input_is_refused_clearly():
    with pytest.raises(CardParseError) as info:
        parse_cards("x" * 10_000)
    assert len(str(info.value)) < 100
    with pytest.raises(CardParseError, match="no cards given") as info:
        parse_cards("  ", count=13)
    assert info.value.reason == "empty"
    with pytest.raises(CardParseError, match="expected text"):
        parse_cards(None)
    with pytest.raises(TypeError, match="count must be a whole number or whole numbers, got '1'"):
        parse_cards("As", count="1")
    assert parse_cards("As\u200bKh") == parse_cards("As Kh")  # zero-width space separates
    assert parse_cards("1s") == parse_cards("As")  # 1 for ace, as on some decks


def test_an_absurdly_long_text_is_refused_before_it_is_read():
    import time

    from maubinh.cards import MAX_CARDS_TEXT

    paste = "As Kh " * 1_700_000  # 10 MB
    started = time.process_time()
    with pytest.raises(CardParseError) as raised:
        parse_cards(paste)
    assert time.process_time() - started < 0.1
    assert raised.value.reason == "long" and raised.value.got == len(paste)
    deck = " ".join(str(card) for card in FULL_DECK)
    assert len(deck) < MAX_CARDS_TEXT and len(parse_cards(deck)) == 52


# Issue 24, item 7: every message names the token exactly as typed (never a rewritten fragment such as
# 'sKh10' or the 'e' of 'ace'), ``.token`` is that token, and the reason is right.
@pytest.mark.parametrize(
    ("text", "token", "reason", "message"),
    [
        ("AsKh10", "AsKh10", "suit", "'AsKh10': after A♠ K♥, '10' has no suit (add s/h/d/c or ♠ ♥ ♦ ♣, e.g. 10s)"),
        ("As Kh10", "Kh10", "suit", "'Kh10': after K♥, '10' has no suit"),
        ("K♥10", "K♥10", "suit", "'K♥10': after K♥, '10' has no suit"),
        ("ace", "ace", "rank", "'ace': after A♣, unknown rank 'e' (use 2-10, J, Q, K, A)"),
        ("A♠\ufe0fx", "A♠\ufe0fx", "rank", "'A♠\ufe0fx': after A♠, unknown rank 'x'"),
        ("10♥\ufe0f1", "10♥\ufe0f1", "suit", "'10♥\ufe0f1': after 10♥, '1' has no suit (add s/h/d/c or ♠ ♥ ♦ ♣, e.g. As)"),
        ("AsJoker", "AsJoker", "rank", "'AsJoker': after A♠, 'Joker': Mậu Binh uses no jokers"),
        ("1\ufe0f\u20e3s", "1\ufe0f\u20e3s", "suit", "'1\ufe0f\u20e3s': unknown suit '\ufe0f\u20e3s'"),
        ("sKh10", "sKh10", "rank", "'sKh10': unknown rank 's'"),
        ("10Kh", "10Kh", "suit", "'10Kh': unknown suit 'Kh'"),
        ("sKh", "sKh", "rank", "'sKh': unknown rank 's'"),
        ("KK", "KK", "suit", "'KK': unknown suit 'K'"),
        ("Tx", "Tx", "suit", "'Tx': unknown suit 'x'"),
        ("100s", "100s", "rank", "'100s': unknown rank '100'"),
        ("đs", "đs", "rank", "'đs': unknown rank 'đ'"),
        ("ＡＳ", "ＡＳ", "rank", "'ＡＳ': unknown rank 'Ａ'"),
    ],
)
def test_every_message_names_the_token_as_typed(text, token, reason, message):
    with pytest.raises(CardParseError) as info:
        parse_cards(text)
    assert info.value.token == token
    assert info.value.reason == reason
    assert str(info.value).startswith(message)
    assert token in text


def test_glued_cards_split_only_when_the_whole_chunk_reads():
    from maubinh.cards import split_tokens

    assert split_tokens("AsKh10d A\u2660\ufe0fK\u2665\ufe0f") == ["As", "Kh", "10d", "A\u2660\ufe0f", "K\u2665\ufe0f"]
    assert split_tokens("AsKsX ace 100s \ufe0f") == ["AsKsX", "ace", "100s"]
    assert parse_cards("A\u2660\ufe0fK\u2665\ufe0f") == parse_cards("As Kh")


def test_one_card_wanted_several_glued():
    from maubinh.cards import parse_card

    with pytest.raises(CardParseError, match="'AsKh': 2 cards glued together") as info:
        parse_card("AsKh")
    assert (info.value.token, info.value.reason, info.value.got) == ("AsKh", "count", 2)


@pytest.mark.parametrize("count", [1.5, 2.0, True, [1.5], (3, "5"), (), object()])
def test_a_count_that_is_not_whole_numbers_is_named(count):
    with pytest.raises(TypeError, match=r"^count must be a whole number or whole numbers, got ") as info:
        parse_cards("As Kh", count=count)
    assert "not iterable" not in str(info.value)
