"""The explanation of an answer in words (:mod:`maubinh.drills.explain` gives its sentences as keys and values),
the themes of the question with their lessons, and the "details" box holding the tables."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import streamlit as st

from maubinh.arrangement import Arrangement
from maubinh.bands import Band
from maubinh.cards import Card
from maubinh.drills.explain import NON_NEGATIVE, Explanation, RulesName, Sentence
from maubinh.drills.themes import LESSONS, Theme
from maubinh.rules import NaturalPattern, Position, RuleSet, load_rule_set
from maubinh.settle import ItemKind
from ui.bands import band_name
from ui.escape import md_text
from ui.i18n import t, translate
from ui.labels import describe_chi, describe_foul, natural_name, number
from ui.questions import line_name, theme_name

__all__ = ["details", "sentence_text", "show_explanation", "show_themes", "value_text"]


def value_text(name: str, value: Any, rule_set: RuleSet, lang: str) -> str:
    """One value of a sentence in words: amounts of chi in the language's notation (losses, gaps and errors
    never signed, see :data:`~maubinh.drills.explain.NON_NEGATIVE`), chi and lines by the rule set's names,
    cards as their category, a binh lủng split by its reason, a band by its name (:func:`ui.bands.band_name`)."""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, Band):
        return band_name(value, lang)
    if isinstance(value, float):
        return number(max(0.0, value), lang) if name in NON_NEGATIVE else number(value, lang, signed=True)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Position):
        return md_text(rule_set.position_name(value, lang))
    if isinstance(value, ItemKind):
        return md_text(line_name(value, rule_set, lang))
    if isinstance(value, Arrangement):
        return md_text(describe_foul(value, rule_set, lang))
    if isinstance(value, NaturalPattern):
        return natural_name(value, lang)
    if isinstance(value, RulesName):
        return md_text(load_rule_set(value.id).name(lang))
    if isinstance(value, tuple) and all(isinstance(card, Card) for card in value):
        return md_text(describe_chi(value, rule_set, lang))
    return md_text(str(value))


def sentence_text(sentence: Sentence, rule_set: RuleSet, lang: str) -> str:
    """A sentence in ``lang``."""
    values = {name: value_text(name, value, rule_set, lang) for name, value in sentence.values.items()}
    return translate(sentence.key, lang, **values)


def show_explanation(explanation: Explanation | None, rule_set: RuleSet, lang: str) -> None:
    """The sentence naming what decided it (first, on its own line), the rest, and where the numbers come from."""
    if explanation is None:
        return
    first, *rest = explanation.sentences
    st.markdown(f"**{sentence_text(first, rule_set, lang)}**")
    if rest:
        st.markdown(" ".join(sentence_text(sentence, rule_set, lang) for sentence in rest))
    st.caption(sentence_text(explanation.source, rule_set, lang))


def show_themes(themes: tuple[Theme, ...], rule_set: RuleSet, lang: str) -> None:
    """The question's themes, each a link to its lesson step."""
    if not themes:
        return
    links = ", ".join(
        f"[{theme_name(theme, lang)}](/learn?step={LESSONS[theme].value}&lang={lang}&rules={rule_set.id})"
        for theme in themes)
    st.caption(t("drill.themes", themes=links))


@contextmanager
def details() -> Iterator[None]:
    """The "details" box the tables go in (closed)."""
    with st.expander(t("drill.details"), icon=":material/table_chart:"):
        yield
