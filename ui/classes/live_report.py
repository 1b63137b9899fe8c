"""After a live session, on the teacher's Live tab (issue 35, "after the class"): per learner (right of the answers,
chi lost per decision ± its standard error, seconds), per kind, the hardest questions and who did not answer every
question asked; the CSV (the summary per learner, then every answer: :mod:`ui.classes.export`). The numbers are an
assignment board's (:meth:`classroom.live.LiveSessions.report`)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from classroom.board import Board
from classroom.follow_ups import LIVE
from classroom.live import LiveInfo
from classroom.service import ClassInfo, ClassroomError
from classroom.snapshot import SnapshotError
from maubinh.bands import mean_grade
from maubinh.drills import Question
from ui.classes.export import answer_sections
from ui.classes.follow_up import reassign_box
from ui.classes.words import kind_words, moment, share
from ui.escape import csv_bytes, md_text, plain_text
from ui.i18n import t, translate
from ui.labels import number
from ui.live import live_question, live_sessions
from ui.tables_fit import show_table
from ui.when import viewer_zone

__all__ = ["HARDEST", "show_live_report"]

HARDEST = 3
"""The hardest questions the report names at most (only those someone got wrong)."""
_PICK_KEY = "live_report_pick"


def _chi_lost(losses: list[float], lang: str) -> str:
    """Mean chi lost per decision ± its standard error (``mean_grade``'s), or "—" with no decision."""
    graded = mean_grade(losses)
    if graded is None:
        return "—"
    return f"{number(graded.cost, lang)} ± {number(graded.stderr, lang)}" if graded.stderr else number(graded.cost, lang)


def asked(info: LiveInfo) -> int:
    """How many questions the session opened (the last one opened is ``info.number``; -1: none)."""
    return info.number + 1


def _learners(report: Board, info: LiveInfo, lang: str) -> None:
    rows = []
    for row in report.learners:
        mine = report.by_learner.get(row.learner_id, {})
        losses = [a.chi_lost for a in mine.values() if a.chi_lost is not None]
        rows.append({
            t("classes.col.learner"): md_text(row.name),
            t("classes.col.right"): share(row.right, row.answered, lang),  # of answered, as the board says it
            t("live.report.col.chi_lost"): _chi_lost(losses, lang),
            t("live.report.col.seconds"): number(row.seconds, lang, digits=0),  # all its answers' (not speed)
        })
    st.markdown(f"**{t('live.report.learners')}**")
    show_table(pd.DataFrame(rows), key="live_report_learners")


def _kinds(report: Board, lang: str) -> None:
    kind_of = {q.number: q.kind for q in report.questions}
    losses: dict[str, list[float]] = {}
    for answers in report.by_learner.values():
        for answer in answers.values():
            if answer.chi_lost is not None:
                losses.setdefault(kind_of.get(answer.number, "?"), []).append(answer.chi_lost)
    rows = [{t("classes.col.kind"): kind_words(kind.kind, lang),
             t("classes.col.right"): share(kind.right, kind.answered, lang),
             t("live.report.col.chi_lost"): _chi_lost(losses.get(kind.kind, []), lang)} for kind in report.kinds]
    st.markdown(f"**{t('live.report.kinds')}**")
    show_table(pd.DataFrame(rows), key="live_report_kinds")


def _hardest(report: Board, lang: str) -> None:
    hardest = [q for q in report.hardest() if q.right < q.answered][:HARDEST]  # a question all got right is not hard
    if not hardest:
        return
    st.markdown(f"**{t('live.report.hardest')}**")
    st.markdown("  \n".join(
        t("live.report.hardest_line", n=q.number + 1, kind=kind_words(q.kind, lang), right=share(q.right, q.answered, lang))
        for q in hardest))


def _unfinished(report: Board, info: LiveInfo) -> None:
    """Who answered fewer questions than were asked (none answered: named too)."""
    missing = [row for row in report.learners if row.answered < asked(info)]
    if not missing:
        st.caption(t("live.report.all_finished"))
        return
    st.markdown(f"**{t('live.report.unfinished')}**")
    st.markdown("  \n".join(t("live.report.unfinished_line", name=md_text(row.name), answered=row.answered,
                              asked=asked(info)) for row in missing))


def _questions(info: LiveInfo) -> dict[int, Question | None]:
    """The session's questions by number (``None`` for one that cannot be read back: its answers stay codes)."""
    found: dict[int, Question | None] = {}
    for n in range(info.count):
        try:
            found[n] = live_question(info, n)
        except (KeyError, SnapshotError):
            found[n] = None
    return found


def _download(klass: ClassInfo, info: LiveInfo, report: Board, lang: str) -> None:
    """The session's CSV: the summary per learner, then every answer (:func:`ui.classes.export.answer_sections`)."""
    sections = answer_sections(report, info.rule_set_id, "", _questions(info), info.rule_set, lang, viewer_zone(),
                               asked=asked(info))
    st.download_button(t("classes.download"), csv_bytes(*sections), file_name=f"maubinh-live-{klass.id}-{info.id}.csv",
                       mime="text/csv", key="live_report_csv", icon=":material/download:")


def show_live_report(klass: ClassInfo, lang: str) -> None:
    """The report of one of the class's ended live sessions (the newest first in the picker); nothing before one."""
    live = live_sessions()
    ended = {info.id: info for info in live.ended(klass.id)}
    if not ended:
        return
    st.subheader(t("live.report.title"))
    if st.session_state.get(_PICK_KEY) not in ended:
        st.session_state[_PICK_KEY] = next(iter(ended))
    zone = viewer_zone()
    chosen = st.selectbox(t("live.report.pick"), list(ended), key=_PICK_KEY,
                          format_func=lambda sid: plain_text(translate(
                              "live.report.option", lang, n=sid, when=moment(ended[sid].created_at, zone, lang),
                              asked=asked(ended[sid]), count=ended[sid].count)))
    info = ended[int(chosen)]
    try:
        report = live.report(info.id)
    except ClassroomError:  # deleted meanwhile (another device)
        return
    if asked(info) == 0:
        st.caption(t("live.report.none_asked"))
    else:
        _learners(report, info, lang)
        _unfinished(report, info)
        _kinds(report, lang)
        _hardest(report, lang)
        _download(klass, info, report, lang)
        # titled in the class's language (its learners read it; ui.classes.words.shown_title names it in theirs)
        reassign_box(klass, LIVE, info.id, translate("classes.follow.live_source", klass.language, n=info.id), lang,
                     "live")
    _delete_box(klass, info, live.answer_count(info.id))  # counted, not read


def _delete(klass: ClassInfo, session_id: int) -> None:
    try:
        live_sessions().delete(klass.id, session_id)
    except ClassroomError:  # running again? only an ended one is listed here
        st.session_state[f"live_delete_{session_id}_error"] = True


def _delete_box(klass: ClassInfo, info: LiveInfo, answers: int) -> None:
    """Delete the session with its answers, saying plainly what goes (its report, its answers) and what stays (a
    follow-up made from it, each learner's own history)."""
    with st.popover(t("live.delete"), icon=":material/delete:"):
        st.markdown(t("live.delete_confirm", n=info.id, answers=answers))
        st.button(t("live.delete_yes"), key=f"live_delete_{info.id}", type="primary", on_click=_delete,
                  args=(klass, info.id))
    if st.session_state.pop(f"live_delete_{info.id}_error", False):
        st.error(t("live.delete_refused"))
