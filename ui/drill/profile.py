"""The Drill page kept in a learner's profile: ``/drill?me=<personal link>`` (no assignment).

- A free set (the set in the URL, as for anyone): every answer is stored as an attempt of the profile
  under a run id kept in the URL (``?run=``), so a reload, or the link on another device, resumes it.
- ``&mode=review``: the questions of the learner's review queue that are due now (FSRS).
- ``&mode=level``: ten questions dealt near the learner's rating (Glicko-2).
- ``&mode=theme&theme=<id>``: questions of one theme at the learner's level ("practise this theme").

In review, a missed question whose themes are known comes back as a *new* question of its first theme at its
level (:func:`maubinh.drills.by_theme.questions_for_theme`), not the same hand; the answer moves the missed
question's review card (``review_of``). Without themes, or when none is found in the bound, the same question.
- ``&mode=daily``: today's question (:func:`maubinh.drills.daily.todays_question`), stored once a day under
  its run (:func:`maubinh.drills.daily.run_id`): a reload shows the answer given.

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

from classroom.practice import DueReview, level_for
from classroom.service import ClassroomError, LearnerInfo
from maubinh.drills import KINDS, MAX_SEED, DrillSet, QuestionList, QuestionRef
from maubinh.drills.answers import answer_code, chi_lost, parse_answer
from maubinh.drills.by_theme import QUICK_KINDS, SLOW_TRIES, questions_for_theme
from maubinh.drills.daily import run_id, todays_question, utc_day
from maubinh.drills.themes import Theme
from maubinh.rules import RULE_SET_IDS
from ui.drill.kept import ANSWERS_PARAM
from ui.drill.prepare import preparer
from ui.drill.state import Answer, SetState
from ui.errors import log_failure
from ui.habits import DAILY_MODE
from ui.lesson_path import reached_steps
from ui.personal import personal_from_url
from ui.store import MODE_PARAM, RUN_PARAM, THEME_PARAM, classroom

__all__ = ["LEVEL_COUNT", "MODES", "REVIEW_SLOW_ITEMS", "THEME_COUNT", "Profile", "kept_profile", "list_state", "new_list",
           "profile_from_url", "review_refs"]

LEVEL_COUNT = 10
"""Questions dealt at once at the learner's level."""
THEME_COUNT = 5
"""Questions of one theme dealt at once ("practise this theme")."""
REVIEW_SLOW_ITEMS = 2
"""Missed questions per review round that may come back as a new question of a slow kind (the rest of those
whose theme only slow kinds carry come back as themselves, so a round opens in seconds)."""
MODES = ("review", "level", "theme", DAILY_MODE)
"""The Drill page's profile modes with a list of their own (a free set is ``"practice"``)."""
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
    review_of: dict[str, str] = field(default_factory=dict)
    """A new question asked in review (its key) -> the missed question's key whose review card it moves."""
    theme: Theme | None = None
    """The theme practised in the ``theme`` mode."""

    def save(self, state: SetState, answer: Answer) -> None:
        """Store ``answer`` to ``state``'s question as an attempt (kept as unsaved if the database fails)."""
        drill_set = state.drill_set
        try:
            question = preparer().get(drill_set, answer.index)
        except TimeoutError:  # a busy server could not make it again in time: kept, sent again later
            self.unsaved[(state.run_id or "", answer.index)] = (state, answer)
            self.problem = "classes.answer_unsaved"
            return
        ref = drill_set.ref(answer.index)
        code = answer_code(question, answer.given)
        try:
            stored = classroom().practice.record(
                self.learner.id, ref, run_id=state.run_id or "", number=answer.index,
                mode=self.mode, lesson=question.lesson.value, code=code,
                correct=answer.correct, chi_lost=chi_lost(question, answer.given, answer.result),
                seconds=answer.seconds, themes=question.themes, review_of=self.review_of.get(ref.key))
        except ClassroomError:
            self.problem = "progress.answer_refused"
            return
        except SQLAlchemyError as error:
            log_failure(_log, "an attempt could not be stored yet", error)
            self.unsaved[(state.run_id or "", answer.index)] = (state, answer)
            self.problem = "classes.answer_unsaved"
            return
        self.unsaved.pop((state.run_id or "", answer.index), None)
        if stored.code != code:  # another tab or device answered first (today's question in two tabs)
            try:
                given = parse_answer(question, stored.code)
            except ValueError:
                return
            state.answers[answer.index] = Answer(answer.index, question.kind, given, stored.correct, stored.seconds)
            self.problem = "classes.answer_other_device"  # its answer is the one kept, and shown (as assignments)

    def retry(self) -> None:
        """Send the unsaved answers again."""
        for state, answer in list(self.unsaved.values()):
            self.save(state, answer)

    def attach(self, state: SetState) -> None:
        """Keep ``state``'s answers in the profile: its run (from the URL when it is this set's, else a new
        one, put in the URL), the answers already stored for that run, the answers the set had before the profile
        was known (a set answered, then a profile made: carried into it), and the hook storing new ones."""
        if state.run_id is not None:  # attached already (the hook keeping the address's answers is replaced)
            return
        carried = list(state.answers.values())  # answered before the profile was known (issue 36): kept in it too
        digest = _set_digest(state.drill_set)
        run = st.query_params.get(RUN_PARAM) or ""
        used = st.session_state.setdefault("drill_profile_runs", set())
        if not (len(run) == 14 and run.startswith(digest) and run.isalnum()) or run in used:
            run = digest + secrets.token_hex(4)  # a new set, or this set again ("same questions again")
        used.add(run)
        st.query_params[RUN_PARAM] = run
        state.run_id = run
        self.resume(state)
        for answer in carried:  # stored once: a number the run holds already keeps its stored answer
            self.save(state, answer)
        st.query_params.pop(ANSWERS_PARAM, None)  # the profile keeps them now, not the address
        state.on_answer = lambda answer: self.save(state, answer)

    def resume(self, state: SetState) -> None:
        """Put the answers stored for ``state``'s run back in it, on the first question not answered."""
        stored = classroom().practice.run(self.learner.id, state.run_id or "")
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


def kept_profile() -> Profile | None:
    """The profile this session practised in last (with its unsaved answers), without reading the database."""
    found = st.session_state.get("drill_profile")
    return found if isinstance(found, Profile) else None


def profile_from_url() -> Profile | None:
    """The profile the URL names (``?me=``), or ``None`` when it names none. A wrong or removed learner's
    link stops the page with a message."""
    linked = personal_from_url()
    if linked is None:
        return None
    learner, token = linked.learner, linked.token
    mode = st.query_params.get(MODE_PARAM)
    mode = mode if mode in MODES else "practice"
    theme = _theme_param() if mode == "theme" else None
    if mode == "theme" and theme is None:
        mode = "practice"  # no theme, or an unknown one: a free set, as without a mode
    found = st.session_state.get("drill_profile")
    if (isinstance(found, Profile) and found.learner.id == learner.id and found.mode == mode
            and found.theme is theme):
        found.retry()
        return found
    profile = Profile(learner, token, mode, theme=theme)
    st.session_state["drill_profile"] = profile
    return profile


def _theme_param() -> Theme | None:
    value = st.query_params.get(THEME_PARAM)
    try:
        return Theme(value) if value else None
    except ValueError:
        return None


def review_refs(due: list[DueReview], seed: int) -> tuple[tuple[QuestionRef, ...], dict[str, str]]:
    """The questions a review round asks for ``due``: for each missed question with themes, a new question of
    its first theme at its level and under its rules (:func:`questions_for_theme`, preferring its kind), else
    the question itself; and which missed question each new one stands for (new key -> missed key). Questions of
    the slow kinds (seconds each) are made for :data:`REVIEW_SLOW_ITEMS` missed questions at most per round."""
    refs: list[QuestionRef] = []
    stands_for: dict[str, str] = {}
    slow_left = REVIEW_SLOW_ITEMS
    for number, item in enumerate(due):
        found = []
        if item.themes:
            slow = SLOW_TRIES if slow_left > 0 else 0
            found = questions_for_theme(item.themes[0], item.ref.level, item.ref.rule_set_id, seed=seed + number,
                                        prefer=(item.ref.kind,) if item.ref.kind in QUICK_KINDS else (),
                                        avoid={item.ref.key, *stands_for}, house=item.ref.house, slow_tries=slow)
            slow_left -= slow > 0 and (not found or found[0].kind not in QUICK_KINDS)  # slow tries spent
        if found:
            refs.append(found[0])
            stands_for[found[0].key] = item.ref.key
        else:
            refs.append(item.ref)
    return tuple(refs), stands_for


def _list_key(profile: Profile) -> tuple[str, ...]:
    """The session's key of ``profile``'s list: the learner and the mode, and the theme practised if any."""
    base = (profile.learner.id, profile.mode)
    return base if profile.theme is None else (*base, profile.theme.value)


def list_state(profile: Profile) -> SetState | None:
    """The session's review, level or theme list for ``profile`` (made on first use: the questions due now,
    ten dealt near the rating, or :data:`THEME_COUNT` of the theme), or ``None`` when there is none."""
    lists = st.session_state.setdefault(_LISTS_KEY, {})
    key = _list_key(profile)
    state = lists.get(key)
    today = utc_day()
    if isinstance(state, SetState) and (profile.mode != DAILY_MODE or state.run_id == run_id(today)):
        return state
    practice = classroom().practice
    if profile.mode == DAILY_MODE:  # one question, one run a day: answered once, shown as answered after
        state = SetState(QuestionList((todays_question(today),), DAILY_MODE))
        state.run_id = run_id(today)
        profile.resume(state)
        state.on_answer = lambda answer: profile.save(state, answer)
        lists[key] = state
        return state
    seed = secrets.randbelow(MAX_SEED)
    if profile.mode == "review":
        refs, stands_for = review_refs(practice.due(profile.learner.id), seed)
        profile.review_of.update(stands_for)
    elif profile.mode == "theme" and profile.theme is not None:
        rules = st.query_params.get("rules")
        level = level_for(practice.rating(profile.learner.id))
        refs = tuple(questions_for_theme(profile.theme, level, rules if rules in RULE_SET_IDS else RULE_SET_IDS[0],
                                         count=THEME_COUNT, seed=seed))
    else:
        rules = st.query_params.get("rules")
        rule_set_id = rules if rules in RULE_SET_IDS else RULE_SET_IDS[0]
        refs = tuple(practice.deal(profile.learner.id, KINDS, rule_set_id, LEVEL_COUNT,
                                   steps=reached_steps(rule_set_id)))  # a beginner: the lesson path (issue 36)
    if not refs:
        return None
    state = SetState(QuestionList(refs, profile.mode))
    state.run_id = f"{profile.mode}-{secrets.token_hex(5)}"
    state.on_answer = lambda answer: profile.save(state, answer)
    lists[key] = state
    return state


def new_list(profile: Profile) -> None:
    """Button callback: another list (the questions due now, or ten more at the new rating)."""
    st.session_state.get(_LISTS_KEY, {}).pop(_list_key(profile), None)
