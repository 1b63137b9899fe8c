"""Command line: ``python -m maubinh solve "As Kh ..." --rules chi-at``.

Prints the best arrangement (xếp bài) of 13 cards under a rule set and its
expected chi per deal against opponents set by the same solver; for a hand holding
an instant win, whether to declare it or play it out (:func:`maubinh.strategy.decide.decide`)
and the numbers behind the choice. Bad input
prints a clear message on stderr and exits with status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from maubinh.arrangement import hand_values
from maubinh.cards import CardParseError, cards_text, parse_cards
from maubinh.rules import POSITIONS, RULE_SET_IDS, UnknownRuleSetError, load_rule_set
from maubinh.strategy.decide import decide
from maubinh.strategy.ev import expected_value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m maubinh", description="Mậu Binh rules engine.")
    commands = parser.add_subparsers(dest="command", required=True)
    solve_cmd = commands.add_parser("solve", help="the best arrangement of 13 cards and its expected chi")
    solve_cmd.add_argument("cards", help='13 cards, e.g. "As Kh Qd Jc 10s 9h 8d 7c 6s 5h 4d 3c 2s"')
    solve_cmd.add_argument("--rules", default=RULE_SET_IDS[0], help=f"rule set: {', '.join(RULE_SET_IDS)}")
    solve_cmd.add_argument("--opponents", type=int, default=1, choices=(1, 2, 3))
    solve_cmd.add_argument("--samples", type=int, default=1000, help="deals sampled for the expected chi")
    solve_cmd.add_argument("--seed", type=int, default=0)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 2 bad input)."""
    args = _parser().parse_args(argv)
    try:
        rule_set = load_rule_set(args.rules)
        cards = parse_cards(args.cards, count=13)
    except (CardParseError, UnknownRuleSetError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.samples < 2:
        print("error: --samples must be at least 2", file=sys.stderr)
        return 2
    decision = decide(cards, rule_set, opponents=args.opponents, samples=args.samples, seed=args.seed)
    best = decision.arrangement
    natural = decision.natural
    if natural is not None:
        choice = "declare it (báo mậu binh)" if decision.declare else "play it out"
        print(f"instant win (mậu binh): {natural.pattern.value}, {natural.chi} chi from each opponent")
        print(f"decision: {choice}: declaring {decision.declare_mean:+.2f}, playing the best split "
              f"{decision.play_mean:+.2f} ± {decision.play_stderr:.2f} chi per opponent "
              f"(difference ± {decision.gap_stderr:.2f}; {decision.samples} deals)")
    values = hand_values(best, rule_set.wheel)
    for position in POSITIONS:
        name = rule_set.position_name(position, "en")
        print(f"{name:<18} {cards_text(best.chi(position)):<16} {values[position].category.name.lower()}")
    declared = [decision.declare] if natural is not None else None
    (result,) = expected_value([best], cards, rule_set, opponents=args.opponents, samples=args.samples,
                               seed=args.seed, declared=declared)
    print(f"expected chi per deal: {result.mean:+.2f} ± {result.stderr:.2f} "
          f"({args.samples} deals, {args.opponents} opponent(s), rules {rule_set.id})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
