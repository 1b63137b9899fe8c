"""Translations: one catalogue per language, the language resolved per session, ``t("key")``.

The catalogues are gettext PO files, ``ui/locales/<lang>.po``, whose ``msgid`` is a dotted key
(``nav.learn``) and ``msgstr`` the text; texts may hold ``str.format`` fields (``{value}``). They are
read once per process with Babel and never change. Nothing is installed process-wide (no
``gettext.install()``): a server has many sessions, each in its own language.

The language of a session is, first that wins:

1. ``?lang=vi`` / ``?lang=en`` in the URL (also remembered in the session);
2. the session's earlier choice (``st.session_state["ui_lang"]``), e.g. after a page switch
   that dropped the query string;
3. the browser's language (``st.context.locale``): ``en...`` -> English;
4. Vietnamese.

>>> translate("nav.learn", "en")
'Learn'
>>> translate("no.such.key", "vi")
'no.such.key'
>>> translate("common.unknown_rule_set", "en", value="x", known="a, b")
'There is no rule set “x”, so the first one is used. Known rule sets: a, b.'

A text that changes with a number (``tn("key", count)``) is a PO plural entry (``msgid`` and
``msgid_plural`` both the key, one ``msgstr[i]`` per plural form of the language: English has two,
Vietnamese one, gettext's ``nplurals``); with more than one form, the form is chosen by the language's
CLDR plural rule (Babel's ``Locale.plural_form``), the forms ordered as the rule's categories (zero, one,
two, few, many, other):

>>> translate_plural("progress.review_now", 1, "en")
'Review 1 question due'
>>> translate_plural("progress.review_now", 3, "en")
'Review 3 questions due'
>>> translate_plural("progress.review_now", 1, "vi")
'Ôn 1 câu đến hạn'
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType

import streamlit as st
from babel.core import Locale
from babel.messages.pofile import read_po
from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

from ui import _once

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "LANGUAGE_LABELS",
    "LOCALES_DIR",
    "QUERY_PARAM",
    "STATE_KEY",
    "browser_language",
    "catalogue",
    "current_language",
    "language_selector",
    "plural_catalogue",
    "plural_index",
    "query_language",
    "set_language",
    "sync_language_to_url",
    "t",
    "tn",
    "translate",
    "translate_plural",
]

LANGUAGES: tuple[str, ...] = ("vi", "en")
"""The languages of the app, the default first."""
DEFAULT_LANGUAGE = "vi"
LANGUAGE_LABELS: Mapping[str, str] = MappingProxyType({"vi": "Tiếng Việt", "en": "English"})
"""Each language's name in itself, as the selector shows it."""

LOCALES_DIR = Path(__file__).resolve().parent / "locales"
QUERY_PARAM = "lang"
STATE_KEY = "ui_lang"
"""Session-state key of the session's language."""
_SELECTOR_KEY = "ui_lang_selector"
_SELECTOR_BOX_KEY = "ui_lang_box"


@cache
def catalogue(lang: str) -> Mapping[str, str]:
    """The texts of ``lang`` by key, read once per process from ``ui/locales/<lang>.po`` and
    every ``ui/locales/<lang>/*.po`` (one file per part of the app: ``engine.po``, ``learn.po``...).

    Entries with an empty ``msgstr`` are left out (so :func:`translate` falls back to the key).
    ``ValueError`` for a language not in :data:`LANGUAGES`.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    texts: dict[str, str] = {}
    for path in catalogue_files(lang):
        with path.open("rb") as po:
            messages = read_po(po, charset="utf-8")
        texts.update(
            (message.id, message.string)
            for message in messages
            if isinstance(message.id, str)
            and message.id
            and isinstance(message.string, str)
            and message.string
        )
    return MappingProxyType(texts)


_PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")
"""CLDR's plural categories in the order a PO file's ``msgstr[i]`` lists a language's forms."""


@cache
def plural_catalogue(lang: str) -> Mapping[str, tuple[str, ...]]:
    """The plural entries of ``lang`` by key: each the tuple of its forms (``msgstr[0]``...), read once
    per process from the same files as :func:`catalogue`. Entries with an empty form are left out.
    ``ValueError`` for a language not in :data:`LANGUAGES`."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    forms: dict[str, tuple[str, ...]] = {}
    for path in catalogue_files(lang):
        with path.open("rb") as po:
            messages = read_po(po, charset="utf-8")
        forms.update(
            (message.id[0], tuple(message.string))
            for message in messages
            if isinstance(message.id, tuple)
            and isinstance(message.string, tuple)
            and message.string
            and all(message.string)
        )
    return MappingProxyType(forms)


@cache
def _plural_categories(lang: str) -> tuple[str, ...]:
    rule = Locale.parse(lang).plural_form
    return tuple(category for category in _PLURAL_CATEGORIES if category in rule.tags or category == "other")


def plural_index(count: float, lang: str) -> int:
    """Which of ``lang``'s plural forms (``msgstr[i]``) says ``count``, by the CLDR rule Babel holds:
    ``plural_index(1, "en") == 0``, ``plural_index(2, "en") == 1``. (A catalogue entry with one form,
    as every Vietnamese one, is used for every count whatever this says.)"""
    categories = _plural_categories(lang)
    return categories.index(Locale.parse(lang).plural_form(count))


def translate_plural(key: str, count: float, lang: str, **kwargs: object) -> str:
    """The form of the plural entry ``key`` that says ``count`` in ``lang``, formatted with ``count`` and
    ``kwargs``; never raises. A missing key gives the key itself; a missing form, the last one."""
    lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    forms = plural_catalogue(lang).get(key)
    if not forms:
        return key
    if len(forms) == 1:  # a language of one form (Vietnamese: gettext's nplurals=1)
        text = forms[0]
    else:
        index = plural_index(count, lang)
        text = forms[index] if index < len(forms) else forms[-1]
    try:
        return text.format(count=count, **kwargs)
    except (KeyError, IndexError, ValueError, AttributeError):
        return text


def catalogue_files(lang: str) -> list[Path]:
    """The PO files of ``lang``: ``ui/locales/<lang>.po`` then ``ui/locales/<lang>/*.po`` sorted."""
    return [LOCALES_DIR / f"{lang}.po", *sorted((LOCALES_DIR / lang).glob("*.po"))]


def translate(key: str, lang: str, **kwargs: object) -> str:
    """The text for ``key`` in ``lang``, formatted with ``kwargs``; never raises.

    A missing key gives the key itself; an unknown language reads as :data:`DEFAULT_LANGUAGE`; a
    text whose fields do not match ``kwargs`` is returned unformatted.
    """
    text = catalogue(lang if lang in LANGUAGES else DEFAULT_LANGUAGE).get(key)
    if text is None:
        return key
    if not kwargs:
        return text
    try:
        return text.format(**kwargs)
    except (KeyError, IndexError, ValueError, AttributeError):
        return text


def _normalise(value: object) -> str | None:
    """``value`` as one of :data:`LANGUAGES` (``" EN "`` -> ``"en"``), or ``None``."""
    if isinstance(value, str) and value.strip().lower() in LANGUAGES:
        return value.strip().lower()
    return None


def browser_language() -> str | None:
    """``"en"`` if the browser's language (``st.context.locale``) starts with ``en``, ``"vi"`` if
    with ``vi``, else ``None`` (also when Streamlit does not know it, e.g. in ``AppTest``)."""
    locale = st.context.locale
    if not isinstance(locale, str):
        return None
    locale = locale.lower()
    for lang in LANGUAGES:
        if locale.startswith(lang):
            return lang
    return None


def query_language() -> str | None:
    """The language in the URL (``?lang=``) if it is a valid one, else ``None``."""
    return _normalise(st.query_params.get(QUERY_PARAM))


def current_language() -> str:
    """This session's language (see the module docstring for the order); ``"vi"`` outside a run.

    A valid ``?lang=`` is also stored in the session, so that it outlives a page switch.
    """
    if get_script_run_ctx() is None:
        return DEFAULT_LANGUAGE
    lang = query_language()
    if lang is not None:
        if st.session_state.get(STATE_KEY) != lang:
            st.session_state[STATE_KEY] = lang
        return lang
    stored = _normalise(st.session_state.get(STATE_KEY))
    if stored is not None:
        return stored
    return browser_language() or DEFAULT_LANGUAGE


def set_language(lang: str) -> None:
    """Make ``lang`` this session's language: in the session and in the URL (``?lang=``).

    Other query parameters are kept. ``ValueError`` for a language not in :data:`LANGUAGES`.
    """
    normalised = _normalise(lang)
    if normalised is None:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    st.session_state[STATE_KEY] = normalised
    if st.query_params.get(QUERY_PARAM) != normalised:
        st.query_params[QUERY_PARAM] = normalised


def sync_language_to_url() -> None:
    """Put the session's chosen language back in the URL when a page switch dropped it, and
    replace an invalid ``?lang=``. A language only guessed from the browser is not written."""
    if get_script_run_ctx() is None:
        return
    raw = st.query_params.get(QUERY_PARAM)
    if raw is not None and _normalise(raw) is not None:
        return
    stored = _normalise(st.session_state.get(STATE_KEY))
    if stored is not None:
        st.query_params[QUERY_PARAM] = stored
    elif raw is not None:
        del st.query_params[QUERY_PARAM]


def t(key: str, **kwargs: object) -> str:
    """The text for ``key`` in this session's language, formatted with ``kwargs``; never raises.

    A missing key gives the key itself (``tests/unit/ui/test_i18n.py`` checks that every key used
    in the app exists in every catalogue).
    """
    return translate(key, current_language(), **kwargs)


def tn(key: str, count: float, **kwargs: object) -> str:
    """:func:`translate_plural` in this session's language: ``tn("progress.review_now", 1)``."""
    return translate_plural(key, count, current_language(), **kwargs)


def _on_language_selected() -> None:
    set_language(st.session_state[_SELECTOR_KEY])


def language_selector() -> str:
    """Draw the language choice (Tiếng Việt / English) in the sidebar; return the language.

    Bound to the same state as :func:`current_language` / :func:`set_language`; choosing keeps the
    other query parameters. Drawn at most once per script run (later calls only return the language).
    """
    lang = current_language()
    box = _once.claim(_SELECTOR_BOX_KEY, st.sidebar)
    if box is None:
        return lang
    st.session_state[_SELECTOR_KEY] = lang
    box.radio(
        translate("common.language", lang),
        LANGUAGES,
        format_func=LANGUAGE_LABELS.__getitem__,
        key=_SELECTOR_KEY,
        horizontal=True,
        on_change=_on_language_selected,
    )
    return lang
