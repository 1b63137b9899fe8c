"""A room's work in the background (background.rooms): the deal's end settled by one page of a process however many
ask; the hands kept one run at a time per room, pages asking meanwhile share it, a failed run is logged and returns 0
(the next asks again); a seat's analysis prepared while the deal is arranged, equal to the one made from scratch."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import cast

import pytest
from sqlalchemy.exc import OperationalError

import background.rooms
from background.deals import Deals
from background.rooms import analysis_state, end_deal, ends, keep_room_hands, prepare_seat, room_analysis, start_analysis
from classroom.models import utcnow
from classroom.rooms import COMPUTER, Rooms, _seat_table, hand_analysis
from classroom.service import ClassroomStore
from maubinh.play import Origin, Strength
from maubinh.rules import load_rule_set
from maubinh.settle import settle
from tests.unit.classroom.test_rooms import _timed_out_room


class _Rooms:
    def __init__(self) -> None:
        self.calls: list[str] = []
        self.release = threading.Event()
        self.fail = False

    def keep_hands(self, room_id: str, analysis: object = None) -> int:
        self.calls.append(room_id)
        assert self.release.wait(10)
        if self.fail:
            raise OperationalError("select", {}, Exception("gone"))
        return 2


def test_one_run_per_room_at_a_time_and_a_failure_is_zero() -> None:
    fake = _Rooms()
    rooms = cast(Rooms, fake)
    first, again, other = keep_room_hands(rooms, "r1"), keep_room_hands(rooms, "r1"), keep_room_hands(rooms, "r2")
    assert first is again and other is not first
    fake.release.set()
    assert first.result(10) == 2 and other.result(10) == 2
    fake.fail = True
    assert keep_room_hands(rooms, "r1").result(10) == 0  # a new run once the first is over; its failure logged
    assert sorted(fake.calls) == ["r1", "r1", "r2"]


def test_pages_of_a_room_at_its_timers_end_settle_it_once_in_a_process(store: ClassroomStore) -> None:
    """Ten pages of one server ask at the timer's end: one calls the room's tick (the others wait in the single flight
    until it is done: it waits for them to be there), all get the showdown, the next asks need no call; before the
    end, a "not yet" is not kept (each ask looks again)."""
    pages = 10
    rooms = Rooms(store)
    new = rooms.create(load_rule_set("chi-at"), 3, 60, Strength.BEGINNER, "Lan", seed=5)
    minh = rooms.join(new.room.id, "Minh")
    begun = utcnow() - timedelta(seconds=50)
    rooms.start(new.room.id, str(new.host), now=begun)
    real_tick, ticks = rooms.tick, []

    def tick(room_id: str, now: object = None) -> bool:
        ticks.append(room_id)
        if len(ticks) > 1:
            return real_tick(room_id)
        waiting = time.monotonic() + 10
        while ends.hits < hits + pages - 1 and time.monotonic() < waiting:  # the other pages are in the flight
            threading.Event().wait(0.01)
        return real_tick(room_id, utcnow() + timedelta(seconds=20))  # the deadline and the grace are past

    hits = ends.hits
    rooms.tick = tick  # type: ignore[method-assign]
    start = threading.Barrier(pages)

    def page(_: int) -> bool:
        start.wait()
        return end_deal(rooms, new.room.id, 1)

    with ThreadPoolExecutor(pages) as pool:
        assert list(pool.map(page, range(pages))) == [True] * pages
    assert len(ticks) == 1 and end_deal(rooms, new.room.id, 1) and len(ticks) == 1
    view = rooms.view(new.room.id, str(minh), settle=False)
    assert view is not None and view.settled and [h.origin for h in view.hands] == [
        Origin.TIMER_SOLVER.value, Origin.TIMER_SOLVER.value, COMPUTER]

    rooms.tick = real_tick  # type: ignore[method-assign]
    rooms.start(new.room.id, str(new.host))
    assert not end_deal(rooms, new.room.id, 2) and not end_deal(rooms, new.room.id, 2)  # not due: asked again
    assert not end_deal(rooms, new.room.id, 0)


def _missed_deal(store: ClassroomStore):  # type: ignore[no-untyped-def]
    """Lan confirmed, Minh's timer ran out with one card placed (the solver's split played for him: a miss), two
    computer players (:func:`tests.unit.classroom.test_rooms._timed_out_room`), not yet settled; Lan's and Minh's
    views."""
    rooms, new, minh, _ = _timed_out_room(store)
    views = [rooms.view(new.room.id, str(token), settle=False) for token in (new.seat, minh)]
    assert all(v is not None and not v.settled for v in views)
    return rooms, new, minh, views


def test_a_seats_analysis_prepared_while_the_deal_is_arranged_equals_the_one_made_from_scratch(
        store: ClassroomStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """Lan's and Minh's pages start preparing as the deal is shown (once per seat however often they ask; nothing for
    a visitor nor a settled deal); at the showdown each analysis is made on the prepared study (no study made then),
    the best split's chi at the table settled against the others' hands as they were set (not solvers for them),
    and equals the one made from scratch; in a room with the same deal never prepared (another
    server's pages), the showdown makes them at once, and the same analyses."""
    rules = load_rule_set("chi-at")
    fresh = Deals()
    monkeypatch.setattr(background.rooms, "deals", lambda: fresh)
    rooms, new, minh, views = _missed_deal(store)
    futures = [prepare_seat(v) for v in views if v is not None]
    assert all(f is not None and f.result(120).number == 1 for f in futures)
    assert prepare_seat(views[0]) is futures[0]  # asked again (a rerun, a reload): the same, made once
    visitor = rooms.view(new.room.id, None, settle=False)
    assert visitor is not None and prepare_seat(visitor) is None
    assert fresh.studies.computed == 2 and fresh.bot_plays.computed == 0  # no solver stands in for the others

    assert rooms.tick(new.room.id)
    view = rooms.view(new.room.id, str(minh), settle=False)
    assert view is not None and view.settled and prepare_seat(view) is None
    assert [h.origin for h in view.hands] == [Origin.OWN.value, Origin.TIMER_SOLVER.value, COMPUTER, COMPUTER]
    studied = {key[0] for key in fresh.studies.keys()}  # noqa: SIM118 - Flights has keys(), no iteration
    assert studied == {_seat_table(rules, 11, view.hands, seat) for seat in (0, 1)}  # the tables analysed at
    asked = fresh.studies.hits
    made = [room_analysis(rooms, view, seat) for seat in (0, 1)]
    assert made == [hand_analysis(view.room, 1, view.hands, seat) for seat in (0, 1)]  # as from scratch
    assert [m.actual for m in made if m] == [h.total for h in view.hands[:2]]
    assert [m.missed for m in made if m] == [False, True]
    assert fresh.studies.computed == 2 and fresh.bot_plays.computed == 0  # the showdown made no study: it took
    assert fresh.studies.hits == asked + 2  # the prepared ones
    for seat, analysis in zip((0, 1), made, strict=True):  # the best split's chi at this very table: the others as set
        assert analysis is not None and analysis.best_actual == settle(
            (analysis.best, *(h.arrangement for h in view.hands if h.seat != seat)), rules,
            (analysis.best_declare, *(h.declared for h in view.hands if h.seat != seat))).totals[0]

    elsewhere = Deals()
    monkeypatch.setattr(background.rooms, "deals", lambda: elsewhere)
    _, again, minh_again, _ = _missed_deal(store)
    assert rooms.tick(again.room.id)
    view = rooms.view(again.room.id, str(minh_again), settle=False)
    assert view is not None and [room_analysis(rooms, view, seat) for seat in (0, 1)] == made
    assert elsewhere.studies.computed == 2 and elsewhere.studies.misses == 2  # made at the showdown


def test_a_showdowns_analysis_is_started_in_the_showdown_lane_once_and_followed_until_made(
        store: ClassroomStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """At the showdown a page starts each person's analysis in the background instead of making it in its run: one
    future however many pages ask, "under way" until made, then the same analysis as made from scratch; nothing
    for a computer player's seat nor before the showdown."""
    fresh = Deals()
    monkeypatch.setattr(background.rooms, "deals", lambda: fresh)
    rooms, new, minh, views = _missed_deal(store)
    assert views[0] is not None and start_analysis(rooms, views[0], 0) is None  # not settled yet
    assert rooms.tick(new.room.id)
    view = rooms.view(new.room.id, str(minh), settle=False)
    assert view is not None and view.settled
    key = (new.room.id, 1, 1)
    assert analysis_state(key) == ""
    future = start_analysis(rooms, view, 1)
    assert future is not None and start_analysis(rooms, view, 1) is future  # a second page: the same one
    assert analysis_state(key) in ("under way", "made")
    made = future.result(120)
    assert analysis_state(key) == "made"
    assert made == hand_analysis(view.room, 1, view.hands, 1) and made.missed  # Minh's timer played for him
    assert room_analysis(rooms, view, 1) is made  # the page's draw and the profile's copy take it
    assert start_analysis(rooms, view, 2) is None  # a computer player's seat
