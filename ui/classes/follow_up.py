"""The teacher's "reassign the missed questions" button (issue 35, "after the class"), under an assignment's board and a
live session's report: one click gives each learner an assignment of only the questions they got wrong or did not
answer (:mod:`classroom.follow_ups`), and the page says plainly how many learners and questions it made, or that
nobody missed anything. Made once per source: afterwards the page says when and how many (a double click, another
device: the same one)."""

from __future__ import annotations

import streamlit as st

from classroom.follow_ups import FollowUp, FollowUps
from classroom.models import TITLE_MAX
from classroom.service import ClassInfo, ClassroomError
from ui.classes.words import moment
from ui.i18n import t
from ui.store import classroom
from ui.when import viewer_zone

__all__ = ["reassign_box"]


def _key(kind: str, source_id: int) -> str:
    return f"classes_follow_{kind}_{source_id}"


def _reassign(klass: ClassInfo, kind: str, source_id: int, title: str) -> None:
    key = _key(kind, source_id)
    try:
        made = FollowUps(classroom().store).reassign(klass.id, kind, source_id, title[:TITLE_MAX])
    except ClassroomError as refused:
        st.session_state[key] = "classes.follow.refused_" + ("class" if refused.field == "class" else "source")
        return
    st.session_state[key] = None if made.learners else "classes.follow.nothing"


def _said(made: FollowUp, lang: str) -> str:
    return t("classes.follow.done", learners=made.learners, questions=made.questions,
             when=moment(made.made_at, viewer_zone(), lang))


def reassign_box(klass: ClassInfo, kind: str, source_id: int, title: str, lang: str) -> None:
    """The button for the source (``kind`` :data:`~classroom.follow_ups.ASSIGNMENT` or
    :data:`~classroom.follow_ups.LIVE`, its id), the follow-ups titled ``title``; once made, what was made."""
    made = FollowUps(classroom().store).made(klass.id, kind, source_id)
    if made is not None:
        st.success(_said(made, lang), icon=":material/assignment_return:")
        st.caption(t("classes.follow.again_note"))
        return
    st.button(t("classes.follow.button"), key=f"{_key(kind, source_id)}_button", icon=":material/assignment_return:",
              on_click=_reassign, args=(klass, kind, source_id, title), disabled=klass.archived,
              help=t("classes.follow.help"))
    said = st.session_state.get(_key(kind, source_id))
    if said:
        (st.info if said == "classes.follow.nothing" else st.error)(t(said))
