"""Learn the solver's tables by self-play and save them: ``python -m maubinh.strategy.train [RULE_SET ...]``.

Starting from where the simple arranger (strongest back first) puts its hands,
repeat: build :class:`~maubinh.strategy.tables.Tables` from the opponents' class counts,
arrange a fixed sample of hands with them, count where the solver's own hands
land, and move the opponents' distribution half way there; stop when the distribution stops changing (no win probability moves
by more than a threshold) or after a number of rounds. Writes ``maubinh/strategy/data/solver-<id>.npz``.

``--seats 3 4`` trains tables per table size instead (issue 14): the scoop multiplier a scoop really gets at
that size (sập làng, the tinh-chi ladder) and the opponents' distribution it leads to; each is played
head to head against the heads-up tables at that size and kept (``solver-<id>-<N>seats.npz``) only when it
wins, the figure printed either way.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from maubinh.cards import FULL_DECK, Card
from maubinh.rules import RULE_SET_IDS, RuleSet, load_rule_set
from maubinh.strategy import kernel
from maubinh.strategy.arrangers import arrange_many_simple
from maubinh.strategy.prepared import backend
from maubinh.strategy.rule_arrays import settle_arrays, solver_arrays, subset_tables
from maubinh.strategy.seats import TableArrays
from maubinh.strategy.solver import solve_splits
from maubinh.strategy.tables import DATA_DIR, Tables, load_tables, tables_from_counts
from maubinh.strategy.vector import SPLITS, classes, hand_splits, in_order, side_of

__all__ = ["counts_of", "effective_scoop", "head_to_head", "table_size_path", "train", "train_for_table",
           "train_table_sizes"]

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
                                         rule_set.wheel, strict=rule_set.strict_order), rule_set)
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


# --------------------------------------------------------------------------- tables per table size


def _solved(idx: npt.NDArray[np.int64], rule_set: RuleSet, tables: Tables) -> tuple[npt.NDArray[np.int64], ...]:
    """Every hand ``(D, S, 13)`` set with ``tables`` (the kernel): chi keys and classes ``(D, S, 3)``."""
    d, seats = idx.shape[0], idx.shape[1]
    _, _, keys, classes_ = kernel.solve_rows(idx.reshape(-1, 13), subset_tables(rule_set.wheel),
                                             solver_arrays(tables))
    return keys.reshape(d, seats, 3), classes_.reshape(d, seats, 3)


def _deals(deals: int, seats: int, seed: int) -> npt.NDArray[np.int64]:
    rng = np.random.default_rng(seed)
    return np.array([rng.permutation(52)[: 13 * seats] for _ in range(deals)], dtype=np.int64).reshape(
        deals, seats, 13)


def effective_scoop(rule_set: RuleSet, tables: Tables, seats: int, *, deals: int = 4000, seed: int = 7) -> float:
    """The average multiplier a scoop gets at a table of ``seats`` (:meth:`~maubinh.rules.ScoopRule.factor`
    with how many opponents the scooper scoops, sập làng included), over deals set with ``tables``.

    Heads-up it is the rule set's multiplier for one scooped opponent; at larger tables a scoop often comes
    with others, which sập làng (``chi-at``) and the ladder (``tinh-chi``) pay more for.
    """
    if seats == 2 or not rule_set.scoop.active:
        return float(rule_set.scoop.factor(1, 1))
    keys, _ = _solved(_deals(deals, seats, seed), rule_set, tables)
    wins = np.asarray(np.all(keys[:, :, None, :] > keys[:, None, :, :], axis=3))  # (D, S, S): a scoops b
    scooped = wins.sum(axis=2)  # (D, S): how many each seat scoops
    factors = np.array([rule_set.scoop.factor(k, seats - 1) for k in range(seats)], dtype=np.float64)
    pairs = int(scooped.sum())  # every scooped pair gets its scooper's factor
    return float((scooped * factors[scooped]).sum() / pairs) if pairs else float(rule_set.scoop.factor(1, 1))


def train_for_table(rule_set: RuleSet, seats: int, *, hands: int = 20_000, rounds: int = 3, seed: int = 2026,
                    log: Callable[[str], None] = print) -> Tables:
    """Tables for a table of ``seats``: starting from the heads-up tables, repeat: measure the average scoop
    multiplier at that size (:func:`effective_scoop`), arrange a sample of hands with it, and move the
    opponents' distribution half way to where those hands land."""
    base = load_tables(rule_set)
    counts: tuple[F64, F64, F64] = (base.counts[0], base.counts[1], base.counts[2])
    rng = np.random.default_rng(seed + seats)
    sample = np.array([rng.permutation(52)[:13] for _ in range(hands)], dtype=np.int64)
    tables = base
    for round_number in range(1, rounds + 1):
        scoop = effective_scoop(rule_set, tables, seats, seed=seed + round_number)
        tables = tables_from_counts(counts, rule_set, scoop)
        _, _, _, chosen = kernel.solve_rows(sample, subset_tables(rule_set.wheel), solver_arrays(tables))
        new = counts_of(chosen[:, 0], chosen[:, 1], chosen[:, 2], rule_set)
        change = _cdf_distance(counts, new)
        counts = (0.5 * counts[0] / counts[0].sum() + 0.5 * new[0] / new[0].sum(),
                  0.5 * counts[1] / counts[1].sum() + 0.5 * new[1] / new[1].sum(),
                  0.5 * counts[2] / counts[2].sum() + 0.5 * new[2] / new[2].sum())
        log(f"{rule_set.id}, {seats} seats: round {round_number}, scoop x{scoop:.3f}, change {change:.4f}")
    return tables_from_counts(counts, rule_set, effective_scoop(rule_set, tables, seats, seed=seed))


def head_to_head(rule_set: RuleSet, candidate: Tables, baseline: Tables, seats: int, *, deals: int = 20_000,
                 seed: int = 11) -> tuple[float, float]:
    """Duplicate games at a table of ``seats``: each deal is played once with every seat on ``baseline`` and,
    for each seat in turn, with that seat alone on ``candidate``; the gain is what the candidate seat wins
    more, chi per seat per deal (the cards cancel out). Returns ``(gain, its standard error)``."""
    idx = _deals(deals, seats, seed)
    base_keys, base_classes = _solved(idx, rule_set, baseline)
    cand_keys, cand_classes = _solved(idx, rule_set, candidate)
    rules = settle_arrays(rule_set)
    aces = (idx // 4 == 12).sum(axis=2).astype(np.int64)
    no = np.zeros((deals, seats), dtype=np.bool_)
    pairs = np.zeros((deals, seats, seats), dtype=np.int64)

    def totals(keys: npt.NDArray[np.int64], classes_: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        fouls = ~in_order(keys[..., 0], keys[..., 1], keys[..., 2], strict=rule_set.strict_order)
        return kernel.settle_tables(TableArrays(keys, classes_, fouls, aces, no, pairs), rules).totals

    before = totals(base_keys, base_classes)
    gains = np.zeros((deals, seats))
    for s in range(seats):
        keys, classes_ = base_keys.copy(), base_classes.copy()
        keys[:, s], classes_[:, s] = cand_keys[:, s], cand_classes[:, s]
        gains[:, s] = totals(keys, classes_)[:, s] - before[:, s]
    per_deal = gains.mean(axis=1)
    return float(per_deal.mean()), float(per_deal.std(ddof=1) / np.sqrt(deals))


def table_size_path(rule_set: RuleSet, seats: int) -> Path:
    """Where the tables of ``rule_set`` for ``seats`` players are kept (read by :func:`load_tables`)."""
    return DATA_DIR / f"solver-{rule_set.id}-{seats}seats.npz"


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


def train_table_sizes(rule_set: RuleSet, sizes: Sequence[int], *, hands: int, deals: int, seed: int,
                      log: Callable[[str], None] = print) -> list[tuple[int, float, float, bool]]:
    """Train tables for each table size in ``sizes`` and keep (write) those that beat the heads-up tables in a
    head-to-head at that size by more than two standard errors; a size that does not gain has its file removed.

    Returns:
        ``(seats, gain, stderr, kept)`` per size (gain in chi per seat per deal).
    """
    backend(wait=True)  # compile the kernel now (the runs below take it when ready)
    baseline = load_tables(rule_set)
    found = []
    for seats in sizes:
        tables = train_for_table(rule_set, seats, hands=hands, seed=seed, log=log)
        gain, err = head_to_head(rule_set, tables, baseline, seats, deals=deals, seed=seed + seats)
        kept = gain > 2 * err
        path = table_size_path(rule_set, seats)
        if kept:
            np.savez_compressed(path, back=tables.counts[0].astype(np.float32),
                                middle=tables.counts[1].astype(np.float32),
                                front=tables.counts[2].astype(np.float32), scoop=np.float64(tables.scoop),
                                gain=np.float64(gain), stderr=np.float64(err), deals=np.int64(deals))
        elif path.exists():
            path.unlink()
        log(f"{rule_set.id}, {seats} seats: scoop x{tables.scoop:.3f}; head to head against the heads-up tables "
            f"over {deals} duplicate deals: {gain:+.4f} ± {err:.4f} chi per seat per deal -> "
            f"{'kept' if kept else 'not kept'}")
        found.append((seats, gain, err, kept))
    load_tables.cache_clear()
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m maubinh.strategy.train", description=__doc__.splitlines()[0])
    parser.add_argument("rule_sets", nargs="*", default=list(RULE_SET_IDS), help="rule-set ids (default: all)")
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--seats", type=int, nargs="*", default=None,
                        help="train tables for these table sizes (3 4) instead, keep those a head-to-head favours")
    parser.add_argument("--deals", type=int, default=20_000, help="duplicate deals of each head-to-head")
    args = parser.parse_args(argv)
    for rule_set_id in args.rule_sets:
        rule_set = load_rule_set(rule_set_id)
        if args.seats:
            if not rule_set.scoop.active:
                print(f"{rule_set.id}: no scoop rule, so the table size changes nothing; skipped")
                continue
            train_table_sizes(rule_set, args.seats, hands=args.hands, deals=args.deals, seed=args.seed)
            continue
        tables, changes = train(rule_set, hands=args.hands, rounds=args.rounds, seed=args.seed)
        save(tables, rule_set, changes, args.hands, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
