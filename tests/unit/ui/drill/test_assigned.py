"""The Drill page's assignment answers (ui.drill.assigned.Assigned.save) on both databases (issue 22):
an answer is in the class and in the profile or in neither, and a tab opened before the class was
archived is refused with the archived message."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy.exc import OperationalError

import ui.drill.assigned as assigned_module
from background.grading import Grader
from background.questions import QuestionSource
from classroom.bank import QuestionBank
from classroom.practice import Practice
from classroom.service import ClassroomStore
from maubinh.drills import DrillSet, Kind, Level
from maubinh.drills.answers import best_answer
from maubinh.rules import load_rule_set
from ui.drill.assigned import Assigned
from ui.drill.state import Answer, SetState
from ui.store import Classroom

SET = DrillSet((Kind.CHI,), Level.BEGINNER, "chi-at", seed=12, count=2)


def _classroom(store: ClassroomStore) -> Classroom:
    bank = QuestionBank(store)
    return Classroom(store, Grader(store), Practice(store, bank=bank), bank, QuestionSource(bank))


@pytest.fixture
def tab(database_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Assigned]:
    """A learner's tab on a graded assignment, opened while the class takes answers."""
    store = ClassroomStore.open(database_url)
    monkeypatch.setattr(assigned_module, "classroom", lambda: _classroom(store))
    klass = store.create_class("Lớp 22", "vi", load_rule_set("chi-at")).info
    learner = store.join(klass.id, "Lan").info
    assignment = store.assign(klass.id, "Buổi 1", SET)
    Grader(store).grade(assignment).result(timeout=300)
    ready = store.assignment(assignment.id)
    assert ready is not None and ready.ready
    try:
        yield Assigned(learner, klass, ready, "token", SetState(SET))
    finally:
        store.engine.dispose()


def _answer(tab: Assigned, number: int) -> Answer:
    question = assigned_module.question_at(tab.assignment.id, number)
    return Answer(number, question.kind, best_answer(question), True, 4.0)


def _stored(tab: Assigned) -> tuple[list[int], list[int]]:
    """The question numbers stored in the class, and in the learner's profile."""
    cls = assigned_module.classroom()
    return ([a.number for a in cls.store.answers(tab.assignment.id, tab.learner.id)],
            [a.number for a in cls.practice.history(tab.learner.id)])


def test_a_failure_before_the_profile_is_written_leaves_no_gap_and_the_retry_stores_both(
        tab: Assigned, monkeypatch: pytest.MonkeyPatch) -> None:
    def down(*_: object, **__: object) -> None:
        raise OperationalError("UPDATE question_ratings ...", {}, Exception("server closed the connection"))

    with monkeypatch.context() as broken:
        broken.setattr(Practice, "_rate", down)  # the profile's write fails after the class's answer
        tab.save(_answer(tab, 0))
        assert _stored(tab) == ([], [])  # nothing half-stored
        assert list(tab.unsaved) == [0] and tab.problem == "classes.answer_unsaved"
    tab.retry()
    assert _stored(tab) == ([0], [0])
    assert tab.unsaved == {}


def test_a_tab_opened_before_archiving_is_refused_with_the_archived_message(tab: Assigned) -> None:
    tab.save(_answer(tab, 0))
    assigned_module.classroom().store.archive_class(tab.klass.id)  # the teacher archives; the tab stays open
    assert tab.open  # the tab still believes the class is open
    tab.save(_answer(tab, 1))
    assert tab.problem == "classes.answer_refused_archived"
    assert _stored(tab) == ([0], [0])
    assert 1 not in tab.state.answers and tab.state.finished


def test_a_removed_learner_s_refused_answer_says_they_were_removed(tab: Assigned) -> None:
    tab.save(_answer(tab, 0))
    assigned_module.classroom().store.remove_learner(tab.klass.id, tab.learner.id)  # the tab stays open
    tab.save(_answer(tab, 1))
    assert tab.problem == "classes.answer_refused_removed"  # not "closed or past its deadline"
    assert _stored(tab) == ([0], [0])
    assert 1 not in tab.state.answers and tab.state.finished
