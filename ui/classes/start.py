"""The Classes page with no link: create a class (the teacher), or type a join code (a learner)."""

from __future__ import annotations

import streamlit as st

from classroom.models import CLASS_NAME_MAX
from classroom.service import LANGUAGES, ClassroomError
from classroom.tokens import JOIN_LENGTH
from maubinh.rules import RULE_SET_IDS, RuleSet, load_rule_set
from ui.client import client_address
from ui.escape import PASTE_ROOM
from ui.i18n import t, translate
from ui.links import JOIN_PARAM, TEACHER_PARAM, go_to_personal_link
from ui.setup import house_rule_sets, rule_set_label
from ui.store import classroom, refusal_key

__all__ = ["CREATED_KEY", "FOUND_KEY", "show_start"]

CREATED_KEY = "classes_created"
"""Session key: the class just created in this session (its teacher link is shown once, on arrival)."""
FOUND_KEY = "classes_code_found"
"""Session key: the join code this session last found a class with (not a guess: looking it up again as the
join page reruns is not counted against the client's limit on wrong codes)."""


def _rule_sets() -> dict[str, RuleSet]:
    return {**{rid: load_rule_set(rid) for rid in RULE_SET_IDS}, **house_rule_sets()}


def _create(lang: str) -> None:
    rule_sets = _rule_sets()
    chosen = rule_sets.get(st.session_state.get("classes_new_rules") or "", rule_sets[RULE_SET_IDS[0]])
    try:
        created = classroom().store.create_class(st.session_state.get("classes_new_name") or "",
                                                 st.session_state.get("classes_new_language") or lang, chosen)
    except ClassroomError as exc:
        st.session_state["classes_new_error"] = refusal_key("classes.create_error", exc)
        return
    classroom().store.vouch(created.info.id, client_address())  # the class's code keeps working from here
    st.session_state.pop("classes_new_error", None)
    st.session_state[CREATED_KEY] = created.info.id
    go_to_personal_link(TEACHER_PARAM, str(created.teacher_token), lang)


def _join(lang: str) -> None:
    code = st.session_state.get("classes_code") or ""
    try:  # wrong codes are rate-limited per client (issue 22, item 12); the typed code stays in the box
        found = classroom().store.class_by_code(code, client_address())
    except ClassroomError as exc:
        st.session_state["classes_code_error"] = refusal_key("classes.code_error", exc)
        return
    if found is None:
        st.session_state["classes_code_error"] = "classes.code_unknown"
        return
    st.session_state[FOUND_KEY] = found.join_code
    st.session_state.pop("classes_code_error", None)
    st.query_params.clear()
    st.query_params[JOIN_PARAM] = found.join_code  # the class's own code: no spaces or lower case typed
    st.query_params["lang"] = lang


def show_start(lang: str) -> None:
    """Two boxes: join with a code, create a class."""
    st.write(t("classes.intro"))
    join_box, create_box = st.columns(2)
    with join_box.container(border=True):
        st.subheader(t("classes.join_title"))
        with st.form("classes_join_form", border=False):
            st.text_input(t("classes.code"), key="classes_code", max_chars=16,
                          placeholder=t("classes.code_placeholder", n=JOIN_LENGTH), help=t("classes.code_help"))
            st.form_submit_button(t("classes.join_button"), type="primary", on_click=_join, args=(lang,))
        error = st.session_state.get("classes_code_error")
        if error:
            st.error(t(error if isinstance(error, str) else "classes.code_unknown"))
    with create_box.container(border=True):
        st.subheader(t("classes.create_title"))
        rule_sets = _rule_sets()
        with st.form("classes_create_form", border=False):
            st.text_input(t("classes.class_name"), key="classes_new_name", max_chars=PASTE_ROOM * CLASS_NAME_MAX,
                          placeholder=t("classes.class_name_placeholder"))
            st.selectbox(t("classes.language"), LANGUAGES, key="classes_new_language",
                         index=LANGUAGES.index(lang) if lang in LANGUAGES else 0,
                         format_func=lambda code: translate(f"classes.language.{code}", lang))
            st.selectbox(t("common.rule_set"), list(rule_sets), key="classes_new_rules",
                         format_func=lambda rid: rule_set_label(rule_sets[rid], lang))
            st.form_submit_button(t("classes.create_button"), type="primary", on_click=_create, args=(lang,))
        error = st.session_state.get("classes_new_error")
        if error:
            st.error(t(error, longest=CLASS_NAME_MAX))
        st.caption(t("classes.create_note"))
