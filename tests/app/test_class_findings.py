"""AppTest of issue 35's smaller findings: a chosen option in the table and live forms stays chosen when tapped
again, the board moves to a new assignment once it is ready, an archived class shows nothing open (and a "set it
yourself" answer confirmed on a page opened before the archiving says it was refused and ends the set), the
table boards name the chi by the session's rule set, and the Drill's summary says right of answered, as the
class board does."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from background.grading import Grader
from classroom.practice import Practice
from classroom.service import AssignmentInfo, ClassroomStore
from classroom.tables import TableSessions
from maubinh.drills import DrillSet, Kind, Level, make_question
from maubinh.play import Strength
from maubinh.rules import load_rule_set
from tests.app.arrange import confirm, confirm_value
from tests.app.conftest import open_page
from tests.app.test_drill_page import answer
from ui.drill.arrange import SUBMITTED_KEY
from ui.i18n import translate

CHOICES = DrillSet((Kind.CHI, Kind.FOUL), Level.BEGINNER, "chi-at", seed=17, count=2)
ARRANGE = DrillSet((Kind.ARRANGE,), Level.BEGINNER, "chi-at", seed=5, count=2)


def _ok(at: AppTest) -> AppTest:
    assert not at.exception, [e.message for e in at.exception]
    return at


def _graded(db: ClassroomStore, class_id: str, title: str, drill_set: DrillSet) -> AssignmentInfo:
    assignment = db.assign(class_id, title, drill_set)
    Grader(db).grade(assignment).result(timeout=300)
    found = db.assignment(assignment.id)
    assert found is not None and found.ready
    return found


def _texts(at: AppTest) -> str:
    parts = [m.value for m in at.markdown] + [c.value for c in at.caption] + [str(m.value) for m in at.metric]
    return "\n".join(parts + [w.value for w in at.warning] + [i.value for i in at.info])


def test_a_chosen_option_in_the_table_and_live_forms_cannot_be_tapped_away(db: ClassroomStore) -> None:
    """Tapping the chosen option of a segmented control cleared it, and the table started with 1 computer player
    and no timer; the browser keeps a required control's choice (``required``: the widget's own rule)."""
    made = db.create_class("Lớp 7A", "vi", load_rule_set("tinh-chi"))
    at = _ok(open_page("classes", teacher=str(made.teacher_token), lang="vi"))
    for key in ("tables_start_count", "tables_start_timer", "live_pick_seconds", "live_pick_source"):
        assert at.segmented_control(key=key).proto.required, key
    assert at.segmented_control(key="tables_start_count").value == 3  # the defaults stand until changed
    assert at.segmented_control(key="tables_start_timer").value == 0


def test_the_board_moves_to_a_new_assignment_once_it_is_ready_unless_an_older_one_was_picked(
        db: ClassroomStore) -> None:
    made = db.create_class("Lớp 7A", "vi", load_rule_set("chi-at"))
    first = _graded(db, made.info.id, "Buổi 1", CHOICES)
    at = _ok(open_page("classes", teacher=str(made.teacher_token), lang="vi"))
    board = at.selectbox(key="classes_board_pick")
    assert board.value == first.id
    second = _graded(db, made.info.id, "Buổi 2", CHOICES)  # assigned (this tab or another device), now graded
    at = _ok(at.run())
    assert at.selectbox(key="classes_board_pick").value == second.id  # it kept showing "Buổi 1"
    at.selectbox(key="classes_board_pick").set_value(first.id).run()  # the teacher looks back at the first
    third = _graded(db, made.info.id, "Buổi 3", CHOICES)
    at = _ok(at.run())
    assert at.selectbox(key="classes_board_pick").value == first.id  # their own choice stays
    assert "Buổi 3" in at.selectbox(key="classes_board_pick").options and third.ready


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_an_archived_class_shows_nothing_open_to_its_learner(db: ClassroomStore, lang: str) -> None:
    made = db.create_class("Lớp 7A", lang, load_rule_set("chi-at"))
    learner = db.join(made.info.id, "Lan")
    _graded(db, made.info.id, "Buổi 1", CHOICES)
    TableSessions(db).start(made.info.id, made.info.rule_set, [Strength.BEGINNER], deals=2, timer=0, seed=5)
    before = _ok(open_page("classes", me=str(learner.token), lang=lang))
    assert f"[{translate('classes.state.open', lang)}]" in _texts(before)
    assert before.button(key=f"tables_open_{TableSessions(db).sessions(made.info.id)[0].id}").label == translate(
        "tables.start", lang)
    db.archive_class(made.info.id)
    at = _ok(open_page("classes", me=str(learner.token), lang=lang))
    shown = _texts(at)
    assert f"[{translate('classes.state.open', lang)}]" not in shown  # the assignment's badge
    assert f"[{translate('tables.state.open', lang)}]" not in shown  # the table's
    assert f"[{translate('classes.state.closed', lang)}]" in shown
    assert f"[{translate('tables.state.closed', lang)}]" in shown
    labels = [b.label for b in at.button]
    assert translate("tables.start", lang) not in labels and translate("tables.review", lang) in labels  # "Sit down"
    assert translate("classes.start", lang) not in shown and translate("classes.review", lang) in shown


def test_set_it_yourself_confirmed_after_the_class_was_archived_says_so_and_ends_the_set(db: ClassroomStore) -> None:
    made = db.create_class("Lớp 7A", "en", load_rule_set("chi-at"))
    learner = db.join(made.info.id, "Lan")
    assignment = _graded(db, made.info.id, "Buổi 1", ARRANGE)
    at = _ok(open_page("drill", me=str(learner.token), assignment=str(assignment.id), lang="en"))
    db.archive_class(made.info.id)  # the teacher archives while the learner arranges
    confirm(at, SUBMITTED_KEY, confirm_value(make_question(ARRANGE, 0).best, seconds=4.0))  # type: ignore[attr-defined]
    _ok(at)
    assert translate("classes.answer_refused_archived", "en") in [w.value for w in at.warning]  # said, not silent
    assert translate("drill.summary.title", "en") in [s.value for s in at.subheader]  # the set has ended
    assert not db.answers(assignment.id)
    again = _ok(open_page("drill", me=str(learner.token), assignment=str(assignment.id), lang="en"))
    assert [i.value for i in again.info] == [translate("classes.archived_note", "en")]  # why, not "closed or past..."


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_summary_says_right_of_answered_as_the_board_does(db: ClassroomStore, lang: str) -> None:
    """One of two questions answered (right), then the assignment closed: the board's 1/1 and the summary's
    1/1, with "1 of 2 answered" (it said 1/2 where the board said 1/1)."""
    made = db.create_class("Lớp 7A", lang, load_rule_set("chi-at"))
    learner = db.join(made.info.id, "Lan")
    assignment = _graded(db, made.info.id, "Buổi 1", CHOICES)
    at = _ok(open_page("drill", me=str(learner.token), assignment=str(assignment.id), lang=lang))
    answer(at, make_question(CHOICES, 0), 0, right=True)
    db.close_assignment(made.info.id, assignment.id, True)
    at = _ok(open_page("drill", me=str(learner.token), assignment=str(assignment.id), lang=lang))
    score = translate("drill.score_value", lang, right=1, total=1)
    assert at.metric[0].value == score
    assert translate("drill.summary.answered_of", lang, answered=1, count=2) in [c.value for c in at.caption]
    teacher = _ok(open_page("classes", teacher=str(made.teacher_token), lang=lang))
    assert "1/1" in "\n".join(frame.value.to_csv() for frame in teacher.dataframe)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_teacher_deletes_an_assignment_told_what_goes_and_what_stays(db: ClassroomStore, lang: str) -> None:
    made = db.create_class("Lớp 7A", lang, load_rule_set("chi-at"))
    learner = db.join(made.info.id, "Lan")
    assignment = _graded(db, made.info.id, "Buổi 1", CHOICES)
    drill = _ok(open_page("drill", me=str(learner.token), assignment=str(assignment.id), lang=lang))
    answer(drill, make_question(CHOICES, 0), 0, right=True)
    at = _ok(open_page("classes", teacher=str(made.teacher_token), lang=lang))
    said = translate("classes.delete_confirm", lang, title="Buổi 1", answers=1)
    assert said in [m.value for m in at.markdown]  # the count of answers that go, and that each history keeps its own
    at.button(key=f"classes_delete_{assignment.id}").click().run()
    _ok(at)
    assert db.assignment(assignment.id) is None and not db.answers(assignment.id)
    assert not any(f"classes_delete_{assignment.id}" == b.key for b in at.button)
    assert len(Practice(db).history(learner.info.id)) == 1  # the learner's own history keeps the answer


def test_a_teacher_deletes_a_table_session_told_what_goes_and_what_stays(db: ClassroomStore) -> None:
    made = db.create_class("Lớp 7A", "en", load_rule_set("tinh-chi"))
    tables = TableSessions(db)
    first = tables.start(made.info.id, made.info.rule_set, [Strength.BEGINNER], deals=2, timer=0, seed=5)
    second = tables.start(made.info.id, made.info.rule_set, [Strength.BEGINNER], deals=1, timer=0, seed=6)
    at = _ok(open_page("classes", teacher=str(made.teacher_token), lang="en"))
    said = translate("tables.delete_confirm", "en", n=first.id, hands=0)
    assert said in [m.value for m in at.markdown]
    at.button(key=f"tables_delete_{first.id}").click().run()
    _ok(at)
    assert tables.session(first.id) is None and [s.id for s in tables.sessions(made.info.id)] == [second.id]
    assert at.selectbox(key="tables_board_pick").options == [translate("tables.session_title", "en", n=second.id)]


def test_a_teacher_renames_an_assignment_and_an_empty_title_is_refused(db: ClassroomStore) -> None:
    made = db.create_class("Lớp 7A", "vi", load_rule_set("chi-at"))
    assignment = _graded(db, made.info.id, "Buổi 1", CHOICES)
    at = _ok(open_page("classes", teacher=str(made.teacher_token), lang="vi"))
    key = f"classes_rename_{assignment.id}"
    at.text_input(key=key).set_value("   ").run()
    at.button(key=f"{key}_save").click().run()
    assert translate("classes.assign_error.title", "vi", longest=80) in [e.value for e in _ok(at).error]
    at.text_input(key=key).set_value("Ôn tập chi").run()
    at.button(key=f"{key}_save").click().run()
    assert not _ok(at).error
    assert db.assignment(assignment.id).title == "Ôn tập chi"  # type: ignore[union-attr]
    assert "Ôn tập chi" in at.selectbox(key="classes_board_pick").options
