"""The projector's view of a class (``/classes?screen=<class>.<projector secret>``, issue 31, item 5): the class's
name, how to join (the code, the QR code) and a board without names, read-only. Its link holds no teacher secret
(:meth:`classroom.service.ClassroomStore.projector_class`), so the address on the wall opens nothing more.

Also here, shared with the teacher's page: the join link and its QR code, built from the public address
(:func:`ui.links.public_url`), with a warning when the page was opened on ``localhost`` and none is set
(:func:`ui.links.unreachable_note`).
"""

from __future__ import annotations

from datetime import datetime

import streamlit as st

from classroom.service import ClassInfo
from ui.classes.board import show_board
from ui.classes.table_board import show_table_board
from ui.classes.table_common import table_sessions
from ui.escape import plain_text
from ui.i18n import t, translate
from ui.links import JOIN_PARAM, public_link, public_url, qr_data_uri, unreachable_note
from ui.params import markdown_literal
from ui.store import classroom

__all__ = ["join_link", "show_join_qr", "show_projector"]

_SHOWN_KEY = "classes_screen_shows"


def join_link(klass: ClassInfo) -> str:
    """The class's join link for learners' phones (under the public address when one is set)."""
    return public_link(public_url(), "classes", {JOIN_PARAM: klass.join_code, "lang": klass.language}, st.context.url)


def show_join_qr(klass: ClassInfo) -> None:
    """The join link's QR code (only the class's code is in it: no name, no secret)."""
    st.markdown(f'<img src="{qr_data_uri(join_link(klass))}" alt="{t("classes.qr_alt")}" '
                f'style="width:min(320px,100%);image-rendering:pixelated">', unsafe_allow_html=True)


def _header(klass: ClassInfo) -> None:
    """The class's name, how to join (the code, the QR code), nothing else; while joining is locked, only a note
    saying so."""
    st.subheader(markdown_literal(klass.name, limit=80))
    if klass.joining_locked:
        st.caption(t("classes.joining_locked_note"))
        return
    unreachable_note()
    words, code = st.columns([3, 2], vertical_alignment="center")
    with words:
        st.markdown(t("classes.projector_join", code=klass.join_code))
        st.metric(t("classes.join_code"), klass.join_code)
    with code:
        show_join_qr(klass)


def _boards(klass: ClassInfo, token: str, lang: str) -> None:
    """A choice of what to show (the ready assignments and the table sessions, newest first), then its board
    without names, checking the projector link again at every refresh."""
    store = classroom().store
    shown: dict[str, tuple[datetime, str]] = {
        f"a{a.id}": (a.created_at, a.title) for a in store.assignments(klass.id)
        if a.ready and a.learner_id is None}  # not a follow-up: one learner's, named
    shown.update({f"t{s.id}": (s.created_at, translate("tables.session_title", lang, n=s.id))
                  for s in table_sessions().sessions(klass.id)})
    if not shown:
        st.caption(t("classes.screen_nothing"))
        return
    keys = sorted(shown, key=lambda key: shown[key][0], reverse=True)
    if st.session_state.get(_SHOWN_KEY) not in keys:
        st.session_state[_SHOWN_KEY] = keys[0]
    chosen = str(st.selectbox(t("classes.screen_pick"), keys, key=_SHOWN_KEY,
                              format_func=lambda key: plain_text(shown[key][1])))
    if chosen.startswith("a"):
        show_board(lambda: classroom().store.projector_class(token), int(chosen[1:]), True, lang)
    else:
        show_table_board(klass, int(chosen[1:]), True, lang)


def show_projector(token: str, lang: str) -> None:
    """The projector's view for the link value ``token`` (a wrong or replaced link says so and shows nothing)."""
    klass = classroom().store.projector_class(token)
    if klass is None:
        st.error(t("classes.bad_projector_link"))
        return
    _header(klass)
    _boards(klass, token, lang)
