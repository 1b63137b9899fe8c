"""A room's deal's end and its analyses, made once per process, and its hands kept in its players' profiles after a
showdown (issue 34), in the background (no Streamlit).

- :func:`end_deal`: when a room's timer runs out, every page of the room looks at once (each polls every second).
  One of a process's pages calls :meth:`classroom.rooms.Rooms.tick` (a single flight keyed by room and deal,
  :class:`background.flight.Flights`); the others wait for it and get its answer. Across servers the database does the
  same: the first server to claim the deal's end makes the computer players' and the timer's splits and settles, the
  others read what it stored.
- :func:`prepare_seat`: almost all of a player's analysis (about a CPU second: the study of the deal from their seat,
  :func:`maubinh.play.study`) depends only on the deal's cards, not on what anyone did (the best split's chi at this
  very table is then settled against the others' hands as set, in microseconds). When a person's page shows them a
  deal, its study is started in the
  ``rooms`` lane of :mod:`background.home` (once per process per room, deal and seat; below the pages' priority, each
  on one core), into the process's shared deal work (:func:`background.deals.deals`), so that the showdown finds them.
- :func:`room_analysis`: a player's analysis of a settled deal, asked once per process for the room's pages (each
  player's own, everyone's when the room shares them) and for the profile's copy, and made once across servers
  (:meth:`classroom.rooms.Rooms.shared_analysis`: the first server to claim it makes and stores it, the others read
  it), on the prepared study: milliseconds once prepared (waited for while under way; made at
  once when still queued or never started, e.g. on another server than the page's). The page has drawn its showdown
  before it asks.
- :func:`start_analysis`: the same analysis started in the ``showdown`` lane, for a page that shows the showdown at
  once and the analysis when it is made (:func:`analysis_state`: made, under way, or neither), instead of making it in
  its own run: forty analyses made at once in the pages' runs took the cores from the showdowns still to draw.
- :func:`keep_room_hands`: each hand's Play analysis takes seconds (:func:`classroom.rooms.hand_analysis`), so the
  room's page does not wait for it: once it has drawn a showdown it asks :func:`keep_room_hands`, which runs
  :meth:`classroom.rooms.Rooms.keep_hands` in the ``idle`` lane of :mod:`background.home`, once at a time per room in
  this process (a room's pages asking together start one run; a page asking while one runs starts none), with the
  analyses of :func:`room_analysis`. A hand is stored once whichever servers run it (the keep's unique key); a hand a
  stopped server did not keep is kept by the next run, at the room's next showdown shown.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from concurrent.futures import Future
from functools import partial

from sqlalchemy.exc import SQLAlchemyError

from background.deals import deals, kernel_ready_then
from background.flight import Flights, FlightTimeout
from background.home import home
from background.sized import MiB, deep_size
from classroom.rooms import Hand, RoomInfo, Rooms, RoomView, dealt_tables, hand_analysis
from classroom.service import ClassroomError
from maubinh.play import Analysis, DealStudy, Table
from maubinh.rules import RuleSet

__all__ = ["ANALYSES_BYTES", "END_WAIT_S", "LANE", "PREPARE_LANE", "SHOWDOWN_LANE", "AnalysisKey", "analysis_state",
           "end_deal", "ends", "keep_room_hands", "prepare_seat", "room_analysis", "start_analysis"]

LANE = "idle"
"""The lane the hands are kept in: nobody waits for them."""
PREPARE_LANE = "rooms"
"""The lane a deal's analyses are prepared in while it is arranged (:func:`prepare_seat`)."""
SHOWDOWN_LANE = "showdown"
"""The lane a settled deal's analyses are made in for the pages that show them (:func:`start_analysis`)."""
END_WAIT_S = 30.0
"""The longest a page waits for the deal's end another page of the process is making (it takes a second or two);
then it answers "not yet" and looks again at its next poll."""
ANALYSES_BYTES = 32 * MiB
"""What the analyses kept in a process may hold (one is ~40 KiB: a few hundred rooms' recent deals)."""
_ENDS_KEPT = 4096
"""Deals known settled, kept (an answer without the database)."""

ends: Flights[tuple[str, int], bool] = Flights(_ENDS_KEPT, wait_s=END_WAIT_S)
"""The process's deal ends by (room id, deal number): a settled deal's ``True``, kept (its ``computed``: the calls
that settled or found settled, one per deal however many pages asked)."""
AnalysisKey = tuple[str, int, int]
"""An analysis's key: (room id, deal number, seat)."""
_analyses: Flights[AnalysisKey, Analysis] = Flights(
    ANALYSES_BYTES, lambda value: deep_size(value, (RuleSet,)))
_running: dict[str, Future[int]] = {}
_lock = threading.Lock()
_log = logging.getLogger(__name__)


class _NotYet(Exception):
    """The deal is not settled yet (not due, or another server is ending it): not kept, asked again later."""


def end_deal(rooms: Rooms, room_id: str, number: int) -> bool:
    """Whether deal ``number`` of the room is settled, settling it when it is due (:meth:`Rooms.tick`), once in
    this process however many pages ask at once: the others wait for that call (at most :data:`END_WAIT_S`) and get
    its answer. A settled deal is remembered; a "not yet" is not (the next ask looks again).

    Raises:
        whatever :meth:`Rooms.tick` raised (the database refused: the page says so and polls again).
    """
    if number < 1:
        return False

    def settle(key: tuple[str, int]) -> bool:
        if rooms.tick(room_id):
            return True
        raise _NotYet

    try:
        return ends.get((room_id, number), settle)
    except (_NotYet, FlightTimeout):
        return False


def prepare_seat(view: RoomView) -> Future[DealStudy] | None:
    """Start preparing the viewer's analysis of the view's deal while it is arranged: the study of the seat's table
    (:func:`classroom.rooms.dealt_tables`) queued in the :data:`PREPARE_LANE` lane into :func:`background.deals.deals`,
    once per process per room, deal and seat (a page asking again, after a rerun or a reload, finds it queued, under
    way or made). The page only queues them (the table is the deal's cards sorted:
    microseconds). ``None`` when there is nothing to prepare (no deal under way, the viewer not a person playing it).

    Returns:
        The study's future (cancelled when the lane refused it: the showdown makes it).
    """
    if not view.number or view.settled or not view.playing or view.me is None:
        return None
    table = dealt_tables(view.room, view.number, view.players)[view.me]
    return deals().start(table, view.number, PREPARE_LANE, one_core=True)


def _prepared(table: Table, number: int) -> DealStudy:
    """The table's study as :func:`prepare_seat` made it: waited for while under way in the
    :data:`PREPARE_LANE` lane, taken back and made here at once while still queued there, made here when never
    started (:meth:`background.deals.Deals.study`: the page has drawn its showdown before it asks).

    Raises:
        background.flight.FlightTimeout: under way and not made within :data:`background.flight.WAIT_S`.
    """
    return deals().study(table, number)


def _prepared_analysis(info: RoomInfo, number: int, hands: Sequence[Hand], seat: int) -> Analysis:
    return hand_analysis(info, number, hands, seat, _prepared)


def room_analysis(rooms: Rooms, view: RoomView, seat: int) -> Analysis | None:
    """:meth:`Rooms.analysis` of ``seat``'s hand in the view's settled deal, asked once per process (a hand's
    analysis is the same for everyone who asks: its room's pages and its profile's copy, :func:`keep_room_hands`)
    and made once across servers (:meth:`Rooms.shared_analysis`); ``None`` before the showdown or for a computer
    player.

    Raises:
        background.flight.FlightTimeout: made by another thread and not within its wait.
    """
    return rooms.analysis(view, seat, partial(_analysis, rooms))


def _analysis(rooms: Rooms, info: RoomInfo, number: int, hands: Sequence[Hand], seat: int) -> Analysis:
    return _analyses.get((info.id, number, seat), partial(_shared, rooms, info, number, hands, seat))


def _shared(rooms: Rooms, info: RoomInfo, number: int, hands: Sequence[Hand], seat: int, key: AnalysisKey) -> Analysis:
    return rooms.shared_analysis(info, number, hands, seat, _prepared_analysis)


def start_analysis(rooms: Rooms, view: RoomView, seat: int) -> Future[Analysis] | None:
    """:func:`room_analysis` of ``seat`` started in the :data:`SHOWDOWN_LANE` lane on one core (once per process:
    the same future for every page asking, and :func:`room_analysis` waits for it); ``None`` before the showdown or
    for a computer player. When the lane refuses it (full, the server stopping), the future comes back cancelled:
    the caller may then make it with :func:`room_analysis`."""
    if not Rooms.analysed(view, seat):
        return None
    work = partial(kernel_ready_then, _shared, rooms, view.room, view.number, view.hands, seat, one_core=True)
    return _analyses.start((view.room.id, view.number, seat), work, lambda run: home().submit(SHOWDOWN_LANE, run))


def analysis_state(key: AnalysisKey) -> str:
    """``"made"``, ``"under way"`` (queued or being made in this process) or ``""`` (neither: never started, or it
    failed and was forgotten) for the analysis of ``key`` (what a waiting page follows, :mod:`ui.watch`)."""
    return "made" if _analyses.ready(key) else "under way" if _analyses.pending(key) is not None else ""


def _keep(rooms: Rooms, room_id: str) -> int:
    try:
        return rooms.keep_hands(room_id, partial(_analysis, rooms))
    except (SQLAlchemyError, ClassroomError, FlightTimeout) as error:  # tried again at the next showdown shown
        _log.warning("a room's hands could not be kept in the profiles: %s", type(error).__name__)
        return 0
    finally:
        with _lock:
            _running.pop(room_id, None)


def keep_room_hands(rooms: Rooms, room_id: str) -> Future[int]:
    """Keep the room's settled hands in their players' profiles in the background (:meth:`Rooms.keep_hands`, with
    the analyses of :func:`room_analysis`); the run under way for the same room when one is.

    Returns:
        The run's future: how many hands it kept (0 when it failed: logged, tried again at the next call).
    """
    with _lock:
        running = _running.get(room_id)
        if running is not None:
            return running
        future = _running[room_id] = home().submit(LANE, _keep, rooms, room_id)
        return future
