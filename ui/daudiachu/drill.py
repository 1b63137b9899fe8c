"""The Đấu địa chủ drills: "what type is this play?", "can this play follow that one?" and "score this game",
seeded (``?seed=`` in the URL) and graded by the engine (:mod:`daudiachu.drills`).

Session state (all keys start with ``ddz_``): ``ddz_drill_seed`` (the set), ``ddz_drill_number`` (the
question number per kind) and ``ddz_drill_answers`` (per kind, seed and number: the answer given and
whether it was right).
"""

from __future__ import annotations

import secrets
from typing import Any

import pandas as pd
import streamlit as st

from daudiachu.drills import (
    TYPE_CHOICES,
    FollowQuestion,
    ScoreQuestion,
    TypeQuestion,
    follow_question,
    score_question,
    type_question,
)
from daudiachu.plays import PlayType
from daudiachu.rules import load_rules
from daudiachu.scoring import Spring
from ui.daudiachu.cards import show_play
from ui.daudiachu.labels import (
    describe_play,
    describe_rejection,
    describe_verdict,
    score_lines,
    seat_name,
    seat_with_role,
    signed,
    type_name,
)
from ui.i18n import t, translate
from ui.params import int_param

__all__ = ["DRILL_KINDS", "drill_seed", "render_drills"]

DRILL_KINDS = ("type", "follow", "score")
"""The three drills, by id (the radio's options; texts ``ddz.drill.kind.<id>``)."""
SEED_PARAM = "seed"
MAX_SEED = 10**9
CARD_WIDTH = 48

AnswerKey = tuple[str, int, int]


def _state() -> tuple[dict[str, int], dict[AnswerKey, tuple[Any, bool]]]:
    numbers: dict[str, int] = st.session_state.setdefault("ddz_drill_number", {kind: 0 for kind in DRILL_KINDS})
    answers: dict[AnswerKey, tuple[Any, bool]] = st.session_state.setdefault("ddz_drill_answers", {})
    return numbers, answers


def drill_seed() -> int:
    """The set's seed from ``?seed=`` (a broken one is named and dropped), else the session's, else 1.

    The page reads it above its tabs, so that a broken seed is named whichever tab is open."""
    seed = int_param(SEED_PARAM, minimum=0, maximum=MAX_SEED)
    if seed is None:
        seed = st.session_state.get("ddz_drill_seed", 1)
    if st.session_state.get("ddz_drill_seed") != seed:
        st.session_state.ddz_drill_seed = seed
        st.session_state.ddz_drill_number = {kind: 0 for kind in DRILL_KINDS}
    st.query_params[SEED_PARAM] = str(seed)
    return seed


def _new_set() -> None:
    st.query_params[SEED_PARAM] = str(secrets.randbelow(MAX_SEED) + 1)


def _next(kind: str) -> None:
    st.session_state.ddz_drill_number[kind] += 1


def _feedback(correct: bool, right_text: str, wrong_text: str) -> None:
    if correct:
        st.success(right_text)
    else:
        st.error(wrong_text)


def _type_drill(question: TypeQuestion, answers: dict[AnswerKey, tuple[Any, bool]], key: AnswerKey, lang: str) -> None:
    st.write(t("ddz.drill.type_prompt"))
    show_play(question.cards, lang=lang, width=CARD_WIDTH)
    # Radio options are ids ("pair", ..., "not_a_play"): None is the radio's "nothing picked yet".
    choices = {_choice_id(choice): choice for choice in TYPE_CHOICES}
    labels = {_choice_id(choice): _choice_label(choice, lang) for choice in TYPE_CHOICES}
    if key not in answers:
        with st.form(f"ddz_type_form_{question.seed}_{question.index}", border=False):
            picked = st.radio(
                t("ddz.drill.type_choice"),
                list(choices),
                index=None,
                format_func=labels.__getitem__,
                horizontal=True,
                key=f"ddz_type_choice_{question.seed}_{question.index}",
            )
            submitted = st.form_submit_button(t("ddz.drill.check"), type="primary", key="ddz_type_check")
        if submitted and picked is None:
            st.warning(t("ddz.drill.pick_one"))
        elif submitted and picked is not None:
            answers[key] = (picked, question.grade(choices[picked]))
            st.rerun()
        return
    picked, correct = answers[key]
    if question.play is not None:  # the answer and why: what makes cards that type
        kind = question.play.type
        answer = t("ddz.drill.type_why", play=describe_play(question.play, lang), name=type_name(kind, lang),
                   definition=t(f"ddz.define.{kind.value}"))
    else:
        reason = describe_rejection(question.rejection, lang) if question.rejection else ""
        answer = t("ddz.try.not_a_play", why=reason)
    _feedback(
        correct,
        t("ddz.drill.right", answer=answer),
        t("ddz.drill.wrong", answer=answer, given=labels.get(picked, "—")),
    )


NOT_A_PLAY = "not_a_play"
"""The type drill's answer id for "not a play"."""


def _choice_id(choice: PlayType | None) -> str:
    return NOT_A_PLAY if choice is None else choice.value


def _choice_label(choice: PlayType | None, lang: str) -> str:
    return translate("ddz.drill.not_a_play", lang) if choice is None else type_name(choice, lang)


def _follow_drill(
    question: FollowQuestion, answers: dict[AnswerKey, tuple[Any, bool]], key: AnswerKey, lang: str
) -> None:
    st.write(t("ddz.drill.follow_prompt"))
    left, right = st.columns(2)
    with left:
        show_play(question.previous.cards, lang=lang, width=CARD_WIDTH,
                  label=t("ddz.on_table", play=describe_play(question.previous, lang)))
    with right:
        show_play(question.play.cards, lang=lang, width=CARD_WIDTH,
                  label=t("ddz.to_play", play=describe_play(question.play, lang)))
    answered = key in answers
    yes, no = st.columns(2)
    for column, answer, text in ((yes, True, t("ddz.drill.can")), (no, False, t("ddz.drill.cannot"))):
        if column.button(text, key=f"ddz_follow_{'yes' if answer else 'no'}", disabled=answered, width="stretch"):
            answers[key] = (answer, question.grade(answer))
            st.rerun()
    if answered:
        _, correct = answers[key]
        why = describe_verdict(question.verdict, question.play, question.previous, lang)
        verdict = t("ddz.drill.can") if question.beats else t("ddz.drill.cannot")
        told = f"{verdict} — {why}"
        _feedback(correct, t("ddz.drill.right", answer=told), t("ddz.drill.wrong_follow", answer=told))


def _facts(question: ScoreQuestion, lang: str) -> list[str]:
    game = question.game
    facts = [
        t("ddz.fact.landlord", seat=seat_name(game.landlord, lang), bid=game.bid),
        t("ddz.fact.bombs", n=game.bombs),
        t("ddz.fact.rocket_yes") if game.rocket else t("ddz.fact.rocket_no"),
    ]
    if game.quit is not None:
        facts.append(t("ddz.fact.quit", seat=seat_with_role(game.quit, game.landlord, lang)))
    else:
        went_out = game.went_out if game.went_out is not None else 0
        facts.append(t("ddz.fact.went_out", seat=seat_with_role(went_out, game.landlord, lang)))
        facts.append(t(f"ddz.fact.spring.{game.spring.value}") if game.spring is not Spring.NONE
                     else t("ddz.fact.spring.none"))
    return facts


def _score_drill(
    question: ScoreQuestion, answers: dict[AnswerKey, tuple[Any, bool]], key: AnswerKey, lang: str
) -> None:
    st.write(t("ddz.drill.score_prompt"))
    st.markdown("\n".join(f"- {fact}" for fact in _facts(question, lang)))
    players = load_rules().players
    game = question.game
    if key not in answers:
        with st.form(f"ddz_score_form_{question.seed}_{question.index}", border=False):
            columns = st.columns(players)
            given = [
                column.number_input(
                    seat_with_role(seat, game.landlord, lang),
                    min_value=-10**6,
                    max_value=10**6,
                    value=0,
                    step=1,
                    key=f"ddz_score_in_{question.seed}_{question.index}_{seat}",
                )
                for seat, column in enumerate(columns)
            ]
            if st.form_submit_button(t("ddz.drill.check"), type="primary", key="ddz_score_check"):
                points = tuple(int(value) for value in given)
                answers[key] = (points, question.grade(points))
                st.rerun()
        return
    points, correct = answers[key]
    expected = ", ".join(f"{seat_name(s, lang)} {signed(p)}" for s, p in enumerate(question.score.points))
    _feedback(correct, t("ddz.drill.right", answer=expected),
              t("ddz.drill.wrong_score", answer=expected, given=", ".join(signed(p) for p in points)))
    st.markdown("\n".join(f"- {line}" for line in score_lines(question.score, lang)))
    table = pd.DataFrame(
        {
            t("ddz.col.player"): [seat_with_role(s, game.landlord, lang) for s in range(players)],
            t("ddz.col.yours"): [signed(p) for p in points],
            t("ddz.col.engine"): [signed(p) for p in question.score.points],
        }
    )
    st.table(table.set_index(t("ddz.col.player")))


def render_drills(lang: str, seed: int) -> None:
    """The drill tab for the set ``seed`` (:func:`drill_seed`): pick a drill, answer its questions one by
    one, see the running score."""
    numbers, answers = _state()
    kind = st.radio(
        t("ddz.drill.kind"),
        DRILL_KINDS,
        format_func=lambda value: translate(f"ddz.drill.kind.{value}", lang),
        horizontal=True,
        key="ddz_drill_kind",
    )
    number = numbers[kind]
    mine = [correct for (k, s, _), (_, correct) in answers.items() if k == kind and s == seed]
    score_box, set_box, new_box = st.columns([2, 2, 1], vertical_alignment="bottom")
    score_box.metric(t("ddz.drill.score"), t("ddz.drill.score_value", right=sum(mine), total=len(mine)))
    set_box.metric(t("ddz.drill.set"), t("ddz.drill.set_value", seed=seed, number=number + 1))
    new_box.button(t("ddz.drill.new_set"), key="ddz_new_set", on_click=_new_set)

    st.subheader(t("ddz.drill.question", number=number + 1))
    key: AnswerKey = (kind, seed, number)
    if kind == "type":
        _type_drill(type_question(seed, number), answers, key, lang)
    elif kind == "follow":
        _follow_drill(follow_question(seed, number), answers, key, lang)
    else:
        _score_drill(score_question(seed, number), answers, key, lang)
    if key in answers:
        st.button(t("ddz.drill.next"), type="primary", key="ddz_next", on_click=_next, args=(kind,))

