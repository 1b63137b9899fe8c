"""Edit an assignment's questions after it is assigned (issue 35, "after the class"), on the teacher's Assignments tab:
keep some of its questions, add more from the question bank (the same kinds, level and rule set), and see, before
saving, what happens to the answers: those to the kept questions stay, those to the removed ones are archived (kept
with the old version, off the board and the CSV; each learner's own history keeps theirs)
(:meth:`classroom.service.ClassroomStore.edit_questions`). The title and the deadline have their own buttons."""

from __future__ import annotations

import streamlit as st

from classroom.service import AssignmentInfo, ClassInfo, ClassroomError
from maubinh.drills import MAX_QUESTIONS
from maubinh.rules import RULE_SET_IDS
from ui.classes.words import kind_words
from ui.i18n import t, translate
from ui.live import live_sessions
from ui.store import classroom

__all__ = ["edit_box", "edit_said"]


def _key(assignment_id: int) -> str:
    return f"classes_edit_{assignment_id}"


def _addable(assignment: AssignmentInfo) -> bool:
    """Whether the bank can add questions to it: a source's rules (the bank holds no house rules' questions)."""
    return assignment.drill_set.rule_set.id in RULE_SET_IDS


def _edit(klass: ClassInfo, assignment: AssignmentInfo) -> None:
    key = _key(assignment.id)
    keep = [int(n) for n in st.session_state.get(f"{key}_keep") or []]
    wanted = int(st.session_state.get(f"{key}_add") or 0) if _addable(assignment) else 0
    s = assignment.drill_set
    have = {s.ref(n).key for n in range(s.count)}
    picks = [p for p in live_sessions().bank_picks(s.rule_set_id, s.level, s.kinds, wanted + len(have))
             if p.key not in have][:wanted] if wanted else []
    try:
        edited = classroom().store.edit_questions(klass.id, assignment.id, keep,
                                                  [(p.kind, p.record, p.blob) for p in picks])
    except ClassroomError as refused:
        st.session_state["classes_edit_said"] = ("error", t("classes.edit.refused_" + (
            "questions" if refused.field == "questions" else "assignment"), most=MAX_QUESTIONS))
        return
    if edited is None:  # edited or deleted meanwhile (another device)
        st.session_state["classes_edit_said"] = ("error", t("classes.edit.gone"))
        return
    st.session_state["classes_edit_said"] = ("success", t(
        "classes.edit.done", kept=edited.kept, removed=edited.removed, added=edited.added,
        answers_kept=edited.answers_kept, answers_archived=edited.answers_archived))


def edit_box(klass: ClassInfo, assignment: AssignmentInfo, lang: str) -> None:
    """The "Edit questions" popover of one assignment card: which to keep, how many to add, what it does to the
    answers, said before the tap."""
    key = _key(assignment.id)
    s = assignment.drill_set
    with st.popover(t("classes.edit.open"), icon=":material/edit_note:"):
        numbers = list(range(assignment.count))
        st.multiselect(t("classes.edit.keep"), numbers, default=numbers, key=f"{key}_keep",
                       format_func=lambda n: translate("classes.edit.question", lang, n=n + 1,
                                                       kind=kind_words(s.kind_at(n).value, lang)))
        room = MAX_QUESTIONS - len(st.session_state.get(f"{key}_keep") or [])
        if _addable(assignment):
            st.number_input(t("classes.edit.add"), min_value=0, max_value=max(0, room), value=0, step=1,
                            key=f"{key}_add")
        else:
            st.caption(t("classes.edit.no_bank"))
        keep = set(st.session_state.get(f"{key}_keep") or [])
        answers = classroom().store.answers(assignment.id)
        archived = sum(1 for a in answers if a.number not in keep)
        added = int(st.session_state.get(f"{key}_add") or 0) if _addable(assignment) else 0
        st.markdown(t("classes.edit.confirm", kept=len(keep), removed=assignment.count - len(keep), added=added,
                      answers_kept=len(answers) - archived, answers_archived=archived))
        st.button(t("classes.edit.save"), key=f"{key}_save", type="primary", on_click=_edit, args=(klass, assignment),
                  disabled=not (keep or added))


def edit_said() -> None:
    """What the last edit did (or why it did not), once, above the list."""
    said = st.session_state.pop("classes_edit_said", None)
    if said:
        (st.success if said[0] == "success" else st.error)(said[1])
