"""The learner's side of a class: joining with a display name, then their own page (personal link).

The personal page lists the class's assignments with the learner's progress in each and a link into
the Drill page, and compares the learner's results with the class's averages; it never shows another
learner's name or answers.
"""

from __future__ import annotations

from datetime import tzinfo

import pandas as pd
import streamlit as st

from classroom.board import board
from classroom.models import LEARNER_NAME_MAX, utcnow
from classroom.service import ClassInfo, ClassroomError, LearnerInfo, NameTakenError
from classroom.tokens import normalize_join_code
from ui.classes.live_learner import show_live_pulse
from ui.classes.start import FOUND_KEY
from ui.classes.table_common import TABLE_PARAM
from ui.classes.table_learner import show_table_list, show_table_play
from ui.classes.words import moment, share, state_key
from ui.client import client_address
from ui.escape import PASTE_ROOM, md_text
from ui.i18n import t
from ui.labels import number
from ui.links import go_to_personal_link, personal_link_box
from ui.live import LiveViews
from ui.nav import link_to
from ui.params import markdown_literal
from ui.profile_form import CREATED_KEY, show_keep_link
from ui.questions import shown_title
from ui.setup import rule_set_label
from ui.store import ASSIGNMENT_PARAM, LEARNER_PARAM, classroom, refusal_key
from ui.tables_fit import show_table
from ui.when import viewer_zone

__all__ = ["show_join", "show_learner", "viewer_zone"]


def _join(klass: ClassInfo, lang: str) -> None:
    name = st.session_state.get("classes_learner_name") or ""
    try:
        joined = classroom().store.join(klass.id, name)
    except NameTakenError as exc:
        st.session_state["classes_name_problem"] = ("classes.name_taken", exc.suggestion)
        return
    except ClassroomError as exc:
        st.session_state["classes_name_problem"] = (refusal_key("classes.join_error", exc), "")
        return
    st.session_state.pop("classes_name_problem", None)
    st.session_state[CREATED_KEY] = joined.info.id
    go_to_personal_link(LEARNER_PARAM, str(joined.token), lang)


def _use_suggestion(suggestion: str) -> None:
    st.session_state["classes_learner_name"] = suggestion
    st.session_state.pop("classes_name_problem", None)


def show_join(code: str, lang: str) -> None:
    """The join form of the class whose code is in the link (or a message that the code is unknown)."""
    store = classroom().store
    try:  # a link's code is a guess too, unless this session found that class already (issue 22, item 12)
        known = st.session_state.get(FOUND_KEY) == normalize_join_code(code or "")
        klass = store.class_by_code(code, None if known else client_address())
    except ClassroomError as exc:
        st.error(t(refusal_key("classes.code_error", exc)))
        link_to("pages/classes.py", t("classes.to_classes"), ":material/groups:", {"lang": lang})
        return
    if klass is not None:
        st.session_state[FOUND_KEY] = klass.join_code
    if klass is None or klass.archived:
        st.error(t("classes.code_unknown" if klass is None else "classes.archived_join"))
        link_to("pages/classes.py", t("classes.to_classes"), ":material/groups:", {"lang": lang})
        return
    st.subheader(t("classes.joining", klass=markdown_literal(klass.name, limit=80)))
    st.caption(t("classes.class_rules", rules=md_text(rule_set_label(klass.rule_set, lang))))
    if klass.joining_locked:
        st.warning(t("classes.join_error.locked"))
    with st.form("classes_join_name", border=False):
        st.text_input(t("classes.your_name"), key="classes_learner_name", max_chars=PASTE_ROOM * LEARNER_NAME_MAX,
                      help=t("classes.your_name_help"))
        st.form_submit_button(t("classes.enter_class"), type="primary", on_click=_join, args=(klass, lang))
    problem = st.session_state.get("classes_name_problem")
    if problem:
        key, suggestion = problem
        st.error(t(key, suggestion=markdown_literal(suggestion), longest=LEARNER_NAME_MAX))
        if suggestion:
            st.button(t("classes.use_suggestion", suggestion=markdown_literal(suggestion)), key="classes_suggestion",
                      on_click=_use_suggestion, args=(suggestion,))


def show_learner(token: str, lang: str, views: LiveViews | None = None) -> None:
    """The learner's own page, for the personal link ``token`` (a wrong link says so and shows nothing); with
    ``views`` (the Drill's, from ``pages/classes.py``), a live session's question is answered here."""
    store = classroom().store
    learner = store.learner(token)
    if learner is None:
        st.error(t("classes.bad_learner_link"))
        return
    if learner.removed:
        st.error(t("classes.removed"))
        return
    klass = store.class_info(learner.class_id)
    if klass is None:  # a profile of someone practising alone: their page is Progress
        st.info(t("classes.no_class_profile"))
        link_to("pages/progress.py", t("progress.to_progress"), ":material/trending_up:", {LEARNER_PARAM: token, "lang": lang})
        return
    if TABLE_PARAM in st.query_params:  # a table session of the class (duplicate deals)
        show_table_play(learner, klass, st.query_params[TABLE_PARAM], lang)
        return
    st.subheader(t("classes.hello", name=markdown_literal(learner.name, limit=LEARNER_NAME_MAX),
                   klass=markdown_literal(klass.name, limit=80)))
    st.caption(t("classes.class_rules", rules=md_text(rule_set_label(klass.rule_set, lang))))
    if klass.archived:
        st.info(t("classes.archived_note"))
    if views is not None:  # the live question, and a new assignment or table listed within 2 s
        # in a box of its own: without it, the "Assignments" heading below was sometimes gone after a reassignment
        # until a reload (the fragment reruns, then the whole page: 5 pages of 93 in chromium on a loaded machine,
        # none of 84 with the box; not seen in AppTest, which runs whole pages only). Above the link to keep: a
        # user test found a phone's first screen all "keep this link" box, the live question under it unseen
        with st.container(key="classes_live_pulse"):
            show_live_pulse(learner, klass, lang, views)
    if not show_keep_link(learner, token, lang):  # just joined: the link to keep, once
        personal_link_box(token, "classes", lang, expanded=False)
    link_to("pages/progress.py", t("classes.my_progress"), ":material/trending_up:", {LEARNER_PARAM: token, "lang": lang})
    show_table_list(learner, lang, klass.archived)
    _assignments(learner, klass, token, lang, viewer_zone())


def _assignments(learner: LearnerInfo, klass: ClassInfo, token: str, lang: str, zone: tzinfo | None) -> None:
    """The assignments of the learner's class ``klass``, with the learner's own progress in each (none open once the
    class is archived)."""
    store = classroom().store
    class_id = klass.id
    assignments = [a for a in store.assignments(class_id, learner_id=learner.id) if not a.error]  # a follow-up: its learner's
    st.subheader(t("classes.assignments"))
    if not assignments:
        st.caption(t("classes.no_assignments_learner"))
        return
    now = utcnow()
    learners = store.learners(class_id)
    rows = []
    for assignment in assignments:
        result = board(learners, store.records(assignment.id), store.answers(assignment.id))
        mine = next((row for row in result.learners if row.learner_id == learner.id), None)
        answered = mine.answered if mine else 0
        state = state_key(assignment, now, klass.archived)
        with st.container(border=True):
            title = shown_title(assignment, lang)  # a follow-up: "Questions you missed in <source>"
            st.markdown(f"**{markdown_literal(title, limit=160)}** · :gray-badge[{t(state)}]")
            st.caption(t("classes.assignment_line", count=assignment.count,
                         deadline=moment(assignment.deadline, zone, lang), answered=answered))
            if assignment.ready:
                takes = assignment.accepts_answers(now) and not klass.archived
                label = ("classes.start" if answered == 0 and takes else "classes.continue" if answered < assignment.count
                         and takes else "classes.review")
                link_to("pages/drill.py", t(label), ":material/play_arrow:",
                        {LEARNER_PARAM: token, ASSIGNMENT_PARAM: str(assignment.id), "lang": lang})
            else:
                st.progress(assignment.graded / assignment.count, text=t("classes.preparing",
                                                                            done=assignment.graded,
                                                                            count=assignment.count))
        others = [row for row in result.learners if row.answered]
        rows.append({
            t("classes.col.assignment"): md_text(title),  # a Markdown cell (ui.tables_fit)
            t("classes.col.mine"): share(mine.right, mine.answered, lang) if mine else "—",
            t("classes.col.my_chi_lost"): _per_decision(mine.error_rate if mine else None, lang),
            t("classes.col.class_right"): _mean_share(others, lang),
            t("classes.col.class_chi_lost"): _per_decision(
                sum(r.chi_lost for r in others) / sum(r.decisions for r in others)
                if sum(r.decisions for r in others) else None, lang),
        })
    st.subheader(t("classes.my_results"))
    show_table(pd.DataFrame(rows))  # as wide as the page: at 390 px its last column was cut off
    st.caption(t("classes.my_results_note"))


def _per_decision(value: float | None, lang: str) -> str:
    return "—" if value is None else number(value, lang)


def _mean_share(rows: list, lang: str) -> str:  # type: ignore[type-arg]
    answered = sum(r.answered for r in rows)
    return "—" if not answered else f"{number(100 * sum(r.right for r in rows) / answered, lang, digits=0)}%"
