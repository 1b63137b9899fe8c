"""The Progress page drawn with Streamlit: a profile's rating, error rate and level, its review queue,
charts over time per kind, the weakest kinds and rules with their lessons, and the CSV of its history."""

from __future__ import annotations

from datetime import datetime

import pandas as pd
import plotly.graph_objects as go
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from classroom.decisions import Decision, learner_decisions
from classroom.models import LEARNER_NAME_MAX, utcnow
from classroom.play_hands import PlayHands
from classroom.service import LearnerInfo
from maubinh.drills import Kind, Lesson
from maubinh.drills.levels import (
    MEASURED_KINDS,
    MIN_DECISIONS,
    levels,
    reference_note,
    reference_players,
)
from maubinh.drills.themes import LESSONS
from ui.bands import typical_line
from ui.escape import csv_bytes
from ui.habits import remember, show_habit
from ui.i18n import t, tn
from ui.labels import number
from ui.links import personal_link_box
from ui.nav import link_to
from ui.params import markdown_literal
from ui.profile_form import show_keep_link
from ui.progress.lessons import show_lesson_path
from ui.progress.play import show_play
from ui.progress.stats import (
    THEME_LEAST,
    by_kind,
    by_lesson,
    error_series,
    export_rows,
    kind_levels,
    play_series,
    rating_series,
    summary,
    weakest,
    weakest_themes,
)
from ui.questions import kind_name, step_name, theme_name
from ui.store import LEARNER_PARAM, MODE_PARAM, THEME_PARAM, classroom

__all__ = ["show_profile"]

_COLOURS = ("#1565c0", "#2e7d32", "#c62828", "#6a1b9a", "#ef6c00", "#00838f", "#5d4037")


def _kind(value: str, lang: str) -> str:
    try:
        return kind_name(Kind(value), lang)
    except ValueError:
        return value


def _lesson(value: str, lang: str) -> str:
    try:
        return step_name(Lesson(value), lang)
    except ValueError:
        return value


DATE_FORMATS: dict[str, list[dict[str, object]]] = {
    "vi": [  # numeric day/month: plotly's own month names are English
        {"dtickrange": [None, 86_400_000], "value": "%H:%M<br>%d/%m"},
        {"dtickrange": [86_400_000, 28 * 86_400_000], "value": "%d/%m"},
        {"dtickrange": [28 * 86_400_000, None], "value": "%m/%Y"},
    ],
}
"""The date axis's tick formats per language where plotly's English default will not do."""
HOVER_DATES = {"vi": "%d/%m/%Y %H:%M"}


def figure_for(y_title: str, lang: str, dates: bool = False) -> go.Figure:
    """An empty chart of the page: no title (the page writes it above, where it wraps at any width), its
    date axis (``dates``) in the page's language."""
    figure = go.Figure()
    figure.update_layout(height=300, margin={"l": 10, "r": 10, "t": 10, "b": 10},
                         yaxis={"title": y_title}, legend={"orientation": "h", "y": -0.2})
    if dates and lang in DATE_FORMATS:
        figure.update_xaxes(type="date", tickformatstops=DATE_FORMATS[lang], hoverformat=HOVER_DATES[lang])
    return figure


def integer_step(count: int, ticks: int = 8) -> int:
    """The step between an axis's ticks that counts ``count`` things: a whole 1, 2, 5, 10, 20, 50... giving at most
    about ``ticks`` ticks (issue 36: two answers made the ticks 0, 0.5, 1, shown "0 1 1").

    >>> [integer_step(n) for n in (0, 2, 8, 9, 30, 400)]
    [1, 1, 1, 2, 5, 50]
    """
    step = 1
    while count / step > ticks:
        step = step * 5 // 2 if str(step).startswith("2") else step * 2
    return step


def rating_figure(ratings: list[tuple[datetime, float]], lang: str) -> go.Figure:
    """The rating after each rated answer, answer by answer (0: the start): on a time axis a set answered in a
    minute stood as one upright line beside days of nothing. Each point's date and time show on hover."""
    figure = figure_for(t("progress.chart.rating_axis"), lang)
    figure.update_xaxes(title=t("progress.chart.answer_axis"), rangemode="tozero", tickformat="d",
                        dtick=integer_step(len(ratings)))
    when = [w.strftime(HOVER_TIMES.get(lang, HOVER_TIMES["en"])) for w, _ in ratings]
    figure.add_trace(go.Scatter(x=list(range(len(ratings))), y=[round(r, 1) for _, r in ratings], mode="lines+markers",
                                name=t("progress.chart.rating_axis"), line={"color": _COLOURS[0]}, customdata=when,
                                hovertemplate="%{customdata}<br>%{y:.0f}<extra></extra>"))
    return figure


HOVER_TIMES = {"vi": "%d/%m/%Y %H:%M", "en": "%b %d, %Y %H:%M"}
"""A point's date and time on hover, where the axis counts answers."""


def _chart(box: DeltaGenerator, title: str, figure: go.Figure, key: str) -> None:
    with box:
        st.markdown(f"**{title}**")
        st.plotly_chart(figure, key=key, config={"displayModeBar": False})


def _charts(attempts: list, decided: list[Decision], lang: str,  # type: ignore[type-arg]
            play: list | None = None) -> None:  # type: ignore[type-arg]
    """Rating (after drill answers and Play hands: ``decided``), error rate per kind (``play``: the error rate in
    play beside them, :func:`play_series`), and the share right per kind."""
    left, right = st.columns(2)
    ratings = rating_series(decided)
    if ratings:
        _chart(left, t("progress.chart.rating"), rating_figure(ratings, lang), "progress_rating_chart")
    series = error_series(attempts)
    if series or play:
        figure = figure_for(t("progress.chart.error_axis"), lang, dates=True)
        for n, kind in enumerate(dict.fromkeys(k for _, k, _ in series)):
            points = [(w, v) for w, k, v in series if k == kind]
            figure.add_trace(go.Scatter(x=[w for w, _ in points], y=[v for _, v in points], mode="lines+markers",
                                        name=_kind(kind, lang), line={"color": _COLOURS[n % len(_COLOURS)]}))
        if play:
            figure.add_trace(go.Scatter(x=[w for w, _ in play], y=[v for _, v in play], mode="lines+markers",
                                        name=t("playhist.progress.trace"), line={"color": "#37474f", "width": 3, "dash": "dot"}))
        _chart(right, t("progress.chart.error"), figure, "progress_error_chart")
    kinds = by_kind(attempts)
    if not kinds:
        return
    figure = figure_for("%", lang)
    figure.add_trace(go.Bar(x=[_kind(k, lang) for k in kinds], y=[100 * (s.share_right or 0) for s in kinds.values()],
                            text=[f"{s.right}/{s.answered}" for s in kinds.values()], textposition="outside",
                            cliponaxis=False, marker_color=_COLOURS[1]))
    figure.update_layout(yaxis={"range": [0, 115], "ticksuffix": "%"})
    _chart(st.container(), t("progress.chart.kinds"), figure, "progress_kind_chart")


def _weak_spots(attempts: list, token: str, lang: str) -> None:  # type: ignore[type-arg]
    st.subheader(t("progress.weak_title"))
    kinds, lessons = weakest(by_kind(attempts)), weakest(by_lesson(attempts))
    if not kinds and not lessons:
        st.caption(t("progress.weak_none"))
        return
    for kind, s in kinds:
        st.markdown(t("progress.weak_kind", kind=_kind(kind, lang), right=s.right, total=s.answered))
        link_to("pages/drill.py", t("progress.practise_kind", kind=_kind(kind, lang)), ":material/fitness_center:",
                {LEARNER_PARAM: token, "kinds": kind, "lang": lang})
    for lesson, s in lessons:
        st.markdown(t("progress.weak_lesson", lesson=_lesson(lesson, lang), right=s.right, total=s.answered))
        link_to("pages/learn.py", t("progress.open_lesson", lesson=_lesson(lesson, lang)), ":material/menu_book:",
                {"step": lesson, "lang": lang})


def _weak_themes(attempts: list, token: str, lang: str, removed: bool) -> None:  # type: ignore[type-arg]
    """The weakest themes (share right and chi lost per decision) once they have :data:`THEME_LEAST` answers,
    each with "practise this theme" (not for a removed learner) and its lesson."""
    st.subheader(t("progress.themes_title"))
    found = weakest_themes(attempts)
    if not found:
        st.caption(tn("progress.themes_none", THEME_LEAST))
        return
    for theme, s in found:
        error = s.error_rate
        lost = "" if error is None else t("progress.theme_lost", lost=number(max(0.0, error), lang))
        st.markdown(t("progress.theme_line", theme=theme_name(theme, lang), right=s.right, total=s.answered,
                      share=round(100 * (s.share_right or 0.0)), lost=lost))
        practise, lesson = st.columns(2)
        with practise:
            if not removed:
                link_to("pages/drill.py", t("progress.practise_theme"), ":material/fitness_center:",
                        {LEARNER_PARAM: token, MODE_PARAM: "theme", THEME_PARAM: theme.value, "lang": lang})
        with lesson:
            step = LESSONS[theme]
            link_to("pages/learn.py", t("progress.open_lesson", lesson=_lesson(step.value, lang)),
                    ":material/menu_book:", {"step": step.value, "lang": lang})
    st.caption(tn("progress.theme_least", THEME_LEAST))


def _your_levels(attempts: list, lang: str) -> None:  # type: ignore[type-arg]
    """The learner's level in each measured kind, from that kind's decisions, with the count (issue 20,
    item 10); "new" (mới học) before any, and before :data:`MIN_DECISIONS` of a kind."""
    found = kind_levels(attempts)
    if not found:
        st.markdown(t("progress.level_start", level=t("progress.level.new"), least=MIN_DECISIONS))
        return
    lines = [t("progress.your_levels")]
    for mine in found:
        level, kind = t(f"progress.level.{mine.level.id}"), kind_name(mine.kind, lang)
        if mine.enough:
            lines.append("- " + tn("progress.kind_level", mine.decisions, kind=kind, level=level,
                                   rate=number(mine.error_rate, lang)))
        else:
            lines.append("- " + tn("progress.kind_level_early", mine.decisions, kind=kind, level=level,
                                   least=MIN_DECISIONS))
    st.markdown("\n".join(lines))


def _levels(lang: str) -> None:
    note = reference_note()
    with st.expander(t("progress.levels_title"), icon=":material/stairs:"):
        rows = []
        for n, level in enumerate(levels()):
            row = {t("progress.col.level"): t(f"progress.level.{level.id}")}  # the same ids in every kind
            for kind in MEASURED_KINDS:
                up_to = levels(kind)[n].up_to
                row[kind_name(kind, lang)] = "—" if up_to is None else number(up_to, lang)
            rows.append(row)
        st.caption(t("progress.col.up_to"))
        st.dataframe(pd.DataFrame(rows), hide_index=True)
        lines = [t("progress.levels_reference", rules=note.get("rule_set", ""), date=note.get("date", ""),
                   least=MIN_DECISIONS)]
        for kind in MEASURED_KINDS:
            players = reference_players(kind)
            lines.append("- " + t("progress.levels_reference_kind", kind=kind_name(kind, lang),
                                  random=number(players["random"].chi_lost, lang),
                                  simple=number(players["strongest_back_first"].chi_lost, lang),
                                  solver=number(players["solver"].chi_lost, lang),
                                  decisions=players["solver"].decisions))
        st.markdown("\n".join(lines))


def _actions(token: str, due_now: int, queue: list[datetime], lang: str) -> None:
    """Review what is due (``due_now``: the questions one review round takes), practise at one's level,
    practise freely (not offered to a removed learner)."""
    actions = st.columns(3)
    with actions[0]:
        if due_now:
            link_to("pages/drill.py", tn("progress.review_now", due_now), ":material/replay:",
                    {LEARNER_PARAM: token, MODE_PARAM: "review", "lang": lang})
        elif queue:
            st.caption(tn("progress.next_due", max(1, round((queue[0] - utcnow()).total_seconds() / 60))))
        else:
            st.caption(t("progress.queue_empty"))
    with actions[1]:
        link_to("pages/drill.py", t("progress.practise_level"), ":material/tune:",
                {LEARNER_PARAM: token, MODE_PARAM: "level", "lang": lang})
    with actions[2]:
        link_to("pages/drill.py", t("progress.practise_free"), ":material/quiz:", {LEARNER_PARAM: token, "lang": lang})


def show_profile(token: str, lang: str) -> None:
    """The profile behind the personal link ``token`` (a wrong link says so and shows nothing)."""
    store, practice = classroom().store, classroom().practice
    learner: LearnerInfo | None = store.learner(token)
    if learner is None:
        st.error(t("classes.bad_learner_link"))
        return
    removed = learner.removed  # a removed learner keeps their own history here, read only (issue 22, item 7)
    klass = None if removed else store.class_info(learner.class_id)
    st.subheader(t("progress.hello", name=markdown_literal(learner.name, limit=LEARNER_NAME_MAX)))
    if removed:
        st.info(t("progress.removed_note"))
    if klass is not None:
        link_to("pages/classes.py", t("progress.my_class", klass=markdown_literal(klass.name, limit=80)),
                ":material/groups:", {LEARNER_PARAM: token, "lang": lang})
    if not show_keep_link(learner, token, lang):  # a profile just made: its link to keep, once
        personal_link_box(token, "progress", lang, expanded=False)
    if not removed:
        remember(token)
        show_habit(learner.id, token, lang, "progress")

    attempts = practice.history(learner.id)
    decided = learner_decisions(store, learner.id)
    rating = practice.rating(learner.id)
    total = summary(decided)  # drill answers and Play hands: one decision model (issue 36)
    due_now = practice.due_count(learner.id)  # all that are due: a review round takes at most 20 of them
    review_now = len(practice.due(learner.id))
    queue = practice.queue(learner.id)
    first, second, third, fourth = st.columns(4)
    first.metric(t("progress.metric.rating"), f"{rating.value:.0f}", help=t("progress.rating_help", rd=f"{rating.rd:.0f}"))
    error = total.error_rate
    second.metric(t("progress.metric.error"), "—" if error is None else number(error, lang),
                  help=t("progress.error_help"))
    third.metric(t("progress.metric.right"), "—" if not total.answered else
                 f"{total.right}/{total.answered}")
    fourth.metric(t("progress.metric.due"), f"{due_now}/{len(queue)}")
    typical = typical_line([a.chi_lost for a in attempts if a.chi_lost is not None], lang)
    if typical is not None:  # the same scale as one decision (maubinh.bands)
        st.markdown(typical)
    _your_levels(attempts, lang)
    if not removed:
        _actions(token, review_now, queue, lang)
    _levels(lang)
    show_lesson_path(learner.id, lang, removed)
    hands = PlayHands(store, practice).history(learner.id)
    if not attempts and not hands:
        st.info(t("progress.no_history"))
        return
    _charts(attempts, decided, lang, play_series(hands))
    if hands:
        show_play(hands, token, lang)
    if not attempts:
        return
    _weak_themes(attempts, token, lang, removed)
    _weak_spots(attempts, token, lang)
    st.download_button(t("progress.download"), csv_bytes(pd.DataFrame(export_rows(attempts))),
                       file_name=f"maubinh-progress-{learner.id}.csv", mime="text/csv",
                       key="progress_csv", icon=":material/download:")
