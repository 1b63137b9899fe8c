"""Drill: six kinds of question, graded by the engine, in sets that a link can share.

Links: ``/drill?kinds=chi,foul&level=expert&rules=tinh-chi&seed=42&n=10`` gives everyone the same ten
questions in the same order. Questions are prepared ahead in the background (:mod:`ui.drill.prepare`)
so the next one is ready when "next" is clicked.
"""

from __future__ import annotations

import streamlit as st

from maubinh.drills import DrillSet
from maubinh.rules import RuleSet
from ui.drill.params import read_set_choice, rules_param_broken, set_editor, set_title, settle_set
from ui.drill.prepare import AHEAD, preparer
from ui.drill.progress import show_progress, show_summary, status_line
from ui.drill.state import STATE_KEY, SetState, history, set_state
from ui.drill.text import kind_name
from ui.drill.views import inject_drill_css, show_feedback, show_question
from ui.i18n import t
from ui.setup import rule_set_picker, setup_page


def next_question(state: SetState) -> None:
    """Button callback: on to the next question."""
    state.index = min(state.index + 1, state.drill_set.count - 1)


def finish(state: SetState) -> None:
    """Button callback: show the summary."""
    state.finished = True


def progress_box(drill_set: DrillSet, expanded: bool = False) -> None:
    """The session's progress in an expander, drawn only while it is open (the chart is the heavy part)."""
    with st.expander(t("drill.progress.title"), expanded=expanded, icon=":material/insights:",
                     key="drill_progress_box", on_change="rerun") as box:
        if box.open:
            show_progress(history(), drill_set, lang)


@st.fragment
def drill_area(rule_set: RuleSet) -> None:
    """The question, its feedback and the next button (or the summary): a fragment, so that answering and
    moving on rerun only this part of the page."""
    state = st.session_state[STATE_KEY]
    drill_set = state.drill_set
    prepared = preparer()
    prepared.prepare(drill_set, range(state.index, state.index + 1 + AHEAD))
    if state.finished:
        show_summary(state, lambda i: prepared.get(drill_set, i), rule_set, lang)
        progress_box(drill_set, expanded=True)
        return

    index = state.index
    with st.spinner(t("drill.grading")):
        question = prepared.get(drill_set, index)
    state.shown(index)

    status_line(state, rule_set, lang)
    st.subheader(t("drill.question", number=index + 1))
    st.caption(f"{kind_name(question.kind, lang)} · {t(f'drill.kind_help.{question.kind.value}')}")
    show_question(state, index, question, rule_set, lang)

    answer = state.answers.get(index)
    if answer is not None:
        show_feedback(question, answer, rule_set, lang)
        if index + 1 < drill_set.count:
            st.button(t("drill.next"), type="primary", key="drill_next", on_click=next_question, args=(state,),
                      icon=":material/arrow_forward:")
        else:
            st.button(t("drill.finish"), type="primary", key="drill_finish", on_click=finish, args=(state,),
                      icon=":material/flag:")
    progress_box(drill_set)


lang = setup_page("nav.drill")
inject_drill_css()
st.title(t("drill.title"))
intro = st.empty()
choice = read_set_choice()
with st.expander(set_title(choice, lang), icon=":material/tune:", expanded=rules_param_broken(),
                 key="drill_set_box", on_change="rerun") as set_box:
    rule_set = rule_set_picker("drill")
    drill_set = settle_set(choice, rule_set)
    if set_box.open:
        set_editor(drill_set, lang)
state = set_state(drill_set)
if not state.answers:
    intro.caption(t("drill.intro"))
drill_area(rule_set)
