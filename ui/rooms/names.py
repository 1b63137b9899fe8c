"""A room's name boxes (opening a room, joining one): the same rules and words as a class's (issue 34): the profile's
name to start with, room for a paste longer than the rule (:data:`ui.escape.PASTE_ROOM`: refused with the limit
named, the text kept in the box to shorten), and the class rules' one message for a refused name."""

from __future__ import annotations

import streamlit as st

from classroom.models import LEARNER_NAME_MAX
from classroom.service import ClassroomError
from ui.escape import PASTE_ROOM
from ui.i18n import t
from ui.personal import personal_from_url
from ui.store import refusal_key

__all__ = ["name_box", "refused"]


def name_box(label: str, key: str) -> str:
    """A name box under ``key``: the profile's name to start with (the personal link or remembered device names
    one); Streamlit drops a paste longer than ``max_chars`` whole, so it takes :data:`~ui.escape.PASTE_ROOM` times
    the rule (:data:`~classroom.models.LEARNER_NAME_MAX`)."""
    linked = personal_from_url()
    if key not in st.session_state and linked is not None:
        st.session_state[key] = linked.learner.name
    return st.text_input(label, max_chars=PASTE_ROOM * LEARNER_NAME_MAX, key=key,
                         help=t("rooms.name_help", longest=LEARNER_NAME_MAX))  # the rule said before it is broken


def refused(error: ClassroomError, other: str) -> None:
    """The words for a refused name (the class rules' message, the limit named), or else ``other``."""
    st.error(t(refusal_key("classes.join_error", error), longest=LEARNER_NAME_MAX) if error.field == "name"
             else other)
