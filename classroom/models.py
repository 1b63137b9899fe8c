"""The classroom's tables as SQLAlchemy 2 typed models (no Streamlit).

Four tables, after Lichess's classes and ClassQuiz's results (shared STYLE.md):

- ``classes``: a teacher's class. The teacher's secret is stored only as a hash, and so is the projector link's
  (``projector_hash``: a read-only view, :mod:`classroom.tokens`).
- ``learners``: a display name unique in its class (compared by :func:`name_key`), and the hash of the
  learner's personal secret. A removed learner keeps their answers (``removed_at``) and loses access.
- ``assignments``: a drill set given to the class (kinds, level, rule set with any house rules as
  TOML, seed, count), an optional deadline, closed or not. A follow-up (issue 35, "reassign the missed questions")
  is an assignment for one learner (``learner_id``) of questions copied from another assignment or a live session
  (``follow_up`` names which; ``refs`` each question's kind, level and seed).
- ``assigned_questions``: each question of an assignment as it was asked, graded when it was assigned:
  the question itself (``blob``) and a language-free record of what was asked (``record``). A later
  change of the engine or of a rule set never rewrites these, so past results stay as they were.
- ``answers``: one row per (assignment, learner, question), the key that makes a resubmission
  idempotent; the answer given (its code, :mod:`maubinh.drills.answers`), whether right, the chi it cost
  against the engine's best, seconds.

A learner is also a profile (issue 16): a class's learner, or someone practising alone (no class). Every
answer a profile gives, in an assignment, a free set or a review, is an ``attempts`` row keyed by
(learner, run, question number), with the learner's rating after it. ``question_ratings`` holds each
question's Glicko-2 rating (by :attr:`maubinh.drills.QuestionRef.key`), learned from everyone's first
attempts; ``reviews`` holds the questions a learner got wrong, each with its FSRS card and due time.

A class at one table (issue 19, duplicate deals): ``table_sessions`` holds a table a teacher started for a
class (the rule set with any house rules as TOML, the 64-bit seed, the computer players, the number of deals,
the timer), ``table_hands`` one row per (session, learner, deal), the key that makes a resubmission
idempotent: the split played, declared or not, seconds, and its analysis (expected chi of the split and of
the best one, chi lost with its standard error, what it won at the table).
``play_hands`` holds every hand a profile played at the Play table (:mod:`classroom.play_hands`), one row per
(learner, table seed, rule set key, computer players, deal number); with ``attempts`` it makes a profile's
decisions (:mod:`classroom.decisions`).
``bank_questions`` is the question bank (issue 23, :mod:`classroom.bank`): questions made and graded ahead, each
under its ordinary key (:attr:`maubinh.drills.QuestionRef.key`, so its rating in ``question_ratings`` is shared
by everyone who answers it), with its cell (rule set, level, kind), the rule set's data version, its ordinal in
the cell, the question packed (:mod:`classroom.snapshot`), its language-free record and its themes.
An assignment dealt from the bank keeps its picks (``assignments.picks``); ``bank_files`` notes each bank file
loaded (by its SHA-256), so that loading it again at the next start reads nothing.

``throttle_events`` holds recent rate-limited events (a join-code guess, a join, a new profile) by scope and
hashed key, for :mod:`classroom.throttle`; a teacher may lock joining a class (``classes.joining_locked``).

``lesson_steps`` holds the Learn page's lesson path per profile (issue 20, item 11): one row per (learner, rule
set, step), when the step was finished (``NULL`` while only its quiz was tried) and the best quiz score
(right of total) (:mod:`classroom.lessons`).

``deal_showings`` holds when each deal of a table was first shown to each learner (issue 32, item 4): the timer's
clock is the server's, kept in the database (:mod:`classroom.clock`); ``play_hands.origin`` and
``table_hands.origin`` say how each hand was made (the learner's own, Xếp bài, the timer: :class:`maubinh.play.Origin`).

``daily_goals`` holds the questions a day a learner chose to answer (issue 20, item 12), one row per day the
goal was set (a day's goal is the last one set on or before it), with the learner's time zone.

Times are stored in UTC and read back aware on every database (:class:`UTCDateTime`, every time column).
Seeds are 64-bit (``BigInteger``): a set's seed goes to :data:`maubinh.drills.MAX_SEED` (10^9) and a question's
to ``seed * 1000 + index`` (10^12); counts and question numbers stay below :data:`maubinh.drills.MAX_QUESTIONS` and
the review and level lists' lengths.
"""

from __future__ import annotations

import hashlib
import unicodedata
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Date,
    DateTime,
    Dialect,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator

__all__ = [
    "ARRANGEMENT_MAX",
    "ASSIGNMENT",
    "BIDI_CONTROLS",
    "CLASS_NAME_MAX",
    "FOLLOW_UP_MAX",
    "LEARNER_NAME_MAX",
    "LIVE",
    "NAME_KEY_MAX",
    "ORIGIN_MAX",
    "PLACE_MAX",
    "TITLE_MAX",
    "AnswerColumns",
    "AnswerRow",
    "AssignedQuestion",
    "Assignment",
    "Attempt",
    "BankFile",
    "BankQuestion",
    "Base",
    "Classroom",
    "DailyGoal",
    "DealShowing",
    "Learner",
    "LessonStep",
    "PlayHand",
    "QuestionRating",
    "Review",
    "TableHand",
    "TableSession",
    "ThrottleEvent",
    "UTCDateTime",
    "invisible",
    "name_key",
    "source_key",
    "utcnow",
]

CLASS_NAME_MAX = 80
"""Characters in a class name."""
LEARNER_NAME_MAX = 40
"""Characters in a learner's display name."""
TITLE_MAX = 80
"""Characters in an assignment's title."""
ORIGIN_MAX = 16
"""Characters of a hand's origin (:class:`maubinh.play.Origin`'s values)."""
FOLLOW_UP_MAX = 40
"""Characters of what a follow-up assignment reassigns (``"assignment:<id>"``, ``"live:<id>"``)."""
ASSIGNMENT = "assignment"
"""A follow-up's source kind: an assignment."""
LIVE = "live"
"""A follow-up's source kind: a live session."""


def source_key(kind: str, source_id: int) -> str:
    """What a follow-up reassigns, as stored (``assignments.follow_up``): ``"assignment:12"``, ``"live:3"``.

    >>> source_key(LIVE, 3)
    'live:3'
    """
    if kind not in (ASSIGNMENT, LIVE):
        raise ValueError(f"a follow-up reassigns an assignment or a live session, not {kind!r}")
    return f"{kind}:{int(source_id)}"


PLACE_MAX = 160
"""Characters of a deal showing's place (:mod:`classroom.clock`: a Play table or a class's table session)."""

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime:
    """Now, in UTC, aware."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """Every time column's type: an aware time is stored as its instant in UTC and read back aware, in UTC, on
    every database (issue 31, item 4).

    PostgreSQL keeps ``timestamptz`` itself. SQLite has no time type: SQLAlchemy writes the wall time it is given
    as text and drops the offset, so a deadline typed at UTC+7 came back 7 hours late. Here the time is turned
    to UTC first and stored as naive UTC text (the form every row already had, so text order stays time order),
    and a naive value read back is UTC.

    Raises:
        ValueError: a naive time written (its zone unknown: it is not guessed).
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(f"a naive time cannot be stored (its time zone is unknown): {value!r}")
        moment = value.astimezone(UTC)
        return moment.replace(tzinfo=None) if dialect.name == "sqlite" else moment

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


NAME_KEY_MAX = LEARNER_NAME_MAX * 2
"""Characters of :func:`name_key` (its column): a longer key (NFKC expands ``ﷺ`` to 18 characters) is cut
and ends with a hash of the whole."""

BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Marks and overrides that change the direction of the text around them: dropped from names on input."""

_LOOK_ALIKE_UPPER = str.maketrans(dict(zip(
    "АВЕКМНОРСТХУІЈЅΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
    "ABEKMHOPCTXYIJSABEZHIKMNOPTYX",
)))
_LOOK_ALIKE_LOWER = str.maketrans(dict(zip(
    "аеорсухіјѕԁԛԝһӏαοριυχκτν",
    "aeopcyxijsdqwhlaopiuxktv",
)))


def invisible(char: str) -> bool:
    """Whether ``char`` draws nothing: a space, a format character (zero-width space, joiners, bidi
    controls, BOM...), a control, or a filler such as U+3164 HANGUL FILLER.

    >>> invisible("\u200b"), invisible("\u2800"), invisible("a")
    (True, True, False)
    """
    return (char.isspace() or unicodedata.category(char) in ("Cf", "Cc", "Zs", "Zl", "Zp", "Mn", "Me")
            or char in "\u115f\u1160\u3164\uffa0\u2800\u180e")


def name_key(name: str) -> str:
    """The form of a display name that must be unique in a class (at most :data:`NAME_KEY_MAX` characters):
    NFKC, look-alike Cyrillic and Greek letters read as the Latin ones, case-folded, invisible characters
    (zero-width, format, bidi controls) dropped, spaces collapsed. Accents stay: "Lan" and "Lân" differ.

    >>> name_key("  Lan   Anh ") == name_key("LAN ANH")
    True
    >>> name_key("Lan\u200b") == name_key("L\u0430n") == name_key("Lan")  # zero-width, Cyrillic а
    True
    >>> name_key("Lân") == name_key("Lan")
    False
    >>> len(name_key("\ufdfa" * 40)) <= NAME_KEY_MAX
    True
    """
    folded = unicodedata.normalize("NFKC", name).translate(_LOOK_ALIKE_UPPER).casefold().translate(_LOOK_ALIKE_LOWER)
    kept = "".join(" " if c.isspace() else c for c in folded
                   if c.isspace() or unicodedata.category(c) not in ("Cf", "Cc") and c not in BIDI_CONTROLS)
    key = " ".join(kept.split())
    if len(key) > NAME_KEY_MAX:
        key = key[: NAME_KEY_MAX - 17] + "#" + hashlib.sha256(key.encode()).hexdigest()[:16]
    return key


class Base(DeclarativeBase):
    """The declarative base; constraint names follow :data:`NAMING` (stable across databases)."""

    metadata = MetaData(naming_convention=NAMING)


class Classroom(Base):
    """A class: its name, language, rule set, join code and the hash of the teacher's secret."""

    __tablename__ = "classes"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    name: Mapped[str] = mapped_column(String(CLASS_NAME_MAX))
    language: Mapped[str] = mapped_column(String(8))
    rule_set_id: Mapped[str] = mapped_column(String(64))
    house_toml: Mapped[str | None] = mapped_column(Text, default=None)
    join_code: Mapped[str] = mapped_column(String(16), unique=True)
    teacher_hash: Mapped[str] = mapped_column(String(64))
    projector_hash: Mapped[str | None] = mapped_column(String(64), default=None)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    archived_at: Mapped[datetime | None] = mapped_column(UTCDateTime, default=None)
    joining_locked: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())


class Learner(Base):
    """A learner in a class: display name, its uniqueness key, the hash of the personal secret."""

    __tablename__ = "learners"
    __table_args__ = (UniqueConstraint("class_id", "name_key"),)

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    class_id: Mapped[str | None] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(LEARNER_NAME_MAX))
    name_key: Mapped[str] = mapped_column(String(NAME_KEY_MAX))
    secret_hash: Mapped[str] = mapped_column(String(64))
    joined_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    removed_at: Mapped[datetime | None] = mapped_column(UTCDateTime, default=None)
    seen_at: Mapped[datetime | None] = mapped_column(UTCDateTime, default=None)
    """When the learner's class page last said it was open (:meth:`classroom.seatings.Seatings.seen`, at most once a
    minute per page); ``None``: never. "Present" for seating the class is seen within
    :data:`classroom.seatings.PRESENT`."""
    rating: Mapped[float] = mapped_column(Float, default=1500.0, server_default="1500")
    rating_rd: Mapped[float] = mapped_column(Float, default=350.0, server_default="350")
    rating_volatility: Mapped[float] = mapped_column(Float, default=0.06, server_default="0.06")


class Assignment(Base):
    """A drill set given to a class (or to one learner of it), with its grading progress, deadline and state."""

    __tablename__ = "assignments"
    __table_args__ = (Index("ix_assignments_follow_up", "follow_up", "learner_id", unique=True),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    class_id: Mapped[str] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    title: Mapped[str] = mapped_column(String(TITLE_MAX))
    kinds: Mapped[str] = mapped_column(String(200))
    level: Mapped[str] = mapped_column(String(32))
    rule_set_id: Mapped[str] = mapped_column(String(64))
    house_toml: Mapped[str | None] = mapped_column(Text, default=None)
    seed: Mapped[int] = mapped_column(BigInteger)
    count: Mapped[int] = mapped_column(Integer)
    deadline: Mapped[datetime | None] = mapped_column(UTCDateTime, default=None)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime, default=None)
    grading_error: Mapped[str | None] = mapped_column(Text, default=None)
    picks: Mapped[list[int] | None] = mapped_column(JSON, default=None)
    learner_id: Mapped[str | None] = mapped_column(String(16), default=None, index=True)
    """The one learner it is for (a follow-up of the questions they missed); ``None``: the whole class. No foreign
    key (migration 0018 adds plain columns: SQLite rebuilds no table): a learner row is never deleted but with its
    class, which takes its assignments with it."""
    follow_up: Mapped[str | None] = mapped_column(String(FOLLOW_UP_MAX), default=None)
    """What it reassigns (:func:`source_key`: ``"assignment:<id>"``, ``"live:<id>"``); ``None``
    for an assignment of its own. Unique with ``learner_id``: a double click makes one follow-up."""
    refs: Mapped[list[list[Any]] | None] = mapped_column(JSON, default=None)
    """Each question's ``[kind, level, seed]`` when its questions were copied one by one (a follow-up); ``None``:
    its drill set's (kinds, level, seed, count, picks)."""
    replaced_by: Mapped[int | None] = mapped_column(Integer, default=None)
    """The assignment that replaced it when the teacher edited its questions (:meth:`classroom.service.ClassroomStore.
    edit_questions`); a replaced one is hidden and takes no answer, and keeps every answer given to it (the archive of
    the removed questions' answers). ``None``: the current version."""


class AssignedQuestion(Base):
    """One question of an assignment, as asked and graded when it was assigned."""

    __tablename__ = "assigned_questions"

    assignment_id: Mapped[int] = mapped_column(
        ForeignKey("assignments.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))
    record: Mapped[dict[str, object]] = mapped_column(JSON)
    blob: Mapped[bytes] = mapped_column(LargeBinary)
    graded_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class AnswerColumns:
    """The columns of one learner's answer to one numbered question of a set (an assignment's, a live session's),
    declared once: who, which question, the answer's code (:mod:`maubinh.drills.answers`), right or not, chi lost,
    seconds from the question's start on the server's clock, and when."""

    learner_id: Mapped[str] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    code: Mapped[str] = mapped_column(String(200))
    correct: Mapped[bool] = mapped_column(Boolean)
    chi_lost: Mapped[float | None] = mapped_column(Float, default=None)
    seconds: Mapped[float] = mapped_column(Float)
    answered_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class AnswerRow(AnswerColumns, Base):
    """One answer: keyed by assignment, learner and question (a resubmission changes nothing)."""

    __tablename__ = "answers"
    __table_args__ = (UniqueConstraint("assignment_id", "learner_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    assignment_id: Mapped[int] = mapped_column(ForeignKey("assignments.id", ondelete="CASCADE"), index=True)


class Attempt(Base):
    """One answer a profile gave (assignment, free set or review), with the learner's rating after it."""

    __tablename__ = "attempts"
    __table_args__ = (UniqueConstraint("learner_id", "run_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    learner_id: Mapped[str] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), index=True)
    run_id: Mapped[str] = mapped_column(String(40))
    number: Mapped[int] = mapped_column(Integer)
    mode: Mapped[str] = mapped_column(String(16))
    question_key: Mapped[str] = mapped_column(String(200), index=True)
    kind: Mapped[str] = mapped_column(String(32))
    level: Mapped[str] = mapped_column(String(32))
    rule_set_id: Mapped[str] = mapped_column(String(64))
    lesson: Mapped[str] = mapped_column(String(32))
    code: Mapped[str] = mapped_column(String(200))
    correct: Mapped[bool] = mapped_column(Boolean)
    chi_lost: Mapped[float | None] = mapped_column(Float, default=None)
    seconds: Mapped[float] = mapped_column(Float)
    first: Mapped[bool] = mapped_column(Boolean)
    rating_after: Mapped[float] = mapped_column(Float)
    answered_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    themes: Mapped[str | None] = mapped_column(String(200), default=None)
    """What decided the question (:func:`maubinh.drills.themes.themes_text`), ``None`` when written before themes."""


class QuestionRating(Base):
    """A question's Glicko-2 rating, learned from everyone's first attempts at it."""

    __tablename__ = "question_ratings"

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))
    level: Mapped[str] = mapped_column(String(32))
    rule_set_id: Mapped[str] = mapped_column(String(64))
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    attempts: Mapped[int] = mapped_column(Integer, default=0)


class Review(Base):
    """A question a learner got wrong, to come back: what makes it again, its FSRS card and when it is due."""

    __tablename__ = "reviews"

    learner_id: Mapped[str] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True)
    question_key: Mapped[str] = mapped_column(String(200), primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))
    level: Mapped[str] = mapped_column(String(32))
    rule_set_id: Mapped[str] = mapped_column(String(64))
    house_toml: Mapped[str | None] = mapped_column(Text, default=None)
    seed: Mapped[int] = mapped_column(BigInteger)
    card: Mapped[dict[str, object]] = mapped_column(JSON)
    due: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    themes: Mapped[str | None] = mapped_column(String(200), default=None)
    """The missed question's themes: the review brings one back with a new question of them."""


class BankQuestion(Base):
    """A question of the bank, made and graded ahead (:mod:`classroom.bank`)."""

    __tablename__ = "bank_questions"
    __table_args__ = (Index("ix_bank_questions_cell", "rule_set_id", "level", "kind", "version", "ordinal"),)

    key: Mapped[str] = mapped_column(String(200), primary_key=True)
    rule_set_id: Mapped[str] = mapped_column(String(64))
    level: Mapped[str] = mapped_column(String(32))
    kind: Mapped[str] = mapped_column(String(32))
    version: Mapped[str] = mapped_column(String(32))
    ordinal: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    themes: Mapped[list[str]] = mapped_column(JSON)
    record: Mapped[dict[str, object]] = mapped_column(JSON)
    blob: Mapped[bytes] = mapped_column(LargeBinary)
    made_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class BankFile(Base):
    """A bank file loaded into ``bank_questions`` (its SHA-256), so that the next start skips it at once."""

    __tablename__ = "bank_files"

    digest: Mapped[str] = mapped_column(String(64), primary_key=True)
    questions: Mapped[int] = mapped_column(Integer)
    loaded_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class ThrottleEvent(Base):
    """One rate-limited event (:mod:`classroom.throttle`): its scope, the hash of its key (a client, a class),
    when. Rows older than an hour are deleted as checks run."""

    __tablename__ = "throttle_events"
    __table_args__ = (Index("ix_throttle_events_scope_key_at", "scope", "key", "at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    scope: Mapped[str] = mapped_column(String(32))
    key: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(UTCDateTime)


ARRANGEMENT_MAX = 64
"""Characters of a stored split (``"As Ks Qs Js Ts | 9h 9d 9c 4h 4d | 7c 7s 2d"`` is 41)."""


class TableSession(Base):
    """A table a teacher started for a class: every learner plays the same deals against the same computer
    players (:class:`maubinh.play.Table`: rule set, seed, bots)."""

    __tablename__ = "table_sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    class_id: Mapped[str] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    rule_set_id: Mapped[str] = mapped_column(String(64))
    house_toml: Mapped[str | None] = mapped_column(Text, default=None)
    seed: Mapped[int] = mapped_column(BigInteger)
    bots: Mapped[str] = mapped_column(String(64))
    deals: Mapped[int] = mapped_column(Integer)
    timer: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime, default=None)


class TableHand(Base):
    """One learner's hand of one deal of a table session, with its analysis (a resubmission changes nothing)."""

    __tablename__ = "table_hands"
    __table_args__ = (UniqueConstraint("session_id", "learner_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("table_sessions.id", ondelete="CASCADE"), index=True)
    learner_id: Mapped[str] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    arrangement: Mapped[str] = mapped_column(String(ARRANGEMENT_MAX))
    declared: Mapped[bool] = mapped_column(Boolean)
    seconds: Mapped[float] = mapped_column(Float)
    expected: Mapped[float] = mapped_column(Float)
    best: Mapped[str] = mapped_column(String(ARRANGEMENT_MAX))
    best_declared: Mapped[bool] = mapped_column(Boolean)
    best_expected: Mapped[float] = mapped_column(Float)
    chi_lost: Mapped[float] = mapped_column(Float)
    chi_lost_stderr: Mapped[float] = mapped_column(Float)
    actual: Mapped[int] = mapped_column(Integer)
    played_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    origin: Mapped[str] = mapped_column(String(ORIGIN_MAX), default="own", server_default="own")
    """How the hand was made (:class:`maubinh.play.Origin`); rows stored before it read as the learner's own."""
class DailyGoal(Base):
    """A learner's daily goal (questions a day) from the day it was set (in the learner's time zone) on;
    set again the same day, the row is overwritten (:mod:`classroom.habits`)."""

    __tablename__ = "daily_goals"

    learner_id: Mapped[str] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True)
    since: Mapped[date] = mapped_column(Date, primary_key=True)
    goal: Mapped[int] = mapped_column(Integer)
    timezone: Mapped[str] = mapped_column(String(64))
    set_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
class PlayHand(Base):
    """One hand a profile played at the Play table (:mod:`classroom.play_hands`): the cards, every seat's split,
    the settlement, the best split and the gap (chi lost) with its standard error. Keyed by learner, table
    seed, rule set key, computer players and deal number (a rerun or a double tap stores one row)."""

    __tablename__ = "play_hands"
    __table_args__ = (UniqueConstraint("learner_id", "table_seed", "rules_key", "bots", "deal"),
                      Index("ix_play_hands_learner_id_played_at", "learner_id", "played_at"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    learner_id: Mapped[str] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"))
    rule_set_id: Mapped[str] = mapped_column(String(64))
    rules_key: Mapped[str] = mapped_column(String(80))
    house_toml: Mapped[str | None] = mapped_column(Text, default=None)
    table_seed: Mapped[int] = mapped_column(BigInteger)
    deal: Mapped[int] = mapped_column(Integer)
    bots: Mapped[str] = mapped_column(String(40))
    cards: Mapped[str] = mapped_column(String(60))
    split: Mapped[str] = mapped_column(String(60))
    arrangements: Mapped[list[str]] = mapped_column(JSON)
    declared: Mapped[list[bool]] = mapped_column(JSON)
    totals: Mapped[list[int]] = mapped_column(JSON)
    seconds: Mapped[float] = mapped_column(Float)
    declare: Mapped[bool] = mapped_column(Boolean)
    helped: Mapped[bool] = mapped_column(Boolean)
    best: Mapped[str] = mapped_column(String(60))
    best_declare: Mapped[bool] = mapped_column(Boolean)
    expected: Mapped[float] = mapped_column(Float)
    best_expected: Mapped[float] = mapped_column(Float)
    gap: Mapped[float] = mapped_column(Float)
    gap_stderr: Mapped[float] = mapped_column(Float)
    played_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    origin: Mapped[str] = mapped_column(String(ORIGIN_MAX), default="own", server_default="own")
    """How the hand was made (:class:`maubinh.play.Origin`); ``helped`` says Xếp bài too, for older readers."""
    spread: Mapped[float | None] = mapped_column(Float, default=None)
    """How hard the hand is to split (:attr:`maubinh.play.DealStudy.spread`), chi per deal; ``None``: unknown."""
    rating_after: Mapped[float | None] = mapped_column(Float, default=None)
    """The learner's rating after this hand moved it (:mod:`classroom.decisions`); ``None``: it did not (Xếp bài's,
    or stored before Play hands were rated)."""
    room_id: Mapped[str | None] = mapped_column(String(16), default=None, index=True)
    """The room it was played at (:mod:`classroom.rooms`, people at one table); ``None``: the Play table or a class
    table."""


class DealShowing(Base):
    """When a deal was first shown to a learner at a table (:mod:`classroom.clock`): the server's clock of the
    timer, kept across a reload and a change of server. ``timer_at``: its first showing with the timer on (a
    Play timer switched on in the middle of a deal counts from then); ``None`` while it never was."""

    __tablename__ = "deal_showings"

    learner_id: Mapped[str] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True)
    place: Mapped[str] = mapped_column(String(PLACE_MAX), primary_key=True)
    deal: Mapped[int] = mapped_column(Integer, primary_key=True)
    shown_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    timer_at: Mapped[datetime | None] = mapped_column(UTCDateTime, default=None)


class LessonStep(Base):
    """A step of the Learn page's lesson path a profile reached, per rule set (:mod:`classroom.lessons`): when it
    was first finished (``None`` while only its quiz was tried) and the best quiz score, right of total."""

    __tablename__ = "lesson_steps"

    learner_id: Mapped[str] = mapped_column(ForeignKey("learners.id", ondelete="CASCADE"), primary_key=True)
    rule_set_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    step_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    finished_at: Mapped[datetime | None] = mapped_column(UTCDateTime, default=None)
    best_right: Mapped[int | None] = mapped_column(Integer, default=None)
    best_total: Mapped[int | None] = mapped_column(Integer, default=None)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
