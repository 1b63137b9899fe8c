"""The arrays the compiled kernel (:mod:`maubinh.strategy.kernel`) reads: tables of seats and sampled
opponents, as plain data. :mod:`maubinh.strategy.seats` builds them from arrangements."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = ["Opponents", "TableArrays"]

I64 = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


@dataclass(frozen=True, eq=False)
class TableArrays:
    """``D`` tables of ``S`` seats (see :func:`maubinh.strategy.kernel.settle_tables`).

    Attributes:
        keys, classes: ``(D, S, 3)`` chi keys and classes, back, middle, front.
        fouls, aces, declared: ``(D, S)`` binh lủng, aces held, an instant win declared.
        natural_pairs: ``(D, S, S)`` what seat ``a`` takes from seat ``b`` through instant wins.
    """

    keys: I64
    classes: I64
    fouls: BoolArray
    aces: I64
    declared: BoolArray
    natural_pairs: I64


@dataclass(frozen=True, eq=False)
class Opponents:
    """Sampled opponent tables as the kernels read them: ``D`` deals of ``m`` opponents.

    Attributes:
        keys, classes: ``(D, m, 3)`` their chi (back, middle, front).
        fouls, aces: ``(D, m)``.
        natural_any: ``(D, m)`` whether I or that opponent declares an instant win (no chi compared).
        natural_chi: ``(D, m)`` what I take from that opponent through instant wins (0 elsewhere).
        among: ``(D, m)`` how many other opponents each one scoops (the opponents settled among themselves).
    """

    keys: I64
    classes: I64
    fouls: BoolArray
    aces: I64
    natural_any: BoolArray
    natural_chi: I64
    among: I64

    def arrays(self) -> tuple[I64, I64, BoolArray, I64, BoolArray, I64]:
        """The arrays the kernels take, contiguous and of the right types."""
        return (np.ascontiguousarray(self.keys, dtype=np.int64), np.ascontiguousarray(self.classes, dtype=np.int64),
                np.ascontiguousarray(self.fouls, dtype=np.bool_), np.ascontiguousarray(self.aces, dtype=np.int64),
                np.ascontiguousarray(self.natural_any, dtype=np.bool_),
                np.ascontiguousarray(self.natural_chi, dtype=np.int64))
