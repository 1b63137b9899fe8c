"""Expected-value grading: the standard error of the difference between two arrangements
after about one second of compute (common random numbers). Usage: ``python bench/ev_stderr.py``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from maubinh import FULL_DECK, RULE_SET_IDS, load_rule_set
from maubinh.rules import POSITIONS
from maubinh.strategy.arrangers import arrange_simple, random_legal
from maubinh.strategy.ev import expected_value
from maubinh.strategy.solver import solve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--budget", type=float, default=1.0, help="seconds of compute per hand")
    parser.add_argument("--rules", default="chi-at", choices=RULE_SET_IDS)
    args = parser.parse_args()
    rule_set = load_rule_set(args.rules)
    rng = random.Random(8)
    expected_value([arrange_simple(FULL_DECK[:13], rule_set)], FULL_DECK[:13], rule_set, samples=20)  # warm
    errors, used = [], []
    for h in range(args.hands):
        cards = rng.sample(FULL_DECK, 13)
        best, other = solve(cards, rule_set), arrange_simple(cards, rule_set)
        if {frozenset(best.chi(p)) for p in POSITIONS} == {frozenset(other.chi(p)) for p in POSITIONS}:
            other = random_legal(cards, rule_set, random.Random(h))  # the same split would give 0
        pair = [best, other]
        samples = 100
        started = time.perf_counter()
        expected_value(pair, cards, rule_set, samples=samples, seed=h)
        per_sample = (time.perf_counter() - started) / samples
        samples = max(20, int(args.budget / per_sample))
        started = time.perf_counter()
        a, _ = expected_value(pair, cards, rule_set, samples=samples, seed=h)
        used.append((time.perf_counter() - started, samples))
        errors.append(a.diffs_stderr[1])
    print(f"rules {rule_set.id}, {args.hands} hands, solver vs strongest-back-first (or a random legal split)")
    for (seconds, samples), err in zip(used, errors):
        print(f"  {samples:6d} deals in {seconds:.2f} s: stderr of the difference {err:.4f} chi")
    print(f"mean stderr of the difference {sum(errors) / len(errors):.4f} chi   target: <= 0.03 chi at 1 s")


if __name__ == "__main__":
    main()
