"""ui.progress.view's rating chart: answer by answer, its dates on hover."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from ui.progress.view import rating_figure

T = datetime(2026, 12, 1, 9, 5, tzinfo=UTC)


@pytest.mark.parametrize(("lang", "first"), [("vi", "01/12/2026 09:05"), ("en", "Dec 01, 2026 09:05")])
def test_the_rating_chart_counts_answers_and_tells_each_ones_time_on_hover(lang: str, first: str) -> None:
    # three answers seconds apart, then one two days later: four evenly spaced points, not an upright line
    when = [T, T, T + timedelta(seconds=4), T + timedelta(seconds=9), T + timedelta(days=2)]
    figure = rating_figure(list(zip(when, [1500.0, 1512.3, 1530.0, 1521.7, 1560.2], strict=True)), lang)
    (trace,) = figure.data
    assert list(trace.x) == [0, 1, 2, 3, 4] and list(trace.y) == [1500.0, 1512.3, 1530.0, 1521.7, 1560.2]
    assert trace.customdata[0] == first and trace.customdata[4].startswith("03/12" if lang == "vi" else "Dec 03")
    assert figure.layout.xaxis.type != "date" and figure.layout.xaxis.title.text
