"""The Sandbox's "Báo mậu binh" switch: a seat holding an instant win declares it, or plays its split out.

Declaring is the player's choice (digest §2.4, reading revised). The switch is set by
:func:`maubinh.strategy.decide.decide` under the main rule set (the one Xếp bài arranges for) when the
seat's cards change, and the settlement under every rule set compared follows it. The choice sits in the
URL (``?declare=``, one character per seat: ``1`` declares, ``0`` plays, ``-`` no instant win), so a link
keeps it.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from maubinh.arrangement import Arrangement
from maubinh.rules import RuleSet
from maubinh.strategy.decide import Decision, decide
from ui.escape import md_text
from ui.i18n import t
from ui.labels import natural_name, number
from ui.sandbox.model import holds_instant_win

__all__ = ["DECLARE_PARAM", "declare_key", "declared_flags", "read_declare_param", "show_declare", "write_declare"]

DECLARE_PARAM = "declare"


def declare_key(seat: int) -> str:
    """Session-state key of a seat's switch."""
    return f"sandbox_declare{seat}"


def _for_key(seat: int) -> str:
    """Session-state key of what the switch was last set for: ``(cards, main rule set id, seats)``."""
    return f"sandbox_declare_for{seat}"


def _signature(arrangement: Arrangement) -> str:
    return " ".join(sorted(str(card) for card in arrangement.cards))


def read_declare_param(seats: int) -> None:
    """A new table from the URL: its ``?declare=`` flags set the switches (kept until the cards change)."""
    raw = st.query_params.get(DECLARE_PARAM)
    if raw is None:
        return
    for seat in range(seats):
        flag = raw[seat] if seat < len(raw) else "-"
        if flag in "01":
            st.session_state[declare_key(seat)] = flag == "1"
            st.session_state[_for_key(seat)] = ("url", None, None)


def set_choice(seat: int, arrangement: Arrangement, rule_set: RuleSet, seats: int, declare: bool) -> None:
    """Set a seat's switch (Xếp bài: to its decision) for these cards, rule set and table size."""
    st.session_state[declare_key(seat)] = declare
    st.session_state[_for_key(seat)] = (_signature(arrangement), rule_set.id, seats)


def _decision(arrangement: Arrangement, rule_set: RuleSet, seats: int) -> Decision:
    return decide(arrangement.cards, rule_set, opponents=seats - 1)


def show_declare(seat: int, arrangement: Arrangement, main: RuleSet, compared: Sequence[RuleSet], seats: int,
                 lang: str) -> bool | None:
    """The switch for a seat whose cards hold an instant win (under the main rule set or one compared), with
    the decision's numbers; returns the seat's choice, or ``None`` when it holds none."""
    holding = holds_instant_win(arrangement, [main, *compared])
    if not holding:
        st.session_state.pop(_for_key(seat), None)
        return None
    last = st.session_state.get(_for_key(seat))
    here = (_signature(arrangement), main.id, seats)
    from_url = last is not None and last[0] == "url"
    if last != here and not (from_url and declare_key(seat) in st.session_state):
        decision = _decision(arrangement, holding[0] if main not in holding else main, seats)
        set_choice(seat, arrangement, main, seats, decision.declare)
    elif from_url:
        st.session_state[_for_key(seat)] = here
    st.toggle(t("sandbox.declare"), key=declare_key(seat), help=t("sandbox.declare_help"))
    rule_set = main if main in holding else holding[0]
    decision = _decision(arrangement, rule_set, seats)
    if decision.natural is not None:
        choice = t("sandbox.declare_says_yes") if decision.declare else t("sandbox.declare_says_no")
        st.caption(t(
            "sandbox.declare_numbers",
            rules=md_text(rule_set.name(lang)), pattern=natural_name(decision.natural.pattern, lang), amount=decision.amount,
            play=number(decision.play_mean, lang, signed=True), stderr=number(decision.play_stderr, lang),
            declared=number(decision.declare_mean, lang, signed=True), deals=decision.samples, choice=choice,
        ))
    return bool(st.session_state[declare_key(seat)])


def declared_flags(seats: int, choices: Sequence[bool | None]) -> list[bool]:
    """One flag per seat for :func:`ui.sandbox.model.settle_all`: the switch, or True where there is none."""
    return [True if choice is None else choice for choice in list(choices)[:seats]]


def write_declare(choices: Sequence[bool | None]) -> None:
    """Keep the switches in the URL (``?declare=``), or drop it when no seat holds an instant win."""
    if all(choice is None for choice in choices):
        if DECLARE_PARAM in st.query_params:
            del st.query_params[DECLARE_PARAM]
        return
    raw = "".join("-" if choice is None else "1" if choice else "0" for choice in choices)
    if st.query_params.get(DECLARE_PARAM) != raw:
        st.query_params[DECLARE_PARAM] = raw
