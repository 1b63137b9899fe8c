"""The Sandbox's settlement views: the same table under every rule set compared, side by side.

Totals per seat and rule set (where the rule sets disagree is highlighted, with the spread), a chart
of them with the agreeing players faded, who pays whom under each rule set, and per rule set the
events, where each seat's chi came from, and the itemised breakdown of every pair with the rule behind
each line.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd
import plotly.graph_objects as go
import streamlit as st
from pandas.io.formats.style import Styler

from maubinh.arrangement import Arrangement
from maubinh.rules import RuleSet
from maubinh.settle import Settlement
from maubinh.strategy.simulate import CHI_SOURCES, ChiSource
from ui.escape import html_literal, md_text
from ui.i18n import t
from ui.sandbox.model import (
    Table,
    pay_matrix,
    settle_all,
    sources_frame,
    spread,
    totals_frame,
)
from ui.sandbox.state import seat_name
from ui.settlement import show_events, show_pair, signed

__all__ = ["CHART_COLOURS", "show_settlement", "signed", "source_names", "totals_chart"]

CHART_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")
"""One colour per rule set compared, in order (the chart and the simulation's)."""
FADED = 0.25
"""Opacity of the bars of a player on whom every rule set agrees."""
_AGREE_BG = ""
_DIFFER_BG = "background-color: rgba(255, 193, 7, 0.28); font-weight: 600"


def source_names() -> dict[ChiSource, str]:
    """Each :class:`~maubinh.strategy.simulate.ChiSource` in the session's language."""
    return {source: t(f"sandbox.source.{source.value}") for source in CHI_SOURCES}


def _highlight_rows(frame: pd.DataFrame, differs: pd.Series) -> Styler:
    """Cells of the players on whom the rule sets disagree, highlighted; every total signed."""

    def style(row: pd.Series) -> list[str]:
        return [_DIFFER_BG if differs[row.name] else _AGREE_BG] * len(row)

    return frame.style.apply(style, axis=1).format(signed)


def totals_chart(frame: pd.DataFrame, player: str, rules: str, chi: str, spread_label: str) -> go.Figure:
    """Grouped bars: chi per player (x) and rule set (colour). Players on whom every rule set agrees are
    faded; above the others, the spread between rule sets (``spread_label`` with ``{n}``)."""
    gaps = spread(frame)
    figure = go.Figure()
    for i, column in enumerate(frame.columns):
        values = frame[column].tolist()
        figure.add_bar(
            x=list(frame.index), y=values, name=html_literal(column),
            marker={"color": CHART_COLOURS[i % len(CHART_COLOURS)],
                    "opacity": [1.0 if gaps[seat] else FADED for seat in frame.index]},
            text=[signed(v) for v in values], textposition="outside", cliponaxis=False,
            hovertemplate=f"{player}: %{{x}}<br>{rules}: {html_literal(column)}<br>{chi}: %{{y}}<extra></extra>",
        )
    for seat in frame.index:
        if gaps[seat]:
            figure.add_annotation(
                x=seat, y=1.02, yref="paper", yanchor="bottom", text=spread_label.format(n=int(gaps[seat])),
                showarrow=False, font={"size": 13, "color": "#8a5a00"}, bgcolor="rgba(255,193,7,0.25)",
            )
    figure.update_layout(
        barmode="group", height=380, margin={"l": 10, "r": 10, "t": 50, "b": 10},
        legend={"orientation": "h", "y": -0.18, "title": {"text": rules}},
        yaxis={"title": {"text": chi}, "zeroline": True, "zerolinewidth": 2},
        xaxis={"title": {"text": player}},
    )
    return figure


def show_totals(settlements: Mapping[str, Settlement], names: Mapping[str, str], seat_names: list[str]) -> None:
    """The totals table (disagreements highlighted, with the spread) and the chart."""
    totals = totals_frame(settlements, seat_names, names)
    gaps = spread(totals)
    differs = gaps > 0
    st.caption(t("sandbox.totals_caption"))
    shown = totals.copy()
    if len(totals.columns) > 1:
        shown[t("sandbox.col_spread")] = gaps
    # st.table's headers are Markdown: rule-set and seat names (a house's name is typed by a user) go in as text
    shown.columns = [md_text(str(column)) for column in shown.columns]
    shown.index = pd.Index([md_text(str(seat)) for seat in shown.index])
    marks = pd.Series(differs.to_numpy(), index=shown.index)
    with st.container(key="sandbox_totals"):  # an HTML table as wide as the page: at 390 px no column is cut off
        st.table(_highlight_rows(shown, marks), border="horizontal")
    if len(totals.columns) > 1:
        st.caption(t("sandbox.differ_caption") if differs.any() else t("sandbox.agree_caption"))
    chart = totals_chart(totals, t("sandbox.col_player"), t("common.rule_set"), t("sandbox.col_total"),
                         t("sandbox.spread_label"))
    st.plotly_chart(chart, config={"displayModeBar": False}, key="sandbox_totals_chart")


def _matrix_view(matrix: pd.DataFrame) -> Styler:
    """The who-pays-whom matrix as signed text, takings green and payments red, the diagonal a dash."""
    shown = matrix.astype(object).map(signed)

    def colours(column: pd.Series) -> list[str]:
        found = []
        for value in matrix[column.name]:
            if value is pd.NA or value is None:
                found.append("color: #9e9e9e")
            elif int(value) > 0:
                found.append("color: #1b7f3b; font-weight: 600")
            elif int(value) < 0:
                found.append("color: #b3261e")
            else:
                found.append("")
        return found

    return shown.style.apply(colours, axis=0)


def show_matrices(settlements: Mapping[str, Settlement], rule_sets: Sequence[RuleSet], lang: str,
                  seat_names: list[str]) -> None:
    """Who pays whom, one small matrix per rule set, two to a row."""
    st.subheader(t("sandbox.matrix_title"))
    st.caption(t("sandbox.matrix_caption"))
    for first in range(0, len(rule_sets), 2):
        columns = st.columns(2)
        for column, rule_set in zip(columns, rule_sets[first : first + 2]):
            with column:
                st.markdown(f"**{md_text(rule_set.name(lang))}**")
                st.table(_matrix_view(pay_matrix(settlements[rule_set.id], seat_names)))


def show_breakdowns(settlements: Mapping[str, Settlement], rule_sets: Sequence[RuleSet], lang: str,
                    seat_names: list[str], arrangements: Sequence[Arrangement] = (),
                    naming: RuleSet | None = None) -> None:
    """Per rule set (one tab each): events, chi by source per seat, and the pairs item by item. Only the
    open tab is drawn (a rerun when another opens): four rule sets' six pairs each were most of the page."""
    st.subheader(t("sandbox.breakdown"))
    names = source_names()
    tabs = st.tabs([md_text(rule_set.name(lang)) for rule_set in rule_sets], key="sandbox_breakdown_tabs", on_change="rerun")
    for tab, rule_set in zip(tabs, rule_sets):
        if not tab.open:
            continue
        with tab:
            summary = rule_set.summaries.get(lang)
            if summary:
                st.caption(md_text(summary))
            settlement = settlements[rule_set.id]
            show_events(settlement, rule_set, lang, seat_name, arrangements)
            by_source = sources_frame(settlement, rule_set, seat_names, names)
            by_source[t("sandbox.total")] = list(settlement.totals)
            st.markdown(f"**{t('sandbox.by_source')}**")
            st.table(by_source.map(signed))
            for pair in settlement.pairs:
                show_pair(pair, rule_set, lang, seat_name, naming)


def show_settlement(table: Table, seats: int, rule_sets: Sequence[RuleSet], lang: str,
                    declared: Sequence[bool] | None = None, naming: RuleSet | None = None) -> bool:
    """Everything settled under ``rule_sets``, or why it cannot be yet; True when settled. ``declared``: per
    seat, whether it declares the instant win it holds (the "Báo mậu binh" switches); ``naming``: the rule
    set whose chi names the page uses (the main one)."""
    st.header(t("sandbox.settlement"))
    if not rule_sets:
        st.info(t("sandbox.compare_none"))
        return False
    if not table.ready:
        st.info(t("sandbox.not_ready"))
        return False
    arrangements = table.settled_arrangements()
    settlements = settle_all(arrangements, rule_sets, declared)
    names = {rule_set.id: rule_set.name(lang) for rule_set in rule_sets}
    seat_names = [seat_name(seat) for seat in range(seats)]
    show_totals(settlements, names, seat_names)
    show_matrices(settlements, rule_sets, lang, seat_names)
    show_breakdowns(settlements, rule_sets, lang, seat_names, arrangements, naming)
    return True
