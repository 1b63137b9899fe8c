"""The lesson path's content (content/lessons, read by ui.learn.content) agrees with the engine and is complete.

Every example states its result under each source it is shown for; the engine must give exactly
that (digest §3: the sources' own worked examples are among them). Every step has its text in both
languages and for every source, and every {field} a text uses is filled from every source's data.
"""

from __future__ import annotations

import doctest

import pytest

import ui.learn.content
from maubinh.cards import parse_cards
from maubinh.house import edit
from maubinh.naturals import matching_patterns
from maubinh.rules import RULE_SET_IDS, NaturalPattern, load_rule_set
from ui.examples import load_examples
from ui.i18n import LANGUAGES
from ui.learn.content import (
    ALL_SOURCES,
    STEP_IDS,
    TOOL_IDS,
    ContentError,
    ExampleKind,
    Expect,
    LessonExample,
    engine_result,
    fill,
    lesson_values,
    load_common,
    load_lesson_examples,
    load_source,
    matches,
    parse_lesson_examples,
    text_fields,
)

EXAMPLES = load_lesson_examples()
STATED = [
    (example, rule_set_id)
    for example in EXAMPLES
    for rule_set_id in RULE_SET_IDS
    if example.expectation(rule_set_id) is not None
]


def _example(example_id: str) -> LessonExample:
    return next(example for example in EXAMPLES if example.id == example_id)


@pytest.mark.parametrize(("example", "rule_set_id"), STATED, ids=lambda v: v.id if isinstance(v, LessonExample) else v)
def test_every_stated_result_is_the_engines(example: LessonExample, rule_set_id: str) -> None:
    stated = example.expectation(rule_set_id)
    assert stated is not None
    actual = engine_result(example, load_rule_set(rule_set_id))
    assert matches(stated, actual, example.kind), (stated, actual)


def test_every_example_states_a_result_for_every_source() -> None:
    """No source is left with an example that says nothing about it (an all-sources result counts)."""
    missing = [(e.id, i) for e in EXAMPLES for i in RULE_SET_IDS if e.expectation(i) is None]
    assert missing == []


def test_every_step_but_the_category_steps_has_examples() -> None:
    """Steps 3 and 4 draw content/examples.toml (tests/unit/ui/test_examples.py); the others these."""
    with_examples = {example.step for example in EXAMPLES}
    assert with_examples == set(STEP_IDS) - {"five", "front"}


def test_binh_lung_examples_include_the_front_against_middle_trap() -> None:
    trap = _example("foul_front_trap")
    for rule_set_id in RULE_SET_IDS:
        result = engine_result(trap, load_rule_set(rule_set_id))
        assert result.foul and result.reason is not None and result.reason[1].value == "front"
    assert all(not engine_result(_example("foul_front_fixed"), load_rule_set(i)).foul for i in RULE_SET_IDS)


def test_an_equal_back_and_middle_stand_and_foul_only_under_the_strict_order() -> None:
    """Digest §1, reading revised again: back >= middle >= front; the strict order is a house option."""
    equal = _example("equal_stands")
    for rule_set_id in RULE_SET_IDS:
        rule_set = load_rule_set(rule_set_id)
        assert not engine_result(equal, rule_set).foul
        strict = engine_result(equal, edit(rule_set, {"order.strict": True}))
        assert strict.foul and strict.reason is not None
        assert (strict.reason[0].value, strict.reason[1].value) == ("back", "middle")


def test_the_wheel_foul_depends_on_the_source() -> None:
    """Digest §2.2/§3: chi-at ranks A-2-3-4-5 above 9-10-J-Q-K, and tinh-chi as read (revised)."""
    fouled = [i for i in RULE_SET_IDS if engine_result(_example("foul_wheel"), load_rule_set(i)).foul]
    assert fouled == ["chi-at", "tinh-chi"]


def test_the_ace_rule_examples_are_the_sources_own() -> None:
    """Digest §2.6: chi-at's 2,1,1,0 -> +4,0,0,-4 and 2,1,1 -> +2,-1,-1; tinh-chi's X scoops Y, Y has 2 aces -> 4."""
    four = engine_result(_example("aces_four_players"), load_rule_set("chi-at"))
    three = engine_result(_example("aces_three_players"), load_rule_set("chi-at"))
    assert four.aces == (4, 0, 0, -4) and three.aces == (2, -1, -1)
    assert engine_result(_example("aces_after_scoop"), load_rule_set("tinh-chi")).totals == (4, -4)


def test_the_tinh_chi_scoop_ladder() -> None:
    """Digest §2.5: one, two, three opponents scooped -> 6, 18, 36 taken under tinh-chi."""
    tinh_chi = load_rule_set("tinh-chi")
    assert engine_result(_example("scoop_two"), tinh_chi).totals == (6, -6)
    three = settle_pair_totals(_example("scoop_three"), tinh_chi)
    assert three == [9, 9]
    four = settle_pair_totals(_example("scoop_four"), tinh_chi)
    assert four == [12, 12, 12] and sum(four) == 36


def settle_pair_totals(example: LessonExample, rule_set: object) -> list[int]:
    """What player 1 takes from each other player."""
    from maubinh.settle import settle

    settlement = settle(example.seats, rule_set)  # type: ignore[arg-type]
    return [settlement.pair(0, other).total for other in range(1, len(example.seats))]


def test_the_instant_win_examples_show_the_patterns_they_name() -> None:
    named = {
        "nat_six_pairs": NaturalPattern.LUC_PHE_BON,
        "nat_dragon": NaturalPattern.SANH_RONG,
        "nat_three_flushes": NaturalPattern.BA_THUNG,
        "nat_twelve_red": NaturalPattern.DONG_MAU_12,
        "nat_five_pairs_trips": NaturalPattern.NAM_DOI_SAM,
        "nat_four_trips": NaturalPattern.BON_SAM,
        "nat_three_quads": NaturalPattern.BA_TU_QUY,
        "nat_quad_in_five_pairs": NaturalPattern.NAM_DOI_SAM,
        "nat_colour_and_pairs": NaturalPattern.DONG_MAU_12,
    }
    for example_id, pattern in named.items():
        assert pattern in matching_patterns(_example(example_id).hands[0]), example_id
    assert matching_patterns(_example("nat_near_miss").hands[0]) == []


def test_every_seat_of_a_table_example_is_legal_unless_it_is_about_fouls() -> None:
    for example in EXAMPLES:
        if example.kind is ExampleKind.TABLE and example.id not in {"foul_pays", "foul_both", "nat_beats_a_foul"}:
            for rule_set_id in RULE_SET_IDS:
                from maubinh.arrangement import foul_reason

                assert all(foul_reason(seat, load_rule_set(rule_set_id)) is None for seat in example.seats), (
                    example.id,
                    rule_set_id,
                )


# --------------------------------------------------------------------------- texts


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_step_has_its_shared_text(lang: str) -> None:
    common = load_common(lang)
    assert set(common.steps) == set(STEP_IDS + TOOL_IDS)
    assert all(text.title and text.lead for text in common.steps.values())


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_every_source_speaks_at_every_step(rule_set_id: str, lang: str) -> None:
    source = load_source(rule_set_id, lang)
    assert source is not None
    assert set(source.steps) == set(STEP_IDS)
    assert all(text.strip() for text in source.steps.values())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_example_has_a_caption(lang: str) -> None:
    """(The notes under the category examples: tests/unit/ui/test_examples.py.)"""
    assert {example.id for example in EXAMPLES} <= set(load_common(lang).captions)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_category_is_described(lang: str) -> None:
    categories = load_common(lang).categories
    five = {(("five", e.category.name)) for e in load_examples().hands if e.size == 5}
    front = {(("front", e.category.name)) for e in load_examples().hands if e.size == 3}
    assert five | front <= set(categories)


def _all_texts(lang: str, rule_set_id: str) -> list[tuple[str, str]]:
    common = load_common(lang)
    texts = [(f"step.{k}.{part}", getattr(v, part)) for k, v in common.steps.items()
             for part in ("title", "lead", "body", "more")]
    texts += [(f"category.{k}", " ".join(v)) for k, v in common.categories.items()]
    texts += [(f"note.{k}", v) for k, v in common.notes.items()]
    texts += [(f"example.{k}", v) for k, v in common.captions.items()]
    source = load_source(rule_set_id, lang)
    assert source is not None
    texts += [(f"{rule_set_id}.step.{k}", v) for k, v in source.steps.items()]
    texts += [(f"{rule_set_id}.example.{k}", v) for k, v in source.captions.items()]
    return texts


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_every_field_is_filled_from_the_sources_data(rule_set_id: str, lang: str) -> None:
    values = lesson_values(load_rule_set(rule_set_id), lang)
    unknown = {(where, name) for where, text in _all_texts(lang, rule_set_id) for name in text_fields(text)
               if name not in values}
    assert unknown == set()


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_both_languages_use_the_same_numbers(rule_set_id: str) -> None:
    """A number is never written into one language only: each text fills the same fields in vi and en
    (a name's lower-case form counts as the name)."""
    vi = dict(_all_texts("vi", rule_set_id))
    en = dict(_all_texts("en", rule_set_id))
    assert set(vi) == set(en)

    def fields(text: str) -> set[str]:
        return {name.removesuffix("_lc") for name in text_fields(text)}

    differing = {key for key in vi if fields(vi[key]) != fields(en[key])}
    assert differing == set()


def test_filled_texts_carry_the_sources_own_numbers() -> None:
    """The same sentence reads differently per source: the foul penalty and the chi names follow the data."""
    body = load_common("vi").steps["foul"].body
    assert "**6 chi**" in fill(body, lesson_values(load_rule_set("guide-2026"), "vi"))
    assert "**3 chi**" in fill(body, lesson_values(load_rule_set("chi-at"), "vi"))
    chi = load_common("en").steps["chi"].body
    assert "**Chi đầu (front)**" in fill(chi, lesson_values(load_rule_set("tinh-chi"), "en"))
    assert "**Chi 3 (front)**" in fill(chi, lesson_values(load_rule_set("chi-at"), "en"))


def test_the_source_texts_comparisons_hold() -> None:
    """Claims comparing the sources, made in their texts, checked on the data they rest on."""
    sources = {i: load_rule_set(i) for i in RULE_SET_IDS}
    assert max(sources.values(), key=lambda rs: rs.foul_penalty).id == "guide-2026"  # "the most of the four"
    assert max(sources.values(), key=lambda rs: len(rs.naturals)).id == "luckywin"  # "the longest list"
    steel = [i for i, rs in sources.items() if any(b.hand.value == "thung_pha_sanh_ha" for b in rs.bonuses)]
    assert steel == ["tinh-chi"]  # "unlike the others, the steel wheel has its own amount"
    assert [i for i, rs in sources.items() if rs.bonus_clash > 1] == ["chi-at"]


def test_a_house_rule_set_has_no_lesson_folder() -> None:
    assert load_source("my-house", "vi") is None
    assert load_source("../common", "vi") is None


# --------------------------------------------------------------------------- the reader


def test_a_wrong_examples_file_lists_every_problem() -> None:
    text = """
[[example]]
id = "x"
step = "nowhere"
arrangement = "As Ks | Qs"
expect.all = { foul = "yes" }

[[example]]
id = "y"
step = "scoop"
seats = ["As Ks Qs Js 9s | 2h 3h 4h 5h 7d | 8c 2c 3c", "As Kd Qd Jd 9d | 2c 3s 4s 5s 7c | 8d 2d 3d"]
expect.chi-at = { totals = [1] }

[[example]]
id = "z"
step = "naturals"
cards = "2s 2h 5d 5c 7s 7h 9d 9c Js Jh Kd Kc As"
expect.all = { pattern = "seven_pairs" }
"""
    with pytest.raises(ContentError) as caught:
        parse_lesson_examples(text)
    where = [key for key, _ in caught.value.problems]
    assert where == [
        "example[0].step",
        "example[0].arrangement",
        "example[0].expect.all.foul",
        "example[1].seats",
        "example[1].expect.chi-at.totals",
        "example[2].expect.all.pattern",
    ]
    assert "seven_pairs" in str(caught.value) and "nowhere" in str(caught.value)


def test_an_example_id_used_twice_is_refused() -> None:
    text = '[[example]]\nid = "a"\nstep = "deck"\na = "As Ks Qs"\nb = "Ad Kd Qd"\nexpect.all = { winner = "tie" }\n'
    with pytest.raises(ContentError, match="used twice"):
        parse_lesson_examples(text * 2)


def test_a_file_that_is_not_toml_is_reported() -> None:
    with pytest.raises(ContentError, match="toml"):
        parse_lesson_examples("[[example]\nid =")


def test_matches_compares_only_what_is_stated() -> None:
    actual = Expect(totals=(3, -3), aces=(1, -1))
    assert matches(Expect(totals=(3, -3)), actual, ExampleKind.TABLE)
    assert not matches(Expect(totals=(3, -3), aces=(0, 0)), actual, ExampleKind.TABLE)
    assert ALL_SOURCES == "all"


def test_fill_leaves_unknown_fields_and_never_raises() -> None:
    assert fill("{front} {nope}", {"front": "Chi 3"}) == "Chi 3 {nope}"
    assert fill("{unclosed", {}) == "{unclosed"


def test_a_parsed_example_reads_its_cards() -> None:
    (example,) = parse_lesson_examples(
        '[[example]]\nid = "a"\nstep = "deck"\na = "As Ks Qs"\nb = "Ad Kd Qd"\nexpect.all = { winner = "tie" }\n'
    )
    assert example.kind is ExampleKind.COMPARE and example.hands[0] == parse_cards("As Ks Qs")
    assert example.shown_for("chi-at", RULE_SET_IDS) and example.shown_for("house", RULE_SET_IDS)


def test_docstring_examples() -> None:
    result = doctest.testmod(ui.learn.content, optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
