"""AppTest of the teacher's views after the class (issue 35), in vi and en: an edited assignment's earlier version
under its board (when edited, its answers and those to the removed question, said not to count; its board drawn
read-only on request), and a source's follow-ups as one group: its CSV one file of every learner's answers, and
deleted all at once (then the button reassigns again)."""

from __future__ import annotations

import csv
import io

import pytest

from background.grading import Grader
from classroom.follow_ups import ASSIGNMENT, FollowUps
from classroom.service import AssignmentInfo, ClassroomStore, NewClass
from classroom.versions import earlier_versions
from maubinh.drills import DrillSet, Kind, Level, make_question
from maubinh.drills.answers import answer_code, best_answer
from maubinh.rules import load_rule_set
from tests.app.conftest import open_page
from ui.classes.follow_up import group_sections
from ui.escape import csv_bytes
from ui.i18n import translate, translate_plural
from ui.when import moment

RULES = load_rule_set("chi-at")
SET = DrillSet((Kind.CHI,), Level.BEGINNER, "chi-at", seed=11, count=3)


def _right(number: int) -> str:
    question = make_question(SET, number)
    return answer_code(question, best_answer(question))


def _class(db: ClassroomStore, lang: str) -> tuple[NewClass, str, str, AssignmentInfo]:
    """A class of Lan and Minh given "Buổi 1" (three questions), Lan's first answer right."""
    made = db.create_class("Lớp sáng", lang, RULES)
    lan, minh = db.join(made.info.id, "Lan").info.id, db.join(made.info.id, "Minh").info.id
    assignment = db.assign(made.info.id, "Buổi 1", SET)
    Grader(db).grade(assignment).result(timeout=300)
    db.submit(assignment.id, lan, 0, _right(0), True, None, 3.0)
    return made, lan, minh, assignment


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_an_edited_assignment_shows_its_earlier_version_and_its_board(db: ClassroomStore, lang: str) -> None:
    """Lan answered questions 1 and 2 (right), Minh question 1 (wrong); the teacher keeps 2 and 3: the earlier version
    holds 3 answers, 2 of them to the removed question 1; its board, on request, counts 3 of 6 answers."""
    made, lan, minh, assignment = _class(db, lang)
    class_id = made.info.id
    db.submit(assignment.id, lan, 1, _right(1), True, None, 3.0)
    db.submit(assignment.id, minh, 0, "x", False, None, 3.0)
    edited = db.edit_questions(class_id, assignment.id, [1, 2], [])
    assert edited is not None

    at = open_page("classes", teacher=str(made.teacher_token), lang=lang)
    assert not at.exception, [e.message for e in at.exception]
    assert f"**{translate('classes.versions.title', lang, count=1)}**" in [m.value for m in at.markdown]
    captions = [c.value for c in at.caption]
    assert translate("classes.versions.not_counted", lang) in captions  # said plainly
    assert translate_plural("classes.versions.card_note", 1, lang) in captions  # on the assignment's card
    (found,) = earlier_versions(db, class_id, edited.assignment_id)
    line = translate("classes.versions.line", lang, when=moment(found.edited_at, None, lang),
                     questions=translate_plural("classes.follow.n_questions", 3, lang),
                     answers=translate_plural("classes.versions.n_answers", 3, lang), removed=2)
    assert any(line in m.value for m in at.markdown)
    assert translate("classes.versions.board_note", lang) not in [w.value for w in at.warning]  # not drawn yet

    at.toggle(key=f"classes_versions_{edited.assignment_id}_show").set_value(True).run()
    assert not at.exception, [e.message for e in at.exception]
    assert translate("classes.versions.board_note", lang) in [w.value for w in at.warning]
    answers = [m for m in at.metric if m.label == translate("classes.metric.answers", lang)]
    assert [m.value for m in answers] == ["1/4", "3/6"]  # the current board (Lan's kept answer) and the earlier one


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_follow_up_s_csv_holds_every_learner_and_it_is_deleted_at_once(db: ClassroomStore, lang: str) -> None:
    """Lan missed questions 2 and 3, Minh all three: one group of 2 learners, 5 questions; Lan answers her first:
    its CSV has both summaries (Lan 1 answered of 2, Minh 0 of 3) and five answer rows; deleting it (the
    confirmation names its 1 answer) leaves the source alone and the button back."""
    made, lan, minh, assignment = _class(db, lang)
    class_id = made.info.id
    follow_ups = FollowUps(db)
    follow_ups.reassign(class_id, ASSIGNMENT, assignment.id, "Buổi 1")
    (group,) = follow_ups.groups(class_id)
    assert {m.learner_id for m in group.members} == {lan, minh}
    mine = next(m for m in group.members if m.learner_id == lan)
    db.submit(mine.assignment_id, lan, 0, _right(1), True, None, 2.0)

    at = open_page("classes", teacher=str(made.teacher_token), lang=lang)
    assert not at.exception, [e.message for e in at.exception]
    (group,) = follow_ups.groups(class_id)
    sections = group_sections(group, {one.id: one for one in db.learners(class_id)}, lang, None)
    assert sections is not None
    rows = list(csv.reader(io.StringIO(csv_bytes(*sections).decode("utf-8-sig"))))
    summary_end = rows.index([])
    summary = {row[0]: row[1:3] for row in rows[2:summary_end]}
    assert summary == {"Lan": ["1", "2"], "Minh": ["0", "3"]}  # answered, asked
    assert len(rows) - summary_end - 3 == 5  # a blank line, the title, the headers, then one row per question given

    at.segmented_control(key="live_pick_source").set_value("saved").run()  # a live session from a saved assignment
    assert list(at.selectbox(key="live_pick_saved").options) == ["Buổi 1"]  # not each learner's follow-up

    confirm = translate("classes.follow.delete_confirm", lang, learners=2, answers=1)
    assert confirm in [m.value for m in at.markdown]
    at.button(key=f"classes_group_list_{group.ref}_delete").click().run()
    assert not at.exception, [e.message for e in at.exception]
    assert follow_ups.groups(class_id) == [] and [a.id for a in db.assignments(class_id)] == [assignment.id]
    assert [b for b in at.button if b.label == translate("classes.follow.button", lang)]  # reassign again
