"""The Drill's side of a live class (issue 35): a live question drawn with the Drill's own views, answered with its
own widgets (stored by :meth:`classroom.live.LiveSessions.answer`, the server's deadline deciding), right or wrong
once the answer is shown, and the one sentence that says why the key is right. The Classes page's live views
(:mod:`ui.classes.live_screen`, :mod:`ui.classes.live_learner`, :mod:`ui.classes.live_teacher`) receive these as
:data:`DRILL_VIEWS` from ``pages/classes.py``.
"""

from __future__ import annotations

import logging

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from classroom.live import LiveInfo, Phase
from classroom.service import ClassroomError
from maubinh.drills import ChiQuestion, DrillSet, FoulQuestion, NaturalQuestion, Question, SettleQuestion
from maubinh.drills.answers import answer_code, best_answer, chi_lost, parse_answer
from maubinh.drills.explain import explain
from maubinh.rules import POSITIONS, Position, RuleSet
from ui.drill.explain import sentence_text
from ui.drill.state import Answer, SetState
from ui.drill.views import inject_drill_css, show_question
from ui.errors import log_failure
from ui.escape import md_text
from ui.i18n import t, translate
from ui.labels import natural_name
from ui.live import LiveViews, live_sessions, recent
from ui.questions import answer_text, chi_labels, decider_text, key_text, position_names

__all__ = ["DRILL_VIEWS", "answer_live", "reason_text", "show_question_read_only", "state_for"]

_PROBLEM_KEY = "live_problem"
_log = logging.getLogger(__name__)


def state_for(info: LiveInfo, number: int, question: Question) -> SetState:
    """A Drill set state holding question ``number`` alone (what the Drill's views draw from); its answers are
    this page's."""
    house = info.rule_set if info.house_toml else None
    drill_set = DrillSet((question.kind,), question.level, info.rule_set_id, seed=1, count=number + 1, house=house)
    key = f"live_state_{info.id}_{number}"
    state = st.session_state.get(key)
    if not isinstance(state, SetState) or state.drill_set != drill_set:
        state = SetState(drill_set, index=number)
        st.session_state[key] = state
    return state


def show_question_read_only(info: LiveInfo, question: Question, lang: str, key_shown: bool) -> None:
    """The Drill's own drawing of the question (its cards and its choices), for the wall: nothing can be answered
    (the page's CSS makes the buttons inert); with ``key_shown``, the right choice is marked as the Drill marks
    it after an answer."""
    number = info.number
    inject_drill_css()
    drill_set_state = SetState(state_for(info, number, question).drill_set, index=number)
    if key_shown:
        drill_set_state.answers[number] = Answer(number, question.kind, best_answer(question), True, 0.0)
    show_question(drill_set_state, number, question, info.rule_set, lang)


def reason_text(question: Question, rule_set: RuleSet, lang: str) -> str:
    """The one sentence that says why the key is right: the Drill's explanation's first sentence for the kinds
    graded in chi, the rule that decided for "which chi wins" and "binh lủng or not", the key in words for the
    others (plain text)."""
    if isinstance(question, ChiQuestion):
        return decider_text(question.verdict, question.values, chi_labels(question, rule_set, lang), rule_set, lang)
    if isinstance(question, FoulQuestion):
        names = position_names(rule_set, lang)
        pairs = ((Position.BACK, Position.MIDDLE), (Position.MIDDLE, Position.FRONT))
        for (strong, weak), verdict, values in zip(pairs, question.verdicts,
                                                   ((question.values[0], question.values[1]),
                                                    (question.values[1], question.values[2]))):
            if verdict.outcome.value != "a":  # the pair that breaks the order decides
                return decider_text(verdict, values, (names[strong], names[weak]), rule_set, lang)
        return translate("live.reason_in_order", lang, chi=", ".join(names[p] for p in POSITIONS))
    if isinstance(question, SettleQuestion):  # the Drill's own key sentence: who collects how many chi from whom
        template = ("drill.settle.key" if question.key > 0 else "drill.settle.key_pay" if question.key < 0
                    else "drill.settle.key_even")
        return translate(template, lang, a=question.a + 1, b=question.b + 1, total=abs(question.key))
    if isinstance(question, NaturalQuestion):
        win = question.win
        return (translate("drill.natural.key", lang, name=natural_name(win.pattern, lang), chi=win.chi)
                if win is not None else translate("drill.natural.key_none", lang))
    try:
        explanation = explain(question)
    except ValueError:  # "set it yourself" explains a learner's own split only
        explanation = None
    if explanation is None:
        return key_text(question, rule_set, lang)
    return sentence_text(explanation.sentences[0], rule_set, lang)


def _save(info: LiveInfo, learner_id: str, question: Question, state: SetState, answer: Answer) -> None:
    """Store the answer just given (the Drill's hook); refused (late, closed) or not stored, it is taken back and
    the page says why; when another device answered first, that answer is the one shown."""
    try:
        stored = live_sessions().answer(info.id, learner_id, answer.index, answer_code(question, answer.given),
                                        answer.correct, chi_lost(question, answer.given, answer.result))
    except ClassroomError as refused:
        state.answers.pop(answer.index, None)
        st.session_state[_PROBLEM_KEY] = f"live.refused.{refused.field}"
        return
    except SQLAlchemyError as error:
        log_failure(_log, "a live answer could not be stored", error)
        state.answers.pop(answer.index, None)
        st.session_state[_PROBLEM_KEY] = "live.refused.unsaved"
        return
    st.session_state.pop(_PROBLEM_KEY, None)
    if stored.code != answer_code(question, answer.given):
        state.answers[answer.index] = Answer(answer.index, question.kind, parse_answer(question, stored.code),
                                             stored.correct, stored.seconds)


def _stored(info: LiveInfo, learner_id: str, question: Question, state: SetState) -> None:
    """The learner's stored answer to the question, read once per page (a reload, another device)."""
    flag = f"live_read_{info.id}_{info.number}"
    if st.session_state.get(flag) or info.number in state.answers:
        return
    st.session_state[flag] = True
    for row in recent(live_sessions().answers, info.id, info.number):  # shared: every page at "next"
        if row.learner_id == learner_id:
            state.answers[info.number] = Answer(info.number, question.kind, parse_answer(question, row.code),
                                                row.correct, row.seconds)


def answer_live(info: LiveInfo, phase: Phase, question: Question, learner_id: str, lang: str) -> None:
    """A learner's side of the live question ``info.number`` in ``phase``: the Drill's widgets while it is open and
    not answered; "sent" once answered (the key is not shown before the teacher's wall shows it); paused; once
    shown, right or wrong with the key and its reason."""
    inject_drill_css()
    state = state_for(info, info.number, question)
    state.on_answer = lambda answer: _save(info, learner_id, question, state, answer)
    _stored(info, learner_id, question, state)
    mine = state.answers.get(info.number)
    problem = st.session_state.pop(_PROBLEM_KEY, None)
    if problem:
        st.warning(t(problem))
    rule_set = info.rule_set
    if phase is Phase.SHOWN:
        key = md_text(key_text(question, rule_set, lang))
        if mine is None:
            st.error(t("live.not_answered", answer=key))
            show_question_read_only(info, question, lang, True)
        else:
            (st.success if mine.correct else st.error)(t("live.right" if mine.correct else "live.wrong", answer=key))
            show_question(state, info.number, question, rule_set, lang)
        st.markdown(md_text(reason_text(question, rule_set, lang)))
        return
    if mine is not None:
        st.success(t("live.sent", answer=md_text(answer_text(question, mine.given, rule_set, lang))),
                   icon=":material/how_to_reg:")
        return
    if phase is Phase.PAUSED:
        st.info(t("live.paused"), icon=":material/pause:")
        return
    state.shown(info.number)
    show_question(state, info.number, question, rule_set, lang)


DRILL_VIEWS = LiveViews(answer=answer_live, wall=show_question_read_only, reason=reason_text)
"""The Drill's views of a live question, for the Classes page's live views."""
