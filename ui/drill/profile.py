"""The Drill page kept in a learner's profile: ``/drill?me=<personal link>`` (no assignment).

- A free set (the set in the URL, as for anyone): every answer is stored as an attempt of the profile
  under a run id kept in the URL (``?run=``), so a reload, or the link on another device, resumes it.
- ``&mode=review``: the questions of the learner's review queue that are due now (FSRS).
- ``&mode=level``: ten questions dealt near the learner's rating (Glicko-2).

Ratings and the review queue move with each answer (:class:`classroom.practice.Practice`). An answer the
database could not take yet stays in the session and is sent again on the next run.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from dataclasses import dataclass, field

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from classroom.service import ClassroomError, LearnerInfo
from maubinh.drills import KINDS, DrillSet, QuestionList
from maubinh.drills.answers import answer_code, chi_lost, parse_answer
from maubinh.rules import RULE_SET_IDS
from ui.drill.prepare import preparer
from ui.drill.state import Answer, SetState
from ui.i18n import t
from ui.nav import link_to
from ui.store import LEARNER_PARAM, MODE_PARAM, RUN_PARAM, classroom

__all__ = ["LEVEL_COUNT", "Profile", "kept_profile", "list_state", "new_list", "profile_from_url"]

LEVEL_COUNT = 10
"""Questions dealt at once at the learner's level."""
_LISTS_KEY = "drill_profile_lists"
_log = logging.getLogger(__name__)


def _set_digest(drill_set: DrillSet | QuestionList) -> str:
    text = repr(sorted(drill_set.params().items())) if isinstance(drill_set, DrillSet) else repr(drill_set)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:6]


@dataclass
class Profile:
    """The learner whose profile this session's answers go to (a class's learner or someone alone)."""

    learner: LearnerInfo
    token: str
    mode: str
    problem: str | None = None
    unsaved: dict[tuple[str, int], tuple[SetState, Answer]] = field(default_factory=dict)

    def save(self, state: SetState, answer: Answer) -> None:
        """Store ``answer`` to ``state``'s question as an attempt (kept as unsaved if the database fails)."""
        drill_set = state.drill_set
        question = preparer().get(drill_set, answer.index)
        try:
            classroom().practice.record(
                self.learner.id, drill_set.ref(answer.index), run_id=state.run_id or "", number=answer.index,
                mode=self.mode, lesson=question.lesson.value, code=answer_code(question, answer.given),
                correct=answer.correct, chi_lost=chi_lost(question, answer.given, answer.result),
                seconds=answer.seconds)
        except ClassroomError:
            self.problem = "progress.answer_refused"
            return
        except SQLAlchemyError:
            _log.exception("an attempt could not be stored yet")
            self.unsaved[(state.run_id or "", answer.index)] = (state, answer)
            self.problem = "classes.answer_unsaved"
            return
        self.unsaved.pop((state.run_id or "", answer.index), None)

    def retry(self) -> None:
        """Send the unsaved answers again."""
        for state, answer in list(self.unsaved.values()):
            self.save(state, answer)

    def attach(self, state: SetState) -> None:
        """Keep ``state``'s answers in the profile: its run (from the URL when it is this set's, else a new
        one, put in the URL), the answers already stored for that run, and the hook storing new ones."""
        if state.on_answer is not None:
            return
        digest = _set_digest(state.drill_set)
        run = st.query_params.get(RUN_PARAM) or ""
        used = st.session_state.setdefault("drill_profile_runs", set())
        if not (len(run) == 14 and run.startswith(digest) and run.isalnum()) or run in used:
            run = digest + secrets.token_hex(4)  # a new set, or this set again ("same questions again")
        used.add(run)
        st.query_params[RUN_PARAM] = run
        state.run_id = run
        stored = classroom().practice.run(self.learner.id, run)
        for number, attempt in stored.items():
            if number < state.drill_set.count and number not in state.answers:
                question = preparer().get(state.drill_set, number)
                try:
                    given = parse_answer(question, attempt.code)
                except ValueError:
                    continue
                state.answers[number] = Answer(number, question.kind, given, attempt.correct, attempt.seconds)
        unanswered = [n for n in range(state.drill_set.count) if n not in state.answers]
        if stored:
            state.index = unanswered[0] if unanswered else state.drill_set.count - 1
            state.finished = not unanswered
        state.on_answer = lambda answer: self.save(state, answer)


def kept_profile() -> Profile | None:
    """The profile this session practised in last (with its unsaved answers), without reading the database."""
    found = st.session_state.get("drill_profile")
    return found if isinstance(found, Profile) else None


def profile_from_url() -> Profile | None:
    """The profile the URL names (``?me=``), or ``None`` when it names none. A wrong or removed learner's
    link stops the page with a message."""
    token = st.query_params.get(LEARNER_PARAM)
    if token is None:
        return None
    learner = classroom().store.learner(token)
    if learner is None or learner.removed:
        st.error(t("classes.bad_learner_link" if learner is None else "classes.removed"))
        link_to("pages/progress.py", t("progress.to_progress"), ":material/trending_up:", {})
        st.stop()
        return None
    mode = st.query_params.get(MODE_PARAM)
    found = st.session_state.get("drill_profile")
    if isinstance(found, Profile) and found.learner.id == learner.id and found.mode == (mode or "practice"):
        found.retry()
        return found
    profile = Profile(learner, str(token), mode if mode in ("review", "level") else "practice")
    st.session_state["drill_profile"] = profile
    return profile


def list_state(profile: Profile) -> SetState | None:
    """The session's review or level list for ``profile`` (made on first use: the questions due now, or ten
    dealt near the rating), or ``None`` when nothing is due."""
    lists = st.session_state.setdefault(_LISTS_KEY, {})
    key = (profile.learner.id, profile.mode)
    state = lists.get(key)
    if isinstance(state, SetState):
        return state
    practice = classroom().practice
    if profile.mode == "review":
        refs = tuple(due.ref for due in practice.due(profile.learner.id))
    else:
        rules = st.query_params.get("rules")
        refs = tuple(practice.deal(profile.learner.id, KINDS, rules if rules in RULE_SET_IDS else RULE_SET_IDS[0],
                                   LEVEL_COUNT))
    if not refs:
        return None
    state = SetState(QuestionList(refs, profile.mode))
    state.run_id = f"{profile.mode}-{secrets.token_hex(5)}"
    state.on_answer = lambda answer: profile.save(state, answer)
    lists[key] = state
    return state


def new_list(profile: Profile) -> None:
    """Button callback: another list (the questions due now, or ten more at the new rating)."""
    st.session_state.get(_LISTS_KEY, {}).pop((profile.learner.id, profile.mode), None)
