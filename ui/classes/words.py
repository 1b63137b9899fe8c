"""Words for what the classroom stores (no Streamlit): answers by their codes, states, times.

A stored answer is a language-free code (:mod:`maubinh.drills.answers`); it is put in words through the
stored question, with the same functions as the Drill page (:mod:`ui.questions`), and shown as the code
itself when the question cannot be read back.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, tzinfo

from classroom.service import AssignmentInfo
from maubinh.drills import Kind, Question
from maubinh.drills.answers import parse_answer
from maubinh.rules import RuleSet
from ui.i18n import translate
from ui.labels import number
from ui.questions import answer_text, kind_name
from ui.when import moment

__all__ = ["answer_words", "kind_words", "moment", "share", "state_key", "typed_moment"]


def answer_words(question: Question | None, code: str, rule_set: RuleSet, lang: str) -> str:
    """The answer ``code`` to ``question`` in words (the code itself when it cannot be read)."""
    if question is None or not code:
        return code
    try:
        return answer_text(question, parse_answer(question, code), rule_set, lang)
    except ValueError:
        return code


def kind_words(kind: str, lang: str) -> str:
    """A kind's name from its stored value (the value itself for a kind this engine no longer has)."""
    try:
        return kind_name(Kind(kind), lang)
    except ValueError:
        return kind


def state_key(assignment: AssignmentInfo, now: datetime, archived: bool = False) -> str:
    """The catalogue key of an assignment's state: failed, grading, closed (or its class ``archived``: no answer
    is taken then), past its deadline, or open."""
    if assignment.error:
        return "classes.state.failed"
    if not assignment.ready:
        return "classes.state.grading"
    if assignment.closed_at is not None or archived:
        return "classes.state.closed"
    if assignment.deadline is not None and now > assignment.deadline:
        return "classes.state.past_deadline"
    return "classes.state.open"


def typed_moment(day: date, at: time, zone: tzinfo | None) -> datetime:
    """The instant a viewer means by ``day`` and ``at`` on their own clock (``zone``, the browser's; UTC when it
    is unknown, as :func:`moment` shows it), aware.

    >>> from zoneinfo import ZoneInfo
    >>> typed_moment(date(2026, 12, 6), time(21, 0), ZoneInfo("Asia/Ho_Chi_Minh")).astimezone(UTC).isoformat()
    '2026-12-06T14:00:00+00:00'
    """
    return datetime.combine(day, at).replace(tzinfo=zone or UTC)


def share(right: int, total: int, lang: str) -> str:
    """``"3/5 (60%)"``, or ``"—"`` when nothing was answered."""
    if not total:
        return "—"
    return translate("classes.share", lang, right=right, total=total, percent=number(100 * right / total, lang, digits=0))
