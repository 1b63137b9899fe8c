"""What sampling says of arrangements: expected chi per deal with its standard errors, and how often each chi
was won, tied and lost (:class:`EVResult`), from per-deal chi and per-chi counts. Shared by
:mod:`maubinh.strategy.ev` (settled with numpy) and :mod:`maubinh.strategy.field` (settled by the kernel)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from maubinh.rules import POSITIONS, Position

__all__ = ["ChiOdds", "EVResult", "results_from"]


@dataclass(frozen=True)
class ChiOdds:
    """Share of (deal, opponent) pairs in which a chi was won, tied and lost.

    The three add up to the share of pairs where chi were compared (no instant win or foul).
    """

    win: float
    tie: float
    loss: float


@dataclass(frozen=True)
class EVResult:
    """One arrangement's expected chi per deal.

    Attributes:
        mean: average chi won per deal (summed over the opponents), in chi.
        stderr: standard error of ``mean``, in chi.
        diffs_stderr: standard error of ``mean - other.mean`` for each arrangement
            given (same deals, so much smaller than the two errors combined).
        chi_odds: per position, win / tie / loss shares.
        samples: number of deals.
    """

    mean: float
    stderr: float
    diffs_stderr: tuple[float, ...]
    chi_odds: dict[Position, ChiOdds]
    samples: int


def results_from(scores: npt.NDArray[np.float64], odds: npt.NDArray[np.float64], pairs: int) -> list[EVResult]:
    """:class:`EVResult` values from chi per arrangement and deal ``(n, samples)`` and win / tie / loss
    counts per arrangement and position ``(n, 3, 3)`` over ``pairs`` (deal, opponent) pairs."""
    results = []
    for k in range(len(scores)):
        diffs = tuple(_stderr(scores[k] - scores[j]) for j in range(len(scores)))
        chi_odds = {p: ChiOdds(*(float(x) / pairs for x in odds[k, i])) for i, p in enumerate(POSITIONS)}
        results.append(EVResult(float(scores[k].mean()), _stderr(scores[k]), diffs, chi_odds, scores.shape[1]))
    return results


def _stderr(values: npt.NDArray[np.float64]) -> float:
    n = len(values)
    return math.sqrt(float(values.var(ddof=1)) / n) if n > 1 else math.inf
