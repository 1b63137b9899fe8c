"""The teacher's board of one assignment, live: who answered what, the hardest questions, each learner.

Drawn in a fragment that reruns every :data:`REFRESH_SECONDS` (``st.fragment(run_every=...)``) and reads
the database each time, so answers given on any server appear within one refresh. The projector view
(:mod:`ui.classes.projector`) leaves out every name and every single learner's answer: only the class's totals
and the spread of answers per question.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from classroom.board import Board, QuestionRow, board
from classroom.decisions import error_rates
from classroom.models import utcnow
from classroom.service import AssignmentInfo, ClassInfo
from maubinh.bands import Grade, grade, sums_grade
from maubinh.drills import Question
from maubinh.rules import RuleSet
from ui.bands import band_text
from ui.classes.export import answer_sections
from ui.classes.learner import viewer_zone
from ui.classes.words import answer_words, kind_words, moment, share
from ui.errors import guarded_function
from ui.escape import csv_bytes, plain_text
from ui.i18n import t
from ui.labels import number
from ui.store import classroom

__all__ = ["REFRESH_SECONDS", "answer_rows", "board_figure", "board_questions", "show_board"]

REFRESH_SECONDS = 3
GREEN, AMBER, RED = "#2e7d32", "#f9a825", "#c62828"


def board_questions(assignment: AssignmentInfo) -> dict[int, Question | None]:
    """Every question of an assignment as stored, by number (``None`` where one cannot be read back)."""
    store = classroom().store
    return {n: store.read_question(assignment.id, n) for n in range(assignment.count)}


def _spread(row: QuestionRow, question: Question | None, rule_set: RuleSet, lang: str) -> str:
    return " · ".join(f"{answer_words(question, code, rule_set, lang)} ×{n}" for code, n in row.spread.items())


def _graded(found: Grade | None, lang: str, missing: str = "—") -> str:
    """A typical decision as the table board shows one: its band and chi lost (:func:`ui.bands.band_text`)."""
    return missing if found is None else band_text(found, lang)


def _values(row: QuestionRow, lang: str) -> str:
    if len(row.values) <= 1 and row.kind != "better":
        return " · ".join(number(v, lang, signed=True) for v in row.values.values())
    return " · ".join(f"{code} {number(v, lang, signed=True)}" for code, v in row.values.items())


def board_figure(result: Board, lang: str) -> go.Figure:
    """Share right per question (in question order), coloured green / amber / red."""
    rows = [q for q in result.questions if q.answered]
    percent = [100 * (q.share_right or 0.0) for q in rows]
    figure = go.Figure(go.Bar(
        x=[t("classes.question_short", number=q.number + 1) for q in rows], y=percent,
        marker_color=[GREEN if p >= 80 else AMBER if p >= 50 else RED for p in percent],
        text=[f"{q.right}/{q.answered}" for q in rows], textposition="outside", cliponaxis=False,
        hovertemplate="%{x}: %{y:.0f}%<extra></extra>"))
    figure.update_layout(title=t("classes.chart_title"), height=300, margin={"l": 10, "r": 10, "t": 50, "b": 10},
                         yaxis={"range": [0, 115], "ticksuffix": "%", "title": None}, xaxis={"title": None})
    return figure


def _question_table(result: Board, questions: Mapping[int, Question | None], rule_set: RuleSet, lang: str) -> None:
    rows = []
    for row in result.hardest():
        question = questions.get(row.number)
        wrong = row.common_wrong
        rows.append({
            t("classes.col.question"): row.number + 1,
            t("classes.col.kind"): kind_words(row.kind, lang),
            t("classes.col.right"): share(row.right, row.answered, lang),
            t("classes.col.answers"): _spread(row, question, rule_set, lang),
            t("classes.col.common_wrong"): "" if wrong is None else
            f"{answer_words(question, wrong[0], rule_set, lang)} ×{wrong[1]}",
            t("classes.col.best"): answer_words(question, row.key, rule_set, lang),
        })
        if any(q.values for q in result.questions):
            rows[-1][t("classes.col.values")] = _values(row, lang)
        if any(q.decisions for q in result.questions):  # chi lost: only where this assignment has decisions
            rows[-1][t("classes.col.mean_chi_lost")] = _graded(row.grade, lang, "")
    st.markdown(f"**{t('classes.hardest_title')}**")
    if rows:
        st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")
    else:
        st.caption(t("classes.no_answers_yet"))


def _learner_table(result: Board, lang: str) -> None:
    kinds = [row.kind for row in result.kinds]
    ids = [row.learner_id for row in result.learners]
    practice = classroom().practice
    ratings, errors = practice.ratings(ids), error_rates(practice.store, ids)  # drill answers and Play hands
    rows = []
    for row in result.learners:
        rating = ratings.get(row.learner_id)
        entry: dict[str, object] = {
            t("classes.col.learner"): plain_text(row.name),
            t("classes.col.rating"): "—" if rating is None else f"{rating.value:.0f} ± {rating.rd:.0f}",
            t("classes.col.error_rate"): _graded(sums_grade(*errors.get(row.learner_id, (0, 0.0, 0.0))), lang),
            t("classes.col.answered"): row.answered,
            t("classes.col.right"): share(row.right, row.answered, lang),
        }
        if any(r.decisions for r in result.learners):  # chi lost: only where this assignment has decisions
            entry[t("classes.col.chi_lost")] = number(row.chi_lost, lang) if row.decisions else "—"
            entry[t("classes.col.chi_per_decision")] = _graded(row.grade, lang)
        entry[t("classes.col.seconds")] = round(row.seconds)
        for kind in kinds:
            right, total = row.per_kind.get(kind, (0, 0))
            entry[kind_words(kind, lang)] = f"{right}/{total}" if total else ""
        rows.append(entry)
    st.markdown(f"**{t('classes.learners_title')}**")
    if rows:
        st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")
    else:
        st.caption(t("classes.no_learners"))


def answer_rows(result: Board, learner_id: str, questions: Mapping[int, Question | None], rule_set: RuleSet,
                lang: str) -> list[dict[str, object]]:
    """One learner's answers on a board, a row per question: their answer and the best in words, right or not, the
    chi lost with its band, seconds (empty cells where they gave none)."""
    mine = result.by_learner.get(learner_id, {})
    rows: list[dict[str, object]] = []
    for q in result.questions:
        answer = mine.get(q.number)
        question = questions.get(q.number)
        rows.append({
            t("classes.col.question"): q.number + 1,
            t("classes.col.kind"): kind_words(q.kind, lang),
            t("classes.col.their_answer"): "" if answer is None else answer_words(question, answer.code, rule_set, lang),
            t("classes.col.best"): answer_words(question, q.key, rule_set, lang),
            t("classes.col.correct"): "" if answer is None else ("✓" if answer.correct else "✗"),
            t("classes.col.chi_lost"): "" if answer is None or answer.chi_lost is None
            else band_text(grade(answer.chi_lost), lang),
            t("classes.col.seconds"): "" if answer is None else number(answer.seconds, lang, digits=1),
        })
    return rows


def _learner_detail(result: Board, questions: Mapping[int, Question | None], rule_set: RuleSet, lang: str,
                    key: str) -> None:
    names = {row.learner_id: row.name for row in result.learners}
    if not names:
        return
    chosen = st.selectbox(t("classes.pick_learner"), list(names), format_func=lambda lid: plain_text(names[lid]),
                          key=key)
    st.dataframe(pd.DataFrame(answer_rows(result, chosen or "", questions, rule_set, lang)), hide_index=True,
                 width="stretch")


@st.fragment(run_every=REFRESH_SECONDS)
@guarded_function
def show_board(access: Callable[[], ClassInfo | None], assignment_id: int, projector: bool, lang: str,
               archived: bool = False) -> None:
    """The board of one assignment of the class ``access`` opens: the teacher's or the projector's link, checked
    at every refresh (a link replaced meanwhile sees nothing more; issue 31, item 5). ``archived``: an earlier version
    of an edited assignment (:mod:`ui.classes.versions`), drawn the same way; its widgets and CSV named apart."""
    klass = access()
    if klass is None:
        st.error(t("classes.link_replaced"))
        return
    store = classroom().store
    assignment = store.assignment(assignment_id)
    if assignment is None or assignment.class_id != klass.id:
        st.caption(t("classes.no_assignments"))
        return
    if archived:
        st.warning(t("classes.versions.board_note"), icon=":material/inventory_2:")
    rule_set = assignment.drill_set.rule_set
    learners = [one for one in store.learners(klass.id) if assignment.concerns(one.id)]  # a follow-up: its learner
    result = board(learners, store.records(assignment.id), store.answers(assignment.id))
    questions = board_questions(assignment)
    active = sum(1 for row in result.learners if row.answered)
    right = sum(row.right for row in result.learners)
    typical = result.grade
    columns = st.columns(3 if typical is None else 4)
    columns[0].metric(t("classes.metric.learners"), f"{active}/{len(learners)}")
    columns[1].metric(t("classes.metric.answers"), f"{result.answered}/{len(learners) * assignment.count}")
    columns[2].metric(t("classes.metric.right"), share(right, result.answered, lang))
    if typical is not None:
        columns[3].metric(t("classes.metric.chi_lost"), band_text(typical, lang))
    st.caption(t("classes.board_updated", time=moment(utcnow(), viewer_zone(), lang), seconds=REFRESH_SECONDS))
    if result.answered:
        st.plotly_chart(board_figure(result, lang), key=f"classes_board_chart{'_old' if archived else ''}",
                        config={"displayModeBar": False})
    _question_table(result, questions, rule_set, lang)
    if projector:
        return
    _learner_table(result, lang)
    with st.expander(t("classes.detail_title"), icon=":material/person_search:"):
        _learner_detail(result, questions, rule_set, lang, f"classes_board_learner{'_old' if archived else ''}")
    sections = answer_sections(result, assignment.drill_set.rule_set_id, assignment.drill_set.level.value, questions,
                               rule_set, lang, viewer_zone())
    st.download_button(t("classes.download"), csv_bytes(*sections),
                       file_name=f"maubinh-class-{klass.id}-{assignment.id}{'-earlier' if archived else ''}.csv",
                       mime="text/csv", key=f"classes_board_csv{'_old' if archived else ''}", icon=":material/download:")
