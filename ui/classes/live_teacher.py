"""The teacher's "Live" tab (issue 35): pick questions (from the question bank by kind, level, theme and rule set,
each with a short preview, or the questions of an assignment: a saved set), start, then pace the room: next,
pause / resume, show the answer, end. The controls are large buttons two to a row (a phone in the teacher's hand
works as well as the laptop); the state and the answers in are drawn again when they change while a session runs (a
fragment following the class: the server's watch, :mod:`ui.watch`, with :func:`ui.live.board_view`; every second as
before when the watch is off), the server's time left counting down in the browser.

Each step is the store's compare-and-set (:mod:`classroom.live`): "next" carries the question the teacher saw, so
two devices tapping it at once open one question, not two.
"""

from __future__ import annotations

import random
from html import escape

import streamlit as st

from classroom.live import MAX_QUESTIONS, SECONDS, LiveInfo, LivePick, Phase
from classroom.service import ClassInfo, ClassroomError
from classroom.snapshot import SnapshotError
from maubinh.drills import Kind, Level
from maubinh.drills.themes import Theme
from maubinh.rules import RULE_SET_IDS, RuleSet, load_rule_set
from ui.classes.live_report import show_live_report
from ui.errors import guarded_function
from ui.escape import md_text
from ui.i18n import t, translate
from ui.live import (
    CLASSES,
    LiveViews,
    board_view,
    countdown,
    distribution,
    live_question,
    live_sessions,
    screen_link,
    show_countdown_script,
)
from ui.params import markdown_literal
from ui.questions import kind_name, level_name, question_text, theme_name
from ui.setup import rule_set_label
from ui.store import classroom
from ui.watch import watch, watched_fragment

__all__ = ["LIVE_KINDS", "show_live_tab"]

_FORM = "live_pick"
_PICKS_KEY = "live_picks"
LIVE_KINDS = tuple(kind for kind in Kind if kind is not Kind.ARRANGE)
"""Kinds a live session asks: every kind answered by a tap or a number ("set it yourself" is answered in the
arranging component, a step too long for a room's rhythm)."""
_BANK = "bank"


def _deal(klass: ClassInfo) -> None:
    kinds = [Kind(k) for k in st.session_state.get(f"{_FORM}_kinds") or ()]
    if not kinds:
        st.session_state[f"{_FORM}_error"] = "live.error.kinds"
        return
    theme = st.session_state.get(f"{_FORM}_theme") or None
    picks = live_sessions().bank_picks(str(st.session_state.get(f"{_FORM}_rules")),
                                       Level(st.session_state.get(f"{_FORM}_level") or Level.BEGINNER.value), kinds,
                                       int(st.session_state.get(f"{_FORM}_count") or 5), theme=theme,
                                       rng=random.Random())
    st.session_state[f"{_FORM}_error"] = None if picks else "live.error.none_in_bank"
    st.session_state[_PICKS_KEY] = (load_rule_set(str(st.session_state.get(f"{_FORM}_rules"))), picks)


def _saved(klass: ClassInfo, assignment_id: int) -> None:
    assignment = classroom().store.assignment(assignment_id)
    picks = [p for p in live_sessions().assignment_picks(klass.id, assignment_id) if p.kind != Kind.ARRANGE.value]
    if assignment is None or not picks:
        st.session_state[f"{_FORM}_error"] = "live.error.none_in_set"
        return
    st.session_state[f"{_FORM}_error"] = None
    st.session_state[_PICKS_KEY] = (assignment.drill_set.rule_set, picks[:MAX_QUESTIONS])  # house rules kept


def _drop(index: int) -> None:
    rules, picks = st.session_state[_PICKS_KEY]
    st.session_state[_PICKS_KEY] = (rules, [p for n, p in enumerate(picks) if n != index])


def _start(klass: ClassInfo) -> None:
    rule_set, picks = st.session_state.get(_PICKS_KEY) or (None, [])
    if rule_set is None:
        return
    try:
        live_sessions().start(klass.id, rule_set, picks, int(st.session_state.get(f"{_FORM}_seconds") or 30),
                              leaderboard=bool(st.session_state.get(f"{_FORM}_leaderboard")))
    except ClassroomError as refused:
        st.session_state[f"{_FORM}_error"] = f"live.error.{refused.field}"
        return
    st.session_state[f"{_FORM}_error"] = None
    st.session_state.pop(_PICKS_KEY, None)


def _preview(rule_set: RuleSet, picks: list[LivePick], lang: str) -> None:
    st.markdown(f"**{t('live.preview', count=len(picks))}**")
    for index, pick in enumerate(picks):
        line, drop = st.columns([6, 1], vertical_alignment="center")
        try:
            detail = question_text(pick.question, rule_set, lang)
        except SnapshotError:
            detail = "—"
        line.markdown(f"{index + 1}. **{kind_name(Kind(pick.kind), lang)}** · {md_text(detail)}")
        drop.button(t("live.drop"), key=f"live_drop_{index}", on_click=_drop, args=(index,),
                    icon=":material/close:")


def _picker(klass: ClassInfo, lang: str) -> None:
    """Questions from the bank (kind, level, theme, rule set) or a saved set, a preview, the settings, Start."""
    st.session_state.setdefault(f"{_FORM}_rules", klass.rule_set_id if klass.rule_set_id in RULE_SET_IDS
                                else RULE_SET_IDS[0])
    st.session_state.setdefault(f"{_FORM}_kinds", [Kind.CHI.value, Kind.FOUL.value])
    st.session_state.setdefault(f"{_FORM}_level", Level.BEGINNER.value)
    st.session_state.setdefault(f"{_FORM}_count", 5)
    st.session_state.setdefault(f"{_FORM}_seconds", 30)
    with st.container(border=True):
        st.markdown(f"**{t('live.new_session')}**")
        st.caption(t("live.new_session_help"))
        source = st.segmented_control(t("live.source"), [_BANK, "saved"], key=f"{_FORM}_source", default=_BANK,
                                      required=True, format_func=lambda v: translate(f"live.source.{v}", lang))
        if source == "saved":
            # the class's own, not each learner's follow-up (one per learner: they flooded the list)
            ready = [a for a in classroom().store.assignments(klass.id) if a.ready and a.learner_id is None]
            if not ready:
                st.caption(t("live.no_saved"))
            else:
                titles = {a.id: a.title for a in ready}
                chosen = st.selectbox(t("live.saved_pick"), list(titles), key=f"{_FORM}_saved",
                                      format_func=lambda aid: markdown_literal(titles[aid], limit=80))
                st.button(t("live.use_saved"), key=f"{_FORM}_use_saved", on_click=_saved, args=(klass, int(chosen)))
        else:
            st.selectbox(t("live.rules"), list(RULE_SET_IDS), key=f"{_FORM}_rules",
                         format_func=lambda rid: rule_set_label(load_rule_set(rid), lang))
            st.multiselect(t("live.kinds"), [k.value for k in LIVE_KINDS], key=f"{_FORM}_kinds",
                           format_func=lambda v: kind_name(Kind(v), lang))
            level, theme = st.columns(2)
            level.selectbox(t("live.level"), [v.value for v in Level], key=f"{_FORM}_level",
                            format_func=lambda v: level_name(Level(v), lang))
            theme.selectbox(t("live.theme"), ["", *(v.value for v in Theme)], key=f"{_FORM}_theme",
                            format_func=lambda v: theme_name(Theme(v), lang) if v else translate("live.any_theme", lang))
            st.number_input(t("live.count"), min_value=1, max_value=MAX_QUESTIONS, step=1, key=f"{_FORM}_count")
            st.button(t("live.deal"), key=f"{_FORM}_deal", on_click=_deal, args=(klass,), icon=":material/style:")
        rule_set, picks = st.session_state.get(_PICKS_KEY) or (None, [])
        if picks and rule_set is not None:
            _preview(rule_set, picks, lang)
        st.segmented_control(t("live.seconds"), list(SECONDS), key=f"{_FORM}_seconds", required=True,
                             format_func=lambda s: translate("tables.timer_value", lang, seconds=s))
        st.toggle(t("live.leaderboard"), key=f"{_FORM}_leaderboard", help=t("live.leaderboard_help"))
        st.button(t("live.start"), key=f"{_FORM}_start", type="primary", on_click=_start, args=(klass,),
                  disabled=not picks or klass.archived, icon=":material/cast_for_education:", width="stretch")
    error = st.session_state.get(f"{_FORM}_error")
    if error:
        st.error(t(error, most=MAX_QUESTIONS))


def _step(klass: ClassInfo, info: LiveInfo, action: str) -> None:
    live = live_sessions()
    try:
        if action == "next":
            live.advance(klass.id, info.id, info.number)
        elif action == "pause":
            live.pause(klass.id, info.id, paused=info.phase is not Phase.PAUSED)
        elif action == "reveal":
            live.reveal(klass.id, info.id)
        else:
            live.end(klass.id, info.id)
    except ClassroomError:
        st.session_state[f"{_FORM}_error"] = "live.error.session"
    watch().changed(CLASSES, klass.id)  # this run shows the step at once


def _controls(klass: ClassInfo, lang: str, views: LiveViews | None) -> bool:
    """The running session's state and the teacher's buttons; ``False`` when none runs."""
    mark = watch().follow(CLASSES, klass.id, board_view)  # before anything is drawn (see ui.watch)
    info = mark.live
    if info is None:
        return False
    learners, answered = mark.learners, mark.answered if info.number >= 0 else 0
    phase = info.phase_at(answered, learners)
    with st.container(border=True, key="live_controls"):
        st.markdown(f"**{t('live.running')}** · :blue-badge[{t(f'live.phase.{phase.value}')}]")
        if info.number >= 0:
            parts = [t("live.question_of", n=info.number + 1, count=info.count),
                     t("live.answered", answered=answered, learners=learners)]
            told = f" · {countdown(info.time_left(), lang)}" if phase is Phase.OPEN else ""
            st.markdown(escape(" · ".join(parts)) + told, unsafe_allow_html=True)
            if phase is Phase.OPEN:
                show_countdown_script()
        else:
            st.markdown(t("live.teacher_waiting", count=info.count, learners=learners))
        st.link_button(t("live.open_screen"), screen_link(info, lang), icon=":material/present_to_all:",
                       width="stretch")
        last = info.number + 1 >= info.count and info.number >= 0
        asking = phase in (Phase.OPEN, Phase.PAUSED)  # while a question takes answers, the key is the main step
        first, second = st.columns(2)
        first.button(t("live.finish" if last else "live.next"), key="live_next", type="secondary" if asking else "primary",
                     on_click=_step, args=(klass, info, "next"), width="stretch", icon=":material/skip_next:",
                     disabled=last and asking)
        second.button(t("live.reveal"), key="live_reveal", on_click=_step, args=(klass, info, "reveal"),
                      type="primary" if asking else "secondary", width="stretch", disabled=not asking,
                      icon=":material/visibility:")
        if last and asking:  # said under the buttons (a disabled button's tooltip is not seen on a phone)
            st.caption(t("live.finish_after_key"))
        third, fourth = st.columns(2)
        third.button(t("live.resume" if info.phase is Phase.PAUSED else "live.pause"), key="live_pause",
                     on_click=_step, args=(klass, info, "pause"), width="stretch",
                     disabled=phase not in (Phase.OPEN, Phase.PAUSED),
                     icon=":material/play_arrow:" if info.phase is Phase.PAUSED else ":material/pause:")
        with fourth.popover(t("live.end"), icon=":material/stop:", use_container_width=True):
            st.markdown(t("live.end_confirm"))
            st.button(t("live.end_yes"), key="live_end", type="primary", on_click=_step, args=(klass, info, "end"))
        if phase is Phase.SHOWN and info.number >= 0:
            _teacher_key(info, lang, views)
    return True


def _teacher_key(info: LiveInfo, lang: str, views: LiveViews | None) -> None:
    try:
        question = live_question(info, info.number)
    except (KeyError, SnapshotError):
        return
    shares = distribution(question, live_sessions().answers(info.id, info.number), info.rule_set, lang)
    mark = ":green[:material/check_circle:] "
    st.markdown("  \n".join(f"{mark if s.key else ''}{md_text(s.label)}: **{s.count}**" for s in shares))
    if views is not None:
        st.caption(md_text(views.reason(question, info.rule_set, lang)))


@watched_fragment(1.0)
@guarded_function
def _running(klass: ClassInfo, lang: str, views: LiveViews | None) -> None:
    """The running session, drawn again when it changes (a step, the answers coming in, the deadline); when it ends,
    the page runs again to show the picker."""
    running = _controls(klass, lang, views)
    if not running and st.session_state.pop("live_was_running", False):
        st.rerun(scope="app")
    st.session_state["live_was_running"] = running


def show_live_tab(klass: ClassInfo, lang: str, views: LiveViews | None = None) -> None:
    """The "Live" tab: the running session's controls (drawn again when it changes, with the key's reason by
    ``views`` once shown), else the question picker."""
    if live_sessions().current(klass.id) is not None:
        _running(klass, lang, views)
    else:
        st.session_state["live_was_running"] = False
        _picker(klass, lang)
        show_live_report(klass, lang)
