"""The teacher's "reassign the missed questions" button (issue 35, "after the class"), under an assignment's board and a
live session's report: one click gives each learner an assignment of only the questions they got wrong or did not
answer (:mod:`classroom.follow_ups`), and the page says plainly how many learners and questions it made, or that
nobody missed anything. Made once per source: afterwards the page shows the follow-up as one group.

A source's follow-ups are one assignment per learner; the teacher's pages never list them one by one (seven learners
were seven rows of the list and of the board's picker). :func:`show_group` draws them as one line ("Follow-up: 7
learners, 23 questions, 4 done") that opens on each learner's progress, their answers, one CSV of all of them
(:func:`ui.classes.export.joined_sections`) and a delete of the whole follow-up."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import tzinfo

import pandas as pd
import streamlit as st

from classroom.board import board
from classroom.follow_ups import FollowUps, Group
from classroom.models import TITLE_MAX
from classroom.service import ClassInfo, ClassroomError, LearnerInfo
from ui.classes.board import answer_rows, board_questions
from ui.classes.export import Section, answer_sections, joined_sections
from ui.classes.words import moment, share
from ui.escape import csv_bytes, plain_text
from ui.i18n import t, tn, translate
from ui.questions import follow_up_source
from ui.store import classroom
from ui.when import viewer_zone

__all__ = ["group_line", "group_sections", "reassign_box", "show_group"]


def _key(kind: str, source_id: int) -> str:
    return f"classes_follow_{kind}_{source_id}"


def _reassign(klass: ClassInfo, kind: str, source_id: int, title: str) -> None:
    key = _key(kind, source_id)
    try:
        made = FollowUps(classroom().store).reassign(klass.id, kind, source_id, title[:TITLE_MAX])
    except ClassroomError as refused:
        st.session_state[key] = "classes.follow.refused_" + ("class" if refused.field == "class" else "source")
        return
    st.session_state[key] = "classes.follow.done" if made.learners else "classes.follow.nothing"


def group_line(group: Group) -> str:
    """``"Follow-up: 7 learners, 23 questions, 4 done"`` in the page's language."""
    return t("classes.follow.group_line", learners=tn("classes.follow.n_learners", group.learners),
             questions=tn("classes.follow.n_questions", group.questions), done=tn("classes.follow.n_done", group.done))


def _learners(klass: ClassInfo) -> dict[str, LearnerInfo]:
    """Every learner of the class by id (removed ones too: a follow-up of theirs is still listed)."""
    return {one.id: one for one in classroom().store.learners(klass.id, include_removed=True)}


def group_sections(group: Group, learners: Mapping[str, LearnerInfo], lang: str,
                   zone: tzinfo | None) -> tuple[Section, Section] | None:
    """The CSV of a source's follow-ups: each learner's summary, then every learner's answers (their own follow-up's
    question numbers), in ``lang`` and ``zone``; ``None`` when none of them is left."""
    store = classroom().store
    parts = []
    for member in group.members:
        assignment = store.assignment(member.assignment_id)
        learner = learners.get(member.learner_id)
        if assignment is None or learner is None:
            continue
        result = board([learner], store.records(assignment.id), store.answers(assignment.id))
        parts.append(answer_sections(result, assignment.drill_set.rule_set_id, assignment.drill_set.level.value,
                                     board_questions(assignment), assignment.drill_set.rule_set, lang, zone))
    return joined_sections(parts) if parts else None


def _delete(klass: ClassInfo, group: Group) -> None:
    if group.key is not None:
        FollowUps(classroom().store).delete(klass.id, group.key)
    else:  # its source was deleted: its follow-ups no longer name it
        for member in group.members:
            classroom().store.delete_assignment(klass.id, member.assignment_id)


def show_group(klass: ClassInfo, group: Group, lang: str, where: str,
               learners: Mapping[str, LearnerInfo] | None = None) -> None:
    """A source's follow-ups as one line (learners, questions, learners done) opening on each learner's progress,
    their answers, the CSV and a delete of them all. ``where``: the page's place for it (its widgets' keys: the same
    group is drawn in two tabs)."""
    learners = learners if learners is not None else _learners(klass)
    zone = viewer_zone()
    key = f"classes_group_{where}_{group.ref}"
    name = {m.assignment_id: plain_text(learners[m.learner_id].name if m.learner_id in learners else "?")
            for m in group.members}
    members = sorted(group.members, key=lambda m: name[m.assignment_id].casefold())
    with st.expander(group_line(group), icon=":material/assignment_return:"):
        st.caption(t("classes.follow.made_at", when=moment(group.made_at, zone, lang)))
        st.dataframe(pd.DataFrame([{
            t("classes.col.learner"): name[m.assignment_id],
            t("classes.col.answered"): f"{m.answered}/{m.questions}",
            t("classes.col.right"): share(m.right, m.answered, lang),
            t("classes.follow.col.done"): "✓" if m.done else "",
        } for m in members]), hide_index=True, width="stretch")
        chosen = st.selectbox(t("classes.follow.pick_learner"), [m.assignment_id for m in members],
                              format_func=lambda aid: name[aid], key=f"{key}_learner")
        member = next((m for m in members if m.assignment_id == chosen), None)
        assignment = None if member is None else classroom().store.assignment(member.assignment_id)
        if member is not None and assignment is not None and member.learner_id in learners:
            store = classroom().store
            result = board([learners[member.learner_id]], store.records(assignment.id), store.answers(assignment.id))
            st.dataframe(pd.DataFrame(answer_rows(result, member.learner_id, board_questions(assignment),
                                                  assignment.drill_set.rule_set, lang)), hide_index=True, width="stretch")
        download, remove = st.columns(2)
        download.download_button(t("classes.follow.download"),  # the CSV made only when tapped
                                 lambda: csv_bytes(*(group_sections(group, learners, lang, zone) or ())),
                                 file_name=f"maubinh-follow-up-{klass.id}-{group.ref.replace(':', '-')}.csv",
                                 mime="text/csv", key=f"{key}_csv", icon=":material/download:")
        with remove.popover(t("classes.follow.delete"), icon=":material/delete:"):
            st.markdown(t("classes.follow.delete_confirm", learners=group.learners,
                          answers=sum(m.answered for m in group.members)))
            st.button(t("classes.follow.delete_yes"), key=f"{key}_delete", type="primary", on_click=_delete,
                      args=(klass, group))


def reassign_box(klass: ClassInfo, kind: str, source_id: int, title: str, lang: str, where: str) -> None:
    """The button for the source (``kind`` :data:`~classroom.follow_ups.ASSIGNMENT` or
    :data:`~classroom.follow_ups.LIVE`, its id), the follow-ups titled ``title`` (the source's name: the learner
    reads "Questions you missed in <title>"); once made, the follow-up as one group (:func:`show_group`; an
    assignment's made before its questions were edited too)."""
    groups = [g for g in FollowUps(classroom().store).groups(klass.id) if g.kind == kind and g.source_id == source_id]
    said = st.session_state.pop(_key(kind, source_id), None)
    if groups:
        if said == "classes.follow.done":  # just made: said once, plainly
            made = groups[0]
            st.success(t("classes.follow.done", learners=made.learners, questions=made.questions,
                         when=moment(made.made_at, viewer_zone(), lang)), icon=":material/assignment_return:")
        learners = _learners(klass)
        for group in groups:
            show_group(klass, group, lang, where, learners)
        st.caption(t("classes.follow.again_note"))
        return
    st.button(t("classes.follow.button"), key=f"{_key(kind, source_id)}_{where}_button",
              icon=":material/assignment_return:", on_click=_reassign, args=(klass, kind, source_id, title),
              disabled=klass.archived, help=t("classes.follow.help"))
    if said and said != "classes.follow.done":
        (st.info if said == "classes.follow.nothing" else st.error)(t(said))


def group_title(group: Group, lang: str) -> str:
    """A group's heading where it stands alone (a live session's, one whose source was deleted)."""
    return translate("classes.follow.of", lang, title=follow_up_source(group.key, group.title, lang))
