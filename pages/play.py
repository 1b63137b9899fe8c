"""Play: a table against 1-3 computer players (solver, medium, beginner), any rule set, deals from a seed.

Each deal: the player's 13 cards are arranged in the browser (:mod:`ui.arrange.component`, one round
trip per hand), then the showdown (every hand, the settlement with the rule behind each number), the running
score, and the analysis of the split against the best one. Links: ``/play?seed=7&deal=3&bots=solver,beginner
&rules=chi-at`` replays the same deals.

With a profile (``&me=<personal link>``) every hand is kept in it (:mod:`ui.play.history`); the tabs beside
the table hold the session summary and the hand history, and ``&hand=<id>`` opens a stored hand's replay.
``?room=`` opens the rooms where people play each other instead (issue 34, :mod:`ui.rooms.page`).
"""

from __future__ import annotations

import streamlit as st

from ui.errors import guarded
from ui.i18n import t
from ui.personal import personal_from_url
from ui.play.history import (
    keep_hands,
    replay_from_link,
    show_history,
    show_profile_line,
    show_replay,
    show_summary,
)
from ui.play.state import analyse_pending, read_table_params, session_for, take_submission
from ui.play.views import show_deal, show_score, show_settings
from ui.rooms.page import room_requested, show_room_page, show_rooms_button
from ui.setup import setup_page
from ui.table.views import phone_layout

with guarded():  # no traceback reaches a user (ui.errors)
    lang = setup_page("nav.play")
    phone_layout()  # the deal's 13 cards on a phone's first screen
    if room_requested():  # a room where people play each other (issue 34): its own pages
        show_room_page(lang)
        st.stop()
    st.title(t("play.title"))
    profile = personal_from_url()
    seed, number, bots = read_table_params()
    rule_set = show_settings(bots, seed, lang)
    session = session_for(rule_set, seed, bots)
    session.learner_id = None if profile is None else profile.learner.id  # the timer's clock in the database
    take_submission(session, number)
    replay_from_link(profile)
    show_replay(lang)
    table_tab, summary_tab, history_tab = st.tabs([t("playhist.tab.table"), t("playhist.tab.summary"),
                                                   t("playhist.tab.history")])
    with table_tab:
        arranging = number not in session.results
        if not arranging:
            show_score(session)
        show_deal(session, number, lang)
        if arranging:  # below the cards being arranged: they come first on a phone's screen
            show_score(session)
    analyse_pending(session)
    keep_hands(profile, session)  # after the table: a deal's hand is made with its analysis, drawn last there
    with summary_tab:
        show_summary(session, profile, lang)
    with history_tab:
        show_history(profile, lang)
    show_rooms_button()  # below the table too: the deal's cards stay on a phone's first screen
    show_profile_line(profile, lang)  # below the table: the deal comes first on a phone
