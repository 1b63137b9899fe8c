"""AppTest of the day's box (issue 20, item 12) on Home, Progress and Drill: today's question for anyone,
and for a profile the daily goal it picks, today's answers and the streak; today's question answered in the
profile counts and is stored once; both languages."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

import ui.drill.profile
from classroom.habits import Habits
from classroom.practice import Practice
from classroom.service import ClassroomStore
from maubinh.drills import DrillSet, Kind, Level, make_question
from maubinh.drills.daily import daily_set, run_id, utc_day
from tests.app.conftest import PAGE_TIMEOUT_S, ROOT, open_page

WORDS = {"vi": ("Câu hỏi hôm nay", "Chuỗi ngày", "0 ngày", "Tạo hồ sơ"),
         "en": ("Today's question", "Day streak", "0 days", "Make a profile")}
CHI_SET = DrillSet((Kind.CHI,), Level.BEGINNER, "chi-at", seed=11, count=1)


def _home(**params: str) -> AppTest:
    """Home through the app's navigation (its links name the other pages)."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=PAGE_TIMEOUT_S)
    for key, value in params.items():
        at.query_params[key] = value
    return at.run()


def _text(at: AppTest) -> str:
    return " ".join(str(e.value) for e in [*at.markdown, *at.caption, *at.success, *at.info])


def _links(at: AppTest) -> list[str]:
    return [str(link.proto.page) + "?" + str(link.proto.query_string) if hasattr(link.proto, "query_string")
            else str(link.proto.page) for link in at.get("page_link")] + [str(m.value) for m in at.markdown]


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_home_offers_todays_question_to_anyone(lang: str) -> None:
    at = _home(lang=lang)
    assert not at.exception
    question, _, _, make = WORDS[lang]
    assert question in _text(at) and make in " ".join(str(link.proto.label) for link in at.get("page_link"))
    assert not at.metric  # no profile: no goal, no streak
    seed = daily_set(utc_day()).params()["seed"]
    assert any(f"seed={seed}" in link for link in _links(at))  # the set of one that asks it


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_profile_picks_a_goal_answers_todays_question_and_sees_it_counted(
        db: ClassroomStore, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    practice, habits = Practice(db), Habits(db)
    made = practice.create_profile("Lan")
    me, lan = str(made.token), made.info.id
    home = _home(me=me, lang=lang)
    assert not home.exception
    _, streak, zero_days, _ = WORDS[lang]
    metrics = {m.label: m.value for m in home.metric}
    assert metrics[streak] == zero_days and "0/5" in metrics.values()  # the default goal until one is picked
    home.get("button_group")[0].set_value(10).run()
    assert not home.exception
    assert [goal for _, goal, _ in habits.goals(lan)] == [10]
    assert "0/10" in {m.label: m.value for m in home.metric}.values()

    # today's question in the profile (a "which chi wins" one here, to click its answer)
    monkeypatch.setattr(ui.drill.profile, "todays_question", lambda day: CHI_SET.ref(0))
    drill = open_page("drill", me=me, mode="daily", lang=lang)
    assert not drill.exception
    question = make_question(CHI_SET, 0)
    drill.button(key=f"drill_choice_{list(question.choices).index(question.key)}").click().run()
    assert not drill.exception
    stored = practice.history(lan)
    assert [(a.run_id, a.mode, a.correct) for a in stored] == [(run_id(utc_day()), "daily", True)]
    again = open_page("drill", me=me, mode="daily", lang=lang)  # a reload: answered, not asked again
    assert again.session_state["drill_profile_lists"][(lan, "daily")].finished
    assert len(practice.history(lan)) == 1

    progress = open_page("progress", me=me, lang=lang)
    assert not progress.exception
    assert "1/10" in {m.label: m.value for m in progress.metric}.values()
    assert progress.success  # today's question: answered right
    assert habits.habit(lan).answered_today == 1


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_todays_question_answered_from_two_tabs_keeps_the_first_and_the_other_tab_says_so(
        db: ClassroomStore, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 32, item 5: the tab whose answer was not kept showed its own verdict.
    practice = Practice(db)
    made = practice.create_profile("Lan")
    me, lan = str(made.token), made.info.id
    monkeypatch.setattr(ui.drill.profile, "todays_question", lambda day: CHI_SET.ref(0))
    first, second = (open_page("drill", me=me, mode="daily", lang=lang) for _ in range(2))
    question = make_question(CHI_SET, 0)
    choices = list(question.choices)
    wrong = next(k for k, c in enumerate(choices) if c != question.key)
    first.button(key=f"drill_choice_{choices.index(question.key)}").click().run()  # right, stored first
    second.button(key=f"drill_choice_{wrong}").click().run()  # wrong, a moment later in the other tab
    assert not first.exception and not second.exception
    assert [(a.correct, a.code) for a in practice.history(lan)] == [(True, question.key.value)]
    kept = second.session_state["drill_profile_lists"][(lan, "daily")].answers[0]
    assert kept.correct and kept.given == question.key  # the stored answer, not this tab's
    words = {"vi": "thiết bị hoặc thẻ khác", "en": "another device"}[lang]
    assert any(words in w.value for w in second.warning) and not first.warning
    assert second.success and not second.error  # its verdict is the kept answer's: right
