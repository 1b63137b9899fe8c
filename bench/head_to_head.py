"""Head to head: duplicate matches of the solver against the simple arrangers real apps use.

Each deal is played twice with the seats swapped, so the cards cancel out and only the
arranging counts. Reports the chi a hand the solver wins. With ``--seats 3 4``, also the tables trained
per table size (``python -m maubinh.strategy.train --seats 3 4``) against the heads-up tables at that
size, in duplicate deals with the kernel (whether or not they were kept). Usage:
``python bench/head_to_head.py [--deals 2000] [--seats 3 4 --size-deals 20000]``.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np

from maubinh import FULL_DECK, RULE_SET_IDS, Arrangement, Card, RuleSet, is_foul, load_rule_set, settle
from maubinh.strategy.arrangers import arrange_simple, sort_and_split
from maubinh.strategy.solver import solve
from maubinh.strategy.tables import load_tables
from maubinh.strategy.train import head_to_head, table_size_path
from maubinh.strategy.vector import hand_splits


def first_legal(cards: Sequence[Card], rule_set: RuleSet) -> Arrangement:
    """The first legal split in enumeration order (what a careless 'auto' button might return)."""
    hand = hand_splits(cards, rule_set)
    return hand.arrangement(int(np.flatnonzero(hand.legal(strict=rule_set.strict_order))[0]))


ARRANGERS: dict[str, Callable[[Sequence[Card], RuleSet], Arrangement]] = {
    "sort-and-split": lambda cards, _rules: sort_and_split(cards),
    "strongest-back-first": arrange_simple,
    "first-legal-split": first_legal,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--rules", default="chi-at", choices=RULE_SET_IDS)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--seats", type=int, nargs="*", default=[])
    parser.add_argument("--size-deals", type=int, default=20_000)
    args = parser.parse_args()
    rule_set = load_rule_set(args.rules)
    print(f"rules {rule_set.id}, {args.deals} duplicate deals (each played with seats swapped)")
    for name, arranger in ARRANGERS.items():
        rng = random.Random(args.seed)
        won = []
        fouls = 0
        for _ in range(args.deals):
            deck = rng.sample(FULL_DECK, 26)
            a, b = deck[:13], deck[13:]
            naive_a, naive_b = arranger(a, rule_set), arranger(b, rule_set)
            fouls += is_foul(naive_a, rule_set) + is_foul(naive_b, rule_set)
            first = settle([solve(a, rule_set), naive_b], rule_set).totals[0]
            second = settle([naive_a, solve(b, rule_set)], rule_set).totals[1]
            won.append((first + second) / 2)
        values = np.array(won)
        stderr = values.std(ddof=1) / np.sqrt(len(values))
        print(f"solver vs {name:<22} {values.mean():+.3f} ± {stderr:.3f} chi a hand   "
              f"(naive fouls: {fouls / (2 * args.deals):.1%})")
    for seats in args.seats:
        if not table_size_path(rule_set, seats).exists():
            print(f"{seats} seats: no tables kept for this size (the training's head-to-head showed no gain)")
            continue
        gain, err = head_to_head(rule_set, load_tables(rule_set, seats), load_tables(rule_set), seats,
                                 deals=args.size_deals)
        print(f"{seats}-seat tables vs heads-up tables at {seats} seats: {gain:+.4f} ± {err:.4f} chi per seat per deal")


if __name__ == "__main__":
    main()
