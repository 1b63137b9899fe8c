"""The Sandbox's table: the controls (players, seed, deal, Xếp bài) and each seat's cards, entered by
typing, by a card picker that cannot hand out a card twice, or moved between chi by hand in the shared
arranging component (:mod:`ui.arrange.component`: in the browser, one round trip per arrangement, taken by
:func:`take_arranged`), with problems and binh lủng (fouls) flagged as the cards change, and the "Báo mậu
binh" switch where a seat holds an instant win (:mod:`ui.sandbox.declare`).

One naming of the chi on the screen: the main rule set's (the one Xếp bài arranges for), in the inputs,
the buttons, the problems and the order check alike."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from maubinh.arrangement import Arrangement
from maubinh.cards import Card, CardParseError, cards_text
from maubinh.hands import evaluate
from maubinh.rules import POSITIONS, Position, RuleSet
from ui.arrange.component import arrangement_from_value, show_arranger
from ui.cards import show_cards
from ui.escape import md_text
from ui.i18n import t, translate
from ui.labels import describe_foul, describe_value
from ui.params import markdown_literal
from ui.problems import problem_lines
from ui.sandbox.declare import set_choice, show_declare
from ui.sandbox.hands import SUITS, deck_by_suit, pick_cards
from ui.sandbox.model import (
    MAX_CHI_TEXT,
    MAX_SEATS,
    MAX_SEED,
    MIN_SEATS,
    Problem,
    ProblemKind,
    Table,
    decide_seat,
    fouled_under,
    read_seat,
)
from ui.sandbox.state import (
    SEATS_KEY,
    SEED_KEY,
    SHOWN_SEATS_KEY,
    SOLVE_RULES_KEY,
    change_seats,
    deal_into_inputs,
    mode_key,
    seat_name,
    text_key,
)
from ui.setup import find_rule_set, rule_set_label
from ui.warming import wait_for_kernel

__all__ = ["arranged_key", "chi_label", "main_rule_set", "position_name", "show_controls", "show_seats", "take_arranged"]

CARD_WIDTH = 44
MODES = ("type", "pick", "move")
_UNREADABLE = (ProblemKind.RANK, ProblemKind.SUIT)


def position_name(position: Position, rule_set: RuleSet, lang: str) -> str:
    """The main rule set's name of a chi (one naming on the screen), e.g. ``"Chi cuối"`` under ``tinh-chi``."""
    return rule_set.position_name(position, lang)


def chi_label(position: Position, rule_set: RuleSet, lang: str) -> str:
    """An input's label: the rule set's name of the chi and its size, ``"Chi 1 (5 lá)"``."""
    return t("sandbox.chi_label", name=md_text(position_name(position, rule_set, lang)), size=position.size)


def pick_key(seat: int, suit_value: str) -> str:
    return f"sandbox_pick{seat}_{suit_value}"


def arranged_key(seat: int) -> str:
    """Where the arranging component's "Confirm" puts seat ``seat``'s arrangement (card ids per chi)."""
    return f"sandbox_arranged{seat}"


def _flash(seat: int, kind: str, message: str) -> None:
    st.session_state[f"sandbox_flash{seat}"] = (kind, message)


def _write_seat(seat: int, texts: Sequence[str]) -> None:
    for position, text in zip(POSITIONS, texts):
        st.session_state[text_key(seat, position)] = text


def _seat_chis(seat: int) -> dict[Position, tuple[Card, ...]]:
    texts = [str(st.session_state.get(text_key(seat, position), "")) for position in POSITIONS]
    return read_seat(texts[0], texts[1], texts[2])[2]


# --------------------------------------------------------------------------- controls and Xếp bài


def on_deal() -> None:
    deal_into_inputs(st.session_state[SEATS_KEY], int(st.session_state[SEED_KEY]))


def main_rule_set(compared: Sequence[RuleSet], every: Sequence[RuleSet]) -> RuleSet:
    """The main rule set: the one Xếp bài arranges for, whose chi names the table uses."""
    chosen = find_rule_set(str(st.session_state.get(SOLVE_RULES_KEY, "")))
    return chosen or (compared[0] if compared else every[0])


def _solve_rules(compared: Sequence[RuleSet]) -> RuleSet:
    return main_rule_set(compared, compared)


def _solve(seat: int, rule_set: RuleSet, lang: str) -> bool:
    texts = [st.session_state.get(text_key(seat, position), "") for position in POSITIONS]
    seats = int(st.session_state.get(SEATS_KEY, 2))
    # a fresh server's first seconds: "preparing the engine, about N s", not the numpy path; in a callback, where a
    # line would stand at the page's top: the toast alone (issue 32)
    wait_for_kernel(line=False)
    try:
        solved, decision = decide_seat(texts[0], texts[1], texts[2], rule_set, opponents=max(1, seats - 1))
    except CardParseError as error:
        _flash(seat, "error", t("sandbox.solve_error", why=markdown_literal(str(error), 80)))
        return False
    _write_seat(seat, solved)
    if decision.natural is not None:
        set_choice(seat, decision.arrangement, rule_set, seats, decision.declare)
    _flash(seat, "success", t("sandbox.solve_done", rules=md_text(rule_set.name(lang))))
    return True


def on_solve(seat: int, compared: Sequence[RuleSet], lang: str) -> None:
    """Xếp bài: replace a seat's three inputs by the solver's arrangement of its 13 cards."""
    _solve(seat, _solve_rules(compared), lang)


def on_solve_all(seats: int, compared: Sequence[RuleSet], lang: str) -> None:
    """Xếp bài for every seat."""
    rule_set = _solve_rules(compared)
    for seat in range(seats):
        _solve(seat, rule_set, lang)


def show_controls(compared: Sequence[RuleSet], every: Sequence[RuleSet], lang: str) -> int:
    """Players, seed, Deal, the rule set Xếp bài arranges for, Xếp bài for everyone; returns the players."""
    by_id = {rule_set.id: rule_set for rule_set in every}
    if st.session_state.get(SOLVE_RULES_KEY) not in by_id:
        st.session_state[SOLVE_RULES_KEY] = (compared[0] if compared else every[0]).id
    controls = st.columns([2, 2, 2, 3, 2], vertical_alignment="bottom")
    seats: int = controls[0].radio(
        t("sandbox.seats"), list(range(MIN_SEATS, MAX_SEATS + 1)), key=SEATS_KEY, horizontal=True,
        persist_state="session", on_change=change_seats,
    )
    st.session_state[SHOWN_SEATS_KEY] = seats
    controls[1].number_input(t("common.seed"), min_value=0, max_value=MAX_SEED, step=1, key=SEED_KEY,
                             persist_state="session", help=t("common.seed_help"))
    controls[2].button(t("sandbox.deal"), key="sandbox_deal", on_click=on_deal, type="primary", help=t("sandbox.deal_help"),
                       width="stretch")
    controls[3].selectbox(t("sandbox.solve_rules"), list(by_id), key=SOLVE_RULES_KEY,
                          format_func=lambda rule_set_id: rule_set_label(by_id[rule_set_id], lang),
                          persist_state="session")
    controls[4].button(t("sandbox.solve_all"), key="sandbox_solve_all", on_click=on_solve_all,
                       args=(seats, compared or every, lang), icon=":material/auto_fix_high:",
                       help=t("sandbox.solve_all_help"), width="stretch")
    return seats


# --------------------------------------------------------------------------- problems and fouls


def problem_text(problem: Problem, rule_set: RuleSet, lang: str) -> str:
    """One problem of a seat in words (the chi named by ``rule_set``)."""
    position = md_text(position_name(problem.position, rule_set, lang)) if problem.position else ""
    card = problem.card.pretty if problem.card else ""
    token = markdown_literal(problem.token)
    if problem.kind is ProblemKind.RANK:
        return t("sandbox.error.rank", position=position, token=token)
    if problem.kind is ProblemKind.SUIT:
        return t("sandbox.error.suit", position=position, token=token)
    if problem.kind is ProblemKind.DUPLICATE:
        return t("sandbox.error.duplicate", position=position, card=card)
    if problem.kind is ProblemKind.COUNT:
        size = problem.position.size if problem.position else 0
        return t("sandbox.error.count", position=position, size=size, got=problem.got)
    if problem.kind is ProblemKind.LONG:
        return t("sandbox.error.long", position=position, got=problem.got, maximum=MAX_CHI_TEXT)
    other_position = md_text(position_name(problem.other_position, rule_set, lang)) if problem.other_position else ""
    if problem.kind is ProblemKind.TWO_CHI:
        return t("sandbox.error.two_chi", card=card, position=position, other_position=other_position)
    other_seat = seat_name(problem.other_seat) if problem.other_seat is not None else ""
    return t(
        "sandbox.error.two_seats",
        card=card,
        position=position,
        other_seat=other_seat,
        other_position=other_position,
    )


def show_foul(arrangement: Arrangement, rule_sets: Sequence[RuleSet], main: RuleSet, lang: str) -> None:
    """Legal, or binh lủng under which rule sets (they differ only in where A-2-3-4-5 ranks); the chi named
    by the main rule set."""
    fouled = fouled_under(arrangement, rule_sets)
    if not fouled:
        st.caption("✓ " + md_text(describe_foul(arrangement, main, lang)))
        return
    if len(fouled) == len(rule_sets):
        where = t("sandbox.foul_everywhere")
    else:
        where = t("sandbox.foul_only", rule_sets=", ".join(md_text(rule_set.name(lang)) for rule_set in fouled))
    st.warning(f"{md_text(describe_foul(arrangement, fouled[0], lang, names=main))} — {where}", icon="⚠️")


# --------------------------------------------------------------------------- the three ways in


def _card_label(card: Card) -> str:
    """A card chip's label: red for hearts and diamonds, in the text colour for spades and clubs, selected
    or not (:data:`ui.cards.CARD_CSS` keeps a selected chip's text out of the theme's red)."""
    return f":red[{card.pretty}]" if card.suit.is_red else card.pretty


def on_pick(seat: int) -> None:
    """The picker changed: the seat's cards become the picked ones (kept cards stay in their chi)."""
    picked: list[Card] = []
    for suit in SUITS:
        picked.extend(st.session_state.get(pick_key(seat, suit.value)) or [])
    _write_seat(seat, pick_cards(_seat_chis(seat), picked))


def on_clear(seat: int) -> None:
    _write_seat(seat, ("", "", ""))


def show_picker(seat: int, table: Table) -> None:
    """Four rows of cards (♠ ♥ ♦ ♣): the seat's own cards selected, the cards other seats hold left out."""
    held_elsewhere = {
        card
        for other, chis in enumerate(table.chis)
        if other != seat
        for cards in chis.values()
        for card in cards
    }
    own = {card for cards in table.chis[seat].values() for card in cards}
    for suit in SUITS:
        options = [card for card in deck_by_suit(suit) if card in own or card not in held_elsewhere]
        st.session_state[pick_key(seat, suit.value)] = [card for card in options if card in own]
        st.pills(
            t("sandbox.pick_suit", suit=suit.glyph),
            options,
            selection_mode="multi",
            format_func=_card_label,
            key=pick_key(seat, suit.value),
            on_change=on_pick,
            args=(seat,),
            label_visibility="collapsed",
        )
    count, button = st.columns([3, 2], vertical_alignment="center")
    count.caption(t("sandbox.pick_count", n=len(own), left=52 - len(own) - len(held_elsewhere)))
    button.button(t("sandbox.clear"), key=f"sandbox_clear{seat}", on_click=on_clear, args=(seat,),
                  icon=":material/backspace:", width="stretch")


def _seat_cards(chis: dict[Position, tuple[Card, ...]]) -> list[Card]:
    return [card for position in POSITIONS for card in chis[position]]


def take_arranged(seats: int) -> None:
    """Write each seat's arrangement confirmed in the component into its three texts (before they are read).

    A value that does not hold the seat's cards (they changed meanwhile in another tab) is refused with a
    message above the seat, nothing written.
    """
    for seat in range(seats):
        value = st.session_state.pop(arranged_key(seat), None)
        if value is None:
            continue
        try:
            arrangement = arrangement_from_value(value, _seat_cards(_seat_chis(seat)))
        except ValueError:
            _flash(seat, "error", t("sandbox.arranged_stale"))
            continue
        _write_seat(seat, [cards_text(arrangement.chi(position)) for position in POSITIONS])


def show_mover(seat: int, table: Table, main: RuleSet, lang: str) -> None:
    """The seat's 13 cards in the arranging component, starting from their chi (a chi holding too many keeps
    its first cards, the others start in the hand); "Confirm" rewrites the seat's three texts."""
    chis = table.chis[seat]
    cards = _seat_cards(chis)
    if len(cards) != 13 or len(set(cards)) != 13:
        st.info(t("sandbox.move_needs_13", n=len(set(cards))))
        _show_chis(chis, main, lang)
        return
    version = "|".join(cards_text(chis[position]) for position in POSITIONS)
    show_arranger(cards, main, lang, key=f"sandbox_arrange{seat}", target=arranged_key(seat), version=version,
                  initial=chis)


def _show_chis(chis: dict[Position, tuple[Card, ...]], main: RuleSet, lang: str) -> None:
    """Each chi as cards, labelled with its name and value (or its count while it is not full)."""
    for position in POSITIONS:
        cards = chis[position]
        name = position_name(position, main, lang)
        if len(cards) == position.size:
            value = describe_value(evaluate(cards, main.wheel), lang)
            show_cards(cards, label=f"{name} — {value}", width=CARD_WIDTH)
        elif cards:
            show_cards(cards, label=f"{name} — {len(cards)}/{position.size}", width=CARD_WIDTH)


def _mode_label(mode: str, lang: str) -> str:
    return translate(f"sandbox.mode.{mode}", lang)


def show_seat(seat: int, table: Table, compared: Sequence[RuleSet], main: RuleSet, seats: int,
              lang: str) -> bool | None:
    """A player's heading and Xếp bài button, the way in (type, pick, move), the cards, then problems or
    the foul check under the rule sets compared, and the "Báo mậu binh" switch where the cards hold an
    instant win; returns that switch (``None`` without one)."""
    heading, button = st.columns([3, 2], vertical_alignment="center")
    heading.markdown(f"#### {seat_name(seat)}")
    button.button(t("sandbox.solve"), key=f"sandbox_solve{seat}", on_click=on_solve, args=(seat, compared, lang),
                  help=t("sandbox.solve_help"), icon=":material/auto_fix_high:", width="stretch")
    flash = st.session_state.pop(f"sandbox_flash{seat}", None)
    if flash:
        kind, message = flash
        {"error": st.error, "success": st.success}.get(kind, st.info)(message)
    if st.session_state.get(mode_key(seat)) not in MODES:
        st.session_state[mode_key(seat)] = "type"
    mode = st.segmented_control(
        t("sandbox.mode"), MODES, key=mode_key(seat), format_func=lambda mode: _mode_label(mode, lang),
        label_visibility="collapsed", required=True,
    )
    problems = table.problems[seat]
    unreadable = any(problem.kind in _UNREADABLE for problem in problems)
    chis = table.chis[seat]
    if mode == "type":
        for position in POSITIONS:
            st.text_input(
                chi_label(position, main, lang),
                key=text_key(seat, position),
                placeholder=t("sandbox.placeholder_5") if position.size == 5 else t("sandbox.placeholder_3"),
                help=t("sandbox.input_help"), max_chars=MAX_CHI_TEXT,
            )
            cards = chis[position]
            if len(cards) == position.size:
                show_cards(cards, label=describe_value(evaluate(cards, main.wheel), lang), width=CARD_WIDTH)
    elif unreadable:
        st.info(t("sandbox.fix_typing_first"))
        _show_chis(chis, main, lang)
    elif mode == "pick":
        show_picker(seat, table)
        _show_chis(chis, main, lang)
    else:
        show_mover(seat, table, main, lang)
    arrangement = table.arrangements[seat]
    if problems:
        st.error(problem_lines((problem_text(problem, main, lang) for problem in problems), lang))
    elif table.empty[seat]:
        st.info(t("sandbox.seat_empty"))
    elif arrangement is not None and compared:
        show_foul(arrangement, compared, main, lang)
    if arrangement is not None and not problems:
        return show_declare(seat, arrangement, main, compared, seats, lang)
    return None


def show_seats(seats: int, table: Table, compared: Sequence[RuleSet], main: RuleSet, lang: str) -> list[bool | None]:
    """The seats, two to a row (one a row on a phone); returns each seat's "Báo mậu binh" switch."""
    choices: list[bool | None] = [None] * seats
    for first in range(0, seats, 2):
        columns = st.columns(2)
        for column, seat in zip(columns, range(first, min(first + 2, seats))):
            with column.container(border=True):
                choices[seat] = show_seat(seat, table, compared, main, seats, lang)
    return choices
