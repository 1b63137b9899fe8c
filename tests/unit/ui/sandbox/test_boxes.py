"""Box plots with the outliers clipped (issue 20, item 13): hand-checked fences."""

from __future__ import annotations

import pytest

from ui.sandbox.boxes import box_stats, clipped_share


def test_fences_are_the_furthest_values_within_one_and_a_half_box_lengths() -> None:
    values = [-60, -3, -2, -1, 0, 0, 1, 2, 3, 45]
    stats = box_stats(values)
    # numpy's percentiles: q1 = -1.75, q3 = 1.75, so the fences reach -7 and 7: -3 and 3 are the furthest inside
    assert (stats["q1"], stats["median"], stats["q3"]) == (-1.75, 0.0, 1.75)
    assert (stats["lowerfence"], stats["upperfence"]) == (-3.0, 3.0)
    assert stats["mean"] == pytest.approx(-1.5)
    assert clipped_share(values) == pytest.approx(0.2)  # -60 and 45 are not drawn
    assert box_stats([4])["lowerfence"] == box_stats([4])["upperfence"] == 4.0
    with pytest.raises(ValueError):
        box_stats([])
