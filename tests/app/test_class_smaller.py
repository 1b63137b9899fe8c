"""AppTest of issue 22, item 15 ("a class, smaller"): the projector view shows how to join (the code and the
QR code), the deadline's day and time follow "has a deadline", a class named "Lớp 10A" is not called
"Lớp Lớp 10A", the Progress page counts every question due, and the kinds box lets every chosen kind show."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from streamlit.testing.v1 import AppTest

from background.grading import Grader
from classroom.models import utcnow
from classroom.practice import Practice
from classroom.service import ClassroomStore
from maubinh.drills import DrillSet, Kind, Level, make_question
from maubinh.rules import load_rule_set
from tests.app.conftest import open_page

CLASSES, PROGRESS = "classes", "progress"
SET = DrillSet((Kind.CHI, Kind.FOUL), Level.BEGINNER, "chi-at", seed=17, count=2)


def _texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [s.value for s in at.subheader] + [c.value for c in at.caption]
    return "\n".join(parts + [str(m.value) for m in at.metric])


def _graded_class(db: ClassroomStore) -> tuple[str, str]:
    """A class "Lớp 10A" with one learner and one graded assignment: (teacher token, join code)."""
    created = db.create_class("Lớp 10A", "vi", load_rule_set("chi-at"))
    db.join(created.info.id, "Học viên Kín")
    assignment = db.assign(created.info.id, "Buổi 1", SET)
    Grader(db).grade(assignment).result(timeout=300)
    for _ in range(600):
        found = db.assignment(assignment.id)
        if found is not None and found.ready:
            break
        time.sleep(0.1)
    return str(created.teacher_token), created.info.join_code


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_projector_view_shows_the_join_code_and_its_qr_code_and_no_name(db: ClassroomStore, lang: str) -> None:
    token, code = _graded_class(db)
    at = open_page(CLASSES, screen=str(db.projector_token(token)), lang=lang)  # the projector's own link
    assert not at.exception
    shown = _texts(at)
    assert code in [str(m.value) for m in at.metric]  # the code, large
    assert sum("data:image/svg+xml" in m.value for m in at.markdown) == 1  # the QR code, not folded away
    assert not at.expander  # nothing to unfold before projecting
    assert "Học viên Kín" not in shown and "teacher=" not in shown  # no name, no teacher link
    assert token.split(".")[1] not in shown
    assert len(at.metric) == 4  # the code, then the board's figures (learners, answers, right)
    assert all("Học viên Kín" not in str(df.value) for df in at.dataframe)


def test_the_deadline_day_and_time_are_off_until_has_a_deadline_is_ticked(db: ClassroomStore) -> None:
    created = db.create_class("Lớp 1", "vi", load_rule_set("chi-at"))
    at = open_page(CLASSES, teacher=str(created.teacher_token), lang="en")
    assert at.date_input(key="classes_assign_day").disabled and at.time_input(key="classes_assign_time").disabled
    at.checkbox(key="classes_assign_has_deadline").check().run()  # outside the form: this reruns
    assert not at.date_input(key="classes_assign_day").disabled
    assert not at.time_input(key="classes_assign_time").disabled
    at.text_input(key="classes_assign_title").input("With a deadline")
    at.button(key="classes_assign_submit").click().run()
    assert not at.exception
    at.checkbox(key="classes_assign_has_deadline").uncheck().run()
    assert at.date_input(key="classes_assign_day").disabled
    at.text_input(key="classes_assign_title").input("Without one")
    at.button(key="classes_assign_submit").click().run()
    deadlines = {a.title: a.deadline for a in db.assignments(created.info.id)}
    assert deadlines["Without one"] is None
    deadline = deadlines["With a deadline"]
    assert deadline is not None and timedelta(hours=1) < deadline - utcnow() < timedelta(days=2)  # tomorrow 21:00
    assert "classes_assign_has_deadline" in at.session_state["_kept_widget_keys"]  # kept across pages (ui.keep)


def test_a_class_named_lop_is_not_called_lop_lop(db: ClassroomStore) -> None:
    _, code = _graded_class(db)
    at = open_page(CLASSES, join=code, lang="vi")
    assert not at.exception
    heading = " ".join(s.value for s in at.subheader)
    assert "Lớp 10A" in heading and "lớp lớp" not in heading.lower()


def test_the_kinds_box_wraps_every_chosen_kind(db: ClassroomStore) -> None:
    created = db.create_class("Lớp 1", "vi", load_rule_set("chi-at"))
    at = open_page(CLASSES, teacher=str(created.teacher_token), lang="vi")
    kinds = at.multiselect(key="classes_assign_kinds")
    assert len(kinds.value) == len(kinds.options) == 8 and kinds.proto.wrap


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_progress_counts_every_question_due_not_the_first_twenty(db: ClassroomStore, lang: str) -> None:
    practice = Practice(db)
    me = practice.create_profile("Lan")
    many = DrillSet((Kind.CHI, Kind.FOUL), Level.BEGINNER, "chi-at", seed=8, count=23)
    before = utcnow() - timedelta(days=3)
    for number in range(23):
        q = make_question(many, number)
        practice.record(me.info.id, many.ref(number), run_id="r", number=number, mode="practice",
                        lesson=q.lesson.value, code="none-of-these", correct=False, chi_lost=None, seconds=4,
                        now=before + timedelta(seconds=number))
    at = open_page(PROGRESS, me=str(me.token), lang=lang)
    assert not at.exception
    assert "23/23" in [m.value for m in at.metric]  # was "20/23"
    review = "Ôn 20 câu đến hạn" if lang == "vi" else "Review 20 questions due"
    links = [m.value for m in at.markdown] + [link.proto.label for link in at.get("page_link")]
    assert any(review in link for link in links)  # one review round takes 20 of them
