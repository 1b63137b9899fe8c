"""The lesson path kept (issue 20, item 11), AppTest: finishing a Learn step (its quiz passed, or "next" at its
end) ticks it in the path and stores it in the profile; Progress shows steps finished and quiz scores; without a
profile the marks wait in the session and move into the profile made next."""

from __future__ import annotations

from datetime import datetime

import pytest
from streamlit.testing.v1 import AppTest

from classroom.lessons import Lessons
from classroom.practice import Practice
from classroom.service import ClassroomStore
from maubinh.drills import Lesson
from maubinh.rules import load_rule_set
from tests.app.conftest import PAGE_TIMEOUT_S, ROOT, open_page
from ui.escape import md_text
from ui.i18n import translate
from ui.learn.content import STEP_IDS, load_common
from ui.learn.quiz import quiz
from ui.progress.lessons import STEP_IDS as PROGRESS_STEPS
from ui.questions import step_name

STEP_PICKER = "learn_step"


def _answer_quiz(at: AppTest, step: str, rule_set_id: str, right: int, lang: str) -> None:
    """Answer the step's quiz (seed 1): the first ``right`` questions right, the others wrong; then "Check"."""
    for i, question in enumerate(quiz(step, 1, load_rule_set(rule_set_id))):
        wrong = next(option for option in question.options if option != question.answer)
        at.radio(key=f"learn_quiz_{step}_1_{rule_set_id}_{i}").set_value(question.answer if i < right else wrong)
    next(b for b in at.button if b.label == translate("learn.quiz.check", lang)).click().run()
    assert not at.exception, [e.message for e in at.exception]


def _labels(at: AppTest) -> list[str]:
    return list(at.selectbox(key=STEP_PICKER).options)


def _title(step: str, lang: str) -> str:
    return load_common(lang).steps[step].title


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_finished_step_is_ticked_kept_in_the_profile_and_shown_on_progress(db: ClassroomStore, lang: str) -> None:
    made = Practice(db).create_profile("Lan")
    me, learner_id = str(made.token), made.info.id
    at = open_page("learn", me=me, lang=lang, rules="chi-at", step="foul")
    assert not at.exception
    foul = STEP_IDS.index("foul") + 1
    assert f"{foul}. {_title('foul', lang)}" in _labels(at) and not any(label.startswith("✓") for label in _labels(at))
    assert translate("learn.path.finished", lang, n=0, total=len(STEP_IDS)) in [c.value for c in at.caption]

    _answer_quiz(at, "foul", "chi-at", right=1, lang=lang)  # not passed: the score is kept, no tick
    assert not any(label.startswith("✓") for label in _labels(at))
    _answer_quiz(at, "foul", "chi-at", right=3, lang=lang)  # passed: ticked
    assert f"✓ {foul}. {_title('foul', lang)}" in _labels(at)
    assert translate("learn.path.finished", lang, n=1, total=len(STEP_IDS)) in [c.value for c in at.caption]
    assert translate("learn.quiz.best", lang, right=3, total=3) in [c.value for c in at.caption]
    at.button(key="learn_next").click().run()  # "next" at the end of foul: on to settle (already finished)
    at.button(key="learn_next").click().run()  # "next" at the end of settle: settle finished, no quiz score
    assert not at.exception
    ticked = [label for label in _labels(at) if label.startswith("✓")]
    assert ticked == [f"✓ {foul}. {_title('foul', lang)}",
                      f"✓ {foul + 1}. {_title('settle', lang)}"]

    path = Lessons(db).path(learner_id)
    assert set(path) == {"chi-at"} and set(path["chi-at"]) == {"foul", "settle"}
    assert path["chi-at"]["foul"].score == (3, 3) and isinstance(path["chi-at"]["foul"].finished_at, datetime)
    assert path["chi-at"]["settle"].finished and path["chi-at"]["settle"].score is None

    progress = open_page("progress", me=me, lang=lang)
    assert not progress.exception
    assert f"#### {translate('progress.lessons.title', lang)}" in [m.value for m in progress.markdown]
    rows = [table.value.to_dict("records") for table in progress.table]
    lesson_rows = [r for rows_ in rows for r in rows_ if translate("progress.lessons.col.steps", lang) in r]
    assert lesson_rows == [{
        translate("progress.lessons.col.rule_set", lang): load_rule_set("chi-at").name(lang),
        translate("progress.lessons.col.steps", lang): translate("progress.lessons.steps", lang, n=2,
                                                                 total=len(STEP_IDS)),
        translate("progress.lessons.col.quiz", lang): md_text(f"{foul}. {step_name(Lesson.FOUL, lang)} 3/3"),
    }]


def test_without_a_profile_the_path_is_kept_in_the_session_then_moved_into_a_new_profile(db: ClassroomStore) -> None:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=PAGE_TIMEOUT_S)
    at.query_params["lang"] = "en"
    at.query_params["rules"] = "tinh-chi"
    at.query_params["step"] = "deck"
    at.run()
    at.switch_page("pages/learn.py").run()
    assert not at.exception
    _answer_quiz(at, "deck", "tinh-chi", right=2, lang="en")  # 2 of 3: passed
    assert f"✓ 1. {_title('deck', 'en')}" in _labels(at)
    assert set(at.session_state["learn_marks"]) == {("tinh-chi", "deck")}

    at.switch_page("pages/progress.py").run()
    at.text_input(key="progress_name").input("Bảo")
    next(b for b in at.button if b.label == translate("progress.create", "en")).click().run()
    assert not at.exception, [e.message for e in at.exception]
    learner = db.learner(str(at.query_params["me"][-1] if isinstance(at.query_params["me"], list)
                             else at.query_params["me"]))
    assert learner is not None
    at.run()  # the profile's page
    assert not at.exception
    path = Lessons(db).path(learner.id)
    assert {step: (mark.finished, mark.score) for step, mark in path["tinh-chi"].items()} == {"deck": (True, (2, 3))}
    assert at.session_state["learn_marks"] == {}


def test_progress_counts_the_learn_pages_own_steps() -> None:
    assert PROGRESS_STEPS == STEP_IDS
