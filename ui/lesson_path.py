"""The lesson path's marks (issue 20, item 11), made on the Learn page and shown on Progress: steps finished and
quiz scores, kept in the learner's profile (:mod:`classroom.lessons`), or in the session while there is none.

A step is finished when the learner goes on from its end ("next") or passes its quiz (:func:`passed`). The
profile is the one this browser session showed last (:func:`ui.habits.remembered`: ``?me=`` or the last
personal link a page showed); without one, marks wait in ``st.session_state["learn_marks"]`` and move into the
profile as soon as one is known: the next mark on Learn, or the Progress page of a profile just made or opened
(:func:`move_to_profile`). The database is opened only when a profile is known; a mark it cannot take stays in
the session and is sent again with the next one. The profile's path is read once per browser session and kept
up to date with what this session stores (the Learn page reruns on every click: no query per rerun).
"""

from __future__ import annotations

import logging

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from classroom.lessons import Lessons, StepMark, storable
from classroom.models import utcnow
from classroom.service import ClassroomError
from maubinh.drills.path import reached
from maubinh.drills.sets import Lesson
from ui.errors import log_failure
from ui.habits import remembered
from ui.store import classroom

__all__ = ["SESSION_KEY", "mark_step", "marks", "move_to_profile", "passed"]

SESSION_KEY = "learn_marks"
"""Session key of the marks not in a profile yet: ``{(rule set id, step id): StepMark}``."""
_LEARNER_KEY = "learn_marks_learner"
_PATH_KEY = "learn_marks_path"
"""The profile's path as read once, then kept with this session's marks: ``(learner id, rule set -> step -> mark)``."""
_log = logging.getLogger(__name__)


def passed(right: int, total: int) -> bool:
    """Whether a quiz scored ``right`` of ``total`` is passed: at least two thirds right.

    >>> passed(2, 3), passed(1, 3), passed(0, 0)
    (True, False, False)
    """
    return total > 0 and 3 * right >= 2 * total


def _pending() -> dict[tuple[str, str], StepMark]:
    found = st.session_state.get(SESSION_KEY)
    if not isinstance(found, dict):
        found = {}
        st.session_state[SESSION_KEY] = found
    return found


def _learner_id() -> str | None:
    """The id of the profile marks go to, or ``None`` (no profile known, a wrong or removed one, no database)."""
    token = remembered()
    if not token:
        return None
    kept = st.session_state.get(_LEARNER_KEY)
    if isinstance(kept, tuple) and kept[0] == token:
        return str(kept[1]) if kept[1] else None
    try:
        learner = classroom().store.learner(token)
    except SQLAlchemyError as error:
        log_failure(_log, "the lesson path could not read the profile", error)
        return None
    learner_id = learner.id if learner is not None and not learner.removed else None
    st.session_state[_LEARNER_KEY] = (token, learner_id)
    return learner_id


def move_to_profile(learner_id: str) -> None:
    """Store the session's marks in the profile ``learner_id`` (merged with what it holds) and drop them from the
    session; on a database error or a refused learner they stay in the session."""
    pending = _pending()
    sent = [key for key in pending if storable(*key)]  # an id the table cannot hold stays in the session
    if not sent:
        return
    try:
        stored = Lessons(classroom().store).mark_many(learner_id, [(rs, step, pending[(rs, step)]) for rs, step in sent])
    except (SQLAlchemyError, ClassroomError) as error:
        log_failure(_log, "the lesson path could not be stored in the profile; kept in the session", error)
        return
    kept = st.session_state.get(_PATH_KEY)
    for (rs, step), mark in zip(sent, stored, strict=True):
        pending.pop((rs, step), None)
        if isinstance(kept, tuple) and kept[0] == learner_id:
            kept[1].setdefault(rs, {})[step] = mark


def _profile_path(learner_id: str) -> dict[str, dict[str, StepMark]]:
    """The profile's lesson path, read once per session (:data:`_PATH_KEY`); empty, and read again next time, when
    the database cannot be read."""
    kept = st.session_state.get(_PATH_KEY)
    if isinstance(kept, tuple) and kept[0] == learner_id:
        return dict(kept[1])
    try:
        path = Lessons(classroom().store).path(learner_id)
    except SQLAlchemyError as error:
        log_failure(_log, "the lesson path could not be read", error)
        return {}
    st.session_state[_PATH_KEY] = (learner_id, path)
    return dict(path)


def mark_step(rule_set_id: str, step_id: str, *, finished: bool = False, score: tuple[int, int] | None = None) -> None:
    """Mark a step of rule set ``rule_set_id``: finished and/or its quiz scored ``score`` (``(right, total)``).
    Kept in the session, then moved into the profile when one is known (see the module)."""
    pending = _pending()
    key = (rule_set_id, step_id)
    new = StepMark(utcnow() if finished else None, score)
    pending[key] = pending[key].merge(new) if key in pending else new
    learner_id = _learner_id()
    if learner_id is not None:
        move_to_profile(learner_id)


def marks(rule_set_id: str) -> dict[str, StepMark]:
    """The marks of rule set ``rule_set_id``'s steps: step id -> mark, the profile's merged with the session's."""
    learner_id = _learner_id()
    found = dict(_profile_path(learner_id).get(rule_set_id, {})) if learner_id is not None else {}
    for (rs, step), mark in _pending().items():
        if rs == rule_set_id:
            found[step] = found[step].merge(mark) if step in found else mark
    return found


def reached_steps(rule_set_id: str) -> frozenset[Lesson]:
    """The lesson steps reached under ``rule_set_id`` (:func:`maubinh.drills.path.reached` of the finished
    :func:`marks`): what a beginner's Drill set may ask (the first set, "practise at my level")."""
    return reached(step for step, mark in marks(rule_set_id).items() if mark.finished)
