"""The Drill page and the question bank (issue 23): questions read from it, new sets dealt from it.

:func:`connect` (each run of the page) makes the questions prepared ahead come through the classroom's
:class:`background.questions.QuestionSource`: the bank first, then live generation (house rules, sets made from a seed
before the bank), with the results kept. :func:`dealer` deals a new set from the bank: questions the learner
has not seen (their profile's attempts, or this session's sets) first.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from functools import partial

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from classroom.bank import deal_picks
from maubinh.drills import DrillSet, Lesson, Level
from maubinh.drills.path import OPEN_STEPS, suits
from ui.drill.prepare import use_source
from ui.drill.profile import Profile
from ui.store import classroom

__all__ = ["SEEN_KEY", "connect", "dealer"]

SEEN_KEY = "drill_seen_keys"
"""The keys of the questions dealt to this session (a learner without a profile has not seen them again)."""
_log = logging.getLogger(__name__)


def connect() -> None:
    """Read and make questions through the classroom's question source (opened on first use); without a
    database, questions are made live."""
    try:
        use_source(classroom().source)
    except SQLAlchemyError:
        _log.exception("no classroom database: drill questions are made live")
        use_source(None)


def dealer(profile: Profile | None, steps: frozenset[Lesson] = OPEN_STEPS) -> Callable[[DrillSet], DrillSet]:
    """What deals a new set: ``drill_set`` given bank picks the learner (``profile``, else this session) has not
    seen, at beginner only those that suit a learner who reached the lesson steps ``steps``
    (:func:`maubinh.drills.path.suits`); unchanged when the database cannot be read (its questions are then made
    from its seed)."""

    def deal(drill_set: DrillSet) -> DrillSet:
        seen: set[str] = st.session_state.setdefault(SEEN_KEY, set())
        try:
            known = seen | (classroom().practice.seen(profile.learner.id) if profile is not None else set())
            fits = partial(suits, level=drill_set.level, steps=steps) if drill_set.level is Level.BEGINNER else None
            picks = deal_picks(classroom().bank, drill_set.kinds, drill_set.level, drill_set.rule_set_id,
                               drill_set.count, known, fits=fits)
        except SQLAlchemyError:
            _log.exception("the question bank could not be read: a set made from its seed")
            return drill_set
        dealt = replace(drill_set, picks=picks)
        seen.update(dealt.ref(i).key for i in range(dealt.count))
        return dealt

    return deal
