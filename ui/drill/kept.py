"""A free set's answers kept in the URL (issue 20, item 3): a reload, or the address bar's link on another
device, resumes the set where it was, with no profile made and nothing stored on the server.

``?ans=<set digest>.<number>:<seconds>:<code>,...``: the set's digest (its kinds, level, rules, seed and
count, so the answers of one set never land on another), then each answer as its question's number, the
whole seconds it took and its language-free code (:func:`maubinh.drills.answers.answer_code`). The share
link (:func:`ui.drill.params.share_link`) leaves it out: a learner shares the questions, not the answers.

A crafted link can do no harm: the value is at most :data:`MAX_LENGTH` characters, every part is parsed by
the question's own :func:`~maubinh.drills.answers.parse_answer` and graded again here (a "right" in the link
is never believed), and a part that is not an answer to its question is dropped with a warning naming it.

Nor can it cost more than a page (issue 32, item 2: a 340-character link on a new set of 50 made all 50
questions at once, junk codes included, 27 s of the server's time): a part whose code cannot answer its
question's kind is dropped before anything is made (:func:`~maubinh.drills.answers.could_answer`); answers
whose questions this server has made already are graded at once; of the others, each run of the page makes
at most :data:`RESTORE_MADE` (what a page prepares anyway), the rest wait in the session (and stay in the
URL) for the next runs, with a line saying how many are back.
"""

from __future__ import annotations

import hashlib

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from maubinh.drills import ArrangeQuestion, DrillSet, Question, assess
from maubinh.drills.answers import answer_code, could_answer, parse_answer
from maubinh.drills.sets import MAX_QUESTIONS
from ui.drill.prepare import AHEAD, preparer
from ui.drill.state import Answer, SetState
from ui.escape import markdown_literal
from ui.i18n import t

__all__ = ["ANSWERS_PARAM", "MAX_LENGTH", "MAX_SECONDS", "RESTORE_MADE", "keep_in_url", "set_digest"]

ANSWERS_PARAM = "ans"
MAX_SECONDS = 3600
"""Seconds kept per answer (a longer one is kept as this)."""
MAX_LENGTH = MAX_QUESTIONS * 64
"""The longest ``?ans=`` taken (a "set it yourself" answer's code is about 45 characters)."""
RESTORE_MADE = AHEAD + 1
"""Questions not made yet that one run of the page makes to grade answers from the link (the shown one and
those prepared ahead: what any page costs)."""
_RESTORED = "drill_kept_restored"
_PENDING = "drill_kept_pending"
"""(set digest, {number: (seconds, code)}): answers from the link not graded yet."""


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


def _pending(drill_set: DrillSet) -> dict[int, tuple[float, str]]:
    """The answers from the link still to grade for ``drill_set`` (a dict kept in the session)."""
    found = st.session_state.get(_PENDING)
    if not (isinstance(found, tuple) and found[0] == set_digest(drill_set)):
        found = st.session_state[_PENDING] = (set_digest(drill_set), {})
    pending: dict[int, tuple[float, str]] = found[1]
    return pending


def _part(index: int, seconds: float, code: str) -> str:
    return f"{index}:{min(MAX_SECONDS, round(seconds))}:{code}"


def _grade_pending(state: SetState, drill_set: DrillSet) -> list[str]:
    """Grade the answers from the link whose questions are made, and up to :data:`RESTORE_MADE` more (those
    made first); returns the parts that are no answer to their question."""
    pending, prepared, made, broken = _pending(drill_set), preparer(), 0, []
    for index in sorted(pending):
        if index in state.answers:  # answered here meanwhile
            del pending[index]
            continue
        ready = prepared.ready(drill_set, index)
        if not ready and made >= RESTORE_MADE:
            continue
        made += not ready
        taken, code = pending[index]
        try:
            state.answers[index] = _graded(prepared.get(drill_set, index), drill_set, index, code, taken)
        except (ValueError, TypeError):
            broken.append(_part(index, taken, code))
        del pending[index]  # not reached when the question could not be had (a busy server): tried again
    return broken


def _restore(state: SetState, raw: str) -> list[str]:
    """Take the answers of ``raw`` (the URL's value) as answers to grade (:func:`_go_on_grading`), and put
    ``state`` on the first question not answered; returns the parts that cannot be answers (nothing made)."""
    drill_set = state.drill_set
    assert isinstance(drill_set, DrillSet)
    digest, _, body = raw.partition(".")
    if digest != set_digest(drill_set) or not body:
        return []  # another set's answers (the set was changed in the URL): this set starts afresh
    broken, pending = [], _pending(drill_set)
    pending.clear()
    for part in body.split(",")[:MAX_QUESTIONS]:
        number, _, rest = part.partition(":")
        seconds, _, code = rest.partition(":")
        try:
            index, taken = int(number), min(float(MAX_SECONDS), max(0.0, float(seconds)))
            if not 0 <= index < drill_set.count or index in pending:
                raise ValueError(f"question {number} is not in the set, or answered twice")
            if not could_answer(drill_set.kind_at(index), code):
                raise ValueError(f"{code!r} cannot answer a question of its kind")  # nothing made for it
            pending[index] = (taken, code)
        except (ValueError, TypeError):
            broken.append(part)
    unanswered = [n for n in range(drill_set.count) if n not in pending]
    if pending:
        state.index = unanswered[0] if unanswered else drill_set.count - 1
    return broken


def _go_on_grading(state: SetState, drill_set: DrillSet, broken: list[str], notices: DeltaGenerator | None) -> None:
    """Grade what can be graded this run of the answers left from the link, warn about ``broken`` and the parts
    that are no answer to their question, and say how many are back while some are left (in ``notices``, else
    here)."""
    where = notices if notices is not None else st
    pending = _pending(drill_set)
    if not pending and not broken:
        return
    broken = broken + _grade_pending(state, drill_set)
    if broken:
        where.warning(t("drill.kept.broken", parts=markdown_literal(", ".join(broken), limit=120)))
    if pending:
        preparer().prepare(drill_set, sorted(pending)[:RESTORE_MADE])  # made in the background meanwhile
        where.caption(t("drill.kept.restoring", back=len(state.answers), total=len(state.answers) + len(pending)))
    elif state.answers and all(n in state.answers for n in range(drill_set.count)):
        state.finished = True


def _write(state: SetState) -> None:
    """The URL holds exactly ``state``'s answers (none: no ``?ans=``)."""
    drill_set = state.drill_set
    assert isinstance(drill_set, DrillSet)
    codes = {index: (seconds, code) for index, (seconds, code) in _pending(drill_set).items()}  # kept as given
    for index, answer in state.answers.items():
        codes[index] = (answer.seconds, answer_code(preparer().get(drill_set, index), answer.given))
    parts = [_part(index, seconds, code) for index, (seconds, code) in sorted(codes.items())]
    value = f"{set_digest(drill_set)}.{','.join(parts)}" if parts else None
    if value is None:
        if ANSWERS_PARAM in st.query_params:
            del st.query_params[ANSWERS_PARAM]
    elif st.query_params.get(ANSWERS_PARAM) != value:
        st.query_params[ANSWERS_PARAM] = value


def keep_in_url(state: SetState, notices: DeltaGenerator | None = None) -> None:
    """Keep a free set's answers in the URL: on a session's first run for the set (a reload, a link), take
    back the answers the URL holds (regraded); from then on, write each new answer there. Warnings and the
    line saying how many answers are back go in ``notices`` (else here)."""
    where = notices if notices is not None else st
    if not isinstance(state.drill_set, DrillSet):
        return
    broken: list[str] = []
    if state.on_answer is None:
        digest = set_digest(state.drill_set)
        raw = st.query_params.get(ANSWERS_PARAM)
        if st.session_state.get(_RESTORED) != digest and not state.answers and raw:
            if len(raw) > MAX_LENGTH:
                where.warning(t("drill.kept.too_long", maximum=MAX_LENGTH))
            else:
                broken = _restore(state, raw)
        st.session_state[_RESTORED] = digest
        state.on_answer = lambda _answer: _write(state)
    _go_on_grading(state, state.drill_set, broken, notices)
    _write(state)  # also after a page switch dropped the query string
