"""The teacher's board of a table session, live: per deal, how the class split (each distinct split, how many
chose it, its expected chi), the best split and each learner's chi lost; a ranking by chi lost (skill) with its
± (standard error), learners level within the noise on one place, what the cards paid (luck) beside it; hands the
timer played marked (the solver's split charged as a miss, apart in the deal's rows); the CSV.

Drawn in a fragment that reruns every :data:`~ui.classes.board.REFRESH_SECONDS` and reads the database each
time, like the assignments' board. The projector view leaves out every name: only the splits per deal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from classroom.models import utcnow
from classroom.service import ClassInfo
from classroom.table_board import DealRow, SplitRow, TableBoard, table_board
from maubinh.bands import NOISE_SIGMAS, UPPER, Band
from maubinh.play import Origin
from maubinh.rules import RuleSet
from ui.bands import band_text
from ui.classes.board import REFRESH_SECONDS
from ui.classes.export import table_sections
from ui.classes.learner import viewer_zone
from ui.classes.table_common import split_header, split_text, table_sessions
from ui.classes.words import moment
from ui.errors import guarded_function
from ui.escape import csv_bytes, plain_text
from ui.i18n import t
from ui.labels import number
from ui.settlement import signed
from ui.store import classroom
from ui.table.views import origin_mark

__all__ = ["BoardRows", "deal_figure", "draw_board", "show_table_board"]


def _deal_short(number: int) -> str:
    return t("tables.deal_short", n=number)


def _deal_option(number: int, played: int) -> str:
    return t("tables.deal_option", n=number, played=played)


@dataclass(frozen=True)
class BoardRows:
    """How a board names its rows (a table session's: one row per deal; a class seating's: one per deal and seat).

    Attributes:
        short: a row's short name (the chart); option: a row in the picker, with how many played it; column: the
            per-learner table's column of a row (a learner has one hand per column); who: for a seating, the
            tables and names behind one split of a row (an extra column), ``None`` for none.
    """

    short: Callable[[int], str] = _deal_short
    option: Callable[[int, int], str] = _deal_option
    column: Callable[[int], str] = _deal_short
    who: Callable[[DealRow, SplitRow], str] | None = None


def deal_figure(result: TableBoard, lang: str, names: BoardRows = BoardRows()) -> go.Figure:
    """Mean chi lost per deal (board row) played (in order)."""
    rows = [d for d in result.deals if d.played]
    figure = go.Figure(go.Bar(
        x=[names.short(d.number) for d in rows], y=[d.mean_chi_lost or 0.0 for d in rows],
        text=[number(d.mean_chi_lost or 0.0, lang) for d in rows], textposition="outside", cliponaxis=False,
        marker_color="#c62828", hovertemplate="%{x}: %{y:.2f}<extra></extra>"))
    figure.update_layout(title=t("tables.chart_title"), height=280, margin={"l": 10, "r": 10, "t": 50, "b": 10},
                         yaxis={"title": None, "rangemode": "tozero"}, xaxis={"title": None})
    return figure


def _splits(deal: DealRow, rule_set: RuleSet, lang: str, names: BoardRows) -> None:
    """The distinct splits of one deal: how many chose each, its expected chi and chi lost; the best marked."""
    if deal.best is not None:
        st.markdown(f"**{t('tables.best_split')}** {split_text(deal.best, deal.best_declared)} · "
                    f"{t('tables.expected', chi=number(deal.best_expected or 0.0, lang, signed=True))}")
    rows = [{  # a seating's tables and names first: on a phone the split's cards push the later columns off screen
        **({} if names.who is None else {t("seat.col.who"): names.who(deal, s)}),
        split_header(rule_set, lang): ("★ " if s.best else "") + split_text(s.arrangement, s.declared)
        + (f" · {origin_mark(Origin.TIMER_SOLVER)}" if s.missed else ""),
        t("tables.col.chose"): s.count,
        t("tables.col.expected"): number(s.expected, lang, signed=True),
        t("tables.col.chi_lost"): number(s.chi_lost, lang),
    } for s in deal.splits]
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")


def _per_learner(result: TableBoard, lang: str, names: BoardRows) -> None:
    """Each learner's band and chi lost per deal (rows: learners in ranking order; columns: deals)."""
    rows = []
    for rank in result.ranking:
        mine = result.by_learner.get(rank.learner_id, {})
        entry: dict[str, object] = {t("classes.col.learner"): plain_text(rank.name)}
        for deal in result.deals:
            hand = mine.get(deal.number)
            entry.setdefault(names.column(deal.number), "")
            if hand is not None:
                mark = origin_mark(hand.origin)
                entry[names.column(deal.number)] = ("—" if not hand.graded else band_text(hand.grade, lang)) + (
                    f" ({mark})" if mark else "")
        rows.append(entry)
    st.markdown(f"**{t('tables.per_learner_title')}**")
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")


def _ranking(result: TableBoard, lang: str) -> None:
    places = [row.place for row in result.ranking]
    rows = [{
        t("tables.col.rank"): f"{row.place}=" if places.count(row.place) > 1 else str(row.place),
        t("classes.col.learner"): plain_text(row.name),
        t("tables.col.hands"): row.hands,
        t("tables.col.chi_lost"): f"{number(row.chi_lost, lang)} ± {number(row.chi_lost_stderr, lang)}",
        t("tables.col.per_hand"): "—" if row.mean_chi_lost is None else number(row.mean_chi_lost, lang),
        t("origin.col_timed_out"): row.timed_out,
        t("tables.col.chi_at_table"): signed(row.actual),
        t("classes.col.seconds"): round(row.seconds),
    } for row in result.ranking if row.hands]
    st.markdown(f"**{t('tables.ranking_title')}**")
    if rows:
        st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")
        st.caption(t("tables.ranking_note") + " " + t("origin.ranking_note", sigmas=number(NOISE_SIGMAS, lang, digits=0),
                                                       floor=number(UPPER[Band.BEST], lang)))
    else:
        st.caption(t("tables.no_hands"))


@st.fragment(run_every=REFRESH_SECONDS)
@guarded_function
def show_table_board(klass: ClassInfo, session_id: int, projector: bool, lang: str) -> None:
    """The board of table session ``session_id`` of ``klass`` (the caller has checked the teacher's link)."""
    tables = table_sessions()
    info = tables.session(session_id)
    if info is None or info.class_id != klass.id:
        st.caption(t("tables.no_sessions"))
        return
    learners = classroom().store.learners(klass.id)
    result = table_board(learners, info.deals, tables.hands(info.id))
    draw_board(result, info.rule_set, lang, learners=len(learners), deals=info.deals, key=f"tables_board_{info.id}",
               csv_name=f"maubinh-table-{klass.id}-{info.id}.csv", projector=projector)


def draw_board(result: TableBoard, rule_set: RuleSet, lang: str, *, learners: int, deals: int, key: str,
               csv_name: str, projector: bool = False, names: BoardRows = BoardRows()) -> None:
    """A board of duplicate deals: learners active and hands of all, the mean chi lost; the chart per deal, one
    deal's splits (picked), the ranking, each learner per deal and the CSV (the projector: the splits only).

    Args:
        learners: learners expected on it; deals: hands each of them plays (for "hands played of all");
        key: the widgets' keys' prefix (one per board); names: how its rows are named (:class:`BoardRows`).
    """
    played = [d for d in result.deals if d.played]
    active = sum(1 for row in result.ranking if row.hands)
    lost = sum(row.chi_lost for row in result.ranking)
    graded = sum(row.hands for row in result.ranking)
    columns = st.columns(3)
    columns[0].metric(t("classes.metric.learners"), f"{active}/{learners}")
    columns[1].metric(t("tables.metric.hands"), f"{result.played}/{learners * deals}")
    columns[2].metric(t("tables.metric.mean_lost"), number(lost / graded, lang) if graded else "—")
    st.caption(t("classes.board_updated", time=moment(utcnow(), viewer_zone(), lang), seconds=REFRESH_SECONDS))
    if not played:
        st.caption(t("tables.no_hands"))
        return
    if len(played) > 1:
        st.plotly_chart(deal_figure(result, lang, names), key=f"{key}_chart", config={"displayModeBar": False})
    numbers = [d.number for d in played]
    by_number = {d.number: d for d in result.deals}
    pick = f"{key}_deal"
    if st.session_state.get(pick) not in numbers:
        st.session_state[pick] = numbers[-1]
    chosen = st.selectbox(t("tables.pick_deal"), numbers, key=pick,
                          format_func=lambda n: names.option(n, by_number[n].played))
    _splits(by_number[int(chosen)], rule_set, lang, names)
    if projector:
        return
    _ranking(result, lang)
    _per_learner(result, lang, names)
    sections = table_sections(result, rule_set, lang, viewer_zone())
    st.download_button(t("classes.download"), csv_bytes(*sections), file_name=csv_name,
                       mime="text/csv", key=f"{key}_csv", icon=":material/download:")
