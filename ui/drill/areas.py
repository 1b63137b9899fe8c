"""The Drill page's areas, each drawn under the page's title: a free set (with its set panel), a profile's list
(review, level, theme, today's question), "review my mistakes now", and a class's assignment; in each, the
question, its feedback and the next button, or the summary. The page file (``pages/drill.py``) only picks one.

Each area that answers is a fragment (:func:`drill_area`, :func:`assigned_area`): answering and moving on
rerun only that part of the page. An assignment's fragment also follows its class's assignments on the server's watch
(:mod:`ui.watch`, the view :func:`assignments_view`): when the teacher edits the assignment's questions, the page moves
to the new version at once (:meth:`ui.drill.assigned.Assigned.follow_edit`), without waiting for the next answer.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from classroom.live import ClassMark
from maubinh.drills import DrillSet, Question, QuestionList
from maubinh.rules import RuleSet
from ui.drill.arrange import take_submission
from ui.drill.assigned import Assigned, question_at, with_result
from ui.drill.banked import dealer
from ui.drill.kept import keep_in_url
from ui.drill.mistakes import leave_mistakes
from ui.drill.params import on_path, read_set_choice, rules_param_broken, set_editor, set_title, settle_set
from ui.drill.prepare import AHEAD, preparer
from ui.drill.profile import Profile, list_state, new_list
from ui.drill.progress import show_progress, show_summary, status_line
from ui.drill.state import SetState, history, set_state
from ui.drill.views import show_feedback, show_question
from ui.errors import guarded_function
from ui.escape import md_text
from ui.habits import DAILY_MODE
from ui.i18n import t
from ui.lesson_path import reached_steps
from ui.live import CLASSES
from ui.nav import link_to
from ui.params import markdown_literal
from ui.profile_form import show_profile_offer
from ui.questions import kind_name, shown_title, theme_name
from ui.setup import chosen_rule_set, show_rule_set_picker
from ui.store import ASSIGNMENT_PARAM
from ui.unsaved import retry_now
from ui.watch import watch, watched_fragment

FOLLOW_S = 30.0
"""Seconds between an assignment's own checks that the teacher did not edit it meanwhile, when the server's watch is
off or missed it (with the watch: within a second of the edit)."""
_ASSIGNMENTS_KEY = "drill_class_assignments"

__all__ = ["assigned_area", "drill_area", "question_area", "rule_set_of", "show_assignment", "show_free_set",
           "show_mistakes", "show_profile_line", "show_profile_list", "show_profile_offer_below"]


def _next_question(state: SetState) -> None:
    """Button callback: on to the next question (the next unanswered one in an assignment)."""
    later = [i for i in range(state.index + 1, state.drill_set.count) if i not in state.answers]
    state.index = later[0] if later and state.on_answer is not None else min(state.index + 1, state.drill_set.count - 1)


def _finish(state: SetState) -> None:
    """Button callback: show the summary."""
    state.finished = True


def _progress_box(drill_set: DrillSet, lang: str, expanded: bool = False) -> None:
    """The session's progress in an expander, drawn only while it is open (the chart is the heavy part)."""
    with st.expander(t("drill.progress.title"), expanded=expanded, icon=":material/insights:",
                     key="drill_progress_box", on_change="rerun") as box:
        if box.open:
            show_progress(history(), drill_set, lang)


def rule_set_of(state: SetState, index: int) -> RuleSet:
    """The rule set question ``index`` is graded under (a review list keeps each question's own)."""
    drill_set = state.drill_set
    return drill_set.ref(index).rule_set if isinstance(drill_set, QuestionList) else drill_set.rule_set


def question_area(state: SetState, question_of: Callable[[int], Question], assigned: Assigned | None, lang: str,
                  fresh_sets: bool = True) -> None:
    """The question, its feedback and the next button (or the summary). ``fresh_sets``: a free set, whose
    summary offers new sets and whose progress box offers a kind to practise."""
    drill_set = state.drill_set
    progress_set = drill_set if fresh_sets and isinstance(drill_set, DrillSet) else None
    if not state.finished:
        index = state.index
        rule_set = rule_set_of(state, index)
        with st.spinner(t("drill.grading")):
            question = question_of(index)
        state.shown(index)
        take_submission(state, index, question, rule_set)  # "set it yourself": the arrangement confirmed, graded
    if state.finished:  # before, or just now: an assignment that refused the split ends the set (issue 35)
        if assigned is not None and assigned.problem:  # said here: this run drew the warnings' place already
            st.warning(t(assigned.problem))
            assigned.problem = None
        show_summary(state, question_of, rule_set_of(state, 0), lang, fresh_sets=fresh_sets)
        if progress_set is not None:
            _progress_box(progress_set, lang, expanded=True)
        return

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
            st.button(t("drill.next"), type="primary", key="drill_next", on_click=_next_question, args=(state,),
                      icon=":material/arrow_forward:")
        else:
            st.button(t("drill.finish"), type="primary", key="drill_finish", on_click=_finish, args=(state,),
                      icon=":material/flag:")
    status_line(state, rule_set, lang)  # after the question: its cards and answers come first on a phone
    if progress_set is not None:
        _progress_box(progress_set, lang)


@st.fragment
@guarded_function
def drill_area(state: SetState, profile: Profile | None, lang: str, fresh_sets: bool = True) -> None:
    """A set (free, or a profile's list): a fragment, so that answering and moving on rerun only this part."""
    if profile is not None:
        retry_now(profile)
    if profile is not None and profile.problem:
        st.warning(t(profile.problem))
        profile.problem = None
    prepared = preparer()
    prepared.prepare(state.drill_set, range(state.index, state.index + 1 + AHEAD))
    question_area(state, lambda i: prepared.get(state.drill_set, i), None, lang, fresh_sets)


def assignments_view(mark: ClassMark) -> Hashable:
    """What an assignment's page follows of its class: its assignments (an edit makes a new version: one more, the
    newest id another)."""
    return mark.pulse.assignments


@watched_fragment(FOLLOW_S, FOLLOW_S)
@guarded_function
def assigned_area(assigned: Assigned, lang: str) -> None:
    """An assignment: its stored questions; every answer stored at once; moved to the new version when the teacher
    edits it meanwhile."""
    seen = st.session_state.get(_ASSIGNMENTS_KEY)
    now: object
    try:
        now = watch().follow(CLASSES, assigned.klass.id, assignments_view).pulse.assignments
    except SQLAlchemyError:  # the database away: the question stays, and the answers' retry below says so
        now = seen
    st.session_state[_ASSIGNMENTS_KEY] = now
    if seen is not None and seen != now:
        assigned.follow_edit()
    retry_now(assigned)
    if str(assigned.assignment.id) != st.query_params.get(ASSIGNMENT_PARAM):  # moved: a reload opens it
        st.query_params[ASSIGNMENT_PARAM] = str(assigned.assignment.id)
    if assigned.problem:
        st.warning(t(assigned.problem, count=assigned.moved))
        assigned.problem = None
    question_area(assigned.state, lambda i: question_at(assigned.assignment.id, i), assigned, lang, fresh_sets=False)


def show_assignment(assigned: Assigned, lang: str) -> None:
    """A class's assignment (``?me=&assignment=``): its title, class and rules, a way back to the class, its
    questions."""
    st.title(markdown_literal(shown_title(assigned.assignment, lang), limit=160))  # a follow-up named as such
    st.caption(t("classes.assigned_caption", klass=markdown_literal(assigned.klass.name, limit=80),
                 name=markdown_literal(assigned.learner.name),
                 rules=md_text(assigned.assignment.drill_set.rule_set.name(lang))))
    if st.session_state.pop("drill_assigned_edited", False):  # the link was to a version edited since
        st.info(t("classes.assignment_edited_note"))
    if not assigned.open:  # why: the class archived (it said "closed or past its deadline" then too), or the assignment
        st.info(t("classes.archived_note" if assigned.klass.archived else "classes.assignment_closed_note"))
    link_to("pages/classes.py", t("classes.back_to_class"), ":material/groups:", {"me": assigned.token, "lang": lang})
    assigned_area(assigned, lang)


def show_profile_line(profile: Profile | None, lang: str) -> None:
    """With a profile, the line saying the answers are kept in it, linking to its Progress."""
    if profile is not None:
        link_to("pages/progress.py", t("progress.kept_in_profile", name=markdown_literal(profile.learner.name)),
                ":material/trending_up:", {"me": profile.token, "lang": lang})


def show_profile_offer_below(profile: Profile | None, lang: str) -> None:
    """Below a free set: without a profile, the offer to make one (the set's answers so far are carried into it,
    :meth:`Profile.attach`); with one just made, its link to keep (:func:`ui.profile_form.show_profile_offer`)."""
    show_profile_offer(None if profile is None else profile.learner, None if profile is None else profile.token, lang,
                       "drill")


def show_profile_list(profile: Profile, lang: str) -> None:
    """A profile's own list (``&mode=review|level|theme|daily``), or a note when it has none; at its end, the
    way on (another list, or the streak after today's question)."""
    theme = "" if profile.theme is None else theme_name(profile.theme, lang)
    st.title(t(f"progress.mode_title.{profile.mode}", theme=theme))
    listed = list_state(profile)
    if listed is None:
        st.info(t("progress.theme_none" if profile.theme is not None else "progress.nothing_due", theme=theme))
        return
    drill_area(listed, profile, lang, fresh_sets=False)
    if listed.finished and profile.mode == DAILY_MODE:
        link_to("pages/progress.py", t("habit.see_streak"), ":material/local_fire_department:",
                {"me": profile.token, "lang": lang})
    elif listed.finished:
        st.button(t(f"progress.another.{profile.mode}"), key="drill_another", type="primary",
                  on_click=new_list, args=(profile,), icon=":material/refresh:")


def show_mistakes(mistakes: SetState, profile: Profile | None, lang: str) -> None:
    """"Review my mistakes now", opened from a set's summary (answers kept in the profile when there is one)."""
    st.title(t("drill.mistakes.title"))
    st.caption(t("drill.mistakes.intro"))
    if profile is not None and mistakes.on_answer is None:
        mistakes.on_answer = partial(profile.save, mistakes)
    drill_area(mistakes, profile, lang, fresh_sets=False)
    st.button(t("drill.mistakes.back"), key="drill_mistakes_back", on_click=leave_mistakes,
              icon=":material/arrow_back:", type="primary" if mistakes.finished else "secondary")


def show_free_set(profile: Profile | None, lang: str) -> None:
    """A free set: the one the link names (or a new one dealt from the bank), its set panel folded above the
    question, its answers kept in the profile or else in the URL."""
    st.title(t("drill.title"))
    notice = st.container()  # broken link values, and a kind the rules cannot ask at this level
    question_slot = st.container()  # the question first: on a phone its cards and answers fit the screen
    with notice:
        choice = read_set_choice()
    broken = rules_param_broken()
    rule_set = chosen_rule_set("drill", notices=notice)
    steps = reached_steps(rule_set.id)
    drill_set = settle_set(on_path(choice, steps), rule_set, notice, dealer(profile, steps))
    # the label names the set asked (a beginner's first set: the lesson path's kinds, not the link's; issue 36)
    with st.expander(set_title(drill_set, lang), icon=":material/tune:", expanded=broken,
                     key="drill_set_box", on_change="rerun") as set_box:
        show_rule_set_picker("drill", rule_set)
        if set_box.open:
            set_editor(drill_set, lang)
    state = set_state(drill_set)
    if profile is not None:
        profile.attach(state)
    else:
        keep_in_url(state, notice)  # a reload keeps the answers (issue 20, item 3)
    if not state.answers:
        st.caption(t("drill.intro"))
    with question_slot:
        drill_area(state, profile, lang)
