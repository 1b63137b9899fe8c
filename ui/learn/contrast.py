"""Learn, "how the sources differ": the payout table changes the right play, on a hand the engine chose
(:func:`maubinh.strategy.payouts.find_contrast`: dealt until the four sources set it differently by a clear
margin). Found once per seed for the whole server and kept; "another example" moves to the next seed."""

from __future__ import annotations

import streamlit as st

from maubinh.rules import RULE_SET_IDS, RuleSet, load_rule_set
from maubinh.strategy.payouts import PlayByRules, find_contrast
from ui.i18n import t
from ui.plays import show_play_by_rules

__all__ = ["SAMPLES", "contrast", "show_contrast"]

SAMPLES = 600
_SEED_KEY = "learn_contrast_seed"


@st.cache_resource(show_spinner=False, max_entries=16)
def contrast(seed: int) -> PlayByRules:
    """The example of ``seed`` under the four sources (shared by every session of the server)."""
    return find_contrast([load_rule_set(rule_set_id) for rule_set_id in RULE_SET_IDS], seed, samples=SAMPLES)


def _another() -> None:
    st.session_state[_SEED_KEY] = st.session_state.get(_SEED_KEY, 1) + 1


def show_contrast(lang: str, naming: RuleSet | None = None) -> None:
    """The section: the example (found on the first request), and a button for another; chi named as
    ``naming`` (the lesson's rule set) names them."""
    with st.container(border=True):
        st.markdown(f"#### {t('plays.learn_title')}")
        seed = st.session_state.get(_SEED_KEY)
        if seed is None:
            if st.button(t("plays.learn_find"), key="learn_contrast_find", icon=":material/balance:"):
                st.session_state[_SEED_KEY] = seed = 1
            else:
                return
        st.caption(t("plays.learn_intro"))
        with st.spinner(t("plays.working")):
            play = contrast(int(seed))
        show_play_by_rules(play, lang, naming)
        st.button(t("plays.learn_another"), key="learn_contrast_another", on_click=_another,
                  icon=":material/refresh:")
