"""The strategy layer's speed against a checkout of the code before a change, in the same run (issue 33, §6).

Runs the same measurements on this checkout and on ``--base`` (a checkout of the code before, e.g.
``git worktree add /tmp/base main`` or ``git archive main | tar -x -C /tmp/base``), each in a process of its own,
alternating ``--rounds`` times so that the machine's other load falls on both alike, and prints each figure's
median for both and their ratio, with whether both gave the same splits and totals:

- one ``solve()`` call from Python (median over ``--calls`` seeded hands; target <= 0.1 ms);
- ``solve_many`` over ``--hands`` seeded hands on one core, per hand (target <= 30 µs);
- ``simulate``: ``--deals`` four-seat deals under the four sources (target: 2,000 in <= 1.2 s), wall and CPU.

Usage: ``python bench/before_after.py --base /tmp/base [--rounds 3] [--deals 2000]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

_PROBE = r"""
import hashlib, json, os, random, statistics, sys, time
sys.path.insert(0, os.getcwd())
from maubinh import FULL_DECK, RULE_SET_IDS, load_rule_set
from maubinh.strategy import kernel
from maubinh.strategy.simulate import simulate
from maubinh.strategy.solver import solve, solve_many
args = json.loads(sys.argv[1])
assert kernel.ready(wait=True)
rule_set = load_rule_set("chi-at")
rng = random.Random(1)
hands = [rng.sample(FULL_DECK, 13) for _ in range(args["hands"])]
out = {}
solve(hands[0], rule_set)
calls = []
for h in hands[: args["calls"]]:
    started = time.perf_counter()
    solve(h, rule_set)
    calls.append(time.perf_counter() - started)
out["solve_call_ms"] = statistics.median(calls) * 1e3
workers = kernel._workers
kernel._workers = lambda: 1
solve_many(hands[:32], rule_set)
started = time.thread_time()
many = solve_many(hands, rule_set)
out["solve_many_us"] = (time.thread_time() - started) / len(hands) * 1e6
out["solve_digest"] = hashlib.sha256(repr([str(a) for a in many]).encode()).hexdigest()[:12]
kernel._workers = workers
rule_sets = [load_rule_set(i) for i in RULE_SET_IDS]
simulate(rule_sets, deals=4, seats=4, seed=0)
started, cpu = time.perf_counter(), time.process_time()
run = simulate(rule_sets, deals=args["deals"], seats=4, seed=1)
out["simulate_s"] = time.perf_counter() - started
out["simulate_cpu_s"] = time.process_time() - cpu
out["simulate_digest"] = hashlib.sha256(b"".join(run.totals[i].tobytes() + run.sources[i].tobytes()
                                                 for i in run.rule_set_ids)).hexdigest()[:12]
print(json.dumps(out))
"""


def _run(root: Path, args: argparse.Namespace) -> dict[str, float | str]:
    payload = json.dumps({"hands": args.hands, "calls": args.calls, "deals": args.deals})
    done = subprocess.run([sys.executable, "-c", _PROBE, payload], cwd=root, capture_output=True, text=True,
                          check=False, env={**os.environ, "PYTHONHASHSEED": "0"})
    if done.returncode:
        raise SystemExit(f"the probe failed in {root}:\n{done.stderr}")
    result: dict[str, float | str] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", type=Path, required=True, help="a checkout of the code before")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--deals", type=int, default=2000)
    args = parser.parse_args()
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} (other programs share the cores); "
          f"{args.rounds} rounds, before and after alternating")
    found: dict[str, list[dict[str, float | str]]] = {"before": [], "after": []}
    for _ in range(args.rounds):
        found["before"].append(_run(args.base.resolve(), args))
        found["after"].append(_run(HERE, args))
    figures = [("solve_call_ms", "one solve() call, median (ms)", "<= 0.1"),
               ("solve_many_us", "solve_many, one core (µs/hand CPU)", "<= 30"),
               ("simulate_s", f"simulate {args.deals} x 4 seats x 4 rule sets (s wall)", "<= 1.2"),
               ("simulate_cpu_s", "  the same, CPU (s)", "")]
    print(f"{'figure':<52} {'before':>9} {'after':>9} {'after/before':>13}  target")
    for key, label, target in figures:
        before = statistics.median(float(r[key]) for r in found["before"])
        after = statistics.median(float(r[key]) for r in found["after"])
        print(f"{label:<52} {before:9.3f} {after:9.3f} {after / before:13.2f}  {target}")
    for key in ("solve_digest", "simulate_digest"):
        same = {str(r[key]) for side in found.values() for r in side}
        print(f"same {key.split('_')[0]} outputs before and after: {len(same) == 1}")


if __name__ == "__main__":
    main()
