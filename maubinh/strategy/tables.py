"""The solver's learned tables (xếp bài's knowledge of the opponents): per position (back, middle, front) and
per hand class, the chance of winning, tying and losing that chi against an opponent's hand in the same position
and the chi won or lost on average, bonuses and chặt chồng included.

The tables are learned by playing the solver against itself until the opponents' hand distribution stops
changing (the approach of Paul Hankin's Chinese-poker solver); one file per rule set ships in
``maubinh/strategy/data`` and ``python -m maubinh.strategy.train`` rebuilds them. :func:`load_tables` gives
the tables of any rule set (house rules included); :mod:`maubinh.strategy.solver` scores splits with them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from maubinh.rules import RULE_SET_IDS, RuleSet, load_rule_set
from maubinh.strategy.vector import classes

__all__ = ["DATA_DIR", "TABLES_CACHED", "Tables", "load_tables", "tables_from_counts"]

F64 = npt.NDArray[np.float64]
DATA_DIR = Path(__file__).parent / "data"
"""Where the shipped tables are (``solver-<source>.npz``, ``solver-<source>-<N>seats.npz``)."""


@dataclass(frozen=True)
class Tables:
    """Per-position tables over hand classes (see :func:`maubinh.strategy.vector.classes` for the class order).

    Attributes:
        win, lose: probabilities, one array per position (back, middle: 7,462 classes; front: 455).
        won, lost: expected chi won / lost in that chi against one opponent.
        scoop: the scoop multiplier against one opponent (1 = no scoop rule); at a larger table, the
            average multiplier a scoop gets there (sập làng and ladders pay more, see
            :func:`maubinh.strategy.train.effective_scoop`).
        counts: the opponents' class counts per position the tables came from.
        strict: the rule set's order rule (:attr:`~maubinh.rules.RuleSet.strict_order`): which splits
            are binh lủng, never chosen.
    """

    win: tuple[F64, F64, F64]
    lose: tuple[F64, F64, F64]
    won: tuple[F64, F64, F64]
    lost: tuple[F64, F64, F64]
    scoop: float
    counts: tuple[F64, F64, F64]
    strict: bool = False
    net: tuple[F64, F64, F64] = field(init=False)
    mean_won: tuple[F64, F64, F64] = field(init=False)
    mean_lost: tuple[F64, F64, F64] = field(init=False)

    def __post_init__(self) -> None:
        def three(arrays: list[F64]) -> tuple[F64, F64, F64]:
            return (arrays[0], arrays[1], arrays[2])

        object.__setattr__(self, "net", three([w - lo for w, lo in zip(self.won, self.lost)]))
        object.__setattr__(self, "mean_won", three([_ratio(w, p) for w, p in zip(self.won, self.win)]))
        object.__setattr__(self, "mean_lost", three([_ratio(lo, p) for lo, p in zip(self.lost, self.lose)]))


def _ratio(num: F64, den: F64) -> F64:
    return np.divide(num, den, out=np.zeros_like(num), where=den > 0)


def tables_from_counts(counts: Sequence[npt.ArrayLike], rule_set: RuleSet, scoop: float | None = None) -> Tables:
    """Build :class:`Tables` from how often each class appears in each position of opponents' hands.

    Args:
        counts: three arrays (back, middle, front) of class counts (any non-negative weights).
        rule_set: gives the payouts (bonuses, chặt chồng) and the scoop multiplier.
        scoop: the scoop multiplier to use (default: the rule set's for one scooped opponent).
    """
    _, pay5, fam5, _ = classes(rule_set, 5)
    _, pay3, fam3, _ = classes(rule_set, 3)
    pays = (pay5[0], pay5[1], pay3[0])
    fams = (fam5[0], fam5[1], fam3[0])
    clash = rule_set.bonus_clash
    win, lose, won, lost, kept = [], [], [], [], []
    for raw, pay, fam in zip(counts, pays, fams):
        q = np.asarray(raw, dtype=np.float64)
        q = q / q.sum()
        below = np.cumsum(q) - q  # P(opponent's class < mine)
        above = 1.0 - np.cumsum(q)  # P(opponent's class > mine)
        qpay = q * pay
        lost_plain = np.cumsum(qpay[::-1])[::-1] - qpay  # sum over classes above of q * pay
        won_c = pay * below
        lost_c = lost_plain.copy()
        if clash != 1:
            for family in np.unique(fam[fam > 0]):
                same = fam == family
                qf = np.where(same, q, 0.0)
                below_same = np.cumsum(qf) - qf
                above_same_pay = np.cumsum((qf * pay)[::-1])[::-1] - qf * pay
                won_c = np.where(same, won_c + (clash - 1) * pay * below_same, won_c)
                lost_c = np.where(same, lost_c + (clash - 1) * above_same_pay, lost_c)
        win.append(below)
        lose.append(above)
        won.append(won_c)
        lost.append(lost_c)
        kept.append(np.asarray(raw, dtype=np.float64))
    return Tables(
        (win[0], win[1], win[2]), (lose[0], lose[1], lose[2]), (won[0], won[1], won[2]),
        (lost[0], lost[1], lost[2]), rule_set.scoop.multipliers[0] if scoop is None else scoop,
        (kept[0], kept[1], kept[2]), rule_set.strict_order,
    )



TABLES_CACHED = 16
"""Rule sets whose tables are kept (least recently used dropped first): the four sources and the
house rules in use; any other is rebuilt when asked (a few ms), so the cache only saves time."""


@lru_cache(maxsize=TABLES_CACHED)
def load_tables(rule_set: RuleSet, seats: int = 2) -> Tables:
    """The solver's tables for any rule set: a source's shipped ones; for house rules, tables built
    with their own payouts over the opponent distribution of the source they started from (the
    source with the same ``source_file``; ``chi-at``'s when none matches).

    A house that moves the wheel (``wheel.value``) gets the source's counts renumbered for its own straight
    order (:func:`_rewheeled`: the same hands, A-2-3-4-5 under its new key), not read by the old numbering.

    The last :data:`TABLES_CACHED` rule sets' tables are kept, keyed by the whole rule set (equal rule
    sets, names included, share an entry; see :class:`~maubinh.rules.RuleSet`).

    ``seats``: the table size. Where training showed a gain at that size (``python -m
    maubinh.strategy.train --seats N``: a file ``solver-<source>-<N>seats.npz``, kept only when a
    head-to-head at that size beat the heads-up tables), its opponent distribution and scoop multiplier;
    otherwise the heads-up tables.
    """
    base = rule_set.id if rule_set.id in RULE_SET_IDS else next(
        (i for i in RULE_SET_IDS if load_rule_set(i).source_file == rule_set.source_file), RULE_SET_IDS[0]
    )
    sized = DATA_DIR / f"solver-{base}-{seats}seats.npz"
    path = sized if seats > 2 and sized.exists() else DATA_DIR / f"solver-{base}.npz"
    scoop: float | None = None
    if path.exists():
        with np.load(path) as data:
            counts = (data["back"], data["middle"], data["front"])
            if "scoop" in data and rule_set.id == base:
                scoop = float(data["scoop"])
        source = load_rule_set(base)
        if source.wheel is not rule_set.wheel:  # a house moved the wheel: the same hands, renumbered
            counts = (_rewheeled(counts[0], source, rule_set), _rewheeled(counts[1], source, rule_set), counts[2])
    else:  # before training: a flat prior
        n5, n3 = len(classes(rule_set, 5)[0]), len(classes(rule_set, 3)[0])
        counts = (np.ones(n5), np.ones(n5), np.ones(n3))
    return tables_from_counts(counts, rule_set, scoop)


def _rewheeled(counts: npt.ArrayLike, source: RuleSet, house: RuleSet) -> F64:
    """Five-card class counts of ``source``'s wheel order renumbered for ``house``'s (issue 24, item 6).

    Only straights and straight flushes change key between the two orders (A-2-3-4-5 moves, and the keys
    above it with it, digest §2.2), so every class keeps its count under its own key in the new order, and
    each straight and straight flush moves to its new key.
    """
    from maubinh.cards import Card, Rank, Suit
    from maubinh.strategy.fast import evaluate_many

    old_keys, new_keys = classes(source, 5)[0], classes(house, 5)[0]
    runs = [[14, 2, 3, 4, 5]] + [list(range(low, low + 5)) for low in range(2, 11)]
    suits = ([Suit.SPADES, Suit.HEARTS, Suit.SPADES, Suit.SPADES, Suit.SPADES], [Suit.SPADES] * 5)
    straights = np.array([[Card(Rank(rank), suit).index for rank, suit in zip(run, pattern)]
                          for run in runs for pattern in suits], dtype=np.int64)
    moved = dict(zip(evaluate_many(straights, source.wheel).tolist(), evaluate_many(straights, house.wheel).tolist()))
    renamed = np.array([moved.get(int(key), int(key)) for key in old_keys.tolist()], dtype=np.int64)
    found = np.zeros(len(new_keys), dtype=np.float64)
    found[np.searchsorted(new_keys, renamed)] = np.asarray(counts, dtype=np.float64)
    return found
