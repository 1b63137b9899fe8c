"""Expected-value grading, the compiled kernel beside the numpy path in the same run (issue 14).

Prints:
- solver-set opponents a second (sampling the deals, solving every opponent, settling two
  arrangements against them), kernel and numpy (target >= 20,000 a second);
- the standard error of the difference between two arrangements (common random numbers) after
  about one second of compute, kernel and numpy (target <= 0.02 chi);
- grading every legal split of one hand against 2,000 opponents (their solving included), kernel
  and numpy (target <= 1 s).
Usage: ``python bench/ev_stderr.py [--hands 5] [--budget 1.0] [--grade-opponents 2000]``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from maubinh import FULL_DECK, RULE_SET_IDS, load_rule_set
from maubinh.rules import POSITIONS
from maubinh.strategy import kernel
from maubinh.strategy.arrangers import arrange_simple, random_legal
from maubinh.strategy.ev import expected_value
from maubinh.strategy.field import best_splits, sample_field
from maubinh.strategy.solver import solve


def _pair(cards, rule_set, h):  # type: ignore[no-untyped-def]
    best, other = solve(cards, rule_set), arrange_simple(cards, rule_set)
    if {frozenset(best.chi(p)) for p in POSITIONS} == {frozenset(other.chi(p)) for p in POSITIONS}:
        other = random_legal(cards, rule_set, random.Random(h))  # the same split would give 0
    return [best, other]


def _within_budget(pair, cards, rule_set, seed, budget, compiled):  # type: ignore[no-untyped-def]
    """Deals per second, then the standard error of the difference after ``budget`` seconds."""
    if not compiled:
        os.environ["MAUBINH_KERNEL"] = "0"
    try:
        probe = 200 if compiled else 40
        started = time.perf_counter()
        expected_value(pair, cards, rule_set, samples=probe, seed=seed)
        rate = probe / (time.perf_counter() - started)
        samples = max(20, int(budget * rate))
        started = time.perf_counter()
        a, _ = expected_value(pair, cards, rule_set, samples=samples, seed=seed)
        return samples / (time.perf_counter() - started), samples, a.diffs_stderr[1]
    finally:
        os.environ.pop("MAUBINH_KERNEL", None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--budget", type=float, default=1.0, help="seconds of compute per hand")
    parser.add_argument("--grade-opponents", type=int, default=2000)
    parser.add_argument("--rules", default="chi-at", choices=RULE_SET_IDS)
    args = parser.parse_args()
    rule_set = load_rule_set(args.rules)
    kernel.ready(wait=True)
    rng = random.Random(8)
    expected_value([arrange_simple(FULL_DECK[:13], rule_set)], FULL_DECK[:13], rule_set, samples=20)  # warm
    print(f"rules {rule_set.id}, {args.hands} hands, solver vs strongest-back-first (or a random legal split); "
          f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f}")
    rows = []
    for h in range(args.hands):
        cards = rng.sample(FULL_DECK, 13)
        pair = _pair(cards, rule_set, h)
        fast = _within_budget(pair, cards, rule_set, h, args.budget, True)
        slow = _within_budget(pair, cards, rule_set, h, args.budget, False)
        rows.append((fast, slow))
        print(f"  hand {h}: kernel {fast[1]:6d} deals, stderr {fast[2]:.4f}   numpy {slow[1]:5d} deals, "
              f"stderr {slow[2]:.4f}")
    fast_rate = sum(r[0][0] for r in rows) / len(rows)
    slow_rate = sum(r[1][0] for r in rows) / len(rows)
    fast_err = sum(r[0][2] for r in rows) / len(rows)
    slow_err = sum(r[1][2] for r in rows) / len(rows)
    print(f"expected value: kernel {fast_rate:8,.0f} solver-set opponents/s   numpy {slow_rate:6,.0f}/s   "
          f"x{fast_rate / slow_rate:.1f}   target: >= 20,000/s")
    print(f"mean stderr of the difference after {args.budget:g} s: kernel {fast_err:.4f} chi   numpy {slow_err:.4f} chi"
          f"   target: <= 0.02 chi")

    cards = rng.sample(FULL_DECK, 13)
    timings = {}
    for compiled in (True, False):
        started = time.perf_counter()
        field = sample_field(cards, rule_set, opponents=1, samples=args.grade_opponents, seed=1, compiled=compiled)
        rows_found, means = best_splits(field, count=1, compiled=compiled)
        timings[compiled] = (time.perf_counter() - started, int(rows_found[0]), float(means[0]))
    (fast_s, fast_row, _), (slow_s, slow_row, _) = timings[True], timings[False]
    print(f"grading every legal split on {args.grade_opponents} opponents: kernel {fast_s:.2f} s   numpy {slow_s:.1f} s"
          f"   x{slow_s / fast_s:.1f}   same best split: {fast_row == slow_row}   target: <= 1 s")


if __name__ == "__main__":
    main()
