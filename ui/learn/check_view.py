"""“Check my hand” drawn with Streamlit: type or pick cards, see the engine's verdict (reading: :mod:`ui.learn.check`).

The text the learner typed is kept in the session (``learn_check_text``) and never cleared; problems
are named next to it in the session's language.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from maubinh.arrangement import Arrangement, foul_reason
from maubinh.cards import FULL_DECK, Card, cards_text, grouped
from maubinh.naturals import find_instant_win
from maubinh.rules import POSITIONS, RULE_SET_IDS, Bonus, Position, load_rule_set
from ui.cards import show_cards
from ui.escape import md_text
from ui.i18n import t
from ui.labels import bonus_name, category_name, describe_foul, describe_value, natural_name
from ui.learn.check import MAX_CHECK_TEXT, CheckMode, HandCheck, Problem, ProblemKind, check_hand
from ui.learn.draw import CARD_WIDTH, LessonContext, seat_html
from ui.params import markdown_literal
from ui.problems import problem_lines

__all__ = ["CHECK_PICK_KEY", "CHECK_TEXT_KEY", "check_tool", "problem_text", "show_check_result"]

CHECK_TEXT_KEY = "learn_check_text"
CHECK_PICK_KEY = "learn_check_pick"

# --------------------------------------------------------------------------- check my hand


_EXAMPLES = {
    "chi": "Qs Qc Kh",
    "split": "Js Jd 8h 8c 4d | Qh Qd 9c 5s 3h | Qs Qc Kh",
    "cards": "2s 2h 5d 5c 7s 7h 9d 9c Js Jh Kd Kc As",
}


def _set_check_text(text: str) -> None:
    st.session_state[CHECK_TEXT_KEY] = text


def _use_picked() -> None:
    picked = st.session_state.get(CHECK_PICK_KEY) or []
    st.session_state[CHECK_TEXT_KEY] = cards_text(picked)


def problem_text(problem: Problem, ctx: LessonContext) -> str:
    """One problem of the typed text, in words (the typed text escaped)."""
    token = markdown_literal(problem.token)
    if problem.kind is ProblemKind.RANK:
        return t("learn.check.error.rank", token=token)
    if problem.kind is ProblemKind.SUIT:
        return t("learn.check.error.suit", token=token)
    if problem.kind is ProblemKind.DUPLICATE:
        return t("learn.check.error.duplicate", card=problem.card.pretty if problem.card else token)
    if problem.kind is ProblemKind.GROUPS:
        return t("learn.check.error.groups", got=problem.got)
    if problem.kind is ProblemKind.COUNT:
        return t("learn.check.error.count", got=problem.got)
    if problem.kind is ProblemKind.LONG:
        return t("learn.check.error.long", got=problem.got, maximum=MAX_CHECK_TEXT)
    if problem.kind is ProblemKind.CHI_SIZE and problem.position:
        return t("learn.check.error.chi_size", group=problem.group, position=ctx.name(problem.position),
                 size=problem.position.size, got=problem.got)
    return t("learn.check.error.empty")


def _bonus_text(position: Position, bonus: Bonus | None, ctx: LessonContext) -> str:
    if bonus is None:
        return t("learn.check.if_wins_plain", position=ctx.name(position), chi=ctx.rule_set.chi_win)
    return t("learn.check.if_wins_bonus", position=ctx.name(position), chi=bonus.chi,
             bonus=bonus_name(bonus.hand, ctx.lang))


def _natural_line(result: HandCheck, ctx: LessonContext) -> None:
    name = ctx.rules_name()
    if result.natural is not None:
        st.success(t("learn.instant.found", name=name, pattern=natural_name(result.natural.pattern, ctx.lang),
                     chi=result.natural.chi), icon=":material/emoji_events:")
    else:
        st.info(t("learn.instant.none", name=name))
    others = [p for p in result.patterns if result.natural is None or p is not result.natural.pattern]
    if others:
        st.caption(t("learn.check.also_matches", patterns=", ".join(natural_name(p, ctx.lang) for p in others)))


def _suggestion(arrangement: Arrangement, ctx: LessonContext) -> None:
    st.markdown(f"**{t('learn.check.suggestion', name=ctx.rules_name())}**")
    st.markdown(seat_html(arrangement, ctx), unsafe_allow_html=True)
    text = " | ".join(cards_text(grouped(arrangement.chi(p))) for p in POSITIONS)
    st.button(t("learn.check.use_suggestion"), key="learn_check_use", on_click=_set_check_text, args=(text,),
              icon=":material/edit:")


def _everywhere(result: HandCheck, ctx: LessonContext) -> None:
    """The same cards under every source: binh lủng or not (a split), the instant win."""
    rows = []
    for rs in [load_rule_set(i) for i in RULE_SET_IDS]:
        win = find_instant_win(result.cards, rs)
        name = md_text(rs.name(ctx.lang))
        row = {t("learn.col.rule_set"): f"**{name}**" if rs.id == ctx.rule_set.id else name}
        if result.arrangement is not None:
            legal = foul_reason(result.arrangement, rs) is None
            row[t("learn.col.foul")] = t("learn.quiz.legal") if legal else t("learn.quiz.foul")
        row[t("learn.col.pattern")] = (
            t("learn.instant.short", pattern=natural_name(win.pattern, ctx.lang), chi=win.chi)
            if win else t("learn.instant.short_none")
        )
        rows.append(row)
    st.markdown(f"**{t('learn.check.everywhere')}**")
    st.table(rows, hide_index=True)


def _front_looks(cards: Sequence[Card]) -> str | None:
    ranks = sorted(int(c.rank) for c in cards)
    if len({c.suit for c in cards}) == 1:
        return t("learn.check.front_no_flush")
    if ranks in ([2, 3, 14], *([r, r + 1, r + 2] for r in range(2, 13))):
        return t("learn.check.front_no_straight")
    return None


def show_check_result(result: HandCheck, ctx: LessonContext) -> None:
    """What the engine says of the typed cards."""
    if result.problems:
        st.error(t("learn.check.problems") + "\n" + problem_lines((problem_text(p, ctx) for p in result.problems),
                                                                 ctx.lang))
        return
    if result.mode is CheckMode.CHI:
        chi = result.chis[0]
        show_cards(chi.cards, label=describe_value(chi.value, ctx.lang), width=CARD_WIDTH + 10)
        st.markdown(f"**{t('learn.check.category')}** {category_name(chi.value.category, ctx.lang)}")
        st.markdown("\n".join(f"- {_bonus_text(position, bonus, ctx)}" for position, bonus in chi.bonuses))
        if len(chi.cards) == 3:
            note = _front_looks(chi.cards)
            if note:
                st.caption(note)
        return
    if result.mode is CheckMode.CARDS:
        show_cards(grouped(result.cards), width=CARD_WIDTH)
        _natural_line(result, ctx)
        if result.suggestion is not None:
            _suggestion(result.suggestion, ctx)
        st.caption(t("learn.check.split_hint"))
        _everywhere(result, ctx)
        return
    assert result.arrangement is not None
    if result.front_first:
        st.caption(t("learn.check.front_first"))
    st.markdown(seat_html(result.arrangement, ctx, highlight=result.foul[1] if result.foul else None),
                unsafe_allow_html=True)
    verdict = describe_foul(result.arrangement, ctx.rule_set, ctx.lang)
    if result.foul:
        st.error(verdict, icon=":material/close:")
    else:
        st.success(verdict, icon=":material/check:")
    st.markdown("\n".join(f"- {_bonus_text(c.position, c.bonuses[0][1], ctx)}" for c in result.chis if c.position))
    _natural_line(result, ctx)
    if result.suggestion is not None:
        _suggestion(result.suggestion, ctx)
    _everywhere(result, ctx)


def check_tool(ctx: LessonContext) -> None:
    """Type (or pick) cards, check them under the chosen rule set; problems right under the box, the text kept."""
    st.session_state.setdefault(CHECK_TEXT_KEY, "")
    with st.form("learn_check_form"):
        st.text_area(t("learn.check.input"), key=CHECK_TEXT_KEY, placeholder=t("learn.check.placeholder"),
                     height=90, help=t("learn.check.input_help"), max_chars=MAX_CHECK_TEXT)
        st.form_submit_button(t("learn.check.submit"), type="primary", icon=":material/search:")
    text = st.session_state.get(CHECK_TEXT_KEY, "")
    result = check_hand(text, ctx.rule_set) if text.strip() else None
    if result is not None and result.problems:
        show_check_result(result, ctx)
    examples = st.columns(len(_EXAMPLES))
    for column, (name, example) in zip(examples, _EXAMPLES.items()):
        column.button(t(f"learn.check.example.{name}"), key=f"learn_check_example_{name}", on_click=_set_check_text,
                      args=(example,), width="stretch")
    with st.expander(t("learn.check.pick")):
        st.multiselect(t("learn.check.pick_label"), sorted(FULL_DECK, key=lambda c: (c.suit.value, -c.rank)),
                       format_func=lambda card: card.pretty, key=CHECK_PICK_KEY, max_selections=13)
        st.button(t("learn.check.pick_use"), key="learn_check_pick_use", on_click=_use_picked)
    if result is None:
        st.info(t("learn.check.empty_hint"))
    elif not result.problems:
        with st.container(border=True, key="learn_check_result"):
            show_check_result(result, ctx)
