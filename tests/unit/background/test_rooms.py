"""A room's hands kept in the background (background.rooms): one run at a time per room, pages asking meanwhile share
it, a failed run is logged and returns 0 (the next asks again)."""

from __future__ import annotations

import threading
from typing import cast

from sqlalchemy.exc import OperationalError

from background.rooms import keep_room_hands
from classroom.rooms import Rooms


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
