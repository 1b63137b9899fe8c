"""Simulation speed: seeded deals, every seat set by the solver, settled under each rule set.

The figure of issue 7: 2,000 four-seat deals under the four source rule sets, target at most 20 s
on a 2-core machine. Prints the time in one process and with ``--workers`` processes (the Sandbox
uses as many as the machine has cores, at most 4). Usage:
``python bench/simulate_speed.py [--deals 2000] [--seats 4] [--workers 2]``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from maubinh import RULE_SET_IDS, load_rule_set
from maubinh.strategy.simulate import simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=min(4, os.cpu_count() or 1))
    parser.add_argument("--skip-single", action="store_true", help="only time the run with --workers")
    args = parser.parse_args()
    rule_sets = [load_rule_set(rule_set_id) for rule_set_id in RULE_SET_IDS]
    simulate(rule_sets, deals=2, seats=args.seats, seed=0)  # warm the tables
    print(f"{args.deals} deals of {args.seats} seats, rule sets {', '.join(RULE_SET_IDS)}, seed {args.seed}")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} (other programs share the cores)")
    runs = [args.workers] if args.skip_single else sorted({1, args.workers})
    results = {}
    for workers in runs:
        started, cpu = time.perf_counter(), time.process_time()
        result = simulate(rule_sets, deals=args.deals, seats=args.seats, seed=args.seed, workers=workers)
        seconds = time.perf_counter() - started
        results[workers] = result
        per_deal = seconds / max(1, args.deals) * 1000
        line = f"workers {result.workers}: {seconds:.1f} s ({per_deal:.2f} ms a deal, all rule sets)"
        if result.workers == 1:  # CPU time is a figure the machine's other load disturbs less
            line += f", {time.process_time() - cpu:.1f} s of CPU"
        print(f"{line}   target: <= 20 s")
    first, last = results[runs[0]], results[runs[-1]]
    same = all((first.totals[i] == last.totals[i]).all() for i in first.rule_set_ids)
    print(f"same totals whatever the workers: {same}")
    for rule_set_id in first.rule_set_ids:
        print(f"  {rule_set_id:<11} average swing {first.swing(rule_set_id):6.2f} chi per seat per deal")


if __name__ == "__main__":
    main()
