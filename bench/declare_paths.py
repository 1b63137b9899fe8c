"""The compiled kernel and the numpy path of ``solve`` on split-pattern hands (issue 24, item 4).

Deals several thousand hands holding three flushes, three straights or three straight flushes, solves them
both ways at 2, 3 and 4 seats under every source (and a house with the strict order), and prints how many
differ (must be 0), how many were declared, and how many played-out splits are binh lủng (must be 0).

    .venv/bin/python bench/declare_paths.py --hands 3000
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from maubinh.arrangement import is_foul
from maubinh.drills.build import BuildError, Pool
from maubinh.drills.natural import pattern_hand
from maubinh.house import edit
from maubinh.naturals import find_instant_win
from maubinh.rules import RULE_SET_IDS, NaturalPattern, load_rule_set
from maubinh.strategy import kernel
from maubinh.strategy.solver import solve_many

PATTERNS = (NaturalPattern.BA_THUNG, NaturalPattern.BA_SANH, NaturalPattern.BA_THUNG_PHA_SANH)


def hands_of(n: int, seed: int) -> list[tuple]:
    rng = random.Random(seed)
    found: list[tuple] = []
    while len(found) < n:
        try:
            cards = tuple(pattern_hand(Pool(rng), rng.choice(PATTERNS)))
        except BuildError:
            continue
        if len(set(cards)) == 13:
            found.append(cards)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=24)
    args = parser.parse_args(argv)
    kernel.ready(wait=True)
    rule_sets = [load_rule_set(i) for i in RULE_SET_IDS]
    rule_sets.append(edit(load_rule_set("chi-at"), {"order.strict": True}, rule_set_id="chi-at-strict"))
    failures = 0
    for seats in (2, 3, 4):
        hands = hands_of(args.hands, args.seed + seats)
        for rule_set in rule_sets:
            start = time.perf_counter()
            fast = solve_many(hands, rule_set, seats=seats)
            mid = time.perf_counter()
            os.environ["MAUBINH_KERNEL"] = "0"
            slow = solve_many(hands, rule_set, seats=seats)
            del os.environ["MAUBINH_KERNEL"]
            end = time.perf_counter()
            differ = sum(str(a) != str(b) for a, b in zip(fast, slow))
            declared = fouled = 0
            for cards, arranged in zip(hands, fast):
                natural = find_instant_win(cards, rule_set)
                if natural is not None and natural.split is not None and arranged == natural.split:
                    declared += 1
                elif is_foul(arranged, rule_set):
                    fouled += 1
            failures += differ + fouled
            print(f"{seats} seats, {rule_set.id:13}: {len(hands)} hands, differ {differ}, declared {declared}, "
                  f"played and fouled {fouled}; kernel {mid - start:.1f} s, numpy {end - mid:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
