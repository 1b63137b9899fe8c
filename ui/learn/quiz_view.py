"""The three-question quiz at the end of each lesson step, drawn with Streamlit (questions: :mod:`ui.learn.quiz`).

The answers are the engine's (carried by each :class:`~ui.learn.quiz.Question`); this module only asks,
collects the choices in a form, says right or wrong with the engine's reasons, and links to the Drill page.
The questions are dealt from a seed kept in the link (``?quiz=<seed>``, 1 when the link has none), so a
link gives everyone the same questions; "New questions" deals fresh ones from a new random seed.
Session-state keys: ``learn_quiz_seed`` (the seed) and ``learn_quiz_<step>_<seed>_<rule set>`` (the graded
choices; ``..._<n>`` the radio of question n).
"""

from __future__ import annotations

import random
from functools import partial

import streamlit as st
from streamlit.errors import StreamlitAPIException

from maubinh.cards import grouped
from maubinh.hands import Category, evaluate
from maubinh.rules import POSITIONS, NaturalPattern, Position, RuleSet, load_rule_set
from ui.cards import hand_html, show_cards
from ui.escape import md_text
from ui.i18n import t, translate
from ui.labels import category_name, describe_foul, describe_value, natural_name
from ui.learn.draw import CARD_WIDTH, LessonContext, pair_rows, player, show_seats, signed
from ui.learn.quiz import Question, QuizKind, quiz
from ui.lesson_path import mark_step, passed
from ui.params import int_param

__all__ = ["DRILL_PAGE", "MAX_QUIZ_SEED", "QUIZ_PARAM", "option_text", "page_link_to_drill", "question_prompt",
           "quiz_block", "quiz_seed"]

QUIZ_PARAM = "quiz"
"""Query parameter of the quiz seed (``?quiz=7``)."""
MAX_QUIZ_SEED = 10**6
_SEED_KEY = "learn_quiz_seed"

DRILL_PAGE = "pages/drill.py"
"""The Drill page's script, for ``st.page_link``."""


def page_link_to_drill(lang: str, rule_set: RuleSet) -> None:
    """A link to the Drill page keeping the language and the rule set (a plain link when the page runs alone)."""
    query = {"lang": lang, "rules": rule_set.id}
    try:
        st.page_link(DRILL_PAGE, label=t("learn.quiz.drill_link"), icon=":material/quiz:", query_params=query)
    except StreamlitAPIException:  # run as a lone script (tests): no page list to link into
        st.markdown(f"[{t('learn.quiz.drill_link')}](/drill?lang={lang})")


# --------------------------------------------------------------------------- the quiz


def quiz_seed() -> int:
    """The seed the quizzes are dealt from: ``?quiz=`` (a broken one is named and dropped), else the
    session's, else 1; kept in the link."""
    seed = int_param(QUIZ_PARAM, minimum=1, maximum=MAX_QUIZ_SEED, default=st.session_state.get(_SEED_KEY, 1))
    st.session_state[_SEED_KEY] = seed
    if st.query_params.get(QUIZ_PARAM) != str(seed):
        st.query_params[QUIZ_PARAM] = str(seed)
    return seed or 1


@st.cache_data(show_spinner=False, max_entries=512)
def _cached_quiz(step: str, seed: int, rule_set_id: str, _rule_set: RuleSet, _key: int) -> tuple[Question, ...]:
    return quiz(step, seed, _rule_set)


def _answers_key(step: str, seed: int, rule_set: RuleSet) -> str:
    return f"learn_quiz_{step}_{seed}_{rule_set.id}"


def _right(questions: tuple[Question, ...], graded: dict[int, str | None]) -> int:
    """How many of ``questions`` the choices ``graded`` (question number -> choice) answer right."""
    return sum(question.is_right(graded.get(i)) for i, question in enumerate(questions))


def _grade(answers_key: str, questions: tuple[Question, ...], step: str, rule_set_id: str) -> None:
    """"Check": keep the choices, and the score in the lesson path (finished when passed, :mod:`ui.lesson_path`)."""
    graded = {i: st.session_state.get(f"{answers_key}_{i}") for i in range(len(questions))}
    st.session_state[answers_key] = graded
    right = _right(questions, graded)
    mark_step(rule_set_id, step, finished=passed(right, len(questions)), score=(right, len(questions)))


def _new_questions() -> None:
    """Deal fresh questions: a new random seed, in the session and the link."""
    old = st.session_state.get(_SEED_KEY, 1)
    seed = old
    while seed == old:
        seed = random.SystemRandom().randint(1, MAX_QUIZ_SEED)
    st.session_state[_SEED_KEY] = seed
    st.query_params[QUIZ_PARAM] = str(seed)


def option_text(question: Question, option: str, ctx: LessonContext) -> str:
    """A quiz option code in words (in ``ctx.lang`` explicitly: radio labels are also formatted outside a run)."""
    kind, lang = question.kind, ctx.lang
    if kind is QuizKind.STRONGER:
        if option == "tie":
            return translate("learn.quiz.tie", lang)
        index = 0 if option == "a" else 1
        label = question.labels[index] if question.labels else None
        return translate("learn.quiz.wins", lang, hand=ctx.name(label) if label else option.upper())
    if kind is QuizKind.CATEGORY:
        return category_name(Category[option], lang)
    if kind is QuizKind.FOUL:
        return translate("learn.quiz.legal" if option == "legal" else "learn.quiz.foul", lang)
    if kind is QuizKind.INSTANT:
        if option == "none":
            return translate("learn.quiz.no_instant", lang)
        return natural_name(NaturalPattern(option), lang)
    if kind is QuizKind.MOST_PAID:
        return load_rule_set(option).name(lang)
    return signed(int(option))


def question_prompt(question: Question, ctx: LessonContext) -> str:
    """What a question asks, in words."""
    kind = question.kind
    if kind is QuizKind.STRONGER:
        if question.labels and question.labels[0]:
            return t("learn.quiz.ask.front_middle", front=ctx.name(Position.FRONT), middle=ctx.name(Position.MIDDLE))
        return t("learn.quiz.ask.stronger")
    if kind is QuizKind.CATEGORY:
        return t("learn.quiz.ask.category")
    if kind is QuizKind.FOUL:
        return t("learn.quiz.ask.foul")
    if kind is QuizKind.INSTANT:
        return t("learn.quiz.ask.instant")
    if kind is QuizKind.PAIR_TOTAL:
        return t("learn.quiz.ask.pair_total", a=player(0), b=player(1))
    if kind is QuizKind.SEAT_TOTAL:
        return t("learn.quiz.ask.seat_total", a=player(0))
    if kind is QuizKind.CHI_AMOUNT and question.position:
        return t("learn.quiz.ask.chi_amount", a=player(0), b=player(1), position=ctx.name(question.position),
                 rules=ctx.rules_name())
    if kind is QuizKind.ACES:
        return t("learn.quiz.ask.aces", a=player(0), b=player(1))
    return t("learn.quiz.ask.most_paid", a=player(0), b=player(1))


def show_question_cards(question: Question, ctx: LessonContext) -> None:
    """The cards a question is about."""
    kind = question.kind
    if kind is QuizKind.STRONGER:
        columns = st.columns(2)
        for index, (column, hand) in enumerate(zip(columns, question.hands)):
            label = question.labels[index] if question.labels else None
            with column:
                show_cards(grouped(hand), label=ctx.plain_name(label) if label else "AB"[index], width=CARD_WIDTH + 6)
    elif kind is QuizKind.CATEGORY:
        show_cards(grouped(question.hands[0]), width=CARD_WIDTH + 6)
    elif kind is QuizKind.INSTANT:
        show_cards(grouped(question.hands[0]), width=CARD_WIDTH)
    elif kind is QuizKind.FOUL:
        rows = "".join(
            hand_html(grouped(question.seats[0].chi(p)), label=ctx.plain_name(p), width=CARD_WIDTH) for p in POSITIONS
        )
        st.markdown(rows, unsafe_allow_html=True)
    else:
        show_seats(question.seats, ctx, highlight=question.position)


def explain(question: Question, ctx: LessonContext) -> None:
    """Why the engine's answer is right: values, the foul check, the instant win or the settlement lines."""
    kind = question.kind
    if kind is QuizKind.STRONGER:
        names = [ctx.name(label) if label else letter for label, letter in zip(question.labels or (None, None), "AB")]
        st.caption(" · ".join(f"{name}: {describe_value(value, ctx.lang)}" for name, value in zip(names, question.values)))
    elif kind is QuizKind.CATEGORY:
        st.caption(describe_value(question.values[0], ctx.lang))
    elif kind is QuizKind.FOUL:
        st.caption(" · ".join(
            f"{ctx.name(p)}: {describe_value(evaluate(question.seats[0].chi(p), ctx.rule_set.wheel), ctx.lang)}"
            for p in POSITIONS
        ) + f" — {md_text(describe_foul(question.seats[0], ctx.rule_set, ctx.lang))}")
    elif kind is QuizKind.INSTANT:
        win = question.natural
        st.caption(t("learn.instant.found", name=ctx.rules_name(), pattern=natural_name(win.pattern, ctx.lang),
                     chi=win.chi) if win else t("learn.instant.none", name=ctx.rules_name()))
    elif kind is QuizKind.MOST_PAID:
        st.caption(" · ".join(f"{md_text(load_rule_set(i).name(ctx.lang))}: {signed(total)}"
                              for i, total in question.by_rule_set))
    elif question.settlement is not None:
        pairs = [p for p in question.settlement.pairs if p.a == 0 and (kind is QuizKind.SEAT_TOTAL or p.b == 1)]
        for pair in pairs:
            if len(pairs) > 1:
                st.caption(t("learn.pair", a=player(pair.a), b=player(pair.b), total=signed(pair.total)))
            st.table(pair_rows(pair, ctx), hide_index=True)


def quiz_block(step: str, ctx: LessonContext, best: tuple[int, int] | None = None) -> None:
    """Three questions on the step, graded by the engine, with the reasons, the ``best`` score kept (right, total;
    ``None`` before any), and a link to the Drill page."""
    seed = quiz_seed()
    questions = _cached_quiz(step, seed, ctx.rule_set.id, ctx.rule_set, hash(ctx.rule_set))
    answers_key = _answers_key(step, seed, ctx.rule_set)
    graded: dict[int, str | None] | None = st.session_state.get(answers_key)
    with st.container(border=True, key=f"learn_quiz_box_{step}"):
        st.subheader(t("learn.quiz.title"), anchor="quiz")
        st.caption(t("learn.quiz.intro", seed=seed))
        with st.form(key=f"learn_quiz_form_{step}_{seed}_{ctx.rule_set.id}", border=False):
            for i, question in enumerate(questions):
                st.markdown(f"**{t('learn.quiz.number', n=i + 1)}** {question_prompt(question, ctx)}")
                show_question_cards(question, ctx)
                st.radio(
                    t("learn.quiz.answer", n=i + 1),
                    question.options,
                    index=None,
                    format_func=partial(option_text, question, ctx=ctx),
                    key=f"{answers_key}_{i}",
                    horizontal=True,
                    label_visibility="collapsed",
                )
                if graded is not None:
                    choice = graded.get(i)
                    right = option_text(question, question.answer, ctx)
                    if question.is_right(choice):
                        st.success(t("learn.quiz.right", answer=right))
                    elif choice is None:
                        st.warning(t("learn.quiz.unanswered", answer=right))
                    else:
                        st.error(t("learn.quiz.wrong", answer=right))
                    explain(question, ctx)
                if i + 1 < len(questions):
                    st.divider()
            st.form_submit_button(t("learn.quiz.check"), type="primary", on_click=_grade,
                                  args=(answers_key, questions, step, ctx.rule_set.id))
        if graded is not None:
            score = _right(questions, graded)
            st.markdown(f"### {t('learn.quiz.score', right=score, total=len(questions))}")
        if best is not None:
            st.caption(t("learn.quiz.best", right=best[0], total=best[1]))
        again, drill = st.columns(2)
        again.button(t("learn.quiz.again"), key=f"learn_quiz_again_{step}", on_click=_new_questions,
                     icon=":material/refresh:")
        with drill:
            page_link_to_drill(ctx.lang, ctx.rule_set)
