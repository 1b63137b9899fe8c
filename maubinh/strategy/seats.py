"""Seats and tables as the compiled kernel reads them: arrays of chi keys, classes, fouls, aces and
instant wins, built from :class:`~maubinh.arrangement.Arrangement` values with the numpy path's own
functions (:func:`~maubinh.strategy.fast.evaluate_many`, :func:`~maubinh.strategy.vector.classes`,
:func:`~maubinh.strategy.vector.in_order`, :func:`~maubinh.naturals.find_instant_win`).

>>> from maubinh.arrangement import Arrangement
>>> from maubinh.rules import load_rule_set
>>> x = Arrangement.parse("Ks Kd Kc 7h 7d", "Qs Qd 9c 8s 2h", "Js Jc 3d")
>>> y = Arrangement.parse("Ts Td 4c 4h 2d", "9s 9d 6c 5s 3h", "8h 7c 2c")
>>> t = table_arrays([[x, y]], load_rule_set("guide-2026"))
>>> t.keys.shape, t.fouls.tolist(), t.declared.tolist()
((1, 2, 3), [[False, False]], [[False, False]])
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from maubinh.arrangement import Arrangement
from maubinh.naturals import InstantWin, find_instant_win
from maubinh.rules import RuleSet
from maubinh.strategy.fast import evaluate_many
from maubinh.strategy.seat_arrays import Opponents, TableArrays
from maubinh.strategy.vector import _natural_amount, classes, in_order

__all__ = ["Opponents", "TableArrays", "chi_classes", "natural_pairs", "opponent_arrays", "table_arrays"]

I64 = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
_ACE = 12  # rank offset of the ace in a card index (index // 4)


def chi_classes(keys: npt.ArrayLike, rule_set: RuleSet) -> I64:
    """The classes (:func:`~maubinh.strategy.vector.classes` order) of chi keys ``(..., 3)``: back, middle, front."""
    k = np.asarray(keys, dtype=np.int64)
    keys5, keys3 = classes(rule_set, 5)[0], classes(rule_set, 3)[0]
    out = np.empty_like(k)
    out[..., :2] = np.searchsorted(keys5, k[..., :2])
    out[..., 2] = np.searchsorted(keys3, k[..., 2])
    return out


def natural_pairs(naturals: Sequence[InstantWin | None], rule_set: RuleSet) -> I64:
    """``(S, S)``: what seat ``a`` takes from seat ``b`` through instant wins (0 where neither declares),
    by the vectorised settlement's rule (:func:`maubinh.strategy.vector.heads_up`)."""
    n = len(naturals)
    out = np.zeros((n, n), dtype=np.int64)
    for a in range(n):
        for b in range(n):
            if a != b and (naturals[a] is not None or naturals[b] is not None):
                out[a, b] = _natural_amount(naturals[a], naturals[b], rule_set)
    return out


def table_arrays(
    deals: Sequence[Sequence[Arrangement]], rule_set: RuleSet,
    naturals: Sequence[Sequence[InstantWin | None]] | None = None,
) -> TableArrays:
    """The arrays of ``deals`` (each a table of arrangements, all tables the same size) under ``rule_set``.

    Args:
        deals: the tables.
        rule_set: the rules.
        naturals: per table and seat the instant win declared; by default every instant win found
            (:func:`~maubinh.naturals.find_instant_win`, as :func:`maubinh.settle.settle` declares them).
    """
    idx = np.array([[[card.index for card in arrangement.cards] for arrangement in table] for table in deals],
                   dtype=np.int64).reshape(len(deals), -1, 13)
    d, s = idx.shape[0], idx.shape[1]
    keys = np.stack([evaluate_many(idx[:, :, :5], rule_set.wheel), evaluate_many(idx[:, :, 5:10], rule_set.wheel),
                     evaluate_many(idx[:, :, 10:], rule_set.wheel)], axis=-1).reshape(d, s, 3)
    if naturals is None:
        naturals = [[find_instant_win(a.cards, rule_set) if rule_set.naturals else None for a in table]
                    for table in deals]
    pairs = np.zeros((d, s, s), dtype=np.int64)
    for t, found in enumerate(naturals):
        if any(natural is not None for natural in found):
            pairs[t] = natural_pairs(found, rule_set)
    declared = np.array([[natural is not None for natural in found] for found in naturals],
                        dtype=np.bool_).reshape(d, s)
    return TableArrays(
        keys, chi_classes(keys, rule_set), ~in_order(keys[..., 0], keys[..., 1], keys[..., 2], strict=rule_set.strict_order),
        (idx // 4 == _ACE).sum(axis=2).astype(np.int64), declared, pairs,
    )


def opponent_arrays(
    tables: Sequence[Sequence[Arrangement]], rule_set: RuleSet, mine: InstantWin | None,
    among: npt.ArrayLike | None = None,
) -> Opponents:
    """:class:`Opponents` of sampled tables (each a list of ``m`` opponents' arrangements).

    Args:
        tables: the sampled tables.
        rule_set: the rules.
        mine: the instant win I declare, or ``None``.
        among: ``(D, m)`` how many other opponents each one scoops; by default worked out by settling
            the opponents among themselves (:func:`maubinh.strategy.kernel.settle_tables`).
    """
    found = [[find_instant_win(a.cards, rule_set) if rule_set.naturals else None for a in table] for table in tables]
    arrays = table_arrays(tables, rule_set, found)
    d, m = arrays.fouls.shape
    natural_any = np.zeros((d, m), dtype=np.bool_)
    natural_chi = np.zeros((d, m), dtype=np.int64)
    for t, theirs in enumerate(found):
        for j, natural in enumerate(theirs):
            if mine is not None or natural is not None:
                natural_any[t, j] = True
                natural_chi[t, j] = _natural_amount(mine, natural, rule_set)
    if among is None:
        if m == 1:
            among = np.zeros((d, 1), dtype=np.int64)
        else:
            from maubinh.strategy.kernel import settle_tables
            from maubinh.strategy.rule_arrays import settle_arrays

            among = settle_tables(arrays, settle_arrays(rule_set)).scoops
    return Opponents(arrays.keys, arrays.classes, arrays.fouls, arrays.aces, natural_any, natural_chi,
                     np.asarray(among, dtype=np.int64).reshape(d, m))
