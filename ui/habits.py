"""A reason to come back (issue 20, item 12), on Home and Progress: today's question, and for a profile its
daily goal (picked here), today's answers against it and the day streak (:mod:`classroom.habits`).

Home knows the profile from ``?me=`` (put there from the browser's cookie when the browser remembers a learner,
:mod:`ui.device`) or, in the same browser session, from the last profile a page showed (:func:`remember`); without
one it offers today's question anyway (a set of one, nothing stored) and a profile to keep a streak.
"""

from __future__ import annotations

import logging

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from classroom.habits import GOALS, Habit, Habits
from classroom.service import ClassroomError
from maubinh.drills.daily import daily_set, todays_question, utc_day
from maubinh.rules import load_rule_set
from ui.errors import log_failure
from ui.i18n import t, tn, translate_plural
from ui.nav import link_to
from ui.questions import kind_name, level_name
from ui.store import LEARNER_PARAM, MODE_PARAM, classroom

__all__ = ["DAILY_MODE", "REMEMBERED_KEY", "browser_timezone", "remember", "remembered", "show_habit", "show_home_habit"]

DAILY_MODE = "daily"
"""The Drill page's mode answering today's question in a profile (``?me=...&mode=daily``)."""
REMEMBERED_KEY = "habit_profile"
"""Session key of the personal link of the last profile a page showed."""
_log = logging.getLogger(__name__)


def remember(token: str) -> None:
    """Keep ``token`` (a personal link a page just showed) for Home in this browser session."""
    st.session_state[REMEMBERED_KEY] = token


def remembered() -> str | None:
    """The profile Home shows: ``?me=`` first, else the one :func:`remember` kept."""
    token = st.query_params.get(LEARNER_PARAM) or st.session_state.get(REMEMBERED_KEY)
    return str(token)[:200] if token else None


def browser_timezone() -> str | None:
    """The browser's time zone (IANA name), or ``None`` when the page does not know it (tests)."""
    try:
        zone = st.context.timezone
    except (AttributeError, RuntimeError):
        return None
    return str(zone)[:64] if zone else None


def _pick_goal(learner_id: str, key: str) -> None:
    goal = st.session_state.get(key)
    if goal is None:  # the chosen chip tapped again: keep the goal
        return
    try:
        Habits(classroom().store).set_goal(learner_id, int(goal), browser_timezone())
    except (ClassroomError, SQLAlchemyError) as error:
        log_failure(_log, "a daily goal could not be stored", error)
        st.session_state["habit_problem"] = "habit.goal_unsaved"


def _todays_question(token: str | None, habit: Habit | None, lang: str) -> None:
    day = utc_day()
    ref = todays_question(day)
    st.markdown(t("habit.question_title"))
    st.caption(t("habit.question_what", kind=kind_name(ref.kind, lang), level=level_name(ref.level, lang),
                 rules=load_rule_set(ref.rule_set_id).name(lang)))
    if habit is not None and habit.daily is not None:
        (st.success if habit.daily else st.info)(t("habit.question_right" if habit.daily else "habit.question_wrong"),
                                                  icon=":material/check:")
        return
    if token is not None:
        params = {LEARNER_PARAM: token, MODE_PARAM: DAILY_MODE, "lang": lang}
    else:
        params = {**daily_set(day).params(), "lang": lang}
    link_to("pages/drill.py", t("habit.question_go"), ":material/today:", params)


def _goal_and_streak(learner_id: str, habit: Habit, key: str, lang: str) -> None:
    streak, today = st.columns(2)
    streak.metric(t("habit.streak"), tn("habit.days", habit.streak), help=t("habit.streak_help"))
    today.metric(t("habit.today"), f"{min(habit.answered_today, 999)}/{habit.goal}",
                 help=t("habit.today_help", zone=habit.timezone))
    st.progress(min(1.0, habit.answered_today / habit.goal),
                text=t("habit.met") if habit.met_today else tn("habit.left", habit.goal - habit.answered_today))
    st.session_state[key] = habit.goal if habit.chosen else st.session_state.get(key)
    st.segmented_control(t("habit.goal"), GOALS, key=key, format_func=lambda goal: translate_plural("habit.per_day", goal, lang),
                         on_change=_pick_goal, args=(learner_id, key))
    if not habit.chosen:
        st.caption(t("habit.goal_hint"))
    problem = st.session_state.pop("habit_problem", None)
    if problem:
        st.warning(t(problem))


def show_habit(learner_id: str | None, token: str | None, lang: str, where: str) -> None:
    """The day's box: today's question, and for a profile (``learner_id`` and its personal link ``token``) the
    goal, today's answers and the streak; without one, a link to make a profile. ``where`` (``"home"``,
    ``"progress"``) keeps widget keys apart."""
    habit = Habits(classroom().store).habit(learner_id, browser_timezone()) if learner_id else None
    with st.container(border=True, key=f"habit_box_{where}"):
        st.markdown(f"#### :material/local_fire_department: {t('habit.title')}")
        if habit is not None and learner_id is not None:
            _goal_and_streak(learner_id, habit, f"habit_goal_{where}", lang)
        _todays_question(token if habit is not None else None, habit, lang)
        if habit is None:
            st.caption(t("habit.no_profile"))
            link_to("pages/progress.py", t("habit.make_profile"), ":material/person_add:", {"lang": lang})
        st.caption(t("habit.when"))


def show_home_habit(lang: str) -> None:
    """Home's box: the profile :func:`remembered` (a wrong or removed one is ignored: Home stays open to
    everyone), else today's question alone (the database is opened only for a profile)."""
    token = remembered()
    learner = classroom().store.learner(token) if token else None
    if learner is None or learner.removed:
        show_habit(None, None, lang, "home")
        return
    show_habit(learner.id, token, lang, "home")
