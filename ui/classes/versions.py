"""An edited assignment's earlier versions on the teacher's Board tab (issue 35, "after the class"): editing an
assignment's questions (:mod:`ui.classes.edit`) keeps the old version hidden with every answer given to it. Under the
assignment's board, "Earlier versions" lists each (when it was edited, its questions, its answers and those to the
questions removed: :func:`classroom.versions.earlier_versions`) and draws a chosen one's board, read-only, with its
CSV (:func:`ui.classes.board.show_board`, ``archived``), saying plainly that its answers do not count in the current
board."""

from __future__ import annotations

import streamlit as st

from classroom.service import ClassInfo
from classroom.versions import earlier_versions
from ui.classes.board import show_board
from ui.classes.words import moment
from ui.i18n import t, tn
from ui.store import classroom
from ui.when import viewer_zone

__all__ = ["show_earlier_versions", "versions_note"]


def versions_note(count: int) -> None:
    """On an assignment's card: it has ``count`` earlier versions, to be read on the Board tab."""
    st.caption(tn("classes.versions.card_note", count))


def show_earlier_versions(klass: ClassInfo, token: str, assignment_id: int, lang: str) -> None:
    """The assignment's earlier versions (nothing when it was never edited), each on one line; the board of the one
    chosen, once the teacher asks for it."""
    found = earlier_versions(classroom().store, klass.id, assignment_id)
    if not found:
        return
    zone = viewer_zone()
    lines = {v.assignment_id: t("classes.versions.line", when=moment(v.edited_at, zone, lang),
                                questions=tn("classes.follow.n_questions", v.questions),
                                answers=tn("classes.versions.n_answers", v.answers), removed=v.removed_answers)
             for v in found}
    with st.container(border=True, key=f"classes_versions_{assignment_id}"):
        st.markdown(f"**{t('classes.versions.title', count=len(found))}**")
        st.caption(t("classes.versions.not_counted"))
        st.markdown("\n".join(f"- {line}" for line in lines.values()))
        if st.toggle(t("classes.versions.show"), key=f"classes_versions_{assignment_id}_show"):
            chosen = st.selectbox(t("classes.versions.pick"), list(found), key=f"classes_versions_{assignment_id}_pick",
                                  format_func=lambda v: t("classes.versions.option", when=moment(v.edited_at, zone, lang)))
            show_board(lambda: classroom().store.teacher_class(token), chosen.assignment_id, False, lang, archived=True)
