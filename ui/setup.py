"""The set-up every page calls first, and the rule-set picker.

A page may be opened directly by URL without the entry script running (see shared STYLE.md), so
each page starts with::

    lang = setup_page("nav.drill")
    rule_set = rule_set_picker("drill")
"""

from __future__ import annotations

import streamlit as st

from maubinh.rules import RULE_SET_IDS, RuleSet, load_rule_set
from ui.cards import inject_css
from ui.i18n import (
    DEFAULT_LANGUAGE,
    current_language,
    language_selector,
    sync_language_to_url,
    translate,
)
from ui.nav import draw_navigation
from ui.params import markdown_literal

__all__ = ["RULES_PARAM", "rule_set_picker", "setup_page"]

RULES_PARAM = "rules"
"""Query parameter holding the chosen rule-set id (``?rules=tinh-chi``)."""
_LAST_RULES_KEY = "ui_rules"
"""Session-state key of the session's last chosen rule set, used when the URL has none."""


def setup_page(title_key: str) -> str:
    """Set up a page: language, browser-tab title, shared CSS, language selector; return the language.

    Call it at the top of every page (and, if wanted, of the entry script: the CSS and the selector
    are drawn once per run however often it is called). ``title_key`` is the catalogue key of the
    page's title, shown in the browser tab; the page draws its own heading.
    """
    lang = current_language()
    st.set_page_config(page_title=translate(title_key, lang), layout="wide")
    sync_language_to_url()
    inject_css()
    draw_navigation(lang)
    language_selector()
    return lang


def _on_rule_set_selected(widget_key: str) -> None:
    chosen = st.session_state[widget_key]
    st.session_state[_LAST_RULES_KEY] = chosen
    st.query_params[RULES_PARAM] = chosen


def rule_set_picker(key: str, *, label_key: str = "common.rule_set") -> RuleSet:
    """A selectbox of the rule sets (:data:`RULE_SET_IDS`, shown by name); returns the chosen one.

    The choice lives in the URL as ``?rules=<id>`` (so links can be shared) and, for page switches
    that drop the query string, in the session (``ui_rules``). A bad ``?rules=`` shows a warning that
    names it and the known ids, and the first rule set is used (and put in the URL). The rule set's
    one-line summary is shown as a caption. The widget's session-state key is ``f"{key}_rule_set"``.
    """
    lang = current_language()
    widget_key = f"{key}_rule_set"
    raw = st.query_params.get(RULES_PARAM)
    if raw is not None and raw not in RULE_SET_IDS:
        st.warning(
            translate(
                "common.unknown_rule_set",
                lang,
                value=markdown_literal(raw),
                known=", ".join(RULE_SET_IDS),
            )
        )
        chosen = RULE_SET_IDS[0]
    elif raw is not None:
        chosen = raw
    else:
        last = st.session_state.get(_LAST_RULES_KEY)
        chosen = last if last in RULE_SET_IDS else RULE_SET_IDS[0]
    st.session_state[_LAST_RULES_KEY] = chosen
    st.session_state[widget_key] = chosen
    if raw != chosen:
        st.query_params[RULES_PARAM] = chosen

    st.selectbox(
        translate(label_key, lang),
        RULE_SET_IDS,
        format_func=lambda rule_set_id: load_rule_set(rule_set_id).name(lang),
        key=widget_key,
        on_change=_on_rule_set_selected,
        args=(widget_key,),
    )
    rule_set = load_rule_set(chosen)
    summary = rule_set.summaries.get(lang) or rule_set.summaries.get(DEFAULT_LANGUAGE)
    if summary:
        st.caption(summary)
    return rule_set
