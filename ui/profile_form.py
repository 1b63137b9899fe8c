"""Making a profile (issue 16): what a profile keeps, the form that makes one, with no password: a personal link
(``?me=``), and the "keep this link" box shown once where a profile was just made or a class just joined (issue 36).

One module for every page that offers a profile: Progress (and Home, whose "make a profile" leads there), Play, the
Drill and Learn (:func:`show_profile_offer`, folded below the page's own work), a class's join
(:mod:`ui.classes.learner`). What the session did before is carried into the new profile by the module that keeps
it, as soon as the page knows the profile: Play's hands (:func:`ui.play.history.keep_hands`), the Drill's answers
(:meth:`ui.drill.profile.Profile.attach`), Learn's steps (:func:`ui.lesson_path.move_to_profile`, at once when
the profile is made). The browser
remembers the profile from then on (:mod:`ui.device`).
"""

from __future__ import annotations

import streamlit as st

from classroom.models import LEARNER_NAME_MAX
from classroom.service import ClassroomError, LearnerInfo
from ui.client import client_address
from ui.escape import PASTE_ROOM, markdown_literal
from ui.i18n import t
from ui.lesson_path import move_to_profile
from ui.links import go_to_personal_link, personal_link, qr_data_uri
from ui.store import LEARNER_PARAM, classroom, refusal_key

__all__ = ["CREATED_KEY", "show_keep_link", "show_new_profile", "show_profile_offer"]

CREATED_KEY = "progress_created"
"""The id of the profile made (or the class's learner who joined) in this session: its "keep this link" box shows
until the learner closes it."""


def _create(lang: str, keep: bool = False) -> None:
    try:
        made = classroom().practice.create_profile(st.session_state.get("progress_name") or "", client_address())
    except ClassroomError as exc:  # the typed name stays in the box
        st.session_state["progress_name_error"] = ("progress.throttled" if exc.field == "throttled"
                                                   else refusal_key("classes.join_error", exc))
        return
    st.session_state.pop("progress_name_error", None)
    st.session_state[CREATED_KEY] = made.info.id
    move_to_profile(made.info.id)  # Learn's steps finished in this session
    if keep:
        st.query_params[LEARNER_PARAM] = str(made.token)
    else:
        go_to_personal_link(LEARNER_PARAM, str(made.token), lang)


def show_new_profile(lang: str, keep: bool = False) -> None:
    """What a profile keeps, and the form that makes one (no password: a personal link). ``keep``: the page's
    other link parameters stay (the Play page's table, the Drill's set), the personal link is added to them."""
    st.write(t("progress.intro"))
    with st.form("progress_new", border=True):
        st.text_input(t("progress.name"), key="progress_name", max_chars=PASTE_ROOM * LEARNER_NAME_MAX)
        st.form_submit_button(t("progress.create"), type="primary", on_click=_create, args=(lang, keep))
    error = st.session_state.get("progress_name_error")
    if error:
        st.error(t(error if isinstance(error, str) else "classes.join_error.name", longest=LEARNER_NAME_MAX))
    st.caption(t("progress.class_note"))


def _close_box() -> None:
    st.session_state.pop(CREATED_KEY, None)


def show_keep_link(learner: LearnerInfo, token: str, lang: str) -> bool:
    """The "keep this link" box, when ``learner`` was just made (or joined a class) in this session: their personal
    link (a class's learner's to their class page, else to Progress) to copy, its QR code for a phone, and a
    button closing the box for good. Whether it was shown."""
    if st.session_state.get(CREATED_KEY) != learner.id:
        return False
    link = personal_link(token, "classes" if learner.class_id else "progress", lang)
    with st.container(border=True, key="keep_link_box"):
        st.markdown(f"#### :material/key: {t('device.keep_title')}")
        st.markdown(t("device.keep_note", name=markdown_literal(learner.name, limit=LEARNER_NAME_MAX)))
        st.code(link, language=None, wrap_lines=True)
        st.markdown(f'<img src="{qr_data_uri(link)}" alt="{t("device.qr_alt")}" width="168" height="168">',
                    unsafe_allow_html=True)
        st.button(t("device.kept"), key="keep_link_close", icon=":material/check:", on_click=_close_box)
    return True


def show_profile_offer(learner: LearnerInfo | None, token: str | None, lang: str, words: str) -> None:
    """Below a page's own work (Play, the Drill, Learn): without a profile, the offer to make one, folded, under
    ``<words>.no_profile`` with what is carried into it (``<words>.no_profile_note``); with one just made, the
    "keep this link" box (:func:`show_keep_link`)."""
    if learner is not None and token is not None:
        show_keep_link(learner, token, lang)
        return
    with st.expander(t(f"{words}.no_profile"), icon=":material/person_add:"):
        st.caption(t(f"{words}.no_profile_note"))
        show_new_profile(lang, keep=True)
