"""Many Drill sets opened at once on one server (issue 32, item 1): none may hang.

The server's question preparer (``ui/drill/prepare.py``) used to keep at most 256 questions of any state and
drop the oldest even while a session was blocked on it: each page asks for 3 (the shown one and two ahead), so
~86 sessions opening sets together left some waiting for good (100 tabs: 48 hung). This opens ``--sets``
simulated tabs (:mod:`bench.st_client`, Streamlit's own websocket protocol) on one warm server with a fresh
SQLite database, each on ``/drill`` with a seeded set of its own (so every question is made for one tab only),
all at the same moment (``--spread`` seconds: spread evenly over that time instead); ``--bank``: each on the
Drill's default set with no seed, dealt from the question bank (issue 32's "200 opening the default bank set,
77 hung"). It prints:

- how many never showed their first question within ``--timeout`` seconds (hung: must be 0), and how many
  were told the server was busy (the preparer's backstop, ``ui.errors``' "busy" message);
- the first question's time from the request, p50 / p95 / max, over the tabs that got one;
- the server's threads and memory (RSS) at the end, and the load average (the machine is shared).

Usage: ``python bench/many_sets.py [--sets 120] [--kinds better,chi] [--spread 0] [--timeout 150]``.

Measured (2 cores shared with other work, load average 9-16; the CPU, not the preparer, sets the times: 90
questions of "which is better", ~0.5 s of CPU each, queued on two starved cores):

- 90 tabs on sets of better,chi (270 questions): the old preparer 3 hung for good, the others p50 45.6 s, p95
  85.1 s; now 0 hung, p50 52.3 s, p95 84.5 s (another run, at a higher load: 0 hung, 35 told "busy" at 90 s);
- 120 tabs on sets of chi,foul (360 questions): 0 hung, p50 6.9 s, p95 6.9 s;
- ``--bank``, 200 tabs (600 questions): 0 hung, p50 15.9 s, p95 16.1 s (the old preparer: 0 hung here too,
  its questions read from the bank are made before 256 newer ones are asked).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.st_client import ScriptTimeout, Session
from tests.e2e.conftest import start_server, stop_server
from ui.drill.prepare import AHEAD, KEEP


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * (len(ordered) - 1) + 0.5))]


def _proc(pid: int) -> str:
    """Threads and RSS of process ``pid`` (from /proc)."""
    fields = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line)
    return f"{fields['Threads'].strip()} threads, RSS {int(fields['VmRSS'].split()[0]) / 1024:.0f} MiB"


async def _tab(base_url: str, query: str, delay: float, timeout: float, results: dict[str, list[float]]) -> None:
    await asyncio.sleep(delay)
    tab = Session(base_url, timeout=timeout)
    try:
        await tab.open()
        start = time.perf_counter()
        await tab.load("drill", query)
        seconds = time.perf_counter() - start
        busy = any("busy" in node.text for node in tab.alerts())
        shown = tab.find(text="Question 1") is not None  # the first question's heading
        results["busy" if busy else "shown" if shown else "other"].append(seconds)
    except ScriptTimeout:
        results["hung"].append(timeout)
    except Exception as exc:  # noqa: BLE001 - counted and named, the run goes on
        results["error"].append(0.0)
        print(f"error: {exc!r}")
    finally:
        await tab.close()


async def _run(base_url: str, args: argparse.Namespace) -> dict[str, list[float]]:
    results: dict[str, list[float]] = {name: [] for name in ("shown", "busy", "hung", "other", "error")}
    def query(n: int) -> str:
        return "lang=en" if args.bank else f"kinds={args.kinds}&level=intermediate&rules=chi-at&seed={args.seed + n}&n=10&lang=en"

    await asyncio.gather(*(_tab(base_url, query(n), args.spread * n / max(1, args.sets), args.timeout, results)
                           for n in range(args.sets)))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=int, default=120, help="tabs, each opening its own seeded set")
    parser.add_argument("--kinds", default="better,chi", help="the first kind is the first question's")
    parser.add_argument("--seed", type=int, default=91_000)
    parser.add_argument("--spread", type=float, default=0.0, help="seconds over which the tabs arrive (0: at once)")
    parser.add_argument("--timeout", type=float, default=150.0, help="seconds a tab waits for its first run")
    parser.add_argument("--bank", action="store_true", help="the default set, dealt from the question bank")
    args = parser.parse_args()
    what = "the default Drill set (the question bank)" if args.bank else f"seeded Drill sets of {args.kinds}"
    print(f"{args.sets} tabs opening {what} on one server, over {args.spread:g} s "
          f"({args.sets * (1 + AHEAD)} questions asked; the old preparer kept {KEEP} of any state); "
          f"load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder:
        server, base_url = start_server({"MAUBINH_DATABASE_URL": f"sqlite:///{folder}/bench.db"},
                                        Path(folder) / "server.log")
        try:
            wall = time.perf_counter()
            results = asyncio.run(_run(base_url, args))
            wall = time.perf_counter() - wall
            server_line = _proc(server.pid)
        finally:
            stop_server(server)
    shown = results["shown"]
    print(f"hung: {len(results['hung'])} (target 0); told 'busy': {len(results['busy'])}; other page: "
          f"{len(results['other'])}; errors: {len(results['error'])}; run took {wall:.1f} s")
    if shown:
        print(f"first question ({len(shown)} tabs): p50 {statistics.median(shown):.2f} s, "
              f"p95 {_percentile(shown, 0.95):.2f} s, max {max(shown):.2f} s")
    print(f"server at the end: {server_line}; load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
