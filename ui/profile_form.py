"""Making a profile (issue 16): what a profile keeps, and the form that makes one, with no password: a personal
link (``?me=``). Shared by Progress and the Play page (which keeps its table in the link, ``keep``)."""

from __future__ import annotations

import streamlit as st

from classroom.models import LEARNER_NAME_MAX
from classroom.service import ClassroomError
from ui.client import client_address
from ui.escape import PASTE_ROOM
from ui.i18n import t
from ui.links import go_to_personal_link
from ui.store import LEARNER_PARAM, classroom, refusal_key

__all__ = ["CREATED_KEY", "show_new_profile"]

CREATED_KEY = "progress_created"
"""The id of the profile made in this session (its personal-link box opens once)."""


def _create(lang: str, keep: bool = False) -> None:
    try:
        made = classroom().practice.create_profile(st.session_state.get("progress_name") or "", client_address())
    except ClassroomError as exc:  # the typed name stays in the box
        st.session_state["progress_name_error"] = ("progress.throttled" if exc.field == "throttled"
                                                   else refusal_key("classes.join_error", exc))
        return
    st.session_state.pop("progress_name_error", None)
    st.session_state[CREATED_KEY] = made.info.id
    if keep:
        st.query_params[LEARNER_PARAM] = str(made.token)
    else:
        go_to_personal_link(LEARNER_PARAM, str(made.token), lang)


def show_new_profile(lang: str, keep: bool = False) -> None:
    """What a profile keeps, and the form that makes one (no password: a personal link). ``keep``: the page's
    other link parameters stay (the Play page's table), the personal link is added to them."""
    st.write(t("progress.intro"))
    with st.form("progress_new", border=True):
        st.text_input(t("progress.name"), key="progress_name", max_chars=PASTE_ROOM * LEARNER_NAME_MAX)
        st.form_submit_button(t("progress.create"), type="primary", on_click=_create, args=(lang, keep))
    error = st.session_state.get("progress_name_error")
    if error:
        st.error(t(error if isinstance(error, str) else "classes.join_error.name", longest=LEARNER_NAME_MAX))
    st.caption(t("progress.class_note"))
