"""A learner's class page when the teacher seats the class (issue 34): the page says it is open (who is present,
:meth:`classroom.seatings.Seatings.seen`, at most once a :data:`~classroom.seatings.SEEN_EVERY`), and once the
learner has a seat, goes there by itself (Play's room page, ``?room=&seat=``, the personal link kept), once per seat:
back on the class page, a button leads to the seat again. While a live session runs, its question wins: the page
stays, with the button (a tester was sent back to the table 1.5 s after opening the live question). Run by the class
page's fragment (:mod:`ui.classes.live_learner`), which the server's watch reruns when the class's seating changes, so
a learner is at their table within 2 s of the teacher's click, without a reload.
"""

from __future__ import annotations

import random
import time

import streamlit as st
from streamlit.errors import StreamlitAPIException

from classroom.seatings import SEEN_EVERY
from classroom.service import LearnerInfo
from ui.classes.table_common import seatings
from ui.i18n import t
from ui.nav import link_to
from ui.rooms.page import ROOM_PARAM, SEAT_PARAM
from ui.store import LEARNER_PARAM

__all__ = ["show_seat_pulse"]

_SEEN_KEY, _TAKEN_KEY = "seat_seen_at", "seat_taken"


def show_seat_pulse(learner: LearnerInfo, lang: str, seating_open: bool = True, go: bool = True) -> None:
    """Say the page is open (throttled), and take the learner to their seat once it is given (a button after); the
    seat is looked for only while the class has a seating open (``seating_open``). ``go=False`` (a live session runs:
    its question wins over the table): the button only, the page stays."""
    store = seatings()
    now = time.monotonic()
    last = st.session_state.get(_SEEN_KEY)
    if last is None or now - float(last) >= SEEN_EVERY.total_seconds():
        store.seen(learner.id)
        # pages opened together write apart after the first (a class's pages rerun together at a live question: forty
        # writes in that burst held it up by a second on SQLite, bench/live_class.py)
        st.session_state[_SEEN_KEY] = now - (random.uniform(0, SEEN_EVERY.total_seconds() / 2) if last is None else 0)
    if not seating_open:
        return
    token = str(st.query_params.get(LEARNER_PARAM, ""))
    found = store.seat_of(token)
    if found is None:
        return
    room, seat = found
    params = {ROOM_PARAM: room.code, SEAT_PARAM: str(seat), LEARNER_PARAM: token, "lang": lang}
    if go and st.session_state.get(_TAKEN_KEY) != str(seat):
        st.session_state[_TAKEN_KEY] = str(seat)
        try:
            st.switch_page("pages/play.py", query_params=params)
        except StreamlitAPIException:  # a page script run on its own (no page list): the button below leads there
            pass
    with st.container(border=True, key="seat_mine"):
        st.markdown(f"**{t('seat.yours', n=room.table_no or 0)}**")
        link_to("pages/play.py", t("seat.go"), ":material/event_seat:", params)
