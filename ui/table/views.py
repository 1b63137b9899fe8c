"""Views of a card table shared by the Play page and a class's table (duplicate deals): the seats' names,
the showdown with its settlement, the analysis of the player's split against the best, the computer players'
face-down hands and the narrow-screen layout that puts the player's 13 cards on a phone's first screen."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pandas as pd
import streamlit as st

from classroom.play_hands import Summary
from maubinh.arrangement import Arrangement
from maubinh.play import Analysis, DealResult, Origin, Strength, Table
from maubinh.rules import POSITIONS, Position, RuleSet
from maubinh.settle import ItemKind, Settlement
from ui.bands import band_badge
from ui.cards import card_back_svg, cards_inline_html, show_cards
from ui.escape import html_literal, md_text
from ui.i18n import t, tn, translate
from ui.labels import category_name, describe_chi, describe_value, natural_name, number
from ui.settlement import show_events, show_pair, signed
from ui.table.model import why

__all__ = [
    "PHONE_CSS",
    "bots_down_html",
    "compact_showdown_html",
    "marks",
    "origin_mark",
    "phone_layout",
    "place_mark",
    "seat_namer",
    "show_analysis",
    "show_bots_down",
    "show_left_out",
    "show_seat",
    "show_showdown",
    "why_sentence",
]

_SEAT_CARD_WIDTH = 34


def seat_namer(bots: tuple[Strength, ...]) -> dict[int, str]:
    """Each seat's name: "You", then "Computer 1 (solver)"..."""
    names = {0: t("play.you")}
    for seat, strength in enumerate(bots, start=1):
        names[seat] = t("play.bot", n=seat, strength=t(f"play.strength.{strength.value}"))
    return names


PHONE_CSS = """<style>
@media (max-width: 640px) {
  [data-testid="stMainBlockContainer"] [data-testid="stVerticalBlock"] { gap: 0.4rem; }
  [data-testid="stMainBlockContainer"] h1 { font-size: 1.3rem; line-height: 1.25; padding-top: 0.75rem;
    padding-bottom: 0.5rem; }
  [data-testid="stMainBlockContainer"] h3 { font-size: 1.25rem; padding: 0; }
  [data-testid="stMainBlockContainer"] h4 { font-size: 1.1rem; padding: 0.25rem 0 0.75rem 0; }
  [class*="st-key-play_analysis_numbers"], .st-key-play_replay_numbers { gap: 0.4rem; }
  [class*="st-key-play_analysis_numbers"] [data-testid="stMetric"], .st-key-play_replay_numbers [data-testid="stMetric"] {
    padding: 0.3rem 0.55rem; }
  [class*="st-key-play_analysis_numbers"] [data-testid="stMetric"] > div,
  .st-key-play_replay_numbers [data-testid="stMetric"] > div { padding: 0; }
  [class*="st-key-play_analysis_numbers"] [data-testid="stMetricValue"],
  .st-key-play_replay_numbers [data-testid="stMetricValue"] { font-size: 1.15rem; }
  [class*="st-key-play_analysis_numbers"] [data-testid="stMetricLabel"] p,
  .st-key-play_replay_numbers [data-testid="stMetricLabel"] p { font-size: 0.75rem; }
}
</style>"""
"""A table page's narrow-screen layout (below 641 px; the Play page, a class's table): less room between blocks, a
smaller title and headings, the analysis's numbers in small boxes (issue 36: four boxes a screen tall; every key
beginning ``play_analysis_numbers``: a room's analyses too), so that the
player's 13 cards show on a 390 x 844 phone's first screen without
scrolling. The room above the title is every page's (:data:`ui.cards.CARD_CSS`, 3.25 rem) and 0.75 rem of the
title's own, below Streamlit's 60 px header bar: with less, the title slid under the bar once the hidden helpers
stopped taking room."""


def bots_down_html(names: Sequence[str], down: str) -> str:
    """The computer players' face-down hands in one short wrapping line: a small card back and each one's name.

    Args:
        names: the computer players' names, seat 1 first (:func:`ui.table.views.seat_namer`'s).
        down: what a face-down hand is called (``t("play.cards_down")``: "13 cards face down"), each back's title.

    Returns:
        One line of HTML (names escaped) for ``st.markdown(..., unsafe_allow_html=True)``.

    >>> html = bots_down_html(["Máy 1 <b>", "Máy 2"], "13 lá úp")
    >>> html.count("<svg"), "Máy 1 &lt;b&gt;" in html, "<title>Máy 2 · 13 lá úp</title>" in html
    (2, True, True)
    """
    items = "".join(f'<span style="display:inline-flex;align-items:center;gap:6px">'
                    f'{card_back_svg(12, title=f"{name} · {down}")}<span>{html_literal(name)}</span></span>'
                    for name in names)
    return (f'<div class="mb-bots-down" style="display:flex;flex-wrap:wrap;gap:2px 12px;align-items:center;line-height:1.3;'
            f'font-size:0.875rem;font-weight:600;margin:0 0 1rem 0">{items}</div>')


def phone_layout() -> None:
    """Add :data:`PHONE_CSS` to the page (a style only: it takes no room; it goes with the page)."""
    st.html(PHONE_CSS)


def show_bots_down(bots: tuple[Strength, ...]) -> None:
    """The computer players' face-down hands while the player arranges (:func:`bots_down_html`, one short line)."""
    names = seat_namer(bots)
    st.markdown(bots_down_html([names[seat] for seat in range(1, len(bots) + 1)], t("play.cards_down")),
                unsafe_allow_html=True)


def show_seat(arrangement: Arrangement, rule_set: RuleSet, lang: str) -> None:
    """One seat's three chi, each with its category."""
    for position in POSITIONS:
        chi = arrangement.chi(position)
        show_cards(chi, width=_SEAT_CARD_WIDTH,
                   label=f"{rule_set.position_name(position, lang)} — {describe_chi(chi, rule_set, lang)}")


_MARKS = {1: ("✔", "mb-win", "play.mark_win"), -1: ("✘", "mb-lose", "play.mark_lose"), 0: ("=", "mb-tie", "play.mark_tie")}
"""The learner's result against another seat's chi: mark, class, words (the mark's title, for a screen reader)."""


def compact_showdown_html(arrangements: Sequence[Arrangement], settlement: Settlement, rule_set: RuleSet,
                          names: Mapping[int, str], lang: str, me: int | None = 0,
                          notes: Mapping[int, Sequence[str]] | None = None) -> str:
    """The showdown in a few lines (issue 36: four screens of cards on a phone before; a room's too, issue 34): the
    chi's names once, then per seat its name and total, and its three chi on one line, each as cards in text
    (``10♣ 9♥``), its category and, for another seat than ``me``'s, a mark of ``me``'s result against that chi
    (✔ won, ✘ lost, = tie; none where no chi were compared: binh lủng, an instant win).

    Args:
        arrangements: each seat's split, in seat order; settlement: their settlement (:func:`maubinh.settle.settle`);
        rule_set: its rules (the chi's names, straights).
        names: each seat's name, by seat (:func:`seat_namer`; plain text: escaped here); ``lang``: ``"vi"`` or ``"en"``.
        me: the seat whose results are marked (Play's learner: 0), ``None`` for none (someone watching).
        notes: more words after a seat's total, by seat (e.g. "timed out": :func:`origin_mark`).

    Returns:
        One HTML block (names escaped) for ``st.markdown(..., unsafe_allow_html=True)``.
    """
    heads = "".join(f'<div class="mb-sd-head">{html_literal(rule_set.position_name(position, lang))}</div>'
                    for position in POSITIONS)
    rows = [f'<div class="mb-sd-row mb-sd-heads">{heads}</div>']
    for seat, arrangement in enumerate(arrangements):
        said = [translate("play.seat_total", lang, chi=signed(settlement.totals[seat]))]
        natural = settlement.naturals[seat]
        if natural is not None:
            said.append(translate("play.declared", lang, name=natural_name(natural.pattern, lang)))
        elif settlement.fouls[seat]:
            said.append(translate("play.fouled", lang))
        said.extend((notes or {}).get(seat, ()))
        rows.append(f'<div class="mb-sd-seat"><b>{html_literal(names[seat])}</b> · {html_literal(" · ".join(said))}</div>')
        against = {} if me is None or seat == me else settlement.pair(me, seat).chi_results()
        cells = []
        for position in POSITIONS:
            chi = arrangement.chi(position)
            category = category_name(settlement.values[seat][position].category, lang)
            mark = ""
            if position in against:
                glyph, css, words = _MARKS[against[position]]
                title = html_literal(translate(words, lang))
                mark = f' <span class="mb-mark {css}" title="{title}" aria-label="{title}">{glyph}</span>'
            cells.append(f'<div class="mb-sd-chi"><div>{cards_inline_html(chi)}{mark}</div>'
                         f'<div class="mb-sd-cat">{html_literal(category)}</div></div>')
        rows.append(f'<div class="mb-sd-row">{"".join(cells)}</div>')
    return f'<div class="mb-showdown">{"".join(rows)}</div>'


def show_showdown(table: Table, result: DealResult, lang: str, heading: bool = True, compact: bool = False,
                  names: Mapping[int, str] | None = None) -> None:
    """Every hand revealed at ``table`` with what it won, the settlement with the rule behind each number; under a
    heading "Showdown" unless ``heading`` is false (the caller's heading names it). ``compact``: the hands in a few
    lines of text (:func:`compact_showdown_html`: Play), not as cards. ``names``: each seat's name (default
    :func:`seat_namer`'s: you and the computer players)."""
    rule_set = table.rule_set
    names = dict(names) if names is not None else seat_namer(table.bots)
    settlement = result.settlement
    if heading:
        st.markdown(f"#### {t('play.showdown')}")
    if compact:
        st.markdown(compact_showdown_html(result.arrangements, settlement, rule_set, names, lang),
                    unsafe_allow_html=True)
        st.caption(t("play.marks_legend"))
    else:
        for seat, column in enumerate(st.columns(table.seats)):
            with column:
                st.markdown(f"**{names[seat]}** · {t('play.seat_total', chi=signed(settlement.totals[seat]))}")
                natural = settlement.naturals[seat]
                if natural is not None:
                    st.caption(t("play.declared", name=natural_name(natural.pattern, lang)))
                elif settlement.fouls[seat]:
                    st.caption(t("play.fouled"))
                show_seat(result.arrangements[seat], rule_set, lang)
    if result.helped:
        st.caption(t("play.helped_note"))
    if result.timed_out:
        st.warning(t("play.timed_out_solver" if result.auto_split else "play.timed_out_kept"), icon=":material/timer:")
    if result.seconds is not None:
        st.caption(t("play.time_taken", seconds=number(result.seconds, lang, digits=0)))
    show_events(settlement, rule_set, lang, names.__getitem__, result.arrangements)
    for pair in settlement.pairs:
        if pair.a == 0:
            show_pair(pair, rule_set, lang, names.__getitem__)
    others = [pair for pair in settlement.pairs if pair.a != 0]
    if others:  # each pair with its rule lines, as the player's own (issue 36)
        st.caption(t("play.other_pairs"))
        for pair in others:
            show_pair(pair, rule_set, lang, names.__getitem__)


def origin_mark(origin: Origin) -> str:
    """The short mark of a hand the learner did not make alone, in the page's language ("hết giờ", "Xếp bài"...;
    ``""`` for their own): beside the hand in the history, the replay, the board, the class table, Progress."""
    return "" if origin is Origin.OWN else t(f"origin.mark.{origin.value}")


def place_mark(room_id: str | None) -> str:
    """The short mark of a hand played at a room with people (:mod:`classroom.rooms`), ``""`` for the Play table's
    and a class table's: beside the hand in the history, the replay and Progress."""
    return "" if room_id is None else t("origin.mark.room")


def marks(origin: Origin, room_id: str | None) -> str:
    """A hand's marks joined (:func:`place_mark`, :func:`origin_mark`), ``""`` for none."""
    return " · ".join(m for m in (place_mark(room_id), origin_mark(origin)) if m)


def show_left_out(total: Summary) -> None:
    """Under a summary's figures: how many hands Xếp bài made (left out of them) and how many timed out."""
    parts = []
    if total.helped:
        parts.append(tn("origin.left_out", total.helped))
    if total.timed_out:
        parts.append(tn("origin.timed_out_count", total.timed_out))
    if parts:
        st.caption(" · ".join(parts))


def _line_name(line: Position | ItemKind, rule_set: RuleSet, lang: str) -> str:
    if isinstance(line, Position):
        return md_text(rule_set.position_name(line, lang))  # a st.table cell: Markdown
    return t(f"play.line.{line.value}")


def _percent(share: float) -> int:
    return round(100 * share)


def why_sentence(analysis: Analysis, rule_set: RuleSet, lang: str) -> str:
    """What decided the hand, in one sentence of ``lang`` with its numbers (:func:`ui.table.model.why`): binh lủng,
    the instant win declared or played out, the chi that cost most, scoops (how often each split wins, or loses,
    all three chi against a player), or another line (the ace rule...) with what each split makes there."""
    reason = why(analysis, rule_set)
    cost = number(reason.cost, lang)

    def say(key: str, **values: object) -> str:
        return translate(key, lang, cost=cost, **values)

    if reason.kind == "best":
        return say("play.why_best")
    if reason.kind == "foul":
        return say("play.why_foul")
    mine, best = number(reason.mine_value, lang, signed=True), number(reason.best_value, lang, signed=True)
    if reason.kind == "declare":
        pattern = "" if reason.pattern is None else natural_name(reason.pattern, lang)
        return say("play.why_declare" if analysis.best_declare else "play.why_play", pattern=pattern, best=best,
                   mine=mine)
    if reason.kind == "chi" and reason.position is not None and reason.mine is not None and reason.best is not None:
        return say("play.why_chi", position=md_text(rule_set.position_name(reason.position, lang)),
                   mine=describe_value(reason.mine, lang), mine_share=_percent(reason.mine_share),
                   best=describe_value(reason.best, lang), best_share=_percent(reason.best_share))
    if reason.kind == "scoop":
        return say("play.why_scooped" if reason.scooped else "play.why_scoop", best_share=_percent(reason.best_share),
                   mine_share=_percent(reason.mine_share))
    line = reason.line or ItemKind.SCOOP
    return say("play.why_line", line=translate(f"play.line.{line.value}", lang), best=best, mine=mine)


def show_analysis(analysis: Analysis, rule_set: RuleSet, lang: str, key: str = "play_analysis_numbers",
                  origin: Origin = Origin.OWN) -> None:
    """The player's split against the best one: expected chi, chi lost with its standard error and its band on the
    one scale (:func:`ui.bands.band_badge`), one sentence naming what decided it, what happened at this table and
    what the best split would have won there beside it, and the numbers under "details" (``key``: the numbers' row).

    A split the player did not make is never praised (issue 31): for Xếp bài's (``origin``) the sentence says it
    is not graded and no chi lost is shown; for the timer's solver split (``analysis.missed``) the player's side
    is binh lủng and the sentence names the charge; for the timer with the player's split, a line says so."""
    st.markdown(f"#### {t('play.analysis')}")
    mine, best = analysis.mine.mean, analysis.best_breakdown.mean
    helped = origin is Origin.XEP_BAI
    if not helped:  # the band first: what the learner reads before the numbers
        st.markdown(band_badge(analysis.grade, lang))
    with st.container(horizontal=True, key=key):
        st.metric(t("origin.expected_missed" if analysis.missed else "play.expected_mine"),
                  number(mine, lang, signed=True), border=True, width="content")
        st.metric(t("play.expected_best"), number(best, lang, signed=True), border=True, width="content")
        if not helped:
            st.metric(t("origin.charged" if analysis.missed else "play.lost"),
                      f"{number(analysis.cost, lang)} ± {number(analysis.cost_stderr, lang)}", border=True,
                      width="content")
        if analysis.best_actual is None:
            st.metric(t("play.actual"), signed(analysis.actual), border=True, width="content")
        else:  # what the best split would have won at this very table, beside the learner's
            st.metric(t("play.actual_both"), f"{signed(analysis.actual)} / {signed(analysis.best_actual)}", border=True,
                      width="content", help=t("play.actual_both_help"))
    if helped:
        st.info(t("origin.analysis.xep_bai"), icon=":material/auto_fix_high:")
    elif analysis.missed:
        st.warning(t("origin.analysis.missed", cost=number(analysis.cost, lang)), icon=":material/timer:")
    elif origin is Origin.TIMER_SOLVER:  # an instant win declared: the declaration stood, the split is the solver's
        st.info(t("origin.analysis.declared"), icon=":material/timer:")
    else:
        if origin is Origin.TIMER:
            st.caption(t("origin.analysis.timer"))
        st.info(why_sentence(analysis, rule_set, lang))
    st.caption(t("play.luck_caption"))
    if analysis.cost >= 0.05 or analysis.declare != analysis.best_declare:
        label = t("play.best_split_declared") if analysis.best_declare else t("play.best_split")
        st.markdown(f"**{label}**")
        show_seat(analysis.best, rule_set, lang)
    with st.expander(t("play.details")):
        rows = [{t("play.col_line"): _line_name(line, rule_set, lang),
                 t("play.col_mine"): number(analysis.mine.lines.get(line, 0.0), lang, signed=True),
                 t("play.col_best"): number(analysis.best_breakdown.lines.get(line, 0.0), lang, signed=True),
                 t("play.col_cost"): number(analysis.cost_of(line), lang, signed=True)}
                for line in analysis.lines]
        st.table(pd.DataFrame(rows), hide_index=True)
        st.caption(t("play.details_caption", samples=len(analysis.mine.totals), opponents=analysis.opponents))
