"""The set-up every page calls first, and the rule-set picker (the sources and the session's house rules).

A page may be opened directly by URL without the entry script running (see shared STYLE.md), so
each page starts with::

    lang = setup_page("nav.drill")
    rule_set = rule_set_picker("drill")

House rules made in the Sandbox (or read from a file or a link) live in the session
(:func:`house_rule_sets`, :func:`keep_house_rule_set`) and are offered by every picker after the
four sources. A link carries them as ``?house=<token>`` (:func:`maubinh.house.link_token`), so a
shared Learn, Drill or Sandbox link with house rules works in a fresh session.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from background.home import home
from maubinh.house import Difference, ExpectedKind, HouseRulesError, default_mark, from_link_token, link_token
from maubinh.rules import RULE_SET_IDS, Provenance, RuleSet, load_rule_set
from ui.builtin_text import localise_builtins
from ui.cards import inject_css
from ui.device import recognise, show_device
from ui.escape import md_text
from ui.i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    current_language,
    language_selector,
    sync_language_to_url,
    translate,
)
from ui.keep import restore_kept
from ui.nav import draw_navigation
from ui.params import markdown_literal

__all__ = [
    "HOUSE_PARAM",
    "MAX_HOUSE_LINKS",
    "MAX_HOUSE_RULE_SETS",
    "RULES_PARAM",
    "all_rule_sets",
    "chosen_rule_set",
    "find_rule_set",
    "forget_house_rule_set",
    "house_mark",
    "house_rule_sets",
    "keep_house_rule_set",
    "read_house_links",
    "rule_set_label",
    "rule_set_picker",
    "setup_page",
    "share_house_rules",
    "show_rule_set_picker",
]

RULES_PARAM = "rules"
"""Query parameter holding the chosen rule-set id (``?rules=tinh-chi``)."""
HOUSE_PARAM = "house"
"""Query parameter (repeatable) carrying house rules: ``?house=<token>`` (see :mod:`maubinh.house`)."""
MAX_HOUSE_LINKS = 4
"""The most ``?house=`` tokens one URL is read for (the rest are named in a warning and dropped)."""
MAX_HOUSE_RULE_SETS = 8
"""The most house rule sets a session keeps."""
_LAST_RULES_KEY = "ui_rules"
"""Session-state key of the session's last chosen rule set, used when the URL has none."""
_HOUSE_KEY = "ui_house_rules"
"""Session-state key of the session's house rules: ``{id: RuleSet}`` in the order they were kept."""
_LINKS_SEEN_KEY = "ui_house_links_seen"
"""The ``?house=`` tokens already read in this session (each is read once)."""


def house_rule_sets() -> dict[str, RuleSet]:
    """The session's house rules by id, oldest first (empty outside a session)."""
    found = st.session_state.get(_HOUSE_KEY)
    return dict(found) if isinstance(found, dict) else {}


def keep_house_rule_set(rule_set: RuleSet) -> None:
    """Keep house rules in the session (replacing any with the same id); pickable on every page.

    A session keeps at most :data:`MAX_HOUSE_RULE_SETS`: keeping one more forgets the oldest.
    ``ValueError`` for a source's id: house rules need an id of their own.
    """
    if rule_set.id in RULE_SET_IDS:
        raise ValueError(f"house rules cannot use a source's id {rule_set.id!r}")
    kept = house_rule_sets()
    kept.pop(rule_set.id, None)
    kept[rule_set.id] = rule_set
    while len(kept) > MAX_HOUSE_RULE_SETS:  # the oldest go first
        kept.pop(next(iter(kept)))
    st.session_state[_HOUSE_KEY] = kept


def forget_house_rule_set(rule_set_id: str) -> None:
    """Drop house rules from the session (and from the session's last choice)."""
    kept = house_rule_sets()
    kept.pop(rule_set_id, None)
    st.session_state[_HOUSE_KEY] = kept
    if st.session_state.get(_LAST_RULES_KEY) == rule_set_id:
        st.session_state[_LAST_RULES_KEY] = RULE_SET_IDS[0]


def all_rule_sets() -> list[RuleSet]:
    """The four sources, then the session's house rules."""
    return [load_rule_set(rule_set_id) for rule_set_id in RULE_SET_IDS] + list(house_rule_sets().values())


def find_rule_set(rule_set_id: str) -> RuleSet | None:
    """A source or one of the session's house rules by id, or ``None``."""
    if rule_set_id in RULE_SET_IDS:
        return load_rule_set(rule_set_id)
    return house_rule_sets().get(rule_set_id)


def rule_set_label(rule_set: RuleSet, lang: str) -> str:
    """A rule set's name as pickers show it; house rules are marked as such."""
    if rule_set.id in RULE_SET_IDS:
        return rule_set.name(lang)
    return translate("house.picker_label", lang, name=rule_set.name(lang))


def read_house_links(notices: DeltaGenerator | None = None) -> None:
    """Keep the house rules carried by the URL's ``?house=`` tokens (each token read once a session, at
    most :data:`MAX_HOUSE_LINKS` of them, repeats once).

    A token that is not a house-rules link (or is too long) is named in a warning (in ``notices``, else here)
    and dropped from the URL.
    """
    where = notices if notices is not None else st
    tokens = st.query_params.get_all(HOUSE_PARAM)
    if not tokens:
        return
    lang = current_language()
    if len(tokens) > MAX_HOUSE_LINKS:
        where.warning(translate("house.too_many_links", lang, n=len(tokens), maximum=MAX_HOUSE_LINKS))
    seen = set(st.session_state.get(_LINKS_SEEN_KEY, ()))
    good = []
    for token in dict.fromkeys(tokens[:MAX_HOUSE_LINKS]):
        if token in seen:
            good.append(token)
            continue
        try:
            rule_set = from_link_token(token, mark=house_mark)
        except HouseRulesError as error:
            long = any(p.expected.kind is ExpectedKind.SHORT_LINK for p in error.details)
            where.warning(translate("house.bad_link_long" if long else "house.bad_link", lang,
                                 value=markdown_literal(token, 24)))
            continue
        keep_house_rule_set(rule_set)
        seen.add(token)
        good.append(token)
    st.session_state[_LINKS_SEEN_KEY] = seen
    if good != tokens:
        st.query_params[HOUSE_PARAM] = good


def house_mark(slot: str, changes: Sequence[Difference]) -> Provenance:
    """The provenance of a value house rules from a link changed: no source text (the source's words are
    not the house's), the change told in each language."""
    changed = default_mark(slot, changes).source.removeprefix("house rules: ")
    return Provenance("", {lang: translate("house.link_reading", lang, changes=changed) for lang in LANGUAGES})


def share_house_rules(rule_sets: Sequence[RuleSet]) -> None:
    """Put the house rules among ``rule_sets`` in the URL as ``?house=`` tokens (none: no parameter)."""
    tokens = [link_token(rule_set) for rule_set in rule_sets if rule_set.id not in RULE_SET_IDS]
    seen = set(st.session_state.get(_LINKS_SEEN_KEY, ()))
    st.session_state[_LINKS_SEEN_KEY] = seen | set(tokens)
    if st.query_params.get_all(HOUSE_PARAM) != tokens:
        if tokens:
            st.query_params[HOUSE_PARAM] = tokens
        elif HOUSE_PARAM in st.query_params:
            del st.query_params[HOUSE_PARAM]


def setup_page(title_key: str, *, adopt: bool = True) -> str:
    """Set up a page: language, browser-tab title, shared CSS, language selector; return the language.

    Call it at the top of every page (and, if wanted, of the entry script: the CSS and the selector
    are drawn once per run however often it is called). ``title_key`` is the catalogue key of the
    page's title, shown in the browser tab; the page draws its own heading. The first call of the
    server process starts compiling the engine's fast path in the background
    (:meth:`background.home.Home.warm_kernel`; until it is ready the engine uses its numpy path).
    The learner this browser remembers is recognised (:func:`ui.device.recognise`: put in the address when
    ``adopt``, which the Classes page turns off: its bare address is where a class is made or joined) and named in
    the sidebar with "not me" (:func:`ui.device.show_device`).
    """
    home().warm_kernel()
    restore_kept()  # form values survive other pages and tabs (ui.keep)
    lang = current_language()
    st.set_page_config(page_title=translate(title_key, lang), layout="wide")
    sync_language_to_url()
    inject_css()
    localise_builtins(lang)
    recognise(adopt)  # before the sidebar's links, which keep the personal link
    draw_navigation(lang)
    language_selector()
    show_device(lang)
    return lang


def _on_rule_set_selected(widget_key: str) -> None:
    chosen = st.session_state[widget_key]
    st.session_state[_LAST_RULES_KEY] = chosen
    st.query_params[RULES_PARAM] = chosen


def rule_set_picker(key: str, *, label_key: str = "common.rule_set", notices: DeltaGenerator | None = None) -> RuleSet:
    """A selectbox of the rule sets (:data:`RULE_SET_IDS`, then the session's house rules, shown by
    name); returns the chosen one.

    The choice lives in the URL as ``?rules=<id>`` (so links can be shared; house rules also as
    ``?house=<token>``) and, for page switches that drop the query string, in the session
    (``ui_rules``). A bad ``?rules=`` shows a warning that names it and the known ids, and the first
    rule set is used (and put in the URL). The rule set's one-line summary is shown as a caption.
    The widget's session-state key is ``f"{key}_rule_set"``. ``notices``: where the warnings about the link go
    (a container in view, where the picker itself sits folded away; default: above the picker).
    :func:`chosen_rule_set` then :func:`show_rule_set_picker`, for a page that needs the choice before the picker
    is drawn (the Drill's set panel, whose label names the set the rules ask).
    """
    rule_set = chosen_rule_set(key, notices=notices)
    show_rule_set_picker(key, rule_set, label_key=label_key)
    return rule_set


def chosen_rule_set(key: str, *, notices: DeltaGenerator | None = None) -> RuleSet:
    """The rule set the picker ``key`` (:func:`rule_set_picker`) holds, the URL and the session brought up to it;
    warnings about the link in ``notices`` (default: here). Draws no picker."""
    where = notices if notices is not None else st
    lang = current_language()
    widget_key = f"{key}_rule_set"
    read_house_links(notices)
    house = house_rule_sets()
    options = [*RULE_SET_IDS, *house]
    raw = st.query_params.get(RULES_PARAM)
    if raw is not None and raw not in options:
        where.warning(
            translate(
                "common.unknown_rule_set",
                lang,
                value=markdown_literal(raw),
                known=", ".join(options),
            )
        )
        chosen = RULE_SET_IDS[0]
    elif raw is not None:
        chosen = raw
    else:
        last = st.session_state.get(_LAST_RULES_KEY)
        chosen = last if last in options else RULE_SET_IDS[0]
    st.session_state[_LAST_RULES_KEY] = chosen
    st.session_state[widget_key] = chosen
    if raw != chosen:
        st.query_params[RULES_PARAM] = chosen
    rule_set = find_rule_set(chosen) or load_rule_set(RULE_SET_IDS[0])
    if chosen in house:
        share_house_rules([rule_set])
    return rule_set


def show_rule_set_picker(key: str, rule_set: RuleSet, *, label_key: str = "common.rule_set") -> None:
    """The picker ``key`` showing ``rule_set`` (:func:`chosen_rule_set`'s) and its one-line summary."""
    lang = current_language()
    widget_key = f"{key}_rule_set"
    st.selectbox(
        translate(label_key, lang),
        [*RULE_SET_IDS, *house_rule_sets()],
        format_func=lambda rule_set_id: rule_set_label(find_rule_set(rule_set_id) or load_rule_set(RULE_SET_IDS[0]),
                                                       lang),
        key=widget_key,
        on_change=_on_rule_set_selected,
        args=(widget_key,),
    )
    summary = rule_set.summaries.get(lang) or rule_set.summaries.get(DEFAULT_LANGUAGE)
    if summary:
        st.caption(md_text(summary))
