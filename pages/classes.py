"""Classes: a teacher gives a group drill sets and watches every answer live; learners join with a code.

Links: ``/classes`` (create or join), ``/classes?join=<code>`` (a learner joins),
``/classes?me=<learner link>`` (a learner's own page), ``/classes?teacher=<teacher link>`` (the teacher's
board), ``/classes?screen=<projector link>`` (the projector's read-only view: no teacher secret in it),
``/classes?live=<projector id>`` (a live session's wall, :mod:`ui.classes.live_screen`). The
classroom lives in a database (:mod:`classroom`); see the README for PostgreSQL.
"""

from __future__ import annotations

import streamlit as st

from ui.classes.learner import show_join, show_learner
from ui.classes.live_screen import show_live_screen
from ui.classes.projector import show_projector
from ui.classes.start import show_start
from ui.classes.table_learner import UNSAVED_WORDS, kept_hands, take_kept_hands, take_waiting_hand
from ui.classes.teacher import show_teacher
from ui.drill.live import DRILL_VIEWS
from ui.errors import guarded
from ui.i18n import t
from ui.links import JOIN_PARAM, PROJECTOR_PARAM, TEACHER_PARAM
from ui.live import LIVE_PARAM
from ui.setup import setup_page
from ui.store import LEARNER_PARAM
from ui.unsaved import watch_unsaved

with guarded():  # no traceback reaches a user (ui.errors)
    lang = setup_page("nav.classes", adopt=False)  # its bare address makes or joins a class
    if LIVE_PARAM in st.query_params:  # the wall of a live session: no title, no sidebar, no control
        show_live_screen(st.query_params[LIVE_PARAM], lang, DRILL_VIEWS)
        st.stop()
    st.title(t("classes.title_page"))
    take_kept_hands()  # hands the address keeps (a reload while the database was down): sent again below
    watch_unsaved(kept_hands(), words=UNSAVED_WORDS)  # before any database read: hands not saved yet, sent again
    take_waiting_hand()  # a table hand just sent, kept in the session if the database cannot take it
    if TEACHER_PARAM in st.query_params:
        show_teacher(st.query_params[TEACHER_PARAM], lang, DRILL_VIEWS)
    elif PROJECTOR_PARAM in st.query_params:
        show_projector(st.query_params[PROJECTOR_PARAM], lang)
    elif LEARNER_PARAM in st.query_params:
        show_learner(st.query_params[LEARNER_PARAM], lang, DRILL_VIEWS)
    elif JOIN_PARAM in st.query_params:
        show_join(st.query_params[JOIN_PARAM], lang)
    else:
        show_start(lang)
