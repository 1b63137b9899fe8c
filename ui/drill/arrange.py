""""Set it yourself": the 13 cards set into the three chi in the browser, then the grade.

The cards are arranged in the shared component (:mod:`ui.arrange.component`): tap a card then a chi (or drag
it), swap chi, clear, each chi's category shown as its cards land and binh lủng (foul) flagged under the rule
set's own order rule before confirming; nothing reaches the server until "Confirm", which sends the whole
arrangement once (:data:`SUBMITTED_KEY`). The page takes it (:func:`take_submission`) before drawing the
score, grades it and records the answer. After grading: the learner's arrangement next to the solver's, and
per line (each chi, scoops, the foul penalty) the mean chi of both over the same sampled deals and what the
difference cost.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from maubinh.arrangement import Arrangement
from maubinh.cards import grouped
from maubinh.drills import ArrangeQuestion, ArrangeResult, assess
from maubinh.drills.arrange import LEVELS
from maubinh.drills.explain import explain
from maubinh.rules import POSITIONS, Position, RuleSet
from ui.arrange.component import arrangement_from_value, show_arranger
from ui.bands import band_badge, band_name, level_bar
from ui.cards import hand_html
from ui.drill.explain import details, show_explanation
from ui.drill.state import Answer, SetState, record_answer
from ui.escape import md_text
from ui.i18n import t
from ui.labels import describe_chi, describe_foul, number
from ui.questions import breakdown_lines, line_name
from ui.tables_fit import show_table, whole

__all__ = ["SUBMITTED_KEY", "show_arrange_feedback", "show_arrange_question", "take_submission"]

CARD_WIDTH = 40
SUBMITTED_KEY = "drill_arr_submitted"
"""Where the component's "Confirm" puts the arrangement (card ids per chi) for the next run."""
_PROBLEM_KEY = "drill_arr_problem"


def take_submission(state: SetState, index: int, question: object, rule_set: RuleSet) -> None:
    """Grade and record the arrangement the component sent for question ``index``, if one is waiting.

    A value that is not an arrangement of this question's 13 cards (a stale page, a forged value) is refused
    with a message above the cards, nothing recorded.
    """
    value = st.session_state.pop(SUBMITTED_KEY, None)
    if value is None or not isinstance(question, ArrangeQuestion) or index in state.answers:
        return
    try:
        arrangement = arrangement_from_value(value, question.cards)
    except ValueError:
        st.session_state[_PROBLEM_KEY] = index
        return
    st.session_state.pop(_PROBLEM_KEY, None)
    result = assess(question, arrangement, rule_set)
    record_answer(state, index, arrangement, result.correct, result)


def show_arrange_question(state: SetState, index: int, question: ArrangeQuestion, rule_set: RuleSet,
                          lang: str) -> None:
    """The arranging component (or nothing once answered: the feedback shows both arrangements)."""
    answered = state.answers.get(index)
    if answered is not None and isinstance(answered.given, Arrangement):
        return
    st.markdown(t("drill.arrange.prompt"))
    if st.session_state.get(_PROBLEM_KEY) == index:
        st.error(t("drill.arrange.bad_submission"))
    hand = "".join(str(card) for card in sorted(question.cards))
    show_arranger(question.cards, rule_set, lang, key=f"drill_arrange_{index}", target=SUBMITTED_KEY,
                  version=f"{rule_set.id}:{index}:{hand}")


def _show(arrangement: Arrangement, title: str, rule_set: RuleSet, lang: str) -> None:
    st.markdown(f"**{title}**")
    rows = "".join(
        hand_html(grouped(arrangement.chi(p)), width=CARD_WIDTH,
                  label=f"{rule_set.position_name(p, lang)} — {describe_chi(arrangement.chi(p), rule_set, lang)}")
        for p in POSITIONS
    )
    st.markdown(rows, unsafe_allow_html=True)


def _odds(shares: tuple[float, float, float]) -> str:
    return whole(f"{round(100 * shares[0])} · {round(100 * shares[1])} · {round(100 * shares[2])}")


def show_arrange_feedback(question: ArrangeQuestion, answer: Answer, rule_set: RuleSet, lang: str) -> None:
    """The grade: cost against the best split (with its standard error), both arrangements, and the cost
    line by line."""
    result = answer.result
    if result is None:
        return
    grade, passing = result.grade, LEVELS[question.level].passing
    cost, bar = number(max(0.0, result.cost), lang), level_bar(question.level, passing, lang)
    st.markdown(band_badge(grade, lang))
    if result.foul is not None:
        st.error(t("drill.arrange.fouled", why=md_text(describe_foul(result.arrangement, rule_set, lang)),
                   penalty=rule_set.foul_price, cost=cost))
    elif result.cost < -1e-9:
        st.success(t("drill.arrange.better", gain=number(-result.cost, lang), bar=bar))
    elif result.cost <= 1e-9:
        st.success(t("drill.arrange.same", bar=bar))
    else:
        verdict = st.success if result.correct else st.error
        verdict(t("drill.arrange.right" if result.correct else "drill.arrange.wrong", cost=cost,
                  err=number(result.cost_stderr, lang), band=band_name(grade.band, lang), bar=bar))
    show_explanation(explain(question, result), rule_set, lang)
    yours, best = st.columns(2)
    with yours:
        _show(result.arrangement, t("drill.arrange.yours"), rule_set, lang)
    with best:
        _show(question.best, t("drill.arrange.best"), rule_set, lang)
    with details():
        st.markdown(t("drill.arrange.summary", best=number(result.best.mean, lang, signed=True),
                      mine=number(result.mine.mean, lang, signed=True), left=cost,
                      err=number(result.cost_stderr, lang)))
        _arrange_table(question, result, rule_set, lang)


def _arrange_table(question: ArrangeQuestion, result: ArrangeResult, rule_set: RuleSet, lang: str) -> None:
    """The learner's split against the best, line by line, with each chi's odds."""
    lines = breakdown_lines(result.mine, result.best)
    rows = [{
        t("drill.arrange.col_line"): md_text(line_name(line, rule_set, lang)),
        t("drill.arrange.col_yours"): number(result.mine.lines.get(line, 0.0), lang, signed=True),
        t("drill.arrange.col_best"): number(result.best.lines.get(line, 0.0), lang, signed=True),
        t("drill.arrange.col_cost"): number(result.cost_of(line), lang, signed=True),
    } for line in lines]
    rows.append({
        t("drill.arrange.col_line"): t("drill.line.total"),
        t("drill.arrange.col_yours"): number(result.mine.mean, lang, signed=True),
        t("drill.arrange.col_best"): number(result.best.mean, lang, signed=True),
        t("drill.arrange.col_cost"): number(result.cost, lang, signed=True),
    })
    show_table(pd.DataFrame(rows))
    # Each chi's odds in a table of their own: 4 columns above, 3 here, rather than 6 in one.
    show_table(pd.DataFrame([{
        t("drill.col_odds_chi"): md_text(line_name(line, rule_set, lang)),
        t("drill.arrange.col_yours"): _odds(result.mine.odds[line]),
        t("drill.arrange.col_best"): _odds(result.best.odds[line]),
    } for line in lines if isinstance(line, Position)]))
    st.caption(t("drill.arrange.method", samples=len(result.mine.totals), err=number(result.cost_stderr, lang)))
