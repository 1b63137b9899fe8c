"""AppTest of the Progress page and the Drill page kept in a profile: make a profile, practise, reload and
resume, review what was missed (the clock moved), practise at one's level; both languages."""

from __future__ import annotations

from datetime import timedelta

import pytest
from streamlit.testing.v1 import AppTest

from classroom.models import utcnow
from classroom.practice import Practice
from classroom.service import ClassroomStore
from maubinh.drills import DrillSet, Kind, Level, make_question
from tests.app.conftest import open_page

PROGRESS, DRILL = "progress", "drill"
SET = DrillSet((Kind.CHI, Kind.FOUL), Level.BEGINNER, "chi-at", seed=5, count=3)




def _choose(at: AppTest, number: int, right: bool) -> None:
    q = make_question(SET, number)
    choices = list(q.choices)
    pick = choices.index(q.key) if right else next(k for k, c in enumerate(choices) if c != q.key)
    at.button(key=f"drill_choice_{pick}").click().run()
    assert not at.exception


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_profile_is_made_then_practice_is_kept_across_a_reload(db: ClassroomStore, lang: str) -> None:
    at = open_page(PROGRESS, lang=lang)
    assert not at.exception
    at.text_input(key="progress_name").input("Bảo <i>")
    at.button[0].click().run()
    me = at.query_params["me"]
    learner = db.learner(me)
    assert learner is not None and learner.name == "Bảo <i>" and learner.class_id is None
    assert any(me in c.value for c in at.code)  # the personal link, shown on arrival

    drill = open_page(DRILL, me=me, lang=lang, **SET.params())
    assert not drill.exception
    run = drill.query_params["run"]
    _choose(drill, 0, right=False)
    practice = Practice(db)
    assert [(a.number, a.correct, a.run_id) for a in practice.history(learner.id)] == [(0, False, run)]

    again = open_page(DRILL, me=me, lang=lang, run=run, **SET.params())  # a reload
    assert again.session_state["drill_state"].index == 1
    assert again.query_params["run"] == run
    _choose(again, 1, right=True)
    assert [a.number for a in practice.history(learner.id)] == [0, 1]

    progress = open_page(PROGRESS, me=me, lang=lang)
    assert not progress.exception
    values = {m.label: m.value for m in progress.metric}
    assert "1/2" in values.values()  # right / answered
    assert "0/1" in values.values()  # one question in the queue, not due yet
    assert progress.get("plotly_chart")


def test_what_was_missed_comes_back_for_review_a_day_later(db: ClassroomStore) -> None:
    practice = Practice(db)
    me = practice.create_profile("Lan")
    yesterday = utcnow() - timedelta(days=1)
    q = make_question(SET, 0)
    practice.record(me.info.id, SET.ref(0), run_id="r", number=0, mode="practice", lesson=q.lesson.value,
                    code="none-of-these", correct=False, chi_lost=None, seconds=4, now=yesterday)
    progress = open_page(PROGRESS, me=str(me.token), lang="en")
    assert "1/1" in [m.value for m in progress.metric]
    review = open_page(DRILL, me=str(me.token), mode="review", lang="en")
    assert not review.exception
    state = review.session_state["drill_profile_lists"][(me.info.id, "review")]
    assert [ref for ref in state.drill_set.refs] == [SET.ref(0)]
    choices = list(q.choices)
    review.button(key=f"drill_choice_{choices.index(q.key)}").click().run()
    assert not review.exception
    (due,) = practice.queue(me.info.id)
    assert due > utcnow() + timedelta(hours=12)
    history = practice.history(me.info.id)
    assert [(a.mode, a.correct, a.first) for a in history] == [("practice", False, True), ("review", True, False)]


def test_practice_at_my_level_deals_ten_and_a_wrong_link_shows_nothing(db: ClassroomStore) -> None:
    practice = Practice(db)
    me = practice.create_profile("Minh")
    at = open_page(DRILL, me=str(me.token), mode="level", lang="vi")
    assert not at.exception
    state = at.session_state["drill_profile_lists"][(me.info.id, "level")]
    assert state.drill_set.count == 10 and {r.level for r in state.drill_set.refs} == {Level.BEGINNER}
    # a beginner's list follows the lesson path (issue 36): no instant win, no "which rule set" before their lessons
    assert {r.kind for r in state.drill_set.refs} <= {Kind.BETTER, Kind.ARRANGE, Kind.CHI, Kind.FOUL, Kind.SETTLE}
    wrong = open_page(PROGRESS, me=f"{me.info.id}.{'A' * 22}", lang="vi")
    assert wrong.error and "Minh" not in "".join(s.value for s in wrong.subheader)
