"""Words for what the classroom stores (no Streamlit): answers by their codes, states, times.

A stored answer is a language-free code (:mod:`maubinh.drills.answers`); it is put in words through the
stored question, with the same functions as the Drill page (:mod:`ui.questions`), and shown as the code
itself when the question cannot be read back.
"""

from __future__ import annotations

from datetime import datetime, tzinfo

from classroom.service import AssignmentInfo
from maubinh.drills import Kind, Question
from maubinh.drills.answers import parse_answer
from maubinh.rules import RuleSet
from ui.i18n import translate
from ui.labels import number
from ui.questions import answer_text, kind_name

__all__ = ["answer_words", "kind_words", "moment", "share", "state_key"]


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


def state_key(assignment: AssignmentInfo, now: datetime) -> str:
    """The catalogue key of an assignment's state: failed, grading, closed, past its deadline, or open."""
    if assignment.error:
        return "classes.state.failed"
    if not assignment.ready:
        return "classes.state.grading"
    if assignment.closed_at is not None:
        return "classes.state.closed"
    if assignment.deadline is not None and now > assignment.deadline:
        return "classes.state.past_deadline"
    return "classes.state.open"


def moment(when: datetime | None, zone: tzinfo | None, lang: str) -> str:
    """A time in the viewer's time zone: ``"01/12 14:05"`` (``"—"`` for none)."""
    if when is None:
        return "—"
    local = when.astimezone(zone) if zone is not None else when
    return local.strftime("%d/%m %H:%M") if lang == "vi" else local.strftime("%b %d, %H:%M")


def share(right: int, total: int, lang: str) -> str:
    """``"3/5 (60%)"``, or ``"—"`` when nothing was answered."""
    if not total:
        return "—"
    return translate("classes.share", lang, right=right, total=total, percent=number(100 * right / total, lang, digits=0))
