"""Answers the database has not taken yet are kept and sent again until it takes them (issue 22, item 4).

An answer that cannot be stored (the database down, say) stays in the session (``unsaved`` of
:class:`~ui.drill.assigned.Assigned` and :class:`~ui.drill.profile.Profile`). It is sent again at every
interaction (:func:`retry_now`, at the top of the answering fragment) and, while any is left, every
:data:`RETRY_SECONDS` by a small fragment (:func:`watch_unsaved`) that also keeps saying how many are not
saved yet, until the last one is stored. Nothing runs on a timer while everything is saved.
"""

from __future__ import annotations

from typing import Any, Protocol

import streamlit as st

from ui.errors import guarded_function
from ui.i18n import t

__all__ = ["RETRY_SECONDS", "Pending", "retry_now", "watch_unsaved"]

RETRY_SECONDS = 3
"""How often unsaved answers are sent again while there are any."""
_WATCHING = "drill_unsaved_watching"


class Pending(Protocol):
    """What holds answers not saved yet: an assignment's learner, or a profile."""

    unsaved: dict[Any, Any]

    def retry(self) -> None: ...


def retry_now(holder: Pending) -> None:
    """At an interaction: send the unsaved answers again; where some are left and no timer runs yet, start
    one (a full run draws :func:`watch_unsaved`)."""
    if holder.unsaved:
        holder.retry()
    if holder.unsaved and not st.session_state.get(_WATCHING):
        st.session_state[_WATCHING] = True
        st.rerun()


def watch_unsaved(holder: Pending) -> None:
    """While answers are unsaved: a fragment that sends them again every :data:`RETRY_SECONDS` and says how
    many are left (drawn on full runs; nothing while all is saved)."""
    if not holder.unsaved:
        st.session_state[_WATCHING] = False
        return
    st.session_state[_WATCHING] = True
    st.fragment(_watch, run_every=RETRY_SECONDS)(holder)


@guarded_function
def _watch(holder: Pending) -> None:
    holder.retry()
    if holder.unsaved:
        st.warning(t("classes.answers_unsaved", count=len(holder.unsaved)), icon=":material/cloud_off:")
        return
    st.session_state[_WATCHING] = False
    st.rerun()  # all saved: the page drops the timer and the warning
