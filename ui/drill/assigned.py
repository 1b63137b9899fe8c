"""The Drill page answering a class's assignment: ``/drill?me=<learner link>&assignment=<id>``.

The questions are the ones stored when the teacher assigned the set (graded then, read here); every
answer is stored the moment it is given, in the class and in the learner's profile in one transaction
(:meth:`classroom.practice.Practice.answer`), and a reload
or another device resumes at the first unanswered question. An answer the database could not take
yet stays in the session and is sent again on the next run, so nothing answered is lost.

When the teacher edits the assignment's questions meanwhile (a new version:
:meth:`classroom.service.ClassroomStore.edit_questions`), the page moves to the new version
(:meth:`Assigned.follow_edit`) and says so: at its next run (an answer to the old version is refused, then given to
the new one), and at once while it is open (the Drill's fragment follows the class's assignments on the server's
watch, :mod:`ui.drill.areas`). Nothing answered is lost: the answers stored were copied to the new version by the
edit; one given here and not stored yet goes to its question's new number, or, when the edit removed that question,
to the learner's profile (their Progress page), as the archived version's answers are.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, replace

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from classroom.service import AssignmentInfo, ClassInfo, ClassroomError, LearnerInfo, StoredAnswer
from classroom.snapshot import SnapshotError
from classroom.versions import renumbering
from maubinh.drills import ArrangeQuestion, Question, assess
from maubinh.drills.answers import answer_code, chi_lost, parse_answer
from ui.drill.state import Answer, SetState
from ui.errors import log_failure
from ui.i18n import t
from ui.nav import link_to
from ui.store import ASSIGNMENT_PARAM, LEARNER_PARAM, classroom

__all__ = ["Assigned", "assigned_from_url", "kept_assigned", "question_at", "with_result"]

_STATE_KEY = "drill_assigned"
_log = logging.getLogger(__name__)


REFUSED = {"class": "classes.answer_refused_archived", "learner": "classes.answer_refused_removed",
           "replaced": "classes.answer_refused_replaced"}
"""The message of a refused answer by the refusal's field (:class:`classroom.service.ClassroomError`); any
other field: the assignment is closed or past its deadline."""


@dataclass
class Assigned:
    """A learner working through an assignment in this session.

    Attributes:
        learner, klass, assignment: who, in which class, what.
        token: the learner's personal link value (for the link back to the class).
        state: the set's session state; its answers start as those stored.
        unsaved: answers the database has not taken yet (sent again on each run).
        problem: the last reason an answer was refused, or the note that the assignment moved to a new version
            (a catalogue key), shown once.
        moved: the questions of that new version (the note's count).
    """

    learner: LearnerInfo
    klass: ClassInfo
    assignment: AssignmentInfo
    token: str
    state: SetState
    unsaved: dict[int, Answer] = field(default_factory=dict)
    problem: str | None = None
    moved: int = 0

    @property
    def open(self) -> bool:
        """Whether answers are still taken (the class is not archived and the assignment takes them)."""
        return not self.klass.archived and self.assignment.accepts_answers()

    def save(self, answer: Answer) -> None:
        """Store ``answer`` in the database (the hook of :attr:`state`), in the class and in the learner's
        profile at once (:meth:`classroom.practice.Practice.answer`); kept as unsaved if that fails."""
        question = question_at(self.assignment.id, answer.index)
        try:
            stored = classroom().practice.answer(
                self.assignment.id, self.learner.id, answer.index, lesson=question.lesson.value,
                code=answer_code(question, answer.given), correct=answer.correct,
                chi_lost=chi_lost(question, answer.given, answer.result), seconds=answer.seconds,
                themes=question.themes)
        except ClassroomError as refused:
            if refused.field == "replaced":  # the teacher edited the questions meanwhile: the answer goes there
                self.unsaved[answer.index] = answer
                if self.follow_edit():
                    return
                self.unsaved.pop(answer.index, None)
            # archived since this tab opened, the learner removed, or closed / past its deadline
            self.problem = REFUSED.get(refused.field, "classes.answer_refused")
            self.state.answers.pop(answer.index, None)  # not counted: the assignment takes no more answers
            self.state.finished = True
            return
        except SQLAlchemyError as error:
            log_failure(_log, "an answer could not be stored yet", error)
            self.unsaved[answer.index] = answer
            self.problem = "classes.answer_unsaved"
            return
        self.unsaved.pop(answer.index, None)
        self._adopt(stored, question)

    def _adopt(self, stored: StoredAnswer, question: Question) -> None:
        """Keep the stored answer if another device answered first, and say so (issue 22, item 7)."""
        mine = self.state.answers.get(stored.number)
        if mine is not None and answer_code(question, mine.given) == stored.code:
            return
        if mine is not None:
            self.problem = "classes.answer_other_device"
        self.state.answers[stored.number] = _answer(stored, question)

    def retry(self) -> None:
        """Send the unsaved answers again."""
        for answer in list(self.unsaved.values()):
            self.save(answer)

    def follow_edit(self) -> bool:
        """Move to the assignment's current version if the teacher edited its questions since this page read it:
        its questions and the answers stored to it (the edit copied those to the questions kept), the first question
        not answered; each answer given here and not stored yet sent to its question's new number, or, for a
        question the edit removed, kept in the learner's profile (:meth:`classroom.practice.Practice.record`, under
        the old version's run, as its archived answers are). :attr:`problem` then says so. Returns whether it moved.
        """
        store = classroom().store
        old = self.assignment
        current = store.current_version(old.id)
        assignment = store.assignment(current) if current != old.id else None
        if assignment is None or not assignment.ready:
            return False
        numbers = renumbering(store, old.id, current)
        pending, self.unsaved = self.unsaved, {}
        self.assignment = assignment
        self.state = _state(assignment, self.learner, self.open)
        self.state.on_answer = self.save
        self.problem, self.moved = "classes.assignment_moved", assignment.count
        for number, answer in sorted(pending.items()):
            if number in numbers and numbers[number] not in self.state.answers:
                moved = replace(answer, index=numbers[number])
                self.state.answers[moved.index] = moved
                self.save(moved)
            elif number not in numbers:
                self._archive(old, answer)
        self.state.index = _first_open(self.state, assignment.count)
        self.state.finished |= len(self.state.answers) >= assignment.count
        return True

    def _archive(self, old: AssignmentInfo, answer: Answer) -> None:
        """An answer to a question the edit removed, given before the page moved: into the learner's profile."""
        question = question_at(old.id, answer.index)
        try:
            classroom().practice.record(
                self.learner.id, old.drill_set.ref(answer.index), run_id=f"a{old.id}", number=answer.index,
                mode="assignment", lesson=question.lesson.value, code=answer_code(question, answer.given),
                correct=answer.correct, chi_lost=chi_lost(question, answer.given, answer.result),
                seconds=answer.seconds, themes=question.themes)
        except (ClassroomError, SQLAlchemyError) as error:
            log_failure(_log, "an answer to a removed question could not be kept", error)
        self.problem = "classes.assignment_moved_removed"


def question_at(assignment_id: int, number: int) -> Question:
    """Question ``number`` of the assignment as stored (``SnapshotError`` / ``KeyError`` if it cannot be read)."""
    return classroom().store.question(assignment_id, number)


def _answer(stored: StoredAnswer, question: Question) -> Answer:
    return Answer(stored.number, question.kind, parse_answer(question, stored.code), stored.correct, stored.seconds)


def with_result(answer: Answer, question: Question, assigned: Assigned) -> Answer:
    """``answer`` with its graded arrangement, worked out again for a "set it yourself" answer read back
    from the database (the feedback shows it; the stored grade does not change)."""
    if answer.result is None and isinstance(question, ArrangeQuestion):
        answer.result = assess(question, answer.given, assigned.assignment.drill_set.rule_set)  # type: ignore[arg-type]
    return answer


def _fail(key: str) -> None:
    st.error(t(key))
    link_to("pages/classes.py", t("classes.to_classes"), ":material/groups:", {})
    st.stop()


def kept_assigned() -> Assigned | None:
    """The assignment this session answered last (with its unsaved answers), without reading the database."""
    found = st.session_state.get(_STATE_KEY)
    return found if isinstance(found, Assigned) else None


def assigned_from_url() -> Assigned | None:
    """The assignment the URL asks for, with the session's state (stored answers loaded), or ``None`` when
    the URL asks for none. A wrong link, another class's assignment or a removed learner stops the page
    with a message; nothing of the class is shown then."""
    token = st.query_params.get(LEARNER_PARAM)
    raw_id = st.query_params.get(ASSIGNMENT_PARAM)
    if raw_id is None:  # a profile's own practice, or no learner at all (ui.drill.profile)
        return None
    store = classroom().store
    learner = store.learner(token)
    if learner is None:
        _fail("classes.bad_learner_link")
        return None
    if learner.removed:
        _fail("classes.removed")
        return None
    assignment = store.assignment(int(raw_id)) if raw_id and raw_id.isdigit() and len(raw_id) < 12 else None
    if assignment is not None and assignment.replaced_by is not None:  # its questions edited since: the new version
        current = store.current_version(assignment.id)
        st.query_params[ASSIGNMENT_PARAM] = str(current)
        st.session_state["drill_assigned_edited"] = True
        assignment = store.assignment(current)
    klass = store.class_info(learner.class_id)
    if (assignment is None or klass is None or assignment.class_id != learner.class_id
            or not assignment.concerns(learner.id)):  # another learner's follow-up
        _fail("classes.bad_assignment")
        return None
    if not assignment.ready:
        _fail("classes.not_ready")
        return None
    found = st.session_state.get(_STATE_KEY)
    if (isinstance(found, Assigned) and found.learner.id == learner.id and found.assignment.id != assignment.id
            and found.follow_edit()):  # this page's version was edited since: moved, its answers not stored yet too
        st.session_state.pop("drill_assigned_edited", None)  # the move's own note says it
    if isinstance(found, Assigned) and found.learner.id == learner.id and found.assignment.id == assignment.id:
        found.assignment, found.klass = assignment, klass
        found.retry()
        return found
    try:
        assigned = _load(learner, klass, assignment, str(token))
    except (SnapshotError, KeyError):
        _fail("classes.unreadable")
        return None
    st.session_state[_STATE_KEY] = assigned
    return assigned


def _first_open(state: SetState, count: int) -> int:
    """The first question not answered (the last when all are)."""
    return next((n for n in range(count) if n not in state.answers), count - 1)


def _state(assignment: AssignmentInfo, learner: LearnerInfo, accepting: bool) -> SetState:
    """The set's state with the learner's stored answers, at the first question not answered (finished when all are,
    or when no more answers are taken: not ``accepting``)."""
    state = SetState(assignment.drill_set)
    for stored in classroom().store.answers(assignment.id, learner.id):
        state.answers[stored.number] = _answer(stored, question_at(assignment.id, stored.number))
    state.index = _first_open(state, assignment.count)
    state.finished = len(state.answers) >= assignment.count or not accepting
    return state


def _load(learner: LearnerInfo, klass: ClassInfo, assignment: AssignmentInfo, token: str) -> Assigned:
    assigned = Assigned(learner, klass, assignment, token, SetState(assignment.drill_set))
    assigned.state = _state(assignment, learner, assigned.open)
    assigned.state.on_answer = assigned.save
    return assigned
