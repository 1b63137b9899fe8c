"""A learner's class page, live (issue 35): the live question the moment the teacher opens it, answered with the
Drill's own widgets (:class:`ui.live.LiveViews`, handed over by ``pages/classes.py``), right or wrong once the
answer is shown; and a new assignment, table session or seat listed within 2 s, without a reload.

Why the server's watch and not a poll: the teacher's "next" happens in another session (often on another server
behind the balancer), so nothing in this page's session learns of it; polling did (``st.fragment(run_every=0.75)``),
but each poll is a script run, and 120 waiting learners cost more than a core (``bench/live_class.py``). Now the page's
fragment follows its class (:meth:`ui.watch.Watch.follow` of :data:`ui.live.CLASSES`, the view
:func:`ui.live.learner_view`: the class's assignments, tables, seating and the live session's step and phase) and the
server's watch reruns it when that changes; it runs by itself only every :data:`ui.watch.SAFETY_S` seconds (or every
:data:`IDLE_S` / :data:`LIVE_S` seconds as before when the watch is off). The answers coming in do not rerun it; the
time left counts down in the browser (:func:`ui.live.countdown`) from the server's deadline, and the watch reruns the
page when the deadline passes. A change of assignments, table sessions or seating reruns the whole page (it lists
them).
"""

from __future__ import annotations

from html import escape

import streamlit as st

from classroom.live import ClassMark, Phase, Pulse
from classroom.service import ClassInfo, LearnerInfo
from classroom.snapshot import SnapshotError
from ui.classes.seat_learner import show_seat_pulse
from ui.errors import guarded_function
from ui.i18n import t
from ui.live import CLASSES, LiveViews, countdown, learner_view, live_question, show_countdown_script
from ui.watch import watch, watched_fragment

__all__ = ["IDLE_S", "LIVE_S", "show_live_pulse"]

IDLE_S = 2.0
"""Seconds between polls while no live session runs, when the server's watch is off (:mod:`ui.watch`)."""
LIVE_S = 0.75
"""Seconds between polls while a live session runs, when the server's watch is off (a new question shows within this:
the target is 1 s at p95 from the teacher's "next")."""
_PULSE_KEY = "live_pulse"


def _live(mark: ClassMark, learner: LearnerInfo, lang: str, views: LiveViews) -> None:
    info = mark.live
    assert info is not None
    with st.container(border=True, key="live_box"):
        if info.number < 0:
            st.markdown(f"**{t('live.learner_title')}**")
            st.info(t("live.learner_ready", count=info.count), icon=":material/cast_for_education:")
            return
        phase = info.phase_at(mark.answered, mark.learners)
        told = countdown(info.time_left(), lang) if phase is Phase.OPEN else escape(t(f"live.phase.{phase.value}"))
        st.markdown(f"**{escape(t('live.learner_title'))}** · "
                    f"{escape(t('live.question_of', n=info.number + 1, count=info.count))} · {told}",
                    unsafe_allow_html=True)
        if phase is Phase.OPEN:
            show_countdown_script()
        try:
            question = live_question(info, info.number)
        except (KeyError, SnapshotError):
            st.error(t("classes.unreadable"))
            return
        views.answer(info, phase, question, learner.id, lang)


def _tick(learner: LearnerInfo, klass: ClassInfo, lang: str, views: LiveViews) -> None:
    mark = watch().follow(CLASSES, klass.id, learner_view)  # taken before anything is drawn (see ui.watch)
    # present for "seat the class"; taken to one's table once seated, unless a live question runs (it wins: a button)
    show_seat_pulse(learner, lang, seating_open=mark.seatings[0] > 0, go=mark.live is None)
    seen = st.session_state.get(_PULSE_KEY)
    st.session_state[_PULSE_KEY] = mark.pulse
    if isinstance(seen, Pulse) and (seen.assignments != mark.pulse.assignments or seen.tables != mark.pulse.tables
                                    or (seen.live is None) != (mark.pulse.live is None)):
        st.rerun(scope="app")  # the page lists the new assignment or table; the fragment's pace changes
    if mark.live is not None:
        _live(mark, learner, lang, views)


@watched_fragment(IDLE_S)
@guarded_function
def _idle(learner: LearnerInfo, klass: ClassInfo, lang: str, views: LiveViews) -> None:
    _tick(learner, klass, lang, views)


@watched_fragment(LIVE_S)
@guarded_function
def _running(learner: LearnerInfo, klass: ClassInfo, lang: str, views: LiveViews) -> None:
    _tick(learner, klass, lang, views)


def show_live_pulse(learner: LearnerInfo, klass: ClassInfo, lang: str, views: LiveViews) -> None:
    """The learner's live box (the question of a live session, when one runs), shown again when the class changes
    (a new assignment, table session, seat or live step: see the module)."""
    pulse = watch().state(CLASSES, klass.id, shared=False).pulse  # the fragment's first run below takes it again
    st.session_state[_PULSE_KEY] = pulse
    (_running if pulse.live is not None else _idle)(learner, klass, lang, views)
