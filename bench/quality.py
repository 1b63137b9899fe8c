"""Solver quality, measured without bias (issue 14): for each hand, the best of every legal split is chosen
on one sample of opponents and then scored, with the solver's own split, on an independent sample; the
solver's loss is the difference on that second sample (choosing and scoring on the same deals would favour
the exhaustive best: the maximum of noisy estimates). The biased figure is printed beside it.

The numpy path gives the same numbers (checked on the first hands, with its time). Usage:
``python bench/quality.py [--hands 300 --opponents 2000 --rules chi-at]``.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from maubinh import FULL_DECK, RULE_SET_IDS, load_rule_set
from maubinh.naturals import find_instant_win
from maubinh.strategy import kernel
from maubinh.strategy.field import best_splits, field_values, sample_field
from maubinh.strategy.solver import solve
from maubinh.strategy.vector import split_arrangement


def _loss(cards, rule_set, opponents, seed, compiled):  # type: ignore[no-untyped-def]
    """(unbiased loss, biased loss) of the solver's split for one hand."""
    choose = sample_field(cards, rule_set, opponents=1, samples=opponents, seed=2 * seed, compiled=compiled)
    score = sample_field(cards, rule_set, opponents=1, samples=opponents, seed=2 * seed + 1, compiled=compiled)
    rows, means = best_splits(choose, compiled=compiled)
    best = split_arrangement(np.array([c.index for c in cards]), int(rows[0]))
    mine = solve(cards, rule_set)
    (on_choose,), _ = field_values([mine], choose, compiled=compiled)
    totals, _ = field_values([best, mine], score, compiled=compiled)
    return float(totals[0].mean() - totals[1].mean()), float(means[0] - on_choose.mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--opponents", type=int, default=2000, help="sampled opponent hands per sample")
    parser.add_argument("--numpy-hands", type=int, default=2, help="hands also measured on the numpy path")
    parser.add_argument("--rules", default="chi-at", choices=RULE_SET_IDS)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    rule_set = load_rule_set(args.rules)
    kernel.ready(wait=True)
    rng = random.Random(args.seed)
    unbiased, biased, fast_seconds, slow_seconds, same = [], [], [], [], True
    for h in range(args.hands):
        cards = rng.sample(FULL_DECK, 13)
        if rule_set.naturals and find_instant_win(cards, rule_set) is not None:
            continue  # every split of an instant win is worth the same
        started = time.perf_counter()
        loss, flattered = _loss(cards, rule_set, args.opponents, h, True)
        fast_seconds.append(time.perf_counter() - started)
        unbiased.append(loss)
        biased.append(flattered)
        if len(slow_seconds) < args.numpy_hands:
            started = time.perf_counter()
            same &= _loss(cards, rule_set, args.opponents, h, False) == (loss, flattered)
            slow_seconds.append(time.perf_counter() - started)
    u, b = np.array(unbiased), np.array(biased)
    print(f"rules {rule_set.id}, {len(u)} hands (instant wins skipped), {args.opponents} opponents to choose the best "
          f"split and {args.opponents} others to score it; load average {os.getloadavg()[0]:.2f}")
    print(f"solver loss against the exhaustive best, independent samples: mean {u.mean():.4f} ± "
          f"{u.std(ddof=1) / np.sqrt(len(u)):.4f} chi/hand, median {np.median(u):.3f}, p90 {np.percentile(u, 90):.3f}"
          f"   target: <= 0.01 chi/hand mean")
    print(f"the same scored on the deals that chose it (biased upwards): mean {b.mean():.4f} chi/hand")
    print(f"time a hand: kernel {np.mean(fast_seconds):.2f} s   numpy {np.mean(slow_seconds):.1f} s   "
          f"x{np.mean(slow_seconds) / np.mean(fast_seconds):.1f}   same numbers: {same}")


if __name__ == "__main__":
    main()
