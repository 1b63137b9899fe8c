"""What the views of a live session share (issue 35): the store, the projector's link, a question read once per
page, the distribution of answers, and :class:`LiveViews`: how a question is drawn, answered and explained, which is
the Drill's (:mod:`ui.drill.live`) handed to the Classes page's views by ``pages/classes.py`` (a page's subpackage
never imports another page's). No widgets here."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st

from classroom.live import LiveAnswerRow, LiveInfo, LiveSessions, Phase
from classroom.snapshot import choice_codes
from maubinh.drills import Question
from maubinh.drills.answers import answer_code, best_answer, parse_answer
from maubinh.rules import RuleSet
from ui.links import sibling
from ui.questions import answer_text
from ui.store import classroom, configured_url

__all__ = ["LIVE_PARAM", "LiveViews", "Share", "distribution", "live_question", "live_sessions", "screen_link"]

LIVE_PARAM = "live"
"""Query parameter of a live session's projector page (``/classes?live=<projector id>``): the id is unguessable
and opens that session's wall only (no name unless the teacher chose a leaderboard, no control)."""


@st.cache_resource(show_spinner=False)
def _open(url: str | None) -> LiveSessions:
    return LiveSessions(classroom().store)


def live_sessions() -> LiveSessions:
    """This server's live sessions (on the classroom database)."""
    return _open(configured_url())


def screen_link(info: LiveInfo, lang: str) -> str:
    """The projector page's address of ``info`` (next to the current page's)."""
    return sibling(st.context.url, "classes", {LIVE_PARAM: info.screen, "lang": lang})


def live_question(info: LiveInfo, number: int) -> Question:
    """Question ``number`` of the session, read from the database once per page session (it never changes).

    Raises:
        KeyError, classroom.snapshot.SnapshotError: as :meth:`classroom.live.LiveSessions.question`.
    """
    key = f"live_question_{info.id}_{number}"
    found = st.session_state.get(key)
    if found is None:
        found = live_sessions().question(info.id, number)
        st.session_state[key] = found
    return found


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
