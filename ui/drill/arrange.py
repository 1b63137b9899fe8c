""""Set it yourself": tap cards into the three chi, with binh lủng flagged live, then the grade.

The chi being filled is chosen with a segmented control (it moves on by itself when a chi is full);
tapping a card in the hand (a button) puts it there, tapping a placed card takes it back. Buttons
rather than pills: they hold no selection, so a tap always does exactly one move. Each complete
chi shows its value, and :func:`maubinh.drills.partial_foul` flags binh lủng as soon as two complete chi are out
of order. After grading: the learner's arrangement next to the solver's, and per line (each chi,
scoops, the foul penalty) the mean chi of both over the same sampled deals and what the difference cost.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from maubinh.arrangement import Arrangement
from maubinh.cards import Card, grouped
from maubinh.drills import ArrangeQuestion, ArrangeResult, assess, partial_foul
from maubinh.drills.explain import explain
from maubinh.rules import POSITIONS, Position, RuleSet
from ui.cards import hand_html
from ui.drill.explain import details, show_explanation
from ui.drill.state import Answer, SetState, record_answer
from ui.escape import html_literal, md_text
from ui.i18n import t
from ui.labels import describe_chi, describe_foul, number, order_fault
from ui.questions import breakdown_lines, line_name

__all__ = ["card_label", "show_arrange_feedback", "show_arrange_question"]

CARD_WIDTH = 40
TARGET_CSS = "outline: 2px solid #f9a825; background: rgba(249, 168, 37, 0.10);"
"""How the chi being filled is marked."""


def card_label(card: Card) -> str:
    """A card as a pill's Markdown label, red for hearts and diamonds: ``":red[**A♥**]"``."""
    text = f"**{card.pretty}\ufe0e**"
    return f":red[{text}]" if card.suit.is_red else text


def _placed(state: SetState, index: int) -> dict[Position, list[Card]]:
    return state.placed.setdefault(index, {position: [] for position in POSITIONS})


def _open(placed: dict[Position, list[Card]]) -> list[Position]:
    return [p for p in POSITIONS if len(placed[p]) < p.size]


def _target_key(index: int) -> str:
    return f"drill_arr_target_{index}"


def _retarget(placed: dict[Position, list[Card]], index: int) -> None:
    target = st.session_state.get(_target_key(index))
    still_open = _open(placed)
    if still_open and target not in still_open:
        st.session_state[_target_key(index)] = still_open[0]


def _place(state: SetState, index: int, card: Card) -> None:
    """Button callback: ``card`` goes to the chosen chi (or the first one with room)."""
    placed = _placed(state, index)
    if any(card in cards for cards in placed.values()):
        return
    target = st.session_state.get(_target_key(index))
    still_open = _open(placed)
    if not still_open:
        return
    placed[target if target in still_open else still_open[0]].append(card)
    _retarget(placed, index)


def _take_back(state: SetState, index: int, position: Position, card: Card) -> None:
    """Button callback: ``card`` leaves its chi, which becomes the chosen one."""
    placed = _placed(state, index)
    if card in placed[position]:
        placed[position].remove(card)
        st.session_state[_target_key(index)] = position


def _rest_to(state: SetState, index: int, question: ArrangeQuestion, position: Position) -> None:
    placed = _placed(state, index)
    used = {card for cards in placed.values() for card in cards}
    placed[position].extend(card for card in grouped(question.cards) if card not in used)


def _reset(state: SetState, index: int) -> None:
    state.placed[index] = {position: [] for position in POSITIONS}
    st.session_state[_target_key(index)] = Position.BACK


def _submit(state: SetState, index: int, question: ArrangeQuestion, rule_set: RuleSet) -> None:
    placed = _placed(state, index)
    if _open(placed):
        return
    arrangement = Arrangement(*(tuple(placed[p]) for p in POSITIONS))
    result = assess(question, arrangement, rule_set)
    record_answer(state, index, arrangement, result.correct, result)


def show_arrange_question(state: SetState, index: int, question: ArrangeQuestion, rule_set: RuleSet,
                          lang: str) -> None:
    """The card picker (or, once answered, the learner's arrangement next to the solver's)."""
    answered = state.answers.get(index)
    if answered is not None and isinstance(answered.given, Arrangement):
        return
    st.markdown(t("drill.arrange.prompt"))
    placed = _placed(state, index)
    used = {card for cards in placed.values() for card in cards}
    hand = [card for card in grouped(question.cards) if card not in used]
    names = {p: rule_set.position_name(p, lang) for p in POSITIONS}

    if _target_key(index) not in st.session_state:
        still_open = _open(placed)
        st.session_state[_target_key(index)] = still_open[0] if still_open else Position.BACK
    st.segmented_control(
        t("drill.arrange.target"),
        POSITIONS,
        format_func=lambda p: f"{md_text(names[p])} {len(placed[p])}/{p.size}",
        key=_target_key(index),
        required=True,
    )
    st.markdown(f"<div class='mb-hand-label'>{t('drill.arrange.hand', count=len(hand))}</div>",
                unsafe_allow_html=True)
    with st.container(horizontal=True, gap="small", key="drill_arr_hand"):
        for card in hand:
            st.button(card_label(card), key=f"drill_card_{card}", on_click=_place, args=(state, index, card))
        if not hand:
            st.caption(t("drill.arrange.all_placed"))
    target = st.session_state.get(_target_key(index))
    st.markdown(f"<style>.st-key-drill_arr_{getattr(target, 'value', '')} {{{TARGET_CSS}}}</style>",
                unsafe_allow_html=True)
    for position in POSITIONS:
        cards = placed[position]
        status = f"{names[position]} · {len(cards)}/{position.size}"
        if len(cards) == position.size:
            status += f" — {describe_chi(cards, rule_set, lang)}"
        with st.container(border=True, key=f"drill_arr_{position.value}"):
            st.markdown(f"<div class='mb-hand-label'>{html_literal(status)}</div>", unsafe_allow_html=True)
            with st.container(horizontal=True, gap="small"):
                for card in cards:
                    st.button(card_label(card), key=f"drill_placed_{card}",
                              on_click=_take_back, args=(state, index, position, card))
                if not cards:
                    st.caption(t("drill.arrange.empty"))
    foul = partial_foul(placed, rule_set)
    if foul is not None:
        st.warning(md_text(order_fault(placed[foul[0]], placed[foul[1]], foul, rule_set, lang)), icon="⚠️")
    still_open = _open(placed)
    left = len(hand)
    columns = st.columns(3)
    if len(still_open) == 1 and left and left == still_open[0].size - len(placed[still_open[0]]):
        columns[0].button(t("drill.arrange.rest", count=left, position=md_text(names[still_open[0]])),
                          key="drill_arr_rest", width="stretch",
                          on_click=_rest_to, args=(state, index, question, still_open[0]))
    columns[1].button(t("drill.arrange.reset"), key="drill_arr_reset", width="stretch",
                      on_click=_reset, args=(state, index), disabled=not used)
    columns[2].button(t("drill.arrange.submit"), key="drill_arr_submit", type="primary", width="stretch",
                      disabled=bool(still_open), on_click=_submit, args=(state, index, question, rule_set))


def _show(arrangement: Arrangement, title: str, rule_set: RuleSet, lang: str) -> None:
    st.markdown(f"**{title}**")
    rows = "".join(
        hand_html(grouped(arrangement.chi(p)), width=CARD_WIDTH,
                  label=f"{rule_set.position_name(p, lang)} — {describe_chi(arrangement.chi(p), rule_set, lang)}")
        for p in POSITIONS
    )
    st.markdown(rows, unsafe_allow_html=True)


def _odds(shares: tuple[float, float, float]) -> str:
    return f"{round(100 * shares[0])} · {round(100 * shares[1])} · {round(100 * shares[2])}"


def show_arrange_feedback(question: ArrangeQuestion, answer: Answer, rule_set: RuleSet, lang: str) -> None:
    """The grade: cost against the best split (with its standard error), both arrangements, and the cost
    line by line."""
    result = answer.result
    if result is None:
        return
    cost, tolerance = number(max(0.0, result.cost), lang), number(question.tolerance, lang)
    if result.foul is not None:
        st.error(t("drill.arrange.fouled", why=md_text(describe_foul(result.arrangement, rule_set, lang)),
                   penalty=rule_set.foul_penalty, cost=cost))
    elif result.cost < -1e-9:
        st.success(t("drill.arrange.better", gain=number(-result.cost, lang)))
    elif result.cost <= 1e-9:
        st.success(t("drill.arrange.same"))
    elif result.correct:
        st.success(t("drill.arrange.right", cost=cost, tolerance=tolerance))
    else:
        st.error(t("drill.arrange.wrong", cost=cost, tolerance=tolerance))
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
    rows = []
    for line in lines:
        row = {
            t("drill.arrange.col_line"): md_text(line_name(line, rule_set, lang)),
            t("drill.arrange.col_yours"): number(result.mine.lines.get(line, 0.0), lang, signed=True),
            t("drill.arrange.col_best"): number(result.best.lines.get(line, 0.0), lang, signed=True),
            t("drill.arrange.col_cost"): number(result.cost_of(line), lang, signed=True),
        }
        if isinstance(line, Position):
            row[t("drill.arrange.col_odds_yours")] = _odds(result.mine.odds[line])
            row[t("drill.arrange.col_odds_best")] = _odds(result.best.odds[line])
        rows.append(row)
    rows.append({
        t("drill.arrange.col_line"): t("drill.line.total"),
        t("drill.arrange.col_yours"): number(result.mine.mean, lang, signed=True),
        t("drill.arrange.col_best"): number(result.best.mean, lang, signed=True),
        t("drill.arrange.col_cost"): number(result.cost, lang, signed=True),
    })
    st.table(pd.DataFrame(rows).fillna(""), hide_index=True, border="horizontal")
    st.caption(t("drill.arrange.method", samples=len(result.mine.totals), err=number(result.cost_stderr, lang)))
