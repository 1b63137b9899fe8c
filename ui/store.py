"""The classroom database for the app: opened (and migrated) once per server, with its grading threads.

Where it lives (see :mod:`classroom.database`): ``MAUBINH_DATABASE_URL``, else
``[connections.classroom] url = ...`` in ``.streamlit/secrets.toml``, else the SQLite file
``data/classroom.sqlite``. Only the pages that need it (Classes, and the Drill answering an assignment)
open it, so the other pages never wait for a database. The starter question bank is loaded when it opens
(:meth:`classroom.bank.QuestionBank.load_file`: only what is missing, so after the first start it writes nothing),
and with ``MAUBINH_BANK_TOPUP`` set an idle build tops it up in the background (:mod:`background.topup`).

The store is a ``st.cache_resource`` for speed only: every value lives in the database, so a cleared
cache (any client can ask for one) opens it again and loses nothing.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from background import topup
from background.grading import Grader
from background.questions import QuestionSource
from classroom.bank import QuestionBank
from classroom.database import DATABASE_ENV
from classroom.practice import Practice
from classroom.service import ClassroomError, ClassroomStore
from ui.nav import PERSONAL_PARAM

__all__ = ["ASSIGNMENT_PARAM", "LEARNER_PARAM", "MODE_PARAM", "RUN_PARAM", "THEME_PARAM", "Classroom", "classroom",
           "configured_url", "refusal_key"]

_log = logging.getLogger(__name__)

LEARNER_PARAM = PERSONAL_PARAM
"""Query parameter of a learner's personal link (``?me=<learner>.<secret>``), on the Classes and Drill pages."""
ASSIGNMENT_PARAM = "assignment"
"""Query parameter naming the assignment the Drill page answers (``?assignment=<id>``)."""
RUN_PARAM = "run"
"""Query parameter naming the run of a free set a profile works through (``?run=<id>``), to resume it."""
MODE_PARAM = "mode"
"""Query parameter of the Drill page's profile modes: ``review`` (the questions due), ``level`` (dealt at
the learner's rating) or ``theme`` (questions of the theme named by :data:`THEME_PARAM`)."""
THEME_PARAM = "theme"
"""Query parameter naming the theme practised in the ``theme`` mode (``?mode=theme&theme=pair_front``)."""


@dataclass(frozen=True)
class Classroom:
    """The server's store, grader and practice records (profiles, ratings, reviews), and the question bank with
    the source every question is read or made through (:mod:`classroom.bank`)."""

    store: ClassroomStore
    grader: Grader
    practice: Practice
    bank: QuestionBank
    source: QuestionSource


def configured_url() -> str | None:
    """The database URL from the environment or Streamlit's secrets, or ``None`` for the default file."""
    if os.environ.get(DATABASE_ENV):
        return os.environ[DATABASE_ENV]
    try:
        section = st.secrets.get("connections", {}).get("classroom", {})
    except (FileNotFoundError, KeyError, AttributeError):  # no secrets.toml: the default
        return None
    url = section.get("url") if hasattr(section, "get") else None
    return str(url) if url else None


@st.cache_resource(show_spinner=False)
def _open(url: str | None) -> Classroom:
    store = ClassroomStore.open(url)
    bank = QuestionBank(store)
    try:
        bank.load_file()  # the starter bank: the questions missing are stored (none after the first start)
    except (ValueError, OSError, SQLAlchemyError):
        _log.exception("the starter question bank could not be loaded; questions are made live")
    topup.start_from_env(url)  # MAUBINH_BANK_TOPUP: an idle build in the background (off by default)
    source = QuestionSource(bank)
    grader = Grader(store, source=source)
    grader.resume()  # assignments a stopped server left half graded
    return Classroom(store, grader, Practice(store, bank=bank), bank, source)


def classroom() -> Classroom:
    """The classroom of this server (opened on first use)."""
    return _open(configured_url())


def refusal_key(prefix: str, error: ClassroomError) -> str:
    """The catalogue key of a refused name or title: ``<prefix>.<field>``, or ``<prefix>.<field>_<problem>``
    for a text that shows nothing (``invisible``) or holds a control character (``control``)."""
    return f"{prefix}.{error.field}_{error.problem}" if error.problem else f"{prefix}.{error.field}"
