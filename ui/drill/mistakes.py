"""The end of a free set offers "review my mistakes now" (issue 20, item 11): the questions answered wrong, at
once, as a list of their own (:class:`~maubinh.drills.QuestionList`), kept in the session beside the set.

The review queue of a profile (``?mode=review``) brings a missed question back ten minutes later; this list
is for right now, and needs no profile. With a profile its answers are stored as practice attempts.
"""

from __future__ import annotations

import secrets

import streamlit as st

from maubinh.drills import QuestionList, QuestionRef
from ui.drill.state import SetState

__all__ = ["MISTAKES_KEY", "PURPOSE", "leave_mistakes", "mistakes_in", "mistakes_state", "review_mistakes"]

MISTAKES_KEY = "drill_mistakes_list"
PURPOSE = "mistakes"
"""The :attr:`~maubinh.drills.QuestionList.purpose` of a list of one's mistakes."""


def mistakes_in(state: SetState) -> tuple[QuestionRef, ...]:
    """The questions of ``state`` answered wrong, in question order (unanswered ones are not mistakes)."""
    return tuple(
        state.drill_set.ref(index) for index, answer in sorted(state.answers.items()) if not answer.correct
    )


def review_mistakes(state: SetState) -> bool:
    """Start the list of ``state``'s mistakes (the page then shows it); ``False`` when there were none."""
    refs = mistakes_in(state)
    if not refs:
        return False
    mistakes = SetState(QuestionList(refs, PURPOSE))
    mistakes.run_id = f"{PURPOSE}-{secrets.token_hex(4)}"
    st.session_state[MISTAKES_KEY] = mistakes
    return True


def mistakes_state() -> SetState | None:
    """The list of mistakes being reviewed, or ``None``."""
    found = st.session_state.get(MISTAKES_KEY)
    return found if isinstance(found, SetState) else None


def leave_mistakes() -> None:
    """Button callback: back to the set (the list is dropped)."""
    st.session_state.pop(MISTAKES_KEY, None)
