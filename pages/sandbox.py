"""Sandbox: 2-4 players, dealt from a seed or typed chi by chi, settled under every rule set side by side.

Links: ``/sandbox?seats=4&seed=7`` deals 4 players from seed 7 on load (the Deal button writes them).
"""

from __future__ import annotations

import plotly.express as px
import streamlit as st

from maubinh.arrangement import Arrangement
from maubinh.cards import CardParseError
from maubinh.hands import evaluate
from maubinh.rules import POSITIONS, RULE_SET_IDS, Position, RuleSet, load_rule_set
from maubinh.settle import PairResult, Settlement
from ui.cards import show_cards
from ui.i18n import t
from ui.labels import (
    describe_foul,
    describe_item,
    describe_value,
    natural_name,
    position_label,
    provenance_note,
)
from ui.params import int_param, markdown_literal
from ui.sandbox_model import (
    MAX_SEATS,
    MAX_SEED,
    MIN_SEATS,
    Problem,
    ProblemKind,
    Table,
    breakdown_frame,
    deal,
    fouled_under,
    read_table,
    seat_texts,
    settle_all,
    solve_seat,
    totals_frame,
    totals_long,
)
from ui.setup import setup_page

DEFAULT_SEATS = 2
DEFAULT_SEED = 1
SEATS_KEY = "sandbox_seats"
SEED_KEY = "sandbox_seed"
# The (seats, seed) of the URL last acted on: a new pair in the URL deals again, the same one does not.
URL_SEEN_KEY = "sandbox_url_seen"
SOLVE_RULES_KEY = "sandbox_solve_rules"
CARD_WIDTH = 44
RULE_SETS: tuple[RuleSet, ...] = tuple(load_rule_set(rule_set_id) for rule_set_id in RULE_SET_IDS)
POSITION_KEYS = {
    Position.BACK: "position.back",
    Position.MIDDLE: "position.middle",
    Position.FRONT: "position.front",
}

lang = setup_page("nav.sandbox")


def text_key(seat: int, position: Position) -> str:
    """Session-state key of a seat's chi input (seats 0-based)."""
    return f"sandbox_seat{seat}_{position.value}"


def seat_name(seat: int) -> str:
    return t("sandbox.seat", n=seat + 1)


def position_name(position: Position) -> str:
    """The generic name of a chi (the rule sets name them differently), capitalised for a label."""
    text = t(POSITION_KEYS[position])
    return text[:1].upper() + text[1:]


def deal_into_inputs(seats: int, seed: int) -> None:
    """Fill the inputs of ``seats`` players with a deal from ``seed``; empty the other seats' inputs.

    Also puts the deal in the URL (``?seats=&seed=``), so the link reproduces it.
    """
    dealt = deal(seats, seed)
    for seat in range(MAX_SEATS):
        texts = seat_texts(dealt[seat]) if seat < seats else ("", "", "")
        for position, text in zip(POSITIONS, texts):
            st.session_state[text_key(seat, position)] = text
    st.session_state[SEATS_KEY] = seats
    st.session_state[SEED_KEY] = seed
    st.session_state[URL_SEEN_KEY] = (seats, seed)
    st.query_params["seats"] = str(seats)
    st.query_params["seed"] = str(seed)


def on_deal() -> None:
    deal_into_inputs(st.session_state[SEATS_KEY], int(st.session_state[SEED_KEY]))


def apply_url() -> None:
    """Deal on the first visit, and whenever the URL brings a new ``?seats=`` / ``?seed=``.

    Without these in the URL (e.g. after a page switch) the inputs are left as they are.
    """
    url_seats = int_param("seats", minimum=MIN_SEATS, maximum=MAX_SEATS)
    url_seed = int_param("seed", minimum=0, maximum=MAX_SEED)
    seen = st.session_state.get(URL_SEEN_KEY)
    given = url_seats is not None or url_seed is not None
    if seen is None or (given and (url_seats, url_seed) != seen):
        seats = url_seats if url_seats is not None else st.session_state.get(SEATS_KEY, DEFAULT_SEATS)
        seed = url_seed if url_seed is not None else st.session_state.get(SEED_KEY, DEFAULT_SEED)
        deal_into_inputs(seats, seed)
    elif not given:
        st.query_params["seats"], st.query_params["seed"] = (str(value) for value in seen)


def keep_inputs() -> None:
    """Keep the text of seats not drawn this run (fewer players chosen): Streamlit drops the state of
    widgets that are not drawn, unless it is set again."""
    for seat in range(MAX_SEATS):
        for position in POSITIONS:
            key = text_key(seat, position)
            if key in st.session_state:
                st.session_state[key] = st.session_state[key]


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


def show_foul(arrangement: Arrangement) -> None:
    """Legal, or binh lủng under which rule sets (they differ only in where A-2-3-4-5 ranks)."""
    fouled = fouled_under(arrangement, RULE_SETS)
    if not fouled:
        st.caption("✓ " + describe_foul(arrangement, RULE_SETS[0], lang))
        return
    if len(fouled) == len(RULE_SETS):
        where = t("sandbox.foul_everywhere")
    else:
        where = t("sandbox.foul_only", rule_sets=", ".join(rule_set.name(lang) for rule_set in fouled))
    st.warning(f"{describe_foul(arrangement, fouled[0], lang)} — {where}", icon="⚠️")


def on_solve(seat: int) -> None:
    """Xếp bài: replace a seat's three inputs by the solver's arrangement of its 13 cards."""
    texts = [st.session_state.get(text_key(seat, position), "") for position in POSITIONS]
    rule_set = load_rule_set(st.session_state[SOLVE_RULES_KEY])
    try:
        solved = solve_seat(texts[0], texts[1], texts[2], rule_set)
    except CardParseError as error:
        st.session_state[f"sandbox_solve_error{seat}"] = t("sandbox.solve_error", why=markdown_literal(str(error), 80))
        return
    for position, text in zip(POSITIONS, solved):
        st.session_state[text_key(seat, position)] = text
    st.session_state[f"sandbox_solve_done{seat}"] = t("sandbox.solve_done", rules=rule_set.name(lang))


def show_seat(seat: int, table: Table) -> None:
    """A player's three inputs, each chi drawn as cards with its value, then problems or the foul check."""
    heading, button = st.columns([3, 2], vertical_alignment="center")
    heading.markdown(f"#### {seat_name(seat)}")
    button.button(t("sandbox.solve"), key=f"sandbox_solve{seat}", on_click=on_solve, args=(seat,),
                  help=t("sandbox.solve_help"), icon=":material/auto_fix_high:", width="stretch")
    for flag, show in ((f"sandbox_solve_error{seat}", st.error), (f"sandbox_solve_done{seat}", st.success)):
        message = st.session_state.pop(flag, None)
        if message:
            show(message)
    chis = table.chis[seat]
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
    problems = table.problems[seat]
    arrangement = table.arrangements[seat]
    if problems:
        st.error("\n".join(f"- {problem_text(problem)}" for problem in problems))
    elif table.empty[seat]:
        st.info(t("sandbox.seat_empty"))
    elif arrangement is not None:
        show_foul(arrangement)


def signed(amount: int) -> str:
    return f"+{amount}" if amount > 0 else f"−{-amount}" if amount < 0 else "0"


def pair_label(pair: PairResult) -> str:
    a, b = seat_name(pair.a), seat_name(pair.b)
    if pair.total == 0:
        return t("sandbox.pair_even", a=a, b=b)
    winner = a if pair.total > 0 else b
    return t("sandbox.pair_won", a=a, b=b, winner=winner, chi=abs(pair.total))


def chi_results_text(pair: PairResult, rule_set: RuleSet) -> str:
    """Who won each chi of the pair, in the rule set's chi names; or why no chi were compared."""
    results = pair.chi_results()
    if not results:
        return t("sandbox.no_chi_compared")
    parts = []
    for position, sign in results.items():
        label = position_label(position, rule_set, lang)
        if sign == 0:
            parts.append(t("sandbox.chi_tie", position=label))
        else:
            parts.append(t("sandbox.chi_won", position=label, seat=seat_name(pair.a if sign > 0 else pair.b)))
    return t("sandbox.chi_results", results=" · ".join(parts))


def show_events(settlement: Settlement, rule_set: RuleSet) -> None:
    """Fouls, instant wins and scoops under one rule set, one line each."""
    lines = []
    fouled = [seat_name(seat) for seat, foul in enumerate(settlement.fouls) if foul]
    if fouled:
        lines.append(t("sandbox.event_fouls", seats=", ".join(fouled), penalty=rule_set.foul_penalty))
    for seat, natural in enumerate(settlement.naturals):
        if natural is not None:
            lines.append(
                t(
                    "sandbox.event_natural",
                    seat=seat_name(seat),
                    name=natural_name(natural.pattern, lang),
                    chi=natural.chi,
                )
            )
    for seat, scooped in enumerate(settlement.scoops):
        if scooped:
            lines.append(
                t(
                    "sandbox.event_scoop",
                    seat=seat_name(seat),
                    others=", ".join(seat_name(s) for s in scooped),
                )
            )
    if not lines:
        lines.append(t("sandbox.event_none"))
    st.markdown("\n".join(f"- {line}" for line in lines))


def show_pair(pair: PairResult, rule_set: RuleSet) -> None:
    with st.expander(pair_label(pair)):
        st.markdown(chi_results_text(pair, rule_set))
        columns = (
            t("sandbox.col_what"),
            t("sandbox.col_chi", seat=seat_name(pair.a)),
            t("sandbox.col_source"),
        )
        frame = breakdown_frame(
            pair,
            lambda item: describe_item(item, rule_set, lang),
            lambda item: provenance_note(item.provenance, lang),
            columns=columns,
            total=f"**{t('sandbox.total')}**",
        )
        frame[columns[1]] = frame[columns[1]].map(signed)
        st.table(frame, hide_index=True)


def show_settlement(table: Table, seats: int) -> None:
    st.header(t("sandbox.settlement"))
    if not table.ready:
        st.info(t("sandbox.not_ready"))
        return
    settlements = settle_all(table.settled_arrangements())
    names = {rule_set.id: rule_set.name(lang) for rule_set in RULE_SETS}
    seat_names = [seat_name(seat) for seat in range(seats)]
    totals = totals_frame(settlements, seat_names, names)
    st.caption(t("sandbox.totals_caption"))
    st.dataframe(totals.style.format(signed))
    player, rules, chi = t("sandbox.col_player"), t("common.rule_set"), t("sandbox.col_total")
    chart = px.bar(
        totals_long(totals, player, rules, chi), x=player, y=chi, color=rules, barmode="group", height=340
    )
    chart.update_layout(margin={"l": 10, "r": 10, "t": 30, "b": 10}, legend={"orientation": "h", "y": -0.2})
    st.plotly_chart(chart, config={"displayModeBar": False})

    st.subheader(t("sandbox.breakdown"))
    for tab, rule_set in zip(st.tabs(list(names.values())), RULE_SETS):
        with tab:
            summary = rule_set.summaries.get(lang)
            if summary:
                st.caption(summary)
            settlement = settlements[rule_set.id]
            show_events(settlement, rule_set)
            for pair in settlement.pairs:
                show_pair(pair, rule_set)


st.title(t("sandbox.title"))
st.caption(t("sandbox.intro"))
apply_url()
keep_inputs()

controls = st.columns([2, 2, 1, 3], vertical_alignment="bottom")
seats: int = controls[0].radio(
    t("sandbox.seats"), list(range(MIN_SEATS, MAX_SEATS + 1)), key=SEATS_KEY, horizontal=True
)
controls[1].number_input(t("common.seed"), min_value=0, max_value=MAX_SEED, step=1, key=SEED_KEY)
controls[2].button(t("sandbox.deal"), on_click=on_deal, type="primary", help=t("sandbox.deal_help"))
controls[3].selectbox(t("sandbox.solve_rules"), RULE_SET_IDS, key=SOLVE_RULES_KEY,
                      format_func=lambda rule_set_id: load_rule_set(rule_set_id).name(lang))

table = read_table(
    [[st.session_state.get(text_key(seat, position), "") for position in POSITIONS] for seat in range(seats)]
)
for first in range(0, seats, 2):
    columns = st.columns(2)
    for column, seat in zip(columns, range(first, min(first + 2, seats))):
        with column.container(border=True):
            show_seat(seat, table)

show_settlement(table, seats)
