"""The room's pages inside Play (issue 34): open a room, join it by link or code, and the room itself: the seats, who
is still arranging (never their cards), the Play page's arranging component, then the showdown for everyone and
each player's own analysis.

Links: ``/play?room=new`` (open a room), ``/play?room=<code>`` (join: the link and QR code given to others),
``/play?room=<code>&seat=<seat link>`` (a seat; ``&host=<host link>`` for the host, who starts the deals and removes
seats, seated or not: a host who left the seat, or whose seat someone else took, watches the room, deals on, and takes
a free seat by "Join"; at a class's table, :mod:`classroom.seatings`, any person seated deals the next, up to the
seating's deals). A person the host removed is told so on their old link (:meth:`classroom.rooms.Rooms.removed`); a
full room's join page follows its seats; two tabs of one seat never overwrite each other's chi unseen
(:meth:`classroom.rooms.Rooms.place_since`). A reload
or another server finds the same seat, the same deal and the chi stored; the timer is the server's
(:mod:`classroom.rooms`).

**Following the room.** What others change (a seat taken, a hand confirmed, the showdown, the next deal) reaches a
page through its seat list, a fragment that polls the room (every :data:`POLL_S`, :data:`DEAL_POLL_S` while a deal
is arranged, :data:`STILL_POLL_S` when nothing is pending, :func:`pending`) and reads
:meth:`classroom.rooms.Rooms.signature` through the server's watch (:data:`ROOMS`: one read per room for all of a
server's pages at once, :data:`ui.watch.SHARED_S`). Its run draws the list again by itself when other seats only
confirmed their hands, and the page otherwise. The watch can also rerun a page's fragment when its room changes
(no poll at all, as the live class does), and it did for a while: under the load of ten rooms at once its reruns
raced the pages' whole runs and left some pages blank (``bench/rooms_load.py``). That race is fixed in the watch
(:class:`ui.watch._Runtime`), but on the watch ten rooms still missed the bench's targets as polling does, and one run
lost a host's "deal" button; polling met them at a person's pace with no error (the bench's docstring), so the rooms
poll.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping
from dataclasses import replace
from html import escape
from typing import Any

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from background.rooms import AnalysisKey, analysis_state, end_deal, keep_room_hands, prepare_seat, room_analysis, start_analysis
from classroom.clock import GRACE_S
from classroom.models import LEARNER_NAME_MAX, utcnow
from classroom.rooms import COMPUTER, MAX_SEATS, MIN_SEATS, TIMERS, RoomInfo, Rooms, RoomView, SeatToken
from classroom.seatings import Seatings
from classroom.service import ClassroomError, ClassroomStore, NameTakenError
from classroom.tokens import normalize_join_code
from maubinh.play import Origin, Strength
from maubinh.rules import POSITIONS
from maubinh.strategy.decide import decide
from ui.arrange.component import Timer, arrangement_from_value, declared_value, show_arranger
from ui.client import client_address
from ui.errors import guarded_function
from ui.escape import markdown_literal, plain_text
from ui.i18n import t
from ui.labels import natural_name
from ui.links import public_link, public_url, qr_data_uri, unreachable_note
from ui.live import countdown, show_countdown_script
from ui.nav import link_to
from ui.personal import personal_from_url
from ui.rooms.names import name_box, refused
from ui.settlement import show_events, show_pair, signed
from ui.setup import rule_set_label, rule_set_picker
from ui.store import LEARNER_PARAM, configured_url
from ui.table.timer import expired
from ui.table.views import compact_showdown_html, show_analysis, show_seat
from ui.watch import Topic, watch

__all__ = ["DEAL_POLL_S", "HOST_PARAM", "MAX_VALUE_CHARS", "NEW", "POLL_S", "ROOM_PARAM", "SEAT_PARAM", "pending",
           "room_requested", "rooms", "show_room_page", "show_rooms_button", "take_value"]

ROOM_PARAM, SEAT_PARAM, HOST_PARAM = "room", "seat", "host"
NEW = "new"
"""``?room=new``: the form that opens a room."""
POLL_S = 1.0
"""Without the server's watch: seconds between two looks at the room while something is pending."""
DEAL_POLL_S = 0.75
"""The same while a deal is being arranged (a look every second alone waits up to 0.95 s at p95)."""
STILL_POLL_S = 5.0
"""The same while nothing is pending for this page (the host at a showdown: another device of the host may deal)."""
MAX_VALUE_CHARS = 2000
"""A component value longer than this (as JSON) is refused unread (a real one is about 250)."""
_PROBLEM_KEY = "rooms_problem"
FOLDED_TITLE, PHONE_SPACE = "rooms_title_folded", "rooms_phone_space"
"""Keys of the page's title and way back while the seat arranges a deal (hidden on a phone: its 13 cards on the first
screen), and of the space that then keeps the first line below the header bar (a phone's only): :data:`ui.cards.CARD_CSS`."""
_log = logging.getLogger(__name__)
_LOCK_KEY = "rooms_lock"
"""Widget key of the host's "let nobody new join"."""
_CHANGED_KEY = "rooms_changed"
"""Session key: the deal whose chi this tab found changed from another tab or device (said once, at the next run)."""


@st.cache_resource(show_spinner=False)
def _open(url: str | None) -> Rooms:
    return Rooms(ClassroomStore.open(url))


def rooms() -> Rooms:
    """This server's rooms, on the classroom database (a store of their own: a room needs neither the question
    bank nor the graders that :func:`ui.store.classroom` loads and starts; its connections open only when used)."""
    return _open(configured_url())


def _signatures(room_ids: frozenset[str]) -> dict[str, tuple[object, ...]]:
    return {room_id: () for room_id in room_ids} | rooms().signatures(room_ids)


ROOMS: Topic[str, tuple[object, ...]] = Topic("rooms", _signatures)
"""What a room's waiting pages follow (:mod:`ui.watch`): the room's :meth:`classroom.rooms.Rooms.signature`, every
followed room of the server read in one go (``()``: no such room)."""


def _signature(room_id: str) -> tuple[object, ...]:
    """The room's signature read now (a full run of the page: what the person just did shows), kept for the watch."""
    return watch().state(ROOMS, room_id, shared=False)


def room_requested() -> bool:
    """Whether the address asks for a room (``?room=``)."""
    return ROOM_PARAM in st.query_params


def _go(**params: str) -> None:
    """Go to ``params``, keeping the language and the personal link (the profile a seat's hands go to)."""
    kept = {key: str(st.query_params[key]) for key in ("lang", LEARNER_PARAM) if st.query_params.get(key)}
    st.query_params.clear()
    st.query_params.update(params)
    for key, value in kept.items():
        st.query_params.setdefault(key, value)


def _profile() -> str | None:
    """The profile of the person at this page (their personal link or remembered device), ``None`` for none."""
    linked = personal_from_url()
    return None if linked is None else linked.learner.id


def show_rooms_button() -> None:
    """Play's way into rooms: "Play with people", and back to the room this tab was in, if it is still open."""
    st.button(t("rooms.open_button"), icon=":material/groups:", key="rooms_open", on_click=_go, kwargs={ROOM_PARAM: NEW})
    _back_to_room("rooms_return_play")


_MINE_KEY = "rooms_mine"
"""Session key: the room this tab was last in at a seat or as its host (id, code, its address's parameters)."""


def _back_to_room(key: str) -> None:
    """A button back to the room this tab was in at a seat or as host (its seat and host links kept in the session:
    "Back to the computer table" lost them, and typing the code again made the host a stranger), while it is open."""
    mine = st.session_state.get(_MINE_KEY)
    if mine is None:
        return
    room_id, code, params = mine
    try:
        room = rooms().room(room_id)
    except (ClassroomError, SQLAlchemyError):
        return
    if room is None or room.closed():
        st.session_state.pop(_MINE_KEY, None)
        return
    st.button(t("rooms.back_to_room", code=code), icon=":material/meeting_room:", key=key, on_click=_go, kwargs=params)


def _back() -> None:
    st.button(t("rooms.back"), icon=":material/arrow_back:", key="rooms_back", on_click=_go)


def _heading(text: str) -> None:
    """A part's heading: an h4, which keeps room below it on a phone (an h3 ran into the line under it)."""
    st.markdown(f"#### {text}", width="content")


def _strength_label(value: str) -> str:
    """An option of "empty seats": the strength's name begun with a capital (it is lower case inside a sentence)."""
    label = t("rooms.fill_none") if value == "none" else t(f"play.strength.{value}")
    return label[:1].upper() + label[1:]


def _code_form(lang: str) -> None:
    """Join a room by typing its code (a wrong code counts against the join throttle when it is looked up)."""
    with st.form("rooms_code"):
        code = st.text_input(t("rooms.code"), max_chars=16, key="rooms_code_text")
        if st.form_submit_button(t("rooms.go"), icon=":material/login:"):
            _go(**{ROOM_PARAM: normalize_join_code(code) or NEW, "lang": lang})
            st.rerun()


def _create(lang: str) -> None:
    _back_to_room("rooms_return_new")
    _code_form(lang)
    _heading(t("rooms.create_title"))
    st.caption(t("rooms.create_intro"))
    rule_set = rule_set_picker("rooms")
    with st.form("rooms_create"):
        name = name_box(t("rooms.your_name"), "rooms_create_name")
        seats = st.segmented_control(t("rooms.seats"), list(range(MIN_SEATS, MAX_SEATS + 1)), default=MAX_SEATS,
                                     key="rooms_seats")
        timer = st.segmented_control(t("rooms.timer"), list(TIMERS), default=TIMERS[1], key="rooms_timer",
                                     format_func=lambda s: t("rooms.seconds", s=s))
        fill = st.selectbox(t("rooms.fill"), ["beginner", "medium", "solver", "none"], key="rooms_fill",
                            format_func=_strength_label)
        st.caption(t("rooms.fill_help"))
        share = st.toggle(t("rooms.share"), key="rooms_share", help=t("rooms.share_help"))
        if not st.form_submit_button(t("rooms.create"), type="primary", icon=":material/add:"):
            return
    try:
        new = rooms().create(rule_set, int(seats or MAX_SEATS), int(timer or TIMERS[1]),
                             None if fill == "none" else Strength(str(fill)), name, share_analysis=bool(share),
                             learner_id=_profile())
    except ClassroomError as error:
        refused(error, t("rooms.refused", field=error.field))
        return
    _go(**{ROOM_PARAM: new.room.code, SEAT_PARAM: str(new.seat), HOST_PARAM: str(new.host), "lang": lang})
    st.rerun()


def _join(room: RoomInfo, lang: str) -> None:
    if room.seating_id is not None:  # a class's table: its teacher seats it, and its names stay in the class
        st.info(t("seat.join_refused"), icon=":material/groups:")
        return
    store = rooms()
    drawn = _signature(room.id)  # before the view: a seat freed in between is seen at the next look
    view = store.view(room.id)
    taken = [] if view is None else [s for s in view.seats if not s.left]
    _heading(t("rooms.join_title", code=room.code))
    _room_line(room, lang)
    if room.locked:  # the host lets nobody new join: no name box (a seat link still takes its seat back)
        st.info(t("rooms.locked_join"), icon=":material/lock:")
        return
    if len(taken) >= room.seats and view is not None:
        st.info(t("rooms.full", n=room.seats), icon=":material/event_seat:")
        _status_live(view, drawn, None)  # the seats, looked at again: a seat freed brings the form (no reload)
        return
    if taken:
        st.markdown(t("rooms.seated", names=", ".join(markdown_literal(s.name) for s in taken)))
    _seat_form(room, lang)


def _seat_form(room: RoomInfo, lang: str, host: str | None = None) -> None:
    """The name box and "Join": a free seat for the person at this page (``host``: the host's link, kept)."""
    with st.form("rooms_join"):
        name = name_box(t("rooms.your_name"), "rooms_join_name")
        if not st.form_submit_button(t("rooms.join"), type="primary", icon=":material/login:"):
            return
    try:
        seat = rooms().join(room.id, name, learner_id=_profile(), host_token=host)
    except NameTakenError as error:
        st.error(t("rooms.name_taken", suggestion=markdown_literal(error.suggestion)))
        return
    except ClassroomError as error:
        said = {"full": t("rooms.full", n=room.seats), "locked": t("rooms.locked_join")}
        refused(error, said.get(error.field, t("rooms.closed")))
        return
    _go(**{ROOM_PARAM: room.code, SEAT_PARAM: str(seat), "lang": lang, **({HOST_PARAM: host} if host else {})})
    st.rerun()


COMPACT_NAME = 18
"""Characters of a name in the seat list while a deal is arranged (one line a seat on a 390 px phone)."""


def _seat_name(view: RoomView, seat: int, limit: int = LEARNER_NAME_MAX,
               literal: Callable[[object, int | None], str] = markdown_literal, dealt: bool = False) -> str:
    """A seat's name: a person's made safe by ``literal`` (for Markdown by default; :func:`ui.escape.plain_text` for
    HTML that escapes it later), a computer player's, or "seat n" when empty; ``dealt``: the person the deal was
    dealt to (the showdown's; the seat may have changed hands since), else who holds the seat now."""
    for player in view.players:
        if player.seat == seat and player.strength is not None:
            return t("rooms.computer", n=seat + 1, strength=t(f"play.strength.{player.strength.value}"))
        if dealt and player.seat == seat and player.name is not None:
            return literal(player.name, limit)
    for info in view.seats:
        if info.seat == seat:
            return literal(info.name, limit)
    return t("rooms.empty_seat", n=seat + 1)


def pending(view: RoomView, host: bool) -> bool:
    """Whether the page must look at the room again by itself: the room is open and it waits for someone else (a
    deal being arranged, the host's next deal, people joining before the first deal; ``host`` not seated: always,
    so a seat freed shows the host's "Join")."""
    if view.room.closed():
        return False
    if view.me is None:
        return host
    if view.number and not view.settled:
        return True
    return not host or view.number == 0


def _due(view: RoomView) -> bool:
    """Whether the view's deal may be due for its showdown: every person's hand is in, or its time is up (the
    server's :meth:`classroom.rooms.Rooms.tick` decides, with the grace); a page only asks then."""
    return bool(view.number) and not view.settled and (not view.arranging or view.remaining == 0)


def _status(view: RoomView, drawn: tuple[object, ...], deadline_passed_at: float | None) -> None:
    """The seats and who is still arranging (never anyone's cards); the page is drawn again when the room changed
    (followed by the server's watch, :data:`ROOMS`)."""
    store = rooms()
    now = watch().state(ROOMS, view.room.id)  # a full run: the signature its page read a moment ago (:func:`_page`)
    if now != drawn and (confirmed := store.confirmed_elsewhere(drawn, now, view.me)) is not None:
        # others confirmed: only this list changes (a whole-page run for each was most of a deal's work)
        view, drawn = replace(view, ready=confirmed), now
    if _due(view) or (deadline_passed_at is not None and utcnow().timestamp() >= deadline_passed_at):
        end_deal(store, view.room.id, view.number)  # all in or the time up: one page of one server settles the deal
        now = _signature(view.room.id)
    if now != drawn:
        st.rerun(scope="app")
    ready, arranging = view.ready, {p.seat for p in view.arranging}
    computers = {p.seat for p in view.players if p.strength is not None}  # never "left": it fills a seat
    lines, compact = [], bool(view.number) and not view.settled  # a deal arranged: one short line a seat
    for seat in range(view.room.seats):
        name = _seat_name(view, seat, COMPACT_NAME if compact else LEARNER_NAME_MAX)
        you = f" ({t('rooms.you')})" if seat == view.me else ""
        gone = next((s for s in view.seats if s.seat == seat and s.left), None)
        if seat == view.me and view.number and not view.playing and not view.settled:  # seated after the deal
            mine = next((s.name for s in view.seats if s.seat == seat), "")
            name = markdown_literal(mine, COMPACT_NAME if compact else LEARNER_NAME_MAX)
            state = t("rooms.state_next" if seat in computers else "rooms.state_next_deal")
        elif gone is not None and seat not in computers:
            state = t("rooms.state_removed" if gone.removed else "rooms.state_left")
        elif seat in arranging:
            state = t("rooms.state_arranging")
        elif seat in ready and not view.settled:
            state = t("rooms.state_ready")
        else:
            state = ""
        lines.append(f"**{name}**{you}" + (f" · {state}" if state else ""))
    if compact:
        st.caption("  \n".join(lines))
    else:
        st.markdown("\n".join(f"- {line}" for line in lines))


_status_live = st.fragment(run_every=POLL_S)(guarded_function(_status))
_status_dealt = st.fragment(run_every=DEAL_POLL_S)(guarded_function(_status))
_status_still = st.fragment(run_every=STILL_POLL_S)(guarded_function(_status))
"""The seats' fragment, by what the page waits for. It polls (the reads shared through the server's watch, one per
room per :data:`ui.watch.SHARED_S`; why not the watch's reruns: the module)."""


def take_value(value: Mapping[str, Any], token: str, view: RoomView, declare: bool, xep_bai: bool) -> str | None:
    """Send the component's ``value`` as the seat's hand of the current deal; returns the problem to show (``None``:
    taken). A crafted value (too long, other cards, duplicates, not three chi) is refused and changes nothing; at
    the timer's zero a value that is not a complete split is left to the server's timer rule. With ``declare`` on
    and an instant win held, a value sent before every card was placed plays the solver's split, declared (as Play:
    declaring needs no split)."""
    try:
        size = len(json.dumps(value, default=str))
    except (TypeError, ValueError):
        size = MAX_VALUE_CHARS + 1
    if size > MAX_VALUE_CHARS:
        return t("rooms.bad_split")
    late = expired(value)
    sent: object = value
    rule_set = view.room.rule_set
    if declare and view.instant_win is not None:
        # an instant win declared: sent before every card was placed, it plays the solver's split (as Play)
        sent = declared_value(value, view.cards,
                              lambda: decide(view.cards, rule_set, opponents=len(view.players) - 1).arrangement)
    try:
        arrangement = arrangement_from_value(sent, view.cards)
    except ValueError:
        if not late:
            return t("rooms.bad_split")
        arrangement = None
    try:
        rooms().confirm(token, view.number, arrangement, declare, expired=late, xep_bai=xep_bai)
    except ClassroomError as error:
        return t(_REFUSALS.get(error.field, "rooms.refused"), field=error.field)
    except SQLAlchemyError:
        return t("rooms.unsaved")
    return None


_REFUSALS = {"arrangement": "rooms.bad_split", "settled": "rooms.too_late", "seat": "rooms.seat_gone",
             "closed": "rooms.closed", "deal": "rooms.next_deal"}
"""The words for a hand the room refused, by :class:`~classroom.service.ClassroomError` field."""


def _arrange(view: RoomView, token: str, lang: str) -> None:
    """The seat's deal being arranged: the heading and "Xếp bài", the "declare" switch when the cards hold an instant
    win, the arranging component. The chi and the switch are stored as they change (:meth:`Rooms.place_since`,
    :meth:`Rooms.declare_since`): a reload, another device and the timer's rule find them; a tab behind another's
    writes is told so and shown what is stored."""
    rule_set, number = view.room.rule_set, view.number
    xep_key, declare_key = f"rooms_xep_{view.room.id}_{number}", f"rooms_declare_{view.room.id}_{number}"
    seen_key, reset_key = f"rooms_seen_{view.room.id}_{number}", f"rooms_reset_{view.room.id}_{number}"
    helped = bool(st.session_state.get(xep_key))
    with st.container(horizontal=True, vertical_alignment="center"):
        st.subheader(t("rooms.deal_title", n=number), width="content")
        st.button(t("play.solve"), icon=":material/auto_fix_high:", key=f"rooms_solve_{number}", disabled=helped,
                  on_click=st.session_state.__setitem__, args=(xep_key, True), help=t("play.solve_help"))

    def seen_again() -> None:
        """Another tab or device stored chi since this tab's last look: said, and what is stored shown."""
        fresh = rooms().view(view.room.id, token)
        st.session_state[seen_key] = None if fresh is None else fresh.placed_at
        st.session_state[reset_key] = int(st.session_state.get(reset_key, 0)) + 1
        st.session_state[_CHANGED_KEY] = seen_key
        if fresh is not None and fresh.declare is not None:
            st.session_state[declare_key] = fresh.declare

    def chose() -> None:
        choice = bool(st.session_state.get(declare_key))
        try:
            try:
                st.session_state[seen_key] = rooms().declare_since(token, number, choice, st.session_state.get(seen_key))
            except ClassroomError as error:
                if error.field != "changed":
                    return
                seen_again()  # the other tab's chi shown, and this switch, the newest word, stored with them
                st.session_state[declare_key] = choice
                st.session_state[seen_key] = rooms().declare_since(token, number, choice, st.session_state.get(seen_key))
        except (ClassroomError, SQLAlchemyError):  # a deal over, the database away: the switch stays this tab's
            pass

    held = view.instant_win
    if held is not None:
        if declare_key not in st.session_state and view.declare is not None:  # chosen before a reload, or elsewhere
            st.session_state[declare_key] = view.declare
        st.toggle(t("play.declare", name=natural_name(held.pattern, lang), chi=held.chi), key=declare_key,
                  help=t("play.declare_help"), on_change=chose)
    if helped:
        st.caption(t("play.helped_note"))
    problem = st.session_state.pop(_PROBLEM_KEY, None)
    if problem:
        st.error(problem)
    if seen_key not in st.session_state:  # the placement this tab starts from (and the time it was stored)
        st.session_state[seen_key] = view.placed_at
    elif st.session_state.get(_CHANGED_KEY) == seen_key:
        st.session_state.pop(_CHANGED_KEY)
        st.warning(t("rooms.changed_elsewhere"), icon=":material/devices:")

    def confirmed(value: dict[str, object]) -> None:
        found = take_value(value, token, view, bool(st.session_state.get(declare_key)), helped)
        if found:
            st.session_state[_PROBLEM_KEY] = found

    def placed(value: dict[str, object]) -> None:
        try:
            st.session_state[seen_key] = rooms().place_since(token, number, {p.value: value.get(p.value, [])
                                                                             for p in POSITIONS},
                                                             st.session_state.get(seen_key))
        except ClassroomError as error:  # a crafted value or a deal over: nothing stored, the page goes on
            if error.field == "changed":  # another tab or device placed since: said, and its placement shown
                seen_again()
        except SQLAlchemyError:
            pass

    initial = (decide(view.cards, rule_set, opponents=len(view.players) - 1).arrangement if helped
               else {p: [c for c in view.cards if str(c) in set(view.placed.get(p.value, ()))]
                     for p in POSITIONS} if view.placed else None)
    show_arranger(view.cards, rule_set, lang, key=f"rooms_arrange_{view.room.id}_{number}", on_confirm=confirmed,
                  version=f"{view.room.id}:{number}:{int(helped)}:{int(st.session_state.get(reset_key, 0))}",
                  initial=initial, declare=t("play.declare_hint") if held is not None and st.session_state.get(declare_key)
                  else None,
                  timer=None if view.remaining is None else Timer(view.remaining), on_placed=placed)


def _showdown(view: RoomView, lang: str) -> None:
    """The showdown for everyone: under one heading, each seat in a few lines (its name and total, its three chi as
    cards in text, :func:`ui.table.views.compact_showdown_html`: every hand on a 390 px phone's first screen or two;
    on a phone, four seats' cards drawn as images took four screens), the viewer's results against each chi marked;
    then the events (fouls, instant wins, scoops) and each pair's settlement folded, the viewer's own (a watcher:
    every pair); then the viewer's analysis and, when the room shares them, everyone's."""
    settlement = view.settlement
    if settlement is None:
        return
    rule_set = view.room.rule_set
    order = [p.seat for p in view.players]
    mine = order.index(view.me) if view.playing and view.me in order else None  # a newcomer watches this one

    def name(index: int) -> str:
        return _seat_name(view, order[index], dealt=True)

    _heading(f"{t('rooms.deal_title', n=view.number)} · {t('play.showdown')}")
    names = {index: _seat_name(view, seat, literal=plain_text, dealt=True) + (f" ({t('rooms.you')})" if index == mine else "")
             for index, seat in enumerate(order)}
    notes = {index: [t(f"origin.mark.{hand.origin}")] for index, hand in enumerate(view.hands)
             if hand.origin in (Origin.TIMER.value, Origin.TIMER_SOLVER.value, Origin.XEP_BAI.value)}
    st.markdown(compact_showdown_html([h.arrangement for h in view.hands], settlement, rule_set, names, lang, me=mine,
                                      notes=notes), unsafe_allow_html=True)
    if mine is not None:
        st.caption(t("play.marks_legend"))
    show_events(settlement, rule_set, lang, name, [h.arrangement for h in view.hands])
    for pair in settlement.pairs:
        if mine is None or mine in (pair.a, pair.b):
            show_pair(pair, rule_set, lang, name)
    if mine is not None:
        _analysis(view, mine, lang)
    if view.room.share_analysis:
        for index in range(len(view.hands)):
            if index != mine and view.hands[index].origin != COMPUTER:
                with st.expander(t("rooms.analysis_of", name=name(index))):
                    _analysis(view, index, lang)
    keep_room_hands(rooms(), view.room.id)  # into the players' profiles, once the showdown is on the screen


def _analysis(view: RoomView, index: int, lang: str) -> None:
    """The analysis of the view's hand ``index`` (a person's): drawn when made; else started in the background
    (:func:`background.rooms.start_analysis`) and waited for by a fragment that follows it, so the showdown is on the
    screen at once and no page's run makes an analysis (forty at once took the cores from the others' showdowns)."""
    hand = view.hands[index]
    key = (view.room.id, view.number, hand.seat)
    future = None if key in st.session_state.get(_FAILED_KEY, ()) else start_analysis(rooms(), view, hand.seat)
    if future is not None and future.done() and not future.cancelled() and future.exception() is not None:
        _log.warning("a room's analysis failed: %r", future.exception())
        st.session_state.setdefault(_FAILED_KEY, set()).add(key)  # said, not made again at each run
    if key in st.session_state.get(_FAILED_KEY, ()):
        st.warning(t("rooms.analysis_failed"), icon=":material/error:")
        return
    if future is None:
        return
    if future.cancelled():  # the lane refused it (full, the server stopping): made here
        with st.spinner(t("rooms.analysing")):
            analysis = room_analysis(rooms(), view, hand.seat)
    elif not future.done():
        _analysis_waiting(key)
        return
    else:
        analysis = future.result()
    if analysis is not None:
        show_analysis(analysis, view.room.rule_set, lang, key=f"play_analysis_numbers_room_{view.number}_{hand.seat}",
                      origin=Origin(hand.origin))


ANALYSES: Topic[AnalysisKey, str] = Topic("room_analyses", lambda keys: {key: analysis_state(key) for key in keys})
"""What a page waiting for an analysis follows (:mod:`ui.watch`): whether it is made, in this process (no database)."""
ANALYSIS_POLL_S = 1.0
"""Without the server's watch: seconds between two looks for an analysis under way."""
_FAILED_KEY = "rooms_analyses_failed"
"""Session key: the analyses (room, deal, seat) that failed on this page (said once made, not started again)."""


@st.fragment(run_every=ANALYSIS_POLL_S)
@guarded_function
def _analysis_waiting(key: AnalysisKey) -> None:
    """Shown while the analysis of ``key`` is under way; once it is made (or failed) the page is drawn again, with it."""
    if watch().state(ANALYSES, key) == "under way":
        st.caption(f":material/hourglass_top: {t('rooms.analysing')}")
        return
    st.rerun(scope="app")


def _score(view: RoomView) -> None:
    """The room's running score (:attr:`RoomView.score`: a person's own deals at the seat they hold, a free seat's
    computer player's) under the name of who it belongs to: one short wrapping line of small boxes (four metric boxes
    with long names took 300 px of a phone's screen), names escaped, the viewer's seat marked."""
    if not view.score:
        return
    held = {info.seat: info.name for info in view.seats if not info.removed}  # the score is the holder's
    items = "".join(
        f'<span class="mb-score{" mb-score-me" if seat == view.me else ""}" role="listitem">'
        f'{escape(plain_text(held[seat], LEARNER_NAME_MAX) if seat in held else _seat_name(view, seat, literal=plain_text))}'
        f' <b>{escape(signed(view.score[seat]))}</b></span>'
        for seat in sorted(view.score))
    label = escape(t("rooms.score"))
    st.markdown(f'<div class="mb-scores" role="list" aria-label="{label}"><div class="mb-sd-head">{label}</div>'
                f'{items}</div>', unsafe_allow_html=True)


def _invite(room: RoomInfo, lang: str, folded: bool = False) -> None:
    """The room's link, code and QR code in an expander; ``folded`` (a deal arranged): a small popover instead, the
    room's rules line in it (the cards keep the first screen of a phone)."""
    link = public_link(public_url(), "play", {ROOM_PARAM: room.code, "lang": lang}, st.context.url)
    with (st.popover(t("rooms.invite_short"), icon=":material/qr_code_2:") if folded
          else st.expander(t("rooms.invite"), icon=":material/qr_code_2:")):
        if folded:
            _room_line(room, lang)
        unreachable_note("rooms.unreachable")  # a localhost link: phones cannot open it
        st.markdown(t("rooms.invite_note", code=room.code))
        st.code(link, language=None)
        st.markdown(f'<img src="{qr_data_uri(link)}" alt="{t("rooms.qr_alt")}" '
                    f'style="width:min(240px,100%);image-rendering:pixelated">', unsafe_allow_html=True)


def _room_line(room: RoomInfo, lang: str) -> None:
    """The room's rules, seats and timer; "nobody new may join" while the host has locked it."""
    line = t("rooms.room_line", rules=rule_set_label(room.rule_set, lang), seats=room.seats,
             timer=t("rooms.seconds", s=room.timer))
    st.caption(f"{line} · :material/lock: {t('rooms.locked')}" if room.locked else line)


def _class_table(room: RoomInfo, lang: str) -> int | None:
    """At a class seating's table (:mod:`classroom.seatings`): its heading, the way back to the class page, and the
    seating's number of deals (a seated person deals the next); ``None`` for a room opened from Play."""
    if room.seating_id is None:
        return None
    seating = Seatings(rooms()).seating(room.seating_id)
    _heading(t("seat.room_title", n=room.table_no or 0))
    token = st.query_params.get(LEARNER_PARAM)
    if token:
        link_to("pages/classes.py", t("seat.to_class"), ":material/groups:", {LEARNER_PARAM: str(token), "lang": lang})
    return None if seating is None else seating.deals


def _room(view: RoomView, drawn: tuple[object, ...], token: SeatToken | None, host: bool, lang: str) -> bool:
    """The room at one's seat (``token``), or as the host not seated (``token`` ``None``: the host's link keeps dealing
    and removing seats while its seat is left or taken, and takes a free seat by "Join"); whether this seat is
    arranging a deal."""
    room = view.room
    arranged = bool(view.number) and not view.settled
    me_left = any(s.seat == view.me and s.left for s in view.seats)
    playing = view.playing
    arranging = arranged and playing and view.mine is None and token is not None and not me_left
    head = st.container()  # drawn below: the seat list keeps one place on the page whatever the heading holds
    deadline = None
    if view.number and not view.settled and view.remaining is not None:
        deadline = utcnow().timestamp() + view.remaining + GRACE_S
    with head:
        deals = _class_table(room, lang)
    over = deals is not None and view.settled and view.number >= deals  # a class table's last showdown
    (_status_still if not pending(view, host or over) else _status_dealt if arranged else _status_live)(view, drawn,
                                                                                                        deadline)
    with head:  # one fragment at one place: a fragment drawn elsewhere before would stay Streamlit's, and followed
        if deals is None and not arranging:  # this seat arranging: the seats, then the cards (code below them)
            with st.container(horizontal=True, vertical_alignment="center"):
                _heading(t("rooms.room_title", code=room.code))
                if arranged:  # a deal arranged: the invitation folded beside the title
                    _invite(room, lang, folded=True)
        if not arranged or deals is not None:
            _room_line(room, lang)
        if room.seating_id is None and not arranged:  # a class's table is seated by its teacher: no invitation
            _invite(room, lang)
    store = rooms()
    if token is None:  # the host, not seated: watching, and seated again by "Join" when a seat is free
        st.info(t("rooms.host_watching"), icon=":material/visibility:")
        if sum(not s.left for s in view.seats) < room.seats:
            _seat_form(room, lang, host=str(st.query_params.get(HOST_PARAM)))
    elif me_left:
        st.info(t("rooms.you_left"))
        if st.button(t("rooms.retake"), key="rooms_retake", type="primary"):
            if not store.retake(str(token)):
                st.error(t("rooms.seat_gone"))
            st.rerun()
        if not host:
            return False
    if view.number and not view.settled:
        prepare_seat(view)  # the showdown's analysis of this seat, made in the background while the deal is arranged
        if arranging:
            _arrange(view, str(token), lang)
        elif playing and view.mine is not None:
            st.markdown(f"**{t('rooms.your_hand')}**")
            held = view.instant_win if view.mine.declared else None
            if held is not None:  # declared: that is what counts, the split only what the showdown shows
                st.caption(t("play.declared", name=natural_name(held.pattern, lang)))
            show_seat(view.mine.arrangement, room.rule_set, lang)
            _waiting_others(view, lang)
    elif view.settled:
        _showdown(view, lang)
    elif not host and deals is None:
        st.caption(t("rooms.waiting_host"))
    _score(view)
    dealer = host or (deals is not None and view.number < deals)  # at a class table, anyone seated deals on
    if deals is not None and view.settled and view.number >= deals:
        st.info(t("seat.deals_over", n=deals), icon=":material/flag:")
    if dealer and (view.number == 0 or view.settled) and st.button(
            t("rooms.start" if view.number == 0 else "rooms.next"), type="primary", icon=":material/playing_cards:",
            key="rooms_start", use_container_width=True):
        try:
            store.start(room.id, st.query_params.get(HOST_PARAM), seat_token=None if token is None else str(token))
        except ClassroomError as error:
            if error.field == "running" and deals is not None:  # a tablemate dealt it a moment before: play it
                st.rerun()
            st.error(t("rooms.players") if error.field == "players" else t("rooms.refused", field=error.field))
            return False
        st.rerun()
    if token is not None and not me_left:
        _leave(store, str(token), host, mid_deal=arranged and playing and view.mine is None)
    if arranging and deals is None:
        _invite(room, lang, folded=True)
    if host:
        _remove(view)
    return arranging


def _waiting_others(view: RoomView, lang: str) -> None:
    """"Waiting for the others (or the timer)" and the time left, counted down in the browser from the server's
    (:func:`ui.live.countdown`; found by a user test: nothing said how long the wait could be)."""
    left = "" if view.remaining is None else f' · <span class="mb-room-left">{countdown(view.remaining, lang)}</span>'
    if left:
        show_countdown_script()
    st.caption(f'<span data-testid="room-wait">{escape(t("rooms.waiting_others"))}</span>{left}', unsafe_allow_html=True)


def _leave(store: Rooms, token: str, host: bool, mid_deal: bool) -> None:
    """"Leave the seat"; while this seat's hand of the deal is not yet sent (``mid_deal``) it asks first, in a popover
    (drawn by the browser, no run): leaving then hands the deal to the timer's rule (:class:`maubinh.play.Origin`:
    the split as placed if complete, else the solver's, charged as binh lủng)."""
    help_text = t("rooms.host_leave_help") if host else None
    if mid_deal:
        with st.popover(t("rooms.leave"), icon=":material/logout:", help=help_text):
            st.markdown(t("rooms.leave_confirm"))
            sure = st.button(t("rooms.leave_yes"), key="rooms_leave", type="primary", icon=":material/logout:")
    else:
        sure = st.button(t("rooms.leave"), key="rooms_leave", icon=":material/logout:", help=help_text)
    if sure:
        store.leave(token)
        st.rerun()


def _lock(room: RoomInfo) -> None:
    """The host's "let nobody new join" (:meth:`classroom.rooms.Rooms.lock`; not at a class's table, seated by its
    teacher)."""
    if room.seating_id is not None:
        return

    def flip() -> None:  # before the run: the page then reads the room locked or not
        rooms().lock(room.id, st.query_params.get(HOST_PARAM), bool(st.session_state[_LOCK_KEY]))

    st.session_state[_LOCK_KEY] = room.locked  # the server's word (the host's other device may have changed it)
    st.toggle(t("rooms.lock"), key=_LOCK_KEY, on_change=flip, help=t("rooms.lock_help"))


def _remove(view: RoomView) -> None:
    """The host's "remove a seat": the people seated, the host's own seat apart; and the lock against newcomers."""
    _lock(view.room)
    others = [s for s in view.seats if s.seat != view.me and not s.left]
    if not others:
        return
    with st.expander(t("rooms.remove_title"), icon=":material/person_remove:"):
        choice = st.selectbox(t("rooms.remove_who"), [s.seat for s in others], key="rooms_remove_seat",
                              format_func=lambda seat: next(s.name for s in others if s.seat == seat)[:LEARNER_NAME_MAX])
        if st.button(t("rooms.remove"), key="rooms_remove"):
            rooms().remove(view.room.id, st.query_params.get(HOST_PARAM), int(choice))
            st.rerun()


def show_room_page(lang: str) -> None:
    """The room named by the address: the form to open one (``?room=new``), to join one (``?room=<code>``), or the
    room at one's seat (``&seat=``); a wrong or closed code says so (wrong codes count against the join throttle).
    On a phone, the page's title and its way back are left out while this seat arranges a deal: its 13 cards are on a
    390 px phone's first screen ("Leave the seat" stays below them)."""
    top = st.container()  # drawn last, when it is known whether this seat arranges a deal
    arranging = _page(str(st.query_params.get(ROOM_PARAM, ""))[:32], lang)
    with top:
        with st.container(key=FOLDED_TITLE if arranging else "rooms_title"):  # folded: hidden on a phone (ui.cards.CARD_CSS)
            st.title(t("rooms.title"))
            _back()
        if arranging:
            with st.container(key=PHONE_SPACE):  # a phone's only: the seats' first line below Streamlit's header bar
                st.space("small")


def _page(raw: str, lang: str) -> bool:
    """:func:`show_room_page`'s room; whether this seat is arranging a deal."""
    if raw == NEW:
        _create(lang)
        return False
    store = rooms()
    token = store.seat(st.query_params.get(SEAT_PARAM))
    room = None if token is None else store.room(token.room_id)
    if room is not None and room.code != raw.upper():  # another room's seat link: this code's room, the link said
        token, room = None, None
    try:
        room = room or store.find(raw, client_address())
    except ClassroomError:
        st.error(t("rooms.throttled"))
        return False
    if room is None or room.closed():
        _unknown(raw, lang)
        return False
    host = store.is_host(room.id, st.query_params.get(HOST_PARAM))
    if token is None:
        removed = store.removed(st.query_params.get(SEAT_PARAM))
        if removed is not None and removed.room_id == room.id:
            st.warning(t("rooms.removed_you", n=removed.seat + 1), icon=":material/person_remove:")
        elif st.query_params.get(SEAT_PARAM) and not host:  # a broken, crafted or foreign seat link: said, not ignored
            st.warning(t("rooms.bad_seat_link"), icon=":material/link_off:")
        if not host or room.seating_id is not None:
            _join(room, lang)
            return False
    seat = None if token is None else str(token)
    st.session_state[_MINE_KEY] = (room.id, room.code, {key: str(st.query_params[key]) for key in (
        ROOM_PARAM, SEAT_PARAM, HOST_PARAM) if st.query_params.get(key)})  # the way back from Play (_back_to_room)
    drawn = _signature(room.id)  # before the view: a change in between redraws the page, never goes unseen
    view = store.view(room.id, seat, settle=False)
    if view is not None and _due(view) and end_deal(store, room.id, view.number):  # settled, once per process
        drawn = _signature(room.id)
        view = store.view(room.id, seat, settle=False)
    if view is None:
        _unknown(raw, lang)
        return False
    return _room(view, drawn, token, host, lang)


def _unknown(raw: str, lang: str) -> None:
    """A code no open room has: said, with the code box to try again and the way back to Play."""
    st.warning(t("rooms.unknown", code=markdown_literal(raw, limit=16)))
    _code_form(lang)
    link_to("pages/play.py", t("rooms.to_play"), ":material/playing_cards:", {"lang": lang})

