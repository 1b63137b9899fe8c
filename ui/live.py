"""What the views of a live session share (issue 35): the store, the projector's link, a question read once per
server, the distribution of answers, and :class:`LiveViews`: how a question is drawn, answered and explained, which is
the Drill's (:mod:`ui.drill.live`) handed to the Classes page's views by ``pages/classes.py`` (a page's subpackage
never imports another page's), :data:`CLASSES`: what the class's waiting pages follow (the server's watch,
:mod:`ui.watch`) and the views they take of it, :func:`countdown`: the time left counting down in the browser, and
:func:`recent`: a class-wide read shared by this server's pages."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from html import escape
from typing import TypeVar

import streamlit as st
from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

from background.flight import Flights
from classroom.live import ClassMark, LiveAnswerRow, LiveInfo, LiveSessions, Phase
from classroom.snapshot import choice_codes
from maubinh.drills import Question
from maubinh.drills.answers import answer_code, best_answer, parse_answer
from maubinh.rules import RuleSet
from ui.i18n import t
from ui.labels import number
from ui.links import sibling
from ui.questions import answer_text
from ui.store import classroom, configured_url
from ui.watch import Topic

__all__ = ["CLASSES", "COUNTDOWN_SCRIPT", "LIVE_PARAM", "SHARED_S", "LiveViews", "Share", "board_view", "countdown",
           "distribution", "learner_view", "live_question", "live_sessions", "recent", "screen_link",
           "show_countdown_script"]

LIVE_PARAM = "live"
"""Query parameter of a live session's projector page (``/classes?live=<projector id>``): the id is unguessable
and opens that session's wall only (no name unless the teacher chose a leaderboard, no control)."""


@st.cache_resource(show_spinner=False)
def _open(url: str | None) -> LiveSessions:
    return LiveSessions(classroom().store)


def live_sessions() -> LiveSessions:
    """This server's live sessions (on the classroom database)."""
    return _open(configured_url())


SHARED_S = 0.2
"""Seconds a read of the same thing by every learner of a class (:func:`recent`) is shared by this server's pages: at
"next", forty pages run at once and make one read, not forty."""
_T = TypeVar("_T")
_recent: Flights[tuple[Hashable, ...], object] = Flights(maxsize=4096, ttl=SHARED_S)


def recent(read: Callable[..., _T], *args: Hashable) -> _T:
    """``read(*args)`` (a :class:`classroom.live.LiveSessions` method: the same for every learner of a class). In a
    fragment's own rerun, as read by any page of this server less than :data:`SHARED_S` seconds ago (one read for
    pages asking at once: :class:`background.flight.Flights`); in a full run of the page (opened, reloaded, a tap
    outside the fragment), read now (what the person just did shows at once) and kept."""
    key = (read, *args)
    context = get_script_run_ctx()
    if context is None or not context.fragment_ids_this_run:
        _recent.drop(key)
    return _recent.get(key, lambda _: read(*args))  # type: ignore[return-value]  # kept under this read


CLASSES: Topic[str, ClassMark] = Topic("classes", lambda ids: live_sessions().marks(ids))
"""What waiting class pages follow (:mod:`ui.watch`): a class's :class:`classroom.live.ClassMark`, every watched
class read in one go."""


def learner_view(mark: ClassMark) -> Hashable:
    """What a learner's class page shows of its class: its assignments, table sessions and seating, and the running
    live session's step and phase (not the answers coming in: each would rerun every learner's page)."""
    return mark.pulse, mark.seatings, mark.phase()


def board_view(mark: ClassMark) -> Hashable:
    """What the wall and the teacher's live board show: a learner's view, the answers in and the learners here."""
    return learner_view(mark), mark.answered, mark.learners, mark.here


COUNTDOWN_SCRIPT = """<script>
(() => {
  if (window.__mbCountdown) return;
  window.__mbCountdown = true;
  setInterval(() => {
    for (const el of document.querySelectorAll("[data-mb-left]")) {
      const left = el.getAttribute("data-mb-left");
      if (el.__mbFrom !== left) { el.__mbFrom = left; el.__mbAt = performance.now(); }
      const now = Math.max(0, Math.round(parseFloat(left) - (performance.now() - el.__mbAt) / 1000));
      if (el.textContent !== String(now)) el.textContent = String(now);
      const clock = el.closest(".mb-live-clock");
      if (clock) clock.classList.toggle("mb-low", now <= 5);
    }
  }, 250);
})();
</script>"""
"""Counts down every ``data-mb-left`` element of the page in the browser, from the seconds the server said were left
when it drew it (the deadline is the server's: a page reruns when it passes). A page runs only when something
changes (:mod:`ui.watch`), no longer every second to redraw the time."""


def countdown(seconds: float, lang: str) -> str:
    """HTML of "N s left" counting down in the browser (:data:`COUNTDOWN_SCRIPT`, drawn by :func:`show_countdown`)."""
    shown = number(seconds, lang, digits=0)
    marker = "\x00"
    words = escape(t("live.left", seconds=marker))
    return words.replace(marker, f'<span data-mb-left="{seconds:.1f}">{escape(shown)}</span>')


def show_countdown_script() -> None:
    """The page's countdown (:data:`COUNTDOWN_SCRIPT`), hidden; once per run of a page that shows one."""
    st.html('<span class="mb-hidden"></span>' + COUNTDOWN_SCRIPT, unsafe_allow_javascript=True)


def screen_link(info: LiveInfo, lang: str) -> str:
    """The projector page's address of ``info`` (next to the current page's)."""
    return sibling(st.context.url, "classes", {LIVE_PARAM: info.screen, "lang": lang})


def live_question(info: LiveInfo, number: int) -> Question:
    """Question ``number`` of the session, read from the database once per server (it never changes; the questions are
    frozen): at "next" every learner's page draws it at once.

    Raises:
        KeyError, classroom.snapshot.SnapshotError: as :meth:`classroom.live.LiveSessions.question`.
    """
    return _question(info.screen, info.id, number)


@functools.lru_cache(maxsize=256)
def _question(screen: str, session_id: int, number: int) -> Question:
    """Keyed by the session's projector id too: random, never the same for two sessions (an id may come back after a
    session is deleted)."""
    return live_sessions().question(session_id, number)


@dataclass(frozen=True)
class Share:
    """One answer given: its words, how many gave it, whether it is the key."""

    label: str
    count: int
    key: bool


def distribution(question: Question, answers: list[LiveAnswerRow], rule_set: RuleSet, lang: str) -> list[Share]:
    """How the class answered: every choice of a choice question (none left out, the key marked), then any other
    answer given (a typed number), most given first after the choices."""
    counts = Counter(a.code for a in answers)
    key = answer_code(question, best_answer(question))
    codes = choice_codes(question) or [key]
    codes += [code for code, _ in counts.most_common() if code not in codes]
    shares = []
    for code in codes:
        try:
            label = answer_text(question, parse_answer(question, code), rule_set, lang)
        except ValueError:
            label = code
        shares.append(Share(label, counts.get(code, 0), code == key))
    return shares



@dataclass(frozen=True)
class LiveViews:
    """How a live question is drawn, answered and explained (the Drill's own: :data:`ui.drill.live.DRILL_VIEWS`).

    Attributes:
        answer: ``answer(info, phase, question, learner_id, lang)`` draws a learner's side of the question now
            (its widgets while open, what was sent, right or wrong once shown).
        wall: ``wall(info, question, lang, key_shown)`` draws the question read-only for the projector, the key
            marked when ``key_shown``.
        reason: ``reason(question, rule_set, lang)``, the one sentence saying why the key is right (plain text).
    """

    answer: Callable[[LiveInfo, Phase, Question, str, str], None]
    wall: Callable[[LiveInfo, Question, str, bool], None]
    reason: Callable[[Question, RuleSet, str], str]
