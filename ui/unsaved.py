"""Answers (and a class table's hands) the database has not taken yet are kept and sent again until it takes them
(issue 22, item 4; issue 32, 5).

An answer that cannot be stored (the database down, say) stays in the session (``unsaved`` of
:class:`~ui.drill.assigned.Assigned` and :class:`~ui.drill.profile.Profile`). It is sent again at every
interaction (:func:`retry_now`, at the top of the answering fragment) and, while any is left, every
:data:`RETRY_SECONDS` by a small fragment (:func:`watch_unsaved`) that also keeps saying how many are not
saved yet, until the last one is stored. Nothing runs on a timer while everything is saved.

The page draws the timer from the answers kept in the session before it reads anything from the database:
a run that fails on the database (the learner's link, the assignment, the next question) still keeps the
timer, which stores them once the database is back and then runs the page again. (It was drawn after
those reads: with the database down, the page showed its error and no timer, and the answers were lost.)
"""

from __future__ import annotations

from typing import Any, Protocol

import streamlit as st

from ui.errors import guarded_function
from ui.i18n import t

__all__ = ["RETRY_SECONDS", "Pending", "retry_now", "start_watching", "watch_unsaved"]

RETRY_SECONDS = 3
"""How often unsaved answers are sent again while there are any."""
_WATCHING = "drill_unsaved_watching"


class Pending(Protocol):
    """What holds answers not saved yet: an assignment's learner, or a profile."""

    unsaved: dict[Any, Any]

    def retry(self) -> None: ...


def retry_now(holder: Pending) -> None:
    """At an interaction: send the unsaved answers again; where some are left and no timer runs yet, start
    one (:func:`start_watching`)."""
    if holder.unsaved:
        holder.retry()
    if holder.unsaved:
        start_watching()


def start_watching() -> None:
    """Something is left unsaved: unless the timer runs already, the page runs again at once, and that full run
    draws it (:func:`watch_unsaved`)."""
    if not st.session_state.get(_WATCHING):
        st.session_state[_WATCHING] = True
        st.rerun()


def watch_unsaved(*holders: Pending | None, words: str = "classes.answers_unsaved") -> None:
    """While any of ``holders`` (``None`` skipped) has unsaved answers: a fragment that sends them again every
    :data:`RETRY_SECONDS` and says how many are left (the catalogue key ``words``, with ``count``; drawn on full
    runs, before the page reads the database; nothing while all is saved)."""
    pending = [holder for holder in holders if holder is not None and holder.unsaved]
    if not pending:
        st.session_state[_WATCHING] = False
        return
    st.session_state[_WATCHING] = True
    st.fragment(_watch, run_every=RETRY_SECONDS)(pending, words)


@guarded_function
def _watch(holders: list[Pending], words: str) -> None:
    for holder in holders:
        holder.retry()
    left = sum(len(holder.unsaved) for holder in holders)
    if left:
        st.warning(t(words, count=left), icon=":material/cloud_off:")
        return
    st.session_state[_WATCHING] = False
    st.rerun()  # all saved: the page runs again (it may have failed on the database) without the timer
