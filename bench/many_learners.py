"""Many learners practising at once (issue 14): ``--learners`` free drill sets (each its own seed, every kind in
turn), worked through in parallel threads with the server's own question preparer (``ui/drill/prepare.py``: the
next questions are made in background threads while the learner reads the feedback). Prints the time each
"next question" waits for its question, median and 95th percentile, with the compiled kernel and on the numpy
path in the same run (target: p95 <= 3 s for 20 learners). Usage:
``python bench/many_learners.py [--learners 20] [--questions 6] [--think 5]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from maubinh.drills import KINDS, DrillSet, Level
from maubinh.strategy import kernel
from ui.drill.prepare import AHEAD, Preparer


def _learner(preparer: Preparer, drill_set: DrillSet, think: float, waits: list[float]) -> None:
    for index in range(drill_set.count):
        started = time.perf_counter()
        preparer.get(drill_set, index)
        waits.append(time.perf_counter() - started)
        preparer.prepare(drill_set, range(index + 1, index + 1 + AHEAD))
        time.sleep(think)


def _run(learners: int, questions: int, think: float, level: Level) -> list[float]:
    preparer = Preparer()
    waits: list[float] = []
    threads = []
    for k in range(learners):
        drill_set = DrillSet(KINDS, level, "chi-at", seed=7000 + k, count=questions)
        threads.append(threading.Thread(target=_learner, args=(preparer, drill_set, think, waits)))
        threads[-1].start()
        time.sleep(think / learners)  # they do not all click at the same instant
    for thread in threads:
        thread.join()
    return waits


def _p95(values: list[float]) -> float:
    return sorted(values)[int(0.95 * (len(values) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--learners", type=int, default=20)
    parser.add_argument("--questions", type=int, default=6)
    parser.add_argument("--think", type=float, default=5.0, help="seconds a learner reads each answer")
    parser.add_argument("--level", default="intermediate")
    parser.add_argument("--kernel-only", action="store_true")
    args = parser.parse_args()
    kernel.ready(wait=True)
    print(f"{args.learners} learners, {args.questions} questions each (every kind in turn), think time {args.think:g} s;"
          f" {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    runs = {"kernel": _run(args.learners, args.questions, args.think, Level(args.level))}
    if not args.kernel_only:
        os.environ["MAUBINH_KERNEL"] = "0"
        runs["numpy path"] = _run(args.learners, args.questions, args.think, Level(args.level))
        del os.environ["MAUBINH_KERNEL"]
    for name, waits in runs.items():
        print(f"{name}: next question waits median {statistics.median(waits):.2f} s, p95 {_p95(waits):.2f} s, "
              f"max {max(waits):.2f} s   target: p95 <= 3 s")
    if len(runs) == 2:
        print(f"p95 numpy path / kernel: x{_p95(runs['numpy path']) / max(0.01, _p95(runs['kernel'])):.1f}")


if __name__ == "__main__":
    main()
