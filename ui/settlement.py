"""Settlement views shared by the pages that settle a table (Sandbox, Play): the events of a settlement, a
pair's breakdown line by line with the rule behind each number, and signed amounts.

Each view takes ``seat_name``: how the page names a seat (``"Player 2"``, ``"You"``...), seats 0-based.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pandas as pd
import streamlit as st

from maubinh.arrangement import Arrangement
from maubinh.naturals import find_instant_win
from maubinh.rules import RuleSet
from maubinh.settle import Item, PairResult, Settlement
from ui.escape import md_text
from ui.i18n import t
from ui.labels import describe_item, natural_name, position_label, provenance_note

__all__ = ["SeatName", "breakdown_frame", "chi_results_text", "pair_label", "show_events", "show_pair", "signed"]

SeatName = Callable[[int], str]
"""How a page names seat ``n`` (0-based)."""


def signed(amount: object) -> str:
    """``+3``, ``−3`` or ``0`` (a true minus sign); empty for a missing value."""
    if amount is None or amount is pd.NA or (isinstance(amount, float) and pd.isna(amount)):
        return "—"
    value = int(amount)  # type: ignore[call-overload]
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def breakdown_frame(
    pair: PairResult,
    describe: Callable[[Item], str],
    source: Callable[[Item], str],
    columns: tuple[str, str, str] = ("what", "chi", "source"),
    total: str | None = None,
) -> pd.DataFrame:
    """One row per item of ``pair`` (seen from its first seat): what, chi won (negative: paid), rule source.

    ``describe`` and ``source`` word an item (the pages pass ``ui.labels.describe_item`` and
    ``ui.labels.provenance_note``). With ``total``, a last row named ``total`` holds the pair's total.
    """
    what, chi, note = columns
    rows = [{what: describe(item), chi: item.amount, note: source(item)} for item in pair.items]
    if total is not None:
        rows.append({what: total, chi: pair.total, note: ""})
    return pd.DataFrame(rows, columns=list(columns))


def pair_label(pair: PairResult, seat_name: SeatName) -> str:
    """Who won the pair, and by how much."""
    a, b = seat_name(pair.a), seat_name(pair.b)
    if pair.total == 0:
        return t("sandbox.pair_even", a=a, b=b)
    winner = a if pair.total > 0 else b
    return t("sandbox.pair_won", a=a, b=b, winner=winner, chi=abs(pair.total))


def chi_results_text(pair: PairResult, rule_set: RuleSet, lang: str, seat_name: SeatName) -> str:
    """Who won each chi of the pair, in the rule set's chi names; or why no chi were compared."""
    results = pair.chi_results()
    if not results:
        return t("sandbox.no_chi_compared")
    parts = []
    for position, sign in results.items():
        label = md_text(position_label(position, rule_set, lang))
        if sign == 0:
            parts.append(t("sandbox.chi_tie", position=label))
        else:
            parts.append(t("sandbox.chi_won", position=label, seat=seat_name(pair.a if sign > 0 else pair.b)))
    return t("sandbox.chi_results", results=" · ".join(parts))


def show_events(settlement: Settlement, rule_set: RuleSet, lang: str, seat_name: SeatName,
                arrangements: Sequence[Arrangement] = ()) -> None:
    """Fouls, instant wins (declared, or held and played out) and scoops under one rule set, one line each."""
    lines = []
    fouled = [seat_name(seat) for seat, foul in enumerate(settlement.fouls) if foul]
    if fouled:
        lines.append(t("sandbox.event_fouls", seats=", ".join(fouled), penalty=rule_set.foul_price))
    for seat, natural in enumerate(settlement.naturals):
        if natural is not None:
            lines.append(
                t("sandbox.event_natural", seat=seat_name(seat), name=natural_name(natural.pattern, lang),
                  chi=natural.chi)
            )
        elif seat < len(arrangements) and rule_set.naturals:
            held = find_instant_win(arrangements[seat].cards, rule_set)
            if held is not None:
                lines.append(t("sandbox.event_played", seat=seat_name(seat), name=natural_name(held.pattern, lang),
                               chi=held.chi))
    for seat, scooped in enumerate(settlement.scoops):
        if scooped:
            lines.append(
                t("sandbox.event_scoop", seat=seat_name(seat), others=", ".join(seat_name(s) for s in scooped))
            )
    if not lines:
        lines.append(t("sandbox.event_none"))
    st.markdown("\n".join(f"- {line}" for line in lines))


def show_pair(pair: PairResult, rule_set: RuleSet, lang: str, seat_name: SeatName, names: RuleSet | None = None) -> None:
    """One pair's breakdown under ``rule_set``, the chi named by ``names`` (the page's one naming)."""
    named = names or rule_set
    with st.expander(pair_label(pair, seat_name)):
        st.markdown(chi_results_text(pair, named, lang, seat_name))
        columns = (t("sandbox.col_what"), t("sandbox.col_chi", seat=seat_name(pair.a)), t("sandbox.col_source"))
        frame = breakdown_frame(
            pair,
            lambda item: md_text(describe_item(item, named, lang)),
            lambda item: provenance_note(item.provenance, lang),
            columns=columns,
            total=f"**{t('sandbox.total')}**",
        )
        frame[columns[1]] = frame[columns[1]].map(signed)
        st.table(frame, hide_index=True)
