"""Solve time per hand: median and p95 over seeded hands, and the ratio against brute force.

Brute force scores all 72,072 splits with the same evaluator and tables (``split_scores``);
the solver prunes backs by a bound. Usage: ``python bench/solve_speed.py [--hands 1000]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from maubinh import FULL_DECK, RULE_SET_IDS, load_rule_set
from maubinh.strategy.solver import load_tables, solve, split_scores
from maubinh.strategy.vector import hand_splits


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--rules", default="chi-at", choices=RULE_SET_IDS)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rule_set = load_rule_set(args.rules)
    tables = load_tables(rule_set)
    rng = random.Random(args.seed)
    hands = [rng.sample(FULL_DECK, 13) for _ in range(args.hands)]
    solve(hands[0], rule_set)  # warm the tables
    solver_times, brute_times = [], []
    for cards in hands:
        started = time.perf_counter()
        solve(cards, rule_set)
        solver_times.append(time.perf_counter() - started)
        started = time.perf_counter()
        hand = hand_splits(cards, rule_set)
        int(np.argmax(split_scores(hand, tables)))
        brute_times.append(time.perf_counter() - started)
    median, p95 = statistics.median(solver_times), float(np.percentile(solver_times, 95))
    brute = statistics.median(brute_times)
    print(f"rules {rule_set.id}, {args.hands} seeded hands")
    print(f"solver      median {median * 1000:.3f} ms   p95 {p95 * 1000:.3f} ms")
    print(f"brute force median {brute * 1000:.3f} ms   (all 72,072 splits)")
    print(f"ratio brute/solver {brute / median:.2f}x   target: solver median <= 1 ms")


if __name__ == "__main__":
    main()
