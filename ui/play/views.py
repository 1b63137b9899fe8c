"""The Play page's views: the table's settings, the deal being arranged, the showdown and the analysis."""

from __future__ import annotations

import time

import streamlit as st

from maubinh.naturals import find_instant_win
from maubinh.play import MAX_BOTS, Strength
from maubinh.rules import RuleSet
from maubinh.strategy.decide import decide
from ui.arrange.component import show_arranger
from ui.escape import md_text
from ui.i18n import t, translate
from ui.keep import keep
from ui.labels import natural_name
from ui.play.state import (
    BOTS_KEY,
    SUBMITTED_KEY,
    TIMER_KEY,
    PlaySession,
    analyse_played,
    declare_key,
    solver_split,
    timer_for,
)
from ui.settlement import signed
from ui.setup import rule_set_picker
from ui.table.model import DEFAULT_BOTS, bots_param
from ui.table.timer import CHOICES
from ui.table.views import seat_namer, show_analysis, show_bots_down, show_showdown

__all__ = ["seat_namer", "show_deal", "show_score", "show_settings"]

_COUNT_KEY = "play_bot_count"
FLUSH_S = 0.05
"""How long a run pauses between drawing the showdown and making the analysis: the server's sender (another thread)
then has the interpreter to itself and sends the showdown at once; without the pause it waited for the analysis's
computing thread to let it run, 5 ms at a time, and the showdown reached the browser 0.2-0.5 s later (issue 36)."""


def _set_bots(bots: tuple[Strength, ...]) -> None:
    st.session_state[BOTS_KEY] = bots
    st.query_params["bots"] = bots_param(bots)
    st.query_params["deal"] = "1"


def _on_bots_changed() -> None:
    current = tuple(st.session_state.get(BOTS_KEY, DEFAULT_BOTS))
    raw = st.session_state.get(_COUNT_KEY)
    count = raw if isinstance(raw, int) and 1 <= raw <= MAX_BOTS else len(current)
    chosen = []
    for seat in range(count):
        value = st.session_state.get(f"play_bot_{seat}")
        fallback = current[seat] if seat < len(current) else DEFAULT_BOTS[seat]
        chosen.append(Strength(value) if value in {s.value for s in Strength} else fallback)
    _set_bots(tuple(chosen))


def show_settings(bots: tuple[Strength, ...], seed: int, lang: str) -> RuleSet:
    """The rule set, the computer players (how many, each one's strength), the timer, the seed and "new
    session", folded in an expander (closed: a session always runs, its deal comes first on a phone's screen).

    Args:
        bots: the computer players' strengths, seat 1 first; ``seed``: the table's seed (shown);
        lang: ``"vi"`` or ``"en"``.

    Returns:
        The rule set chosen (:func:`ui.setup.rule_set_picker`).
    """
    notices = st.container()  # a broken ?rules= or ?house= is told here, in view: the expander is folded
    with st.expander(t("play.settings"), expanded=False, icon=":material/tune:"):
        st.caption(t("play.intro"))
        rule_set = rule_set_picker("play", notices=notices)
        st.session_state[_COUNT_KEY] = len(bots)
        for seat, strength in enumerate(bots):
            st.session_state[f"play_bot_{seat}"] = strength.value
        st.segmented_control(t("play.bot_count"), list(range(1, MAX_BOTS + 1)), key=_COUNT_KEY,
                             on_change=_on_bots_changed)
        columns = st.columns(len(bots))
        for seat, column in enumerate(columns):
            column.selectbox(t("play.bot_strength", n=seat + 1), [s.value for s in Strength],
                             format_func=lambda value: translate(f"play.strength.{value}", lang), key=f"play_bot_{seat}",
                             on_change=_on_bots_changed)
        st.caption(t("play.strength_help"))
        keep(TIMER_KEY)  # kept while another page is open (ui.keep)
        st.session_state.setdefault(TIMER_KEY, 0)
        st.segmented_control(t("play.timer"), CHOICES, key=TIMER_KEY, required=True,
                             format_func=lambda s: (translate("play.timer_off", lang) if s == 0
                                                    else translate("play.timer_s", lang, s=s)))
        st.caption(t("play.timer_help"))
        st.caption(t("play.seed_caption", seed=seed))
        if st.button(t("play.new_session"), icon=":material/restart_alt:", key="play_new_session"):
            st.query_params.pop("seed", None)
            st.query_params["deal"] = "1"
            st.rerun()
    return rule_set


def show_score(session: PlaySession) -> None:
    """The running score: chi per seat over the deals played, how many were helped by Xếp bài, and how many the
    timer ran out on."""
    if not session.results:
        return
    names = seat_namer(session.table.bots)
    score = session.score()
    with st.container(key="play_score"):  # one short line (issue 36: four big boxes on a phone before)
        st.markdown(" · ".join(f"**{md_text(names[seat])}** {signed(total)}" for seat, total in enumerate(score)))
    played = len(session.results)
    helped = sum(1 for result in session.results.values() if result.helped)
    timed_out = sum(1 for result in session.results.values() if result.timed_out)
    st.caption(t("play.score_caption", n=played, helped=helped)
               + (" " + t("origin.score_timed_out", n=timed_out) if timed_out else ""))


def _helped(session: PlaySession, number: int) -> None:
    session.helped.add(number)
    table = session.table
    choice = decide(table.deal(number)[0], table.rule_set, opponents=table.seats - 1)
    st.session_state[declare_key(number)] = choice.declare
    st.session_state.pop(SUBMITTED_KEY, None)


def show_deal(session: PlaySession, number: int, lang: str) -> None:
    """Deal ``number``: arranging it, or, once played, the showdown and the analysis.

    While arranging, the deal's heading, "Xếp bài" and the computer players' face-down hands take two short rows
    (one each on a phone), so that the arranging component starts high on the screen; holding an instant win, its
    "Báo mậu binh" switch takes the face-down hands' row (they go below the cards), and once it is on, "Confirm" needs
    no split (the component says so: issue 36).
    """
    table = session.table
    if number in session.results:
        # one heading: "Deal 1 · Showdown" (two headings one above the other were cramped on a phone)
        st.subheader(f"{t('play.deal_title', n=number)} · {t('play.showdown')}")
        result = session.results[number]
        # the analysis first on the screen, drawn last (issue 36): the showdown below it is on the screen while the
        # analysis is made (its slot says so meanwhile)
        slot = st.container(key="play_analysis_slot")
        analysed = number in session.analyses
        waiting = None if analysed else slot.empty()
        if waiting is not None:
            waiting.info(t("play.analysing"), icon=":material/hourglass_top:")
        show_showdown(session.table, result, lang, heading=False, compact=True)
        if st.button(t("play.next"), type="primary", icon=":material/arrow_forward:", key="play_next",
                     use_container_width=True):
            st.query_params["deal"] = str(number + 1)
            st.rerun()
        if not analysed:
            time.sleep(FLUSH_S)  # the showdown sent before the analysis takes the interpreter (see FLUSH_S)
        analysis = analyse_played(session, number)
        if waiting is not None:
            waiting.empty()
        with slot:
            show_analysis(analysis, table.rule_set, lang, origin=result.origin)
        return
    hands = table.deal(number)
    helped = number in session.helped
    with st.container(horizontal=True, vertical_alignment="center", key="play_deal_head"):
        st.subheader(t("play.deal_title", n=number), width="content")
        st.button(t("play.solve"), icon=":material/auto_fix_high:", key=f"play_solve_{number}", disabled=helped,
                  on_click=_helped, args=(session, number), help=t("play.solve_help"))
    held = find_instant_win(hands[0], table.rule_set) if table.rule_set.naturals else None
    if held is None:
        show_bots_down(table.bots)
    else:  # the switch in the face-down hands' place (they go below the cards): all 13 cards on a phone's first screen
        st.toggle(t("play.declare", name=natural_name(held.pattern, lang), chi=held.chi), key=declare_key(number),
                  help=t("play.declare_help"))
    if helped:
        st.caption(t("play.helped_note"))
    if session.problem:
        st.error(session.problem)
    declaring = held is not None and bool(st.session_state.get(declare_key(number)))
    show_arranger(hands[0], table.rule_set, lang, key=f"play_arrange_{table.seed}_{number}", target=SUBMITTED_KEY,
                  version=f"{table.seed}:{number}:{int(helped)}", timer=timer_for(session, number),
                  initial=solver_split(table, number) if helped else None,
                  declare=t("play.declare_hint") if declaring else None)
    if held is not None:
        show_bots_down(table.bots)
