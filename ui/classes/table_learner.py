"""The learner's side of a table session (``/classes?me=<link>&table=<id>``): the same deals as the whole class,
against the same computer players, arranged in the browser (the Play page's component), then the showdown and
the analysis (the Play page's views). Nothing of another learner is shown.

A hand is stored once (:meth:`classroom.tables.TableSessions.submit`); when another device or tab stored a
different split first, that one is kept and shown, with a message. With the session's timer, the deal counts
down in the browser from its first showing, stored by the server (:meth:`classroom.tables.TableSessions.show`: a
reload or another server goes on from it), and the server keeps the limit (:mod:`classroom.clock`): at zero the
split as it stands is played if legal, else the solver's (charged as a miss), and the hand is marked so. The time
taken (from the deal first shown to the split sent) is recorded. There is no "Xếp bài" here: the class's board measures
each learner's own play.

A hand the database cannot take yet (it is down, say) stays in the session (:class:`PendingHands`, the Drill's
mechanism: :mod:`ui.unsaved`) and is sent again at each interaction and every few seconds, with the time it
was first received (the server's clock: a hand sent in time stays in time), while the page says plainly that it is
not saved yet; once stored, the page shows its showdown. It is kept in the address too (:mod:`ui.classes.table_kept`):
a reload before the database is back sends it again, as it was placed, and the server stores it once.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import datetime

import pandas as pd
import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from background.deals import deals
from classroom.clock import Showing
from classroom.models import utcnow
from classroom.service import ClassInfo, ClassroomError, LearnerInfo
from classroom.tables import StoredHand, TableSessionInfo, canonical
from classroom.tokens import Token
from maubinh.arrangement import Arrangement
from maubinh.naturals import find_instant_win
from maubinh.play import Origin
from ui.arrange.component import Timer, arrangement_from_value, show_arranger
from ui.bands import band_text
from ui.classes.table_common import TABLE_PARAM, session_line, split_header, split_text, table_sessions
from ui.classes.table_kept import KEPT_PARAM, KeptHand, first_received, kept_text, read_kept
from ui.errors import log_failure
from ui.i18n import t
from ui.labels import natural_name, number
from ui.params import markdown_literal
from ui.settlement import signed
from ui.store import LEARNER_PARAM, classroom
from ui.table.timer import expired
from ui.table.views import origin_mark, phone_layout, show_analysis, show_bots_down, show_showdown
from ui.unsaved import start_watching

__all__ = ["SUBMITTED_KEY", "UNSAVED_WORDS", "PendingHands", "UnsavedHand", "kept_hands", "show_table_list",
           "show_table_play", "take_kept_hands", "take_waiting_hand"]

SUBMITTED_KEY = "tables_submitted"
"""Where the arranging component's "Confirm" puts the split for the next run."""
UNSAVED_WORDS = "tables.hands_unsaved"
"""The timer's line while hands are not saved (:func:`ui.unsaved.watch_unsaved`'s ``words``)."""
_PENDING_KEY = "tables_pending"
_SHOWN_KEY = "tables_arranging"
"""Session key: ``(session info, learner id, deal)`` of the deal this page last drew for arranging."""
_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class UnsavedHand:
    """A hand sent for deal ``number`` of table session ``session_id`` that the database has not taken yet, with
    the server's time it was first received (``received``, aware UTC: its time taken and deadline count to then)."""

    session_id: int
    learner_id: str
    number: int
    split: Arrangement | None
    declare: bool
    expired: bool
    received: datetime
    token: str | None = None
    """The personal link a hand read back from the address came with (checked before it is stored)."""

    @property
    def key(self) -> tuple[int, str, int]:
        return self.session_id, self.learner_id, self.number


@dataclass
class PendingHands:
    """This session's table hands not stored yet (a :class:`ui.unsaved.Pending`), sent again until stored."""

    unsaved: dict[tuple[int, str, int], UnsavedHand] = field(default_factory=dict)

    def retry(self) -> None:
        """Send every unsaved hand again (a stored or refused one leaves the list)."""
        for hand in list(self.unsaved.values()):
            _store(hand, self)


def kept_hands() -> PendingHands | None:
    """The session's unsaved table hands, ``None`` while there have been none."""
    found = st.session_state.get(_PENDING_KEY)
    return found if isinstance(found, PendingHands) else None


def _pending() -> PendingHands:
    found = kept_hands()
    if found is None:
        found = st.session_state[_PENDING_KEY] = PendingHands()
    return found


def _store(hand: UnsavedHand, pending: PendingHands) -> None:
    """Store ``hand``: kept in ``pending`` while the database cannot take it; a refusal, or another device's
    split stored first, goes to the table's problem line."""
    problem = _problem_key(hand.session_id)
    try:
        if hand.token is not None:  # read back from the address: the link must be this learner's
            learner = classroom().store.learner(hand.token)
            if learner is None or learner.removed or learner.id != hand.learner_id:
                pending.unsaved.pop(hand.key, None)
                _keep_in_address(pending)
                return
        kept = table_sessions().submit(hand.session_id, hand.learner_id, hand.number, hand.split, hand.declare,
                                       expired=hand.expired, now=hand.received)
    except ClassroomError as refused:
        pending.unsaved.pop(hand.key, None)
        _keep_in_address(pending)
        st.session_state[problem] = ("play.bad_submission" if refused.field == "arrangement"
                                     else f"tables.refused.{refused.field}")
        return
    except SQLAlchemyError as error:  # one line per retry, the traceback once
        log_failure(_log, "a table hand could not be stored yet", error)
        pending.unsaved[hand.key] = hand
        _keep_in_address(pending)
        return
    pending.unsaved.pop(hand.key, None)
    _keep_in_address(pending)
    same = kept.origin is not Origin.OWN or (  # the timer's hand is what it stands for, not what was sent
        hand.split is not None and kept.arrangement == canonical(hand.split) and kept.declared == hand.declare)
    st.session_state[problem] = None if same else "tables.other_device"


def _keep_in_address(pending: PendingHands) -> None:
    """The address holds the hands not saved yet (:mod:`ui.classes.table_kept`), or nothing."""
    text = kept_text([KeptHand(h.session_id, h.number, h.split, h.declare, h.expired) for h in pending.unsaved.values()])
    if text:
        if st.query_params.get(KEPT_PARAM) != text:
            st.query_params[KEPT_PARAM] = text
    elif KEPT_PARAM in st.query_params:
        del st.query_params[KEPT_PARAM]


def take_kept_hands() -> None:
    """Before the page reads the database (and before :func:`ui.unsaved.watch_unsaved`): the hands the address keeps
    (a reload while the database was down) join the session's unsaved ones, to be sent again, the learner being the
    page's personal link (checked when they are stored); received when this server first received them
    (:func:`ui.classes.table_kept.first_received`), else now."""
    raw, token = st.query_params.get(KEPT_PARAM), st.query_params.get(LEARNER_PARAM)
    parsed = Token.parse(token)
    if raw is None or token is None or parsed is None:
        return
    pending = _pending()
    for kept in read_kept(raw):
        key = (kept.session_id, parsed.id, kept.number)
        if key not in pending.unsaved:
            pending.unsaved[key] = UnsavedHand(kept.session_id, parsed.id, kept.number, kept.split, kept.declare,
                                               kept.expired, first_received(key, utcnow()), token)


def _deal_key(session_id: int) -> str:
    return f"tables_deal_{session_id}"


def _declare_key(session_id: int, number_: int) -> str:
    return f"tables_declare_{session_id}_{number_}"


def _problem_key(session_id: int) -> str:
    return f"tables_problem_{session_id}"


def _sit(session_id: int | None) -> None:
    """Open table session ``session_id`` on this page (``None``: back to the learner's page). The link changes
    in the browser too (a page link to the page itself would not keep it across the next rerun)."""
    if session_id is None:
        st.query_params.pop(TABLE_PARAM, None)
    else:
        st.query_params[TABLE_PARAM] = str(session_id)


def show_table_list(learner: LearnerInfo, lang: str, archived: bool = False) -> None:
    """The class's table sessions on the learner's page, each with the learner's progress and a link to play (to
    review only, and each closed, once the class is ``archived``: no hand is taken then)."""
    tables = table_sessions()
    sessions = tables.sessions(learner.class_id or "")
    if not sessions:
        return
    st.subheader(t("tables.title_learner"))
    for info in sessions:
        played = len(tables.hands(info.id, learner.id))
        closed = info.closed or archived
        state = t("tables.state.closed" if closed else "tables.state.open")
        with st.container(border=True):
            st.markdown(f"**{t('tables.session_title', n=info.id)}** · :gray-badge[{state}]")
            st.caption(session_line(info, lang))
            st.caption(t("tables.played_line", played=played, deals=info.deals))
            label = ("tables.review" if played >= info.deals or closed else
                     "tables.start" if played == 0 else "tables.continue")
            st.button(t(label), icon=":material/playing_cards:", key=f"tables_open_{info.id}", on_click=_sit,
                      args=(info.id,))


def take_waiting_hand() -> None:
    """Before the page reads the database: the split the component sent (if one waits) becomes an
    :class:`UnsavedHand` of the deal this page last drew for arranging (checked against its 13 cards: a stale or
    forged value is sent as no split, which the server refuses in time), received now, and is sent at once; a
    database that cannot take it leaves it in the session, for :func:`ui.unsaved.watch_unsaved` to send
    again (drawn before this on the page, which runs again at once to draw it if it was not). Whether it came in
    time is the server's word
    (:meth:`classroom.tables.TableSessions.submit` on the stored first showing): the browser's "expired" is only
    a claim."""
    value = st.session_state.pop(SUBMITTED_KEY, None)
    shown = st.session_state.get(_SHOWN_KEY)
    if value is None or not isinstance(shown, tuple):
        return
    info, learner_id, number_ = shown
    try:
        split: Arrangement | None = arrangement_from_value(value, info.table.deal(number_)[0])
    except ValueError:
        split = None
    declare = bool(st.session_state.get(_declare_key(info.id, number_), False))
    st.session_state[_deal_key(info.id)] = number_  # the page stays on it: its showdown, or that it waits
    pending = _pending()
    key = (info.id, learner_id, number_)
    hand = UnsavedHand(info.id, learner_id, number_, split, declare, expired(value), first_received(key, utcnow()))
    if hand.key in pending.unsaved:  # sent already: it waits for the database
        return
    with st.spinner(t("play.settling")):
        _store(hand, pending)
    if hand.key in pending.unsaved:
        start_watching()


def _current(info: TableSessionInfo, mine: dict[int, StoredHand]) -> int:
    """The deal shown: the one picked, else the first not played, else the last."""
    picked = st.session_state.get(_deal_key(info.id))
    if isinstance(picked, int) and 1 <= picked <= info.deals:
        return picked
    return next((n for n in range(1, info.deals + 1) if n not in mine), info.deals)


def _go(session_id: int, number_: int) -> None:
    st.session_state[_deal_key(session_id)] = number_
    st.session_state.pop(_problem_key(session_id), None)


def _arrange(info: TableSessionInfo, learner_id: str, number_: int, lang: str) -> None:
    table = info.table
    hands = table.deal(number_)
    show_bots_down(table.bots)  # one short line: the cards come first on a phone's screen
    held = find_instant_win(hands[0], table.rule_set) if table.rule_set.naturals else None
    if held is not None:
        st.toggle(t("play.declare", name=natural_name(held.pattern, lang), chi=held.chi),
                  key=_declare_key(info.id, number_), help=t("play.declare_help"))
    tables = table_sessions()
    key = f"tables_shown_{info.id}_{number_}"
    showing = st.session_state.get(key)
    if not isinstance(showing, Showing):  # noted once per page session: the first showing, stored by the server
        showing = st.session_state[key] = tables.show(info, learner_id, number_)
    remaining = tables.remaining(info, showing)
    st.session_state[_SHOWN_KEY] = (info, learner_id, number_)  # what a "Confirm" sends a split for
    deals().prepare(table, number_)  # the deal's shared work starts while the learner arranges
    show_arranger(hands[0], table.rule_set, lang, key=f"tables_arrange_{info.id}_{number_}", target=SUBMITTED_KEY,
                  version=f"{info.id}:{number_}", timer=None if remaining is None else Timer(remaining))
    if info.timer:  # under the cards (the session's line above names the limit too)
        st.caption(t("tables.timer_note", seconds=info.timer))


def _played(info: TableSessionInfo, hand: StoredHand, lang: str) -> None:
    result, analysis = table_sessions().play(info, hand.number, hand.arrangement, hand.declared, hand.origin)
    show_showdown(info.table, result, lang)  # a timed-out hand says so (the solver's split, when played)
    show_analysis(analysis, info.table.rule_set, lang, origin=hand.origin)
    limit = f" · {t('tables.timer_value', seconds=info.timer)}" if info.timer else ""
    st.caption(t("tables.time_taken", seconds=round(hand.seconds)) + limit)


def _summary(info: TableSessionInfo, mine: dict[int, StoredHand], lang: str) -> None:
    if not mine:
        return
    lost = sum(h.chi_lost for h in mine.values() if h.graded)
    won = sum(h.actual for h in mine.values())
    with st.container(horizontal=True, key="tables_summary"):
        st.metric(t("tables.metric.chi_lost"), number(lost, lang), border=True, width="content")
        st.metric(t("tables.metric.chi_won"), signed(won), border=True, width="content")
    with st.expander(t("tables.my_hands")):
        st.dataframe(pd.DataFrame([{
            t("tables.col.deal"): n,
            split_header(info.rule_set, lang): split_text(h.arrangement, h.declared),
            t("tables.col.chi_lost"): band_text(h.grade, lang) if h.graded else "—",
            t("tables.col.chi_at_table"): signed(h.actual),
            t("origin.col"): origin_mark(h.origin),
        } for n, h in sorted(mine.items())]), hide_index=True, width="stretch")


def _deal_picker(info: TableSessionInfo, mine: dict[int, StoredHand], number_: int) -> None:
    """Buttons to the previous and next deal (the next one only once this one is played)."""
    back, forward = st.columns(2)
    if number_ > 1:
        back.button(t("tables.previous"), icon=":material/arrow_back:", key="tables_previous", on_click=_go,
                    args=(info.id, number_ - 1), use_container_width=True)
    if number_ < info.deals and number_ in mine:
        forward.button(t("play.next"), type="primary", icon=":material/arrow_forward:", key="tables_next",
                       on_click=_go, args=(info.id, number_ + 1), use_container_width=True)


def show_table_play(learner: LearnerInfo, klass: ClassInfo, raw_id: str, lang: str) -> None:
    """Table session ``raw_id`` (from the link) for ``learner`` of ``klass`` (the caller checked the link).

    Args:
        learner: the learner whose page this is; ``klass``: their class; ``raw_id``: the ``table`` parameter as
            given (checked here: an unknown or another class's session is named, not raised); ``lang``: "vi"/"en".

    On a phone (390 px) the deal being arranged starts on the first screen: the narrow layout
    (:func:`ui.table.views.phone_layout`), the session's heading and "back" on one row, the computer players
    on one line; the summary of the hands played follows the deal.
    """
    tables = table_sessions()
    info = tables.session(int(raw_id)) if raw_id.isdigit() and len(raw_id) < 12 else None
    if info is None or info.class_id != klass.id:
        st.error(t("tables.unknown_session", value=markdown_literal(raw_id, limit=20)))
        st.button(t("tables.back"), icon=":material/arrow_back:", key="tables_back", on_click=_sit, args=(None,))
        return
    phone_layout()  # the deal's 13 cards on a 390 px phone's first screen
    with st.container(horizontal=True, vertical_alignment="center", key="tables_head"):
        st.subheader(t("tables.session_title", n=info.id), width="content")
        st.button(t("tables.back"), icon=":material/arrow_back:", key="tables_back", on_click=_sit, args=(None,))
    st.caption(t("tables.session_of", klass=markdown_literal(klass.name, limit=80)) + " · " + session_line(info, lang))
    mine = {h.number: h for h in tables.hands(info.id, learner.id)}
    number_ = _current(info, mine)
    st.progress(len(mine) / info.deals, text=t("tables.progress", played=len(mine), deals=info.deals))
    st.markdown(f"#### {t('play.deal_title', n=number_)}")
    problem = st.session_state.get(_problem_key(info.id))
    if problem:
        st.error(t(problem))
    hand = mine.get(number_)
    unsaved = _pending().unsaved.get((info.id, learner.id, number_))
    if hand is not None:
        _played(info, hand, lang)
    elif unsaved is not None:  # sent, kept in the session until the database takes it
        st.warning(t("tables.hand_unsaved"), icon=":material/cloud_off:")
        if unsaved.split is not None:
            st.caption(split_text(unsaved.split, unsaved.declare))
    elif info.closed or klass.archived:
        st.info(t("tables.closed_note"))
    else:
        _arrange(info, learner.id, number_, lang)
    _deal_picker(info, mine, number_)
    if len(mine) >= info.deals:
        st.success(t("tables.all_played"))
    _summary(info, mine, lang)  # after the deal: its cards come first on a phone's screen
