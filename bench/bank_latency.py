"""Question bank against live generation (issue 23): the next question served, server side, in the same run.

Learners (threads) work through free sets the way the Drill page asks for questions (:mod:`ui.drill.prepare`:
the question shown and :data:`~ui.drill.prepare.AHEAD` more prepared in the background, then ``get`` when
"next" is clicked), each reading ``--think`` seconds (0.5x..1.5x, at random) before clicking. Timed, in ms:

- ``open``: a learner opens a new set: for the bank, dealing it (unseen questions, :func:`classroom.bank.deal_picks`)
  and its first question; live, its first question made from the seed. Every learner opens at the same moment.
- ``next``: from the click on "next" to the question in hand.

Runs, one after the other on a warm kernel: bank with 1 learner, live with 1, bank with ``--learners``, live with
``--learners``. The bank is a fresh SQLite file loaded from the starter bank (the load is timed too).
Usage: ``python bench/bank_latency.py [--learners 40] [--questions 4] [--think 2] [--kinds ...] [--level ...]``.
Targets (issue 23, quiet machine): next question <= 100 ms p95 with 40 learners.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from background.questions import QuestionSource
from classroom.bank import QuestionBank, deal_picks, read_file
from classroom.service import ClassroomStore
from maubinh.drills import KINDS, DrillSet, Level, make_question, parse_kinds
from ui.drill.prepare import AHEAD, Preparer


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * (len(ordered) - 1) + 0.5))]


def _run(mode: str, bank: QuestionBank, learners: int, args: argparse.Namespace) -> dict[str, list[float]]:
    """One run of ``learners`` at once; the timings in ms by step."""
    kinds, level = args.kinds, args.level
    source = QuestionSource(bank)
    preparer = Preparer(make=source.of if mode == "bank" else make_question)
    timings: dict[str, list[float]] = {"open": [], "next": []}
    lock = threading.Lock()
    start = threading.Barrier(learners)
    errors: list[BaseException] = []

    def learner(number: int) -> None:
        rng = random.Random(args.seed * 1000 + number)
        try:
            start.wait()
            began = time.perf_counter()
            if mode == "bank":
                picks = deal_picks(bank, kinds, level, args.rules, args.questions, (), rng)
                drill_set = DrillSet(kinds, level, args.rules, 1 + number, args.questions, picks=picks)
            else:
                drill_set = DrillSet(kinds, level, args.rules, args.seed * 1000 + number, args.questions)
            for index in range(args.questions):
                if index:
                    time.sleep(args.think * rng.uniform(0.5, 1.5))
                    began = time.perf_counter()
                preparer.prepare(drill_set, range(index, index + 1 + AHEAD))
                preparer.get(drill_set, index)
                with lock:
                    timings["next" if index else "open"].append(1000 * (time.perf_counter() - began))
        except BaseException as exc:  # noqa: BLE001 - reported after the run
            errors.append(exc)

    threads = [threading.Thread(target=learner, args=(n,)) for n in range(learners)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    preparer.stop()
    if errors:
        raise errors[0]
    print(f"  ({mode}: questions {source.hits['bank']} from the bank, {source.hits['live']} made live, "
          f"{source.hits['memory']} from memory)" if mode == "bank" else "", end="")
    return timings


def _line(name: str, values: list[float]) -> str:
    return (f"{name:5s} n={len(values):4d}  p50 {statistics.median(values):8.1f}  p95 {_percentile(values, 0.95):8.1f}"
            f"  max {max(values):8.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--learners", type=int, default=40)
    parser.add_argument("--questions", type=int, default=4, help="questions per learner (the first is 'open')")
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds before each 'next'")
    parser.add_argument("--kinds", type=parse_kinds, default=KINDS)
    parser.add_argument("--level", type=Level, default=Level.INTERMEDIATE)
    parser.add_argument("--rules", default="chi-at")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--skip-live-crowd", action="store_true", help="no live run with --learners")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="bank-bench-") as folder:  # ~16 MB of database: removed at the end
        _measure(args, folder)


def _measure(args: argparse.Namespace, folder: str) -> None:
    store = ClassroomStore.open(f"sqlite:///{folder}/classroom.sqlite")
    bank = QuestionBank(store)
    began = time.perf_counter()
    loaded = bank.load_file()
    first = time.perf_counter() - began
    began = time.perf_counter()
    bank.load_file()
    again = time.perf_counter() - began
    print(f"starter bank: {len(read_file())} questions; loaded {loaded} into a fresh database in {first:.2f} s, "
          f"loaded again (nothing new) in {again:.2f} s")
    for kind in args.kinds:  # a warm kernel for both paths (the first solve compiles or loads it)
        make_question(DrillSet((kind,), args.level, args.rules, seed=1, count=1), 0)
    print(f"load average {os.getloadavg()[0]:.2f} (2 cores shared with other programs); kinds "
          f"{','.join(k.value for k in args.kinds)}, {args.level.value}, {args.rules}, {args.questions} questions "
          f"each, think {args.think:g} s")
    runs = [("bank", 1), ("live", 1), ("bank", args.learners)]
    if not args.skip_live_crowd:
        runs.append(("live", args.learners))
    for mode, learners in runs:
        timings = _run(mode, bank, learners, args)
        print(f"\n{mode} x {learners} learner(s):")
        for step, values in timings.items():
            if values:
                print("  " + _line(step, values))
    store.engine.dispose()


if __name__ == "__main__":
    main()
