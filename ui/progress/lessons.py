"""The Progress page's lesson path (issue 20, item 11): per rule set, the Learn page's steps finished of all, and
the best score of each step's quiz (:mod:`classroom.lessons`). Marks this browser session kept before the
profile existed are moved into it first (:func:`ui.lesson_path.move_to_profile`)."""

from __future__ import annotations

import logging

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from classroom.lessons import Lessons, StepMark
from maubinh.drills import LESSON_STEPS, Lesson
from maubinh.rules import RULE_SET_IDS, load_rule_set
from ui.errors import log_failure
from ui.escape import md_text
from ui.i18n import t
from ui.lesson_path import move_to_profile
from ui.questions import step_name
from ui.store import classroom

__all__ = ["STEP_IDS", "lesson_rows", "show_lesson_path"]

_log = logging.getLogger(__name__)
STEP_IDS = LESSON_STEPS
"""The Learn page's lesson path in order (:data:`maubinh.drills.LESSON_STEPS`)."""


def lesson_rows(path: dict[str, dict[str, StepMark]], lang: str) -> list[dict[str, str]]:
    """The section's table: one row per rule set of ``path`` (:meth:`classroom.lessons.Lessons.path`), the known
    sources first in their order: its name, ``"n of total"`` steps finished, and each quiz's best score
    (``"3. <step name> 2/3"``, in the path's order). Steps the Learn page no longer has are left out."""
    order = sorted(path, key=lambda rs: (RULE_SET_IDS.index(rs) if rs in RULE_SET_IDS else len(RULE_SET_IDS), rs))
    rows = []
    for rule_set_id in order:
        steps = path[rule_set_id]
        name = load_rule_set(rule_set_id).name(lang) if rule_set_id in RULE_SET_IDS else rule_set_id
        finished = sum(steps[s].finished for s in STEP_IDS if s in steps)
        scores = []
        for n, step in enumerate(STEP_IDS, 1):
            score = steps[step].score if step in steps else None
            if score is not None:
                scores.append(md_text(f"{n}. {step_name(Lesson(step), lang)} {score[0]}/{score[1]}"))  # not a list
        rows.append({
            t("progress.lessons.col.rule_set"): md_text(name),
            t("progress.lessons.col.steps"): t("progress.lessons.steps", n=finished, total=len(STEP_IDS)),
            t("progress.lessons.col.quiz"): " · ".join(scores) or "—",
        })
    return rows


def show_lesson_path(learner_id: str, lang: str, removed: bool = False) -> None:
    """The lesson path section of the profile ``learner_id`` (a removed learner's is read only: nothing moved in)."""
    st.markdown(f"#### {t('progress.lessons.title')}")
    if not removed:
        move_to_profile(learner_id)
    try:
        path = Lessons(classroom().store).path(learner_id)
    except SQLAlchemyError as error:
        log_failure(_log, "the lesson path could not be read", error)
        path = {}
    if not path:
        st.caption(t("progress.lessons.none"))
        return
    st.table(lesson_rows(path, lang), hide_index=True)
