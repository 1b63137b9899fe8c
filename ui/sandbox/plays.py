"""Sandbox: does the payout table change the right play? One seat's cards, the best split under each rule
set compared (:func:`maubinh.strategy.payouts.compare_rules`), on request; the result is kept for the
session, keyed by the cards and the rule sets."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from maubinh.rules import RuleSet
from maubinh.strategy.payouts import PlayByRules, compare_rules
from ui.i18n import t
from ui.plays import show_play_by_rules
from ui.sandbox.model import Table
from ui.sandbox.state import seat_name

__all__ = ["SAMPLES", "show_plays"]

SAMPLES = 1000
"""Deals to choose each rule set's best split, and as many others to score them."""
_P = "sandbox_plays_"


def show_plays(table: Table, seats: int, rule_sets: Sequence[RuleSet], lang: str,
               naming: RuleSet | None = None) -> PlayByRules | None:
    """The section: a seat to look at, a button, then the comparison (returned) once made; chi named as
    ``naming`` (the main rule set) names them."""
    st.subheader(t("plays.sandbox_title"))
    st.caption(t("plays.sandbox_intro"))
    ready = [seat for seat in range(seats) if seat < len(table.arrangements) and table.arrangements[seat] is not None]
    if len(rule_sets) < 2 or not ready:
        st.info(t("plays.sandbox_need"))
        return None
    columns = st.columns([3, 2], vertical_alignment="bottom")
    names = [seat_name(seat) for seat in ready]
    picked = columns[0].radio(t("plays.seat"), names, horizontal=True, key=_P + "seat")
    arrangement = table.arrangements[ready[names.index(picked) if picked in names else 0]]
    assert arrangement is not None
    key = (tuple(sorted(arrangement.cards)), tuple(rule_set.id for rule_set in rule_sets))
    found: tuple[object, PlayByRules] | None = st.session_state.get(_P + "result")
    if columns[1].button(t("plays.compare"), key=_P + "run", icon=":material/balance:", width="stretch"):
        with st.spinner(t("plays.working")):
            found = (key, compare_rules(arrangement.cards, rule_sets, samples=SAMPLES, seed=1))
        st.session_state[_P + "result"] = found
    if found is None or found[0] != key:
        return None
    show_play_by_rules(found[1], lang, naming)
    return found[1]
