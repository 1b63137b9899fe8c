"""Many deals: seeded deals set by the solver under each rule set compared, with a progress bar, then
per rule set the chi a player wins or pays per deal (distribution, average swing), where the chi
came from (plain chi, bonuses, chặt chồng, instant wins, fouls, scoops, aces) and a CSV download."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from maubinh.rules import RuleSet
from maubinh.strategy.simulate import (
    CHI_SOURCES,
    DEFAULT_DEALS,
    EVENTS,
    MAX_DEALS,
    Simulation,
    estimate_seconds,
    simulate,
)
from ui.i18n import t
from ui.labels import number
from ui.sandbox.model import MAX_SEED
from ui.sandbox.settle import CHART_COLOURS, source_names

__all__ = ["records_frame", "shares_frame", "show_simulation", "summary_frame", "workers_for"]

P = "sandbox_sim_"
DEALS_KEY, SEATS_KEY, SEED_KEY, RESULT_KEY = P + "deals", P + "seats", P + "seed", P + "result"
SOURCE_COLOURS = ("#4c78a8", "#f58518", "#e45756", "#72b7b2", "#54a24b", "#eeca3b", "#b279a2")
PARALLEL_FROM = 400
"""Runs of at least this many deals use every core (starting the processes costs about a second)."""


def workers_for(deals: int) -> int:
    """Processes for a run on the numpy path: every core (at most 4) for a long run, one for a short one.
    (With the compiled kernel ready, a run uses one thread per core whatever this says.)"""
    return max(1, min(4, os.cpu_count() or 1)) if deals >= PARALLEL_FROM else 1


def summary_frame(result: Simulation, names: dict[str, str], lang: str) -> pd.DataFrame:
    """One row per rule set: average swing, the spread of a player's chi per deal, and how often
    instant wins and scoops happen."""
    rows = []
    for rule_set_id in result.rule_set_ids:
        p5, p50, p95 = result.percentiles(rule_set_id, (5, 50, 95))
        totals = result.totals[rule_set_id]
        events = result.events[rule_set_id].sum(axis=0)
        per_100 = 100 / max(1, result.deals)
        row = {
            t("sim.col_rules"): names[rule_set_id],
            t("sim.col_swing"): number(result.swing(rule_set_id), lang),
            t("sim.col_range"): f"{_whole(p5)} … {_whole(p95)}",
            t("sim.col_median"): _whole(p50),
            t("sim.col_best"): f"+{int(totals.max())}" if result.deals else "0",
            t("sim.col_worst"): _whole(totals.min()) if result.deals else "0",
            t("sim.col_naturals"): number(events[EVENTS.index("naturals")] * per_100, lang, digits=1),
            t("sim.col_scoops"): number(events[EVENTS.index("scoops")] * per_100, lang, digits=1),
        }
        rows.append(row)
    return pd.DataFrame(rows)


def shares_frame(result: Simulation, names: dict[str, str], lang: str) -> pd.DataFrame:
    """One row per rule set, one column per source with chi won: the share of the chi won (percent)."""
    sources = source_names()
    rows = []
    for rule_set_id in result.rule_set_ids:
        row = {t("sim.col_rules"): names[rule_set_id]}
        for source, share in result.shares(rule_set_id).items():
            row[sources[source]] = f"{number(100 * share, lang, digits=1)} %"
        rows.append(row)
    frame = pd.DataFrame(rows)
    empty = [sources[s] for s in CHI_SOURCES
             if all(result.shares(rule_set_id)[s] == 0 for rule_set_id in result.rule_set_ids)]
    return frame.drop(columns=empty)


def _whole(value: float) -> str:
    """A whole number with a true minus sign."""
    number_ = round(float(value))
    return f"−{-number_}" if number_ < 0 else str(number_)


def records_frame(result: Simulation) -> pd.DataFrame:
    """Every deal, rule set and seat as CSV rows: deal, rule_set, seat, total, then each source (chi)."""
    columns = ["deal", "rule_set", "seat", "total", *(source.value for source in CHI_SOURCES)]
    return pd.DataFrame(list(result.records()), columns=columns)


def _distribution_chart(result: Simulation, names: dict[str, str]) -> go.Figure:
    figure = go.Figure()
    for i, rule_set_id in enumerate(result.rule_set_ids):
        figure.add_box(
            x=result.totals[rule_set_id].ravel(), name=names[rule_set_id], boxmean=True, orientation="h",
            marker={"color": CHART_COLOURS[i % len(CHART_COLOURS)], "size": 3}, line={"width": 1.5},
            boxpoints="outliers",
        )
    figure.update_layout(
        height=90 + 60 * len(result.rule_set_ids), showlegend=False, margin={"l": 10, "r": 10, "t": 10, "b": 10},
        xaxis={"title": {"text": t("sim.axis_chi")}, "zeroline": True, "zerolinewidth": 2},
        yaxis={"autorange": "reversed"},
    )
    return figure


def _shares_chart(result: Simulation, names: dict[str, str]) -> go.Figure:
    figure = go.Figure()
    labels = [names[rule_set_id] for rule_set_id in result.rule_set_ids]
    sources = source_names()
    for i, source in enumerate(CHI_SOURCES):
        shares = [100 * result.shares(rule_set_id)[source] for rule_set_id in result.rule_set_ids]
        if not any(shares):
            continue
        figure.add_bar(
            y=labels, x=shares, name=sources[source], orientation="h",
            marker={"color": SOURCE_COLOURS[i % len(SOURCE_COLOURS)]},
            hovertemplate="%{y}: %{x:.1f} %<extra>" + sources[source] + "</extra>",
        )
    figure.update_layout(
        barmode="stack", height=110 + 50 * len(labels), margin={"l": 10, "r": 10, "t": 10, "b": 10},
        legend={"orientation": "h", "y": -0.3, "traceorder": "normal"}, xaxis={"title": {"text": t("sim.axis_share")}, "range": [0, 100]},
        yaxis={"autorange": "reversed"},
    )
    return figure


def _run(rule_sets: Sequence[RuleSet], deals: int, seats: int, seed: int, lang: str) -> Simulation:
    bar = st.progress(0.0, text=t("sim.progress", done=0, total=deals))
    started = time.perf_counter()

    def progress(done: int, total: int) -> None:
        left = (time.perf_counter() - started) * (total - done) / max(1, done)
        bar.progress(done / max(1, total), text=t("sim.progress_left", done=number(done, lang, digits=0),
                                                  total=number(total, lang, digits=0), left=number(left, lang, digits=0)))

    result = simulate(rule_sets, deals=deals, seats=seats, seed=seed, workers=workers_for(deals), progress=progress)
    bar.empty()
    return result


def _keep_widgets() -> None:
    for key in (DEALS_KEY, SEATS_KEY, SEED_KEY):
        if key in st.session_state:
            st.session_state[key] = st.session_state[key]


def show_simulation(rule_sets: Sequence[RuleSet], lang: str) -> Simulation | None:
    """The run's settings and button, then the last result for these settings; returns it."""
    _keep_widgets()
    st.caption(t("sim.intro"))
    if not rule_sets:
        st.info(t("sandbox.compare_none"))
        return None
    st.session_state.setdefault(DEALS_KEY, DEFAULT_DEALS)
    st.session_state.setdefault(SEATS_KEY, 4)
    st.session_state.setdefault(SEED_KEY, 1)
    columns = st.columns([2, 2, 2, 2], vertical_alignment="bottom")
    deals = int(columns[0].number_input(t("sim.deals"), min_value=1, max_value=MAX_DEALS, step=500, key=DEALS_KEY))
    seats = int(columns[1].radio(t("sandbox.seats"), [2, 3, 4], key=SEATS_KEY, horizontal=True))
    seed = int(columns[2].number_input(t("common.seed"), min_value=0, max_value=MAX_SEED, step=1, key=SEED_KEY))
    run = columns[3].button(t("sim.run"), key=P + "run", type="primary", icon=":material/play_arrow:",
                            width="stretch")
    st.caption(t("sim.estimate", seconds=number(max(0.1, estimate_seconds(len(rule_sets), deals, seats)), lang,
                                                  digits=1)))
    wanted = (tuple(rule_sets), deals, seats, seed)
    stored = st.session_state.get(RESULT_KEY)
    if run:
        result = _run(rule_sets, deals, seats, seed, lang)
        stored = (wanted, result)
        st.session_state[RESULT_KEY] = stored
    if stored is None:
        st.info(t("sim.not_run", deals=deals))
        return None
    settings, result = stored
    assert isinstance(result, Simulation)
    if settings != wanted:
        st.info(t("sim.stale"))
    names = {rule_set.id: rule_set.name(lang) for rule_set in settings[0]}
    st.caption(t("sim.done", deals=result.deals, seats=result.seats, seed=result.seed,
                  seconds=number(result.seconds, lang, digits=1), workers=result.workers))
    st.dataframe(summary_frame(result, names, lang), hide_index=True, key=P + "summary")
    st.caption(t("sim.summary_caption"))
    st.subheader(t("sim.distribution"))
    st.plotly_chart(_distribution_chart(result, names), config={"displayModeBar": False}, key=P + "box")
    st.caption(t("sim.distribution_caption"))
    st.subheader(t("sim.shares"))
    st.plotly_chart(_shares_chart(result, names), config={"displayModeBar": False}, key=P + "shares")
    st.dataframe(shares_frame(result, names, lang), hide_index=True, key=P + "shares_table")
    st.caption(t("sim.shares_caption"))
    st.download_button(
        t("sim.download"), data=records_frame(result).to_csv(index=False), mime="text/csv",
        file_name=f"maubinh-simulation-{result.deals}x{result.seats}-seed{result.seed}.csv",
        icon=":material/download:", key=P + "download", on_click="ignore",
    )
    return result
