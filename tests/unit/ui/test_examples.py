"""The Learn page's example hands (content/examples.toml, read by ui.examples) are what they say.

Every hand must evaluate to its labelled category under each wheel order it names (all by default);
together they must show every category, two or more hands each, for the 5-card chi and for the
3-card front (digest §1: sám cô, đôi, mậu thầu). The straights must follow each wheel order of
digest §2.2 / §3, and the front-against-middle pairs the one-scale rule of maubinh.hands.
"""

from __future__ import annotations

import doctest
from collections import Counter

import pytest

import ui.examples
from maubinh.cards import cards_text
from maubinh.hands import Category, WheelRank, evaluate
from maubinh.rules import AceRule, NaturalsVersus
from ui.examples import Example, ExamplesError, load_examples, parse_examples, ranked_straights
from ui.i18n import LANGUAGES, catalogue
from ui.learn.content import load_common

EXAMPLES = load_examples()
FRONT_CATEGORIES = {Category.SAM_CO, Category.DOI, Category.MAU_THAU}
"""Digest §1: the only categories of a 3-card chi."""


def _id(example: Example) -> str:
    return f"{example.category.name}:{cards_text(example.cards).replace(' ', '-')}"


@pytest.mark.parametrize("example", EXAMPLES.hands, ids=_id)
def test_every_example_evaluates_to_its_label(example: Example) -> None:
    assert example.wheels, "an example must be checked under at least one wheel order"
    for wheel in example.wheels:
        assert evaluate(example.cards, wheel).category is example.category, wheel


def test_five_card_examples_cover_every_category_at_least_twice() -> None:
    counts = Counter(e.category for e in EXAMPLES.hands if e.size == 5)
    assert set(counts) == set(Category)
    assert {c.name: n for c, n in counts.items() if n < 2} == {}


def test_front_examples_cover_the_three_card_categories_at_least_twice() -> None:
    counts = Counter(e.category for e in EXAMPLES.hands if e.size == 3)
    assert set(counts) == FRONT_CATEGORIES
    assert {c.name: n for c, n in counts.items() if n < 2} == {}


def test_both_ways_of_a_straight_are_shown() -> None:
    straights = [evaluate(e.cards) for e in EXAMPLES.of(Category.SANH, 5)]
    assert any(v.is_wheel for v in straights) and any(v.is_broadway for v in straights)


def test_no_example_is_shown_twice() -> None:
    seen = Counter(frozenset(e.cards) for e in EXAMPLES.hands)
    assert [cards_text(tuple(cards)) for cards, n in seen.items() if n > 1] == []


def test_the_straights_rank_the_wheel_by_the_rule_sets_order() -> None:
    """Digest §3: under chi-at 10-A > A-5 > 9-K; under luckywin 9-K > A-5 (the wheel is the lowest)."""
    assert all(evaluate(s).category is Category.SANH for s in EXAMPLES.straights)

    def tops(wheel: WheelRank) -> list[str]:
        return [f"{s[0].rank.label}" for s in ranked_straights(EXAMPLES.straights, wheel)]

    assert tops(WheelRank.SECOND)[:2] == ["A", "5"]
    assert tops(WheelRank.LOWEST)[0] == "A" and tops(WheelRank.LOWEST)[-1] == "5"
    assert tops(WheelRank.SECOND) != tops(WheelRank.LOWEST)


@pytest.mark.parametrize("wheel", list(WheelRank), ids=lambda w: w.value)
def test_front_against_middle_comes_out_as_labelled(wheel: WheelRank) -> None:
    """maubinh.hands: front Qs Qc Kh beats middle Qh Qd 9c 5s 3h, front Qs Qc 9d does not."""
    assert EXAMPLES.front_vs_middle, "the page shows at least one pair"
    assert {pair.front_wins for pair in EXAMPLES.front_vs_middle} == {True, False}
    for pair in EXAMPLES.front_vs_middle:
        assert (evaluate(pair.front, wheel) > evaluate(pair.middle, wheel)) is pair.front_wins


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_note_has_its_text(lang: str) -> None:
    """The notes' texts live with the lesson text (content/lessons/common/<lang>.toml, [note])."""
    notes = load_common(lang).notes
    assert sorted({e.note for e in EXAMPLES.hands if e.note and e.note not in notes}) == []


@pytest.mark.parametrize("example", [e for e in EXAMPLES.hands if e.versus], ids=_id)
def test_every_comparison_a_note_states_is_the_engines(example: Example) -> None:
    """E.g. "loses to four kings, ace or not": 7777A against KKKK4 under every wheel order it names."""
    assert example.versus is not None
    for wheel in example.wheels:
        mine, theirs = evaluate(example.cards, wheel), evaluate(example.versus, wheel)
        outcome = "wins" if mine > theirs else "loses" if mine < theirs else "ties"
        assert outcome == example.outcome, wheel


def test_the_notes_that_compare_say_so() -> None:
    """Every note about another hand (quads kicker, full house trips, ...) states which and how it fares."""
    comparing = {"quads_kicker", "full_house_trips", "flush_top_card", "trips_rank", "two_pair_kicker",
                 "pair_rank", "high_card_top", "front_pair_kicker"}
    assert {e.note for e in EXAMPLES.hands if e.versus} == comparing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_the_learn_page_builds_from_data_exists(lang: str) -> None:
    """ui/learn/view.py builds some keys from enum values (the i18n scan only sees literal keys)."""
    keys = [f"learn.wheel.{w.value}" for w in WheelRank]
    keys += [f"learn.value.wheel.{w.value}" for w in WheelRank]
    keys += [f"learn.value.aces.{a.value}" for a in AceRule]
    keys += [f"learn.value.versus.{v.value}" for v in NaturalsVersus]
    keys += [f"learn.compare.{verdict}" for verdict in ("a", "b", "tie")]
    assert [key for key in keys if key not in catalogue(lang)] == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_category_shown_is_described(lang: str) -> None:
    described = load_common(lang).categories
    shown = {("five" if e.size == 5 else "front", e.category.name) for e in EXAMPLES.hands}
    assert sorted(shown - set(described)) == []


def test_a_wrong_file_lists_every_problem() -> None:
    text = """
[[hand]]
category = "PAIR"
cards = "As Ad Kc"

[[hand]]
category = "DOI"
cards = "As Ad Kc Kc 2d"
wheel = ["highest"]

[[hand]]
category = "DOI"
cards = "As Ad Kc"
versus = "Ks Kd Qc"

[straights]
hands = ["As Kd"]

[[front_vs_middle]]
front = "Qs Qc Kh"
middle = "Qh Qd 9c 5s 3h"
"""
    with pytest.raises(ExamplesError) as caught:
        parse_examples(text)
    keys = [key for key, _ in caught.value.problems]
    assert keys == [
        "hand[0].category",
        "hand[1].cards",
        "hand[1].wheel",
        "hand[2].outcome",
        "straights.hands[0]",
        "front_vs_middle[0].front_wins",
    ]
    assert "PAIR" in str(caught.value) and "duplicate" in str(caught.value)


def test_a_file_that_is_not_toml_is_reported() -> None:
    with pytest.raises(ExamplesError, match="toml"):
        parse_examples("[[hand]\ncategory =")


def test_docstring_examples() -> None:
    result = doctest.testmod(ui.examples, optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
