"""The question bank's build command (issue 23): questions made and graded ahead, stored in the database.

What a cell is and what its question ``n`` is belong to the engine (:mod:`maubinh.drills.bank`); storing, dealing
and the starter file to the database (:mod:`classroom.bank`). Building is computing in worker processes, so it is
the app's, here (issue 33, item 2: the engine no longer imports ``classroom``).

Commands (``python -m background.bank ...``; the database is the app's, ``MAUBINH_DATABASE_URL``, unless
``--database`` names another):

- ``build --per-cell N --workers K [--kinds ...] [--levels ...] [--rules ...]``: make the questions missing so
  that every cell holds ``N`` of the current data version, in ``K`` worker processes, storing each as it is
  made (stopped and started again, it goes on where it stopped; run twice, the second run makes nothing),
  with a progress bar on stderr. Ordinal 0 of every cell comes first, then ordinal 1..., so a build stopped
  early leaves every cell about as full as the others.
  With ``--idle`` (the server's background top-up, :mod:`background.topup`) it runs at the lowest CPU priority,
  one question at a time, and waits while the machine is busy (1-minute load average at or above its cores),
  so pages are never slowed; it prints one line per question instead of the bar.
- ``load [--file F]``: store the questions of a bank file missing from the database (the starter bank by
  default; the app does this at start).
- ``export [--file F]``: write the database's bank (current data versions) to a file (the starter bank by
  default).
- ``status``: questions per cell.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path

from classroom.bank import STARTER, Banked, QuestionBank, banked, write_file
from classroom.service import ClassroomStore
from maubinh.drills import KINDS, Kind, Level, make_from_ref
from maubinh.drills.bank import Cell, cells
from maubinh.rules import RULE_SET_IDS

__all__ = ["IDLE_POLL_SECONDS", "busy", "main", "make_banked"]


def make_banked(cell: Cell, ordinal: int) -> Banked:
    """The bank's question ``ordinal`` of ``cell``, made, graded and packed for storing (in a worker process).

    Raises:
        maubinh.drills.UnavailableError: for a cell the engine does not ask.
    """
    return banked(make_from_ref(cell.ref(ordinal)), cell.rule_set_id, ordinal)


def _bar(done: int, total: int, started: float, note: str) -> None:
    width = 30
    filled = width * done // max(total, 1)
    elapsed = time.monotonic() - started
    left = elapsed / done * (total - done) if done else 0.0
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} "
                     f"{elapsed:6.0f} s, ~{left:5.0f} s left {note[:40]:40s}")
    sys.stderr.flush()


def _store(database: str | None) -> QuestionBank:
    return QuestionBank(ClassroomStore.open(database))


IDLE_POLL_SECONDS = 5.0
"""How often an idle build looks again at a busy machine."""


def busy(load: Callable[[], tuple[float, float, float]] = os.getloadavg, at: float | None = None) -> bool:
    """Whether the machine is busy for an idle build: its 1-minute load average at or above ``at`` (default: its
    core count; the build's own question counts as one)."""
    return load()[0] >= (at if at is not None else os.cpu_count() or 1)


def _wait_until_idle(check: Callable[[], bool] = busy, sleep: Callable[[float], None] = time.sleep) -> int:
    """Wait while ``check()`` says busy; returns how many times it waited."""
    waited = 0
    while check():
        waited += 1
        sleep(IDLE_POLL_SECONDS)
    return waited


def build(per_cell: int, workers: int, chosen: Sequence[Cell], database: str | None = None,
          idle: bool = False, busy_at: float | None = None) -> int:
    """Make and store the questions missing for every cell in ``chosen`` to hold ``per_cell``; returns how many
    were made. Each question is stored as soon as it is made. ``idle``: one at a time, at the lowest priority,
    waiting while the machine is busy (:func:`busy` at ``busy_at``)."""
    if idle:
        os.nice(19)  # inherited by the worker process
    workers, in_flight = (1, 1) if idle else (workers, 2 * workers)
    bank = _store(database)
    have = {cell: set(bank.ordinals(cell.rule_set_id, cell.level, cell.kind)) for cell in chosen}
    todo = [(cell, ordinal) for ordinal in range(per_cell) for cell in chosen if ordinal not in have[cell]]
    print(f"{len(chosen)} cells, {per_cell} each: {len(todo)} questions to make with {workers} worker(s)",
          file=sys.stderr)
    if not todo:
        return 0
    started, done = time.monotonic(), 0
    with ProcessPoolExecutor(max_workers=workers) as pool:
        queue = iter(todo)
        running: dict[Future[Banked], tuple[Cell, int]] = {}
        while True:
            while len(running) < in_flight:
                if idle:
                    _wait_until_idle(lambda: busy(at=busy_at))
                if (work := next(queue, None)) is None:
                    break
                running[pool.submit(make_banked, *work)] = work
            if not running:
                break
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                cell, ordinal = running.pop(future)
                bank.add([future.result()])
                done += 1
                note = f"{cell.rule_set_id} {cell.level.value} {cell.kind.value} #{ordinal}"
                if idle:
                    print(f"made {note} ({done}/{len(todo)})", file=sys.stderr, flush=True)
                else:
                    _bar(done, len(todo), started, note)
    if not idle:
        sys.stderr.write("\n")
    return done


def _parse(values: str | None, known: Sequence[str]) -> list[str]:
    if not values:
        return list(known)
    chosen = [v.strip() for v in values.split(",") if v.strip()]
    wrong = [v for v in chosen if v not in known]
    if wrong:
        raise SystemExit(f"unknown {', '.join(wrong)}; known: {', '.join(known)}")
    return chosen


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module)."""
    parser = argparse.ArgumentParser(prog="python -m background.bank", description=__doc__.split("\n")[0])
    parser.add_argument("--database", help="database URL (default: the app's)")
    commands = parser.add_subparsers(dest="command", required=True)
    making = commands.add_parser("build", help="make the questions missing")
    making.add_argument("--per-cell", type=int, default=50)
    making.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 1)))
    making.add_argument("--kinds", help="comma-separated kinds (default: all)")
    making.add_argument("--levels", help="comma-separated levels (default: all)")
    making.add_argument("--rules", help="comma-separated rule sets (default: every source)")
    making.add_argument("--idle", action="store_true",
                        help="lowest priority, one at a time, waiting while the machine is busy")
    making.add_argument("--busy-at", type=float, help="with --idle: the load average that is busy (default: cores)")
    for name in ("load", "export"):
        commands.add_parser(name).add_argument("--file", help="bank file (default: the starter bank)")
    commands.add_parser("status", help="questions per cell")
    args = parser.parse_args(argv)

    if args.command == "build":
        if args.per_cell < 0 or args.workers < 1:
            raise SystemExit("--per-cell must be 0 or more and --workers 1 or more")
        chosen = cells([Kind(k) for k in _parse(args.kinds, [k.value for k in KINDS])],
                       [Level(v) for v in _parse(args.levels, [v.value for v in Level])],
                       _parse(args.rules, RULE_SET_IDS))
        made = build(args.per_cell, args.workers, chosen, args.database, idle=args.idle, busy_at=args.busy_at)
        print(f"made {made} questions")
        return 0
    bank = _store(args.database)
    path = Path(args.file) if getattr(args, "file", None) else STARTER
    if args.command == "load":
        print(f"loaded {bank.load_file(path)} new questions from {path}")
    elif args.command == "export":
        print(f"wrote {write_file(path, bank.entries())} questions to {path} ({path.stat().st_size} bytes)")
    else:
        counts = bank.counts()
        for cell in cells():
            print(f"{cell.rule_set_id:11s} {cell.level.value:12s} {cell.kind.value:8s} "
                  f"{counts.get((cell.rule_set_id, cell.level.value, cell.kind.value), 0)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
