"""The Đấu địa chủ score calculator: a finished game's facts in, each player's points and why out.

Every input is a bounded widget (seats, bid, a bomb count 0..13, check boxes), so nothing typed can be
unreadable; facts that cannot go together are still caught by the engine (:class:`ScoreError`) and shown
next to the inputs. Session-state keys start with ``ddz_calc_``.
"""

from __future__ import annotations

import streamlit as st

from daudiachu.rules import Topic, load_rules
from daudiachu.scoring import MAX_BOMBS, Game, ScoreError, Spring, score
from ui.daudiachu.labels import call_label, note_markdown, score_lines, seat_name, seat_with_role, signed
from ui.i18n import t, translate

__all__ = ["ENDINGS", "render_calculator"]

ENDINGS = ("out", "quit")
"""How the game ended: someone went out (emptied their hand), or someone quit."""


def _inputs(lang: str) -> tuple[Game | None, str | None]:
    """The calculator's inputs; the game they describe, or ``None`` and the engine's objection."""
    rules = load_rules()
    seats = list(range(rules.players))
    left, middle, right = st.columns(3)
    landlord = left.selectbox(
        t("ddz.calc.landlord"), seats, format_func=lambda seat: seat_name(seat, lang), key="ddz_calc_landlord"
    )
    bid = left.radio(
        t("ddz.calc.bid"), rules.bids, format_func=lambda n: call_label(n, lang), horizontal=True,
        key="ddz_calc_bid",
    )
    ending = middle.radio(
        t("ddz.calc.ending"), ENDINGS, format_func=lambda value: translate(f"ddz.calc.ending.{value}", lang),
        key="ddz_calc_ending"
    )
    who = middle.selectbox(
        t("ddz.calc.who_out") if ending == "out" else t("ddz.calc.who_quit"),
        seats,
        format_func=lambda seat: seat_with_role(seat, landlord, lang),
        key="ddz_calc_who",
    )
    bombs = right.number_input(
        t("ddz.calc.bombs"), min_value=0, max_value=MAX_BOMBS, value=0, step=1, key="ddz_calc_bombs",
        help=t("ddz.calc.bombs_help", max=MAX_BOMBS),
    )
    rocket = right.checkbox(t("ddz.calc.rocket"), key="ddz_calc_rocket")
    case = Spring.SPRING if who == landlord else Spring.ANTI_SPRING  # the case that fits who went out
    spring_on = st.checkbox(
        t(f"ddz.calc.spring.{case.value}"),
        key=f"ddz_calc_spring_{case.value}",
        disabled=ending != "out",
        help=t("ddz.calc.spring_help"),
    )
    try:
        game = Game(
            bid=bid,
            landlord=landlord,
            went_out=who if ending == "out" else None,
            quit=who if ending == "quit" else None,
            bombs=int(bombs),
            rocket=rocket,
            spring=case if spring_on and ending == "out" else Spring.NONE,
        )
    except ScoreError as error:  # pragma: no cover - the widgets only offer facts that fit
        return None, str(error)
    return game, None


def render_calculator(lang: str) -> None:
    """The calculator tab: inputs, each player's points as metrics, then the steps and the rules used."""
    st.write(t("ddz.calc.intro"))
    game, problem = _inputs(lang)
    if game is None:
        st.error(t("ddz.calc.impossible", why=problem or ""))
        return
    result = score(game)
    for seat, column in enumerate(st.columns(load_rules().players)):
        column.metric(seat_with_role(seat, game.landlord, lang), signed(result.points[seat]))
    st.markdown("\n".join(f"- {line}" for line in score_lines(result, lang)))
    st.caption(t("ddz.calc.zero_sum"))
    topics = [Topic.SCORING, Topic.LANDLORD_SHARE]
    if game.spring is not Spring.NONE:
        topics.append(Topic.SPRING)
    if game.quit is not None:
        topics = [Topic.ABANDON]
    with st.expander(t("ddz.calc.rules_used"), expanded=game.spring is not Spring.NONE or game.quit is not None):
        for topic in topics:
            st.markdown(note_markdown(load_rules().note(topic), lang))
