"""The teacher's board of a table session, live: per deal, how the class split (each distinct split, how many
chose it, its expected chi), the best split and each learner's chi lost; a ranking by chi lost (skill) with its
± (standard error), learners level within the noise on one place, what the cards paid (luck) beside it; hands the
timer played marked (the solver's split charged as a miss, apart in the deal's rows); the CSV.

Drawn in a fragment that reruns every :data:`~ui.classes.board.REFRESH_SECONDS` and reads the database each
time, like the assignments' board. The projector view leaves out every name: only the splits per deal.
"""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from classroom.models import utcnow
from classroom.service import ClassInfo
from classroom.table_board import DealRow, TableBoard, table_board
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
from ui.i18n import t, translate
from ui.labels import number
from ui.settlement import signed
from ui.store import classroom
from ui.table.views import origin_mark

__all__ = ["deal_figure", "show_table_board"]


def deal_figure(result: TableBoard, lang: str) -> go.Figure:
    """Mean chi lost per deal played (in deal order)."""
    rows = [d for d in result.deals if d.played]
    figure = go.Figure(go.Bar(
        x=[t("tables.deal_short", n=d.number) for d in rows], y=[d.mean_chi_lost or 0.0 for d in rows],
        text=[number(d.mean_chi_lost or 0.0, lang) for d in rows], textposition="outside", cliponaxis=False,
        marker_color="#c62828", hovertemplate="%{x}: %{y:.2f}<extra></extra>"))
    figure.update_layout(title=t("tables.chart_title"), height=280, margin={"l": 10, "r": 10, "t": 50, "b": 10},
                         yaxis={"title": None, "rangemode": "tozero"}, xaxis={"title": None})
    return figure


def _splits(deal: DealRow, rule_set: RuleSet, lang: str) -> None:
    """The distinct splits of one deal: how many chose each, its expected chi and chi lost; the best marked."""
    if deal.best is not None:
        st.markdown(f"**{t('tables.best_split')}** {split_text(deal.best, deal.best_declared)} · "
                    f"{t('tables.expected', chi=number(deal.best_expected or 0.0, lang, signed=True))}")
    rows = [{
        split_header(rule_set, lang): ("★ " if s.best else "") + split_text(s.arrangement, s.declared)
        + (f" · {origin_mark(Origin.TIMER_SOLVER)}" if s.missed else ""),
        t("tables.col.chose"): s.count,
        t("tables.col.expected"): number(s.expected, lang, signed=True),
        t("tables.col.chi_lost"): number(s.chi_lost, lang),
    } for s in deal.splits]
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")


def _per_learner(result: TableBoard, lang: str) -> None:
    """Each learner's band and chi lost per deal (rows: learners in ranking order; columns: deals)."""
    rows = []
    for rank in result.ranking:
        mine = result.by_learner.get(rank.learner_id, {})
        entry: dict[str, object] = {t("classes.col.learner"): plain_text(rank.name)}
        for deal in result.deals:
            hand = mine.get(deal.number)
            mark = "" if hand is None else origin_mark(hand.origin)
            entry[t("tables.deal_short", n=deal.number)] = ("" if hand is None else "—" if not hand.graded
                                                            else band_text(hand.grade, lang)) + (f" ({mark})" if mark else "")
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
    played = [d for d in result.deals if d.played]
    active = sum(1 for row in result.ranking if row.hands)
    lost = sum(row.chi_lost for row in result.ranking)
    graded = sum(row.hands for row in result.ranking)
    columns = st.columns(3)
    columns[0].metric(t("classes.metric.learners"), f"{active}/{len(learners)}")
    columns[1].metric(t("tables.metric.hands"), f"{result.played}/{len(learners) * info.deals}")
    columns[2].metric(t("tables.metric.mean_lost"), number(lost / graded, lang) if graded else "—")
    st.caption(t("classes.board_updated", time=moment(utcnow(), viewer_zone(), lang), seconds=REFRESH_SECONDS))
    if not played:
        st.caption(t("tables.no_hands"))
        return
    if len(played) > 1:
        st.plotly_chart(deal_figure(result, lang), key="tables_board_chart", config={"displayModeBar": False})
    numbers = [d.number for d in played]
    key = f"tables_board_deal_{info.id}"
    if st.session_state.get(key) not in numbers:
        st.session_state[key] = numbers[-1]
    chosen = st.selectbox(t("tables.pick_deal"), numbers, key=key,
                          format_func=lambda n: translate("tables.deal_option", lang, n=n,
                                                                played=result.deals[n - 1].played))
    _splits(result.deals[int(chosen) - 1], info.rule_set, lang)
    if projector:
        return
    _ranking(result, lang)
    _per_learner(result, lang)
    sections = table_sections(result, info.rule_set, lang, viewer_zone())
    st.download_button(t("classes.download"), csv_bytes(*sections), file_name=f"maubinh-table-{klass.id}-{info.id}.csv",
                       mime="text/csv", key="tables_board_csv", icon=":material/download:")
