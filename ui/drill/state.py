"""The Drill page's session state: the set being worked through, its answers, and the session's history.

Everything lives in ``st.session_state`` under keys prefixed ``drill_`` (one learner's session); nothing
is kept at module level. A new set in the URL (other kinds, level, rule set, seed or count) starts a
fresh :class:`SetState`; the history (:class:`maubinh.drills.progress.Record`) spans every set of the
session and feeds the progress chart.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import streamlit as st

from maubinh.drills import ArrangeResult, DrillSet, Kind, QuestionList
from maubinh.drills.progress import Record

__all__ = ["HISTORY_KEY", "STATE_KEY", "Answer", "SetState", "history", "record_answer", "set_state"]

STATE_KEY = "drill_state"
HISTORY_KEY = "drill_history"


@dataclass
class Answer:
    """One answered question.

    Attributes:
        index: the question's number in the set (0-based).
        kind: its kind.
        given: what the learner answered (an option index, an :class:`~maubinh.drills.Outcome`, a
            :class:`~maubinh.drills.FoulAnswer`, a whole number, a pattern or ``None``, an arrangement).
        correct: whether it was right.
        seconds: from the question first shown to the answer.
        result: for "set it yourself", the graded arrangement.
    """

    index: int
    kind: Kind
    given: object
    correct: bool
    seconds: float
    result: ArrangeResult | None = None


@dataclass
class SetState:
    """Where the learner is in a set.

    Attributes:
        drill_set: the set.
        index: the question shown (0-based).
        answers: answered questions by index.
        shown_at: when each question was first shown (``time.monotonic()``).
        finished: the summary is shown.
        on_answer: called with each new answer once it is kept in the session (an assignment or a
            profile stores it in the classroom database: :mod:`ui.drill.assigned`, :mod:`ui.drill.profile`);
            ``None`` for a set nobody keeps.
        run_id: the run a profile's answers to this set are stored under (``None`` without a profile).
    """

    drill_set: DrillSet | QuestionList
    index: int = 0
    answers: dict[int, Answer] = field(default_factory=dict)
    shown_at: dict[int, float] = field(default_factory=dict)
    finished: bool = False
    on_answer: Callable[[Answer], None] | None = field(default=None, compare=False, repr=False)
    run_id: str | None = None

    def shown(self, index: int) -> None:
        """Note when question ``index`` was first shown."""
        self.shown_at.setdefault(index, time.monotonic())

    @property
    def records(self) -> list[Record]:
        """This set's answers as progress records, in question order."""
        return [Record(a.kind, a.correct, a.seconds) for _, a in sorted(self.answers.items())]


def set_state(drill_set: DrillSet) -> SetState:
    """The session's state for ``drill_set``, started afresh when the set differs from the last one."""
    state = st.session_state.get(STATE_KEY)
    if not isinstance(state, SetState) or state.drill_set != drill_set:
        state = SetState(drill_set)
        st.session_state[STATE_KEY] = state
    return state


def history() -> list[Record]:
    """Every answer of the session, all sets, in order."""
    found = st.session_state.get(HISTORY_KEY)
    if not isinstance(found, list):
        found = []
        st.session_state[HISTORY_KEY] = found
    return found


def record_answer(state: SetState, index: int, given: object, correct: bool,
                  result: ArrangeResult | None = None) -> None:
    """Store the answer to question ``index`` (once: a second answer to it is ignored)."""
    if index in state.answers:
        return
    seconds = time.monotonic() - state.shown_at.get(index, time.monotonic())
    kind = state.drill_set.kind_at(index)
    answer = Answer(index, kind, given, correct, seconds, result)
    state.answers[index] = answer
    history().append(Record(kind, correct, seconds))
    if state.on_answer is not None:
        state.on_answer(answer)
