"""Answers given while the database is down are kept and sent again until stored (issue 22, item 4): at the
next interaction and on a timer, with a warning that stays until the last one is saved."""

from __future__ import annotations

import pytest
from sqlalchemy.exc import OperationalError

from background.grading import Grader
from classroom.service import ClassroomStore
from maubinh.drills import make_question
from maubinh.rules import load_rule_set
from tests.app.conftest import open_page
from tests.app.test_classes_page import SET


def _learner_on_an_assignment(db: ClassroomStore, klass: str):  # type: ignore[no-untyped-def]
    """A class ``klass`` with a graded assignment, its learner Lan, and her Drill page open on it."""
    created = db.create_class(klass, "vi", load_rule_set("chi-at"))
    assignment = db.assign(created.info.id, "Bài 1", SET)
    Grader(db).grade(assignment).result(timeout=300)
    lan = db.join(created.info.id, "Lan")
    drill = open_page("drill", me=str(lan.token), assignment=str(assignment.id), lang="en")
    assert not drill.exception
    return created, assignment, lan, drill


def test_an_answer_given_while_the_database_is_down_is_stored_when_it_is_back(
    db: ClassroomStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, assignment, lan, drill = _learner_on_an_assignment(db, "Lớp 3")

    from ui.store import classroom

    store = classroom().store
    real_submit = store.submit
    down = {"on": True}

    def submit(*args, **kwargs):
        if down["on"]:
            raise OperationalError("INSERT INTO answers", {}, Exception("server closed the connection"))
        return real_submit(*args, **kwargs)

    monkeypatch.setattr(store, "submit", submit)
    first = make_question(SET, 0)
    drill.button(key=f"drill_choice_{list(first.choices).index(first.key)}").click().run()
    assert not drill.exception
    assert db.answers(assignment.id, lan.info.id) == []
    assert any("Not saved yet: 1" in w.value for w in drill.warning)  # the timer's warning
    drill.run()  # a timer tick (or any click) while still down: kept, still said
    assert any("Not saved yet: 1" in w.value for w in drill.warning)
    down["on"] = False
    drill.run()  # the next tick: stored, the warning gone
    assert not drill.exception
    assert [(a.number, a.correct) for a in db.answers(assignment.id, lan.info.id)] == [(0, True)]
    assert not any("Not saved yet" in w.value for w in drill.warning)


def test_a_page_that_fails_on_the_database_keeps_retrying_the_unsaved_answers(
    db: ClassroomStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database down for reads too (bench/outage.py found it): the full run that the answer starts fails on
    the learner's link and shows its error; the timer must still be drawn, store the answer once the database
    is back and run the page again. (It was drawn after the reads: no timer, and the answer was lost.)"""
    monkeypatch.delenv("MAUBINH_SHOW_ERRORS", raising=False)  # the page as a learner sees it (ui.errors)
    _, assignment, lan, drill = _learner_on_an_assignment(db, "Lớp 4")

    from ui.store import classroom

    store = classroom().store
    down = {"on": True}

    def failing(name: str):
        real = getattr(store, name)

        def call(*args, **kwargs):
            if down["on"]:
                raise OperationalError("SELECT", {}, Exception("connection refused"))
            return real(*args, **kwargs)

        return call

    for name in ("submit", "learner", "assignment", "class_info"):
        monkeypatch.setattr(store, name, failing(name))
    first = make_question(SET, 0)
    drill.button(key=f"drill_choice_{list(first.choices).index(first.key)}").click().run()
    drill.run()  # the full run the unsaved answer asks for: it fails on the learner's link
    assert not drill.exception
    assert any("database" in e.value.lower() for e in drill.error)  # the page's plain error
    assert any("Not saved yet: 1" in w.value for w in drill.warning)  # and the timer, still there
    assert db.answers(assignment.id, lan.info.id) == []
    down["on"] = False
    drill.run()  # a tick once the database is back: stored, and the page is whole again
    assert not drill.exception
    assert [(a.number, a.correct) for a in db.answers(assignment.id, lan.info.id)] == [(0, True)]
    assert not any("Not saved yet" in w.value for w in drill.warning)
    assert not drill.error
