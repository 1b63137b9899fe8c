"""The card-arranging component: 13 cards set into back, middle and front in the browser, one round trip.

A ``st.components.v2`` component (inline JS and CSS, ``component.js`` / ``component.css`` beside this
file): tap a card then a chi to place it (or drag it there), tap a placed card to take it back, swap two
chi, put the last cards in the one chi with room, clear; each chi shows its category as the cards land
("Thú: 9 · 5"), and binh lủng (foul) is flagged before confirming (the hand values and the order rule in
JS follow :mod:`maubinh.hands` and :func:`maubinh.arrangement.in_order`; the rule set's wheel and order
rule, ``RuleSet.strict_order``, are passed in). Only "Confirm" sends anything: the finished arrangement,
as card ids (``{"back": ["As", ...], "middle": [...], "front": [...], "version": ..., "seconds": 12.3}``),
which :func:`show_arranger` hands to its ``on_confirm`` callback (or copies into
``st.session_state[target]``) before the page runs again; the page reads it with
:func:`arrangement_from_value`. Tests (AppTest) write that value into the same key, or call the callback.

The arrangement in progress lives in the browser (``sessionStorage``, per ``key`` and ``version``): leaving
the page or the tab and coming back finds it as it was, with no round trip per card.

An optional timer (:class:`Timer`) counts down in the browser; at zero the current chi are sent as they are,
with ``"expired": true`` (complete or not: the page decides what stands and must enforce the limit itself).

Shared by every page (one component): Play, the Drill's "set it yourself", the Sandbox's "move cards".

>>> from maubinh.cards import parse_cards
>>> cards = parse_cards("As Ks Qs Js Ts 9h 9d 9c 4h 4d 7c 7s 2d")
>>> value = {"back": ["As", "Ks", "Qs", "Js", "Ts"], "middle": ["9h", "9d", "9c", "4h", "4d"],
...          "front": ["7c", "7s", "2d"]}
>>> str(arrangement_from_value(value, cards))
'As Ks Qs Js Ts | 9h 9d 9c 4h 4d | 7c 7s 2d'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import streamlit as st

from maubinh.arrangement import Arrangement
from maubinh.cards import Card, CardParseError, parse_card
from maubinh.hands import Category
from maubinh.rules import POSITIONS, Position, RuleSet
from ui.i18n import translate, translate_plural

__all__ = ["COMPONENT_NAME", "Chis", "Timer", "arrangement_from_value", "component_data", "declared_value", "show_arranger"]

COMPONENT_NAME = "maubinh_arrange"
_HERE = Path(__file__).resolve().parent
_LABEL_KEYS = ("hand", "count", "take_back", "all_placed", "foul", "ready", "pick", "choose_chi",
               "swap", "clear", "confirm", "confirm_foul", "sent", "timer_rule", "time_left")

Chis = Arrangement | Mapping[Position, Sequence[Card]]
"""A split to start from: a whole arrangement, or the cards already in each chi (a chi holding more than
its size keeps its first cards; the others start in the hand)."""


@dataclass(frozen=True)
class Timer:
    """The countdown shown above the chi.

    Attributes:
        remaining_s: seconds left when the page is drawn (the browser counts down from there).
    """

    remaining_s: float


@cache
def _renderer() -> Any:
    """The component, registered once per process (the JS and CSS read from the files beside this one)."""
    return st.components.v2.component(
        COMPONENT_NAME,
        css=(_HERE / "component.css").read_text(encoding="utf-8"),
        js=(_HERE / "component.js").read_text(encoding="utf-8"),
    )


def _card(card: Card) -> dict[str, object]:
    return {"id": str(card), "rank": int(card.rank), "suit": card.suit.value, "label": card.rank.label,
            "glyph": card.suit.glyph + "\ufe0e", "red": card.suit.is_red}


def _initial(initial: Chis | None, cards: Sequence[Card]) -> dict[str, list[str]] | None:
    if initial is None:
        return None
    dealt = set(cards)
    seen: set[Card] = set()
    found: dict[str, list[str]] = {}
    for position in POSITIONS:
        chi = initial.chi(position) if isinstance(initial, Arrangement) else initial.get(position, ())
        kept = [card for card in chi if card in dealt and card not in seen][: position.size]
        seen.update(kept)
        found[position.value] = [str(card) for card in kept]
    return found


def component_data(cards: Sequence[Card], rule_set: RuleSet, lang: str, *, version: str,
                   initial: Chis | None = None, disabled: bool = False, timer: Timer | None = None,
                   storage: str | None = None, declare: str | None = None) -> dict[str, object]:
    """What the component is given: the cards (high to low), the rule set's wheel and order rule, the words
    in ``lang`` (the rule set's chi names), an ``initial`` split to start from (cards not among ``cards``
    left out), the ``timer`` if any, and ``version``: when it changes, the component starts over from
    ``initial`` (a new deal, Xếp bài, cards typed elsewhere). ``storage``: the name the browser keeps the
    arrangement in progress under (default ``version``). ``declare``: an instant win is declared: the hint shown
    instead of the status line, and "Confirm" sends at once, cards placed or not, with ``"declare": true`` (the page
    plays a split of its own: the learner does not place 13 cards to declare, issue 36)."""
    labels: dict[str, object] = {name: translate(f"arrange.{name}", lang) for name in _LABEL_KEYS}
    labels["positions"] = {p.value: rule_set.position_name(p, lang) for p in POSITIONS}
    labels["categories"] = {int(c): translate(f"cat.{c.name}", lang) for c in Category}
    labels["rest"] = {str(n): translate_plural("arrange.rest", n, lang, position="{position}") for n in range(1, 6)}
    return {
        "version": version,
        "storage": storage or version,
        "cards": [_card(card) for card in sorted(cards, reverse=True)],
        "wheel": rule_set.wheel.value,
        "strict": rule_set.strict_order,
        "labels": labels,
        "initial": _initial(initial, cards),
        "disabled": disabled,
        "timer": None if timer is None else {"remaining_ms": max(0, round(timer.remaining_s * 1000))},
        "declare": declare,
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


def declared_value(value: object, cards: Sequence[Card], split: Callable[[], Arrangement]) -> object:
    """The component's ``value`` when its player declares an instant win: sent with ``"declare": true`` before every
    card was placed (declaring needs no split, issue 36), it stands for ``split()`` (the page's own split of the
    ``cards``: the solver's, what the showdown shows of the hand); any other value as it is (checked later by
    :func:`arrangement_from_value`). Used by Play and by the rooms."""
    if not isinstance(value, Mapping) or value.get("declare") is not True:
        return value
    try:
        arrangement_from_value(value, cards)
    except ValueError:
        chosen = split()
        return {**value, **{position.value: [str(card) for card in chosen.chi(position)] for position in POSITIONS}}
    return value


def show_arranger(cards: Sequence[Card], rule_set: RuleSet, lang: str, *, key: str, version: str,
                  target: str | None = None, on_confirm: Callable[[dict[str, object]], None] | None = None,
                  initial: Chis | None = None, disabled: bool = False, timer: Timer | None = None,
                  declare: str | None = None,
                  on_placed: Callable[[dict[str, object]], None] | None = None) -> None:
    """Mount the component. On "Confirm" (or the timer at zero) its value goes to ``on_confirm(value)`` if
    given, else into ``st.session_state[target]``, before the rerun draws the page. ``key``: the
    component's own session key (and, with ``version``, the name the browser keeps the arrangement in
    progress under); ``version``: see :func:`component_data`. After a "Confirm", the next run gives the
    component a new ``attempt`` number: if the page still shows it (the arrangement was refused, or it
    was the same as before), its buttons work again instead of staying at "Sent…". ``on_placed`` (a room, issue
    34): called with the chi as they stand (``{"back": [...], "middle": [...], "front": [...], "version": ...}``)
    a moment after each pause in the moves, so the page can store them."""

    sent_key = f"_arrange_sent_{key}"

    def confirmed() -> None:
        state = st.session_state.get(key)
        value = state.get("confirm") if isinstance(state, Mapping) else None
        if not isinstance(value, Mapping):
            return
        st.session_state[sent_key] = int(st.session_state.get(sent_key, 0)) + 1
        if on_confirm is not None:
            on_confirm(dict(value))
        elif target is not None:
            st.session_state[target] = dict(value)

    data = component_data(cards, rule_set, lang, version=version, initial=initial, disabled=disabled, timer=timer,
                          storage=f"{key}:{version}", declare=declare)
    data["attempt"] = int(st.session_state.get(sent_key, 0))  # a new run after "Confirm": usable again if still shown
    if on_placed is None:
        _renderer()(key=key, data=data, on_confirm_change=confirmed)
        return

    def placed() -> None:
        state = st.session_state.get(key)
        value = state.get("placed") if isinstance(state, Mapping) else None
        if isinstance(value, Mapping):
            on_placed(dict(value))

    data["report_placed"] = True
    _renderer()(key=key, data=data, on_confirm_change=confirmed, on_placed_change=placed)
