"""AppTest of the Drill page: a whole set of each kind answered right and wrong, the feedback, the score,
the end-of-set summary; the set in the URL (broken values, old links); progress and the set editor."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from maubinh.arrangement import Arrangement, is_foul
from maubinh.drills import (
    DEFAULT_KINDS,
    ArrangeQuestion,
    BetterQuestion,
    DrillSet,
    Kind,
    Level,
    Question,
    SettleQuestion,
    make_question,
    partial_foul,
)
from maubinh.rules import POSITIONS, RULE_SET_IDS, NaturalPattern, load_rule_set
from maubinh.strategy.arrangers import random_split
from tests.app.arrange import arranger_data, arranger_keys, confirm, confirm_value
from ui.drill.arrange import SUBMITTED_KEY
from ui.escape import md_text
from ui.questions import kind_name

TIMEOUT = 90
PAGE = str(Path(__file__).resolve().parents[2] / "pages" / "drill.py")


def drill(**params: str) -> AppTest:
    at = AppTest.from_file(PAGE, default_timeout=TIMEOUT)
    for key, value in params.items():
        at.query_params[key] = value
    return at.run()


def current(at: AppTest) -> tuple[DrillSet, int, Question]:
    state = at.session_state["drill_state"]
    return state.drill_set, state.index, make_question(state.drill_set, state.index)


def _wrong_arrangement(q: ArrangeQuestion) -> Arrangement:
    rng = random.Random(q.seed)
    rule_set = load_rule_set("chi-at")
    while True:
        candidate = random_split(q.cards, rng)
        if is_foul(candidate, rule_set):
            return candidate


def answer(at: AppTest, q: Question, index: int, right: bool) -> None:
    """Answer the question shown, rightly or wrongly, through the page's own controls."""
    if isinstance(q, SettleQuestion):
        at.number_input(key=f"drill_settle_value_{index}").set_value(q.key if right else q.key + 1).run()
        at.button(key="drill_settle_submit").click().run()
    elif isinstance(q, ArrangeQuestion):
        arrangement = q.best if right else _wrong_arrangement(q)
        assert len(arranger_data(at, f"drill_arrange_{index}")["cards"]) == 13
        confirm(at, SUBMITTED_KEY, confirm_value(arrangement, seconds=4.2))  # one submission, as "Confirm" sends
    else:
        choices = list(q.choices)
        pick = choices.index(q.key) if right else next(k for k, c in enumerate(choices) if c != q.key)
        at.button(key=f"drill_choice_{pick}").click().run()
    assert not at.exception


SETS = [
    (Kind.BETTER, "beginner", "guide-2026", 3),
    (Kind.ARRANGE, "expert", "chi-at", 2),
    (Kind.CHI, "expert", "chi-at", 6),
    (Kind.FOUL, "intermediate", "luckywin", 6),
    (Kind.SETTLE, "expert", "tinh-chi", 6),
    (Kind.NATURAL, "intermediate", "chi-at", 6),
]


@pytest.mark.parametrize(("kind", "level", "rules", "count"), SETS, ids=[s[0].value for s in SETS])
def test_a_whole_set_of_each_kind(kind: Kind, level: str, rules: str, count: int) -> None:
    at = drill(kinds=kind.value, level=level, rules=rules, seed="21", n=str(count), lang="en")
    assert not at.exception and not at.warning
    right = 0
    for number in range(count):
        drill_set, index, q = current(at)
        assert (index, q.kind, drill_set.level.value, drill_set.rule_set_id) == (number, kind, level, rules)
        assert at.subheader[0].value == f"Question {number + 1}"
        assert f"Question {number + 1}/{count}" in at.markdown[_status(at)].value
        good = number % 2 == 0
        answer(at, q, number, good)
        right += good
        feedback = at.success if good else at.error
        assert len(feedback) == 1, (number, [e.value for e in at.error], [s.value for s in at.success])
        assert feedback[0].value.startswith("Right" if good else ("Not" if kind is not Kind.ARRANGE else
                                                                  ("Binh lủng", "Not")))
        assert f"Score: {right}/{number + 1} right" in at.markdown[_status(at)].value
        assert any("step=" in m.value for m in at.markdown) or at.get("page_link")
        last = number + 1 == count
        at.button(key="drill_finish" if last else "drill_next").click().run()
        assert not at.exception
    assert at.subheader[0].value == "End of the set"
    assert at.metric[0].value == f"{right}/{count} right"
    # On screen, narrow enough for a phone (issue 20, item 7): the question asked and the seconds only in the CSV.
    assert not at.dataframe
    table = next(t.value for t in at.table if "Right" in t.value.columns)
    assert list(table.columns) == ["No.", "Kind", "Answer", "Correct answer", "Right"]
    assert list(table["No."]) == list(range(1, count + 1))
    assert list(table["Kind"]) == [md_text(kind_name(kind, "en"))] * count
    assert list(table["Right"]) == ["yes" if n % 2 == 0 else "no" for n in range(count)]
    assert len(at.get("download_button")) == 1


def _status(at: AppTest) -> int:
    return next(i for i, m in enumerate(at.markdown) if ":blue-badge[" in m.value)


def test_feedback_gives_the_numbers_and_the_rule() -> None:
    at = drill(kinds="better", level="intermediate", rules="chi-at", seed="3", n="2", lang="en")
    _, _, q = current(at)
    assert isinstance(q, BetterQuestion)
    answer(at, q, 0, True)
    assert at.success[0].value == f"Right! Option {'AB'[q.key]} is better."
    table = at.table[0].value
    assert list(table.iloc[:, 0]) == ["A", "B"]
    assert all("±" in str(v) for v in table.iloc[:, 1])
    assert any("standard error of the gap" in m.value or "binh lủng" in m.value for m in at.markdown)
    assert any("How it is graded" in c.value for c in at.caption)


def test_settle_feedback_is_the_itemised_settlement() -> None:
    at = drill(kinds="settle", level="expert", rules="chi-at", seed="8", n="1", lang="vi")
    _, _, q = current(at)
    assert isinstance(q, SettleQuestion)
    answer(at, q, 0, False)
    assert at.error[0].value.startswith("Chưa đúng")
    rows = at.table[0].value
    assert len(rows) == len(q.pair.items) + 1
    assert rows.iloc[-1, 0] == f"**{'+' if q.key > 0 else '−' if q.key < 0 else ''}{abs(q.key)}**"


def test_a_declared_instant_win_is_said_beside_its_seat() -> None:
    # issue 31: declaring is the player's choice, so a "how many chi" question counting an instant win says so
    at = drill(kinds="settle", level="expert", rules="chi-at", seed="12", n="1", lang="vi")
    _, _, q = current(at)
    assert isinstance(q, SettleQuestion) and q.declares == (False, True, False)
    notes = [m.value for m in at.markdown if "Báo mậu binh" in m.value]
    assert notes == ["**Báo mậu binh: Đồng màu: 13 lá một màu (39 chi mỗi nhà).**"]


def test_the_rule_set_feedback_says_its_numbers_are_the_independent_check() -> None:
    # issue 31: the key is decided on deals other than those that chose the splits, and the table shows them
    from maubinh.drills.payouts import CHECK_SAMPLES, SAMPLES

    at = drill(kinds="rules", level="beginner", rules="chi-at", seed="3", n="2", lang="en")
    _, _, q = current(at)
    answer(at, q, 0, True)
    method = [c.value for c in at.caption if "independent of those that chose them" in c.value]
    assert len(method) == 1 and f"({SAMPLES} sampled deals)" in method[0] and f"on {CHECK_SAMPLES} other" in method[0]


def test_the_same_link_gives_the_same_questions() -> None:
    params = {"kinds": "chi,foul,natural", "level": "expert", "rules": "tinh-chi", "seed": "77", "n": "3"}
    first, second = drill(**params), drill(**params)
    cards = [m.value for m in first.markdown if "mb-card" in m.value and "drill" not in m.value]
    assert cards and cards == [m.value for m in second.markdown if "mb-card" in m.value and "drill" not in m.value]
    assert current(first)[2] == current(second)[2]


def test_old_links_with_only_a_seed_keep_the_one_kind_drill() -> None:
    at = drill(seed="11", rules="guide-2026")
    assert not at.exception and not at.warning
    assert at.query_params["kinds"] == ["better"] or at.query_params["kinds"] == "better"
    assert at.button(key="drill_choice_0").label == "Cách A tốt hơn"


def test_a_fresh_visit_gets_the_default_kinds_and_a_seed_in_the_url() -> None:
    at = drill()
    drill_set, _, _ = current(at)
    # a new learner starts at mới học (issue 20, item 11) with the default kinds of the lesson path's basic steps:
    # instant wins (mậu binh) wait for their lesson (issue 36)
    assert drill_set.kinds == tuple(k for k in DEFAULT_KINDS if k is not Kind.NATURAL) and len(DEFAULT_KINDS) == 6
    assert drill_set.level is Level.BEGINNER
    assert str(drill_set.seed) in str(at.query_params["seed"])


@pytest.mark.parametrize(
    ("param", "value", "named"),
    [("kinds", "chi,poker", "poker"), ("level", "hard", "hard"), ("seed", "abc", "seed=abc"), ("n", "500", "n=500"),
     ("rules", "poker", "“poker”")],
)
def test_broken_link_values_warn_and_fall_back(param: str, value: str, named: str) -> None:
    params = {"kinds": "chi", "level": "beginner", "seed": "5", "n": "4", param: value}
    at = drill(**params)
    assert not at.exception
    assert any(named in w.value for w in at.warning), [w.value for w in at.warning]
    drill_set, _, _ = current(at)
    assert drill_set.count == (10 if param == "n" else 4)
    assert drill_set.level is (Level.INTERMEDIATE if param == "level" else Level.BEGINNER)


def test_progress_chart_and_the_kind_to_practise_next() -> None:
    at = drill(kinds="chi", level="beginner", seed="2", n="3", lang="en")
    _, _, q = current(at)
    answer(at, q, 0, False)
    assert len(at.get("plotly_chart")) == 0  # drawn only while the expander is open
    at.session_state["drill_progress_box"] = True  # what opening the expander does
    at.run()
    assert len(at.get("plotly_chart")) == 1
    # the weakest kind measured, not one never tried (issue 36)
    assert any("Practise next: **Which chi wins?** (0/1 right so far)" in m.value for m in at.markdown)
    at.button(key="drill_practise").click().run()
    drill_set, index, _ = current(at)
    assert drill_set.kinds == (Kind.CHI,) and index == 0 and drill_set.level is Level.BEGINNER


def test_the_set_editor_starts_a_new_set() -> None:
    at = drill(kinds="chi", seed="2", n="3", lang="en")
    assert not at.multiselect  # the form is drawn only while its expander is open
    at.session_state["drill_set_box"] = True
    at.run()
    at.multiselect(key="drill_form_kinds").set_value([Kind.FOUL, Kind.NATURAL])
    at.number_input(key="drill_form_n").set_value(5)
    at.number_input(key="drill_form_seed").set_value(99)
    at.button(key="FormSubmitter:drill_set_form-Start this set").click().run()
    drill_set, index, q = current(at)
    assert (drill_set.kinds, drill_set.count, drill_set.seed, index) == ((Kind.FOUL, Kind.NATURAL), 5, 99, 0)
    assert q.kind is Kind.FOUL
    assert at.query_params["kinds"] in (["foul,natural"], "foul,natural")
    at.session_state["drill_set_box"] = True
    at.run()
    assert any("kinds=foul%2Cnatural" in c.value and "seed=99" in c.value for c in at.code)


def test_changing_the_rule_set_starts_the_set_again() -> None:
    at = drill(kinds="chi", seed="2", n="3", rules="chi-at")
    _, _, q = current(at)
    answer(at, q, 0, True)
    at.selectbox(key="drill_rule_set").set_value("luckywin").run()
    drill_set, index, _ = current(at)
    assert drill_set.rule_set_id == "luckywin" and index == 0
    assert not at.session_state["drill_state"].answers


def test_set_it_yourself_gives_the_component_the_rule_sets_order_and_refuses_a_stale_arrangement() -> None:
    """The arranging itself happens in the browser (its foul check against the engine's: tests/unit/ui/arrange;
    by taps: tests/e2e/test_drill.py); the page gives it this question's cards under this rule set, and grades
    only an arrangement of those cards."""
    at = drill(kinds="arrange", level="beginner", rules="chi-at", seed="4", n="1", lang="en")
    _, _, q = current(at)
    assert isinstance(q, ArrangeQuestion)
    rule_set = load_rule_set("chi-at")
    data = arranger_data(at, "drill_arrange_0")
    assert sorted(c["id"] for c in data["cards"]) == sorted(str(c) for c in q.cards)
    assert data["strict"] is rule_set.strict_order and data["wheel"] == rule_set.wheel.value
    assert data["labels"]["positions"] == {p.value: rule_set.position_name(p, "en") for p in POSITIONS}
    low_first = sorted(q.cards)
    fouled = Arrangement(tuple(low_first[:5]), tuple(low_first[-5:]), tuple(low_first[5:8]))
    assert partial_foul({p: list(fouled.chi(p)) for p in POSITIONS}, rule_set) is not None
    other = make_question(DrillSet((Kind.ARRANGE,), Level.BEGINNER, "chi-at", seed=5, count=1), 0)
    assert isinstance(other, ArrangeQuestion) and sorted(other.cards) != sorted(q.cards)
    confirm(at, SUBMITTED_KEY, confirm_value(other.best))  # another question's cards: an old page
    assert not at.session_state["drill_state"].answers
    assert any("does not hold this question's cards" in e.value for e in at.error)
    confirm(at, SUBMITTED_KEY, confirm_value(fouled))  # a foul can be confirmed: it is graded as one
    answer = at.session_state["drill_state"].answers[0]
    assert answer.given == fouled and answer.result is not None and answer.result.foul is not None
    assert at.error and not answer.correct
    assert "drill_arrange_0" not in arranger_keys(at)  # answered: the component is gone, the feedback shows


def test_drill_under_house_rules_from_a_link():
    from maubinh import parse_rule_set
    from maubinh.house import link_token
    from maubinh.rules import RULESET_DIR

    source = (RULESET_DIR / "guide-2026.toml").read_text(encoding="utf-8")
    house = parse_rule_set(source.replace('id = "guide-2026"', 'id = "nha-tu"').replace("penalty = 6", "penalty = 5"))
    at = AppTest.from_file(str(Path(__file__).resolve().parents[2] / "pages" / "drill.py"), default_timeout=90)
    at.query_params["house"] = link_token(house)
    at.query_params["rules"] = "nha-tu"
    at.query_params["kinds"] = "foul"
    at.run()
    assert not at.exception
    assert at.query_params["rules"] in ("nha-tu", ["nha-tu"])


def test_how_many_chi_grades_nothing_typed_and_refuses_a_fraction() -> None:
    at = drill(kinds="settle", level="beginner", rules="guide-2026", seed="4", n="2", lang="en")
    _, index, q = current(at)
    box = at.number_input(key=f"drill_settle_value_{index}")
    assert box.value is None  # an empty box, not 0
    at.button(key="drill_settle_submit").click().run()
    assert not at.exception
    assert index not in at.session_state["drill_state"].answers  # no answer, no grade
    assert any("Type a number of chi" in w.value for w in at.warning)
    at.number_input(key=f"drill_settle_value_{index}").set_value(3.7).run()
    at.button(key="drill_settle_submit").click().run()
    assert index not in at.session_state["drill_state"].answers
    assert any("3.7 is not one" in w.value for w in at.warning)
    at.number_input(key=f"drill_settle_value_{index}").set_value(float(q.key)).run()
    at.button(key="drill_settle_submit").click().run()
    answer = at.session_state["drill_state"].answers[index]
    assert answer.given == q.key and answer.correct
    assert not at.warning


def test_set_it_yourself_names_binh_lung_once() -> None:
    for lang, word in (("vi", "Binh lủng"), ("en", "Binh lủng")):
        at = drill(kinds="arrange", level="beginner", rules="chi-at", seed="8", n="1", lang=lang)
        _, index, q = current(at)
        answer(at, q, index, right=False)  # a binh lủng split
        [error] = [e.value for e in at.error]
        assert error.startswith(word) and error.count(word) == 1, error


def test_the_set_panel_does_not_repeat_the_chosen_kinds_above_the_selector() -> None:
    from ui.questions import kind_name

    at = drill(kinds="chi,foul", level="beginner", rules="chi-at", seed="3", n="2", lang="en")
    at.session_state["drill_set_box"] = True
    at.run()
    assert at.multiselect(key="drill_form_kinds").value == [Kind.CHI, Kind.FOUL]
    listed = ", ".join(kind_name(kind, "en") for kind in (Kind.CHI, Kind.FOUL))
    assert not any(c.value == listed for c in at.caption)


def test_the_rule_set_question_names_the_chi_as_the_set_does_not_as_its_answer() -> None:
    # The split asked about is labelled with the drill set's own chi names (chi-at's here) whatever rule set
    # is the answer: another source's names would give the answer away.
    at = drill(kinds="rules", level="beginner", rules="chi-at", seed="3", n="2", lang="vi")  # its answer: tinh-chi
    assert not at.exception
    shown = " ".join(m.value for m in at.markdown)
    chi_at = load_rule_set("chi-at")
    for position in POSITIONS:
        assert chi_at.position_name(position, "vi") in shown
    for rule_set_id in RULE_SET_IDS:
        other = load_rule_set(rule_set_id)
        for position in POSITIONS:
            name = other.position_name(position, "vi")
            if name not in {chi_at.position_name(p, "vi") for p in POSITIONS}:
                assert name not in shown, (rule_set_id, name)


@pytest.mark.parametrize(("kinds", "right"), [("rules", False), ("chi", False), ("foul", True)])
def test_once_answered_the_right_choice_and_a_wrong_pick_are_marked(kinds: str, right: bool) -> None:
    # A disabled button is grey whatever its type: the marks say which was right and what the learner picked.
    from ui.drill.views import RIGHT_ICON, WRONG_ICON

    at = drill(kinds=kinds, level="beginner", rules="chi-at", seed="3", n="2", lang="vi")
    _, index, q = current(at)
    choices = list(q.choices)
    assert all(not at.button(key=f"drill_choice_{k}").proto.icon for k in range(len(choices)))  # none before
    answer(at, q, index, right)
    icons = [at.button(key=f"drill_choice_{k}").proto.icon for k in range(len(choices))]
    key = choices.index(q.key)
    assert icons[key] == RIGHT_ICON
    picked = [k for k, icon in enumerate(icons) if icon == WRONG_ICON]
    assert picked == ([] if right else [next(k for k, c in enumerate(choices) if c != q.key)])
    assert all(not icon for k, icon in enumerate(icons) if k != key and k not in picked)


def test_how_many_chi_shows_seat_a_then_seat_b_first() -> None:
    # "seat 2 (A) collects from seat 1 (B)" listed seat 1 (B) first: the seats asked about come first, A then B.
    for seed in range(1, 40):
        at = drill(kinds="settle", level="expert", rules="chi-at", seed=str(seed), n="1", lang="en")
        _, _, q = current(at)
        if q.a > q.b:
            break
    assert q.a > q.b  # a question where A sits after B
    names = [m.value for m in at.markdown if str(m.value).endswith(("(A)**", "(B)**")) or str(m.value).startswith("**Seat")]
    assert names[:2] == [f"**Seat {q.a + 1} (A)**", f"**Seat {q.b + 1} (B)**"], names


def test_practise_hands_like_these_from_a_house_rules_hand_keeps_the_house_rules():
    # Issue 32, item 5: the link from a Play hand under house rules had rules= without house=.
    from maubinh import parse_rule_set
    from maubinh.rules import RULESET_DIR
    from ui.table.records import practise_params

    source = (RULESET_DIR / "guide-2026.toml").read_text(encoding="utf-8")
    house = parse_rule_set(source.replace('id = "guide-2026"', 'id = "nha-ba"').replace("penalty = 6", "penalty = 5"))
    params = practise_params("nha-ba", 11, 3, house)
    assert set(practise_params("chi-at", 11, 3)) == set(params) - {"house"}
    at = drill(lang="en", **params)
    assert not at.exception and not at.warning
    drill_set = at.session_state["drill_state"].drill_set
    assert drill_set.rule_set_id == "nha-ba" and drill_set.house is not None
    assert drill_set.rule_set.foul_penalty == 5 and drill_set.count == 5


@pytest.mark.parametrize(("lang", "said"), [("vi", "danh sách là thứ hạng"), ("en", "whose list is a rank order")])
def test_spot_the_instant_win_keys_and_explains_the_one_pattern(lang: str, said: str) -> None:
    # Set seed 6, question 0: six red pairs and a black card. Under luckywin (list a rank order, digest §2.4,
    # reading December 2026) it is 12 of one colour, listed above six pairs, though six pairs pay more.
    at = drill(kinds="natural", level="expert", rules="luckywin", seed="6", n="1", lang=lang)
    _, _, q = current(at)

    assert q.key is NaturalPattern.DONG_MAU_12 and NaturalPattern.LUC_PHE_BON in q.matches
    at.button(key=f"drill_choice_{q.choices.index(NaturalPattern.LUC_PHE_BON)}").click().run()
    assert not at.exception
    assert any(said in m.value for m in at.markdown), [m.value for m in at.markdown][-6:]
