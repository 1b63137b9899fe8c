"""The reference players' chi lost per decision at the Play table: what the bands of :mod:`maubinh.bands` stand on.

Deals ``1..N`` of one seeded table (``--seats 4``: the player against the solver, the medium and the beginner
computer players; ``--seats 2``: heads-up against the solver, as the Drill's "set it yourself") are graded as Play
grades a hand (:func:`maubinh.play.analyse`, the same study per deal). For the player's 13 cards, each reference
player sets the hand as it would in seat 0 (:func:`maubinh.play.bot_play`: ``solver``, ``medium``, ``beginner``),
and ``random`` plays a random legal split (no declaration). Prints, per player, the mean chi lost per decision ± its
standard error and the quantiles of the per-decision losses, then the share of each player's decisions in each band
of :data:`maubinh.bands.BANDS` as declared. Usage:
``python bench/bands.py [--deals 60] [--rules chi-at] [--seed 36] [--seats 4]``.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from maubinh.bands import BANDS, grade
from maubinh.play import Strength, Table, analyse, bot_play, study
from maubinh.rules import RULE_SET_IDS, load_rule_set
from maubinh.strategy.arrangers import random_legal

PLAYERS = ("solver", "medium", "beginner", "random")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--rules", default="chi-at", choices=RULE_SET_IDS)
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--seats", type=int, default=4, choices=(2, 3, 4))
    args = parser.parse_args()
    rule_set = load_rule_set(args.rules)
    table = Table(rule_set, args.seed, (Strength.SOLVER, Strength.MEDIUM, Strength.BEGINNER)[: args.seats - 1])
    lost: dict[str, list[tuple[float, float]]] = {p: [] for p in PLAYERS}
    rng = random.Random(args.seed)
    for number in range(1, args.deals + 1):
        cards = table.deal(number)[0]
        studied = study(table, number)
        for player in PLAYERS:
            if player == "random":
                split, declare = random_legal(cards, rule_set, rng), False
            else:
                play = bot_play(cards, Strength(player), rule_set, table.seats, f"{args.seed}:{number}:0")
                split, declare = play.arrangement, play.declare
            analysis = analyse(table, number, split, declare, studied=studied)
            lost[player].append((analysis.cost, analysis.cost_stderr))
        print(f"deal {number}: " + ", ".join(f"{p} {lost[p][-1][0]:.2f}" for p in PLAYERS), file=sys.stderr)
    print(f"rules {rule_set.id}, table seed {args.seed}, {args.deals} deals at {args.seats} seats (chi lost per decision)")
    for player in PLAYERS:
        costs = sorted(c for c, _ in lost[player])
        mean = statistics.fmean(costs)
        se = statistics.stdev(costs) / math.sqrt(len(costs))
        q = statistics.quantiles(costs, n=10)
        print(f"{player:9} mean {mean:.3f} ± {se:.3f}; median {statistics.median(costs):.3f}; "
              f"p10 {q[0]:.3f} p25 {statistics.quantiles(costs, n=4)[0]:.3f} p75 {statistics.quantiles(costs, n=4)[2]:.3f}"
              f" p90 {q[8]:.3f}")
        shares = {band: 0 for band in BANDS}
        for cost, err in lost[player]:
            shares[grade(cost, err).band] += 1
        print("          " + ", ".join(f"{band.value} {100 * n / len(costs):.0f} %" for band, n in shares.items()))


if __name__ == "__main__":
    main()
