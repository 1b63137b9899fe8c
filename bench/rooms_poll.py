"""What a waiting player costs in a room (issue 34): the page polls the room (``st.fragment(run_every=1 s)`` over
:meth:`classroom.rooms.Rooms.signature`) while something is pending, and this measures it.

Printed:
- the database part alone: one ``signature`` read, its wall time and CPU (p50 / p95), on SQLite (or
  ``--database-url``), in this process;
- the whole cost on a real server: ``--players`` browser pages seated in rooms of 4 that wait for their host
  (pending: each page polls once a second), the server process's CPU over ``--seconds`` (from ``/proc``), minus
  the same server's CPU with no page open, per idle player: CPU ms per second (= thousandths of a core).

Usage: ``python bench/rooms_poll.py [--players 8] [--seconds 20] [--reads 500] [--database-url URL]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench._server import free_port
from classroom.rooms import Rooms
from classroom.service import ClassroomStore
from maubinh.play import Strength
from maubinh.rules import load_rule_set


def _cpu_seconds(pid: int) -> float:
    """utime + stime of process ``pid`` and its waited-for children, in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = sum(int(v) for v in fields[11:15])
    return ticks / os.sysconf("SC_CLK_TCK")


def _reads(rooms: Rooms, room_id: str, count: int) -> tuple[list[float], list[float]]:
    walls, cpus = [], []
    for _ in range(count):
        w0, c0 = time.perf_counter(), time.process_time()
        rooms.signature(room_id)
        walls.append(time.perf_counter() - w0)
        cpus.append(time.process_time() - c0)
    return walls, cpus


def _p95(values: list[float]) -> float:
    return sorted(values)[max(0, int(len(values) * 0.95) - 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--reads", type=int, default=500)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="rooms_poll_")
    url = args.database_url or f"sqlite:///{folder}/classroom.sqlite"
    store = ClassroomStore.open(url)
    rooms = Rooms(store)
    rules = load_rule_set("chi-at")

    seats: list[tuple[str, str]] = []  # (code, seat link) of every waiting player (not the hosts)
    new = rooms.create(rules, 4, 60, Strength.BEGINNER, "Chủ phòng")
    while len(seats) < args.players:
        if len(seats) % 3 == 0 and seats:
            new = rooms.create(rules, 4, 60, Strength.BEGINNER, "Chủ phòng")
        for n in range(3):
            if len(seats) < args.players:
                seats.append((new.room.code, str(rooms.join(new.room.id, f"Người {len(seats)} {n}"))))
    walls, cpus = _reads(rooms, new.room.id, args.reads)
    print(f"signature read ({store.engine.dialect.name}): wall p50 {statistics.median(walls) * 1000:.2f} ms, "
          f"p95 {_p95(walls) * 1000:.2f} ms; CPU p50 {statistics.median(cpus) * 1000:.2f} ms")
    if args.players == 0:
        return

    from playwright.sync_api import sync_playwright

    port = free_port()
    env = {**os.environ, "MAUBINH_DATABASE_URL": url, "PYTHONUNBUFFERED": "1"}
    server = subprocess.Popen(
        [sys.executable, "-m", "ui.serve", "--server.port", str(port), "--server.headless", "true",
         "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(600):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=2):
                    break
            except OSError:
                time.sleep(0.2)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                         args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
            first = browser.new_context().new_page()  # the server's first page run (imports), not counted
            first.goto(f"http://127.0.0.1:{port}/play?room={seats[0][0]}&seat={seats[0][1]}&lang=vi")
            first.wait_for_selector("[data-testid=stApp][data-test-script-state=notRunning]", timeout=180_000)
            first.context.close()
            time.sleep(2)
            c0, t0 = _cpu_seconds(server.pid), time.monotonic()
            time.sleep(args.seconds)
            baseline = (_cpu_seconds(server.pid) - c0) / (time.monotonic() - t0)
            pages = []
            for code, seat in seats:
                page = browser.new_context().new_page()
                page.goto(f"http://127.0.0.1:{port}/play?room={code}&seat={seat}&lang=vi")
                page.wait_for_selector("[data-testid=stApp][data-test-script-state=notRunning]", timeout=180_000)
                pages.append(page)
            time.sleep(3)  # every page drawn and polling
            c0, t0 = _cpu_seconds(server.pid), time.monotonic()
            time.sleep(args.seconds)
            busy = (_cpu_seconds(server.pid) - c0) / (time.monotonic() - t0)
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)
    per_player = (busy - baseline) / args.players
    print(f"server CPU: {baseline * 1000:.1f} ms/s with no page, {busy * 1000:.1f} ms/s with {args.players} "
          f"waiting players ({args.seconds:.0f} s each)")
    print(f"per idle waiting player: {per_player * 1000:.1f} ms CPU per second ({per_player * 100:.2f}% of a core)")


if __name__ == "__main__":
    main()
