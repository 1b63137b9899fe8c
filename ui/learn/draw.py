"""Drawing helpers shared by the Learn page's parts: the lesson context, players' hands, settlement tables.

Used by :mod:`ui.learn.view` (the steps), :mod:`ui.learn.quiz_view` (the quiz) and
:mod:`ui.learn.check_view` (check my hand). Every number drawn is the engine's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import streamlit as st

from maubinh.arrangement import Arrangement
from maubinh.cards import grouped
from maubinh.hands import evaluate
from maubinh.rules import POSITIONS, RULE_SET_IDS, Position, Provenance, RuleSet, load_rule_set
from maubinh.settle import Item, ItemKind, PairResult, Settlement
from ui.cards import hand_html
from ui.escape import md_text
from ui.i18n import t
from ui.labels import describe_item, describe_value, provenance_note, source_quote
from ui.learn.content import CommonTexts, SourceTexts, fill, lesson_values, load_common, load_source

__all__ = [
    "CARD_WIDTH",
    "LADDER_CARD_WIDTH",
    "LessonContext",
    "other_sources",
    "pair_rows",
    "player",
    "provenance_cell",
    "provenance_cells",
    "rule_line",
    "seat_html",
    "show_pairs",
    "show_seats",
    "signed",
    "table_notes",
    "totals_line",
]

CARD_WIDTH = 34
"""Card width (CSS px) in the examples: five cards fit half a desktop column, or a phone's width."""
LADDER_CARD_WIDTH = 40


# --------------------------------------------------------------------------- context


@dataclass
class LessonContext:
    """What every drawing function needs: the rule set, the language and the lesson texts."""

    rule_set: RuleSet
    lang: str
    common: CommonTexts
    source: SourceTexts | None
    values: dict[str, str] = field(default_factory=dict)

    @classmethod
    def make(cls, rule_set: RuleSet, lang: str) -> LessonContext:
        """Load the texts of ``lang`` and the rule set's own (``None`` for house rules)."""
        return cls(rule_set, lang, load_common(lang), load_source(rule_set.id, lang), lesson_values(rule_set, lang))

    def fill(self, text: str) -> str:
        """A lesson text (Markdown) with the rule set's names (escaped: house rules are a user's) and numbers
        filled in."""
        return fill(text, {key: md_text(value) for key, value in self.values.items()})

    def name(self, position: Position) -> str:
        """The rule set's name for ``position``, escaped for Markdown (house rules name chi as a user typed)."""
        return md_text(self.plain_name(position))

    def plain_name(self, position: Position) -> str:
        """The rule set's name for ``position`` as it is (for HTML labels, which escape it themselves)."""
        return self.rule_set.position_name(position, self.lang)

    def rules_name(self) -> str:
        """The rule set's name, escaped for Markdown."""
        return md_text(self.rule_set.name(self.lang))

    def caption(self, example_id: str) -> str:
        """An example's caption: the source's own if it has one, else the shared one."""
        own = self.source.captions.get(example_id) if self.source else None
        return self.fill(own or self.common.captions.get(example_id, ""))

    @property
    def is_source(self) -> bool:
        """Whether the rule set is one of the sources (else house rules: no stated results)."""
        return self.rule_set.id in RULE_SET_IDS


def player(index: int) -> str:
    """``Người 1`` / ``Player 1`` (``index`` 0-based)."""
    return t("learn.player", n=index + 1)


def signed(amount: int) -> str:
    """``+6``, ``−3`` (a real minus sign) or ``0``."""
    return f"+{amount}" if amount > 0 else f"−{-amount}" if amount < 0 else "0"


def provenance_cell(provenance: Provenance | None, lang: str) -> str:
    """:func:`ui.labels.provenance_note` led by a badge when the value is a reading or a house default."""
    if provenance is None:
        return ""
    badges = []
    if provenance.house_default:
        badges.append(f":orange-badge[{t('learn.badge.house_default')}]")
    if provenance.reading and provenance.source:  # no source text: a house change, not a reading
        badges.append(f":blue-badge[{t('learn.badge.reading')}]")
    return " ".join([*badges, provenance_note(provenance, lang)])


def provenance_cells(provenances: Sequence[Provenance | None], lang: str, *,
                     other: bool = True) -> tuple[list[str], list[str]]:
    """The source cells of a table's rows, each reading said once: ``(cells, notes)``.

    A cell is :func:`provenance_cell` with its reading (or a house change's note) replaced by "see note
    n"; ``notes`` holds the distinct readings, numbered from 1 in the order they first appear, to draw
    once under the table (:func:`table_notes`). ``other=False`` leaves the other reading out (for a
    table that shows it in its own column). Every text of the rule set is escaped.
    """
    notes: list[str] = []
    cells: list[str] = []
    for provenance in provenances:
        if provenance is None:
            cells.append("")
            continue
        badges = []
        if provenance.house_default:
            badges.append(f":orange-badge[{t('learn.badge.house_default')}]")
        if provenance.reading and provenance.source:
            badges.append(f":blue-badge[{t('learn.badge.reading')}]")
        parts = []
        reading = md_text(provenance.reading_in(lang) or "")
        if provenance.source:
            parts.append(f"{t('provenance.source')}: {md_text(source_quote(provenance.source, lang))}")
            if provenance.house_default:
                parts.append(f"**{t('provenance.house_default')}**")
            note = f"*{t('provenance.reading')}:* {reading}" if reading else ""
        else:  # a house change: its note is all there is
            note = reading
        if note:
            if note not in notes:
                notes.append(note)
            parts.append(t("learn.note.see", n=notes.index(note) + 1))
        other_text = md_text(provenance.other_in(lang) or "") if other else ""
        if other_text:
            parts.append(f"*{t('provenance.other')}:* {other_text}")
        cells.append(" ".join([*badges, " — ".join(parts)]))
    return cells, notes


def table_notes(notes: Sequence[str]) -> None:
    """The notes of :func:`provenance_cells`, numbered, once each, under their table."""
    for n, note in enumerate(notes, start=1):
        st.caption(t("learn.note.line", n=n, note=note))


def rule_line(label: str, value: str, provenance: Provenance | None, lang: str) -> None:
    """One of the rule set's rules, bold label and value, its source as a caption under it."""
    st.markdown(f"**{label}:** {value}")
    note = provenance_cell(provenance, lang)
    if note:
        st.caption(note)


# --------------------------------------------------------------------------- hands and tables


def seat_html(arrangement: Arrangement, ctx: LessonContext, *, width: int = CARD_WIDTH,
              highlight: Position | None = None) -> str:
    """Three rows of cards, each labelled with the rule set's chi name and the engine's value."""
    rows = []
    for position in POSITIONS:
        cards = arrangement.chi(position)
        label = f"{ctx.plain_name(position)} · {describe_value(evaluate(cards, ctx.rule_set.wheel), ctx.lang)}"
        rows.append(hand_html(grouped(cards), label=label, width=width, highlight=position is highlight))
    return "".join(rows)


def show_seats(seats: Sequence[Arrangement], ctx: LessonContext, *, highlight: Position | None = None,
               notes: Sequence[str] = ()) -> None:
    """The players' arrangements, two per row, each headed by the player's name (and a note)."""
    for start in range(0, len(seats), 2):
        columns = st.columns(2)
        for offset, column in enumerate(columns):
            index = start + offset
            if index >= len(seats):
                break
            with column:
                note = f" — {notes[index]}" if index < len(notes) and notes[index] else ""
                st.markdown(f"**{player(index)}**{note}")
                st.markdown(seat_html(seats[index], ctx, highlight=highlight), unsafe_allow_html=True)


def _shown(item: Item) -> bool:
    """Leave out ace-rule lines where neither player holds an ace (nothing to learn from them)."""
    return not (item.kind is ItemKind.ACES and item.aces == (0, 0))


def pair_rows(pair: PairResult, ctx: LessonContext) -> list[dict[str, str]]:
    """A pair's settlement lines (engine items) with the chi won by the pair's first player, and the total."""
    what, chi = t("learn.col.what"), t("learn.col.chi_for", player=player(pair.a))
    rows = [{what: md_text(describe_item(item, ctx.rule_set, ctx.lang)), chi: signed(item.amount)}
            for item in pair.items if _shown(item)]
    rows.append({what: f"**{t('learn.total')}**", chi: f"**{signed(pair.total)}**"})
    return rows


def show_pairs(settlement: Settlement, ctx: LessonContext, *, open_first: bool = False) -> None:
    """Each pair's breakdown: a table, inside an expander when there are more than two players."""
    for pair in settlement.pairs:
        title = t("learn.pair", a=player(pair.a), b=player(pair.b), total=signed(pair.total))
        if len(settlement.totals) == 2:
            st.markdown(f"**{title}**")
            st.table(pair_rows(pair, ctx), hide_index=True)
        else:
            with st.expander(title, expanded=open_first):
                st.table(pair_rows(pair, ctx), hide_index=True)


def totals_line(totals: Sequence[int]) -> str:
    """``Người 1: **+6** · Người 2: **−6**``."""
    return " · ".join(f"{player(i)}: **{signed(total)}**" for i, total in enumerate(totals))


def other_sources(ctx: LessonContext) -> list[RuleSet]:
    """The sources other than the chosen rule set."""
    return [load_rule_set(i) for i in RULE_SET_IDS if i != ctx.rule_set.id]
