"""The Play page's history and progress: hands kept in the profile, the session summary, the hand history
with its export, and the step-by-step replay of any hand.

With a profile (``?me=<personal link>``, read by :func:`ui.personal.personal_from_url`) every hand
played is stored in it (:class:`classroom.play_hands.PlayHands`, once per hand); a hand the database could
not take yet stays in the session and is sent again on the next run. Without one, the session's hands are
shown from the session and the page offers to make a profile (the Progress page's form,
:func:`ui.profile_form.show_profile_offer`): the hands already played are then stored in it.

A hand is an error when its gap is beyond its error (:func:`classroom.play_hands.is_error`, the one definition).
A hand the player did not make alone carries its mark everywhere it is listed (:func:`ui.table.views.marks`, a room's hand too:
Xếp bài's, left out of the figures; the timer's, a miss charged when the solver's split was played).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import UTC, datetime, tzinfo

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from classroom.play_hands import REVIEW_LEVEL, PlayedHand, PlayHands, summarise
from classroom.practice import level_for
from classroom.service import ClassroomError
from maubinh.arrangement import Arrangement
from maubinh.drills import Level
from maubinh.play import Origin
from maubinh.rules import POSITIONS
from ui.bands import band_badge, typical_line
from ui.cards import show_cards
from ui.errors import log_failure
from ui.escape import csv_bytes, md_text
from ui.i18n import t, tn
from ui.labels import number
from ui.nav import link_to
from ui.params import int_param, markdown_literal
from ui.personal import PersonalLink
from ui.play.state import PlaySession, analysis_of
from ui.profile_form import show_profile_offer
from ui.settlement import signed
from ui.store import LEARNER_PARAM, classroom
from ui.table.records import HAND_PARAM, error_definition, export_frame, export_json, practise_params
from ui.table.views import marks, place_mark, seat_namer, show_analysis, show_left_out, show_seat, show_showdown
from ui.when import moment, viewer_zone

__all__ = [
    "PAGE_SIZE",
    "REPLAY_KEY",
    "keep_hands",
    "played_when",
    "replay_from_link",
    "show_history",
    "show_profile_line",
    "show_replay",
    "show_summary",
    "split_text",
]

PAGE_SIZE = 10
"""Hands per page of the history."""
REPLAY_KEY = "play_replay"
_PAGE_KEY = "play_history_page"
STEPS = ("deal", "split", "showdown", "analysis")
"""The replay's steps, in order."""
_log = logging.getLogger(__name__)


def _hands() -> PlayHands:
    found = classroom()
    return PlayHands(found.store, found.practice)


def keep_hands(profile: PersonalLink | None, session: PlaySession) -> None:
    """Store the session's hands not stored yet in ``profile`` (each once; the stored row replaces the
    session's copy). A refusal (a removed learner) or a database that cannot take them now is said once."""
    if profile is None:
        return
    for number_, hand in sorted(session.hands.items()):
        if number_ in session.saved:
            continue
        try:
            session.hands[number_] = _hands().keep(profile.learner.id, hand)
        except ClassroomError:
            st.warning(t("progress.answer_refused"))
            return
        except SQLAlchemyError as error:  # one line per retry, the traceback once (issue 32, 5)
            log_failure(_log, "a played hand could not be stored yet", error)
            st.warning(t("playhist.unsaved"))
            return
        session.saved.add(number_)


def show_profile_line(profile: PersonalLink | None, lang: str) -> None:
    """Where the hands go: the profile (a link to its Progress page; its link to keep, once, when just made), or the
    offer to make one."""
    if profile is not None:
        link_to("pages/progress.py", t("playhist.kept_in", name=markdown_literal(profile.learner.name)),
                ":material/trending_up:", {LEARNER_PARAM: profile.token, "lang": lang})
    show_profile_offer(None if profile is None else profile.learner, None if profile is None else profile.token, lang,
                       "playhist")


def split_text(split: Arrangement) -> str:
    """A split as the cards are drawn elsewhere (issue 36: not "Tc 9c"), back | middle | front, for Markdown.

    >>> from maubinh.cards import parse_cards
    >>> split_text(Arrangement.from_cards(parse_cards("As Ks Qs Js Ts 9h 9d 9c 4h 4d 7c 7s 2d")))
    'A♠ K♠ Q♠ J♠ 10♠ | 9♥ 9♦ 9♣ 4♥ 4♦ | 7♣ 7♠ 2♦'
    """
    return " | ".join(" ".join(card.pretty for card in split.chi(position)) for position in POSITIONS)


def played_when(moment_: datetime | None, zone: tzinfo | None, lang: str) -> str:
    """When a hand was played, in the learner's time zone (``zone``: the browser's, :func:`ui.when.viewer_zone`),
    as the classes show times (:func:`ui.when.moment`); "UTC" said when the zone is unknown. A time read
    back without its zone (SQLite) is UTC.

    >>> from zoneinfo import ZoneInfo
    >>> played_when(datetime(2026, 12, 5, 8, 30), ZoneInfo("Asia/Ho_Chi_Minh"), "vi")
    '05/12 15:30'
    >>> played_when(datetime(2026, 12, 5, 8, 30, tzinfo=UTC), None, "en")
    'Dec 05, 08:30 UTC'
    """
    if moment_ is None:
        return "—"
    aware = moment_ if moment_.tzinfo is not None else moment_.replace(tzinfo=UTC)
    return moment(aware, zone, lang) + ("" if zone is not None else " UTC")


def _choose(hand: PlayedHand) -> None:
    st.session_state[REPLAY_KEY] = hand


def _hand_line(hand: PlayedHand, lang: str) -> str:
    mark = t("playhist.error_mark") if hand.error else ""
    origin = marks(hand.origin, hand.room_id)
    if origin:
        mark += f" · :orange-badge[{origin}]"
    if not hand.graded:
        return t("origin.hand_line_ungraded", deal=hand.deal, won=signed(hand.won)) + mark
    return t("playhist.hand_line", deal=hand.deal, won=signed(hand.won), band=band_badge(hand.grade, lang),
             se=number(hand.gap_stderr, lang), mark=mark)


def practise_level(profile: PersonalLink | None) -> Level:
    """The level "practise hands like these" deals at: the learner's own (:func:`classroom.practice.level_for`, as
    the review queue deals a missed hand), :data:`~classroom.play_hands.REVIEW_LEVEL` without a profile."""
    if profile is None:
        return REVIEW_LEVEL
    return level_for(classroom().practice.rating(profile.learner.id))


def _hand_actions(hand: PlayedHand, profile: PersonalLink | None, level: Level, key: str, lang: str) -> None:
    """"Replay this hand" and "practise hands like these" (at ``level``) side by side."""
    left, right = st.columns(2)
    left.button(t("playhist.replay"), key=f"{key}_replay", icon=":material/replay:", on_click=_choose, args=(hand,),
                use_container_width=True)
    params = practise_params(hand.rule_set_id, hand.table_seed, hand.deal,
                             None if hand.house_toml is None else hand.rule_set, level)
    if profile is not None:
        params[LEARNER_PARAM] = profile.token
    with right:
        link_to("pages/drill.py", t("playhist.practise"), ":material/fitness_center:", {**params, "lang": lang})


def _summary_numbers(hands: Sequence[PlayedHand], key: str, lang: str) -> None:
    total = summarise(hands)
    rate = total.error_rate
    with st.container(horizontal=True, key=key):
        st.metric(t("playhist.won"), signed(total.won), border=True, width="content")
        st.metric(t("playhist.lost"), number(total.lost, lang), border=True, width="content")
        st.metric(t("playhist.error_rate"), "—" if rate is None else f"{total.errors}/{total.hands}",
                  border=True, width="content", help=error_definition(lang))
    typical = typical_line([hand.gap for hand in hands if hand.graded], lang)
    if typical is not None:  # the same scale as one decision (maubinh.bands)
        st.markdown(typical)
    st.caption(error_definition(lang))
    show_left_out(total)


def show_summary(session: PlaySession, profile: PersonalLink | None, lang: str) -> None:
    """The session summary: chi won at the table, chi lost to mistakes (the sum of the gaps), the error rate
    per hand, the hands that cost most with "replay" and "practise hands like these", and every hand."""
    hands = [session.hands[n] for n in sorted(session.hands)]
    if not hands:
        st.caption(t("playhist.summary_empty"))
        return
    st.markdown(tn("playhist.summary_title", len(hands)))
    _summary_numbers(hands, "play_summary_numbers", lang)
    costly = summarise(hands).costliest
    if costly:
        st.markdown(f"**{t('playhist.costliest')}**")
    level = practise_level(profile) if costly else REVIEW_LEVEL
    for hand in costly:
        with st.container(border=True):
            st.markdown(_hand_line(hand, lang))
            _hand_actions(hand, profile, level, f"play_costly_{hand.deal}", lang)
    with st.expander(t("playhist.all_hands")):
        for hand in reversed(hands):
            st.markdown(f"- {_hand_line(hand, lang)}")


def show_history(profile: PersonalLink | None, lang: str) -> None:
    """The hands stored in the profile, newest first, :data:`PAGE_SIZE` a page, each with "replay", and the
    CSV and JSON of all of them. Without a profile: what a profile would keep."""
    if profile is None:
        st.info(t("playhist.history_needs_profile"))
        return
    store = _hands()
    count = store.count(profile.learner.id)
    if not count:
        st.caption(t("playhist.history_empty"))
        return
    pages = (count + PAGE_SIZE - 1) // PAGE_SIZE
    page = min(max(1, int(st.session_state.get(_PAGE_KEY, 1))), pages)
    st.caption(tn("playhist.history_count", count, page=page, pages=pages))
    zone = viewer_zone()
    level = practise_level(profile)
    for hand in store.page(profile.learner.id, (page - 1) * PAGE_SIZE, PAGE_SIZE):
        with st.container(border=True):
            st.markdown(f"{_hand_line(hand, lang)}  \n{split_text(hand.split)} · {played_when(hand.played_at, zone, lang)}")
            _hand_actions(hand, profile, level, f"play_hist_{hand.id}", lang)
    if pages > 1:
        st.number_input(t("playhist.page"), min_value=1, max_value=pages, step=1, key=_PAGE_KEY)
    everything = store.history(profile.learner.id)
    left, right = st.columns(2)
    left.download_button(t("playhist.csv"), csv_bytes(export_frame(everything)), file_name="maubinh-play.csv",
                         mime="text/csv", key="play_history_csv", icon=":material/download:",
                         use_container_width=True)
    right.download_button(t("playhist.json"), export_json(everything), file_name="maubinh-play.json",
                          mime="application/json", key="play_history_json", icon=":material/data_object:",
                          use_container_width=True)


def replay_from_link(profile: PersonalLink | None) -> None:
    """The stored hand the link names (``?hand=<id>``, the learner's own only) becomes the one replayed."""
    if profile is None or HAND_PARAM not in st.query_params:
        return
    hand_id = int_param(HAND_PARAM, minimum=1, maximum=2**62)
    found = None if hand_id is None else _hands().hand(profile.learner.id, hand_id)
    if found is None:
        st.warning(t("playhist.no_such_hand"))
    else:
        st.session_state[REPLAY_KEY] = found
    st.query_params.pop(HAND_PARAM, None)


def _close() -> None:
    st.session_state.pop(REPLAY_KEY, None)


def show_replay(lang: str) -> None:
    """The hand chosen for replay, step by step: the deal, the player's split, the showdown with every hand
    and the settlement, then the analysis (computed again from the same seeds: the same numbers)."""
    hand = st.session_state.get(REPLAY_KEY)
    if not isinstance(hand, PlayedHand):
        return
    try:
        rule_set, table = hand.rule_set, hand.table
    except (ValueError, KeyError):  # rules this engine cannot read any more
        st.warning(t("playhist.unreadable"))
        _close()
        return
    with st.container(border=True, key="play_replay_box"):
        st.markdown(f"#### {t('playhist.replay_title', deal=hand.deal)}")
        step = st.segmented_control(t("playhist.step"), STEPS, format_func=lambda s: t(f"playhist.step.{s}"),
                                    key=f"play_replay_step_{hand.id}_{hand.table_seed}_{hand.deal}", default="deal",
                                    required=True)
        names = seat_namer(table.bots)
        if hand.room_id is not None:  # people (and computer players) of a room: named by their seat, not as solvers
            names = {0: names[0], **{seat: t("origin.room_player", n=seat + 1) for seat in range(1, table.seats)}}
            st.caption(f":blue-badge[{place_mark(hand.room_id)}] {t('origin.room_note')}")
        if step == "deal":
            show_cards(hand.cards, width=34, label=names[0])
            for seat in range(1, table.seats):
                show_cards([None], width=26, label=f"{names[seat]} · {t('play.cards_down')}",
                           back_title=t("play.face_down"))
            st.caption(t("playhist.replay_rules", rules=md_text(rule_set.name(lang)), seed=hand.table_seed,
                         seconds=number(hand.seconds, lang, digits=0)))
        elif step == "split":
            st.markdown(f"**{names[0]}**")
            show_seat(hand.split, rule_set, lang)
            if hand.declare:
                st.caption(t("playhist.declared"))
            if hand.helped:
                st.caption(t("play.helped_note"))
            if hand.origin.timed_out:
                st.warning(t("play.timed_out_solver" if hand.origin is Origin.TIMER_SOLVER else "play.timed_out_kept"),
                           icon=":material/timer:")
        elif step == "showdown":
            show_showdown(table, hand.result, lang, names=names)
        else:
            with st.spinner(t("play.settling")):
                analysis = analysis_of(table, hand.deal, hand.split, hand.declare, hand.won,
                                       hand.origin is Origin.TIMER_SOLVER)
            show_analysis(analysis, rule_set, lang, key="play_replay_numbers", origin=hand.origin)
        st.caption(" ".join(card.pretty for card in hand.cards))
        st.button(t("playhist.close"), key="play_replay_close", on_click=_close, icon=":material/close:")
