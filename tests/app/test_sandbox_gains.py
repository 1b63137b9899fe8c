"""AppTest of Many deals' "who gains" (issue 20, item 13): other players seated, house minus base per seat
(the page's numbers are the engine's), boxes with their outliers clipped; both languages."""

from __future__ import annotations

import json
import time

import pytest
from streamlit.testing.v1 import AppTest

from maubinh.play import Strength
from maubinh.rules import RULE_SET_IDS, load_rule_set
from maubinh.strategy.simulate import simulate
from tests.app.test_sandbox_house import _ok, _page
from ui.escape import md_text

VIEW = {"vi": "Nhiều ván", "en": "Many deals"}
SEAT = {"vi": "Ghế {n} · {p}", "en": "Seat {n} · {p}"}
SEAT_COLUMN = {"vi": "Ghế", "en": "Seat"}
NAMES = {"vi": {"solver": "máy giải", "medium": "trung bình", "beginner": "mới chơi"},
         "en": {"solver": "solver", "medium": "medium", "beginner": "beginner"}}


def wait_for_gains(at: AppTest, timeout_s: float = 300) -> None:
    """Rerun the page (as its polling fragment would) until the run's "who gains" part is shown."""
    deadline = time.monotonic() + timeout_s
    while not any(box.key == "sandbox_sim_base" for box in at.selectbox):
        assert time.monotonic() < deadline, "the simulation did not finish"
        time.sleep(0.2)
        at.run()
        _ok(at)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_who_gains_with_a_medium_and_a_beginner_player(lang: str) -> None:
    at = _page(VIEW[lang], lang=lang)
    at.number_input(key="sandbox_sim_deals").set_value(6)
    at.radio(key="sandbox_sim_seats").set_value(3).run()
    at.number_input(key="sandbox_sim_seed").set_value(5)
    at.selectbox(key="sandbox_sim_player1").set_value(Strength.MEDIUM)
    at.selectbox(key="sandbox_sim_player2").set_value(Strength.BEGINNER)
    at.button(key="sandbox_sim_run").click().run()
    _ok(at)
    wait_for_gains(at)
    players = (Strength.SOLVER, Strength.MEDIUM, Strength.BEGINNER)
    expected = simulate([load_rule_set(i) for i in RULE_SET_IDS], deals=6, seats=3, seed=5, players=players)
    base = at.selectbox(key="sandbox_sim_base").value
    assert base == RULE_SET_IDS[0]  # no house rules compared: the first rule set
    # Seats down the side, a column per rule set other than the base: it fits a phone (issue 20, item 7).
    assert not at.dataframe
    gains = next(table.value for table in at.table if table.value.columns[0] == SEAT_COLUMN[lang])
    seats = [SEAT[lang].format(n=n + 1, p=NAMES[lang][p.value]) for n, p in enumerate(players)]
    assert list(gains.iloc[:, 0]) == seats
    assert list(gains.columns[1:]) == [md_text(load_rule_set(i).name(lang)) for i in RULE_SET_IDS[1:]]
    other = RULE_SET_IDS[1]
    column = gains[md_text(load_rule_set(other).name(lang))]
    for seat, (mean, error) in enumerate(expected.mean_gains(other, base)):
        shown, spread = (float(part.strip().replace("−", "-").replace(",", ".")) for part in column[seat].split("±"))
        assert shown == pytest.approx(mean, abs=0.006), (seat, column[seat], mean)
        assert spread == pytest.approx(2 * error, abs=0.006), (seat, column[seat], error)
    # another base: the table follows it
    at.selectbox(key="sandbox_sim_base").set_value(other).run()
    _ok(at)
    charts = [json.loads(chart.proto.spec) for chart in at.get("plotly_chart")]
    boxes = [trace for chart in charts for trace in chart["data"] if trace.get("type") == "box"]
    assert boxes and all(trace["boxpoints"] is False and "upperfence" in trace for trace in boxes)  # clipped


def test_the_seats_are_alike_with_the_solver_everywhere() -> None:
    at = _page("Many deals", lang="en")
    at.number_input(key="sandbox_sim_deals").set_value(10)
    at.radio(key="sandbox_sim_seats").set_value(2).run()
    at.button(key="sandbox_sim_run").click().run()
    wait_for_gains(at)
    assert any("mean gains near 0 at every seat are what to expect" in c.value for c in at.caption)
    gains = next(t.value for t in at.table if t.value.columns[0] == "Seat")
    assert list(gains["Seat"]) == ["Seat 1 · solver", "Seat 2 · solver"]
    # two seats: one's gain is the other's loss, deal by deal, so the means are opposite
    for column in gains.columns[1:]:
        first, second = (float(cell.split("±")[0].strip().replace("−", "-")) for cell in gains[column])
        assert first == pytest.approx(-second, abs=0.011)
