"""Simulation speed, the compiled kernel beside the numpy path in the same run (issues 7 and 14).

Seeded deals, every seat set by the solver, settled under each of the four source rule sets. Prints the
kernel's time for ``--deals`` four-seat deals (target: 2,000 in <= 3 s), the numpy path's time on the first
``--numpy-deals`` of them and its time scaled to ``--deals``, the ratio, and whether the two paths give the
same totals on the deals both played; with ``--long``, the kernel on 100,000 deals (target <= 90 s on
2 cores). Usage: ``python bench/simulate_speed.py [--deals 2000] [--numpy-deals 200] [--long 100000]``.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from maubinh import RULE_SET_IDS, load_rule_set
from maubinh.strategy import kernel
from maubinh.strategy.simulate import estimate_seconds, simulate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--numpy-deals", type=int, default=200)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=min(4, os.cpu_count() or 1),
                        help="processes for the numpy path")
    parser.add_argument("--long", type=int, default=0, help="also time a long kernel run of this many deals")
    args = parser.parse_args()
    rule_sets = [load_rule_set(rule_set_id) for rule_set_id in RULE_SET_IDS]
    kernel.ready(wait=True)
    simulate(rule_sets, deals=2, seats=args.seats, seed=0)  # warm the tables
    print(f"{args.deals} deals of {args.seats} seats, rule sets {', '.join(RULE_SET_IDS)}, seed {args.seed}")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} (other programs share the cores)")
    print(f"estimate before the run: {estimate_seconds(len(rule_sets), args.deals, args.seats):.1f} s")
    started, cpu = time.perf_counter(), time.process_time()
    fast = simulate(rule_sets, deals=args.deals, seats=args.seats, seed=args.seed)
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    print(f"kernel ({fast.workers} threads): {seconds:.2f} s ({seconds / max(1, args.deals) * 1000:.2f} ms a deal, "
          f"all rule sets), {cpu:.1f} s of CPU   target: 2,000 deals <= 3 s")
    few = min(args.numpy_deals, args.deals)
    started = time.perf_counter()
    slow = simulate(rule_sets, deals=few, seats=args.seats, seed=args.seed, workers=args.workers, compiled=False)
    numpy_seconds = time.perf_counter() - started
    scaled = numpy_seconds * args.deals / max(1, few)
    print(f"numpy path ({slow.workers} processes): {numpy_seconds:.1f} s for {few} deals, {scaled:.1f} s scaled to "
          f"{args.deals}   x{scaled / seconds:.1f}")
    same = all((fast.totals[i][:few] == slow.totals[i]).all() and (fast.sources[i][:few] == slow.sources[i]).all()
               for i in fast.rule_set_ids)
    print(f"same totals, kernel and numpy: {same}")
    for rule_set_id in fast.rule_set_ids:
        print(f"  {rule_set_id:<11} average swing {fast.swing(rule_set_id):6.2f} chi per seat per deal")
    if args.long:
        estimate = estimate_seconds(len(rule_sets), args.long, args.seats)
        started = time.perf_counter()
        simulate(rule_sets, deals=args.long, seats=args.seats, seed=args.seed)
        print(f"kernel, {args.long:,} deals: {time.perf_counter() - started:.1f} s (estimated {estimate:.0f} s)   "
              f"target: 100,000 <= 90 s on 2 cores")


if __name__ == "__main__":
    main()
