"""A live class (issue 35): the teacher paces the room from the projector, every learner answers at once.

A live session (:class:`LiveInfo`) is a list of questions a teacher picked for a class, copied with their stored
data (the bank's packed question and its language-free record, :mod:`classroom.snapshot`; or an assignment's), so a
later change of the bank or of the engine never changes what was asked. The teacher moves it through its phases
(:class:`Phase`): waiting (nothing shown yet), a question open (the server's clock: ``started_at`` and ``deadline``,
its seconds after), paused (the time left kept, the deadline set again on resume), the answer shown, ended.

The clock is the server's: the deadline is stored, every page reads the time left from it, and an answer after it
(plus :data:`GRACE_S` for the round trip) is refused by :meth:`LiveSessions.answer`, whatever the browser says. A
question also counts as shown (:meth:`LiveInfo.phase_at`) once its time and the grace are up or every learner has
answered (never while an answer is still taken: a tap seen after the key would count): the projector and the
learners' pages then show the distribution and the key without the teacher's tap.

Writes are atomic under concurrency (:meth:`classroom.service.ClassroomStore.write`): one answer per (session,
learner, question): the first stays, a second tap or another device gets the stored one back; each teacher's
step is a compare-and-set on the question number it was tapped at (two taps of "next" from a laptop and a phone
open one question, not two). On PostgreSQL an answer holds the session's row shared (``FOR SHARE``) and a step
holds it alone (``FOR UPDATE``): an answer in flight is counted before the answer is shown, and answers do not
wait for each other; on SQLite every write takes the write lock.

:meth:`LiveSessions.pulse` is one cheap read of what a learner's page must notice (a new assignment, a new table
session, the live session's step): the page polls it (:mod:`ui.classes.live_learner`).

The tables are declared here, on the classroom's :class:`~classroom.models.Base` (migration
``0016_live_sessions``); :mod:`classroom` imports this module so that they are part of its metadata.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    case,
    false,
    func,
    select,
)
from sqlalchemy.orm import Mapped, Session, mapped_column

from classroom.board import Board, board
from classroom.models import (
    LIVE,
    AnswerColumns,
    AssignedQuestion,
    Assignment,
    BankQuestion,
    Base,
    Classroom,
    Learner,
    TableSession,
    UTCDateTime,
    source_key,
    utcnow,
)
from classroom.service import ClassroomError, ClassroomStore, StoredAnswer, delete_set, stored_answer
from classroom.snapshot import unpack
from maubinh.drills import Kind, Level, Question
from maubinh.drills.versions import data_version
from maubinh.house import dump_rule_set, stored_rule_set
from maubinh.rules import RULE_SET_IDS, RuleSet

__all__ = [
    "GRACE_S",
    "MAX_QUESTIONS",
    "SCREEN_CHARS",
    "SECONDS",
    "ClassMark",
    "LiveAnswer",
    "LiveAnswerRow",
    "LiveInfo",
    "LivePick",
    "LiveQuestion",
    "LiveSession",
    "LiveSessions",
    "Phase",
    "Pulse",
    "took_part",
]

SECONDS = (20, 30, 45, 60, 90)
"""Seconds a question may be open (the teacher's choice)."""
MAX_QUESTIONS = 30
"""Questions in one live session."""
GRACE_S = 1.0
"""Seconds past the deadline an answer is still taken (its round trip from a phone)."""
SCREEN_CHARS = 22
"""Characters of a projector id (``secrets.token_urlsafe(16)``: 128 random bits, unguessable, no secret behind it)."""


class Phase(StrEnum):
    """Where a live session is."""

    WAITING = "waiting"
    """Started, no question shown yet."""
    OPEN = "open"
    """A question is open: answers are taken until its deadline."""
    PAUSED = "paused"
    """A question's clock is stopped (its time left kept); no answers."""
    SHOWN = "shown"
    """The answer is shown (by the teacher, the time up, or everyone answered); no answers."""
    ENDED = "ended"
    """Over."""


class LiveSession(Base):
    """A live session of a class: its questions (``live_questions``), seconds per question, and where it is."""

    __tablename__ = "live_sessions"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    class_id: Mapped[str] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    screen: Mapped[str] = mapped_column(String(32), unique=True)
    rule_set_id: Mapped[str] = mapped_column(String(64))
    house_toml: Mapped[str | None] = mapped_column(Text, default=None)
    count: Mapped[int] = mapped_column(Integer)
    seconds: Mapped[int] = mapped_column(Integer)
    leaderboard: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    number: Mapped[int] = mapped_column(Integer, default=-1)
    phase: Mapped[str] = mapped_column(String(16), default=Phase.WAITING.value)
    started_at: Mapped[datetime | None] = mapped_column(UTCDateTime, default=None)
    deadline: Mapped[datetime | None] = mapped_column(UTCDateTime, default=None)
    remaining: Mapped[float | None] = mapped_column(Float, default=None)
    revision: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class LiveQuestion(Base):
    """One question of a live session, as stored when the session started (its packed data and record)."""

    __tablename__ = "live_questions"

    session_id: Mapped[int] = mapped_column(ForeignKey("live_sessions.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(String(200))
    kind: Mapped[str] = mapped_column(String(32))
    record: Mapped[dict[str, object]] = mapped_column(JSON)
    blob: Mapped[bytes] = mapped_column(LargeBinary)


class LiveAnswer(AnswerColumns, Base):
    """One learner's answer to one question of a live session (a resubmission changes nothing)."""

    __tablename__ = "live_answers"
    __table_args__ = (UniqueConstraint("session_id", "learner_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("live_sessions.id", ondelete="CASCADE"), index=True)


@dataclass(frozen=True)
class LivePick:
    """A question picked for a live session, with its stored data: ``key`` (the bank's key, or where it was
    copied from), ``kind``, ``themes``, ``record`` (:func:`classroom.snapshot.record`) and ``blob`` (packed)."""

    key: str
    kind: str
    themes: tuple[str, ...]
    record: dict[str, Any]
    blob: bytes

    @property
    def question(self) -> Question:
        """The question (:class:`~classroom.snapshot.SnapshotError` if it cannot be read back)."""
        return unpack(self.blob)


@dataclass(frozen=True)
class LiveInfo:
    """A live session as the pages see it.

    Attributes:
        number: the question shown (0-based), -1 before the first.
        phase: as stored (:meth:`phase_at` adds "time up or all answered").
        started_at, deadline: the open question's server times (aware, UTC); ``None`` before the first.
        remaining: while paused, the seconds that were left.
        revision: bumped at every step (a page compares it to know something changed).
    """

    id: int
    class_id: str
    screen: str
    rule_set_id: str
    house_toml: str | None
    count: int
    seconds: int
    leaderboard: bool
    number: int
    phase: Phase
    started_at: datetime | None
    deadline: datetime | None
    remaining: float | None
    revision: int
    created_at: datetime

    @property
    def rule_set(self) -> RuleSet:
        """The rules every question of the session is graded and shown under (a source, or house rules kept as
        they were when it started)."""
        return stored_rule_set(self.rule_set_id, self.house_toml)

    def time_left(self, now: datetime | None = None) -> float:
        """Seconds left of the question's time (the server's clock), 0 when up or not open."""
        if self.phase is Phase.PAUSED:
            return max(0.0, self.remaining or 0.0)
        if self.phase is not Phase.OPEN or self.deadline is None:
            return 0.0
        return max(0.0, (self.deadline - (now or utcnow())).total_seconds())

    def phase_at(self, answered: int, learners: int, now: datetime | None = None) -> Phase:
        """The phase to show: an open question that all ``learners`` answered (``answered`` of them), or whose time
        is up and past :data:`GRACE_S` (no answer is taken any more: the key is never on the wall while a late tap
        could still count), is shown."""
        if self.phase is not Phase.OPEN:
            return self.phase
        if 0 < learners <= answered:
            return Phase.SHOWN
        past = self.deadline is not None and (now or utcnow()) > self.deadline + timedelta(seconds=GRACE_S)
        return Phase.SHOWN if past else Phase.OPEN

    @property
    def over(self) -> bool:
        return self.phase is Phase.ENDED


LiveAnswerRow = StoredAnswer
"""An answer to a live session's question as stored: an assignment's answer's fields (:class:`AnswerColumns` both),
its ``assignment_id`` the live session's id (``code``: :func:`maubinh.drills.answers.answer_code`; ``seconds`` from
the question's start on the server's clock)."""


@dataclass(frozen=True)
class Pulse:
    """What a learner's page must notice, in one read: the class's assignments (how many, the newest id, how many
    are ready, how many closed), its table sessions (how many, the newest id) and its live session (id and
    revision, ``None`` when none is running)."""

    assignments: tuple[int, int, int, int]
    tables: tuple[int, int]
    live: tuple[int, int] | None


@dataclass(frozen=True)
class ClassMark:
    """Everything a class's waiting pages must notice, read for many classes at once (:meth:`LiveSessions.marks`,
    the server's watch, :mod:`ui.watch`): its :class:`Pulse`, its open seatings (how many, the newest id, the learners
    seated: "seat the class" sends each learner to a table, late arrivals too), its running live session (``None``
    when none runs), the answers in to that session's current question, the class's learners (not removed), and of
    those the learners here: their class page (where a live question shows) seen within
    :data:`classroom.seatings.PRESENT` (:meth:`classroom.seatings.Seatings.seen`; a page closed is counted until then).
    """

    pulse: Pulse
    seatings: tuple[int, int, int]
    live: LiveInfo | None
    answered: int
    learners: int
    here: int

    def phase(self, now: datetime | None = None) -> Phase | None:
        """The running session's phase to show now (:meth:`LiveInfo.phase_at`), ``None`` when none runs."""
        return None if self.live is None else self.live.phase_at(self.answered, self.learners, now)


def took_part(joined_at: datetime, answered: bool, last_opened: datetime | None) -> bool:
    """Whether a learner of the class belongs in a live session's report and its follow-up ("missed" questions):
    they answered one of its questions, or had joined the class by the time its last question opened (none opened
    yet: everyone). One who joined after it gets neither (found by a user test: listed as "answered 0 of 3")."""
    return answered or last_opened is None or joined_at <= last_opened


def _info(row: LiveSession) -> LiveInfo:
    return LiveInfo(row.id, row.class_id, row.screen, row.rule_set_id, row.house_toml, row.count, row.seconds,
                    row.leaderboard, row.number,
                    Phase(row.phase), row.started_at, row.deadline, row.remaining, row.revision, row.created_at)


def _answer(row: LiveAnswer) -> LiveAnswerRow:
    return stored_answer(row, row.session_id)


class LiveSessions:
    """Live sessions on one :class:`~classroom.service.ClassroomStore` (thread-safe, like the store)."""

    def __init__(self, store: ClassroomStore) -> None:
        self.store = store

    # ------------------------------------------------------------------ picking questions

    def bank_picks(self, rule_set_id: str, level: Level, kinds: Sequence[Kind], count: int, theme: str | None = None,
                   rng: random.Random | None = None) -> list[LivePick]:
        """Up to ``count`` stored bank questions of the rule set's current data version, of ``kinds`` (taken in
        turn) at ``level``, with ``theme`` among their themes when given; in random order (fewer when the bank
        holds fewer)."""
        rng = rng or random.Random()
        wanted = [k.value for k in kinds]
        with self.store._session() as session:
            rows = session.execute(select(BankQuestion.key, BankQuestion.kind, BankQuestion.version,
                                          BankQuestion.themes).where(
                BankQuestion.rule_set_id == rule_set_id, BankQuestion.level == level.value,
                BankQuestion.kind.in_(wanted))).all()
        pools: dict[str, list[str]] = {kind: [] for kind in wanted}
        for key, kind, version, themes in rows:
            if version == data_version(rule_set_id, kind) and (theme is None or theme in (themes or ())):
                pools[kind].append(key)
        for pool in pools.values():
            pool.sort()
            rng.shuffle(pool)
        keys: list[str] = []
        while len(keys) < count and any(pools.values()):
            for kind in wanted:
                if pools[kind] and len(keys) < count:
                    keys.append(pools[kind].pop())
        return self._bank_rows(keys)

    def _bank_rows(self, keys: Sequence[str]) -> list[LivePick]:
        with self.store._session() as session:
            found = {row.key: row for row in session.scalars(select(BankQuestion).where(BankQuestion.key.in_(keys)))}
            return [LivePick(k, found[k].kind, tuple(found[k].themes or ()), dict(found[k].record), found[k].blob)
                    for k in keys if k in found]

    def assignment_picks(self, class_id: str, assignment_id: int) -> list[LivePick]:
        """The questions of one of the class's assignments (a saved set), as stored when it was assigned
        (``[]`` for another class's or an unknown assignment)."""
        with self.store._session() as session:
            owner = session.scalar(select(Assignment.class_id).where(Assignment.id == assignment_id))
            if owner != class_id:
                return []
            rows = session.scalars(select(AssignedQuestion).where(AssignedQuestion.assignment_id == assignment_id)
                                   .order_by(AssignedQuestion.number))
            return [LivePick(f"assignment:{assignment_id}:{row.number}", row.kind, (), dict(row.record), row.blob)
                    for row in rows]

    # ------------------------------------------------------------------ sessions (teacher)

    def start(self, class_id: str, rule_set: RuleSet, picks: Sequence[LivePick], seconds: int,
              leaderboard: bool = False) -> LiveInfo:
        """A new live session of the class with ``picks`` (copied with their data, all made under ``rule_set``: a
        source, or house rules kept as TOML), ``seconds`` per question; any
        session of the class still running is ended in the same transaction (one at a time).

        Raises:
            ClassroomError: ``"questions"`` for none or more than :data:`MAX_QUESTIONS`, ``"seconds"`` not in
                :data:`SECONDS`, ``"class"`` for an unknown or archived class.
        """
        if not 1 <= len(picks) <= MAX_QUESTIONS:
            raise ClassroomError("questions", f"a live session has 1-{MAX_QUESTIONS} questions, got {len(picks)}")
        if seconds not in SECONDS:
            raise ClassroomError("seconds", f"a question lasts one of {SECONDS} seconds, got {seconds!r}")

        house = None if rule_set.id in RULE_SET_IDS else dump_rule_set(rule_set)

        def work(session: Session) -> LiveInfo:
            klass = session.get(Classroom, class_id)
            if klass is None or klass.archived_at is not None:
                raise ClassroomError("class", "this class is archived")
            for running in session.scalars(select(LiveSession).where(
                    LiveSession.class_id == class_id, LiveSession.phase != Phase.ENDED.value).with_for_update()):
                running.phase, running.revision = Phase.ENDED.value, running.revision + 1
            row = LiveSession(class_id=class_id, screen=secrets.token_urlsafe(16), rule_set_id=rule_set.id,
                              house_toml=house, count=len(picks), seconds=seconds,
                              leaderboard=bool(leaderboard), number=-1, phase=Phase.WAITING.value, revision=0,
                              created_at=utcnow())
            session.add(row)
            session.flush()
            session.add_all([LiveQuestion(session_id=row.id, number=n, key=p.key[:200], kind=p.kind, record=p.record,
                                          blob=p.blob) for n, p in enumerate(picks)])
            session.flush()
            return _info(row)

        return self.store.write(work)

    def current(self, class_id: str) -> LiveInfo | None:
        """The class's live session still running (the newest), or ``None``."""
        with self.store._session() as session:
            row = session.scalars(select(LiveSession).where(
                LiveSession.class_id == class_id, LiveSession.phase != Phase.ENDED.value)
                .order_by(LiveSession.id.desc()).limit(1)).first()
            return None if row is None else _info(row)

    def session(self, session_id: int) -> LiveInfo | None:
        """One live session, or ``None``."""
        with self.store._session() as session:
            row = session.get(LiveSession, session_id)
            return None if row is None else _info(row)

    def by_screen(self, screen: str) -> LiveInfo | None:
        """The live session whose projector id is ``screen`` (``None`` for an unknown or malformed one)."""
        if not isinstance(screen, str) or not 8 <= len(screen) <= 32:
            return None
        with self.store._session() as session:
            row = session.scalars(select(LiveSession).where(LiveSession.screen == screen)).first()
            return None if row is None else _info(row)

    def question(self, session_id: int, number: int) -> Question:
        """Question ``number`` of the session as stored.

        Raises:
            KeyError: no such question. classroom.snapshot.SnapshotError: it cannot be read back.
        """
        with self.store._session() as session:
            row = session.get(LiveQuestion, (session_id, number))
            if row is None:
                raise KeyError(f"live session {session_id} has no question {number}")
            return unpack(row.blob)

    def kinds(self, session_id: int) -> list[str]:
        """Each question's kind, in order."""
        with self.store._session() as session:
            return list(session.scalars(select(LiveQuestion.kind).where(LiveQuestion.session_id == session_id)
                                        .order_by(LiveQuestion.number)))

    def _step(self, class_id: str, session_id: int, change: Any) -> LiveInfo:
        """Run ``change(row, now)`` on the session's row, locked, and bump its revision when it changed anything
        (``change`` returns whether it did). Raises ClassroomError ``"session"`` for another class's."""

        def work(session: Session) -> LiveInfo:
            row = session.scalars(select(LiveSession).where(LiveSession.id == session_id).with_for_update()).first()
            if row is None or row.class_id != class_id:
                raise ClassroomError("session", "no such live session in this class")
            if change(row, utcnow()):
                row.revision += 1
            session.flush()
            return _info(row)

        return self.store.write(work)

    def advance(self, class_id: str, session_id: int, from_number: int) -> LiveInfo:
        """Open the question after ``from_number`` (the one the teacher saw when tapping "next"; -1: the first), its
        clock starting now; after the last question, end the session. A tap made at another question (a second
        device was first) changes nothing.

        Raises:
            ClassroomError: ``"session"`` for another class's session.
        """

        def change(row: LiveSession, now: datetime) -> bool:
            if row.phase == Phase.ENDED.value or row.number != from_number:
                return False
            if from_number + 1 >= row.count:
                row.phase = Phase.ENDED.value
                return True
            row.number, row.phase = from_number + 1, Phase.OPEN.value
            row.started_at, row.deadline, row.remaining = now, now + timedelta(seconds=row.seconds), None
            return True

        return self._step(class_id, session_id, change)

    def pause(self, class_id: str, session_id: int, paused: bool = True) -> LiveInfo:
        """Stop the open question's clock (the time left kept), or start it again (the deadline moved by the pause).
        A question whose time is already up is not paused."""

        def change(row: LiveSession, now: datetime) -> bool:
            if paused and row.phase == Phase.OPEN.value and row.deadline is not None and row.deadline > now:
                row.phase, row.remaining = Phase.PAUSED.value, (row.deadline - now).total_seconds()
                return True
            if not paused and row.phase == Phase.PAUSED.value:
                row.phase, row.deadline = Phase.OPEN.value, now + timedelta(seconds=row.remaining or 0.0)
                row.remaining = None
                return True
            return False

        return self._step(class_id, session_id, change)

    def reveal(self, class_id: str, session_id: int) -> LiveInfo:
        """Show the answer of the question open (or paused) now: answers stop."""

        def change(row: LiveSession, now: datetime) -> bool:
            if row.phase in (Phase.OPEN.value, Phase.PAUSED.value):
                row.phase, row.remaining = Phase.SHOWN.value, None
                return True
            return False

        return self._step(class_id, session_id, change)

    def end(self, class_id: str, session_id: int) -> LiveInfo:
        """End the session."""

        def change(row: LiveSession, now: datetime) -> bool:
            if row.phase == Phase.ENDED.value:
                return False
            row.phase = Phase.ENDED.value
            return True

        return self._step(class_id, session_id, change)

    # ------------------------------------------------------------------ answers (learners)

    def answer(self, session_id: int, learner_id: str, number: int, code: str, correct: bool,
               chi_lost: float | None, now: datetime | None = None) -> LiveAnswerRow:
        """Store a learner's answer to question ``number``; the first answer stays (a second tap, another device:
        the stored one is returned unchanged). ``seconds`` is counted on the server's clock from the question's
        start.

        Raises:
            ClassroomError: ``"late"`` after the deadline plus :data:`GRACE_S`, ``"closed"`` when that question
                is not open (paused, shown, another question, ended), ``"learner"`` for a learner not in the
                session's class or removed, ``"class"`` for an archived class.
        """
        code = str(code)[:200]

        def work(session: Session) -> LiveAnswerRow:
            moment = now or utcnow()
            key = (LiveAnswer.session_id == session_id, LiveAnswer.learner_id == learner_id,
                   LiveAnswer.number == number)
            stored = session.scalars(select(LiveAnswer).where(*key)).first()
            if stored is not None:
                return _answer(stored)
            row = session.scalars(select(LiveSession).where(LiveSession.id == session_id)
                                  .with_for_update(read=True)).first()
            if row is None or row.phase != Phase.OPEN.value or row.number != number or row.started_at is None:
                raise ClassroomError("closed", "this question takes no answers now")
            if row.deadline is None or moment > row.deadline + timedelta(seconds=GRACE_S):
                raise ClassroomError("late", "the time for this question is up")
            learner = session.get(Learner, learner_id)
            if learner is None or learner.class_id != row.class_id or learner.removed_at is not None:
                raise ClassroomError("learner", "this learner is not in the class")
            klass = session.get(Classroom, row.class_id)
            if klass is None or klass.archived_at is not None:
                raise ClassroomError("class", "this class is archived")
            seconds = max(0.0, (moment - row.started_at).total_seconds())
            session.execute(self.store._insert(session, LiveAnswer).values(
                session_id=session_id, learner_id=learner_id, number=number, code=code, correct=bool(correct),
                chi_lost=chi_lost, seconds=seconds, answered_at=moment).on_conflict_do_nothing())
            return _answer(session.scalars(select(LiveAnswer).where(*key)).one())

        return self.store.write(work)

    def answers(self, session_id: int, number: int | None = None) -> list[LiveAnswerRow]:
        """The session's answers (to question ``number`` only, when given), in the order they came."""
        with self.store._session() as session:
            query = select(LiveAnswer).where(LiveAnswer.session_id == session_id)
            if number is not None:
                query = query.where(LiveAnswer.number == number)
            return [_answer(row) for row in session.scalars(query.order_by(LiveAnswer.id))]

    def delete(self, class_id: str, session_id: int) -> int | None:
        """Delete an ended live session of this class with its questions and answers (its report goes with them;
        a follow-up made from it stays: its questions are copies, its answers the learners'). Returns how many
        answers were deleted, ``None`` when it is not one of this class's (deleted already, another class's).

        Raises:
            ClassroomError: ``"session"`` while it is still running (end it first).
        """

        def work(session: Session) -> int | None:
            row = session.scalars(select(LiveSession).where(LiveSession.id == session_id,
                                                            LiveSession.class_id == class_id).with_for_update()).first()
            if row is None:
                return None
            if row.phase != Phase.ENDED.value:
                raise ClassroomError("session", "this live session is still running")
            return delete_set(session, row, LiveAnswer.session_id, LiveQuestion.session_id, source_key(LIVE, session_id))

        return self.store.write(work)

    def ended(self, class_id: str) -> list[LiveInfo]:
        """The class's ended live sessions, newest first (what the teacher's report offers)."""
        with self.store._session() as session:
            rows = session.scalars(select(LiveSession).where(LiveSession.class_id == class_id,
                                                             LiveSession.phase == Phase.ENDED.value)
                                   .order_by(LiveSession.id.desc()))
            return [_info(row) for row in rows]

    def report(self, session_id: int) -> Board:
        """The session's report as an assignment's board (:func:`classroom.board.board`): per learner (right, chi
        lost over decisions, seconds), per question (the hardest first) and per kind, over the class's learners
        (not removed) who took part (:func:`took_part`) and every question asked or not (a question never opened
        was answered by nobody).

        Raises:
            ClassroomError: ``"session"`` for no such session.
        """
        info = self.session(session_id)
        if info is None:
            raise ClassroomError("session", "no such live session")
        with self.store._session() as session:
            rows = session.execute(select(LiveQuestion.number, LiveQuestion.record)
                                   .where(LiveQuestion.session_id == session_id).order_by(LiveQuestion.number))
            records = [dict(rec, number=number) for number, rec in rows]
        answers = self.answers(session_id)
        answered = {a.learner_id for a in answers}
        learners = [learner for learner in self.store.learners(info.class_id)
                    if took_part(learner.joined_at, learner.id in answered, info.started_at)]
        return board(learners, records, answers)

    def answer_count(self, session_id: int, number: int | None = None) -> int:
        """How many learners answered question ``number`` (every answer of the session, when ``None``)."""
        query = select(func.count()).select_from(LiveAnswer).where(LiveAnswer.session_id == session_id)
        if number is not None:
            query = query.where(LiveAnswer.number == number)
        with self.store._session() as session:
            return int(session.scalar(query) or 0)

    def learner_count(self, class_id: str) -> int:
        """The class's learners (not removed): "all answered" is this many."""
        with self.store._session() as session:
            return int(session.scalar(select(func.count()).select_from(Learner).where(
                Learner.class_id == class_id, Learner.removed_at.is_(None))) or 0)

    # ------------------------------------------------------------------ what a learner's page polls

    def pulse(self, class_id: str) -> Pulse:
        """The class's assignments (count, newest id, how many ready, how many closed: a page listing one as
        "being prepared" or "open" is drawn again when that changes, not at each question graded), its table sessions
        (count, newest id) and its running live session (id, revision): :meth:`marks` of this class alone."""
        return self.marks([class_id])[class_id].pulse

    def marks(self, class_ids: Collection[str], now: datetime | None = None) -> dict[str, ClassMark]:
        """The :class:`ClassMark` of every class of ``class_ids`` (an unknown id: a class with nothing), in six
        grouped queries whatever the number of classes (the server's watch reads every watched class so, about five
        times a second); ``now`` (default: the server's clock) decides who is here."""
        ids = sorted(set(class_ids))
        if not ids:
            return {}
        from classroom.room_models import Room, RoomSeat, RoomSeating  # rooms' tables: not this module's import
        from classroom.seatings import PRESENT  # who is present: the seatings' word (not this module's import)

        since = (now or utcnow()) - PRESENT

        def grouped(table: Any, *where: Any) -> dict[str, tuple[int, int]]:
            rows = session.execute(select(table.class_id, func.count(), func.max(table.id))
                                   .where(table.class_id.in_(ids), *where).group_by(table.class_id))
            return {str(c): (int(n), int(m or 0)) for c, n, m in rows}

        with self.store._session() as session:
            tables = grouped(TableSession)
            assignments = {str(c): (int(n), int(m or 0), 0, int(k)) for c, n, m, k in session.execute(
                select(Assignment.class_id, func.count(), func.max(Assignment.id), func.count(Assignment.closed_at))
                .where(Assignment.class_id.in_(ids)).group_by(Assignment.class_id))}
            graded = (select(func.count()).select_from(AssignedQuestion)
                      .where(AssignedQuestion.assignment_id == Assignment.id).scalar_subquery())
            for c, n in session.execute(  # ready (every question graded): a page saying "being prepared" is drawn again
                    select(Assignment.class_id, func.count()).where(Assignment.class_id.in_(ids), graded >= Assignment.count)
                    .group_by(Assignment.class_id)):
                count, newest, _, closed = assignments[str(c)]
                assignments[str(c)] = (count, newest, int(n), closed)
            seatings = {str(c): (int(n), int(m or 0), int(k)) for c, n, m, k in session.execute(
                select(RoomSeating.class_id, func.count(func.distinct(RoomSeating.id)), func.max(RoomSeating.id),
                       func.count(RoomSeat.learner_id))
                .outerjoin(Room, Room.seating_id == RoomSeating.id)
                .outerjoin(RoomSeat, (RoomSeat.room_id == Room.id) & RoomSeat.left_at.is_(None))
                .where(RoomSeating.class_id.in_(ids), RoomSeating.closed_at.is_(None)).group_by(RoomSeating.class_id))}
            running: dict[str, LiveSession] = {}
            for row in session.scalars(select(LiveSession).where(LiveSession.class_id.in_(ids),
                                                                 LiveSession.phase != Phase.ENDED.value)):
                if row.class_id not in running or row.id > running[row.class_id].id:
                    running[row.class_id] = row
            infos = {class_id: _info(row) for class_id, row in running.items()}
            answered: dict[tuple[int, int], int] = {}
            if infos:
                answered = {(int(s), int(n)): int(c) for s, n, c in session.execute(
                    select(LiveAnswer.session_id, LiveAnswer.number, func.count())
                    .where(LiveAnswer.session_id.in_([i.id for i in infos.values()]))
                    .group_by(LiveAnswer.session_id, LiveAnswer.number))}
            learners = {str(c): (int(n), int(h)) for c, n, h in session.execute(
                select(Learner.class_id, func.count(), func.count(case((Learner.seen_at >= since, Learner.id))))
                .where(Learner.class_id.in_(ids), Learner.removed_at.is_(None)).group_by(Learner.class_id))}
        marks = {}
        for class_id in ids:
            info = infos.get(class_id)
            pulse = Pulse(assignments.get(class_id, (0, 0, 0, 0)), tables.get(class_id, (0, 0)),
                          None if info is None else (info.id, info.revision))
            marks[class_id] = ClassMark(pulse, seatings.get(class_id, (0, 0, 0)), info,
                                        0 if info is None else answered.get((info.id, info.number), 0),
                                        *learners.get(class_id, (0, 0)))
        return marks
