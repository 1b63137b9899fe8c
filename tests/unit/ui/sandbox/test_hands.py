"""The Sandbox's helpers without Streamlit: the card picker, moving cards between chi, the table in a link,
the editor's table edits and the words for house rules (issue 7)."""

from __future__ import annotations

import doctest
import random
from types import ModuleType

import pytest

import ui.sandbox.hands
import ui.sandbox.house
import ui.sandbox.house_text
from maubinh.cards import FULL_DECK, parse_cards
from maubinh.house import EDITABLE_KEYS, Expected, ExpectedKind, FileProblem, values_of
from maubinh.rules import RULE_SET_IDS, Position, load_rule_set
from ui.sandbox.hands import hands_param, move_cards, pick_cards, read_hands_param, swap_cards
from ui.sandbox.house import fold_edits
from ui.sandbox.house_text import key_label, problem_text, value_text
from ui.sandbox.model import read_seat


@pytest.mark.parametrize("module", [ui.sandbox.hands, ui.sandbox.house, ui.sandbox.house_text], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


def _chis(back: str, middle: str, front: str):
    return read_seat(back, middle, front)[2]


def test_picking_keeps_placed_cards_and_fills_back_middle_front():
    chis = _chis("As Ks", "2c", "")
    picked = set(parse_cards("As 2c Qd Jd Td 9d 8d 7d 6d 5d 4d 3d 2d"))  # Ks dropped, 11 new cards
    back, middle, front = pick_cards(chis, picked)
    assert back.split() == ["As", "Qd", "Jd", "Td", "9d"]
    assert middle.split() == ["2c", "8d", "7d", "6d", "5d"]
    assert front.split() == ["4d", "3d", "2d"]
    # A 14th card goes to the front, where the page reports the count.
    extra = pick_cards(_chis(back, middle, front), picked | set(parse_cards("Ah")))
    assert extra[2].split() == ["4d", "3d", "2d", "Ah"]


def test_moving_and_swapping_keep_every_card():
    rng = random.Random(4)
    for _ in range(50):
        cards = rng.sample(FULL_DECK, 13)
        texts = tuple(" ".join(str(c) for c in part) for part in (cards[:5], cards[5:10], cards[10:]))
        chis = _chis(*texts)
        moving = rng.sample(cards, rng.randint(1, 4))
        target = rng.choice(list(Position))
        moved = _chis(*move_cards(chis, moving, target))
        assert sorted(c for part in moved.values() for c in part) == sorted(cards)
        assert set(moving) <= set(moved[target])
        a, b = rng.sample(cards, 2)
        swapped = _chis(*swap_cards(chis, a, b))
        where = {card: position for position, part in chis.items() for card in part}
        assert a in swapped[where[b]] and b in swapped[where[a]]
        assert [len(part) for part in swapped.values()] == [len(part) for part in chis.values()]


def test_the_table_round_trips_through_the_link():
    rng = random.Random(9)
    for seats in (2, 3, 4):
        cards = rng.sample(FULL_DECK, 13 * seats)
        texts = [tuple(" ".join(str(c) for c in part) for part in (h[:5], h[5:10], h[10:]))
                 for h in (cards[13 * s : 13 * s + 13] for s in range(seats))]
        assert read_hands_param(hands_param(texts)) == texts
    for broken in ("", "As", "AsKs.2c.3c", "AsKs.2c.3c_Zz.2d.3d", "a_b_c_d_e"):
        assert read_hands_param(broken) is None


def test_editor_table_edits_fold_into_the_values():
    values = {"x": {"on": True, "chi": 6, "order": 1}, "y": {"on": False, "chi": 9, "order": 2}}
    folded = fold_edits(values, ["y", "x"], {"0": {"On": True, "Chi": 12.0}, 1: {"Order": 5}},
                        {"On": "on", "Chi": "chi", "Order": "order"})
    assert folded == {"x": {"on": True, "chi": 6, "order": 5}, "y": {"on": True, "chi": 12, "order": 2}}
    assert values["y"]["on"] is False  # the input is not changed


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_every_editable_key_and_source_value_has_words(lang):
    for rule_set_id in RULE_SET_IDS:
        for key, value in values_of(load_rule_set(rule_set_id)).items():
            assert key in EDITABLE_KEYS
            label, text = key_label(key, lang), value_text(key, value, lang)
            assert label and "house." not in label, key
            assert text and "house." not in text, (key, value)


@pytest.mark.parametrize("kind", list(ExpectedKind))
@pytest.mark.parametrize("lang", ["vi", "en"])
def test_every_kind_of_file_problem_has_words(kind, lang):
    problem = FileProblem("foul.penalty", Expected(kind, minimum=1, choices=("a", "b")), "-1")
    text = problem_text(problem, lang)
    assert "house." not in text
    if kind not in (ExpectedKind.TOML, ExpectedKind.LINK, ExpectedKind.SHORT_LINK, ExpectedKind.SMALL_FILE,
                    ExpectedKind.MORE):
        assert "foul.penalty" in text
    missing = problem_text(FileProblem("foul", Expected(kind), None), lang)
    assert "house." not in missing
