"""The Đấu địa chủ lesson: the table and pack, the card order, bidding, play, the ten play types and their
look-alikes, what beats what, scoring, and a box to try any cards. Every example comes from
``daudiachu/examples.toml`` and every verdict shown is computed by the engine as the page draws it.

Session-state keys start with ``ddz_``.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from daudiachu.bidding import PASS, BiddingError, bidding_result, legal_calls
from daudiachu.cards import FULL_DECK, RANKS, Card, CardParseError, parse_cards
from daudiachu.examples import Examples, load_examples
from daudiachu.plays import PLAY_TYPES, NotAPlayError, Play, classify, follow
from daudiachu.rules import Topic, load_rules
from daudiachu.scoring import Spring, score
from ui.daudiachu.cards import play_html, show_play
from ui.daudiachu.labels import (
    bidding_error_text,
    bidding_outcome,
    call_label,
    describe_play,
    describe_rejection,
    describe_verdict,
    note_markdown,
    parse_error_text,
    seat_name,
    signed,
    type_name,
)
from ui.i18n import t, translate

__all__ = ["render_lesson", "try_cards"]

EXAMPLE_WIDTH = 44
MAX_TYPED = 240
"""Longest text the card boxes read (a whole 54-card pack written out fits); a longer one is named as
too long, not read."""
MAX_PASTE = 2000
"""The card boxes' ``max_chars``: room for a too-long paste to arrive whole and be named as such (a box
that cut it at :data:`MAX_TYPED` would silently read part of it)."""


def _note(topic: Topic, lang: str) -> None:
    st.caption(note_markdown(load_rules().note(topic), lang))


def _pack_and_order(lang: str) -> None:
    rules = load_rules()
    st.subheader(t("ddz.lesson.table_title"))
    st.markdown(t("ddz.lesson.table_text", players=rules.players, cards=rules.deck_size, hand=rules.hand_size,
                  kitty=rules.kitty_size))
    st.markdown(
        play_html([None] * rules.kitty_size, lang=lang, label=t("ddz.lesson.kitty_label"), width=EXAMPLE_WIDTH,
                  back_title=t("cards.back")),
        unsafe_allow_html=True,
    )
    _note(Topic.DECK, lang)
    st.markdown(t("ddz.lesson.winning_text"))
    _note(Topic.WINNING, lang)

    st.subheader(t("ddz.lesson.order_title"))
    st.markdown(t("ddz.lesson.order_text"))
    one_of_each = [next(card for card in FULL_DECK if card.rank is rank) for rank in RANKS]
    show_play(one_of_each, lang=lang, label=t("ddz.lesson.order_label"), width=EXAMPLE_WIDTH)
    _note(Topic.ORDER, lang)


def _calls_text(calls: tuple[int, ...], first: int, lang: str) -> str:
    return " → ".join(
        f"{seat_name((first + index) % load_rules().players, lang)}: {call_label(call, lang)}"
        for index, call in enumerate(calls)
    )


def _bidding(examples: Examples, lang: str) -> None:
    st.subheader(t("ddz.lesson.bidding_title"))
    st.markdown(t("ddz.lesson.bidding_text"))
    _note(Topic.BIDDING, lang)
    st.markdown(t("ddz.lesson.first_bidder_text"))
    _note(Topic.FIRST_BIDDER, lang)
    st.markdown(t("ddz.lesson.kitty_text"))
    _note(Topic.KITTY, lang)

    st.markdown(f"**{t('ddz.lesson.bidding_examples')}**")
    for example in examples.biddings:
        try:
            outcome = f":green[✓] {bidding_outcome(bidding_result(example.calls, example.first), lang)}"
        except BiddingError as error:
            outcome = f":red[✗] {bidding_error_text(error, lang, example.first)}"
        st.markdown(f"- {_calls_text(example.calls, example.first, lang)}  \n  ⇒ {outcome}")
    _bidding_box(lang)


def _bidding_box(lang: str) -> None:
    """Try a bidding: the first bidder and up to three calls, judged by the engine."""
    players = load_rules().players
    with st.container(border=True, key="ddz_bid_box"):
        st.markdown(f"**{t('ddz.bid.try_title')}**")
        first = st.selectbox(
            t("ddz.bid.first"),
            range(players),
            format_func=lambda seat: seat_name(seat, lang),
            key="ddz_bid_first",
            width=240,
        )
        options: list[int | None] = [None, PASS, *load_rules().bids]
        defaults = {"ddz_bid_call_0": 1, "ddz_bid_call_1": PASS, "ddz_bid_call_2": 2}
        calls: list[int | None] = []
        for index, column in enumerate(st.columns(players)):
            key = f"ddz_bid_call_{index}"
            if key not in st.session_state:
                st.session_state[key] = defaults[key]
            seat = seat_name((first + index) % players, lang)
            calls.append(
                column.selectbox(
                    t("ddz.bid.call", n=index + 1, seat=seat),
                    options,
                    format_func=lambda call: translate("ddz.bid.not_yet", lang) if call is None else call_label(call, lang),
                    key=key,
                )
            )
        made = [call for call in calls if call is not None]
        gap = next((i for i, call in enumerate(calls) if call is None), None)
        if gap is not None and any(call is not None for call in calls[gap:]):
            st.error(t("ddz.bid.gap", n=gap + 1))
            return
        try:
            result = bidding_result(made, first)
        except BiddingError as error:
            if error.reason == "unfinished":
                allowed = ", ".join(call_label(call, lang) for call in legal_calls(made))
                st.info(t("ddz.bid.waiting", seat=seat_name((first + len(made)) % players, lang), allowed=allowed))
            else:
                st.error(bidding_error_text(error, lang, first))
            return
        st.success(bidding_outcome(result, lang))


def _play_types(examples: Examples, lang: str) -> None:
    st.subheader(t("ddz.lesson.play_title"))
    st.markdown(t("ddz.lesson.play_text"))
    _note(Topic.PLAY, lang)

    st.subheader(t("ddz.lesson.types_title"))
    st.markdown(t("ddz.lesson.types_text"))
    for kind in PLAY_TYPES:
        with st.container(border=True, key=f"ddz_type_{kind.value}"):
            words, cards = st.columns([2, 3])
            words.markdown(f"**{type_name(kind, lang)}**")
            words.markdown(t(f"ddz.define.{kind.value}"))
            for example in examples.plays_of(kind):
                play = classify(example.cards)
                cards.markdown(
                    play_html(play.cards, lang=lang, label=describe_play(play, lang), width=EXAMPLE_WIDTH),
                    unsafe_allow_html=True,
                )
    _note(Topic.TYPES, lang)
    _note(Topic.AIRPLANE, lang)

    st.subheader(t("ddz.lesson.lookalike_title"))
    st.markdown(t("ddz.lesson.lookalike_text"))
    columns = st.columns(2)
    for index, not_play in enumerate(examples.not_plays):
        with columns[index % 2]:
            try:
                classify(not_play.cards)
                reason = ""  # pragma: no cover - the examples test keeps every look-alike a non-play
            except NotAPlayError as error:
                reason = describe_rejection(error.rejection, lang)
            st.markdown(
                play_html(not_play.cards, lang=lang, label=f"✗ {reason}", width=EXAMPLE_WIDTH),
                unsafe_allow_html=True,
            )


def _beats(examples: Examples, lang: str) -> None:
    st.subheader(t("ddz.lesson.beats_title"))
    st.markdown(t("ddz.lesson.beats_text"))
    _note(Topic.BEATS, lang)
    for example in examples.follows:
        play, previous = classify(example.play), classify(example.previous)
        verdict = follow(play, previous)
        with st.container(border=True, key=f"ddz_follow_{example.id}"):
            left, right = st.columns(2)
            left.markdown(
                play_html(previous.cards, lang=lang, label=t("ddz.on_table", play=describe_play(previous, lang)),
                          width=EXAMPLE_WIDTH),
                unsafe_allow_html=True,
            )
            right.markdown(
                play_html(play.cards, lang=lang, label=t("ddz.played", play=describe_play(play, lang)),
                          width=EXAMPLE_WIDTH),
                unsafe_allow_html=True,
            )
            mark = ":green[✓]" if verdict.beats else ":red[✗]"
            st.markdown(f"{mark} {describe_verdict(verdict, play, previous, lang)}")


def _scoring(examples: Examples, lang: str) -> None:
    st.subheader(t("ddz.lesson.scoring_title"))
    st.markdown(t("ddz.lesson.scoring_text"))
    _note(Topic.SCORING, lang)
    st.markdown(t("ddz.lesson.landlord_share_text"))
    _note(Topic.LANDLORD_SHARE, lang)
    st.markdown(t("ddz.lesson.spring_text"))
    _note(Topic.SPRING, lang)
    st.markdown(t("ddz.lesson.abandon_text"))
    _note(Topic.ABANDON, lang)

    st.markdown(f"**{t('ddz.lesson.score_examples')}**")
    rows = []
    for example in examples.scores:
        game, result = example.game, score(example.game)
        facts = [t("ddz.col.game_landlord", seat=seat_name(game.landlord, lang), bid=game.bid)]
        if game.bombs:
            facts.append(t("ddz.col.game_bombs", n=game.bombs))
        if game.rocket:
            facts.append(t("ddz.col.game_rocket"))
        if game.quit is not None:
            facts.append(t("ddz.col.quit_by", seat=seat_name(game.quit, lang)))
        else:
            facts.append(t("ddz.col.game_out", seat=seat_name(game.went_out if game.went_out is not None else 0, lang)))
        if game.spring is not Spring.NONE:
            facts.append(t(f"ddz.spring.{game.spring.value}"))
        row = {t("ddz.col.game"): "; ".join(facts), t("ddz.col.multiplier"): f"×{result.multiplier}"}
        for seat, points in enumerate(result.points):
            row[seat_name(seat, lang)] = signed(points)
        rows.append(row)
    st.table(pd.DataFrame(rows).set_index(t("ddz.col.game")))


def _read_cards(label: str, key: str, lang: str, *, taken: tuple[Card, ...] = ()) -> tuple[Card, ...] | None:
    """A text box of cards; draws them, or an error next to the box (the text is kept). ``None`` if empty."""
    text = st.text_input(label, key=key, placeholder=t("ddz.try.placeholder"), max_chars=MAX_PASTE)
    if not text.strip():
        return None
    if len(text) > MAX_TYPED:  # said, not cut: a cut paste would read as other cards
        st.error(t("ddz.try.too_long", n=len(text), maximum=MAX_TYPED))
        return None
    try:
        cards = parse_cards(text, taken=taken)
    except CardParseError as error:
        st.error(parse_error_text(error, lang))
        return None
    return cards


def try_cards(lang: str) -> None:
    """Two boxes: cards to play, and (optionally) the play on the table; the engine names the play and says
    whether it beats the one on the table."""
    st.subheader(t("ddz.try.title"))
    st.caption(t("ddz.try.help"))
    for key, value in (("ddz_try_previous", "9 10 J Q K"), ("ddz_try_play", "10 J Q K A")):
        st.session_state.setdefault(key, value)
    left, right = st.columns(2)
    plays: list[Play | None] = []
    with left:
        previous_cards = _read_cards(t("ddz.try.previous"), "ddz_try_previous", lang)
    with right:
        play_cards = _read_cards(t("ddz.try.play"), "ddz_try_play", lang, taken=previous_cards or ())
    for column, cards in ((left, previous_cards), (right, play_cards)):
        with column:
            if cards is None:
                plays.append(None)
                continue
            try:
                play = classify(cards)
            except NotAPlayError as error:
                show_play(cards, lang=lang, width=EXAMPLE_WIDTH)
                st.error(t("ddz.try.not_a_play", why=describe_rejection(error.rejection, lang)))
                plays.append(None)
                continue
            show_play(play.cards, lang=lang, width=EXAMPLE_WIDTH)
            st.success(describe_play(play, lang))
            plays.append(play)
    on_table, mine = plays
    if on_table is not None and mine is not None:
        verdict = follow(mine, on_table)
        text = describe_verdict(verdict, mine, on_table, lang)
        (st.success if verdict.beats else st.warning)(text)


def render_lesson(lang: str) -> None:
    """The whole lesson, top to bottom."""
    examples = load_examples()
    _pack_and_order(lang)
    _bidding(examples, lang)
    _play_types(examples, lang)
    _beats(examples, lang)
    try_cards(lang)
    _scoring(examples, lang)
