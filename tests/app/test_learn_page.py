"""The Learn page run by Streamlit (AppTest, no browser): the lesson path step by step, per rule source,
in both languages; the quiz graded by the engine; "check my hand"; bad URL parameters named."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from maubinh.hands import Category
from maubinh.rules import RULE_SET_IDS, NaturalPattern, Position, load_rule_set, parse_rule_set
from ui.examples import load_examples
from ui.i18n import LANGUAGES, translate
from ui.labels import category_name
from ui.learn.content import STEP_IDS, TOOL_IDS, load_common, load_lesson_examples, load_source
from ui.learn.quiz import quiz

REPO_ROOT = Path(__file__).resolve().parents[2]
TIMEOUT_S = 60
RULES_PICKER = "learn_rule_set"
STEP_PICKER = "learn_step"
FRONT = [Category.SAM_CO, Category.DOI, Category.MAU_THAU]


def _open(*, direct: bool = False, **query: str) -> AppTest:
    """The Learn page after one run: through app.py's navigation, or its own file (a direct URL)."""
    script = REPO_ROOT / ("pages/learn.py" if direct else "app.py")
    at = AppTest.from_file(str(script), default_timeout=TIMEOUT_S)
    for name, value in query.items():
        at.query_params[name] = value
    at.run()
    if not direct:
        at.switch_page("pages/learn.py").run()
    _ok(at)
    return at


def _ok(at: AppTest) -> None:
    assert not at.exception, [e.message for e in at.exception]
    assert not [e.value for e in at.error if "mismatch" in str(e.value) or "khác với" in str(e.value)]


def _param(at: AppTest, name: str) -> str | None:
    value = at.query_params.get(name)
    return value[-1] if isinstance(value, list) else value


def _text(at: AppTest) -> str:
    parts = [e.value for e in (*at.title, *at.header, *at.subheader, *at.markdown, *at.caption)]
    parts += [e.value for e in (*at.success, *at.error, *at.info, *at.warning)]
    return "\n".join(str(p) for p in parts)


def _tables(at: AppTest) -> list[list[dict[str, str]]]:
    return [table.value.to_dict("records") for table in at.table]


def _button(at: AppTest, label: str):
    return next(b for b in at.button if b.label == label)


def _cards_drawn(at: AppTest) -> list[str]:
    return re.findall(r'data-card="(\w\w)"', "\n".join(m.value for m in at.markdown))


# --------------------------------------------------------------------------- the path


def test_opens_on_the_first_step_in_vietnamese() -> None:
    at = _open()
    assert at.title[0].value == translate("learn.title", "vi")
    assert at.header[0].value == f"1. {load_common('vi').steps['deck'].title}"
    assert at.selectbox(key=STEP_PICKER).value == "deck"
    assert _param(at, "step") == "deck"
    # The 13 ranks in order, low to high, then the four aces.
    assert _cards_drawn(at)[:17] == [f"{r}s" for r in "23456789TJQKA"] + ["As", "Ac", "Ad", "Ah"]


def test_opens_directly_by_its_own_file() -> None:
    at = _open(direct=True, step="five")
    headings = [h.value for h in at.subheader if h.value in {category_name(c, "vi") for c in Category}]
    assert headings == [category_name(c, "vi") for c in sorted(Category, reverse=True)]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("step", STEP_IDS + TOOL_IDS)
def test_every_step_opens_in_both_languages(step: str, lang: str) -> None:
    at = _open(lang=lang, step=step, rules="tinh-chi")
    text = load_common(lang).steps[step]
    number = f"{STEP_IDS.index(step) + 1}. " if step in STEP_IDS else ""
    assert at.header[0].value == f"{number}{text.title}"
    if step in STEP_IDS:
        source = load_source("tinh-chi", lang)
        assert source is not None
        assert translate("learn.source_says", lang, name=load_rule_set("tinh-chi").name(lang)) in _text(at)
        assert len([r for r in at.radio if r.key and r.key.startswith(f"learn_quiz_{step}_")]) == 3
    other = "vi" if lang == "en" else "en"
    assert translate("learn.quiz.title", other) not in _text(at)


def test_the_selector_moves_the_step_and_keeps_it_in_the_url() -> None:
    at = _open()
    at.selectbox(key=STEP_PICKER).set_value("bonus").run()
    _ok(at)
    assert _param(at, "step") == "bonus"
    assert at.header[0].value.startswith("7. ")


def test_next_and_previous_walk_the_whole_path() -> None:
    at = _open(lang="en")
    seen = [at.selectbox(key=STEP_PICKER).value]
    while True:
        buttons = [b for b in at.button if b.key == "learn_next"]
        if not buttons:
            break
        buttons[0].click().run()
        _ok(at)
        seen.append(at.selectbox(key=STEP_PICKER).value)
        assert _param(at, "step") == seen[-1]
    assert seen == list(STEP_IDS + TOOL_IDS)
    _button(at, f"← {STEP_IDS.index('sources') + 1}. {load_common('en').steps['sources'].title}").click().run()
    assert at.selectbox(key=STEP_PICKER).value == "sources"


def test_a_bad_step_in_the_url_is_named_and_the_first_step_shown() -> None:
    at = _open(step="<b>nope</b>")
    assert any("nope" in w.value and "deck" in w.value for w in at.warning)
    assert at.header[0].value.startswith("1. ")
    assert _param(at, "step") == "deck"


# --------------------------------------------------------------------------- per source


def test_the_chi_names_follow_the_rule_set_and_the_clash_is_marked() -> None:
    at = _open(step="chi")
    names = _tables(at)[0]
    assert [row[translate("learn.col.rule_set", "vi")].strip("*") for row in names] == [
        load_rule_set(i).name("vi") for i in RULE_SET_IDS
    ]
    back = translate("position.back", "vi").capitalize()
    assert [row[back].strip("*") for row in names] == ["Chi 1", "⚠ Chi đầu", "⚠ Chi cuối", "Chi 1"]
    assert "**Chi 3**" in _text(at)
    at.selectbox(key=RULES_PICKER).set_value("tinh-chi").run()
    assert "**Chi đầu**" in _text(at)
    assert _param(at, "rules") == "tinh-chi" and _param(at, "step") == "chi"


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_the_bonus_and_instant_win_tables_are_the_rule_sets_own(rule_set_id: str) -> None:
    rule_set = load_rule_set(rule_set_id)
    amount = translate("learn.col.amount", "vi")
    at = _open(step="bonus", rules=rule_set_id)
    assert [row[amount] for row in _tables(at)[0]] == [f"{b.chi} chi" for b in rule_set.bonuses]
    at = _open(step="naturals", rules=rule_set_id)
    assert [row[amount] for row in _tables(at)[0]] == [f"{n.chi} chi" for n in rule_set.naturals]


def test_switching_the_rule_set_changes_the_numbers() -> None:
    at = _open(step="foul")
    assert translate("learn.value.foul", "vi", n=3) in _text(at)
    at.selectbox(key=RULES_PICKER).set_value("guide-2026").run()
    _ok(at)
    assert translate("learn.value.foul", "vi", n=6) in _text(at)
    assert "**6 chi**" in _text(at)  # the lesson text's own number follows too


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_examples_show_the_totals_they_state(rule_set_id: str) -> None:
    """Each table example's line of totals is the one content/lessons/examples.toml states for the source."""
    for step in ("settle", "scoop", "aces"):
        at = _open(step=step, rules=rule_set_id)
        text = _text(at)
        for example in load_lesson_examples():
            stated = example.expectation(rule_set_id)
            if example.step == step and stated is not None and stated.totals is not None:
                line = " · ".join(
                    f"{translate('learn.player', 'vi', n=i + 1)}: **{'+' if t > 0 else '−' if t < 0 else ''}{abs(t)}**"
                    for i, t in enumerate(stated.totals)
                )
                assert line in text, (step, example.id)


def test_the_wheel_example_fouls_only_where_the_wheel_ranks_second() -> None:
    # chi-at, and tinh-chi as read (revised): A-2-3-4-5 second, so 9-K in front of it fouls.
    at = _open(step="foul", rules="chi-at")
    assert translate("learn.foul.elsewhere_legal", "vi", rule_sets=", ".join(
        load_rule_set(i).name("vi") for i in ("luckywin", "guide-2026"))) in _text(at)


def test_every_category_example_is_drawn() -> None:
    at = _open(step="five")
    drawn = _cards_drawn(at)
    for example in load_examples().hands:
        if example.size == 5:
            assert all(str(card) in drawn for card in example.cards), example
    at = _open(step="front")
    drawn = _cards_drawn(at)
    for example in load_examples().hands:
        if example.size == 3:
            assert all(str(card) in drawn for card in example.cards), example
    text = _text(at)
    names = {"front": "Chi 3", "middle": "Chi 2"}
    assert translate("learn.scale.stronger", "vi", **names) in text
    assert translate("learn.scale.not_stronger", "vi", **names) in text


def test_the_wheel_ladder_follows_the_rule_set() -> None:
    def ladder(at: AppTest) -> list[str]:
        labels = re.findall(r'mb-hand-label">([^<]+)<', "\n".join(m.value for m in at.markdown))
        return [label.split(": ", 1)[1] for label in labels if label.startswith("Hạng ")]

    assert ladder(_open(step="five", rules="chi-at")) == ["Sảnh: 10-A", "Sảnh: A-5", "Sảnh: 9-K", "Sảnh: 2-6"]
    assert ladder(_open(step="five", rules="luckywin")) == ["Sảnh: 10-A", "Sảnh: 9-K", "Sảnh: 2-6", "Sảnh: A-5"]


def test_the_sources_table_is_generated_with_readings_marked() -> None:
    at = _open(step="sources", rules="luckywin", lang="en")
    tables = _tables(at)
    main = tables[1]
    rule = translate("learn.col.rule", "en")
    foul = next(row for row in main if "Binh lủng pays each" in row[rule])
    assert foul[rule].startswith("≠ ")
    assert foul["Mậu binh with the ace rule (chi Át)"] == "3 chi"
    assert foul["▶ LuckyWin (house rules)"] == "**3 chi †‡**"
    assert foul["Guide 2026"] == "6 chi †"
    one_deal = tables[-1]
    assert [row["Player 1"] for row in one_deal] == ["+17", "+10", "+11", "+5"]
    # The order rule (digest §1, reading revised again): every source lets an equal back and middle stand.
    order = next(row for row in main if row[rule] == "Strongest chi equal to the middle")
    assert order["Guide 2026"] == "legal: back ≥ middle ≥ front, equal chi stand † " \
        "(other reading: strict order: a back equal to the middle is binh lủng (a house rule))"
    assert "*Our reading:* A back and a middle of exactly equal value are legal" in _text(at)


def _strict_house_page(step: str) -> None:
    """One step for a house playing the strict order (an equal back and middle are binh lủng)."""
    from maubinh.house import edit
    from maubinh.rules import load_rule_set
    from ui.learn.view import show_step
    from ui.setup import setup_page

    house = edit(load_rule_set("guide-2026"), {"order.strict": True}, rule_set_id="strict-house",
                 names={"vi": "Nhà chặt", "en": "Strict house"})
    setup_page("nav.learn")
    show_step(step, house, "en")


def test_a_house_with_the_strict_order_says_so_and_fouls_the_equal_example() -> None:
    at = AppTest.from_function(_strict_house_page, args=("foul",), default_timeout=TIMEOUT_S)
    at.query_params["lang"] = "en"
    at.run()
    _ok(at)
    text = _text(at)
    assert "the strict order (a house rule)" in text
    assert "Binh lủng (foul): the Chi 1 (back) and the Chi 2 (middle) are equal" in text
    at = AppTest.from_function(_strict_house_page, args=("sources",), default_timeout=TIMEOUT_S)
    at.query_params["lang"] = "en"
    at.run()
    _ok(at)
    rule = translate("learn.col.rule", "en")
    order = next(row for row in _tables(at)[1] if "Strongest chi equal to the middle" in row[rule])
    assert order[rule].startswith("≠ ")
    assert order["▶ Strict house"].startswith("**binh lủng: back > middle > front")
    assert order["Guide 2026"].startswith("legal: back ≥ middle ≥ front")


def _scooped_house_page() -> None:
    """The binh lủng step for a house whose foul pays as if scooped (``[foul] as_scooped``)."""
    from maubinh.house import edit
    from maubinh.rules import load_rule_set
    from ui.learn.view import show_step
    from ui.setup import setup_page

    house = edit(load_rule_set("chi-at"), {"foul.as_scooped": True}, rule_set_id="sap-house",
                 names={"vi": "Nhà sập", "en": "Scoop house"})
    setup_page("nav.learn")
    show_step("foul", house, "en")


def test_a_house_whose_foul_pays_as_if_scooped_says_what_it_pays() -> None:
    at = AppTest.from_function(_scooped_house_page, default_timeout=TIMEOUT_S)
    at.query_params["lang"] = "en"
    at.run()
    _ok(at)
    assert "the fouled hand pays 6 chi to each opponent: the 3-chi penalty times 2, as if scooped (a house rule)" \
        in _text(at)


def _house_page(step: str) -> None:
    """One step for house rules: a rule set built from a source's file with its own id and foul penalty."""
    from pathlib import Path

    from maubinh.rules import parse_rule_set
    from ui.learn.view import show_step
    from ui.setup import setup_page

    source = Path("maubinh/rulesets/guide-2026.toml").read_text(encoding="utf-8")
    house = parse_rule_set(source.replace('id = "guide-2026"', 'id = "my-house"').replace("penalty = 6", "penalty = 5"))
    setup_page("nav.learn")
    show_step(step, house, "en")


@pytest.mark.parametrize("step", STEP_IDS + TOOL_IDS)
def test_house_rules_get_the_shared_lesson_and_their_own_numbers(step: str) -> None:
    """A rule set that is not a source (issue 7's house rules): no source text, its own numbers everywhere."""
    at = AppTest.from_function(_house_page, args=(step,), default_timeout=TIMEOUT_S)
    at.query_params["lang"] = "en"
    at.run()
    _ok(at)
    text = _text(at)
    if step in STEP_IDS:
        assert translate("learn.source_house", "en") in text
    if step == "foul":
        assert translate("learn.value.foul", "en", n=5) in text and "**5 chi**" in text
    if step == "sources":
        foul = next(row for row in _tables(at)[1] if "Binh lủng" in row[translate("learn.col.rule", "en")])
        assert foul["▶ Guide 2026"] == "**5 chi †**" and foul["Guide 2026"] == "6 chi †"
    assert parse_rule_set  # house rules are parsed from TOML like the sources


# --------------------------------------------------------------------------- the quiz


def _quiz_keys(step: str, rule_set_id: str, seed: int = 1) -> list[str]:
    return [f"learn_quiz_{step}_{seed}_{rule_set_id}_{i}" for i in range(3)]


@pytest.mark.parametrize("step", ["deck", "bonus", "naturals", "sources"])
def test_the_quiz_is_graded_by_the_engine(step: str) -> None:
    at = _open(step=step, rules="tinh-chi", lang="en")
    questions = quiz(step, 1, load_rule_set("tinh-chi"))
    keys = _quiz_keys(step, "tinh-chi")
    for key, question in zip(keys, questions):
        at.radio(key=key).set_value(question.answer)
    _button(at, translate("learn.quiz.check", "en")).click().run()
    _ok(at)
    assert translate("learn.quiz.score", "en", right=3, total=3) in _text(at)
    assert len(at.success) == 3


def test_a_wrong_and_a_missing_answer_are_corrected() -> None:
    at = _open(step="foul", rules="chi-at", lang="en")
    questions = quiz("foul", 1, load_rule_set("chi-at"))
    keys = _quiz_keys("foul", "chi-at")
    wrong = next(option for option in questions[0].options if option != questions[0].answer)
    at.radio(key=keys[0]).set_value(wrong)
    at.radio(key=keys[1]).set_value(questions[1].answer)
    _button(at, translate("learn.quiz.check", "en")).click().run()
    _ok(at)
    assert translate("learn.quiz.score", "en", right=1, total=3) in _text(at)
    assert len(at.error) == 1 and len(at.success) == 1 and len(at.warning) == 1


def test_other_questions_and_the_drill_link() -> None:
    at = _open(step="settle", rules="guide-2026", lang="en")
    links = [link.proto for link in at.get("page_link") if link.proto.label == translate("learn.quiz.drill_link", "en")]
    assert len(links) == 1 and links[0].page == "drill" and "rules=guide-2026" in links[0].query_string
    _button(at, translate("learn.quiz.again", "en")).click().run()
    _ok(at)
    seed = int(at.query_params["quiz"][-1] if isinstance(at.query_params["quiz"], list) else at.query_params["quiz"])
    assert seed != 1
    assert at.radio(key=_quiz_keys("settle", "guide-2026", seed=seed)[0]) is not None


def test_learn_quiz_new_questions_are_dealt_afresh_with_the_seed_in_the_url() -> None:
    """Issue 12 §4: the quiz is dealt from ?quiz= (the same link, the same questions); "New questions" deals
    fresh ones under a new seed written to the URL, and the intro says so."""
    at = _open(step="naturals", rules="tinh-chi", lang="en", quiz="77")
    assert at.radio(key=_quiz_keys("naturals", "tinh-chi", seed=77)[0]) is not None
    assert translate("learn.quiz.intro", "en", seed=77) in [c.value for c in at.caption]
    first = [q.hands for q in quiz("naturals", 77, load_rule_set("tinh-chi"))]
    _button(at, translate("learn.quiz.again", "en")).click().run()
    _ok(at)
    raw = at.query_params["quiz"]
    seed = int(raw[-1] if isinstance(raw, list) else raw)
    assert seed != 77 and [q.hands for q in quiz("naturals", seed, load_rule_set("tinh-chi"))] != first
    assert at.radio(key=_quiz_keys("naturals", "tinh-chi", seed=seed)[0]) is not None
    at = _open(step="naturals", rules="tinh-chi", lang="en", quiz="nope")
    assert at.radio(key=_quiz_keys("naturals", "tinh-chi", seed=1)[0]) is not None  # a broken seed: named, then 1
    assert any("quiz" in w.value for w in at.warning)


# --------------------------------------------------------------------------- check my hand


def _check(at: AppTest, text: str) -> AppTest:
    at.text_area(key="learn_check_text").set_value(text)
    _button(at, translate("learn.check.submit", at.query_params.get("lang") or "vi")).click().run()
    _ok(at)
    return at


def test_check_my_hand_a_fouled_split() -> None:
    at = _check(_open(step="check", rules="tinh-chi"), "Js Jd 8h 8c 4d | Qh Qd 9c 5s 3h | Qs Qc Kh")
    text = _text(at)
    assert translate("foul.reason", "vi", strong="Chi giữa", weak="Chi đầu") in text
    assert translate("learn.instant.none", "vi", name=load_rule_set("tinh-chi").name("vi")) in text
    assert translate("learn.check.suggestion", "vi", name=load_rule_set("tinh-chi").name("vi")) in text
    _button(at, translate("learn.check.use_suggestion", "vi")).click().run()
    assert at.text_area(key="learn_check_text").value.count("|") == 2
    assert translate("foul.ok", "vi", back="Chi cuối", middle="Chi giữa", front="Chi đầu") in _text(at)


def test_check_my_hand_one_chi_and_an_instant_win() -> None:
    at = _check(_open(step="check", rules="chi-at", lang="en"), "9s 9h 9d")
    assert translate("learn.check.if_wins_bonus", "en", position="Chi 3 (front)", chi=6,
                     bonus="Sám cô (three of a kind)") in _text(at)
    at = _check(at, "2s 2h 5d 5c 7s 7h 9d 9c Js Jh Kd Kc As")
    assert translate("learn.instant.found", "en", name=load_rule_set("chi-at").name("en"),
                     pattern="Lục phé bôn (six pairs)", chi=18) in _text(at)


def test_check_my_hand_keeps_the_text_and_names_what_is_wrong() -> None:
    typed = "As Zs Kd | Qh"
    at = _check(_open(step="check"), typed)
    assert at.text_area(key="learn_check_text").value == typed
    text = _text(at)
    assert translate("learn.check.error.rank", "vi", token="Zs") in text
    assert translate("learn.check.error.groups", "vi", got=2) in text
    at = _check(at, "As Ks Qs Js | 9s 8s 7s 6s 5s | 2h 3h 4h 5h")
    assert translate("learn.check.error.chi_size", "vi", group=1, position="Chi 1", size=5, got=4) in _text(at)


def test_check_my_hand_example_buttons_and_picking_cards() -> None:
    at = _open(step="check", lang="en")
    assert translate("learn.check.empty_hint", "en") in _text(at)
    _button(at, translate("learn.check.example.split", "en")).click().run()
    assert "|" in at.text_area(key="learn_check_text").value
    assert translate("foul.reason", "en", strong="Chi 2 (middle)", weak="Chi 3 (front)") in _text(at)
    deck = at.multiselect(key="learn_check_pick")
    picked = [option for option in deck.options if option in ("A♠", "K♠", "Q♠")]
    assert len(picked) == 3
    deck.set_value([c for c in load_examples().hands[0].cards[:3]]).run()
    _button(at, translate("learn.check.pick_use", "en")).click().run()
    assert at.text_area(key="learn_check_text").value == "As Ks Qs"


def test_english_throughout_with_lang_en() -> None:
    at = _open(lang="en", rules="tinh-chi", step="front")
    assert at.title[0].value == "Learn Mậu Binh"
    headings = [h.value for h in at.subheader if h.value in {category_name(c, "en") for c in Category}]
    assert headings == [category_name(c, "en") for c in FRONT]
    assert "Học luật" not in _text(at)
    assert translate("learn.scale.stronger", "en", front="Chi đầu (front)", middle="Chi giữa (middle)") in _text(at)
    assert Position.FRONT.size == 3


def test_the_ace_step_shows_the_ace_rules_share() -> None:
    """Digest §2.6, chi-at: aces 2, 1, 1, 0 -> +4, 0, 0, -4; guide-2026 has no ace rule."""
    at = _open(step="aces", rules="chi-at")
    share = " · ".join(f"{translate('learn.player', 'vi', n=i + 1)}: **{v}**" for i, v in enumerate(["+4", "0", "0", "−4"]))
    assert f"{translate('learn.aces_share', 'vi')} {share}" in _text(at)
    at = _open(step="aces", rules="guide-2026")
    assert translate("learn.aces_none", "vi") in _text(at)


def test_check_my_hand_box_has_a_limit_and_folds_repeats() -> None:
    from ui.learn.check import MAX_CHECK_TEXT

    at = _open(step="check", lang="en")
    assert at.text_area(key="learn_check_text").max_chars == MAX_CHECK_TEXT
    _check(at, " ".join(["Kd"] * 20))
    [error] = [e.value for e in at.error]
    assert "(19 times)" in error and error.count("\n- ") == 1


def test_lesson_sentences_built_from_numbers_read_right() -> None:
    foul = _text(_open(step="foul", rules="chi-at"))
    assert "ở bộ luật nào xếp nó đứng thứ hai" in foul
    chi_at = load_rule_set("chi-at")
    amounts = [chi_at.natural(p).chi for p in (NaturalPattern.BA_SANH, NaturalPattern.BA_THUNG, NaturalPattern.LUC_PHE_BON)]
    instant = _text(_open(step="naturals", rules="chi-at"))
    assert "còn lục phé bôn chỉ" not in instant  # no "only" when the three amounts may be equal
    assert f"ba cái sảnh {amounts[0]}, ba cái thùng {amounts[1]}, lục phé bôn {amounts[2]}" in instant
    scoops = _text(_open(step="scoop", rules="tinh-chi"))
    assert "sập ba người thì mỗi người đền gấp" in scoops


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_instant_win_table_says_each_reading_once(lang: str) -> None:
    """Issue 20 §6: the rows of the instant-win table that share a reading point to one numbered note
    under the table; the reading's text is on the page once, not once per row (it was 8 times)."""
    rows = load_rule_set("chi-at").naturals
    readings = {row.provenance.reading_in(lang) for row in rows if row.provenance.reading_in(lang)}
    assert readings and len(readings) < len(rows)  # the case the issue saw: rows that share a reading
    at = _open(step="naturals", rules="chi-at", lang=lang)
    table = _tables(at)[0]
    source = translate("learn.col.source", lang)
    page = _text(at) + "\n".join(str(row[source]) for row in table)
    for reading in readings:
        assert page.count(reading) == 1, reading
    assert translate("learn.note.see", lang, n=1) in str(table[0][source])
