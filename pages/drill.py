"""Drill: eight kinds of question, graded by the engine, in sets that a link can share.

Links: ``/drill?kinds=chi,foul&level=expert&rules=tinh-chi&seed=42&n=10`` gives everyone the same ten
questions in the same order; a new set is dealt from the question bank (``&bank=3.17.0...``, issue 23), its
questions made ahead. Questions are prepared ahead in the background (:mod:`ui.drill.prepare`)
so the next one is ready when "next" is clicked. A class's assignment opens here too,
``/drill?me=<learner link>&assignment=<id>`` (:mod:`ui.drill.assigned`): its questions are the stored
ones and every answer is stored at once. With a personal link alone (``?me=``) the answers are kept in the
profile, and ``&mode=review|level|theme|daily`` opens one of its lists (:mod:`ui.drill.profile`). The areas
themselves are drawn by :mod:`ui.drill.areas`.
"""

from __future__ import annotations

from ui.drill.areas import (
    show_assignment,
    show_free_set,
    show_mistakes,
    show_profile_line,
    show_profile_list,
    show_profile_offer_below,
)
from ui.drill.assigned import assigned_from_url, kept_assigned
from ui.drill.banked import connect
from ui.drill.mistakes import mistakes_state
from ui.drill.phone import inject_phone_css
from ui.drill.profile import kept_profile, profile_from_url
from ui.drill.views import inject_drill_css
from ui.errors import guarded
from ui.setup import setup_page
from ui.unsaved import watch_unsaved

with guarded():  # no traceback reaches a user (ui.errors)
    lang = setup_page("nav.drill")
    inject_drill_css()
    watch_unsaved(kept_assigned(), kept_profile())  # before any database read: a failed run keeps the timer
    connect()  # questions from the question bank first (issue 23)
    inject_phone_css()
    assigned = assigned_from_url()
    if assigned is not None:
        show_assignment(assigned, lang)
    else:
        profile = profile_from_url()
        show_profile_line(profile, lang)
        if profile is not None and profile.mode != "practice":
            show_profile_list(profile, lang)
        elif (mistakes := mistakes_state()) is not None:  # "review my mistakes now", from a set's summary
            show_mistakes(mistakes, profile, lang)
        else:
            show_free_set(profile, lang)
            show_profile_offer_below(profile, lang)  # below the set: the question comes first on a phone
