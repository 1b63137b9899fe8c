"""Solve speed, the compiled kernel beside the numpy path in the same run (issue 14).

Prints, for seeded hands:
- batched solving on one core (hands a second; target >= 20,000 and >= 10x the numpy path), beside the
  kernel's looser bound of before (``scoop_floor=False``: the same splits), and on every core (threads);
- one ``solve()`` call from Python, median and p95 (target <= 0.1 ms median, issue 33);
- the numpy path: the same hands through ``solve_splits`` (and brute force over all 72,072 splits).
Both give the same splits (checked here too). CPU time is printed beside wall time: the machine's other
load disturbs it less. Usage: ``python bench/solve_speed.py [--hands 2000] [--rules chi-at]``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from maubinh import FULL_DECK, RULE_SET_IDS, load_rule_set
from maubinh.strategy import kernel
from maubinh.strategy.prepared import prepare
from maubinh.strategy.rule_arrays import subset_tables
from maubinh.strategy.solver import solve, solve_splits, split_scores
from maubinh.strategy.tables import load_tables
from maubinh.strategy.vector import hand_splits


def _timed(job: object, *, cpu: bool = False) -> float:
    clock = time.thread_time if cpu else time.perf_counter
    started = clock()
    job()  # type: ignore[operator]
    return clock() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--numpy-hands", type=int, default=200, help="hands for the (slow) numpy path")
    parser.add_argument("--calls", type=int, default=300, help="single solve() calls timed")
    parser.add_argument("--rules", default="chi-at", choices=RULE_SET_IDS)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rule_set = load_rule_set(args.rules)
    tables = load_tables(rule_set)
    kernel.ready(wait=True)
    rng = random.Random(args.seed)
    hands = [rng.sample(FULL_DECK, 13) for _ in range(args.hands)]
    idx = np.array([[c.index for c in h] for h in hands], dtype=np.int64)
    subsets, arrays = subset_tables(rule_set.wheel), prepare(rule_set).solver
    kernel.solve_rows(idx[:8], subsets, arrays)
    print(f"rules {rule_set.id}, {args.hands} seeded hands (numpy path: the first {args.numpy_hands}); "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} (other programs share the cores)")

    workers = kernel._workers
    kernel._workers = lambda: 1  # type: ignore[assignment]
    one_wall = _timed(lambda: kernel.solve_rows(idx, subsets, arrays))
    one_cpu = _timed(lambda: kernel.solve_rows(idx, subsets, arrays), cpu=True)
    loose_cpu = _timed(lambda: kernel.solve_rows(idx, subsets, arrays, scoop_floor=False), cpu=True)
    kernel._workers = workers  # type: ignore[assignment]
    all_wall = _timed(lambda: kernel.solve_rows(idx, subsets, arrays))
    rows, *_ = kernel.solve_rows(idx, subsets, arrays)

    few = hands[: args.numpy_hands]
    numpy_rows: list[int] = []
    numpy_cpu = _timed(lambda: numpy_rows.extend(solve_splits(hand_splits(h, rule_set), tables) for h in few), cpu=True)
    brute_cpu = _timed(lambda: [int(np.argmax(split_scores(hand_splits(h, rule_set), tables))) for h in few[:50]],
                       cpu=True) / min(50, len(few))
    same = numpy_rows == rows[: len(few)].tolist()

    kernel_rate, numpy_rate = len(hands) / one_cpu, len(few) / numpy_cpu
    print(f"solve, batched, one core:  kernel {kernel_rate:9,.0f} hands/s ({one_cpu / len(hands) * 1e6:6.1f} µs/hand "
          f"CPU, {one_wall / len(hands) * 1e6:6.1f} µs wall)   numpy {numpy_rate:7,.0f} hands/s "
          f"({numpy_cpu / len(few) * 1e3:.2f} ms/hand)   x{kernel_rate / numpy_rate:.1f}   "
          f"target: >= 20,000 hands/s, >= 10x")
    loose = kernel.solve_rows(idx, subsets, arrays, scoop_floor=False)
    same = bool(np.array_equal(loose[0], rows) and np.array_equal(loose[1], kernel.solve_rows(idx, subsets, arrays)[1]))
    print(f"  baseline, the bound without the scoop's losing side: {len(hands) / loose_cpu:9,.0f} hands/s "
          f"({loose_cpu / len(hands) * 1e6:6.1f} µs/hand CPU): x{loose_cpu / one_cpu:.2f} faster now; same splits "
          f"and scores: {same}")
    print(f"solve, batched, {kernel.threads()} threads: kernel {len(hands) / all_wall:9,.0f} hands/s wall")
    print(f"brute force (numpy, all 72,072 splits): {brute_cpu * 1e3:.2f} ms/hand CPU")
    print(f"same splits, kernel and numpy: {same}")

    calls = hands[: args.calls]
    solve(calls[0], rule_set)
    fast = [_timed(lambda h=h: solve(h, rule_set)) for h in calls]
    os.environ["MAUBINH_KERNEL"] = "0"
    slow = [_timed(lambda h=h: solve(h, rule_set)) for h in calls[: max(20, args.calls // 5)]]
    del os.environ["MAUBINH_KERNEL"]
    print(f"one solve() call: kernel median {statistics.median(fast) * 1e3:.3f} ms, p95 "
          f"{np.percentile(fast, 95) * 1e3:.3f} ms   numpy median {statistics.median(slow) * 1e3:.3f} ms, p95 "
          f"{np.percentile(slow, 95) * 1e3:.3f} ms   x{statistics.median(slow) / statistics.median(fast):.1f}   "
          f"target: <= 0.1 ms median (issue 33)")


if __name__ == "__main__":
    main()
