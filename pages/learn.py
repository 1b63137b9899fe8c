"""Learn: the lesson path, step by step, for the chosen rule source, and a "check my hand" tool.

Steps (``?step=``): the deck, the three chi, the five-card categories, the three-card chi, binh
lủng, settling, bonuses, instant wins, scoops, the ace rule, where the sources differ; each with
examples drawn as cards and settled by the engine, what the chosen source itself says, and a
three-question quiz graded by the engine. Finished steps are ticked and quiz scores kept, in the profile
or the session (:mod:`ui.lesson_path`). The drawing is in :mod:`ui.learn.view`, the lesson text
in ``content/lessons``.
"""

from __future__ import annotations

import streamlit as st

from ui.device import current
from ui.errors import guarded
from ui.i18n import t
from ui.learn.content import ContentError
from ui.learn.view import show_step, step_picker
from ui.lesson_path import marks
from ui.profile_form import show_profile_offer
from ui.setup import rule_set_picker, setup_page

with guarded():  # no traceback reaches a user (ui.errors)
    lang = setup_page("nav.learn")
    st.title(t("learn.title"))
    st.caption(t("learn.intro"))
    picker, steps = st.columns(2)
    with picker:
        rule_set = rule_set_picker("learn")
    done = marks(rule_set.id)  # the lesson path: in the profile, or this session's
    with steps:
        step = step_picker({id_ for id_, mark in done.items() if mark.finished})

    try:
        show_step(step, rule_set, lang, done[step].score if step in done else None)
    except (ContentError, OSError) as error:
        st.error(f"{t('common.error_prefix')} {error}")
    known = current()  # the learner this browser knows (ui.device): else the offer of a profile keeping the path
    show_profile_offer(None if known is None else known.learner, None if known is None else known.token, lang, "learn")
