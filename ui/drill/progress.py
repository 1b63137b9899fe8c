"""Progress on the Drill page: the status line, accuracy per kind as a chart, the kind to practise next,
and the end-of-set summary with its CSV (question, answer, right answer, time taken).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from maubinh.drills import DrillSet, Kind, Question
from maubinh.drills.progress import Record, accuracy, best_streak, score, streak, suggest_next
from maubinh.rules import RuleSet
from ui.drill.mistakes import mistakes_in, review_mistakes
from ui.drill.params import new_seed, start_set
from ui.drill.state import STATE_KEY, SetState
from ui.escape import csv_bytes, md_text
from ui.i18n import t, tn
from ui.labels import number
from ui.questions import answer_text, key_text, kind_name, level_name, question_text
from ui.tables_fit import show_table

__all__ = ["MORE", "accuracy_figure", "show_progress", "show_summary", "status_line", "summary_frame", "summary_view"]

GREEN, AMBER, RED = "#2e7d32", "#f9a825", "#c62828"
MORE = 10
"""Questions in the set that "10 more" starts (the same kinds, level and rule set, a fresh seed)."""


def status_line(state: SetState, rule_set: RuleSet, lang: str) -> None:
    """Question k of n, the set's score, the streak, the level and rule set, and a progress bar."""
    drill_set = state.drill_set
    right, answered = score(state.records)
    run, best = streak(state.records), best_streak(state.records)
    number_ = min(state.index + 1, drill_set.count)
    st.markdown(
        f":blue-badge[{t('drill.set_value', number=number_, count=drill_set.count)}] "
        f":green-badge[{t('drill.score')}: {t('drill.score_value', right=right, total=answered)}] "
        f":orange-badge[{t('drill.streak', streak=run, best=best)}] "
        f":gray-badge[{level_name(drill_set.level, lang)}] "
        f":violet-badge[{md_text(rule_set.name(lang))}]"
    )
    st.progress(answered / drill_set.count)


def accuracy_figure(records: Sequence[Record], lang: str) -> go.Figure:
    """A horizontal bar per kind answered: the share right (%), labelled "right/answered"."""
    shares = accuracy(records)
    kinds = list(shares)[::-1]  # plotly draws the first category at the bottom
    counts = [shares[kind] for kind in kinds]
    percent = [100 * right / total for right, total in counts]
    colours = [GREEN if p >= 80 else AMBER if p >= 50 else RED for p in percent]
    figure = go.Figure(
        go.Bar(
            y=[kind_name(kind, lang) for kind in kinds],
            x=percent,
            orientation="h",
            text=[f"{right}/{total}" for right, total in counts],
            textposition="outside",
            cliponaxis=False,
            marker_color=colours,
            hovertemplate="%{y}: %{x:.0f}%<extra></extra>",
        )
    )
    figure.update_layout(
        title=t("drill.progress.chart_title"),
        xaxis={"title": t("drill.progress.accuracy"), "range": [0, 118], "ticksuffix": "%", "tickvals": [0, 25, 50, 75, 100]},
        yaxis={"title": None, "automargin": True},
        height=90 + 42 * len(kinds),
        margin={"l": 10, "r": 10, "t": 50, "b": 10},
    )
    return figure


def _practise(kind: Kind, drill_set: DrillSet) -> None:
    start_set(replace(drill_set, kinds=(kind,), seed=new_seed(), picks=()), fresh=True)


def show_progress(history: Sequence[Record], drill_set: DrillSet, lang: str) -> None:
    """The session's accuracy per kind (plotly) and the kind to practise next, with a button to start it."""
    if not history:
        st.caption(t("drill.progress.empty"))
        return
    right, answered = score(history)
    st.markdown(t("drill.progress.session", right=right, total=answered, best=best_streak(history)))
    st.plotly_chart(accuracy_figure(history, lang), key="drill_progress_chart", config={"displayModeBar": False})
    kind = suggest_next(history)
    shares = accuracy(history)
    if kind in shares:
        why = t("drill.progress.why_low", right=shares[kind][0], total=shares[kind][1])
    else:
        why = t("drill.progress.why_new")
    st.markdown(t("drill.progress.suggest", kind=kind_name(kind, lang), why=why))
    if st.button(t("drill.progress.practise", kind=kind_name(kind, lang)), key="drill_practise",
                 icon=":material/fitness_center:"):
        _practise(kind, drill_set)
        st.rerun(scope="app")  # a new set: the whole page starts it


def summary_frame(state: SetState, question: Callable[[int], Question], rule_set: RuleSet, lang: str) -> pd.DataFrame:
    """One row per question of the set: number, kind, question, answer, right answer (of the questions answered
    only), right or not, seconds."""
    rows = []
    for index in range(state.drill_set.count):
        answer = state.answers.get(index)
        q = question(index)
        rows.append({
            t("drill.csv.number"): index + 1,
            t("drill.csv.kind"): kind_name(q.kind, lang),
            t("drill.csv.question"): question_text(q, rule_set, lang),
            t("drill.csv.answer"): answer_text(q, answer.given, rule_set, lang) if answer else t("drill.csv.not_answered"),
            # an unanswered question keeps its answer to itself: a closed assignment's summary showed every key,
            # and the teacher could open it again (found by a hostile run)
            t("drill.csv.key"): key_text(q, rule_set, lang) if answer else t("drill.csv.key_hidden"),
            t("drill.csv.correct"): t("drill.csv.yes") if answer and answer.correct else t("drill.csv.no"),
            t("drill.csv.seconds"): round(answer.seconds, 1) if answer else None,
        })
    return pd.DataFrame(rows)


def summary_view(frame: pd.DataFrame) -> pd.DataFrame:
    """:func:`summary_frame` as shown on the page, narrow enough for a phone: number, kind, answer, right
    answer and right or not (the question asked and the seconds are in the CSV), text cells escaped."""
    number_, kind, _asked, answer, key, correct, _seconds = frame.columns
    return pd.DataFrame({
        t("drill.summary.col_number"): frame[number_],
        kind: frame[kind].map(md_text),
        answer: frame[answer].map(md_text),
        key: frame[key].map(md_text),
        correct: frame[correct],
    })


def show_summary(state: SetState, question: Callable[[int], Question], rule_set: RuleSet, lang: str,
                 fresh_sets: bool = True) -> None:
    """The end of the set: score, time, accuracy per kind, every question, the CSV, and (``fresh_sets``) the
    buttons to review the mistakes now, for ten more questions and for the same set again (an assignment and
    a list have none of them)."""
    drill_set = state.drill_set
    records = state.records
    right, answered = score(records)
    seconds = sum(r.seconds for r in records)
    st.subheader(t("drill.summary.title"))
    first, second, third = st.columns(3)
    # right of answered, as the status line and the class board say it (an unanswered question is not a wrong
    # one: it said 3/10 where the board said 3/9, issue 35); the unanswered ones are named below it
    first.metric(t("drill.score"), t("drill.score_value", right=right, total=answered))
    second.metric(t("drill.summary.time"), t("drill.summary.seconds", seconds=number(seconds, lang, digits=0)))
    third.metric(t("drill.summary.best_streak"), best_streak(records))
    if answered < drill_set.count:
        st.caption(t("drill.summary.answered_of", answered=answered, count=drill_set.count))
    frame = summary_frame(state, question, rule_set, lang)
    show_table(summary_view(frame), key="drill_summary_table")
    st.caption(t("drill.summary.table_caption"))
    st.download_button(
        t("drill.summary.download"),
        csv_bytes(frame),
        file_name=f"maubinh-drill-{drill_set.rule_set_id}-{drill_set.seed}.csv",
        mime="text/csv",
        key="drill_csv",
        icon=":material/download:",
        type="primary",
    )
    if not fresh_sets or not isinstance(drill_set, DrillSet):
        return
    wrong = len(mistakes_in(state))
    mistakes, more, again = st.columns(3)
    if wrong and mistakes.button(tn("drill.summary.mistakes", wrong), key="drill_mistakes", width="stretch",
                                 type="primary", icon=":material/replay:") and review_mistakes(state):
        st.rerun(scope="app")
    if more.button(tn("drill.summary.more", MORE), key="drill_new_set", width="stretch",
                   type="secondary" if wrong else "primary", icon=":material/add:"):
        start_set(replace(drill_set, seed=new_seed(), count=MORE, picks=()), fresh=True)
        st.rerun(scope="app")
    if again.button(t("drill.summary.again"), key="drill_again", width="stretch"):
        st.session_state[STATE_KEY] = SetState(drill_set)
        st.rerun(scope="app")
