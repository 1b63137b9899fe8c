"""Progress: a learner's history that lasts, error rate in chi, a Glicko-2 rating, and a review queue.

Links: ``/progress`` (make a profile: a personal link, no password), ``/progress?me=<personal link>``
(the profile; a class's learner uses the link the class gave them).
"""

from __future__ import annotations

import streamlit as st

from ui.errors import guarded
from ui.i18n import t
from ui.profile_form import show_new_profile
from ui.progress.view import show_profile
from ui.setup import setup_page
from ui.store import LEARNER_PARAM

with guarded():  # no traceback reaches a user (ui.errors)
    lang = setup_page("nav.progress")
    st.title(t("progress.title"))
    if LEARNER_PARAM in st.query_params:
        show_profile(st.query_params[LEARNER_PARAM], lang)
    else:
        show_new_profile(lang)
