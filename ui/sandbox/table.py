"""The Sandbox's table: the controls (players, seed, deal, Xếp bài) and each seat's cards, entered by
typing, by a card picker that cannot hand out a card twice, or moved between chi by hand, with problems
and binh lủng (fouls) flagged as the cards change."""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from maubinh.arrangement import Arrangement
from maubinh.cards import Card, CardParseError
from maubinh.hands import evaluate
from maubinh.rules import POSITIONS, Position, RuleSet
from ui.cards import show_cards
from ui.i18n import t, translate
from ui.labels import describe_foul, describe_value
from ui.params import markdown_literal
from ui.sandbox.hands import SUITS, deck_by_suit, move_cards, pick_cards, swap_cards
from ui.sandbox.model import (
    MAX_SEATS,
    MAX_SEED,
    MIN_SEATS,
    Problem,
    ProblemKind,
    Table,
    fouled_under,
    read_seat,
    solve_seat,
)
from ui.sandbox.state import (
    SEATS_KEY,
    SEED_KEY,
    SOLVE_RULES_KEY,
    deal_into_inputs,
    seat_name,
    text_key,
)
from ui.setup import find_rule_set, rule_set_label

__all__ = ["POSITION_KEYS", "position_name", "show_controls", "show_seats"]

CARD_WIDTH = 44
POSITION_KEYS = {
    Position.BACK: "position.back",
    Position.MIDDLE: "position.middle",
    Position.FRONT: "position.front",
}
MODES = ("type", "pick", "move")
_UNREADABLE = (ProblemKind.RANK, ProblemKind.SUIT)


def position_name(position: Position) -> str:
    """The generic name of a chi (the rule sets name them differently), capitalised for a label."""
    text = t(POSITION_KEYS[position])
    return text[:1].upper() + text[1:]


def mode_key(seat: int) -> str:
    return f"sandbox_mode{seat}"


def pick_key(seat: int, suit_value: str) -> str:
    return f"sandbox_pick{seat}_{suit_value}"


def move_key(seat: int, position: Position) -> str:
    return f"sandbox_move{seat}_{position.value}"


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


def _solve_rules(compared: Sequence[RuleSet]) -> RuleSet:
    chosen = find_rule_set(str(st.session_state.get(SOLVE_RULES_KEY, "")))
    return chosen or compared[0]


def _solve(seat: int, rule_set: RuleSet, lang: str) -> bool:
    texts = [st.session_state.get(text_key(seat, position), "") for position in POSITIONS]
    try:
        solved = solve_seat(texts[0], texts[1], texts[2], rule_set)
    except CardParseError as error:
        _flash(seat, "error", t("sandbox.solve_error", why=markdown_literal(str(error), 80)))
        return False
    _write_seat(seat, solved)
    _flash(seat, "success", t("sandbox.solve_done", rules=rule_set.name(lang)))
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
    controls = st.columns([2, 2, 1, 3, 2], vertical_alignment="bottom")
    seats: int = controls[0].radio(
        t("sandbox.seats"), list(range(MIN_SEATS, MAX_SEATS + 1)), key=SEATS_KEY, horizontal=True,
        persist_state="session",
    )
    controls[1].number_input(t("common.seed"), min_value=0, max_value=MAX_SEED, step=1, key=SEED_KEY,
                             persist_state="session")
    controls[2].button(t("sandbox.deal"), key="sandbox_deal", on_click=on_deal, type="primary", help=t("sandbox.deal_help"))
    controls[3].selectbox(t("sandbox.solve_rules"), list(by_id), key=SOLVE_RULES_KEY,
                          format_func=lambda rule_set_id: rule_set_label(by_id[rule_set_id], lang),
                          persist_state="session")
    controls[4].button(t("sandbox.solve_all"), key="sandbox_solve_all", on_click=on_solve_all,
                       args=(seats, compared or every, lang), icon=":material/auto_fix_high:",
                       help=t("sandbox.solve_all_help"), width="stretch")
    return seats


# --------------------------------------------------------------------------- problems and fouls


def problem_text(problem: Problem) -> str:
    """One problem of a seat in words."""
    position = position_name(problem.position) if problem.position else ""
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
    other_position = position_name(problem.other_position) if problem.other_position else ""
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


def show_foul(arrangement: Arrangement, rule_sets: Sequence[RuleSet], lang: str) -> None:
    """Legal, or binh lủng under which rule sets (they differ only in where A-2-3-4-5 ranks)."""
    fouled = fouled_under(arrangement, rule_sets)
    if not fouled:
        st.caption("✓ " + describe_foul(arrangement, rule_sets[0], lang))
        return
    if len(fouled) == len(rule_sets):
        where = t("sandbox.foul_everywhere")
    else:
        where = t("sandbox.foul_only", rule_sets=", ".join(rule_set.name(lang) for rule_set in fouled))
    st.warning(f"{describe_foul(arrangement, fouled[0], lang)} — {where}", icon="⚠️")


# --------------------------------------------------------------------------- the three ways in


def _card_label(card: Card) -> str:
    return card.pretty


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


def on_move(seat: int, target: Position) -> None:
    """Move the cards selected in any chi to ``target``."""
    chosen = [card for position in POSITIONS for card in st.session_state.get(move_key(seat, position)) or []]
    if not chosen:
        _flash(seat, "info", t("sandbox.move_nothing"))
        return
    _write_seat(seat, move_cards(_seat_chis(seat), chosen, target))
    _clear_moves(seat)


def on_swap(seat: int) -> None:
    """Swap two selected cards of different chi."""
    picked = {position: list(st.session_state.get(move_key(seat, position)) or []) for position in POSITIONS}
    chosen = [card for cards in picked.values() for card in cards]
    if len(chosen) != 2 or any(len(cards) > 1 for cards in picked.values()):
        _flash(seat, "info", t("sandbox.swap_needs_two"))
        return
    _write_seat(seat, swap_cards(_seat_chis(seat), chosen[0], chosen[1]))
    _clear_moves(seat)


def _clear_moves(seat: int) -> None:
    for position in POSITIONS:
        st.session_state[move_key(seat, position)] = []


def show_mover(seat: int, table: Table) -> None:
    """Each chi's cards to select, and buttons that move the selected cards or swap two of them."""
    chis = table.chis[seat]
    for position in POSITIONS:
        key = move_key(seat, position)
        kept = [card for card in st.session_state.get(key) or [] if card in chis[position]]
        st.session_state[key] = kept
        st.pills(
            f"{position_name(position)} · {len(chis[position])}/{position.size}",
            list(chis[position]),
            selection_mode="multi",
            format_func=_card_label,
            key=key,
        )
    buttons = st.columns(4)
    for column, position in zip(buttons, POSITIONS):
        column.button(t(f"sandbox.move_to.{position.value}"), key=f"sandbox_move_to{seat}_{position.value}",
                      on_click=on_move, args=(seat, position), width="stretch")
    buttons[3].button(t("sandbox.swap"), key=f"sandbox_swap{seat}", on_click=on_swap, args=(seat,),
                      width="stretch")


def _show_chis(chis: dict[Position, tuple[Card, ...]], lang: str) -> None:
    """Each chi as cards, labelled with its name and value (or its count while it is not full)."""
    for position in POSITIONS:
        cards = chis[position]
        if len(cards) == position.size:
            value = describe_value(evaluate(cards), lang)
            show_cards(cards, label=f"{position_name(position)} — {value}", width=CARD_WIDTH)
        elif cards:
            show_cards(cards, label=f"{position_name(position)} — {len(cards)}/{position.size}", width=CARD_WIDTH)


def _mode_label(mode: str, lang: str) -> str:
    return translate(f"sandbox.mode.{mode}", lang)


def show_seat(seat: int, table: Table, compared: Sequence[RuleSet], lang: str) -> None:
    """A player's heading and Xếp bài button, the way in (type, pick, move), the cards, then problems or
    the foul check under the rule sets compared."""
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
                position_name(position),
                key=text_key(seat, position),
                placeholder=t("sandbox.placeholder_5") if position.size == 5 else t("sandbox.placeholder_3"),
                help=t("sandbox.input_help"),
            )
            cards = chis[position]
            if len(cards) == position.size:
                show_cards(cards, label=describe_value(evaluate(cards), lang), width=CARD_WIDTH)
    elif unreadable:
        st.info(t("sandbox.fix_typing_first"))
        _show_chis(chis, lang)
    elif mode == "pick":
        show_picker(seat, table)
        _show_chis(chis, lang)
    else:
        show_mover(seat, table)
        _show_chis(chis, lang)
    arrangement = table.arrangements[seat]
    if problems:
        st.error("\n".join(f"- {problem_text(problem)}" for problem in problems))
    elif table.empty[seat]:
        st.info(t("sandbox.seat_empty"))
    elif arrangement is not None and compared:
        show_foul(arrangement, compared, lang)


def show_seats(seats: int, table: Table, compared: Sequence[RuleSet], lang: str) -> None:
    """The seats, two to a row (one a row on a phone)."""
    for first in range(0, seats, 2):
        columns = st.columns(2)
        for column, seat in zip(columns, range(first, min(first + 2, seats))):
            with column.container(border=True):
                show_seat(seat, table, compared, lang)
