"""A room's timer ends with every page looking (issue 34): ``--rooms`` rooms of 4 (two people, two computer players
of ``--strength``; nobody confirmed, one card placed each), their deals' timers run out, and ``--pages`` pages per
room on ``--servers`` servers (a :class:`~classroom.rooms.Rooms` on an engine of its own each, one database) ask at
the same moment, as the room's pages do once a second; on one server the pages ask through the process's single
flight (:func:`background.rooms.end_deal`), and with ``--no-claim`` every page does the work, as before the claim.

Printed: the splits made (computer players' and the timer's: one set per room is the least), the process's CPU
seconds, the time from the timer's end to every room settled (each page looks again every 0.2 s until it sees the
showdown), and the hands stored against those expected (none lost, none twice).

Usage: ``python bench/rooms_end.py [--rooms 10] [--pages 4] [--servers 2] [--strength medium] [--no-claim]
[--database-url URL]``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import select

import classroom.rooms as rooms_module
from background.rooms import end_deal
from classroom.models import utcnow
from classroom.room_models import RoomHand
from classroom.rooms import Rooms
from classroom.service import ClassroomStore
from maubinh.play import Strength, deal_cards
from maubinh.rules import load_rule_set


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=10)
    parser.add_argument("--pages", type=int, default=4)
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument("--strength", default="medium", choices=[s.value for s in Strength])
    parser.add_argument("--no-claim", action="store_true", help="every page does the work (as before the claim)")
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    url = args.database_url or f"sqlite:///{tempfile.mkdtemp(prefix='rooms_end_')}/classroom.sqlite"
    stores = [ClassroomStore.open(url) for _ in range(args.servers)]
    servers = [Rooms(store) for store in stores]
    rules = load_rule_set("chi-at")
    made = [0]
    lock = threading.Lock()
    real_bot, real_solver = rooms_module.bot_play, rooms_module._solver_split

    def counted(real):  # type: ignore[no-untyped-def]
        def call(*a, **k):  # type: ignore[no-untyped-def]
            with lock:
                made[0] += 1
            return real(*a, **k)
        return call

    rooms_module.bot_play, rooms_module._solver_split = counted(real_bot), counted(real_solver)  # type: ignore[assignment]
    if args.no_claim:
        Rooms._claim = lambda self, room_id, number, moment: "everyone"  # type: ignore[method-assign,assignment]
    room_ids = []
    started = utcnow() - timedelta(seconds=66)
    for index in range(args.rooms):
        new = servers[0].create(rules, 4, 60, Strength(args.strength), "Lan", seed=1000 + index)
        minh = servers[0].join(new.room.id, "Minh")
        servers[0].start(new.room.id, str(new.host), now=started)
        dealt = deal_cards(1000 + index, 1, 4)
        for token, cards in ((new.seat, dealt[0]), (minh, dealt[1])):
            servers[0].place(str(token), 1, {"back": [str(cards[0])]})
        room_ids.append(new.room.id)

    gate = threading.Barrier(args.rooms * args.pages)

    def page(n: int) -> float:
        room_id, rooms = room_ids[n // args.pages], servers[n % args.servers]
        gate.wait()
        begun = time.perf_counter()
        while not (end_deal(rooms, room_id, 1) if args.servers == 1 and not args.no_claim else rooms.tick(room_id)):
            time.sleep(0.2)  # the page's next poll
        return time.perf_counter() - begun

    cpu0 = time.process_time()
    with ThreadPoolExecutor(args.rooms * args.pages) as pool:
        waits = sorted(pool.map(page, range(args.rooms * args.pages)))
    cpu = time.process_time() - cpu0
    with stores[0]._session() as session:
        stored = list(session.execute(select(RoomHand.room_id, RoomHand.seat).where(RoomHand.room_id.in_(room_ids))))
    hands, distinct = len(stored), len(set(stored))
    print(f"{stores[0].engine.dialect.name}, {args.rooms} rooms x {args.pages} pages on {args.servers} server(s), "
          f"{args.strength} computer players{', no claim' if args.no_claim else ''}:")
    print(f"  splits made: {made[0]} (least: {args.rooms * 4}); CPU {cpu:.2f} s; timer end to showdown seen "
          f"p50 {waits[len(waits) // 2]:.2f} s, max {waits[-1]:.2f} s; hands stored {hands} of {args.rooms * 4} "
          f"({distinct} distinct)")
    for store in stores:
        store.engine.dispose()


if __name__ == "__main__":
    main()
