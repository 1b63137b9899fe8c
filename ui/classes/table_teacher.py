"""The teacher's "Table" tab: start a table session for the class (duplicate deals: every learner plays the same
deals against the same computer players), the sessions with their state, and the live board of one of them
(the projector shows it without names from its own link: :mod:`ui.classes.projector`)."""

from __future__ import annotations

import streamlit as st

from classroom.service import ClassInfo, ClassroomError
from classroom.tables import MAX_DEALS, TIMERS
from maubinh.play import MAX_BOTS, Strength
from ui.classes.learner import viewer_zone
from ui.classes.seat_teacher import show_seat_section
from ui.classes.table_board import show_table_board
from ui.classes.table_common import session_line, table_sessions
from ui.classes.words import moment
from ui.escape import md_text
from ui.i18n import t, translate
from ui.setup import rule_set_label
from ui.store import refusal_key
from ui.table.model import DEFAULT_BOTS

__all__ = ["show_table_section", "show_tables_tab"]

_PICK_KEY = "tables_board_pick"
_FORM = "tables_start"


def _start(klass: ClassInfo) -> None:
    count = st.session_state.get(f"{_FORM}_count") or 1
    bots = [Strength(st.session_state.get(f"{_FORM}_bot_{seat}") or DEFAULT_BOTS[seat]) for seat in range(count)]
    try:
        info = table_sessions().start(klass.id, klass.rule_set, bots, int(st.session_state.get(f"{_FORM}_deals") or 5),
                                      int(st.session_state.get(f"{_FORM}_timer") or 0))
    except ClassroomError as refused:
        st.session_state[f"{_FORM}_error"] = refusal_key("tables.start_error", refused)
        return
    st.session_state.pop(f"{_FORM}_error", None)
    st.session_state[_PICK_KEY] = info.id


def _new_session(klass: ClassInfo, lang: str) -> None:
    st.session_state.setdefault(f"{_FORM}_count", len(DEFAULT_BOTS))
    st.session_state.setdefault(f"{_FORM}_deals", 5)
    st.session_state.setdefault(f"{_FORM}_timer", 0)
    with st.container(border=True):
        st.markdown(f"**{t('tables.new_session')}**")
        st.caption(t("tables.new_session_help"))
        st.caption(t("classes.class_rules", rules=md_text(rule_set_label(klass.rule_set, lang))))
        # required: tapping the chosen option again keeps it (it cleared the choice, and the table silently fell
        # back to 1 computer player and no timer: issue 35)
        st.segmented_control(t("play.bot_count"), list(range(1, MAX_BOTS + 1)), key=f"{_FORM}_count", required=True)
        count = st.session_state.get(f"{_FORM}_count") or 1
        for seat, column in enumerate(st.columns(count)):
            st.session_state.setdefault(f"{_FORM}_bot_{seat}", DEFAULT_BOTS[seat].value)
            column.selectbox(t("play.bot_strength", n=seat + 1), [s.value for s in Strength], key=f"{_FORM}_bot_{seat}",
                             format_func=lambda value: translate(f"play.strength.{value}", lang))
        st.caption(t("play.strength_help"))
        deals, timer = st.columns(2)
        deals.number_input(t("tables.deals"), min_value=1, max_value=MAX_DEALS, step=1, key=f"{_FORM}_deals")
        timer.segmented_control(t("tables.timer"), list(TIMERS), key=f"{_FORM}_timer", required=True,
                                format_func=lambda s: translate("tables.timer_value", lang, seconds=s) if s
                                else translate("tables.timer_off", lang))
        st.caption(t("tables.timer_help"))
        st.button(t("tables.start_button"), type="primary", key=f"{_FORM}_go", on_click=_start, args=(klass,),
                  disabled=klass.archived, icon=":material/playing_cards:")
    error = st.session_state.get(f"{_FORM}_error")
    if error:
        st.error(t(error, longest=MAX_DEALS))


def _close(klass: ClassInfo, session_id: int, closed: bool) -> None:
    table_sessions().close(klass.id, session_id, closed)


def _delete(klass: ClassInfo, session_id: int) -> None:
    table_sessions().delete(klass.id, session_id)


def _sessions(klass: ClassInfo, lang: str) -> None:
    tables = table_sessions()
    counts = tables.hand_counts(klass.id)
    zone = viewer_zone()
    for info in tables.sessions(klass.id):
        state = t("tables.state.closed" if info.closed else "tables.state.open")
        with st.container(border=True):
            st.markdown(f"**{t('tables.session_title', n=info.id)}** · :gray-badge[{state}]")
            st.caption(session_line(info, lang))
            st.caption(t("tables.session_detail", created=moment(info.created_at, zone, lang),
                         hands=counts.get(info.id, 0), seed=info.seed))
            close_box, delete_box = st.columns(2)
            close_box.button(t("tables.reopen" if info.closed else "tables.close"), key=f"tables_close_{info.id}",
                             on_click=_close, args=(klass, info.id, not info.closed))
            with delete_box.popover(t("tables.delete"), icon=":material/delete:"):
                # said plainly: the class's hands go, each learner's own history keeps theirs
                st.markdown(t("tables.delete_confirm", n=info.id, hands=counts.get(info.id, 0)))
                st.button(t("tables.delete_yes"), key=f"tables_delete_{info.id}", type="primary", on_click=_delete,
                          args=(klass, info.id))


def show_table_section(klass: ClassInfo, lang: str) -> None:
    """The session picker and the live board."""
    sessions = table_sessions().sessions(klass.id)
    if not sessions:
        st.caption(t("tables.no_sessions"))
        return
    ids = [info.id for info in sessions]
    if st.session_state.get(_PICK_KEY) not in ids:
        st.session_state[_PICK_KEY] = ids[0]
    chosen = st.selectbox(t("tables.pick_session"), ids, key=_PICK_KEY,
                          format_func=lambda sid: translate("tables.session_title", lang, n=sid))
    show_table_board(klass, int(chosen), False, lang)


def show_tables_tab(klass: ClassInfo, lang: str) -> None:
    """The "Table" tab: the live board first, then a new session, then the sessions; then the class seated at tables
    of people (:mod:`ui.classes.seat_teacher`)."""
    show_table_section(klass, lang)
    _new_session(klass, lang)
    _sessions(klass, lang)
    show_seat_section(klass, lang)
