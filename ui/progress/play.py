"""The Progress page's Play part: the hands a profile played at the Play table (:mod:`classroom.play_hands`).

The error rate in play (errors per hand, :func:`classroom.play_hands.is_error`) and chi lost per hand beside
the drills' (the chart is :func:`ui.progress.view._charts`), the costliest hands with a link to their replay
on the Play page (``/play?me=...&hand=<id>``), and how the missed ones come back in the review queue. Hands Xếp bài
made are left out of the figures (and said so); the timer's are marked (:func:`ui.table.views.origin_mark`).
"""

from __future__ import annotations

from collections.abc import Sequence

import streamlit as st

from classroom.play_hands import PlayedHand, review_ref, summarise
from ui.bands import band_text, typical_line
from ui.i18n import t, tn
from ui.labels import number
from ui.nav import link_to
from ui.settlement import signed
from ui.store import LEARNER_PARAM
from ui.table.model import bots_param
from ui.table.records import HAND_PARAM, error_definition
from ui.table.views import marks, show_left_out

__all__ = ["COSTLIEST", "show_play"]

COSTLIEST = 5
"""Hands listed as the costliest."""


def show_play(hands: Sequence[PlayedHand], token: str, lang: str) -> None:
    """The Play part of a profile's progress (``hands``: oldest first, at least one)."""
    st.subheader(t("playhist.progress.title"))
    total = summarise(hands, top=COSTLIEST)
    rate = total.error_rate
    with st.container(horizontal=True, key="progress_play_numbers"):
        st.metric(t("playhist.progress.hands"), str(total.played), border=True, width="content")
        st.metric(t("playhist.error_rate"), "—" if rate is None else f"{total.errors}/{total.hands}",
                  border=True, width="content", help=error_definition(lang))
        st.metric(t("playhist.progress.lost_per_hand"), number(total.lost / total.hands, lang) if total.hands else "—",
                  border=True, width="content")
        st.metric(t("playhist.won"), signed(total.won), border=True, width="content")
    typical = typical_line([hand.gap for hand in hands if hand.graded], lang)
    if typical is not None:  # the same scale as one decision (maubinh.bands)
        st.markdown(typical)
    st.caption(error_definition(lang))
    show_left_out(total)
    queued = sum(1 for hand in hands if hand.error and review_ref(hand) is not None)
    if queued:
        st.caption(tn("playhist.progress.queued", queued))
    if not total.costliest:
        return
    st.markdown(f"**{t('playhist.costliest')}**")
    for hand in total.costliest:
        when = "" if hand.played_at is None else hand.played_at.strftime("%Y-%m-%d")
        label = t("playhist.progress.replay", deal=hand.deal, band=band_text(hand.grade, lang), when=when)
        mark = marks(hand.origin, hand.room_id)
        label = f"{mark} · {label}" if mark else label  # first: a long label is cut at its end on a phone
        link_to("pages/play.py", label, ":material/replay:",
                {LEARNER_PARAM: token, HAND_PARAM: str(hand.id), "seed": str(hand.table_seed),
                 "bots": bots_param(hand.table.bots), "rules": hand.rule_set_id, "lang": lang})
