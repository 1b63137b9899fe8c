"""A free set's answers kept in the URL (issue 20, item 3): a reload, or the address bar's link on another
device, resumes the set where it was, with no profile made and nothing stored on the server.

``?ans=<set digest>.<number>:<seconds>:<code>,...``: the set's digest (its kinds, level, rules, seed and
count, so the answers of one set never land on another), then each answer as its question's number, the
whole seconds it took and its language-free code (:func:`maubinh.drills.answers.answer_code`). The share
link (:func:`ui.drill.params.share_link`) leaves it out: a learner shares the questions, not the answers.

A crafted link can do no harm: the value is at most :data:`MAX_LENGTH` characters, every part is parsed by
the question's own :func:`~maubinh.drills.answers.parse_answer` and graded again here (a "right" in the link
is never believed), and a part that is not an answer to its question is dropped with a warning naming it.
"""

from __future__ import annotations

import hashlib

import streamlit as st

from maubinh.drills import ArrangeQuestion, DrillSet, Question, assess
from maubinh.drills.answers import answer_code, parse_answer
from maubinh.drills.sets import MAX_QUESTIONS
from ui.drill.prepare import preparer
from ui.drill.state import Answer, SetState
from ui.escape import markdown_literal
from ui.i18n import t

__all__ = ["ANSWERS_PARAM", "MAX_LENGTH", "MAX_SECONDS", "keep_in_url", "set_digest"]

ANSWERS_PARAM = "ans"
MAX_SECONDS = 3600
"""Seconds kept per answer (a longer one is kept as this)."""
MAX_LENGTH = MAX_QUESTIONS * 64
"""The longest ``?ans=`` taken (a "set it yourself" answer's code is about 45 characters)."""
_RESTORED = "drill_kept_restored"


def set_digest(drill_set: DrillSet) -> str:
    """Six hex digits naming the set (its parameters in the URL, house rules included)."""
    text = repr(sorted(drill_set.params().items()))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:6]


def _graded(question: Question, drill_set: DrillSet, index: int, code: str, seconds: float) -> Answer:
    given = parse_answer(question, code)
    if isinstance(question, ArrangeQuestion):
        result = assess(question, given, drill_set.rule_set)  # type: ignore[arg-type]
        return Answer(index, question.kind, given, result.correct, seconds, result)
    return Answer(index, question.kind, given, bool(question.is_correct(given)), seconds)  # type: ignore[arg-type]


def _restore(state: SetState, raw: str) -> None:
    """Put the answers of ``raw`` (the URL's value) in ``state``; warn about the parts that are none."""
    drill_set = state.drill_set
    assert isinstance(drill_set, DrillSet)
    digest, _, body = raw.partition(".")
    if digest != set_digest(drill_set) or not body:
        return  # another set's answers (the set was changed in the URL): this set starts afresh
    broken = []
    for part in body.split(",")[:MAX_QUESTIONS]:
        number, _, rest = part.partition(":")
        seconds, _, code = rest.partition(":")
        try:
            index, taken = int(number), min(float(MAX_SECONDS), max(0.0, float(seconds)))
            if not 0 <= index < drill_set.count or index in state.answers:
                raise ValueError(f"question {number} is not in the set, or answered twice")
            state.answers[index] = _graded(preparer().get(drill_set, index), drill_set, index, code, taken)
        except (ValueError, TypeError):
            broken.append(part)
    if broken:
        st.warning(t("drill.kept.broken", parts=markdown_literal(", ".join(broken), limit=120)))
    unanswered = [n for n in range(drill_set.count) if n not in state.answers]
    if state.answers:
        state.index = unanswered[0] if unanswered else drill_set.count - 1
        state.finished = not unanswered


def _write(state: SetState) -> None:
    """The URL holds exactly ``state``'s answers (none: no ``?ans=``)."""
    drill_set = state.drill_set
    assert isinstance(drill_set, DrillSet)
    parts = []
    for index, answer in sorted(state.answers.items()):
        question = preparer().get(drill_set, index)
        seconds = min(MAX_SECONDS, round(answer.seconds))
        parts.append(f"{index}:{seconds}:{answer_code(question, answer.given)}")
    value = f"{set_digest(drill_set)}.{','.join(parts)}" if parts else None
    if value is None:
        if ANSWERS_PARAM in st.query_params:
            del st.query_params[ANSWERS_PARAM]
    elif st.query_params.get(ANSWERS_PARAM) != value:
        st.query_params[ANSWERS_PARAM] = value


def keep_in_url(state: SetState) -> None:
    """Keep a free set's answers in the URL: on a session's first run for the set (a reload, a link), take
    back the answers the URL holds (regraded); from then on, write each new answer there."""
    if not isinstance(state.drill_set, DrillSet):
        return
    if state.on_answer is None:
        digest = set_digest(state.drill_set)
        raw = st.query_params.get(ANSWERS_PARAM)
        if st.session_state.get(_RESTORED) != digest and not state.answers and raw:
            if len(raw) > MAX_LENGTH:
                st.warning(t("drill.kept.too_long", maximum=MAX_LENGTH))
            else:
                _restore(state, raw)
        st.session_state[_RESTORED] = digest
        state.on_answer = lambda _answer: _write(state)
    _write(state)  # also after a page switch dropped the query string
