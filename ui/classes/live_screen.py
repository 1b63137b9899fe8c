"""The projector's page of a live session (``/classes?live=<projector id>``, issue 35): what the wall shows.

The id in the link is the session's own, unguessable (128 random bits) and secret-free: it opens this wall and
nothing else, shows no learner's name (unless the teacher chose a leaderboard) and has no control. The page hides
the sidebar, the header and the toolbar with its own CSS and scales everything up for a room: the question (its
words, cards and choices) as large as fits the window, whatever its kind (:data:`FIT_SCRIPT`, in the browser), read
from the back at 1920x1080 and on one screen at 1280x720.

It shows, drawn again whenever the class's session changes (a step, an answer in, the deadline passing, a learner's
page opened: the server's watch, :mod:`ui.watch`, following :data:`ui.live.CLASSES` with :func:`ui.live.board_view`;
every :data:`REFRESH_S` seconds as before when the watch is off), the time left counting down in the browser from
the stored deadline: before the first question, how many learners are here and how to join; a question open, the
Drill's own drawing of it (its cards and choices, inert here), the time left and the answers in; when the time is
up, everyone answered or the teacher showed it, the distribution of the answers, the key and its one-sentence reason
(and the learners here); at the end, thanks (and the leaderboard).
"""

from __future__ import annotations

from html import escape

import streamlit as st

from classroom.board import Standing, standings
from classroom.live import LiveInfo, Phase
from classroom.service import ClassInfo
from classroom.snapshot import SnapshotError
from maubinh.bands import UPPER, Band
from maubinh.drills import Kind
from ui.classes.projector import show_join_qr
from ui.errors import guarded_function
from ui.escape import html_literal
from ui.i18n import t, tn
from ui.labels import number
from ui.live import (
    CLASSES,
    LiveViews,
    Share,
    board_view,
    countdown,
    distribution,
    live_question,
    live_sessions,
    show_countdown_script,
)
from ui.store import classroom
from ui.watch import watch, watched_fragment

__all__ = ["FIT_SCRIPT", "LEADERS", "REFRESH_S", "SCREEN_CSS", "WIDE", "show_live_screen"]

LEADERS = 5
WIDE = (Kind.CHI,)
"""Kinds whose question is bounded on the wall by its width (two hands side by side): once
shown, the answers are drawn under it, not beside it (beside, its cards were a third smaller), the leaderboard
beside the answers."""
"""Learners the wall's leaderboard names at most."""
REFRESH_S = 0.5
"""Seconds between two readings of the session by the wall when the server's watch is off: an answer is counted on it
within 1 s at p95 of its tap (``bench/live_class.py``: every second missed that)."""

SCREEN_CSS = """
[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"], [data-testid="stExpandSidebarButton"],
[data-testid="stHeader"], [data-testid="stToolbar"], [data-testid="stDecoration"], .stAppHeader { display: none !important; }
.stMainBlockContainer, .block-container { max-width: 100% !important; padding: 0.6rem 1.6rem 0.4rem !important; }
.st-key-live_wall, .st-key-live_told { zoom: 1.35; }
@media (min-width: 1600px) and (min-height: 900px) { .st-key-live_wall, .st-key-live_told { zoom: 2; }
  .mb-live-top { zoom: 1.4; } }
.st-key-live_wall button { pointer-events: none; }
.st-key-live_wall button:disabled { opacity: 1; color: inherit; }
.st-key-live_wall [data-testid="stBaseButton-primary"]:disabled { border: 3px solid #2e7d32; color: #2e7d32; font-weight: 800;
  background: #e8f5e9; }
.mb-live-top { display: flex; justify-content: space-between; align-items: center; gap: 1rem; font-size: 1.6rem; }
.mb-live-clock { font-size: 2.6rem; font-weight: 800; font-variant-numeric: tabular-nums; }
.mb-live-clock.mb-low { color: #c62828; }
.mb-live-in { font-size: 1.6rem; font-weight: 700; }
.mb-live-here { font-size: 1.6rem; font-weight: 700; color: #2e7d32; }
.st-key-live_told .mb-live-here { font-size: 2.2rem; }
.mb-live-bars { display: grid; grid-template-columns: minmax(8ch, max-content) 1fr 3ch; gap: 0.35rem 0.6rem;
  align-items: center; font-size: 1.35rem; }
.mb-live-fill { height: 1.6rem; background: #90a4ae; border-radius: 4px; min-width: 4px; }
.mb-live-bars .mb-key { font-weight: 800; }
.mb-live-bars .mb-key.mb-live-fill { background: #2e7d32; }
.mb-live-bar { display: flex; gap: 0.6rem; font-size: 1.35rem; }
.mb-live-big { font-size: 2.2rem; font-weight: 800; }
.mb-live-reason { font-size: 1.4rem; }
.mb-live-leaders { display: flex; flex-direction: column; gap: 0.15rem; max-width: 40rem; }
.mb-live-leaders-title { font-size: 1.2rem; font-weight: 800; }
.mb-live-leaders .mb-live-bar { justify-content: space-between; font-size: 1.2rem; }
.mb-live-note { font-size: 0.85rem; color: #555; line-height: 1.3; }
@media (max-height: 800px) { [data-testid=stColumn] .st-key-live_told:has(.mb-live-leaders) { zoom: 1.05; } }
@media (min-width: 1600px) and (min-height: 900px) {
  [data-testid=stColumn] .st-key-live_told:has(.mb-live-leaders) { zoom: 1.6; } }
.st-key-live_wall .mb-hand-cards { flex-wrap: nowrap !important; }
.st-key-live_kind_chi .mb-card { width: 64px; height: auto; }
.st-key-live_kind_natural .mb-card { width: 52px; height: auto; }
:is(.st-key-live_kind_better, .st-key-live_kind_rules, .st-key-live_kind_declare)
  [data-testid=stElementContainer]:has(.mb-hand[aria-label]:only-child) { display: none; }
""".strip()
"""The projector's page: no sidebar, header or toolbar; the whole width; a room's sizes (the question's own scale is
then :data:`FIT_SCRIPT`'s). Per kind of question (its box keyed ``live_kind_<kind>``): the two hands of "which chi
wins" and the 13 cards of "spot the instant win" drawn larger against their words (the width bounds them, not the
height); the 13 cards dealt left out where the arrangements shown hold the same 13 ("which is better", "which rules",
"báo hay đánh?": the learners' phones still show them)."""

FIT_SCRIPT = """<script>
(() => {
  if (window.__mbFit) return;
  window.__mbFit = true;
  let queued = false;
  const page = () => Math.max(document.body.scrollHeight, ...[...document.querySelectorAll(
    "[data-testid=stMain], [data-testid=stAppViewContainer]")].map((e) => e.scrollHeight));
  const scale = (box, most) => {  // the largest zoom up to most at which box fits (see FIT_SCRIPT's docstring)
    const wide = box.parentElement.getBoundingClientRect().width + 1;
    let alone = false;  // true: what is beside it is taller than the window; the box alone fits
    const fits = (zoom) => {
      box.style.zoom = String(zoom);
      const across = box.scrollWidth * zoom <= wide
        && [...box.querySelectorAll(".mb-hand-cards")].every((row) => row.scrollWidth <= row.clientWidth + 1);
      const high = alone ? box.getBoundingClientRect().bottom <= window.innerHeight - 14 : page() <= window.innerHeight;
      return across && high;
    };
    let low = 0.4, high = most;
    alone = !fits(low);
    if (fits(high)) low = high;
    for (let step = 0; step < 12 && low < high; step++) {
      const mid = (low + high) / 2;
      if (fits(mid)) low = mid; else high = mid;
    }
    box.style.zoom = String(low);
    box.dataset.mbFit = low.toFixed(3);
  };
  const fit = () => {
    queued = false;
    const walls = [...document.querySelectorAll(".st-key-live_wall")];
    const told = [...document.querySelectorAll("[data-testid=stColumn] .st-key-live_told")];
    if (told.length) walls.forEach((wall) => { wall.style.zoom = "0.4"; });  // out of the way meanwhile
    for (const box of told) {  // the answers beside the question: made smaller only
      box.style.zoom = "";
      scale(box, parseFloat(getComputedStyle(box).zoom) || 1);
    }
    walls.forEach((wall) => scale(wall, 5));
  };
  const queue = () => { if (!queued) { queued = true; requestAnimationFrame(fit); } };
  new MutationObserver((changes) => {
    if (changes.some((c) => !(c.target.nodeType === 1 ? c.target : c.target.parentElement)?.closest("[data-mb-left]"))) queue();
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
  window.addEventListener("resize", queue);
  queue();
})();
</script>"""
"""Scales the wall's question (``.st-key-live_wall``: its words, cards and choices) as large as fits the window under
the top line, wide and high, whatever its kind and the window's size (the answers shown beside it first made smaller
than the CSS's zoom if they do not fit: ten instant wins' bars did not): the largest zoom (to 1/1000) at which the page
needs no scrolling (what is below it included: the answers shown under a wide question) and no row of its cards
wraps (a row bounds the zoom by its width), found by halving; again whenever the page draws something new or the
window changes (not at each tick of the countdown). The zoom found is kept in ``data-mb-fit`` (a browser test waits
for it); without scripts, the CSS's zoom stands."""


def _css() -> None:
    st.markdown(f"<style>{SCREEN_CSS}</style>", unsafe_allow_html=True)
    st.html('<span class="mb-hidden"></span>' + FIT_SCRIPT, unsafe_allow_javascript=True)


def _here(here: int) -> str:
    """"12 learners here" (:attr:`classroom.live.ClassMark.here`), as HTML."""
    return f'<div class="mb-live-here" data-testid="live-here" data-here="{here}">{escape(tn("live.here", here))}</div>'


def _top(info: LiveInfo, phase: Phase, answered: int, learners: int, here: int, lang: str) -> None:
    """The question's number, the time left (or the phase) and the answers in; between questions (the answer shown,
    paused) the learners here too."""
    left = info.time_left()
    low = " mb-low" if phase is Phase.OPEN and left <= 5 else ""
    clock = escape(t(f"live.phase.{phase.value}")) if phase is not Phase.OPEN else countdown(left, lang)
    answers = escape(t("live.answers_in", answered=answered, learners=learners))
    st.markdown(
        f'<div class="mb-live-top"><div class="mb-live-big">{escape(t("live.question_of", n=info.number + 1, count=info.count))}'
        f'</div><div class="mb-live-clock{low}" data-testid="live-clock">{clock}</div>'
        f'<div><div class="mb-live-in" data-testid="live-answers">{answers}</div>'
        f'{"" if phase is Phase.OPEN else _here(here)}</div></div>', unsafe_allow_html=True)


def _bars(shares: list[Share]) -> str:
    most = max((s.count for s in shares), default=0) or 1
    cells = []
    for share in shares:
        key = " mb-key" if share.key else ""
        width = max(1, round(100 * share.count / most))
        cells.append(f'<span class="mb-live-label{key}" data-key="{str(share.key).lower()}">'
                     f'{escape(("✓ " if share.key else "") + share.label)}</span>'
                     f'<span><span class="mb-live-fill{key}" style="display:block;width:{width}%">'
                     f'</span></span><span class="{key}" data-count="{share.count}">{share.count}</span>')
    return f'<div class="mb-live-bars">{"".join(cells)}</div>'



def _leader_line(standing: Standing, lang: str) -> str:
    """"3 right · 0.40 chi lost"; the right answers alone while no answer was graded in chi (kinds graded right or
    wrong only: "0.00 chi lost" would claim a loss that was never measured)."""
    row = standing.row
    if not row.decisions:
        return t("live.leader_right", right=row.right)
    return t("live.leader_line", right=row.right, lost=number(row.chi_lost, lang))


def _leaders(info: LiveInfo, lang: str) -> None:
    """The leaderboard (only when the teacher chose one): :func:`classroom.board.standings` (right answers, then chi
    lost, never speed; learners level share a place, marked "="), the first :data:`LEADERS`, and how it is ordered;
    one block, so that the column it is in can be scaled to fit the screen (``SCREEN_CSS``)."""
    ranked = standings(live_sessions().report(info.id))
    shared = {s.place for s in ranked if s.level}
    rows = "".join(
        f'<div class="mb-live-bar" data-testid="live-leader"><span><b>{s.place}{"=" if s.place in shared else "."}</b> '
        f'{html_literal(s.row.name, 40)}</span><span>{escape(_leader_line(s, lang))}</span></div>'
        for s in ranked[:LEADERS])
    if not rows:
        return
    note = escape(t("live.leaders_note", floor=number(UPPER[Band.BEST], lang)))
    st.markdown(f'<div class="mb-live-leaders"><div class="mb-live-leaders-title">{escape(t("live.leaders"))}</div>{rows}'
                f'<div class="mb-live-note">{note}</div></div>', unsafe_allow_html=True)


def _before_or_after(info: LiveInfo, klass: ClassInfo | None, here: int, lang: str) -> None:
    """Before the first question, how many learners are here and how to join (the code, the QR code); after the last,
    thanks (and the leaders)."""
    if info.phase is Phase.ENDED:
        st.markdown(f'<div class="mb-live-big">{escape(t("live.over"))}</div>', unsafe_allow_html=True)
        if info.leaderboard:
            _leaders(info, lang)
        return
    st.markdown(f'<div class="mb-live-big">{escape(t("live.get_ready", count=info.count))}</div>{_here(here)}',
                unsafe_allow_html=True)
    if klass is not None and not klass.joining_locked:
        st.markdown(f'<div class="mb-live-big">{escape(t("live.join_with", code=klass.join_code))}</div>',
                    unsafe_allow_html=True)
        show_join_qr(klass)


def _wall(screen: str, lang: str, views: LiveViews) -> None:
    live = live_sessions()
    found = live.by_screen(screen)
    if found is None:
        st.error(t("live.bad_screen"))
        return
    mark = watch().follow(CLASSES, found.class_id, board_view)  # before anything is drawn (see ui.watch)
    here = mark.here
    if mark.live is not None and mark.live.id == found.id:
        info, answered, learners = mark.live, mark.answered, mark.learners
    else:  # over (or another session runs): read again, after the view was taken
        info = live.by_screen(screen) or found
        learners = live.learner_count(info.class_id)
        answered = live.answer_count(info.id, info.number)
    if info.phase is Phase.ENDED or info.number < 0:
        with st.container(key="live_told"):  # room-sized too
            _before_or_after(info, classroom().store.class_info(info.class_id), here, lang)
        return
    phase = info.phase_at(answered, learners)
    _top(info, phase, answered, learners, here, lang)
    if phase is Phase.OPEN:
        show_countdown_script()
    try:
        question = live_question(info, info.number)
    except (KeyError, SnapshotError):
        st.error(t("classes.unreadable"))
        return
    shown = phase is Phase.SHOWN
    kind = f"live_kind_{question.kind.value}"
    if not shown:
        with st.container(key="live_wall"), st.container(key=kind):
            views.wall(info, question, lang, False)
        return
    wide = question.kind in WIDE
    asked, told = (st.container(), st.container()) if wide else st.columns([3, 2])
    with asked, st.container(key="live_wall"), st.container(key=kind):
        views.wall(info, question, lang, True)
    with told, st.container(key="live_told"):
        said, leaders = st.columns(2) if wide and info.leaderboard else (st.container(), st.container())
        answers = live.answers(info.id, info.number)
        said.markdown(f'<div data-testid="live-distribution">{_bars(distribution(question, answers, info.rule_set, lang))}'
                      f'</div>', unsafe_allow_html=True)
        reason = escape(views.reason(question, info.rule_set, lang))
        said.markdown(f'<div class="mb-live-reason" data-testid="live-reason">{reason}</div>', unsafe_allow_html=True)
        if info.leaderboard:
            with leaders:
                _leaders(info, lang)


@watched_fragment(REFRESH_S)
@guarded_function
def _refreshing(screen: str, lang: str, views: LiveViews) -> None:
    _wall(screen, lang, views)


def show_live_screen(screen: str, lang: str, views: LiveViews) -> None:
    """The projector's page of the live session whose projector id is ``screen`` (an unknown one says so); the
    question drawn by ``views`` (the Drill's)."""
    _css()
    _refreshing(screen, lang, views)
