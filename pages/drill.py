"""Drill: six kinds of question, graded by the engine, in sets that a link can share.

Links: ``/drill?kinds=chi,foul&level=expert&rules=tinh-chi&seed=42&n=10`` gives everyone the same ten
questions in the same order. Questions are prepared ahead in the background (:mod:`ui.drill.prepare`)
so the next one is ready when "next" is clicked. A class's assignment opens here too,
``/drill?me=<learner link>&assignment=<id>`` (:mod:`ui.drill.assigned`): its questions are the stored
ones and every answer is stored at once.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from maubinh.drills import DrillSet, Question
from maubinh.rules import RuleSet
from ui.drill.assigned import Assigned, assigned_from_url, question_at, with_result
from ui.drill.params import read_set_choice, rules_param_broken, set_editor, set_title, settle_set
from ui.drill.prepare import AHEAD, preparer
from ui.drill.progress import show_progress, show_summary, status_line
from ui.drill.state import STATE_KEY, SetState, history, set_state
from ui.drill.views import inject_drill_css, show_feedback, show_question
from ui.i18n import t
from ui.nav import link_to
from ui.params import markdown_literal
from ui.questions import kind_name
from ui.setup import rule_set_picker, setup_page


def next_question(state: SetState) -> None:
    """Button callback: on to the next question (the next unanswered one in an assignment)."""
    later = [i for i in range(state.index + 1, state.drill_set.count) if i not in state.answers]
    state.index = later[0] if later and state.on_answer is not None else min(state.index + 1, state.drill_set.count - 1)


def finish(state: SetState) -> None:
    """Button callback: show the summary."""
    state.finished = True


def progress_box(drill_set: DrillSet, expanded: bool = False) -> None:
    """The session's progress in an expander, drawn only while it is open (the chart is the heavy part)."""
    with st.expander(t("drill.progress.title"), expanded=expanded, icon=":material/insights:",
                     key="drill_progress_box", on_change="rerun") as box:
        if box.open:
            show_progress(history(), drill_set, lang)


def question_area(state: SetState, question_of: Callable[[int], Question], rule_set: RuleSet,
                  assigned: Assigned | None) -> None:
    """The question, its feedback and the next button (or the summary)."""
    drill_set = state.drill_set
    if state.finished:
        show_summary(state, question_of, rule_set, lang, fresh_sets=assigned is None)
        if assigned is None:
            progress_box(drill_set, expanded=True)
        return
    index = state.index
    with st.spinner(t("drill.grading")):
        question = question_of(index)
    state.shown(index)

    status_line(state, rule_set, lang)
    st.subheader(t("drill.question", number=index + 1))
    st.caption(f"{kind_name(question.kind, lang)} · {t(f'drill.kind_help.{question.kind.value}')}")
    show_question(state, index, question, rule_set, lang)

    answer = state.answers.get(index)
    if answer is not None:
        if assigned is not None:
            answer = with_result(answer, question, assigned)
        show_feedback(question, answer, rule_set, lang)
        last = index + 1 >= drill_set.count or (assigned is not None and len(state.answers) >= drill_set.count)
        if not last:
            st.button(t("drill.next"), type="primary", key="drill_next", on_click=next_question, args=(state,),
                      icon=":material/arrow_forward:")
        else:
            st.button(t("drill.finish"), type="primary", key="drill_finish", on_click=finish, args=(state,),
                      icon=":material/flag:")
    if assigned is None:
        progress_box(drill_set)


@st.fragment
def drill_area(rule_set: RuleSet) -> None:
    """A free set: a fragment, so that answering and moving on rerun only this part of the page."""
    state = st.session_state[STATE_KEY]
    prepared = preparer()
    prepared.prepare(state.drill_set, range(state.index, state.index + 1 + AHEAD))
    question_area(state, lambda i: prepared.get(state.drill_set, i), rule_set, None)


@st.fragment
def assigned_area(assigned: Assigned) -> None:
    """An assignment: its stored questions; every answer stored at once."""
    if assigned.problem:
        st.warning(t(assigned.problem))
        assigned.problem = None
    question_area(assigned.state, lambda i: question_at(assigned.assignment.id, i),
                  assigned.assignment.drill_set.rule_set, assigned)


lang = setup_page("nav.drill")
inject_drill_css()
assigned = assigned_from_url()
if assigned is not None:
    st.title(markdown_literal(assigned.assignment.title, limit=80))
    st.caption(t("classes.assigned_caption", klass=markdown_literal(assigned.klass.name, limit=80),
                 name=markdown_literal(assigned.learner.name), rules=assigned.assignment.drill_set.rule_set.name(lang)))
    if not assigned.open:
        st.info(t("classes.assignment_closed_note"))
    link_to("pages/classes.py", t("classes.back_to_class"), ":material/groups:", {"me": assigned.token, "lang": lang})
    assigned_area(assigned)
else:
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
