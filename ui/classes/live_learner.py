"""A learner's class page, live (issue 35): the live question the moment the teacher opens it, answered with the
Drill's own widgets (:class:`ui.live.LiveViews`, handed over by ``pages/classes.py``), right or wrong once the
answer is shown; and a new assignment or table session listed within 2 s, without a reload.

Why polling: Streamlit has no push from the server to a page other than the page's own runs, and the teacher's
"next" happens in another session (often on another server behind the balancer), so nothing can wake this page.
A fragment (``st.fragment(run_every=...)``) runs again by itself on the page's open connection: each run reads
:meth:`classroom.live.LiveSessions.pulse`, one indexed query (the class's assignments and table sessions, count and
newest id; its running live session, id and revision), every :data:`IDLE_S` seconds while no live session runs and
every :data:`LIVE_S` seconds while one does; only then, and only for that session, does it read the session, the
answers in and the question (once per server). These reads are the same for every learner of the class: a server's
polls share them for :data:`ui.live.SHARED_S` (:func:`ui.live.recent`), so polling faster than once a second costs
the database less than before. A change of assignments or table sessions reruns the whole page (it lists them).
What a tick costs is measured by ``bench/live_poll.py`` (the database) and ``bench/live_class.py`` (the servers, with
the time from the teacher's "next" to each learner's page: 1 s polls missed its 1 s target at p95, 0.75 s meets it).
"""

from __future__ import annotations

import streamlit as st

from classroom.live import LiveInfo, Phase, Pulse
from classroom.service import ClassInfo, LearnerInfo
from classroom.snapshot import SnapshotError
from ui.classes.seat_learner import show_seat_pulse
from ui.errors import guarded_function
from ui.i18n import t
from ui.labels import number
from ui.live import LiveViews, live_question, live_sessions, recent

__all__ = ["IDLE_S", "LIVE_S", "show_live_pulse"]

IDLE_S = 2.0
"""Seconds between polls while no live session runs (a new assignment or table is listed within this)."""
LIVE_S = 0.75
"""Seconds between polls while a live session runs (a new question shows within this: the target is 1 s at p95 from
the teacher's "next", and a poll's run takes its own time on a busy server)."""
_PULSE_KEY = "live_pulse"


def _live(info: LiveInfo, learner: LearnerInfo, lang: str, views: LiveViews) -> None:
    live = live_sessions()
    with st.container(border=True, key="live_box"):
        if info.number < 0:
            st.markdown(f"**{t('live.learner_title')}**")
            st.info(t("live.learner_ready", count=info.count), icon=":material/cast_for_education:")
            return
        phase = info.phase_at(recent(live.answer_count, info.id, info.number), recent(live.learner_count, info.class_id))
        left = number(info.time_left(), lang, digits=0)
        st.markdown(f"**{t('live.learner_title')}** · {t('live.question_of', n=info.number + 1, count=info.count)}"
                    f" · {t('live.left', seconds=left) if phase is Phase.OPEN else t(f'live.phase.{phase.value}')}")
        try:
            question = live_question(info, info.number)
        except (KeyError, SnapshotError):
            st.error(t("classes.unreadable"))
            return
        views.answer(info, phase, question, learner.id, lang)


def _tick(learner: LearnerInfo, klass: ClassInfo, lang: str, views: LiveViews) -> None:
    live = live_sessions()
    pulse = recent(live.pulse, klass.id)
    # present for "seat the class"; taken to one's table once seated, unless a live question runs (it wins: a button)
    show_seat_pulse(learner, lang, go=pulse.live is None)
    seen = st.session_state.get(_PULSE_KEY)
    st.session_state[_PULSE_KEY] = pulse
    if isinstance(seen, Pulse) and (seen.assignments != pulse.assignments or seen.tables != pulse.tables
                                    or (seen.live is None) != (pulse.live is None)):
        st.rerun(scope="app")  # the page lists the new assignment or table; the poll's pace changes
    if pulse.live is None:
        return
    info = recent(live.session, pulse.live[0])
    if info is not None:
        _live(info, learner, lang, views)


@st.fragment(run_every=IDLE_S)
@guarded_function
def _idle(learner: LearnerInfo, klass: ClassInfo, lang: str, views: LiveViews) -> None:
    _tick(learner, klass, lang, views)


@st.fragment(run_every=LIVE_S)
@guarded_function
def _running(learner: LearnerInfo, klass: ClassInfo, lang: str, views: LiveViews) -> None:
    _tick(learner, klass, lang, views)


def show_live_pulse(learner: LearnerInfo, klass: ClassInfo, lang: str, views: LiveViews) -> None:
    """The learner's live box (the question of a live session, when one runs) and the poll that notices a new
    assignment, table session or live step: every :data:`LIVE_S` s while a live session runs, else every
    :data:`IDLE_S` s."""
    pulse = recent(live_sessions().pulse, klass.id)  # the fragment's first run below reads it again
    st.session_state[_PULSE_KEY] = pulse
    (_running if pulse.live is not None else _idle)(learner, klass, lang, views)
