"""Play at four seats (issue 19, "Done when"): how long a player waits, with 1 and with ``--players`` at once.

Each player is a thread doing what the Play page does (``pages/play.py``, :mod:`ui.play.state`), at a table of
its own (its own seed, so nothing is shared through the caches): the player and three computer players
(solver, medium, beginner, :data:`ui.table.model.DEFAULT_BOTS`), under ``--rules``. For each of ``--deals``
deals:

- **deal to cards shown**: the deal's cards and the instant-win check the page makes before drawing them
  (:meth:`maubinh.play.Table.deal`, :func:`maubinh.naturals.find_instant_win`); then, as the page does, the
  analysis's preparation starts in the background (:func:`ui.play.state.start_preparing`);
- the player thinks (``--think`` seconds, jittered), then submits a split (the beginner's, strongest back
  first: a realistic, often imperfect one);
- **submission to showdown**: the computer players' splits (:func:`ui.play.state.bot_plays`) and the
  settlement (:func:`maubinh.play.play_deal`);
- **submission to analysis**: the showdown plus :func:`ui.play.state.analysis_of` (the preparation waited
  for, or made at once if still queued; then the player's split and the best one scored on its tables).
  ``--no-prepare``: the page as it was, everything after the submission.

``--server``: the same deals are also opened through a real server (``streamlit run app.py``, the simulated
tab of :mod:`bench.st_client`): "deal to cards shown" as a browser sees it, ``--players`` tabs at once.
(Submitting goes through the in-browser arranging component, which the simulated tab does not run: the
submission figures are the engine's, measured above, to which one rerun of the page adds ~0.1 s.)

Also the CPU one analysis's preparation costs, alone, and so how long 20 players must take per hand for the
machine to keep up. Prints p50 / p95 / max per step against the targets: showdown p95 <= 1 s, analysis p95 <= 2 s with 20 players.
Usage: ``python bench/play_latency.py [--players 20] [--deals 3] [--think 30] [--server] [--no-prepare]``.
The machine is shared: the load average is printed; repeat a run before trusting one figure.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from maubinh.naturals import find_instant_win
from maubinh.play import Table, play_deal, study
from maubinh.rules import load_rule_set
from maubinh.strategy import kernel
from maubinh.strategy.arrangers import arrange_simple
from ui.play.state import analysis_of, bot_plays, start_preparing
from ui.table.model import DEFAULT_BOTS, bots_param

TARGETS = {"showdown": 1.0, "analysis": 2.0}
"""p95 targets in seconds with 20 players at once (issue 19)."""
STEPS = ("cards shown", "showdown", "analysis")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * (len(ordered) - 1) + 0.5))]


def _player(table: Table, deals: int, think: float, rng: random.Random, times: dict[str, list[float]],
            lock: threading.Lock, prepare: bool) -> None:
    for number in range(1, deals + 1):
        start = time.perf_counter()
        hands = table.deal(number)
        if table.rule_set.naturals:
            find_instant_win(hands[0], table.rule_set)
        shown = time.perf_counter() - start
        if prepare:
            start_preparing(table, number)
        time.sleep(think * rng.uniform(0.5, 1.5))
        split = arrange_simple(hands[0], table.rule_set)
        start = time.perf_counter()
        result = play_deal(table, number, split, bots=bot_plays(table, number))
        showdown = time.perf_counter() - start
        analysis_of(table, number, split, False, result.player_total)
        analysis = time.perf_counter() - start
        with lock:
            for step, seconds in zip(STEPS, (shown, showdown, analysis), strict=True):
                times[step].append(seconds)


def run_engine(players: int, deals: int, think: float, rules: str, seed: int,
               prepare: bool = True) -> dict[str, list[float]]:
    """``players`` threads at once, each at its own table; the seconds of each step."""
    rule_set = load_rule_set(rules)
    times: dict[str, list[float]] = {step: [] for step in STEPS}
    lock = threading.Lock()
    threads = []
    for k in range(players):
        table = Table(rule_set, seed + k, DEFAULT_BOTS)
        rng = random.Random(seed + k)
        threads.append(threading.Thread(target=_player, args=(table, deals, think, rng, times, lock, prepare)))
        threads[-1].start()
        time.sleep(think / max(1, players))  # they do not all click at the same instant
    for thread in threads:
        thread.join()
    return times


def preparation_cost(deals: int, rules: str, seed: int) -> tuple[float, float]:
    """One player alone: (wall seconds, CPU seconds of the whole process) per :func:`maubinh.play.study`."""
    table = Table(load_rule_set(rules), seed, DEFAULT_BOTS)
    wall, cpu = time.perf_counter(), time.process_time()
    for number in range(1, deals + 1):
        study(table, number)
    return (time.perf_counter() - wall) / deals, (time.process_time() - cpu) / deals


def print_steps(label: str, times: dict[str, list[float]]) -> bool:
    """One line per step; whether every target held."""
    ok = True
    print(label)
    for step, values in times.items():
        if not values:
            continue
        p95 = percentile(values, 0.95)
        target = TARGETS.get(step)
        verdict = "" if target is None else f"   target p95 <= {target:g} s: {'ok' if p95 <= target else 'MISSED'}"
        ok = ok and (target is None or p95 <= target)
        print(f"  {step:12s} n={len(values):3d}  p50 {percentile(values, 0.5):6.3f} s  p95 {p95:6.3f} s  "
              f"max {max(values):6.3f} s{verdict}")
    return ok


async def _open_tabs(base_url: str, players: int, deals: int, rules: str, seed: int) -> list[float]:
    from bench.st_client import Session

    async def tab(k: int, started: asyncio.Barrier) -> list[float]:
        seconds = []
        async with Session(base_url, timeout=300.0) as session:
            await started.wait()
            for number in range(1, deals + 1):
                query = f"seed={seed + k}&deal={number}&bots={bots_param(DEFAULT_BOTS)}&rules={rules}&lang=vi"
                result = await session.load("play", query)
                if result.exceptions:
                    raise RuntimeError(f"the Play page failed: {result.exceptions}")
                seconds.append(result.seconds)
        return seconds

    started = asyncio.Barrier(players)
    found = await asyncio.gather(*(tab(k, started) for k in range(players)))
    return [s for row in found for s in row]


def run_server(players: int, deals: int, rules: str, seed: int) -> dict[str, list[float]]:
    """``players`` simulated tabs opening ``deals`` deals each through a real server (one warm-up first)."""
    import tempfile

    from tests.e2e.conftest import start_server, stop_server

    with tempfile.TemporaryDirectory() as folder:
        server, base_url = start_server({"MAUBINH_DATABASE_URL": f"sqlite:///{folder}/play.sqlite"},
                                        Path(folder) / "server.log")
        try:
            asyncio.run(_open_tabs(base_url, 1, 1, rules, seed - 1))  # imports and kernel warm
            return {"cards shown": asyncio.run(_open_tabs(base_url, players, deals, rules, seed))}
        finally:
            stop_server(server)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--think", type=float, default=30.0, help="mean seconds a player arranges (jittered)")
    parser.add_argument("--rules", default="chi-at")
    parser.add_argument("--seed", type=int, default=19_000)
    parser.add_argument("--server", action="store_true", help="also open the deals through a real server")
    parser.add_argument("--no-prepare", action="store_true", help="no background preparation (the page before)")
    args = parser.parse_args()
    kernel.ready(wait=True)
    print(f"four seats (player + {bots_param(DEFAULT_BOTS)}), rules {args.rules}, {args.deals} deals per player, "
          f"think {args.think:g} s; {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} before")
    wall, cpu = preparation_cost(args.deals, args.rules, args.seed - 1)
    cores = os.cpu_count() or 1
    print(f"an analysis's preparation, alone: {wall:.2f} s wall, {cpu:.2f} s CPU per deal; {cores} cores keep up with "
          f"{args.players} players who take at least {args.players * cpu / cores:.0f} s per hand (else the queue grows)")
    ok = True
    for players in sorted({1, args.players}):
        times = run_engine(players, args.deals, args.think, args.rules, args.seed + 1000 * players,
                           not args.no_prepare)
        ok = print_steps(f"engine, {players} player(s) at once:", times) and ok
    if args.server:
        for players in sorted({1, args.players}):
            times = run_server(players, args.deals, args.rules, args.seed + 500_000 + 1000 * players)
            print_steps(f"through a server, {players} tab(s) at once (page load of a deal):", times)
    print(f"load average after: {os.getloadavg()[0]:.2f}; targets {'held' if ok else 'MISSED'}")


if __name__ == "__main__":
    main()
