"""Rooms at once (issue 34), the server's side: ``--rooms`` rooms of 4 (``--people`` people, computer players in the
other seats) deal at the same moment and every person confirms their hand at once (one thread each).

Printed: each confirm's latency (p50 / p95 / max: store the hand, and for the last one of a room settle the showdown,
computer players included), the time from a room's last confirm starting to its showdown stored (p50 / p95), each
page's poll of the room meanwhile (:meth:`classroom.rooms.Rooms.signature`, p95), and the hands stored against
those expected (none lost, none twice).

Usage: ``python bench/rooms_deals.py [--rooms 10] [--people 4] [--database-url URL]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sqlalchemy import func, select

from classroom.room_models import RoomDeal, RoomHand
from classroom.rooms import Rooms, SeatToken
from classroom.service import ClassroomStore
from maubinh.play import Strength
from maubinh.rules import load_rule_set
from maubinh.strategy.arrangers import arrange_simple


def _p95(values: list[float]) -> float:
    return sorted(values)[max(0, int(len(values) * 0.95) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=10)
    parser.add_argument("--people", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    url = args.database_url or f"sqlite:///{tempfile.mkdtemp(prefix='rooms_deals_')}/classroom.sqlite"
    store = ClassroomStore.open(url)
    rooms = Rooms(store)
    rules = load_rule_set("chi-at")
    players: list[tuple[str, SeatToken]] = []
    for n in range(args.rooms):
        new = rooms.create(rules, 4, 60, Strength.BEGINNER, f"Chủ {n}")
        players.append((new.room.id, new.seat))
        players += [(new.room.id, rooms.join(new.room.id, f"Người {n}.{k}")) for k in range(1, args.people)]
        rooms.start(new.room.id, str(new.host))
    splits = {}
    for room_id, token in players:
        view = rooms.view(room_id, str(token))
        assert view is not None
        splits[str(token)] = arrange_simple(view.cards, rules)
    started: dict[str, list[float]] = {}
    ended: dict[str, list[float]] = {}
    lock = threading.Lock()
    gate = threading.Barrier(len(players))
    latencies: list[float] = []

    def confirm(player: tuple[str, SeatToken]) -> None:
        room_id, token = player
        gate.wait()
        begin = time.perf_counter()
        with lock:
            started.setdefault(room_id, []).append(begin)
        rooms.confirm(str(token), 1, splits[str(token)])  # the room's last one settles the showdown before returning
        end = time.perf_counter()
        with lock:
            latencies.append(end - begin)
            ended.setdefault(room_id, []).append(end)

    polls: list[float] = []
    stop = threading.Event()

    def poll() -> None:
        while not stop.is_set():
            for room_id in {room for room, _ in players}:
                begin = time.perf_counter()
                rooms.signature(room_id)
                polls.append(time.perf_counter() - begin)

    poller = threading.Thread(target=poll, daemon=True)
    poller.start()
    wall = time.perf_counter()
    with ThreadPoolExecutor(len(players)) as pool:
        list(pool.map(confirm, players))
    wall = time.perf_counter() - wall
    stop.set()
    poller.join()
    showdown = [max(ended[room]) - max(started[room]) for room in started]
    with store._session() as session:
        hands = session.scalar(select(func.count()).select_from(RoomHand)) or 0
        settled = session.scalar(select(func.count()).select_from(RoomDeal).where(RoomDeal.settled_at.is_not(None)))
    assert settled == args.rooms, settled
    print(f"{args.rooms} rooms of 4 ({args.people} people), {len(players)} confirms at once on "
          f"{store.engine.dialect.name}: all stored in {wall:.2f} s")
    print(f"confirm latency: p50 {statistics.median(latencies):.3f} s, p95 {_p95(latencies):.3f} s, "
          f"max {max(latencies):.3f} s")
    print(f"last confirm to showdown stored: p50 {statistics.median(showdown):.3f} s, p95 {_p95(showdown):.3f} s")
    print(f"a page's poll meanwhile: p50 {statistics.median(polls) * 1000:.1f} ms, p95 {_p95(polls) * 1000:.1f} ms "
          f"({len(polls)} polls)")
    print(f"hands stored: {hands} (expected {4 * args.rooms}: {'ok' if hands == 4 * args.rooms else 'LOST OR TWICE'})")


if __name__ == "__main__":
    main()
