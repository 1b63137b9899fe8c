"""The Sandbox's state: session keys, the table in the URL, and the rule sets compared.

A table can be shared by link: ``?seats=&seed=`` deal it, ``?hands=`` holds its cards chi by chi
(after typing, picking, moving or Xếp bài), ``?compare=`` the rule sets compared (left out when all of
them are), ``?house=`` the house rules among them (:func:`ui.setup.share_house_rules`). The page writes
them as the table changes, so the browser's address is always the link.
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from maubinh.rules import POSITIONS, Position, RuleSet
from ui.i18n import t
from ui.keep import keep
from ui.params import int_param, markdown_literal
from ui.sandbox.declare import read_declare_param
from ui.sandbox.hands import hands_param, read_hands_param
from ui.sandbox.model import MAX_SEATS, MAX_SEED, MIN_SEATS, deal, deal_more, read_table, seat_texts
from ui.setup import all_rule_sets, house_rule_sets, rule_set_label, share_house_rules

__all__ = [
    "COMPARE_KEY",
    "DEFAULT_SEATS",
    "DEFAULT_SEED",
    "SEATS_KEY",
    "SEED_KEY",
    "SHOWN_SEATS_KEY",
    "SOLVE_RULES_KEY",
    "VIEW_KEY",
    "apply_url",
    "change_seats",
    "compared_rule_sets",
    "current_texts",
    "deal_into_inputs",
    "fill_inputs",
    "include_in_comparison",
    "keep_inputs",
    "mode_key",
    "remember_table",
    "seat_name",
    "text_key",
]

DEFAULT_SEATS = 2
DEFAULT_SEED = 1
SEATS_KEY = "sandbox_seats"
SHOWN_SEATS_KEY = "sandbox_seats_shown"
"""The number of players the page last drew (what the players radio changed from)."""
SEED_KEY = "sandbox_seed"
URL_SEEN_KEY = "sandbox_url_seen"
"""The (seats, seed, hands) of the URL last acted on: a new value in the URL acts again, the same one does not."""
SOLVE_RULES_KEY = "sandbox_solve_rules"
COMPARE_KEY = "sandbox_compare"
COMPARE_URL_KEY = "sandbox_compare_url"
"""The ``?compare=`` value last written or acted on."""
VIEW_KEY = "sandbox_view"
HANDS_PARAM = "hands"
COMPARE_PARAM = "compare"
MAX_COMPARE_PARTS = 32
"""The most different ids of ``?compare=`` looked at (a session has 4 sources and at most 8 house
rule sets)."""


def text_key(seat: int, position: Position) -> str:
    """Session-state key of a seat's chi input (seats 0-based)."""
    return f"sandbox_seat{seat}_{position.value}"


def seat_name(seat: int) -> str:
    """"Player 1"... (seats 0-based)."""
    return t("sandbox.seat", n=seat + 1)


def current_texts(seats: int) -> list[tuple[str, str, str]]:
    """The three typed texts of each of the first ``seats`` seats."""
    found = []
    for seat in range(seats):
        back, middle, front = (str(st.session_state.get(text_key(seat, position), "")) for position in POSITIONS)
        found.append((back, middle, front))
    return found


def fill_inputs(texts: Sequence[Sequence[str]]) -> None:
    """Put ``texts[seat] = (back, middle, front)`` in the inputs; empty the other seats' inputs."""
    for seat in range(MAX_SEATS):
        row = texts[seat] if seat < len(texts) else ("", "", "")
        for position, text in zip(POSITIONS, row):
            st.session_state[text_key(seat, position)] = text


def deal_into_inputs(seats: int, seed: int) -> None:
    """Fill the inputs of ``seats`` players with a deal from ``seed``, and put it in the URL."""
    texts = [seat_texts(arrangement) for arrangement in deal(seats, seed)]
    fill_inputs(texts)
    st.session_state[SEATS_KEY] = seats
    st.session_state[SEED_KEY] = seed
    raw = hands_param(texts)
    st.session_state[URL_SEEN_KEY] = (seats, seed, raw)
    st.query_params["seats"] = str(seats)
    st.query_params["seed"] = str(seed)
    st.query_params[HANDS_PARAM] = raw


def _url_hands() -> tuple[str | None, list[tuple[str, str, str]] | None]:
    raw = st.query_params.get(HANDS_PARAM)
    if raw is None:
        return None, None
    hands = read_hands_param(raw)
    if hands is None:
        st.warning(t("sandbox.bad_hands_param", value=markdown_literal(raw)))
        del st.query_params[HANDS_PARAM]
        return None, None
    return raw, hands


def apply_url() -> None:
    """Act on the URL: ``?hands=`` fills the inputs when it is new; otherwise a new ``?seats=`` /
    ``?seed=`` (or a first visit) deals. Without them (e.g. after a page switch) the inputs are left as
    they are and the last table goes back in the URL."""
    url_seats = int_param("seats", minimum=MIN_SEATS, maximum=MAX_SEATS)
    url_seed = int_param("seed", minimum=0, maximum=MAX_SEED)
    raw, hands = _url_hands()
    seen = st.session_state.get(URL_SEEN_KEY)
    if hands is not None and (seen is None or raw != seen[2]):
        fill_inputs(hands)
        seats = len(hands)
        if url_seats is not None and url_seats != seats:
            st.warning(t("sandbox.seats_hands_differ", seats=url_seats, hands=seats))
        read_declare_param(seats)
        seed = url_seed if url_seed is not None else st.session_state.get(SEED_KEY, DEFAULT_SEED)
        st.session_state[SEATS_KEY] = seats
        st.session_state[SEED_KEY] = seed
        st.session_state[URL_SEEN_KEY] = (seats, seed, raw)
        st.query_params["seats"], st.query_params["seed"] = str(seats), str(seed)
        return
    given = url_seats is not None or url_seed is not None
    if seen is None or (given and (url_seats, url_seed) != seen[:2]):
        seats = url_seats if url_seats is not None else st.session_state.get(SEATS_KEY, DEFAULT_SEATS)
        seed = url_seed if url_seed is not None else st.session_state.get(SEED_KEY, DEFAULT_SEED)
        deal_into_inputs(seats, seed)
    elif not given and raw is None:
        seats, seed, hands_raw = seen
        st.query_params["seats"], st.query_params["seed"] = str(seats), str(seed)
        if hands_raw:
            st.query_params[HANDS_PARAM] = hands_raw


def change_seats() -> None:
    """The players radio changed: each seat added keeps the hand it had while hidden if that hand is whole
    and shares no card with the other seats, else it is dealt from the cards no seat holds (the other
    seats' cards, typed or dealt, stay); the URL says the new number at once."""
    seats = int(st.session_state[SEATS_KEY])
    before = int(st.session_state.get(SHOWN_SEATS_KEY, DEFAULT_SEATS))
    seed = int(st.session_state.get(SEED_KEY, DEFAULT_SEED))
    if seats > before:
        table = read_table(current_texts(seats))
        held = {card for chis in table.chis[:before] for cards in chis.values() for card in cards}
        for seat in range(before, seats):
            own = {card for cards in table.chis[seat].values() for card in cards}
            if table.arrangements[seat] is not None and not own & held:
                held |= own  # the seat's own cards, kept while it was hidden: still good
                continue
            dealt = deal_more(held, 1, seed + seat)
            row = seat_texts(dealt[0]) if dealt else ("", "", "")
            held |= set(dealt[0].cards) if dealt else set()
            for position, text in zip(POSITIONS, row):
                st.session_state[text_key(seat, position)] = text
    st.session_state[SHOWN_SEATS_KEY] = seats
    seen = st.session_state.get(URL_SEEN_KEY)
    st.session_state[URL_SEEN_KEY] = (seats, seen[1] if seen else seed, seen[2] if seen else None)
    st.query_params["seats"] = str(seats)


def remember_table(texts: Sequence[Sequence[str]]) -> None:
    """Put a table that can be settled in the URL (``?hands=``), with the seats and seed shown."""
    raw = hands_param(texts)
    seats = len(texts)
    seed = st.session_state.get(SEED_KEY, DEFAULT_SEED)
    st.session_state[URL_SEEN_KEY] = (seats, seed, raw)
    if st.query_params.get(HANDS_PARAM) != raw:
        st.query_params[HANDS_PARAM] = raw
    if st.query_params.get("seats") != str(seats):
        st.query_params["seats"] = str(seats)


def keep_inputs() -> None:
    """Keep the text of seats not drawn this run (fewer players, another tab or page open), and each seat's way
    in (type, pick, move): :mod:`ui.keep`. (A seat's arrangement in progress in the arranging component is kept
    by the browser: :mod:`ui.arrange.component`.)"""
    keep(*(text_key(seat, position) for seat in range(MAX_SEATS) for position in POSITIONS),
         *(mode_key(seat) for seat in range(MAX_SEATS)))


def mode_key(seat: int) -> str:
    """The session key of seat ``seat``'s way in: ``"type"``, ``"pick"`` or ``"move"``."""
    return f"sandbox_mode{seat}"


def _on_compare() -> None:
    _write_compare(list(st.session_state[COMPARE_KEY]))


def _write_compare(chosen: Sequence[str]) -> None:
    """``?compare=`` holds the chosen ids, and is left out when every rule set is compared."""
    every = [rule_set.id for rule_set in all_rule_sets()]
    value = None if list(chosen) == every else ",".join(chosen)
    st.session_state[COMPARE_URL_KEY] = value
    if value is None:
        if COMPARE_PARAM in st.query_params:
            del st.query_params[COMPARE_PARAM]
    elif st.query_params.get(COMPARE_PARAM) != value:
        st.query_params[COMPARE_PARAM] = value


def include_in_comparison(rule_set_id: str) -> None:
    """Add a rule set (house rules just kept) to the rule sets compared."""
    chosen = list(st.session_state.get(COMPARE_KEY) or [])
    if rule_set_id not in chosen:
        chosen.append(rule_set_id)
    st.session_state[COMPARE_KEY] = chosen


def compared_rule_sets(lang: str) -> list[RuleSet]:
    """The multiselect of the rule sets to compare (the sources and the session's house rules, all by
    default), kept in ``?compare=``; returns the chosen rule sets in the list's order.

    A new ``?compare=`` in the URL sets the choice: each id once, in the order given, ids that are not
    known named in a warning and dropped (so at most the rule sets the session has are compared; only
    the first :data:`MAX_COMPARE_PARTS` different ids are looked at). An empty choice compares nothing
    (the page says so)."""
    every = all_rule_sets()
    by_id = {rule_set.id: rule_set for rule_set in every}
    raw = st.query_params.get(COMPARE_PARAM)
    if raw is not None and raw != st.session_state.get(COMPARE_URL_KEY):
        wanted = list(dict.fromkeys(part for part in raw.split(",") if part))[:MAX_COMPARE_PARTS]
        unknown = [part for part in wanted if part not in by_id]
        if unknown:
            st.warning(t("sandbox.unknown_compare", value=markdown_literal(", ".join(unknown)),
                         known=", ".join(by_id)))
        st.session_state[COMPARE_KEY] = [part for part in wanted if part in by_id] or list(by_id)
    if COMPARE_KEY in st.session_state:
        st.session_state[COMPARE_KEY] = [i for i in st.session_state[COMPARE_KEY] if i in by_id]
    else:
        st.session_state[COMPARE_KEY] = list(by_id)
    st.multiselect(
        t("sandbox.compare"),
        list(by_id),
        key=COMPARE_KEY,
        format_func=lambda rule_set_id: rule_set_label(by_id[rule_set_id], lang),
        on_change=_on_compare,
        help=t("sandbox.compare_help"),
        placeholder=t("sandbox.compare_placeholder"),
    )
    chosen = list(st.session_state[COMPARE_KEY])
    _write_compare(chosen)
    house = house_rule_sets()
    share_house_rules([by_id[i] for i in chosen if i in house])
    return [by_id[rule_set_id] for rule_set_id in chosen]
