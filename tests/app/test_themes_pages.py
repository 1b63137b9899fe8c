"""AppTest of themes and explanations: Progress shows the weakest themes once they have enough answers, with
"practise this theme"; a missed idea comes back in review as a new question of its theme; an answer starts with
the sentence naming what decided it, the tables under "details"; both languages."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from classroom.models import utcnow
from classroom.practice import Practice
from classroom.service import ClassroomStore
from maubinh.drills import DrillSet, Kind, Level, make_from_ref, make_question
from maubinh.drills.themes import Theme
from tests.app.conftest import open_page
from ui.progress.stats import THEME_LEAST

SET = DrillSet((Kind.CHI,), Level.INTERMEDIATE, "chi-at", seed=8, count=THEME_LEAST + 1)


def _answer(practice: Practice, learner: str, number: int, correct: bool, themes: tuple[Theme, ...],
            chi_lost: float | None = None, when=None) -> None:  # type: ignore[no-untyped-def]
    practice.record(learner, SET.ref(number), run_id="r", number=number, mode="practice", lesson="five", code="a",
                    correct=correct, chi_lost=chi_lost, seconds=3.0, themes=themes, now=when)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_progress_shows_the_weakest_themes_once_they_have_enough_answers(db: ClassroomStore, lang: str) -> None:
    practice = Practice(db)
    me = practice.create_profile("Lan")
    for number in range(THEME_LEAST):  # scoops: 2 of 5 right, 0.6 chi lost per decision
        _answer(practice, me.info.id, number, number < 2, (Theme.SCOOP,), chi_lost=[0, 0, 1, 1, 1][number])
    _answer(practice, me.info.id, THEME_LEAST, False, (Theme.KICKERS,))  # one answer: not ranked yet
    at = open_page("progress", me=str(me.token), lang=lang)
    assert not at.exception
    title = {"vi": "Chủ đề yếu nhất", "en": "Weakest themes"}[lang]
    assert title in [s.value for s in at.subheader]
    text = "\n".join(m.value for m in at.markdown)
    line = {"vi": "**Nguy cơ sập (thắng hay thua cả ba chi)**: đúng 2/5 (40 %) · mất 0,60 chi mỗi quyết định",
            "en": "**Scoop risk (sập: winning or losing all three chi)**: 2/5 right (40 %) · 0.60 chi lost per decision"}
    assert line[lang] in text
    assert "Lá phụ" not in text and "Kickers" not in text  # below the minimum
    assert "mode=theme&theme=scoop" in text or any("theme=scoop" in str(getattr(e, "proto", "")) for e in at.get("page_link"))
    least = {"vi": f"ít nhất {THEME_LEAST} câu", "en": f"at least {THEME_LEAST} answers"}[lang]
    assert any(least in c.value for c in at.caption)


def test_progress_says_how_many_answers_a_theme_needs(db: ClassroomStore) -> None:
    practice = Practice(db)
    me = practice.create_profile("Minh")
    _answer(practice, me.info.id, 0, False, (Theme.SCOOP,))
    at = open_page("progress", me=str(me.token), lang="en")
    assert f"No theme has {THEME_LEAST} answers yet to compare." in [c.value for c in at.caption]


def test_a_missed_idea_comes_back_as_a_new_question_of_its_theme(db: ClassroomStore) -> None:
    practice = Practice(db)
    me = practice.create_profile("Hoa")
    missed = make_question(SET, 0)
    _answer(practice, me.info.id, 0, False, missed.themes, when=utcnow() - timedelta(days=1))
    review = open_page("drill", me=str(me.token), mode="review", lang="en")
    assert not review.exception
    state = review.session_state["drill_profile_lists"][(me.info.id, "review")]
    (ref,) = state.drill_set.refs
    assert ref != SET.ref(0) and ref.level is Level.INTERMEDIATE  # a new hand, the same level
    question = make_from_ref(ref)
    assert missed.themes[0] in question.themes
    choices = list(question.choices)
    review.button(key=f"drill_choice_{choices.index(question.key)}").click().run()
    assert not review.exception
    (due,) = practice.queue(me.info.id)  # the missed question's card moved: days ahead
    assert due > utcnow() + timedelta(hours=12)
    assert practice.history(me.info.id)[-1].themes == question.themes


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_practise_this_theme_deals_questions_of_it(db: ClassroomStore, lang: str) -> None:
    me = Practice(db).create_profile("Tú")
    at = open_page("drill", me=str(me.token), mode="theme", theme="kickers", lang=lang)
    assert not at.exception
    assert at.title[0].value == {"vi": "Luyện chủ đề: Lá phụ, so từng lá, hòa",
                                 "en": "Practise a theme: Kickers, card by card, ties"}[lang]
    state = at.session_state["drill_profile_lists"][(me.info.id, "theme", "kickers")]
    assert state.drill_set.count == 5
    assert all(Theme.KICKERS in make_from_ref(ref).themes for ref in state.drill_set.refs)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_an_answer_starts_with_what_decided_it_and_keeps_the_tables_in_details(lang: str) -> None:
    drill_set = DrillSet((Kind.DECLARE,), Level.BEGINNER, "chi-at", seed=3, count=1)
    at = open_page("drill", lang=lang, **drill_set.params())
    q = make_question(drill_set, 0)
    choices = list(q.choices)
    at.button(key=f"drill_choice_{choices.index(q.key)}").click().run()
    assert not at.exception
    assert at.success  # the verdict
    first = next(m.value for m in at.markdown if m.value.startswith("**"))
    opening = {("vi", "declare"): "**Báo ", ("vi", "play"): "**Đánh ra",
               ("en", "declare"): "**Declaring ", ("en", "play"): "**Played out"}[(lang, q.key.value)]
    assert first.startswith(opening)
    source = {"vi": "Số liệu từ 160 ván", "en": "Numbers from 160 random deals"}[lang]
    assert any(c.value.startswith(source) for c in at.caption)
    (box,) = [e for e in at.expander if e.label == {"vi": "Chi tiết: các bảng số", "en": "Details: the tables"}[lang]]
    assert len(box.table) == 2 and len(at.table) == 2  # every table inside "details"
    assert not re.search(r"[-−]0[.,]00(?!\d*[1-9])", first)
