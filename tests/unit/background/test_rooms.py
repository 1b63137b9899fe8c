"""A room's work in the background (background.rooms): the deal's end settled by one page of a process however many
ask; the hands kept one run at a time per room, pages asking meanwhile share it, a failed run is logged and returns 0
(the next asks again)."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import cast

from sqlalchemy.exc import OperationalError

from background.rooms import end_deal, ends, keep_room_hands
from classroom.models import utcnow
from classroom.rooms import COMPUTER, Rooms
from classroom.service import ClassroomStore
from maubinh.play import Origin, Strength
from maubinh.rules import load_rule_set


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
