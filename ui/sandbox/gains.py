"""Many deals: who a house rule favours (issue 20, item 13). Per deal and seat, the chi under each rule set
minus under the base the learner picks (:meth:`maubinh.strategy.simulate.Simulation.gains`): a table of the
mean per seat with its standard error, and the spread per seat as boxes (outliers clipped,
:mod:`ui.sandbox.boxes`). With the solver in every seat the seats are alike; seat other players
(:data:`PLAYERS_KEY` on the settings) to see whom a rule helps."""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from maubinh.house import base_source
from maubinh.rules import RuleSet
from maubinh.strategy.simulate import Simulation
from ui.escape import html_literal, md_text
from ui.i18n import t
from ui.labels import number
from ui.sandbox.boxes import box_stats
from ui.sandbox.settle import CHART_COLOURS
from ui.tables_fit import show_table, with_error

__all__ = ["BASE_KEY", "default_base", "gains_frame", "seat_label", "show_gains"]

BASE_KEY = "sandbox_sim_base"


def default_base(rule_sets: tuple[RuleSet, ...]) -> str:
    """The base to subtract: the source the first house rules compared started from, when it is compared too,
    else the first rule set."""
    ids = [rule_set.id for rule_set in rule_sets]
    for rule_set in rule_sets:
        base = base_source(rule_set)
        if base is not None and base != rule_set.id and base in ids:
            return base
    return ids[0]


def seat_label(seat: int, player: str) -> str:
    """``Ghế 1 · Máy giải`` / ``Seat 1 · Solver``."""
    return t("sim.seat", n=seat + 1, player=t(f"play.strength.{player}"))


def _signed(value: float, lang: str) -> str:
    text = number(abs(value), lang, digits=2)
    return f"+{text}" if value > 0.005 else f"−{text}" if value < -0.005 else text


def gains_frame(result: Simulation, base_id: str, names: dict[str, str], lang: str) -> pd.DataFrame:
    """One row per seat, one column per rule set other than ``base_id``: the mean chi per deal the seat gains
    there (house minus base) ± two standard errors (seats down the side: a phone holds three rule sets)."""
    others = [rule_set_id for rule_set_id in result.rule_set_ids if rule_set_id != base_id]
    gains = {rule_set_id: result.mean_gains(rule_set_id, base_id) for rule_set_id in others}
    rows = []
    for seat in range(result.seats):
        row = {t("sim.col_seat"): seat_label(seat, result.players[seat])}
        for rule_set_id in others:
            mean, error = gains[rule_set_id][seat]
            row[md_text(names[rule_set_id])] = with_error(_signed(mean, lang), number(2 * error, lang, digits=2),
                                                          breakable=True)
        rows.append(row)
    return pd.DataFrame(rows)


def _gains_chart(result: Simulation, base_id: str, names: dict[str, str]) -> go.Figure:
    figure = go.Figure()
    seats = [seat_label(seat, result.players[seat]) for seat in range(result.seats)]
    others = [rule_set_id for rule_set_id in result.rule_set_ids if rule_set_id != base_id]
    for i, rule_set_id in enumerate(others):
        gains = result.gains(rule_set_id, base_id)
        stats = [box_stats(gains[:, seat]) for seat in range(result.seats)]
        figure.add_box(
            y=seats, **{key: [s[key] for s in stats] for key in stats[0]}, boxmean=True, orientation="h",
            name=html_literal(names[rule_set_id]), boxpoints=False,
            marker={"color": CHART_COLOURS[(i + 1) % len(CHART_COLOURS)]}, line={"width": 1.5},
        )
    figure.update_layout(
        boxmode="group", height=80 + 45 * result.seats * max(1, len(others)), margin={"l": 10, "r": 10, "t": 10, "b": 10},
        xaxis={"title": {"text": t("sim.axis_gain")}, "zeroline": True, "zerolinewidth": 2},
        yaxis={"autorange": "reversed"}, legend={"orientation": "h", "y": -0.25},
    )
    return figure


def show_gains(result: Simulation, rule_sets: tuple[RuleSet, ...], names: dict[str, str], lang: str) -> None:
    """The "who gains" section of a finished run under ``rule_sets`` (those it played)."""
    st.subheader(t("sim.gains_title"))
    if len(result.rule_set_ids) < 2 or not result.deals:
        st.info(t("sim.gains_need_two"))
        return
    ids = list(result.rule_set_ids)
    if st.session_state.get(BASE_KEY) not in ids:
        st.session_state[BASE_KEY] = default_base(rule_sets)
    base_id = st.selectbox(t("sim.base"), ids, key=BASE_KEY, format_func=lambda rule_set_id: names[rule_set_id],
                           help=t("sim.base_help"))
    show_table(gains_frame(result, base_id, names, lang), key="sandbox_sim_gains_table")
    st.plotly_chart(_gains_chart(result, base_id, names), config={"displayModeBar": False}, key="sandbox_sim_gains")
    alike = len(set(result.players)) == 1
    st.caption(t("sim.gains_caption", base=names[base_id]) + " " + t("sim.gains_alike" if alike else "sim.gains_mixed"))
