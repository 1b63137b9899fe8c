"""Drill: which of two arrangements of a dealt hand is better, graded by the engine."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from maubinh.arrangement import Arrangement
from maubinh.cards import grouped
from maubinh.drill import Grade, Question, graded_question
from maubinh.ev import EVResult
from maubinh.rules import POSITIONS, RuleSet, load_rule_set
from ui.cards import hand_html, show_cards
from ui.i18n import t
from ui.labels import describe_chi, describe_foul, number, position_label
from ui.params import int_param
from ui.setup import rule_set_picker, setup_page

LETTERS = ("A", "B")


@st.cache_data(show_spinner=False, max_entries=256)
def load_question(set_seed: int, index: int, rule_set_id: str) -> tuple[Question, Grade]:
    """The graded question, cached: grading settles a few hundred sampled deals."""
    return graded_question(set_seed, index, load_rule_set(rule_set_id))


def current_set() -> int:
    """The drill set's seed from ``?seed=`` (kept in the URL), starting a new set when it changes."""
    seed = int_param("seed", minimum=0, maximum=10**9)
    if seed is None:
        seed = st.session_state.get("drill_set", 1)
    if st.session_state.get("drill_set") != seed:
        st.session_state.drill_set = seed
        st.session_state.drill_number = 0
        st.session_state.drill_answers = {}
    st.query_params["seed"] = str(seed)
    return seed


def show_option(letter: str, arrangement: Arrangement, rule_set: RuleSet, lang: str) -> None:
    st.markdown(f"#### {t('drill.option', letter=letter)}")
    for position in POSITIONS:
        chi = grouped(arrangement.chi(position))
        label = f"{position_label(position, rule_set, lang)} — {describe_chi(chi, rule_set, lang)}"
        st.markdown(hand_html(chi, label=label, width=44), unsafe_allow_html=True)


def result_row(letter: str, result: EVResult | None, rule_set: RuleSet, lang: str) -> dict[str, str]:
    row = {t("drill.col_option"): letter}
    if result is None:
        row[t("drill.col_mean")] = t("drill.fouled")
        return row
    row[t("drill.col_mean")] = f"{number(result.mean, lang, signed=True)} ± {number(result.stderr, lang)}"
    for position in POSITIONS:
        odds = result.chi_odds[position]
        row[position_label(position, rule_set, lang)] = t(
            "drill.odds", win=round(100 * odds.win), tie=round(100 * odds.tie), loss=round(100 * odds.loss)
        )
    return row


def show_feedback(question: Question, grade: Grade, correct: bool, rule_set: RuleSet, lang: str) -> None:
    best = LETTERS[grade.best or 0]
    if correct:
        st.success(t("drill.right", letter=best))
    else:
        st.error(t("drill.wrong", letter=best))
    for letter, arrangement, foul in zip(LETTERS, question.options, grade.fouls):
        if foul:
            st.write(t("drill.reason_foul", letter=letter, why=describe_foul(arrangement, rule_set, lang)))
    a, b = grade.results
    if grade.reason == "ev" and a is not None and b is not None:
        gap, err = number(abs(a.mean - b.mean), lang), number(a.diffs_stderr[1], lang)
        st.write(t("drill.reason_ev", letter=best, gap=gap, err=err, samples=a.samples))
    rows = [result_row(letter, result, rule_set, lang) for letter, result in zip(LETTERS, grade.results)]
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch")
    st.caption(t("drill.method"))


lang = setup_page("nav.drill")
st.title(t("drill.title"))
st.caption(t("drill.intro"))
rule_set = rule_set_picker("drill")
set_seed = current_set()

index: int = st.session_state.drill_number
answers: dict[tuple[int, str], bool] = st.session_state.drill_answers
with st.spinner(t("drill.grading")):
    question, grade = load_question(set_seed, index, rule_set.id)

score, progress = st.columns(2)
score.metric(t("drill.score"), t("drill.score_value", right=sum(answers.values()), total=len(answers)))
progress.metric(t("drill.set"), t("drill.set_value", seed=set_seed, number=index + 1))
st.subheader(t("drill.question", number=index + 1))
st.write(t("drill.prompt"))
show_cards(question.cards, label=t("drill.dealt"))

for column, letter, arrangement in zip(st.columns(2), LETTERS, question.options):
    with column:
        show_option(letter, arrangement, rule_set, lang)

answer_key = (index, rule_set.id)
answered = answer_key in answers
for choice, (column, letter) in enumerate(zip(st.columns(2), LETTERS)):
    if column.button(t("drill.pick", letter=letter), key=f"drill_pick_{choice}", disabled=answered,
                     width="stretch"):
        answers[answer_key] = choice == grade.best
        st.rerun()

if answered:
    show_feedback(question, grade, answers[answer_key], rule_set, lang)
    if st.button(t("drill.next"), type="primary", key="drill_next"):
        st.session_state.drill_number = index + 1
        st.rerun()
