"""Issue 22, item 7: edited house rules can be assigned (offered beside the class's own, not shadowed by them),
a second device's different answer is not replaced silently, and a removed learner keeps their own Progress."""

from __future__ import annotations

from background.grading import Grader
from classroom.service import ClassroomStore
from maubinh.drills import make_question
from maubinh.house import edit
from maubinh.rules import load_rule_set
from tests.app.conftest import open_page
from tests.app.test_classes_page import SET
from ui.drill.assigned import answer_code

HOUSE = edit(load_rule_set("tinh-chi"), {"foul.penalty": 4}, rule_set_id="nha-lan",
             names={"vi": "Nhà Lan", "en": "Nhà Lan"})


def test_house_rules_edited_in_the_session_are_assigned_with_their_new_values(db: ClassroomStore) -> None:
    from ui.setup import _HOUSE_KEY

    token = str(db.create_class("Lớp 5", "vi", HOUSE).teacher_token)
    edited = edit(HOUSE, {"foul.penalty": 9})
    at = open_page("classes", teacher=token, lang="en")
    at.session_state[_HOUSE_KEY] = {edited.id: edited}
    at.run()
    choice = at.selectbox(key="classes_assign_rules")
    edited_at = next(i for i, label in enumerate(choice.options) if "edited in this session" in label)
    assert sum("Nhà Lan" in label for label in choice.options) == 2  # the class's and the edited one
    choice.select_index(edited_at)
    at.text_input(key="classes_assign_title").input("Edited")
    at.button(key="classes_assign_submit").click().run()
    assert not at.exception
    (assignment,) = db.assignments(db.teacher_class(token).id)
    assert assignment.drill_set.rule_set.foul_penalty == 9  # was stored with the class's 4


def test_a_second_devices_different_answer_is_not_replaced_silently(db: ClassroomStore) -> None:
    created = db.create_class("Lớp 6", "vi", load_rule_set("chi-at"))
    assignment = db.assign(created.info.id, "Bài 1", SET)
    Grader(db).grade(assignment).result(timeout=300)
    lan = db.join(created.info.id, "Lan")
    phone = open_page("drill", me=str(lan.token), assignment=str(assignment.id), lang="en")
    first = make_question(SET, 0)
    wrong = next(k for k, c in enumerate(first.choices) if c != first.key)
    db.submit(assignment.id, lan.info.id, 0, answer_code(first, first.key), True, 0.0, 3.0)  # the laptop
    phone.button(key=f"drill_choice_{wrong}").click().run()
    assert not phone.exception
    assert [(a.number, a.correct) for a in db.answers(assignment.id, lan.info.id)] == [(0, True)]
    assert any("another device" in w.value for w in phone.warning)
    assert phone.session_state["drill_assigned"].state.answers[0].correct  # the first answer, shown


def test_a_removed_learner_keeps_their_own_progress_page(db: ClassroomStore) -> None:
    created = db.create_class("Lớp 7", "vi", load_rule_set("chi-at"))
    lan = db.join(created.info.id, "Lan")
    db.remove_learner(created.info.id, lan.info.id)
    at = open_page("progress", me=str(lan.token), lang="en")
    assert not at.exception and not at.error
    assert any("taken you out of the class" in i.value for i in at.info)
    assert "Lan" in at.subheader[0].value
