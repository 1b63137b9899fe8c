"""The drill set in the URL: ``?kinds=chi,foul&level=expert&rules=tinh-chi&seed=42&n=10``.

The same link gives every learner the same questions in the same order. A broken value gets a
warning naming it (and the known values) and the default is used; the URL is then rewritten with the
set actually used, so the address bar is always a working link. A link from before kinds could be chosen
(``?seed=`` without ``kinds=``) keeps meaning the one-kind drill it was made for.

A new set (no seed in the URL, or ``?bank=new`` from "new set") is dealt from the question bank (issue 23): its
questions' ordinals in their bank cells go in the URL as ``?bank=3.17.0...``, so the link gives everyone the
same questions. A link with a seed and no ``bank`` (every link made before the bank) keeps its questions, made
live from the seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING
from urllib.parse import urlencode

import streamlit as st

from maubinh.drills import (
    DEFAULT_COUNT,
    DEFAULT_KINDS,
    KINDS,
    MAX_QUESTIONS,
    MAX_SEED,
    DrillSet,
    Kind,
    Level,
    available,
)
from maubinh.drills.path import path_kinds
from maubinh.drills.sets import Lesson, parse_kinds, parse_level
from maubinh.drills.versions import PICK_LIMIT
from maubinh.rules import RULE_SET_IDS, RuleSet
from ui.drill.state import STATE_KEY, SetState
from ui.i18n import current_language, t
from ui.params import int_param, markdown_literal
from ui.questions import level_name, unavailable_lines
from ui.set_form import read_set, set_fields, unavailable_in
from ui.setup import RULES_PARAM

if TYPE_CHECKING:
    from streamlit.delta_generator import DeltaGenerator

__all__ = [
    "BANK_PARAM",
    "COUNT_PARAM",
    "KINDS_PARAM",
    "LEVEL_PARAM",
    "SEED_PARAM",
    "SET_PARAMS",
    "SetChoice",
    "new_seed",
    "on_path",
    "read_set_choice",
    "rules_param_broken",
    "set_editor",
    "set_title",
    "settle_set",
    "share_link",
    "start_set",
]

KINDS_PARAM = "kinds"
LEVEL_PARAM = "level"
SEED_PARAM = "seed"
COUNT_PARAM = "n"
BANK_PARAM = "bank"
"""The picks of a set dealt from the question bank (``3.17.0``), or ``new`` for a set to deal."""
NEW_SET = "new"
SET_PARAMS = (KINDS_PARAM, LEVEL_PARAM, SEED_PARAM, COUNT_PARAM, BANK_PARAM)
DEFAULT_LEVEL = Level.INTERMEDIATE
"""The level of a link naming a set but no level (links from before levels were chosen)."""
START_LEVEL = Level.BEGINNER
"""The level a new learner starts at (mới học): no set in the URL and none in the session (issue 20, item 11)."""


def new_seed() -> int:
    """A fresh set seed (for a new set nobody asked for by number)."""
    return random.SystemRandom().randint(1, 99_999)


def _kinds() -> tuple[Kind, ...] | None:
    raw = st.query_params.get(KINDS_PARAM)
    if raw is None:
        return None
    try:
        return parse_kinds(raw)
    except ValueError:
        st.warning(t("drill.bad_kinds", value=markdown_literal(raw), known=", ".join(k.value for k in KINDS)))
        return DEFAULT_KINDS


def _level() -> Level | None:
    raw = st.query_params.get(LEVEL_PARAM)
    if raw is None:
        return None
    try:
        return parse_level(raw)
    except ValueError:
        st.warning(t("drill.bad_level", value=markdown_literal(raw), known=", ".join(v.value for v in Level)))
        return DEFAULT_LEVEL


@dataclass(frozen=True)
class SetChoice:
    """What the URL asks for apart from the rule set (chosen next, by :func:`ui.setup.rule_set_picker`).

    Attributes:
        picks: the bank ordinals of a set dealt from the question bank (``()``: a set made from its seed).
        fresh: a new set, to be dealt from the bank (:func:`settle_set`).
        path: the link names no kinds: at beginner they follow the lesson path (:func:`on_path`).
    """

    kinds: tuple[Kind, ...]
    level: Level
    seed: int
    count: int
    picks: tuple[int, ...] = ()
    fresh: bool = False
    path: bool = False

    def under(self, rule_set: RuleSet) -> DrillSet:
        """The set under a rule set (a source, or house rules carried along: never dealt from the bank)."""
        house = None if rule_set.id in RULE_SET_IDS else rule_set
        picks = self.picks if house is None and len(self.picks) == self.count else ()
        return DrillSet(self.kinds, self.level, rule_set.id, self.seed, self.count, house, picks)


def _picks(count: int) -> tuple[tuple[int, ...], bool]:
    """The bank picks in the URL and whether the set is new: ``?bank=new`` or no seed (a fresh set is dealt);
    a broken value is warned about and a fresh set dealt."""
    raw = st.query_params.get(BANK_PARAM)
    if raw is None:
        return (), SEED_PARAM not in st.query_params
    if raw == NEW_SET:
        return (), True
    parts = raw.split(".") if len(raw) <= 8 * MAX_QUESTIONS else []
    if len(parts) == count and all(p.isdigit() and len(p) <= 7 and int(p) < PICK_LIMIT for p in parts):
        return tuple(int(p) for p in parts), False
    st.warning(t("drill.bad_bank", value=markdown_literal(raw, limit=60)))
    return (), True


def read_set_choice() -> SetChoice:
    """Kinds, level, seed and count from the URL, warning about broken values.

    With no set in the URL (e.g. after a page switch dropped the query string), the session's set
    continues; failing that a new set of the default kinds starts at :data:`START_LEVEL` with a fresh seed.
    """
    given = any(name in st.query_params for name in SET_PARAMS)
    current = st.session_state.get(STATE_KEY)
    if not given and isinstance(current, SetState):
        last = current.drill_set
        return SetChoice(last.kinds, last.level, last.seed, last.count, getattr(last, "picks", ()))
    kinds = _kinds()
    path = kinds is None and SEED_PARAM not in st.query_params
    if kinds is None:  # links from before kinds could be chosen: ?seed= alone was the one-kind drill
        kinds = (Kind.BETTER,) if SEED_PARAM in st.query_params else DEFAULT_KINDS
    level = _level() or (DEFAULT_LEVEL if given else START_LEVEL)
    count = int_param(COUNT_PARAM, minimum=1, maximum=MAX_QUESTIONS, default=DEFAULT_COUNT)
    seed = int_param(SEED_PARAM, minimum=0, maximum=MAX_SEED)
    count = count or DEFAULT_COUNT
    picks, fresh = _picks(count)
    return SetChoice(kinds, level, new_seed() if seed is None else seed, count, picks, fresh, path)


def on_path(choice: SetChoice, steps: frozenset[Lesson]) -> SetChoice:
    """A new beginner's set whose link names no kinds asks the kinds of the lesson steps ``steps`` reached, in the
    lesson path's order (:func:`maubinh.drills.path.path_kinds`: no instant wins before their lesson); any other
    set as it is."""
    if not (choice.path and choice.fresh and choice.level is Level.BEGINNER):
        return choice
    return replace(choice, kinds=path_kinds(choice.kinds, steps))


def settle_set(choice: SetChoice, rule_set: RuleSet, notice: DeltaGenerator | None = None,
               deal: Callable[[DrillSet], DrillSet] | None = None) -> DrillSet:
    """The set used, under the chosen rule set; the URL is rewritten to it (so it is always a working link).

    Kinds the rule set cannot ask at the chosen level (:func:`maubinh.drills.available`) are left out, with a
    warning in ``notice`` (default: here) naming them and why; when none is left, the default kinds it can ask.
    A new set (:attr:`SetChoice.fresh`) under a source's rules is given its questions by ``deal`` (the question
    bank: :func:`ui.drill.banked.deal`).
    """
    asked = tuple(kind for kind in choice.kinds if available(kind, choice.level, rule_set) is None)
    if asked != choice.kinds:
        lang = current_language()
        lines = unavailable_lines(rule_set, lang, [k for k in choice.kinds if k not in asked], (choice.level,))
        if not asked:
            asked = tuple(kind for kind in DEFAULT_KINDS if available(kind, choice.level, rule_set) is None)
            lines.append(t("drill.unavailable.none_left"))
        (notice or st).warning("  \n".join([t("drill.unavailable.dropped"), *lines]))
        choice = replace(choice, kinds=asked)
    drill_set = choice.under(rule_set)
    if choice.fresh and deal is not None and drill_set.house is None:
        drill_set = deal(drill_set)
    params = drill_set.params()
    for name, value in params.items():
        if st.query_params.get(name) != value:
            st.query_params[name] = value
    if BANK_PARAM not in params and BANK_PARAM in st.query_params:
        del st.query_params[BANK_PARAM]
    return drill_set


def rules_param_broken() -> bool:
    """Whether ``?rules=`` names no rule set (the picker then warns: keep it in view)."""
    raw = st.query_params.get(RULES_PARAM)
    return raw is not None and raw not in RULE_SET_IDS


def set_title(choice: SetChoice | DrillSet, lang: str) -> str:
    """The set in one line, the label of the expander that changes it: the kinds it asks of all there are."""
    return t("drill.set.title", seed=choice.seed, count=choice.count, level=level_name(choice.level, lang),
             kinds=len(choice.kinds), total=len(KINDS))


def start_set(drill_set: DrillSet, fresh: bool = False) -> None:
    """Put ``drill_set`` in the URL (the page then starts it); the language stays. With ``fresh``, its questions
    are dealt anew from the question bank (``?bank=new``); else they are its picks, or made from its seed."""
    params = replace(drill_set, picks=()).params() if fresh else drill_set.params()
    for name, value in params.items():
        st.query_params[name] = value
    if fresh:
        st.query_params[BANK_PARAM] = NEW_SET
    elif BANK_PARAM not in params and BANK_PARAM in st.query_params:
        del st.query_params[BANK_PARAM]


def share_link(drill_set: DrillSet) -> str:
    """The link that gives anyone this set: the page's address and the set's parameters (no language,
    so each learner keeps their own)."""
    base = st.context.url or "/drill"
    return f"{base}?{urlencode(drill_set.params())}"


_FORM = "drill_form"
_FORM_ERROR = "drill_form_error"


def _submit_form(drill_set: DrillSet, lang: str) -> None:
    chosen = read_set(_FORM, drill_set)
    if chosen is None:
        st.session_state[_FORM_ERROR] = t("drill.set.no_kinds")
        return
    missing = unavailable_in(chosen, lang)
    if missing:  # nothing typed is lost: the form keeps the choice, the error says what to change
        st.session_state[_FORM_ERROR] = "  \n".join(
            [t("drill.set.unavailable", level=level_name(chosen.level, lang)), *missing])
        return
    st.session_state[_FORM_ERROR] = None
    # the seed left as it was: a new set from the bank; a seed typed in: that seed's set
    start_set(replace(chosen, picks=()), fresh=chosen.seed == drill_set.seed)


def set_editor(drill_set: DrillSet, lang: str) -> None:
    """The form choosing kinds, level, count and seed (the rule set is picked just above it), and the share link."""
    with st.form("drill_set_form", border=False):
        set_fields(_FORM, drill_set, lang)
        st.form_submit_button(t("drill.set.start"), type="primary", on_click=_submit_form,
                              args=(drill_set, lang))
    error = st.session_state.get(_FORM_ERROR)
    if isinstance(error, str) and error:
        st.error(error)
    st.markdown(t("drill.set.share", start=t("drill.set.start")))
    st.code(share_link(drill_set), language=None, wrap_lines=True)
