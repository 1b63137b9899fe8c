"""Many deals: seeded deals set by the solver under each rule set compared, then per rule set the chi a
player wins or pays per deal (distribution, average swing), where the chi came from (plain chi, bonuses,
chặt chồng, instant wins, fouls, scoops, aces) and a CSV download.

A run is a job of the server's :func:`ui.jobs.runner`: one per session (a new run cancels the earlier
one), at most :data:`background.jobs.MAX_RUNNING` at once on the server (the others wait, told their place),
cancelled with its button or when the session ends, at most :data:`~maubinh.strategy.simulate.MAX_DEALS`
deals; its progress is polled by a fragment while it runs."""

from __future__ import annotations

import time
from collections.abc import Sequence

import pandas as pd
import plotly.graph_objects as go
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from background.jobs import JOB_TIME_LIMIT_S, Job, JobState
from maubinh.play import Strength
from maubinh.rules import RuleSet
from maubinh.strategy.simulate import (
    CHI_SOURCES,
    DEFAULT_DEALS,
    EVENTS,
    MAX_DEALS,
    Simulation,
    estimate_seconds,
    simulate,
    work_units,
)
from ui.errors import guarded_function
from ui.escape import csv_bytes, html_literal, md_text
from ui.i18n import current_language, t, translate
from ui.jobs import runner, session_owner
from ui.labels import number
from ui.sandbox.boxes import box_stats, clipped_share
from ui.sandbox.gains import show_gains
from ui.sandbox.model import MAX_SEED
from ui.sandbox.settle import CHART_COLOURS, source_names
from ui.tables_fit import show_table, whole
from ui.warming import wait_for_kernel

__all__ = ["records_frame", "shares_frame", "show_simulation", "summary_frame"]

P = "sandbox_sim_"
DEALS_KEY, SEATS_KEY, SEED_KEY, RESULT_KEY = P + "deals", P + "seats", P + "seed", P + "result"
JOB_KEY, FLASH_KEY, PLAYER_KEY = P + "job", P + "flash", P + "player"
JOB_PARAM = "simjob"
"""The link's note of a run this tab started and has not collected: a run lives in its server's session, so a
tab that comes back without it (reloaded, or reconnected to another server after its own stopped) says the run
was lost instead of showing nothing."""
JOB_KIND = "simulate"
"""The runner's name for these runs: it learns their speed (:meth:`background.jobs.JobRunner.rate`)."""
SOURCE_COLOURS = ("#4c78a8", "#f58518", "#e45756", "#72b7b2", "#54a24b", "#eeca3b", "#b279a2")
def summary_frame(result: Simulation, names: dict[str, str], lang: str) -> pd.DataFrame:
    """One row per rule set: average swing, the spread of a player's chi per deal (median, 90 % of deals
    within, the best and the worst), and how often instant wins and scoops happen per 100 deals; five
    columns, each number in one piece, so that it fits a phone (issue 20, item 7)."""
    rows = []
    for rule_set_id in result.rule_set_ids:
        p5, p50, p95 = result.percentiles(rule_set_id, (5, 50, 95))
        totals = result.totals[rule_set_id]
        events = result.events[rule_set_id].sum(axis=0)
        per_100 = 100 / max(1, result.deals)
        best = f"+{int(totals.max())}" if result.deals and totals.max() > 0 else _whole(totals.max()) if result.deals else "0"
        worst = _whole(totals.min()) if result.deals else "0"
        row = {
            t("sim.col_rules"): md_text(names[rule_set_id]),
            t("sim.col_swing"): number(result.swing(rule_set_id), lang),
            t("sim.col_range"): f"{_whole(p50)} {whole(f'({_whole(p5)} … {_whole(p95)})')}",
            t("sim.col_best"): whole(f"{best} / {worst}"),
            t("sim.col_naturals"): whole(f"{number(events[EVENTS.index('naturals')] * per_100, lang, digits=1)} · "
                                         f"{number(events[EVENTS.index('scoops')] * per_100, lang, digits=1)}"),
        }
        rows.append(row)
    return pd.DataFrame(rows)


def shares_frame(result: Simulation, names: dict[str, str], lang: str) -> pd.DataFrame:
    """One row per source with chi won under some rule set, one column per rule set: the share of the chi won
    (percent); sources down the side, so that a phone holds four rule sets side by side."""
    sources = source_names()
    shares = {rule_set_id: result.shares(rule_set_id) for rule_set_id in result.rule_set_ids}
    rows = []
    for source in CHI_SOURCES:
        if all(shares[rule_set_id][source] == 0 for rule_set_id in result.rule_set_ids):
            continue
        row = {t("sim.col_source"): sources[source]}
        for rule_set_id in result.rule_set_ids:
            row[md_text(names[rule_set_id])] = whole(f"{number(100 * shares[rule_set_id][source], lang, digits=1)} %")
        rows.append(row)
    return pd.DataFrame(rows)


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
        stats = box_stats(result.totals[rule_set_id]) if result.deals else box_stats([0])
        figure.add_box(
            y=[html_literal(names[rule_set_id])], **{k: [v] for k, v in stats.items()}, boxmean=True, orientation="h",
            marker={"color": CHART_COLOURS[i % len(CHART_COLOURS)]}, line={"width": 1.5}, boxpoints=False,
            name=html_literal(names[rule_set_id]),
        )
    figure.update_layout(
        height=90 + 60 * len(result.rule_set_ids), showlegend=False, margin={"l": 10, "r": 10, "t": 10, "b": 10},
        xaxis={"title": {"text": t("sim.axis_chi")}, "zeroline": True, "zerolinewidth": 2},
        yaxis={"autorange": "reversed"},
    )
    return figure


def _shares_chart(result: Simulation, names: dict[str, str]) -> go.Figure:
    figure = go.Figure()
    labels = [html_literal(names[rule_set_id]) for rule_set_id in result.rule_set_ids]
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
        legend={"orientation": "h", "y": -0.3, "traceorder": "normal"},
        xaxis={"title": {"text": t("sim.axis_share")}, "range": [0, 100]},
        yaxis={"autorange": "reversed"},
    )
    return figure


Settings = tuple[tuple[RuleSet, ...], int, int, int, tuple[Strength, ...]]
"""What a run played: the rule sets, deals, seats, seed and the player at each seat."""


def _players(seats: int) -> tuple[Strength, ...]:
    """The player chosen for each seat (the solver where none was chosen)."""
    return tuple(Strength(st.session_state.get(f"{PLAYER_KEY}{seat}") or Strength.SOLVER) for seat in range(seats))


def _job_kind(players: Sequence[Strength]) -> str:
    """The runner's kind of a run: the solver everywhere (the compiled kernel) or other players (slower)."""
    return JOB_KIND if all(player is Strength.SOLVER for player in players) else JOB_KIND + "-players"


def _on_run(rule_sets: Sequence[RuleSet], beside: DeltaGenerator) -> None:
    """The Run button: queue this session's run (cancelling its earlier one) on the server's runner, once the
    kernel is ready (a fresh server's first seconds: "preparing the engine, about N s" in ``beside``, under the
    button, issue 32; the run's process then loads the compiled kernel rather than run on the numpy path)."""
    wait_for_kernel(beside=beside)
    deals = min(int(st.session_state[DEALS_KEY]), MAX_DEALS)
    seats, seed = int(st.session_state[SEATS_KEY]), int(st.session_state[SEED_KEY])
    players = _players(seats)
    job = runner().submit(session_owner(), simulate, list(rule_sets), total=deals, deals=deals, seats=seats,
                          seed=seed, workers=1, players=players, kind=_job_kind(players),
                          work=work_units(len(rule_sets), deals, seats))
    st.session_state[JOB_KEY] = (job.id, (tuple(rule_sets), deals, seats, seed, players))
    st.query_params[JOB_PARAM] = str(job.id)


def _on_cancel() -> None:
    runner().cancel(session_owner(), "cancelled by its session")


def _my_job() -> tuple[Job, Settings] | None:
    """This session's run of the simulation, if it has one the page has not collected yet."""
    mine = st.session_state.get(JOB_KEY)
    job = runner().job(session_owner())
    if mine is None or job is None or job.id != mine[0]:
        if st.session_state.pop(JOB_KEY, None) is not None:
            st.session_state[FLASH_KEY] = ("warning", t("sim.lost"))
        st.query_params.pop(JOB_PARAM, None)
        return None
    return job, mine[1]


def _collect() -> bool:
    """Take this session's finished run: its result kept in the session (the runner forgets it), or a
    message why there is none. Whether a run was collected."""
    found = _my_job()
    if found is None or not found[0].state.finished:
        return False
    job, settings = found
    st.session_state.pop(JOB_KEY, None)
    st.query_params.pop(JOB_PARAM, None)
    runner().forget(job.owner)
    if job.state is JobState.DONE and isinstance(job.result, Simulation):
        st.session_state[RESULT_KEY] = (settings, job.result)
    elif job.state is JobState.CANCELLED:
        st.session_state[FLASH_KEY] = ("info", t("jobs.cancelled"))
    else:
        st.session_state[FLASH_KEY] = ("error", t("jobs.failed", minutes=round(JOB_TIME_LIMIT_S / 60)))
    return True


@st.fragment(run_every=0.5)
@guarded_function
def _run_status() -> None:
    """While this session's run is queued or running: its place in the queue or its progress, and a
    cancel button; polled twice a second, and the page redrawn when the run is over."""
    if _collect():
        st.rerun()
    found = _my_job()
    if found is None:
        return
    job, _ = found
    columns = st.columns([5, 1], vertical_alignment="center")
    with columns[0]:
        if job.state is JobState.QUEUED:
            running, _queued = runner().counts()
            st.info(t("jobs.queued", place=job.place(), running=running, limit=runner().limit),
                    icon=":material/hourglass_top:")
        else:
            st.progress(min(1.0, job.done / max(1, job.total)), text=_progress_text(job, current_language()))
    columns[1].button(t("jobs.cancel"), key=P + "cancel", on_click=_on_cancel, icon=":material/stop:",
                      width="stretch")


def _progress_text(job: Job, lang: str) -> str:
    """Deals done of the total and, once some are done, the seconds left at the rate so far."""
    if not job.done or job.started is None:
        return t("sim.progress", done=number(job.done, lang, digits=0), total=number(job.total, lang, digits=0))
    left = (time.monotonic() - job.started) * (job.total - job.done) / job.done
    return t("sim.progress_left", done=number(job.done, lang, digits=0), total=number(job.total, lang, digits=0),
             left=number(left, lang, digits=0))


def _keep_widgets() -> None:
    for key in (DEALS_KEY, SEATS_KEY, SEED_KEY, *(f"{PLAYER_KEY}{seat}" for seat in range(4))):
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
    seed = int(columns[2].number_input(t("common.seed"), min_value=0, max_value=MAX_SEED, step=1, key=SEED_KEY,
                                       help=t("common.seed_help")))
    beside = st.container()  # under the button: the engine's wait is said there (not at the page's top)
    if columns[3].button(t("sim.run"), key=P + "run", type="primary", icon=":material/play_arrow:", width="stretch"):
        _on_run(tuple(rule_sets), beside)
    with st.expander(t("sim.players"), icon=":material/groups:"):
        st.caption(t("sim.players_help"))
        for seat, column in enumerate(st.columns(seats)):
            st.session_state.setdefault(f"{PLAYER_KEY}{seat}", Strength.SOLVER)
            column.selectbox(t("sim.seat_short", n=seat + 1), tuple(Strength), key=f"{PLAYER_KEY}{seat}",
                             format_func=lambda strength: translate(f"play.strength.{strength.value}", lang))
    players = _players(seats)
    seconds = estimate_seconds(len(rule_sets), deals, seats, rate=runner().rate(_job_kind(players)), players=players)
    st.caption(t("sim.estimate", seconds=number(max(0.1, seconds), lang, digits=1))
               + " " + t("sim.limits", most=number(MAX_DEALS, lang, digits=0), limit=runner().limit))
    wanted = (tuple(rule_sets), deals, seats, seed, players)
    if JOB_PARAM in st.query_params and JOB_KEY not in st.session_state:  # started in a session gone since
        st.query_params.pop(JOB_PARAM, None)
        st.session_state[FLASH_KEY] = ("warning", t("sim.lost"))
    _collect()
    flash = st.session_state.pop(FLASH_KEY, None)
    if flash:
        {"error": st.error, "warning": st.warning}.get(flash[0], st.info)(flash[1])
    running = _my_job() is not None
    if running:
        _run_status()
    stored = st.session_state.get(RESULT_KEY)
    if stored is None and running:
        return None
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
    show_table(summary_frame(result, names, lang), key=P + "summary")
    st.caption(t("sim.summary_caption"))
    st.subheader(t("sim.distribution"))
    st.plotly_chart(_distribution_chart(result, names), config={"displayModeBar": False}, key=P + "box")
    clipped = max(clipped_share(result.totals[rule_set_id]) for rule_set_id in result.rule_set_ids) if result.deals else 0
    st.caption(t("sim.distribution_caption") + " " + t("sim.clipped", share=number(100 * clipped, lang, digits=1)))
    st.subheader(t("sim.shares"))
    st.plotly_chart(_shares_chart(result, names), config={"displayModeBar": False}, key=P + "shares")
    show_table(shares_frame(result, names, lang), key=P + "shares_table")
    st.caption(t("sim.shares_caption"))
    show_gains(result, settings[0], names, lang)
    st.download_button(
        t("sim.download"), data=csv_bytes(records_frame(result)), mime="text/csv",
        file_name=f"maubinh-simulation-{result.deals}x{result.seats}-seed{result.seed}.csv",
        icon=":material/download:", key=P + "download", on_click="ignore",
    )
    return result
