"""Drawing a drill question of each kind, its answer controls, and the feedback after the answer.

:func:`show_question` draws the question and its choices (buttons whose callbacks store the answer,
so the rerun that follows the click already shows the feedback); :func:`show_feedback` draws right
or wrong, the engine's numbers behind it, the rule that decided with its source, and a link to the
lesson step. "Set it yourself" has its own module (:mod:`ui.drill.arrange`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence

import pandas as pd
import streamlit as st
from babel.numbers import format_decimal

from maubinh.arrangement import Arrangement
from maubinh.cards import Card, grouped
from maubinh.drills import (
    ArrangeQuestion,
    BetterQuestion,
    ChiQuestion,
    DeclareAnswer,
    DeclareQuestion,
    FoulQuestion,
    Lesson,
    NaturalQuestion,
    Question,
    RulesQuestion,
    SettleQuestion,
)
from maubinh.drills.better import same_split
from maubinh.drills.chi import Trap
from maubinh.drills.explain import explain
from maubinh.drills.natural import NEAR_MISSES, Build
from maubinh.drills.payouts import SAMPLES as RULES_CHOSEN_ON
from maubinh.rules import POSITIONS, NaturalPattern, Position, RuleSet
from maubinh.settle import ItemKind
from ui import _once
from ui.cards import hand_html
from ui.drill.arrange import show_arrange_feedback, show_arrange_question
from ui.drill.explain import details, show_explanation, show_themes
from ui.drill.state import Answer, SetState, record_answer
from ui.escape import md_text
from ui.i18n import current_language, t
from ui.labels import (
    describe_chi,
    describe_foul,
    describe_item,
    describe_value,
    natural_name,
    number,
    provenance_note,
)
from ui.nav import link_to
from ui.plays import arrangement_html, show_play_by_rules
from ui.questions import (
    LETTERS,
    answer_text,
    breakdown_lines,
    chi_labels,
    choice_label,
    decider_text,
    line_name,
    seat_name,
    settle_seat_note,
    signed,
    step_name,
)
from ui.tables_fit import show_table, whole, with_error

__all__ = [
    "CARD_WIDTH", "DRILL_CSS", "inject_drill_css", "lesson_link", "odds_text", "show_feedback", "show_question",
]

CARD_WIDTH = 44
SMALL_CARD_WIDTH = 36

DRILL_CSS = """
.st-key-drill_css { display: none; }
.mb-drill-frame { padding: 0.35rem 0.5rem 0.5rem; outline: 2px solid transparent; }
""".strip()
"""The Drill page's own styles: unframed options keep the framed one's padding, so buttons line up."""


def inject_drill_css() -> None:
    """Add :data:`DRILL_CSS` once per run (in a hidden container keyed ``drill_css``)."""
    box = _once.claim("drill_css", st)
    if box is not None:
        box.markdown(f"<style>{DRILL_CSS}</style>", unsafe_allow_html=True)


# --------------------------------------------------------------------------- shared pieces


def _is_right_choice(question: Question, choice: object) -> bool:
    """Whether ``choice``, one of a choice question's choices, is its right answer. ``TypeError`` for a "set it
    yourself" question: it has no choices (its arrangement is graded by :mod:`ui.drill.arrange`)."""
    if isinstance(question, ArrangeQuestion):
        raise TypeError("a set-it-yourself question is graded from its arrangement, not from a choice")
    # Each kind's is_correct takes its own choices' type (an index, an Outcome, a FoulAnswer...); a button's
    # choice reaches here as one of them, typed object.
    return bool(question.is_correct(choice))  # type: ignore[arg-type]


def _answer(state: SetState, index: int, question: Question, given: object) -> None:
    """Button callback: grade ``given`` and store it."""
    record_answer(state, index, given, _is_right_choice(question, given))


RIGHT_ICON = ":material/check_circle:"
"""Marks the right answer's button once the question is answered (a disabled button is grey: the mark shows)."""
WRONG_ICON = ":material/cancel:"
"""Marks the learner's pick when it was wrong."""


def choice_mark(question: Question, choice: object, answered: Answer | None) -> str | None:
    """The icon of a choice's button: none before the answer; then :data:`RIGHT_ICON` on the right answer and
    :data:`WRONG_ICON` on a wrong pick."""
    if answered is None:
        return None
    if _is_right_choice(question, choice):
        return RIGHT_ICON
    return WRONG_ICON if answered.given == choice else None


def _choices(state: SetState, index: int, question: Question, choices: Sequence[object], rule_set: RuleSet,
             lang: str, columns: int) -> None:
    """One button per choice, ``columns`` to a row (0: as many as fit, wrapping); once answered, the learner's
    pick is highlighted and the right answer and a wrong pick marked (:func:`choice_mark`)."""
    answered = state.answers.get(index)

    def button(number_: int, choice: object, width: str) -> None:
        picked = answered is not None and answered.given == choice
        st.button(
            md_text(choice_label(question, choice, rule_set, lang)),
            key=f"drill_choice_{number_}",
            disabled=answered is not None,
            icon=choice_mark(question, choice, answered),
            type="primary" if picked else "secondary",
            width=width,  # type: ignore[arg-type]
            on_click=_answer,
            args=(state, index, question, choice),
        )

    if not columns:
        with st.container(horizontal=True, gap="small"):
            for number_, choice in enumerate(choices):
                button(number_, choice, "content")
        return
    for start in range(0, len(choices), columns):
        for offset, (column, choice) in enumerate(zip(st.columns(columns), choices[start : start + columns])):
            with column:
                button(start + offset, choice, "stretch")


def _hand(cards: Sequence[Card], label: str, width: int = CARD_WIDTH, highlight: bool = False) -> str:
    return hand_html(grouped(cards), label=label, width=width, highlight=highlight)


def _arrangement(arrangement: Arrangement, rule_set: RuleSet, lang: str, *, values: bool = True,
                 width: int = CARD_WIDTH, highlight: bool = False) -> None:
    rows = []
    for position in POSITIONS:
        cards = arrangement.chi(position)
        label = rule_set.position_name(position, lang)
        if values:
            label = f"{label} — {describe_chi(cards, rule_set, lang)}"
        rows.append(_hand(cards, label, width))
    frame = "mb-hand mb-hand--highlight" if highlight else "mb-hand mb-drill-frame"
    st.markdown(f'<div class="{frame}">{"".join(rows)}</div>', unsafe_allow_html=True)


def odds_text(win: float, tie: float, loss: float) -> str:
    """Win, tie and loss shares as whole percents: ``"45 · 3 · 52"`` in one piece (non-breaking spaces; the
    column header says which is which)."""
    return whole(f"{round(100 * win)} · {round(100 * tie)} · {round(100 * loss)}")


def _verdict(correct: bool, right: str, wrong: str) -> None:
    if correct:
        st.success(right)
    else:
        st.error(wrong)


def lesson_link(lesson: Lesson, rule_set: RuleSet, lang: str) -> None:
    """A link to the Learn page's step that teaches ``lesson``."""
    link_to("pages/learn.py", t("drill.lesson", step=step_name(lesson, lang)), ":material/menu_book:",
            {"step": lesson.value, "lang": lang, "rules": rule_set.id})


def _time(question: Question, answer: Answer, rule_set: RuleSet, lang: str) -> None:
    seconds = number(answer.seconds, lang, digits=1)
    if isinstance(question, ArrangeQuestion):
        st.caption(t("drill.time_taken", seconds=seconds))
    else:
        st.caption(t("drill.your_answer", given=md_text(answer_text(question, answer.given, rule_set, lang)), seconds=seconds))


# --------------------------------------------------------------------------- which arrangement is better


def _better_question(state: SetState, index: int, q: BetterQuestion, rule_set: RuleSet, lang: str) -> None:
    st.markdown(t("drill.prompt"))
    st.markdown(_hand(q.cards, t("drill.dealt"), SMALL_CARD_WIDTH), unsafe_allow_html=True)
    answered = state.answers.get(index)
    for k, (column, option) in enumerate(zip(st.columns(len(q.options)), q.options)):
        with column:
            st.markdown(f"#### {t('drill.option', letter=LETTERS[k])}")
            _arrangement(option, rule_set, lang, highlight=answered is not None and k == q.key)
            picked = answered is not None and answered.given == k
            st.button(
                md_text(choice_label(q, k, rule_set, lang)),
                key=f"drill_choice_{k}",
                disabled=answered is not None,
                icon=choice_mark(q, k, answered),
                type="primary" if picked else "secondary",
                width="stretch",
                on_click=_answer,
                args=(state, index, q, k),
            )


def _better_feedback(q: BetterQuestion, answer: Answer, rule_set: RuleSet, lang: str) -> None:
    best = LETTERS[q.key]
    _verdict(answer.correct, t("drill.right", letter=best), t("drill.wrong", letter=best))
    show_explanation(explain(q), rule_set, lang)
    with details():
        _better_tables(q, rule_set, lang)


def _better_tables(q: BetterQuestion, rule_set: RuleSet, lang: str) -> None:
    """The numbers behind a "which is better" answer: fouls, each option's mean and per-chi odds, line by line,
    and what each leaves against the best of every split."""
    for k, foul in enumerate(q.fouls):
        if foul:
            st.markdown(t("drill.reason_foul", letter=LETTERS[k], why=md_text(describe_foul(q.options[k], rule_set, lang)),
                          penalty=rule_set.foul_price))
    if q.reason == "ev":
        st.markdown(t("drill.reason_ev", letter=LETTERS[q.key], other=LETTERS[q.runner_up], gap=number(q.gap, lang),
                      err=number(q.gap_stderr, lang), samples=q.results[0].samples))
    rows = []
    for k, result in enumerate(q.results):
        row = {
            t("drill.col_option"): LETTERS[k],
            t("drill.col_mean"): with_error(number(result.mean, lang, signed=True), number(result.stderr, lang)),
        }
        if any(q.fouls):
            row[t("drill.col_foul")] = t("drill.fouled") if q.fouls[k] else ""
        rows.append(row)
    show_table(pd.DataFrame(rows))
    # Each chi's odds one row per chi, the options side by side: 3 columns, not 3 per option.
    show_table(pd.DataFrame([
        {t("drill.col_odds_chi"): md_text(rule_set.position_name(position, lang)),
         **{LETTERS[k]: odds_text(result.chi_odds[position].win, result.chi_odds[position].tie,
                                  result.chi_odds[position].loss) for k, result in enumerate(q.results)}}
        for position in POSITIONS
    ]))
    st.markdown(f"**{t('drill.lines_title')}**")
    show_table(pd.DataFrame([
        {t("drill.arrange.col_line"): md_text(line_name(line, rule_set, lang)),
         **{LETTERS[k]: number(b.lines.get(line, 0.0), lang, signed=True) for k, b in enumerate(q.breakdowns)}}
        for line in breakdown_lines(*q.breakdowns)
    ]))
    _against_best(q, rule_set, lang)
    st.caption(t("drill.method"))


def _against_best(q: BetterQuestion, rule_set: RuleSet, lang: str) -> None:
    """What each option leaves against the best of every legal split, on the question's deals."""
    st.markdown(f"**{t('drill.best.title')}**")
    same = [k for k, option in enumerate(q.options) if same_split(option, q.best)]
    if same:
        st.markdown(t("drill.best.is_option", letter=LETTERS[same[0]]))
    else:
        st.markdown(t("drill.best.not_option"))
        _arrangement(q.best, rule_set, lang, highlight=True)
    rows = []
    for k in range(len(q.options)):
        left, err = q.left(k)
        rows.append({t("drill.col_option"): LETTERS[k],
                     t("drill.col_mean"): number(q.breakdowns[k].mean, lang, signed=True),
                     t("drill.best.col_left"): with_error(number(max(0.0, left), lang), number(err, lang))})
    show_table(pd.DataFrame(rows))
    st.caption(t("drill.best.caption", samples=q.results[0].samples))


# --------------------------------------------------------------------------- which chi wins


def _chi_question(state: SetState, index: int, q: ChiQuestion, rule_set: RuleSet, lang: str) -> None:
    labels = chi_labels(q, rule_set, lang)
    if q.trap is Trap.FRONT:
        st.markdown(t("drill.chi.prompt_front", front=labels[0], middle=labels[1]))
    else:
        st.markdown(t("drill.chi.prompt", position=md_text(rule_set.position_name(q.positions[0], lang))))
    answered = state.answers.get(index)
    for column, label, hand, value in zip(st.columns(2), labels, q.hands, q.values):
        shown = f"{label} — {describe_value(value, lang)}" if answered else label
        column.markdown(_hand(hand, shown), unsafe_allow_html=True)
    _choices(state, index, q, q.choices, rule_set, lang, 3)


def _chi_feedback(q: ChiQuestion, answer: Answer, rule_set: RuleSet, lang: str) -> None:
    labels = chi_labels(q, rule_set, lang)
    key = t(f"drill.chi.key_{q.key.value}", a=labels[0], b=labels[1])
    _verdict(answer.correct, t("drill.right_plain", answer=key), t("drill.wrong_plain", answer=key))
    st.markdown(md_text(decider_text(q.verdict, q.values, labels, rule_set, lang)))
    if q.verdict.decider.value == "wheel":
        st.caption(provenance_note(rule_set.provenance.get("wheel"), lang))


# --------------------------------------------------------------------------- binh lủng or not


def _foul_question(state: SetState, index: int, q: FoulQuestion, rule_set: RuleSet, lang: str) -> None:
    st.markdown(t("drill.foul.prompt"))
    _arrangement(q.arrangement, rule_set, lang, values=state.answers.get(index) is not None)
    _choices(state, index, q, q.choices, rule_set, lang, 2)


def _foul_feedback(q: FoulQuestion, answer: Answer, rule_set: RuleSet, lang: str) -> None:
    key = md_text(choice_label(q, q.key, rule_set, lang))
    _verdict(answer.correct, t("drill.right_plain", answer=key), t("drill.wrong_plain", answer=key))
    names = {p: rule_set.position_name(p, lang) for p in POSITIONS}
    lines = []
    for (strong, weak), verdict, values in zip(
        ((Position.BACK, Position.MIDDLE), (Position.MIDDLE, Position.FRONT)),
        q.verdicts,
        ((q.values[0], q.values[1]), (q.values[1], q.values[2])),
    ):
        equal = "drill.foul.pair_equal_strict" if rule_set.strict_order else "drill.foul.pair_equal"
        template = {"a": "drill.foul.pair_ok", "b": "drill.foul.pair_bad", "tie": equal}[verdict.outcome.value]
        why = decider_text(verdict, values, (names[strong], names[weak]), rule_set, lang)
        lines.append("- " + t(template, strong=md_text(names[strong]), weak=md_text(names[weak]), why=md_text(why)))
    st.markdown("\n".join(lines))
    rule = "drill.foul.rule_strict" if rule_set.strict_order else "drill.foul.rule"
    st.markdown(t(rule, penalty=rule_set.foul_price, rules=md_text(rule_set.name(lang))))
    st.caption(provenance_note(rule_set.provenance.get("foul"), lang))


# --------------------------------------------------------------------------- how many chi


def _settle_problem_key(index: int) -> str:
    return f"drill_settle_problem_{index}"


def _settle_submit(state: SetState, index: int, q: SettleQuestion) -> None:
    """Grade a typed total: nothing typed is not an answer, and chi are whole numbers (3.7 is refused,
    never cut to 3); either way the question stays open with a message."""
    value = st.session_state.get(f"drill_settle_value_{index}")
    if value is None or not isinstance(value, (int, float)) or isinstance(value, bool) or not math.isfinite(value):
        st.session_state[_settle_problem_key(index)] = t("drill.settle.empty")
        return
    if value != int(value):
        shown = format_decimal(value, format="0.####", locale=current_language())
        st.session_state[_settle_problem_key(index)] = t("drill.settle.not_whole", value=shown)
        return
    st.session_state.pop(_settle_problem_key(index), None)
    given = int(value)
    record_answer(state, index, given, q.is_correct(given))


def _settle_question(state: SetState, index: int, q: SettleQuestion, rule_set: RuleSet, lang: str) -> None:
    st.markdown(t("drill.settle.prompt", a=q.a + 1, b=q.b + 1, rules=md_text(rule_set.name(lang))))
    # the two seats asked about first, in the question's order (A collects from B), then the others
    seats = [q.a, q.b, *(seat for seat in range(len(q.arrangements)) if seat not in (q.a, q.b))]
    per_row = 2
    for start in range(0, len(seats), per_row):
        for column, seat in zip(st.columns(per_row), seats[start : start + per_row]):
            with column:
                role = " (A)" if seat == q.a else " (B)" if seat == q.b else ""
                st.markdown(f"**{seat_name(seat, lang)}{role}**")
                _arrangement(q.arrangements[seat], rule_set, lang, width=SMALL_CARD_WIDTH,
                             highlight=seat in (q.a, q.b))
                note = settle_seat_note(q, seat, rule_set, lang)
                if note:
                    st.markdown(f"**{md_text(note)}**" if q.settlement.naturals[seat] else md_text(note))
    answered = state.answers.get(index)
    number_column, button_column = st.columns([2, 1], vertical_alignment="bottom")
    number_column.number_input(
        t("drill.settle.answer", a=q.a + 1, b=q.b + 1), min_value=-999.0, max_value=999.0, step=1.0, value=None,
        format="%g", placeholder=t("drill.settle.placeholder"), key=f"drill_settle_value_{index}",
        disabled=answered is not None,
    )
    button_column.button(
        t("drill.settle.submit"), key="drill_settle_submit", disabled=answered is not None, type="primary",
        width="stretch", on_click=_settle_submit, args=(state, index, q),
    )
    problem = st.session_state.get(_settle_problem_key(index))
    if problem and answered is None:
        st.warning(problem, icon=":material/edit:")


def _settle_feedback(q: SettleQuestion, answer: Answer, rule_set: RuleSet, lang: str) -> None:
    template = "drill.settle.key" if q.key > 0 else "drill.settle.key_pay" if q.key < 0 else "drill.settle.key_even"
    key = t(template, a=q.a + 1, b=q.b + 1, total=abs(q.key))
    given = md_text(answer_text(q, answer.given, rule_set, lang))
    _verdict(answer.correct, t("drill.right_plain", answer=key), t("drill.settle.wrong", answer=key, given=given))
    rows = [
        {
            t("drill.settle.col_chi"): signed(item.amount),
            t("drill.settle.col_item"): md_text(describe_item(item, rule_set, lang)),
            t("drill.settle.col_source"): provenance_note(item.provenance, lang),
        }
        for item in q.pair.items
    ]
    rows.append({t("drill.settle.col_chi"): f"**{signed(q.key)}**",
                 t("drill.settle.col_item"): f"**{t('drill.settle.total', a=q.a + 1, b=q.b + 1)}**",
                 t("drill.settle.col_source"): ""})
    show_table(pd.DataFrame(rows))
    notes = []
    if any(item.kind is ItemKind.SCOOP for item in q.pair.items):
        scooped = q.settlement.scoops
        notes.append(t("drill.settle.scoops", seats=", ".join(
            t("drill.settle.scooped", seat=seat + 1, count=len(scooped[seat])) for seat in range(len(scooped))
            if scooped[seat])))
    if len(q.arrangements) > 2:
        notes.append(t("drill.settle.pairwise"))
    for note in notes:
        st.caption(note)


# --------------------------------------------------------------------------- spot the instant win


def _natural_question(state: SetState, index: int, q: NaturalQuestion, rule_set: RuleSet, lang: str) -> None:
    st.markdown(t("drill.natural.prompt", rules=md_text(rule_set.name(lang))))
    # High to low rather than grouped: runs (three straights) stay visible, pairs stay side by side.
    cards = sorted(q.cards, reverse=True)
    st.markdown(hand_html(cards, label=t("drill.dealt"), width=CARD_WIDTH), unsafe_allow_html=True)
    _choices(state, index, q, q.choices, rule_set, lang, 0)


def _natural_feedback(q: NaturalQuestion, answer: Answer, rule_set: RuleSet, lang: str) -> None:
    if q.win is not None:
        key = t("drill.natural.key", name=natural_name(q.win.pattern, lang), chi=q.win.chi)
    else:
        key = t("drill.natural.key_none")
    _verdict(answer.correct, t("drill.right_plain", answer=key), t("drill.wrong_plain", answer=key))
    if q.win is not None:
        st.caption(provenance_note(q.win.rule.provenance, lang))
        if q.win.split is not None:
            st.markdown(t("drill.natural.split"))
            _arrangement(q.win.split, rule_set, lang, values=False, width=SMALL_CARD_WIDTH)
    listed = {rule.pattern: rule.chi for rule in rule_set.naturals}
    others = [p for p in q.matches if p is not q.key]
    also = [p for p in others if p in listed]
    unlisted = [p for p in others if p not in listed]
    if also:
        names = ", ".join(f"{natural_name(p, lang)} ({listed[p]})" for p in also)
        st.markdown(t(f"drill.natural.also.{rule_set.several_patterns.value}", names=names))
    if unlisted:
        st.markdown(t("drill.natural.unlisted", names=", ".join(natural_name(p, lang) for p in unlisted),
                      rules=md_text(rule_set.name(lang))))
    if q.build in NEAR_MISSES:
        st.markdown(t(f"drill.natural.near.{q.build.value}"))
    quad = max(Counter(card.rank for card in q.cards).values()) == 4
    if q.key is NaturalPattern.LUC_PHE_BON and q.build in (Build.TRIPS_AS_PAIR, Build.QUAD_AS_TWO_PAIRS) or (
            q.key is NaturalPattern.NAM_DOI_SAM and quad):
        st.markdown(t("drill.natural.pairs_reading"))
    st.caption(_natural_facts(q.cards))


def _natural_facts(cards: Sequence[Card]) -> str:
    """What the instant wins look at, counted: pairs (trips one, quads two), colours, suits."""
    ranks = Counter(card.rank for card in cards)
    suits = sorted(Counter(card.suit for card in cards).values(), reverse=True)
    red = sum(card.suit.is_red for card in cards)
    return t("drill.natural.facts", pairs=sum(n // 2 for n in ranks.values()), red=red, black=len(cards) - red,
             suits="-".join(str(n) for n in suits))


# --------------------------------------------------------------------------- báo hay đánh? (declare or play)


def _declare_question(state: SetState, index: int, q: DeclareQuestion, rule_set: RuleSet, lang: str) -> None:
    st.markdown(t("drill.declare.prompt", rules=md_text(rule_set.name(lang)), pattern=natural_name(q.natural.pattern, lang),
                  chi=q.natural.chi))
    st.markdown(hand_html(sorted(q.cards, reverse=True), label=t("drill.dealt"), width=CARD_WIDTH),
                unsafe_allow_html=True)
    st.caption(t("drill.declare.split"))
    _arrangement(q.split, rule_set, lang, width=SMALL_CARD_WIDTH)
    _choices(state, index, q, q.choices, rule_set, lang, 2)


def _declare_feedback(q: DeclareQuestion, answer: Answer, rule_set: RuleSet, lang: str) -> None:
    key = t(f"drill.declare.{q.key.value}")
    given = answer.given if isinstance(answer.given, DeclareAnswer) else q.key
    cost = q.cost(given)
    right = t("drill.declare.right", answer=key, gap=number(q.gap, lang), err=number(q.gap_stderr, lang))
    wrong = t("drill.declare.wrong", answer=key, cost=number(cost, lang), err=number(q.gap_stderr, lang))
    _verdict(answer.correct, right, wrong)
    show_explanation(explain(q), rule_set, lang)
    with details():
        _declare_tables(q, rule_set, lang)


def _declare_tables(q: DeclareQuestion, rule_set: RuleSet, lang: str) -> None:
    """The numbers behind a "báo hay đánh?" answer: each choice's mean, line by line, and the rule's source."""
    declared, played = q.results
    show_table(pd.DataFrame([
        {t("drill.declare.col_choice"): t(f"drill.declare.{choice.value}"),
         t("drill.col_mean"): with_error(number(result.mean, lang, signed=True), number(result.stderr, lang))}
        for choice, result in zip(q.choices, (declared, played))
    ]))
    st.markdown(f"**{t('drill.lines_title')}**")
    show_table(pd.DataFrame([
        {t("drill.arrange.col_line"): md_text(line_name(line, rule_set, lang)),
         **{t(f"drill.declare.{choice.value}"): number(b.lines.get(line, 0.0), lang, signed=True)
            for choice, b in zip(q.choices, q.breakdowns)}}
        for line in breakdown_lines(*q.breakdowns)
    ]))
    st.caption(provenance_note(q.natural.rule.provenance, lang))
    st.caption(t("drill.declare.method", samples=declared.samples))


# --------------------------------------------------------------------------- dispatch


# --------------------------------------------------------------------------- which rule set is this split best for


def _rules_question(state: SetState, index: int, q: RulesQuestion, rule_set: RuleSet, lang: str) -> None:
    st.markdown(t("drill.rules.prompt"))
    st.markdown(_hand(q.cards, t("drill.dealt"), SMALL_CARD_WIDTH), unsafe_allow_html=True)
    st.markdown(f"**{t('drill.rules.split')}**")  # named as the set's rule set names chi, not the key's
    st.markdown(arrangement_html(q.split, rule_set, lang), unsafe_allow_html=True)
    _choices(state, index, q, list(q.choices), rule_set, lang, 2)


def _rules_feedback(q: RulesQuestion, answer: Answer, rule_set: RuleSet, lang: str) -> None:
    names = {r.id: md_text(r.name(lang)) for r in q.play.rule_sets}
    _verdict(answer.correct, t("drill.rules.right", rules=names[q.key]), t("drill.rules.wrong", rules=names[q.key]))
    show_explanation(explain(q), rule_set, lang)
    with details():
        show_play_by_rules(q.play, lang, rule_set, chosen_on=RULES_CHOSEN_ON)


_VIEWS: dict[type, tuple[Callable[..., None], Callable[..., None]]] = {
    BetterQuestion: (_better_question, _better_feedback),
    ArrangeQuestion: (show_arrange_question, show_arrange_feedback),
    ChiQuestion: (_chi_question, _chi_feedback),
    FoulQuestion: (_foul_question, _foul_feedback),
    SettleQuestion: (_settle_question, _settle_feedback),
    NaturalQuestion: (_natural_question, _natural_feedback),
    DeclareQuestion: (_declare_question, _declare_feedback),
    RulesQuestion: (_rules_question, _rules_feedback),
}
"""Per kind of question: the view drawing it with its answer controls, and the one giving its feedback."""


def show_question(state: SetState, index: int, question: Question, rule_set: RuleSet, lang: str) -> None:
    """Draw question ``index`` with its answer controls (disabled once answered)."""
    _VIEWS[type(question)][0](state, index, question, rule_set, lang)


def show_feedback(question: Question, answer: Answer, rule_set: RuleSet, lang: str) -> None:
    """Right or wrong, the numbers behind it, the rule that decided, and the lesson step that teaches it."""
    _VIEWS[type(question)][1](question, answer, rule_set, lang)
    _time(question, answer, rule_set, lang)
    show_themes(question.themes, rule_set, lang)
    lesson_link(question.lesson, rule_set, lang)
