"""The personal link a page is opened with (``?me=<learner>.<secret>``, no password): whose profile keeps what
the page records. Shared by the Drill (:mod:`ui.drill.profile`: answers) and Play (:mod:`ui.play.history`: hands).
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from classroom.service import LearnerInfo
from ui.habits import remember
from ui.i18n import t
from ui.nav import link_to
from ui.store import LEARNER_PARAM, classroom

__all__ = ["PersonalLink", "personal_from_url"]


@dataclass(frozen=True)
class PersonalLink:
    """A learner named by their personal link (a class's learner, or someone practising alone).

    Attributes:
        learner: the learner, as the classroom store has them (not removed).
        token: the personal link's value, as in ``?me=`` (put back into links to other pages).
    """

    learner: LearnerInfo
    token: str


def personal_from_url() -> PersonalLink | None:
    """The learner the URL's personal link names (kept for Home: :func:`ui.habits.remember`), or ``None`` when
    the URL has none. A wrong or removed learner's link stops the page with a message and a link to Progress."""
    token = st.query_params.get(LEARNER_PARAM)
    if token is None:
        return None
    learner = classroom().store.learner(token)
    if learner is None or learner.removed:
        st.error(t("classes.bad_learner_link" if learner is None else "classes.removed"))
        link_to("pages/progress.py", t("progress.to_progress"), ":material/trending_up:", {})
        st.stop()
        return None
    remember(str(token))  # Home shows this profile's goal and streak
    return PersonalLink(learner, str(token))
