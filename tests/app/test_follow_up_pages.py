"""AppTest of the teacher's "after the class" buttons (issue 35), in vi and en: reassign an assignment's missed
questions from its board (Lan missed all three, Minh none: one learner, three questions, said so; Lan's class page
lists hers, Minh's does not, and Lan answers it in the Drill page), and from a live session's report; delete a live
session after its confirmation, which names its answers."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from background.grading import Grader
from classroom.follow_ups import ASSIGNMENT, LIVE, FollowUps
from classroom.live import LivePick, LiveSessions
from classroom.practice import Practice
from classroom.service import ClassroomStore
from classroom.snapshot import pack, record
from maubinh.drills import DrillSet, Kind, Level, make_question
from maubinh.drills.answers import answer_code, best_answer
from maubinh.rules import load_rule_set
from tests.app.conftest import open_page
from ui.i18n import translate, translate_plural
from ui.when import moment

RULES = load_rule_set("chi-at")
SET = DrillSet((Kind.CHI,), Level.BEGINNER, "chi-at", seed=11, count=3)


def _texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [s.value for s in at.success] + [i.value for i in at.info]
    return "\n".join(parts + [c.value for c in at.caption] + [e.value for e in at.error])


def _right(number: int) -> str:
    question = make_question(SET, number)
    return answer_code(question, best_answer(question))


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_board_reassigns_the_missed_questions_to_those_who_missed_them(db: ClassroomStore, lang: str) -> None:
    made = db.create_class("Lớp sáng", lang, RULES)
    class_id = made.info.id
    lan, minh = db.join(class_id, "Lan"), db.join(class_id, "Minh")
    assignment = db.assign(class_id, "Buổi 1", SET)
    Grader(db).grade(assignment).result(timeout=300)
    for number in range(3):
        db.submit(assignment.id, minh.info.id, number, _right(number), True, None, 3.0)
    db.submit(assignment.id, lan.info.id, 0, "x", False, None, 3.0)  # wrong, then nothing

    at = open_page("classes", teacher=str(made.teacher_token), lang=lang)
    assert not at.exception, [e.message for e in at.exception]
    button = next(b for b in at.button if b.label == translate("classes.follow.button", lang))
    button.click().run()
    assert not at.exception, [e.message for e in at.exception]
    follow_up = FollowUps(db).made(class_id, ASSIGNMENT, assignment.id)
    assert follow_up is not None and (follow_up.learners, follow_up.questions) == (1, 3)
    # said plainly: how many learners and questions, when (the viewer's zone unknown here: UTC)
    assert translate("classes.follow.done", lang, learners=1, questions=3,
                     when=moment(follow_up.made_at, None, lang)) in [s.value for s in at.success]
    assert not [b for b in at.button if b.label == translate("classes.follow.button", lang)]  # made: no second one
    # one group, under the board and under the assignment's card, never one row per learner
    line = translate("classes.follow.group_line", lang, learners=translate_plural("classes.follow.n_learners", 1, lang),
                     questions=translate_plural("classes.follow.n_questions", 3, lang),
                     done=translate_plural("classes.follow.n_done", 0, lang))
    assert [e.label for e in at.expander].count(line) == 2
    headings = [m.value for m in at.markdown if m.value.startswith("**")]
    assert not [h for h in headings if "Lan" in h]  # no card of her own (it was "Buổi 1 (for Lan only)")
    assert list(at.selectbox(key="classes_board_pick").options) == ["Buổi 1"]

    title = translate("classes.follow.yours", lang, title="Buổi 1")  # "Questions you missed in “Buổi 1”"
    mine = open_page("classes", me=str(lan.token), lang=lang)
    assert title in _texts(mine)
    assert title not in _texts(open_page("classes", me=str(minh.token), lang=lang))  # Minh missed nothing
    drill = open_page("drill", me=str(lan.token), assignment=str(follow_up.assignment_ids[0]), lang=lang)
    assert [h.value for h in drill.title][:1] == [title]
    first = make_question(SET, 0)  # Lan's first missed question is the assignment's first
    drill.button(key=f"drill_choice_{list(first.choices).index(first.key)}").click().run()
    assert not drill.exception
    assert [(a.number, a.correct) for a in db.answers(follow_up.assignment_ids[0], lan.info.id)] == [(0, True)]
    refused = open_page("drill", me=str(minh.token), assignment=str(follow_up.assignment_ids[0]), lang=lang)
    assert translate("classes.bad_assignment", lang) in [e.value for e in refused.error]


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_live_session_s_report_reassigns_and_deletes(db: ClassroomStore, lang: str) -> None:
    made = db.create_class("Lớp chiều", lang, RULES)
    class_id = made.info.id
    joined = {name: db.join(class_id, name) for name in ("Lan", "Minh")}
    lan, minh = (joined[name].info.id for name in ("Lan", "Minh"))
    questions = [make_question(SET, n) for n in range(2)]
    live = LiveSessions(db)
    info = live.start(class_id, RULES, [LivePick(f"q{n}", q.kind.value, (), record(q), pack(q))
                                        for n, q in enumerate(questions)], seconds=30)
    live.advance(class_id, info.id, -1)
    live.answer(info.id, lan, 0, _right(0), True, 0.0)
    live.answer(info.id, minh, 0, "x", False, 0.5)
    live.end(class_id, info.id)  # the second question was never asked

    at = open_page("classes", teacher=str(made.teacher_token), lang=lang)
    next(b for b in at.button if b.label == translate("classes.follow.button", lang)).click().run()
    assert not at.exception, [e.message for e in at.exception]
    follow_up = FollowUps(db).made(class_id, LIVE, info.id)
    assert follow_up is not None and (follow_up.learners, follow_up.questions) == (1, 1)
    assert db.assignment(follow_up.assignment_ids[0]).learner_id == minh  # type: ignore[union-attr]
    line = translate("classes.follow.group_line", lang, learners=translate_plural("classes.follow.n_learners", 1, lang),
                     questions=translate_plural("classes.follow.n_questions", 1, lang),
                     done=translate_plural("classes.follow.n_done", 0, lang))
    assert [e.label for e in at.expander].count(line) == 2  # under the report, and a card of its own in Assignments
    shown = translate("classes.follow.yours", lang, title=translate("classes.follow.live_source", lang, n=info.id))
    assert shown in _texts(open_page("classes", me=str(joined["Minh"].token), lang=lang))  # named in the learner's language

    assert translate("live.delete_confirm", lang, n=info.id, answers=2) in _texts(at)  # said before the tap
    at.button(key=f"live_delete_{info.id}").click().run()
    assert not at.exception, [e.message for e in at.exception]
    assert live.session(info.id) is None
    assert translate("live.report.title", lang) not in [s.value for s in at.subheader]
    assert db.assignment(follow_up.assignment_ids[0]) is not None  # the follow-up stays


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_an_assignment_s_questions_are_edited_saying_what_happens_to_the_answers(db: ClassroomStore, lang: str) -> None:
    """Three questions, Lan answered the first two; the teacher removes the first: 2 kept, 1 removed, Lan's answer to
    the second kept, her answer to the first archived, said before and after; Lan's old link opens the new version."""
    made = db.create_class("Lớp sáng", lang, RULES)
    class_id = made.info.id
    lan = db.join(class_id, "Lan")
    assignment = db.assign(class_id, "Buổi 1", SET)
    Grader(db).grade(assignment).result(timeout=300)
    for number in range(2):
        db.submit(assignment.id, lan.info.id, number, _right(number), True, None, 3.0)

    at = open_page("classes", teacher=str(made.teacher_token), lang=lang)
    key = f"classes_edit_{assignment.id}"
    at.multiselect(key=f"{key}_keep").set_value([1, 2]).run()
    confirm = translate("classes.edit.confirm", lang, kept=2, removed=1, added=0, answers_kept=1, answers_archived=1)
    assert confirm in _texts(at)  # said before the tap
    at.button(key=f"{key}_save").click().run()
    assert not at.exception, [e.message for e in at.exception]
    assert translate("classes.edit.done", lang, kept=2, removed=1, added=0, answers_kept=1,
                     answers_archived=1) in [s.value for s in at.success]
    (current,) = db.assignments(class_id)
    assert current.id != assignment.id and current.count == 2
    assert [(a.number, a.correct) for a in db.answers(current.id, lan.info.id)] == [(0, True)]

    drill = open_page("drill", me=str(lan.token), assignment=str(assignment.id), lang=lang)  # the old link
    assert not drill.exception
    assert drill.query_params["assignment"] == str(current.id)
    assert translate("classes.assignment_edited_note", lang) in [i.value for i in drill.info]
    assert drill.session_state["drill_assigned"].state.index == 1  # the kept answer stays: on to the next


def _answer_right(drill: AppTest, number: int) -> None:
    """Tap the right choice of the assignment's question ``number`` on the open Drill page."""
    question = make_question(SET, number)
    drill.button(key=f"drill_choice_{list(question.choices).index(question.key)}").click().run()
    assert not drill.exception, [e.message for e in drill.exception]


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_drill_page_open_while_its_assignment_is_edited_moves_to_the_new_version_losing_no_answer(
        db: ClassroomStore, lang: str) -> None:
    """Three learners each have the Drill page of their own copy of three questions open and answered the first.
    The teacher edits each: Lan's loses the second, Minh's the first, Hoa's the third. Lan answers the second on the
    page still open: her answer is kept in her profile (its question is gone from the class), the page says the
    assignment changed and moves on to the third, new number 1, her first answer there. Minh answers the second: his
    answer goes to its new number 0. Hoa's page runs again without an answer (a tap elsewhere, a reload): on the new
    version, said, at the second."""
    made = db.create_class("Lớp sáng", lang, RULES)
    class_id = made.info.id
    pages = {}
    for name, keep in (("Lan", [0, 2]), ("Minh", [1, 2]), ("Hoa", [0, 1])):
        learner = db.join(class_id, name)
        assignment = db.assign(class_id, f"Bài của {name}", SET)
        Grader(db).grade(assignment).result(timeout=300)
        drill = open_page("drill", me=str(learner.token), assignment=str(assignment.id), lang=lang)
        _answer_right(drill, 0)
        drill.button(key="drill_next").click().run()
        pages[name] = (learner.info.id, assignment.id, keep, drill)
    for _, old, keep, _ in pages.values():
        edited = db.edit_questions(class_id, old, keep=keep, added=[])
        assert edited is not None and edited.kept == 2

    def moved(name: str, note: str, index: int) -> tuple[str, int, AppTest]:
        learner, old, _, drill = pages[name]
        current = db.current_version(old)
        assert current != old and drill.query_params["assignment"] == str(current)
        assert translate(note, lang, count=2) in [w.value for w in drill.warning]
        assert drill.session_state["drill_assigned"].assignment.id == current
        assert drill.session_state["drill_assigned"].state.index == index
        return learner, current, drill

    _answer_right(pages["Lan"][3], 1)  # the question the teacher removed
    lan, current, _ = moved("Lan", "classes.assignment_moved_removed", 1)
    assert [(a.number, a.correct) for a in db.answers(current, lan)] == [(0, True)]  # her first, copied by the edit
    assert sorted(Practice(db).run(lan, f"a{pages['Lan'][1]}")) == [0, 1]  # both in her profile

    _answer_right(pages["Minh"][3], 1)  # kept, now number 0
    minh, current, _ = moved("Minh", "classes.assignment_moved", 1)
    assert [(a.number, a.correct) for a in db.answers(current, minh)] == [(0, True)]

    pages["Hoa"][3].run()  # no answer: the next run
    hoa, current, drill = moved("Hoa", "classes.assignment_moved", 1)
    assert translate("classes.assignment_edited_note", lang) not in [i.value for i in drill.info]  # said once
    _answer_right(drill, 1)
    assert [(a.number, a.correct) for a in db.answers(current, hoa)] == [(0, True), (1, True)]
