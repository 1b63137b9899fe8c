"""The card-arranging component: 13 cards set into back, middle and front in the browser, one round trip.

A ``st.components.v2`` component (inline JS and CSS, ``arrange_component.js`` / ``.css`` beside this
file): tap a card then a chi to place it, tap a placed card to take it back, swap two chi, clear; each chi
shows its category as the cards land, and binh lủng is flagged before confirming (the hand values and the
order rule in JS follow :mod:`maubinh.hands` and :func:`maubinh.arrangement.in_order`; the rule set's
wheel and order rule are passed in). Only "Confirm" sends anything: the finished arrangement, as card ids
(``{"back": ["As", ...], "middle": [...], "front": [...], "version": ...}``), which :func:`show_arranger`'s
callback copies into ``st.session_state[target]`` before the page runs again; the page reads it with
:func:`arrangement_from_value`. Tests (AppTest) write that value into the same key.

Reusable: nothing here is specific to the Play page (the Drill's "set it yourself" and the Sandbox's
"move cards" can mount it with their own ``key`` and ``target``).

>>> from maubinh.cards import parse_cards
>>> cards = parse_cards("As Ks Qs Js Ts 9h 9d 9c 4h 4d 7c 7s 2d")
>>> value = {"back": ["As", "Ks", "Qs", "Js", "Ts"], "middle": ["9h", "9d", "9c", "4h", "4d"],
...          "front": ["7c", "7s", "2d"]}
>>> str(arrangement_from_value(value, cards))
'As Ks Qs Js Ts | 9h 9d 9c 4h 4d | 7c 7s 2d'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import streamlit as st

from maubinh.arrangement import Arrangement
from maubinh.cards import Card, CardParseError, parse_card
from maubinh.hands import Category
from maubinh.rules import POSITIONS, RuleSet
from ui.i18n import translate

__all__ = ["COMPONENT_NAME", "arrangement_from_value", "component_data", "show_arranger"]

COMPONENT_NAME = "maubinh_arrange"
_HERE = Path(__file__).resolve().parent
_LABEL_KEYS = ("hand", "count", "take_back", "all_placed", "foul", "ready", "pick", "choose_chi",
               "swap", "clear", "confirm", "confirm_foul", "sent")


@cache
def _renderer() -> Any:
    """The component, registered once per process (the JS and CSS read from the files beside this one)."""
    return st.components.v2.component(
        COMPONENT_NAME,
        css=(_HERE / "arrange_component.css").read_text(encoding="utf-8"),
        js=(_HERE / "arrange_component.js").read_text(encoding="utf-8"),
    )


def _card(card: Card) -> dict[str, object]:
    return {"id": str(card), "rank": int(card.rank), "suit": card.suit.value, "label": card.rank.label,
            "glyph": card.suit.glyph + "\ufe0e", "red": card.suit.is_red}


def component_data(cards: Sequence[Card], rule_set: RuleSet, lang: str, *, version: str,
                   initial: Arrangement | None = None, disabled: bool = False) -> dict[str, object]:
    """What the component is given: the cards (high to low), the rule set's wheel and order rule, the words
    in ``lang`` (the rule set's chi names), an ``initial`` split to start from, and ``version``: when it
    changes, the component starts over from ``initial`` (a new deal, or Xếp bài)."""
    labels: dict[str, object] = {name: translate(f"arrange.{name}", lang) for name in _LABEL_KEYS}
    labels["positions"] = {p.value: rule_set.position_name(p, lang) for p in POSITIONS}
    labels["categories"] = {int(c): translate(f"cat.{c.name}", lang) for c in Category}
    return {
        "version": version,
        "cards": [_card(card) for card in sorted(cards, reverse=True)],
        "wheel": rule_set.wheel.value,
        "strict": rule_set.strict_order,
        "labels": labels,
        "initial": None if initial is None else {p.value: [str(c) for c in initial.chi(p)] for p in POSITIONS},
        "disabled": disabled,
    }


def arrangement_from_value(value: object, cards: Sequence[Card]) -> Arrangement:
    """The arrangement the component sent, checked against the 13 ``cards`` dealt.

    Raises:
        ValueError: for anything else than three lists of card ids of sizes 5, 5, 3 holding exactly
            ``cards`` (a value forged or left over from another deal).
    """
    if not isinstance(value, Mapping):
        raise ValueError("the arrangement is not a mapping of chi")  # noqa: TRY004 - one error for any bad value
    chis: list[tuple[Card, ...]] = []
    for position in POSITIONS:
        ids = value.get(position.value)
        if not isinstance(ids, list) or len(ids) != position.size or not all(isinstance(i, str) for i in ids):
            raise ValueError(f"the {position.value} chi must be {position.size} card ids")
        try:
            chis.append(tuple(parse_card(i) for i in ids))
        except CardParseError as error:
            raise ValueError(str(error)) from error
    arrangement = Arrangement(chis[0], chis[1], chis[2])
    if sorted(arrangement.cards) != sorted(cards):
        raise ValueError("the arrangement does not hold the cards dealt")
    return arrangement


def show_arranger(cards: Sequence[Card], rule_set: RuleSet, lang: str, *, key: str, target: str, version: str,
                  initial: Arrangement | None = None, disabled: bool = False) -> None:
    """Mount the component; on "Confirm" its value is put in ``st.session_state[target]`` (before the rerun
    draws the page). ``key``: the component's own session key; ``version``: see :func:`component_data`."""

    def confirmed() -> None:
        state = st.session_state.get(key)
        value = state.get("confirm") if isinstance(state, Mapping) else None
        if value is not None:
            st.session_state[target] = dict(value)

    _renderer()(key=key, data=component_data(cards, rule_set, lang, version=version, initial=initial,
                                             disabled=disabled),
                on_confirm_change=confirmed)
