"""What the views of a live session share (issue 35): the store, the projector's link, a question read once per
server, the distribution of answers, and :class:`LiveViews`: how a question is drawn, answered and explained, which is
the Drill's (:mod:`ui.drill.live`) handed to the Classes page's views by ``pages/classes.py`` (a page's subpackage
never imports another page's), and :func:`recent`: a class-wide read shared by this server's polling pages. No widgets
here."""

from __future__ import annotations

import functools
import threading
import time
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TypeVar

import streamlit as st
from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

from classroom.live import LiveAnswerRow, LiveInfo, LiveSessions, Phase
from classroom.snapshot import choice_codes
from maubinh.drills import Question
from maubinh.drills.answers import answer_code, best_answer, parse_answer
from maubinh.rules import RuleSet
from ui.links import sibling
from ui.questions import answer_text
from ui.store import classroom, configured_url

__all__ = ["LIVE_PARAM", "SHARED_S", "LiveViews", "Share", "distribution", "live_question", "live_sessions", "recent",
           "screen_link"]

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
"""Seconds a class-wide read (:func:`recent`) is shared by this server's polling pages: forty learners polling every
0.75 s make at most five reads a second of each, not 53; what they show is at most this much older."""
_T = TypeVar("_T")
_recent: dict[tuple[Hashable, ...], tuple[float, object]] = {}
_recent_lock = threading.Lock()


def recent(read: Callable[..., _T], *args: Hashable) -> _T:
    """``read(*args)`` (a :class:`classroom.live.LiveSessions` method: the same for every learner of a class). In a
    fragment's own rerun (a page's poll), as read by any page of this server less than :data:`SHARED_S` seconds ago,
    else read now and kept for the others; in a full run of the page (opened, reloaded, a tap outside the fragment),
    always read now (what the person just did shows at once) and kept."""
    key = (read, *args)
    started = time.monotonic()
    context = get_script_run_ctx()
    if context is not None and context.fragment_ids_this_run:
        with _recent_lock:
            kept = _recent.get(key)
        if kept is not None and started - kept[0] < SHARED_S:
            return kept[1]  # type: ignore[return-value]  # stored under the same read and arguments
    value = read(*args)
    with _recent_lock:
        if len(_recent) > 4096:  # reads of sessions long over
            _recent.clear()
        _recent[key] = (started, value)
    return value


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
