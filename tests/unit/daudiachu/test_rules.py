"""daudiachu.rules: the data file holds the source's numbers, and every reading in both languages."""

from __future__ import annotations

import pytest

from daudiachu.rules import RULES_FILE, RulesError, Topic, load_rules, parse_rules

RULES = load_rules()


def test_the_sources_numbers():
    # "Chia bài": 54 cards, 17 each, 3 for the landlord; "Gọi đất thổ cư": 1, 2 or 3 mẫu
    assert (RULES.players, RULES.deck_size, RULES.hand_size, RULES.kitty_size) == (3, 54, 17, 3)
    assert RULES.players * RULES.hand_size + RULES.kitty_size == RULES.deck_size
    assert RULES.bids == (1, 2, 3) and RULES.max_bid == 3
    # "Loại bài": straights from 5 cards, pair straights from 3 pairs, trio straights from 2 trios
    assert (RULES.straight_min, RULES.pair_straight_min, RULES.trio_straight_min) == (5, 3, 2)
    # "Bội số ... *2" per bomb or rocket; the double-points cases
    assert (RULES.bomb_factor, RULES.rocket_factor, RULES.spring_factor) == (2, 2, 2)
    assert RULES.source_file == "003_5df2ac094b3959af.txt"


def test_every_topic_names_its_place_in_the_source():
    assert set(RULES.notes) == set(Topic)
    for topic in Topic:
        assert RULES.note(topic).source.strip()


@pytest.mark.parametrize(
    "topic", [Topic.SPRING, Topic.LANDLORD_SHARE, Topic.ABANDON, Topic.AIRPLANE, Topic.TYPES, Topic.BEATS]
)
def test_unclear_or_silent_places_carry_a_reading_in_both_languages(topic):
    note = RULES.note(topic)
    assert note.reading is not None
    vi, en = note.reading_in("vi"), note.reading_in("en")
    assert vi and en and vi != en
    assert note.reading_in("fr") == vi


def test_the_spring_reading_names_both_cases():
    reading = RULES.note(Topic.SPRING).reading_in("en")
    assert "a)" in reading and "b)" in reading and "only once" in reading


def test_plain_places_have_no_reading():
    assert RULES.note(Topic.DECK).reading is None and RULES.note(Topic.DECK).reading_in("vi") is None


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("hand = 17", "hand = 0", "deck.hand"),
        ("bids = [1, 2, 3]", "bids = [3, 2]", "bidding.bids"),
        ("bids = [1, 2, 3]", "bids = []", "bidding.bids"),
        ('source_file = "003_5df2ac094b3959af.txt"', "source_file = 3", "source_file"),
        ("[abandon]", "[abandoned]", "abandon: expected a table"),
        ('name = { vi = "Đấu địa chủ", en', 'name = { vx = "Đấu địa chủ", en', "name"),
    ],
)
def test_a_malformed_file_names_the_field(old, new, message):
    text = RULES_FILE.read_text(encoding="utf-8")
    assert old in text
    with pytest.raises(RulesError, match=message):
        parse_rules(text.replace(old, new))
