"""Learn the solver's tables by self-play and save them: ``python -m maubinh.strategy.train [RULE_SET ...]``.

Starting from where the simple arranger (strongest back first) puts its hands,
repeat: build :class:`~maubinh.strategy.solver.Tables` from the opponents' class counts,
arrange a fixed sample of hands with them, count where the solver's own hands
land, and move the opponents' distribution half way there; stop when the distribution stops changing (no win probability moves
by more than a threshold) or after a number of rounds. Writes ``maubinh/strategy/data/solver-<id>.npz``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from maubinh.cards import FULL_DECK, Card
from maubinh.rules import RULE_SET_IDS, RuleSet, load_rule_set
from maubinh.strategy.arrangers import arrange_many_simple
from maubinh.strategy.solver import DATA_DIR, Tables, solve_splits, tables_from_counts
from maubinh.strategy.vector import SPLITS, classes, hand_splits, side_of

__all__ = ["counts_of", "train"]

F64 = npt.NDArray[np.float64]


def counts_of(class5_back: npt.ArrayLike, class5_middle: npt.ArrayLike, class3_front: npt.ArrayLike,
              rule_set: RuleSet) -> tuple[F64, F64, F64]:
    """Class histograms per position from arrays of class indexes."""
    n5, n3 = len(classes(rule_set, 5)[0]), len(classes(rule_set, 3)[0])
    return (
        np.bincount(np.asarray(class5_back), minlength=n5).astype(np.float64),
        np.bincount(np.asarray(class5_middle), minlength=n5).astype(np.float64),
        np.bincount(np.asarray(class3_front), minlength=n3).astype(np.float64),
    )


def _cdf_distance(a: Sequence[F64], b: Sequence[F64]) -> float:
    """The largest gap between two class distributions' CDFs over the three positions (Kolmogorov-Smirnov).

    The win tables are CDFs of these distributions, so this is the largest change of a win probability.
    """
    return max(float(np.abs(np.cumsum(x) / x.sum() - np.cumsum(y) / y.sum()).max()) for x, y in zip(a, b))


def train(
    rule_set: RuleSet,
    *,
    hands: int = 20_000,
    rounds: int = 8,
    tolerance: float = 0.02,
    seed: int = 2026,
    log: Callable[[str], None] = print,
) -> tuple[Tables, list[float]]:
    """Self-play until the opponents' hand distribution settles.

    Returns:
        The final tables and each round's largest change of a win probability.
    """
    rng = np.random.default_rng(seed)
    deck = list(FULL_DECK)
    sample: list[list[Card]] = [[deck[i] for i in rng.permutation(52)[:13]] for _ in range(hands)]
    splits = [hand_splits(h, rule_set) for h in sample]
    plain = [hs for hs in splits if hs.natural is None]  # instant wins never compare chi
    keys5, keys3 = classes(rule_set, 5)[0], classes(rule_set, 3)[0]
    simple = side_of(arrange_many_simple([sample[i] for i, hs in enumerate(splits) if hs.natural is None],
                                         rule_set.wheel), rule_set)
    counts = counts_of(np.searchsorted(keys5, simple.keys[:, 0]), np.searchsorted(keys5, simple.keys[:, 1]),
                       np.searchsorted(keys3, simple.keys[:, 2]), rule_set)
    changes: list[float] = []
    for round_number in range(1, rounds + 1):
        started = time.perf_counter()
        tables = tables_from_counts(counts, rule_set)
        chosen = np.array([SPLITS[solve_splits(hs, tables)] for hs in plain])
        new = counts_of(
            [hs.class5[row[0]] for hs, row in zip(plain, chosen)],
            [hs.class5[row[1]] for hs, row in zip(plain, chosen)],
            [hs.class3[row[2]] for hs, row in zip(plain, chosen)],
            rule_set,
        )
        change = _cdf_distance(counts, new)
        changes.append(change)
        # Damped update (half the old distribution, half the response) so that self-play settles
        # instead of swinging between two strategies.
        counts = tuple(0.5 * old / old.sum() + 0.5 * fresh / fresh.sum() for old, fresh in zip(counts, new))
        log(f"{rule_set.id}: round {round_number}, change {change:.4f}, {time.perf_counter() - started:.1f} s")
        if change < tolerance:
            break
    return tables_from_counts(counts, rule_set), changes


def save(tables: Tables, rule_set: RuleSet, changes: Sequence[float], hands: int, seed: int) -> None:
    """Write the class counts of ``tables`` to ``maubinh/strategy/data/solver-<id>.npz``."""
    DATA_DIR.mkdir(exist_ok=True)
    np.savez_compressed(
        DATA_DIR / f"solver-{rule_set.id}.npz",
        back=tables.counts[0].astype(np.float32),
        middle=tables.counts[1].astype(np.float32),
        front=tables.counts[2].astype(np.float32),
        changes=np.asarray(changes, dtype=np.float32),
        hands=np.int64(hands),
        seed=np.int64(seed),
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m maubinh.strategy.train", description=__doc__.splitlines()[0])
    parser.add_argument("rule_sets", nargs="*", default=list(RULE_SET_IDS), help="rule-set ids (default: all)")
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    for rule_set_id in args.rule_sets:
        rule_set = load_rule_set(rule_set_id)
        tables, changes = train(rule_set, hands=args.hands, rounds=args.rounds, seed=args.seed)
        save(tables, rule_set, changes, args.hands, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
