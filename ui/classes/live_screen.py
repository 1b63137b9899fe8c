"""The projector's page of a live session (``/classes?live=<projector id>``, issue 35): what the wall shows.

The id in the link is the session's own, unguessable (128 random bits) and secret-free: it opens this wall and
nothing else, shows no learner's name (unless the teacher chose a leaderboard) and has no control. The page hides
the sidebar, the header and the toolbar with its own CSS and scales everything up for a room (type and cards read
from the back at 1920x1080 and fit one screen at 1280x720).

It shows, refreshed every second from the database (the server's clock: the time left is the stored deadline's):
before the first question, how to join; a question open, the Drill's own drawing of it (its cards and choices,
inert here), the time left and the answers in; when the time is up, everyone answered or the teacher showed it,
the distribution of the answers, the key and its one-sentence reason; at the end, thanks (and the leaderboard).
"""

from __future__ import annotations

from html import escape

import streamlit as st

from classroom.live import LiveAnswerRow, LiveInfo, Phase
from classroom.snapshot import SnapshotError
from ui.classes.projector import show_join_qr
from ui.errors import guarded_function
from ui.i18n import t
from ui.labels import number
from ui.live import LiveViews, Share, distribution, live_question, live_sessions
from ui.store import classroom

__all__ = ["SCREEN_CSS", "show_live_screen"]

SCREEN_CSS = """
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"], [data-testid="stExpandSidebarButton"],
[data-testid="stHeader"], [data-testid="stToolbar"], [data-testid="stDecoration"], .stAppHeader { display: none !important; }
.stMainBlockContainer, .block-container { max-width: 100% !important; padding: 0.6rem 1.6rem 0.4rem !important; }
.st-key-live_wall { zoom: 1.05; }
@media (min-width: 1600px) and (min-height: 900px) { .st-key-live_wall { zoom: 1.6; } }
.st-key-live_wall button { pointer-events: none; }
.mb-live-top { display: flex; justify-content: space-between; align-items: center; gap: 1rem; font-size: 1.6rem; }
.mb-live-clock { font-size: 2.6rem; font-weight: 800; font-variant-numeric: tabular-nums; }
.mb-live-clock.mb-low { color: #c62828; }
.mb-live-in { font-size: 1.6rem; font-weight: 700; }
.mb-live-bar { display: flex; align-items: center; gap: 0.6rem; margin: 0.25rem 0; font-size: 1.35rem; }
.mb-live-bar .mb-live-fill { height: 1.6rem; background: #90a4ae; border-radius: 4px; min-width: 4px; }
.mb-live-bar.mb-key .mb-live-fill { background: #2e7d32; }
.mb-live-bar.mb-key { font-weight: 800; }
.mb-live-big { font-size: 2.2rem; font-weight: 800; }
.mb-live-reason { font-size: 1.4rem; }
""".strip()
"""The projector's page: no sidebar, header or toolbar; the whole width; a room's sizes."""


def _css() -> None:
    st.markdown(f"<style>{SCREEN_CSS}</style>", unsafe_allow_html=True)


def _top(info: LiveInfo, phase: Phase, answered: int, learners: int, lang: str) -> None:
    left = info.time_left()
    low = " mb-low" if phase is Phase.OPEN and left <= 5 else ""
    clock = "⏸" if phase is Phase.PAUSED else number(left, lang, digits=0) if phase is Phase.OPEN else "—"
    st.markdown(
        f'<div class="mb-live-top"><div class="mb-live-big">{escape(t("live.question_of", n=info.number + 1, count=info.count))}'
        f'</div><div class="mb-live-clock{low}" data-testid="live-clock">⏱ {clock}</div>'
        f'<div class="mb-live-in" data-testid="live-answers">{escape(t("live.answers_in", answered=answered, learners=learners))}'
        f'</div></div>', unsafe_allow_html=True)


def _bars(shares: list[Share]) -> str:
    most = max((s.count for s in shares), default=0) or 1
    rows = []
    for share in shares:
        mark = "✓ " if share.key else ""
        rows.append(f'<div class="mb-live-bar{" mb-key" if share.key else ""}" data-key="{str(share.key).lower()}">'
                    f'<span style="min-width:9ch">{escape(mark + share.label)}</span>'
                    f'<span class="mb-live-fill" style="width:{max(1, round(40 * share.count / most))}%"></span>'
                    f'<span>{share.count}</span></div>')
    return "".join(rows)


def _leaders(info: LiveInfo, answers: list[LiveAnswerRow], lang: str) -> None:
    """The leaderboard (only when the teacher chose one): right answers, then chi lost (fewer first), top five."""
    names = {ln.id: ln.name for ln in classroom().store.learners(info.class_id)}
    scores: dict[str, tuple[int, float]] = {}
    for answer in answers:
        right, lost = scores.get(answer.learner_id, (0, 0.0))
        scores[answer.learner_id] = (right + answer.correct, lost + (answer.chi_lost or 0.0))
    ranked = sorted(scores.items(), key=lambda item: (-item[1][0], item[1][1]))[:5]
    if not ranked:
        return
    st.markdown(f"**{t('live.leaders')}**")
    st.markdown("".join(
        f'<div class="mb-live-bar"><span>{place}. {escape(names.get(learner, "?")[:40])}</span>'
        f'<span>{escape(t("live.leader_line", right=right, lost=number(lost, lang)))}</span></div>'
        for place, (learner, (right, lost)) in enumerate(ranked, 1)), unsafe_allow_html=True)


def _wall(screen: str, lang: str, views: LiveViews) -> None:
    live = live_sessions()
    info = live.by_screen(screen)
    if info is None:
        st.error(t("live.bad_screen"))
        return
    klass = classroom().store.class_info(info.class_id)
    if info.phase is Phase.ENDED:
        st.markdown(f'<div class="mb-live-big">{escape(t("live.over"))}</div>', unsafe_allow_html=True)
        if info.leaderboard:
            _leaders(info, live.answers(info.id), lang)
        return
    if info.number < 0:
        st.markdown(f'<div class="mb-live-big">{escape(t("live.get_ready", count=info.count))}</div>',
                    unsafe_allow_html=True)
        if klass is not None and not klass.joining_locked:
            st.markdown(f'<div class="mb-live-big">{escape(t("live.join_with", code=klass.join_code))}</div>',
                        unsafe_allow_html=True)
            show_join_qr(klass)
        return
    learners = live.learner_count(info.class_id)
    answered = live.answer_count(info.id, info.number)
    phase = info.phase_at(answered, learners)
    _top(info, phase, answered, learners, lang)
    try:
        question = live_question(info, info.number)
    except (KeyError, SnapshotError):
        st.error(t("classes.unreadable"))
        return
    shown = phase is Phase.SHOWN
    if not shown:
        with st.container(key="live_wall"):
            views.wall(info, question, lang, False)
        return
    asked, told = st.columns([3, 2])
    with asked, st.container(key="live_wall"):
        views.wall(info, question, lang, True)
    with told:
        answers = live.answers(info.id, info.number)
        st.markdown(f'<div data-testid="live-distribution">{_bars(distribution(question, answers, info.rule_set, lang))}'
                    f'</div>', unsafe_allow_html=True)
        st.markdown(f'<div class="mb-live-reason" data-testid="live-reason">{escape(views.reason(question, info.rule_set, lang))}'
                    f'</div>', unsafe_allow_html=True)
        if info.leaderboard:
            _leaders(info, live.answers(info.id), lang)


@st.fragment(run_every=1.0)
@guarded_function
def _refreshing(screen: str, lang: str, views: LiveViews) -> None:
    _wall(screen, lang, views)


def show_live_screen(screen: str, lang: str, views: LiveViews) -> None:
    """The projector's page of the live session whose projector id is ``screen`` (an unknown one says so); the
    question drawn by ``views`` (the Drill's)."""
    _css()
    _refreshing(screen, lang, views)
