"""The teacher's "seat the class" (issue 34), in the Table tab: the learners present (their class page seen in the
last two minutes, :data:`classroom.seatings.PRESENT`) put at tables of 2-4 people, computer players of a chosen
strength in the empty seats, every table a room playing the same duplicate deals (:mod:`classroom.seatings`); the
late arrivals seated by the same button; the tables; and the board, the table sessions' own
(:func:`ui.classes.table_board.draw_board`): one row per deal and seat (the same cards at every table), which table
and who chose each split, each learner's chi lost, the ranking.

The board asks for the tables' hands to be kept in the players' profiles (:func:`background.rooms.keep_room_hands`,
each hand's analysis in the background): a hand shows on the board once it is kept, a few seconds after its showdown.
"""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st

from background.rooms import keep_room_hands
from classroom.rooms import TIMERS
from classroom.seatings import PRESENT, SIZES, SeatingInfo, TableInfo, deal_and_seat
from classroom.service import ClassInfo, ClassroomError
from classroom.table_board import DealRow, SplitRow, table_board
from classroom.tables import MAX_DEALS, StoredHand
from maubinh.play import Origin, Strength
from ui.classes.board import REFRESH_SECONDS
from ui.classes.table_board import BoardRows, draw_board
from ui.classes.table_common import seatings
from ui.errors import guarded_function
from ui.escape import plain_text
from ui.i18n import t, translate
from ui.params import markdown_literal
from ui.store import classroom, refusal_key

__all__ = ["show_seat_board", "show_seat_section"]

_FORM = "seat"


def _seat(klass: ClassInfo) -> None:
    state = st.session_state
    try:
        _, seated = seatings().seat_class(klass.id, int(state.get(f"{_FORM}_size") or 4),
                                          Strength(state.get(f"{_FORM}_fill") or Strength.MEDIUM.value),
                                          int(state.get(f"{_FORM}_timer") or TIMERS[1]),
                                          int(state.get(f"{_FORM}_deals") or 5))
    except ClassroomError as refused:
        state[f"{_FORM}_error"] = refusal_key("seat.error", refused)
        state.pop(f"{_FORM}_done", None)
        return
    state.pop(f"{_FORM}_error", None)
    state[f"{_FORM}_done"] = len(seated)


def _end(klass: ClassInfo, seating_id: int) -> None:
    seatings().end(klass.id, seating_id)
    st.session_state.pop(f"{_FORM}_done", None)


def _settings(lang: str) -> None:
    st.session_state.setdefault(f"{_FORM}_size", 4)
    st.session_state.setdefault(f"{_FORM}_fill", Strength.MEDIUM.value)
    st.session_state.setdefault(f"{_FORM}_timer", TIMERS[1])
    st.session_state.setdefault(f"{_FORM}_deals", 5)
    st.segmented_control(t("seat.size"), list(SIZES), key=f"{_FORM}_size", required=True)
    fill, deals = st.columns(2)
    fill.selectbox(t("seat.fill"), [s.value for s in Strength], key=f"{_FORM}_fill",
                   format_func=lambda value: translate(f"play.strength.{value}", lang))
    deals.number_input(t("seat.deals"), min_value=1, max_value=MAX_DEALS, step=1, key=f"{_FORM}_deals")
    st.segmented_control(t("rooms.timer"), list(TIMERS), key=f"{_FORM}_timer", required=True,
                         format_func=lambda s: translate("rooms.seconds", lang, s=s))


def _seated(tables: list[TableInfo]) -> set[str]:
    return {str(p.learner_id) for table in tables for p in table.people if not p.left}


def _table_line(table: TableInfo, info: SeatingInfo) -> str:
    names = {p.seat: markdown_literal(p.name) for p in table.people if not p.left}
    computer = t("seat.computer", strength=t(f"play.strength.{info.fill.value}"))
    seats = ", ".join(names.get(seat, computer) for seat in range(info.size))
    return t("seat.table_line", n=table.number, deal=table.room.deal, deals=info.deals, seats=seats)


def show_seat_section(klass: ClassInfo, lang: str) -> None:
    """Seat the class (or the late arrivals), the tables, and the board of the newest seating."""
    store = seatings()
    present = store.present(klass.id)
    current = store.current(klass.id)
    tables = store.tables(current.id) if current is not None else []
    waiting = [p for p in present if p.id not in _seated(tables)]
    with st.container(border=True, key="seat_box"):
        st.markdown(f"**{t('seat.title')}**")
        st.caption(t("seat.help", minutes=int(PRESENT.total_seconds() // 60)))
        if current is None:
            _settings(lang)
        else:
            st.caption(t("seat.settings", size=current.size, strength=t(f"play.strength.{current.fill.value}"),
                         deals=current.deals, timer=t("rooms.seconds", s=current.timer)))
        st.caption(t("seat.present", n=len(present), waiting=len(waiting)))
        st.button(t("seat.button" if current is None else "seat.button_late", n=len(waiting)), type="primary",
                  key=f"{_FORM}_go", on_click=_seat, args=(klass,), icon=":material/event_seat:",
                  disabled=klass.archived or not waiting)
        done = st.session_state.get(f"{_FORM}_done")
        if done is not None:
            st.success(t("seat.done", n=done))
        error = st.session_state.get(f"{_FORM}_error")
        if error:
            st.error(t(error, longest=MAX_DEALS))
        if current is not None:
            st.markdown("\n".join(f"- {_table_line(table, current)}" for table in tables))
            with st.popover(t("seat.end"), icon=":material/stop_circle:"):  # a deal may be running: asked first
                st.markdown(t("seat.end_confirm"))
                st.button(t("seat.end_yes"), key=f"{_FORM}_end", type="primary", on_click=_end,
                          args=(klass, current.id))
    newest = current or next(iter(store.seatings(klass.id)), None)
    if newest is not None:
        st.markdown(f"**{t('seat.board_title', n=newest.id)}**")
        show_seat_board(klass, newest.id, lang)


def _who(by_learner: Mapping[str, Mapping[int, StoredHand]], names: Mapping[str, str], deal: DealRow,
         split: SplitRow) -> str:
    """The tables and learners behind ``split`` of board row ``deal`` ("1: Lan · 2: Minh"; a hand's ``session_id``
    is its table's number, :meth:`classroom.seatings.Seatings.hands`)."""
    found = []
    for learner, mine in by_learner.items():
        hand = mine.get(deal.number)
        if hand is not None and str(hand.arrangement) == str(split.arrangement) and hand.declared == split.declared \
                and (hand.origin is Origin.TIMER_SOLVER) == split.missed:
            found.append((hand.session_id, names.get(learner, "")))
    return " · ".join(f"{table}: {plain_text(name)}" for table, name in sorted(found))


@st.fragment(run_every=REFRESH_SECONDS)
@guarded_function
def show_seat_board(klass: ClassInfo, seating_id: int, lang: str) -> None:
    """The board of the class's seating ``seating_id`` (the caller has checked the teacher's link)."""
    store = seatings()
    info = store.seating(seating_id)
    tables = store.tables(seating_id)
    if info is None or info.class_id != klass.id or not tables:
        return
    for table in tables:  # the hands kept in the profiles with their analysis, in the background
        keep_room_hands(store.rooms, table.room.id)
    seated = {p.learner_id for table in tables for p in table.people}
    learners = [learner for learner in classroom().store.learners(klass.id) if learner.id in seated]
    hands = store.hands(seating_id)
    result = table_board(learners, info.deals * info.size, hands)
    names = {learner.id: learner.name for learner in learners}

    def short(number: int) -> str:
        deal, seat = deal_and_seat(number, info.size)
        return translate("seat.row_short", lang, deal=deal, seat=seat + 1)

    rows = BoardRows(
        short=short,
        option=lambda number, played: translate("seat.row_option", lang, row=short(number), played=played),
        column=lambda number: translate("tables.deal_short", lang, n=deal_and_seat(number, info.size)[0]),
        who=lambda deal, split: _who(result.by_learner, names, deal, split))
    st.caption(t("seat.board_help", tables=len(tables)))
    draw_board(result, tables[0].room.rule_set, lang, learners=len(learners), deals=info.deals,
               key=f"seat_board_{seating_id}", csv_name=f"maubinh-seating-{klass.id}-{seating_id}.csv", names=rows)
