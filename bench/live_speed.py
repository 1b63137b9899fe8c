"""Making a drill question live (issue 23: target <= 0.3 s median, kernel warm, quiet machine), every kind x level.

Questions not in the bank (house rules, links made from a seed before the bank) are made when asked for. For
each kind and level, ``--questions`` questions are made from seeds 0, 1, 2... under ``--rules`` (a warm-up
question first, not timed) and the median and max seconds printed, with the median CPU seconds of this process
(all its threads: what a question costs on a machine shared with other work, where wall seconds say more about the
others). The baseline, in the same run: "which rule set" with its hands screened one at a time
(``payouts._SCREEN_BATCH = 1``: the screen before batching, the same questions); ``--no-baseline`` skips it.
Usage: ``python bench/live_speed.py [--questions 8] [--rules luckywin] [--kinds rules,arrange] [--no-baseline]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from maubinh.drills import KINDS, Level, QuestionRef, available, make_from_ref, parse_kinds
from maubinh.drills.sets import Kind
from maubinh.rules import load_rule_set
from maubinh.strategy import kernel, payouts

TARGET_S = 0.3


def _times(kind: Kind, level: Level, rule_set_id: str, questions: int, cpu: list[float] | None = None) -> list[float]:
    """Wall seconds per question (and, into ``cpu``, CPU seconds of the process's threads)."""
    make_from_ref(QuestionRef(kind, level, rule_set_id, 10**6))  # warm-up: caches, probes
    seconds = []
    for seed in range(questions):
        started, used = time.perf_counter(), time.process_time()
        make_from_ref(QuestionRef(kind, level, rule_set_id, seed))
        seconds.append(time.perf_counter() - started)
        if cpu is not None:
            cpu.append(time.process_time() - used)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--questions", type=int, default=8)
    parser.add_argument("--rules", default="luckywin")
    parser.add_argument("--kinds", default=",".join(kind.value for kind in KINDS))
    parser.add_argument("--no-baseline", action="store_true", help="skip the hand-by-hand baseline of 'which rule set'")
    args = parser.parse_args()
    assert kernel.ready(wait=True), kernel.status()
    print(f"load average {os.getloadavg()[0]:.2f}; {args.questions} questions per cell, {args.rules}, seconds")
    rule_set = load_rule_set(args.rules)
    over = []
    for kind in parse_kinds(args.kinds):
        for level in Level:
            if available(kind, level, rule_set) is not None:
                continue
            cpu: list[float] = []
            seconds = _times(kind, level, args.rules, args.questions, cpu)
            median = statistics.median(seconds)
            flag = "" if median <= TARGET_S else "   over the target"
            print(f"{kind.value:9s} {level.value:12s} median {median:5.2f}  max {max(seconds):5.2f}  "
                  f"cpu median {statistics.median(cpu):5.2f}{flag}")
            if median > TARGET_S:
                over.append(f"{kind.value}/{level.value}")
            if kind is Kind.RULES and not args.no_baseline:
                batch = payouts._SCREEN_BATCH
                payouts._SCREEN_BATCH = 1
                try:
                    before = _times(kind, level, args.rules, args.questions)
                finally:
                    payouts._SCREEN_BATCH = batch
                print(f"{'':9s} {'':12s} hand by hand (baseline) median {statistics.median(before):5.2f}, "
                      f"x{statistics.median(before) / median:.1f} faster now")
    print(f"target <= {TARGET_S} s median: {'met in every cell' if not over else 'not met: ' + ', '.join(over)}")


if __name__ == "__main__":
    main()
