"""Box plots that stay readable (issue 20, item 13): the statistics of a box computed here, whiskers at
1.5 times the box's height (Tukey's fences, drawn to the furthest deal inside them) and no outlier dots, so
that a few deals with very large swings do not squeeze every box into a line. No Streamlit.

>>> box_stats([0, 1, 2, 3, 4, 5, 6, 7, 100])["upperfence"]
7.0
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

__all__ = ["Values", "box_stats", "clipped_share"]

Values = Sequence[float] | npt.NDArray[np.int64] | npt.NDArray[np.float64]
"""Chi amounts: a list, a simulation's integer array, or one already in floats."""


def box_stats(values: Values) -> dict[str, float]:
    """``q1``, ``median``, ``q3``, ``mean``, ``lowerfence``, ``upperfence`` of ``values`` (chi), for plotly's
    precomputed box: the fences are the furthest values within 1.5 IQR of the box (what plotly draws
    with its outliers shown), the outliers themselves left out. ``ValueError`` for no values."""
    data = np.asarray(values, dtype=np.float64).ravel()
    if not data.size:
        raise ValueError("a box needs at least one value")
    q1, median, q3 = (float(v) for v in np.percentile(data, (25, 50, 75)))
    reach = 1.5 * (q3 - q1)
    inside = data[(data >= q1 - reach) & (data <= q3 + reach)]
    return {"q1": q1, "median": median, "q3": q3, "mean": float(data.mean()),
            "lowerfence": float(inside.min()), "upperfence": float(inside.max())}


def clipped_share(values: Values) -> float:
    """The share of ``values`` outside the fences of :func:`box_stats` (not drawn), 0..1."""
    data = np.asarray(values, dtype=np.float64).ravel()
    stats = box_stats(data)
    return float(((data < stats["lowerfence"]) | (data > stats["upperfence"])).mean())
