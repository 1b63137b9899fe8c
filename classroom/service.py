"""The classroom's operations: classes, learners, assignments, stored questions and answers.

:class:`ClassroomStore` is the one entry point (no Streamlit): every method is one short unit of
work on the database and returns plain frozen values (:class:`ClassInfo`, :class:`LearnerInfo`,
:class:`AssignmentInfo`, :class:`StoredAnswer`), never ORM objects. Access is by secret link
(:mod:`classroom.tokens`): :meth:`ClassroomStore.teacher_class` and :meth:`ClassroomStore.learner`
return ``None`` for a wrong or unknown token, and never say which part was wrong.

Every text a person typed is trimmed and length-checked here (:class:`ClassroomError` names the field);
showing it escaped is the page's job.

Guessing is not free (issue 22, item 12): calls that a stranger could repeat to guess or to flood take the
client's address (``client``, a plain string the page reads) and are rate-limited in the database
(:mod:`classroom.throttle`; the figures are :data:`~classroom.throttle.CLIENT_GUESSES`,
:data:`~classroom.throttle.ALL_GUESSES`, :data:`~classroom.throttle.CLASS_JOINS`,
:data:`~classroom.throttle.CLIENT_PROFILES`; a class's right code keeps working from its own addresses,
:data:`~classroom.throttle.CLASS_ADDRESS`). A refusal is a
:class:`ClassroomError` with ``field`` ``"throttled"``; nothing is stored. A teacher may also lock joining
(:meth:`ClassroomStore.set_joining_locked`): ``join`` then refuses with ``field`` ``"locked"``.
"""

from __future__ import annotations

import random
import threading
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import Engine, delete, func, or_, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import InstrumentedAttribute, Session, sessionmaker

from classroom.database import database_url, make_engine, migrate
from classroom.models import (
    ASSIGNMENT,
    BIDI_CONTROLS,
    CLASS_NAME_MAX,
    LEARNER_NAME_MAX,
    TITLE_MAX,
    AnswerColumns,
    AnswerRow,
    AssignedQuestion,
    Assignment,
    Classroom,
    Learner,
    invisible,
    name_key,
    source_key,
    utcnow,
)
from classroom.snapshot import SnapshotError, pack, record, unpack
from classroom.throttle import (
    ALL_GUESSES,
    CLASS_ADDRESS,
    CLASS_JOINS,
    CLIENT_GUESSES,
    LOGGER,
    Throttle,
    key_hash,
)
from classroom.tokens import Token, derived_secret, hash_secret, new_id, new_join_code, normalize_join_code
from maubinh.drills import MAX_QUESTIONS, DrillSet, Kind, Level, Question, QuestionList, QuestionRef, parse_kinds, parse_level
from maubinh.house import dump_rule_set, load_house_rules, stored_rule_set
from maubinh.rules import RULE_SET_IDS, RuleSet

__all__ = [
    "LANGUAGES",
    "MAX_LEARNERS",
    "AssignmentInfo",
    "ClassInfo",
    "ClassroomError",
    "ClassroomStore",
    "Edited",
    "LearnerInfo",
    "NameTakenError",
    "NewClass",
    "NewLearner",
    "StoredAnswer",
    "clean_text",
    "copy_questions",
    "delete_set",
    "learner_info",
    "stored_answer",
]

LANGUAGES = ("vi", "en")
MAX_LEARNERS = 100
"""Learners in one class (as Lichess allows)."""
_QUESTIONS_KEPT = 512
"""Read-back questions kept in memory per store (they are the same for every learner of an assignment)."""
PROJECTOR = "projector"
"""What the projector link's secret is derived for (:func:`classroom.tokens.derived_secret`)."""
_WRITE_TRIES = 8
"""Times a write transaction is run before its error is raised (see :meth:`ClassroomStore.write`)."""
_T = TypeVar("_T")


class ClassroomError(ValueError):
    """A request the classroom refuses; ``field`` names what is wrong (``"name"``, ``"code"``, ``"answer"``...,
    ``"throttled"`` for too many tries from one client or into one class: wait a minute, ``"locked"`` for a
    class whose teacher locked joining),
    ``problem`` (for a typed text) what is wrong with it: ``"invisible"`` (nothing that shows), ``"control"``
    (a NUL or another control character), else ``""`` (empty or too long)."""

    def __init__(self, field: str, message: str, problem: str = "") -> None:
        super().__init__(message)
        self.field = field
        self.problem = problem


class NameTakenError(ClassroomError):
    """The display name is taken in that class; ``suggestion`` is a free one."""

    def __init__(self, name: str, suggestion: str) -> None:
        super().__init__("name", f"the name {name!r} is taken in this class; free: {suggestion!r}")
        self.suggestion = suggestion



def _check_deadline(deadline: datetime | None) -> None:
    """Raises ``ClassroomError`` (``"deadline"``) for a deadline without its time zone or not in the future."""
    if deadline is None:
        return
    if deadline.tzinfo is None or deadline.utcoffset() is None:
        raise ClassroomError("deadline", "a deadline needs its time zone")
    if deadline <= utcnow():
        raise ClassroomError("deadline", "the deadline is in the past")


def clean_text(value: str, field: str, longest: int) -> str:
    """A typed name or title as it is kept: bidirectional controls dropped, NFC, spaces collapsed.

    Raises ``ClassroomError`` naming ``field``: with ``problem="control"`` for a NUL or another control
    character (other than spaces and line breaks), ``"invisible"`` when nothing of it shows (only zero-width,
    format or space characters), and ``""`` when it is empty or longer than ``longest`` characters once
    normalised.
    """
    if not isinstance(value, str):
        raise ClassroomError(field, f"{field} must be text")
    if any(unicodedata.category(c) == "Cc" and not c.isspace() for c in value):
        raise ClassroomError(field, f"{field} holds a control character", "control")
    if not value.split():
        raise ClassroomError(field, f"{field} is empty")
    cleaned = " ".join(unicodedata.normalize("NFC", "".join(c for c in value if c not in BIDI_CONTROLS)).split())
    if all(invisible(c) for c in cleaned):
        raise ClassroomError(field, f"{field} shows nothing (only invisible characters)", "invisible")
    if len(cleaned) > longest:
        raise ClassroomError(field, f"{field} is longer than {longest} characters")
    return cleaned


@dataclass(frozen=True)
class ClassInfo:
    """A class as the pages see it. ``house_toml`` holds its house rules, if it plays under some."""

    id: str
    name: str
    language: str
    rule_set_id: str
    house_toml: str | None
    join_code: str
    created_at: datetime
    archived_at: datetime | None
    joining_locked: bool = False

    @property
    def rule_set(self) -> RuleSet:
        """The class's rule set (a source, or its house rules)."""
        return stored_rule_set(self.rule_set_id, self.house_toml)

    @property
    def archived(self) -> bool:
        return self.archived_at is not None


@dataclass(frozen=True)
class LearnerInfo:
    """A learner of a class, or (``class_id`` ``None``) someone practising alone."""

    id: str
    class_id: str | None
    name: str
    joined_at: datetime
    removed_at: datetime | None

    @property
    def removed(self) -> bool:
        return self.removed_at is not None


@dataclass(frozen=True)
class AssignmentInfo:
    """An assignment: its drill set, deadline and state, and how many of its questions are graded.

    ``error`` is set when grading failed (the teacher sees it; nothing is shown to learners). A follow-up
    (:mod:`classroom.follow_ups`) is for one learner (``learner_id``), reassigns ``follow_up`` (what it copied its
    questions from) and names its questions one by one (``drill_set`` a :class:`~maubinh.drills.QuestionList`).
    """

    id: int
    class_id: str
    title: str
    drill_set: DrillSet | QuestionList
    deadline: datetime | None
    created_at: datetime
    closed_at: datetime | None
    graded: int
    error: str | None
    learner_id: str | None = None
    follow_up: str | None = None
    replaced_by: int | None = None
    """The assignment that replaced it when its questions were edited (:meth:`ClassroomStore.edit_questions`)."""

    def concerns(self, learner_id: str) -> bool:
        """Whether the learner is given it (the whole class is, a follow-up only its learner)."""
        return self.learner_id is None or self.learner_id == learner_id

    @property
    def count(self) -> int:
        return self.drill_set.count

    @property
    def ready(self) -> bool:
        """Every question graded and stored: learners may start."""
        return self.graded >= self.drill_set.count

    def accepts_answers(self, now: datetime | None = None) -> bool:
        """Ready, not closed, and not past its deadline."""
        now = now or utcnow()
        return (self.ready and self.closed_at is None and self.replaced_by is None
                and (self.deadline is None or now <= self.deadline))


@dataclass(frozen=True)
class StoredAnswer:
    """An answer as stored: its code (:mod:`maubinh.drills.answers`), right or not, chi lost, seconds; also a live
    session's answer (:data:`classroom.live.LiveAnswerRow`, ``assignment_id`` then the session's id)."""

    assignment_id: int
    learner_id: str
    number: int
    code: str
    correct: bool
    chi_lost: float | None
    seconds: float
    answered_at: datetime


@dataclass(frozen=True)
class Edited:
    """What editing an assignment's questions did (:meth:`ClassroomStore.edit_questions`): the new version's id, the
    questions kept, removed and added, the answers kept (to kept questions) and archived (to removed ones)."""

    assignment_id: int
    kept: int
    removed: int
    added: int
    answers_kept: int
    answers_archived: int


@dataclass(frozen=True)
class NewClass:
    """A class just created, with the teacher's token (shown once: only its hash is stored)."""

    info: ClassInfo
    teacher_token: Token


@dataclass(frozen=True)
class NewLearner:
    """A learner who just joined, with their personal token (shown once: only its hash is stored)."""

    info: LearnerInfo
    token: Token


def _class_info(row: Classroom) -> ClassInfo:
    return ClassInfo(row.id, row.name, row.language, row.rule_set_id, row.house_toml, row.join_code,
                     row.created_at, row.archived_at, bool(row.joining_locked))


def learner_info(row: Learner) -> LearnerInfo:
    """The plain value of a learner row."""
    return LearnerInfo(row.id, row.class_id, row.name, row.joined_at, row.removed_at)


def _drill_set(row: Assignment) -> DrillSet | QuestionList:
    house = load_house_rules(row.house_toml) if row.house_toml else None
    if row.refs:  # questions copied one by one (a follow-up): each keeps its own key, rating and review
        return QuestionList(tuple(QuestionRef(Kind(kind), Level(level), row.rule_set_id, int(seed), house)
                                  for kind, level, seed in row.refs), purpose="follow_up")
    return DrillSet(parse_kinds(row.kinds), parse_level(row.level), row.rule_set_id, row.seed, row.count, house,
                    tuple(int(pick) for pick in row.picks or ()))


def stored_answer(row: AnswerColumns, set_id: int) -> StoredAnswer:
    """The plain value of an answer row (an assignment's, a live session's: :class:`~classroom.models.AnswerColumns`)
    to the set ``set_id``."""
    return StoredAnswer(set_id, row.learner_id, row.number, row.code, row.correct, row.chi_lost, row.seconds,
                        row.answered_at)


def _answer(row: AnswerRow) -> StoredAnswer:
    return stored_answer(row, row.assignment_id)


class ClassroomStore:
    """The classroom on one database. Thread-safe: every call opens its own short session.

    Build with :meth:`open` (URL, migrations applied) or from an engine whose database is migrated.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        self._lock = threading.Lock()
        self._questions: OrderedDict[tuple[int, int], Question] = OrderedDict()
        self.throttle = Throttle(self)

    @classmethod
    def open(cls, url: str | None = None) -> ClassroomStore:
        """The store at ``url`` (see :func:`classroom.database.database_url`), migrated to the newest schema."""
        engine = make_engine(database_url(url))
        migrate(engine)
        return cls(engine)

    def _session(self) -> Session:
        return self._sessions()

    def write(self, work: Callable[[Session], _T]) -> _T:
        """Run ``work`` in one write transaction and return its result: all of it is stored, or nothing.

        On SQLite the transaction takes the write lock at its start (``BEGIN IMMEDIATE``, waiting its turn),
        so what ``work`` reads stays true until it commits. On PostgreSQL ``work`` locks the rows it
        reads-then-writes (``with_for_update``). A transaction refused by the database (SQLite busy, a
        PostgreSQL deadlock) or clashing on a unique key with one committed meanwhile (``IntegrityError``) is
        run again from the start, a few times with a short pause: ``work`` must look for what another
        request may have stored in between (a real duplicate is then found, not inserted again).
        """
        for attempt in range(_WRITE_TRIES):
            try:
                with self._session() as session, session.begin():
                    if self.engine.dialect.name == "sqlite":
                        session.connection().exec_driver_sql("BEGIN IMMEDIATE")
                    return work(session)
            except (OperationalError, IntegrityError):
                if attempt == _WRITE_TRIES - 1:
                    raise
                time.sleep(0.02 * (attempt + 1) * (1 + random.random()))
        raise AssertionError("unreachable")

    def _update(self, statement: Any) -> None:
        """One write statement in its own transaction (on SQLite a transaction that reads first and then
        writes can be refused at once when another writer got in between; a lone write waits its turn)."""
        with self._session() as session, session.begin():
            session.execute(statement)

    # ------------------------------------------------------------------ classes (teacher)

    def create_class(self, name: str, language: str, rule_set: RuleSet) -> NewClass:
        """A new class named ``name`` (at most :data:`~classroom.models.CLASS_NAME_MAX` characters).

        Raises:
            ClassroomError: for an empty or too long name, or an unknown language.
        """
        name = clean_text(name, "name", CLASS_NAME_MAX)
        if language not in LANGUAGES:
            raise ClassroomError("language", f"language must be one of {', '.join(LANGUAGES)}")
        house = None if rule_set.id in RULE_SET_IDS else dump_rule_set(rule_set)
        for _ in range(20):  # a join code or id already taken: draw again
            token = Token.new()
            row = Classroom(id=token.id, name=name, language=language, rule_set_id=rule_set.id, house_toml=house,
                            join_code=new_join_code(), teacher_hash=hash_secret(token.secret),
                            projector_hash=hash_secret(derived_secret(token.secret, PROJECTOR)), created_at=utcnow())
            try:
                with self._session() as session, session.begin():
                    session.add(row)
                return NewClass(_class_info(row), token)
            except IntegrityError:
                continue
        raise RuntimeError("could not draw a free class id and join code")

    def teacher_class(self, token_text: str | None) -> ClassInfo | None:
        """The class whose teacher link holds ``token_text``, or ``None`` (wrong, unknown or malformed)."""
        token = Token.parse(token_text)
        if token is None:
            return None
        with self._session() as session:
            row = session.get(Classroom, token.id)
            if row is None or not token.check(row.teacher_hash):
                return None
            return _class_info(row)

    def projector_token(self, teacher_token: str | None) -> Token | None:
        """The projector link's token of the class whose teacher link holds ``teacher_token`` (``None`` for a
        wrong one): ``<class id>.<secret derived from the teacher's>``. Its hash is stored on first use (a class
        made before projector links)."""
        token = Token.parse(teacher_token)
        if token is None:
            return None
        projector = Token(token.id, derived_secret(token.secret, PROJECTOR))
        with self._session() as session:
            row = session.get(Classroom, token.id)
            if row is None or not token.check(row.teacher_hash):
                return None
            stored = row.projector_hash
        if stored != hash_secret(projector.secret):  # written once, not at every look at the teacher's page
            self._update(update(Classroom).where(Classroom.id == token.id,
                                                 Classroom.teacher_hash == hash_secret(token.secret))
                         .values(projector_hash=hash_secret(projector.secret)))
        return projector

    def projector_class(self, token_text: str | None) -> ClassInfo | None:
        """The class whose projector link holds ``token_text``, or ``None``. It opens only the read-only view: a
        teacher link is not a projector link and a projector link is not a teacher link (different secrets)."""
        token = Token.parse(token_text)
        if token is None:
            return None
        with self._session() as session:
            row = session.get(Classroom, token.id)
            if row is None or row.projector_hash is None or not token.check(row.projector_hash):
                return None
            return _class_info(row)

    def new_teacher_link(self, teacher_token: str | None) -> Token | None:
        """A new teacher link for the class whose teacher link holds ``teacher_token``: the old one (and the old
        projector link) stop working at once. ``None`` (nothing changed) for a wrong link, or one replaced
        meanwhile."""
        old = Token.parse(teacher_token)
        if old is None:
            return None
        new = Token.new(old.id)

        def work(session: Session) -> Token | None:
            row = session.get(Classroom, old.id, with_for_update=True)
            if row is None or not old.check(row.teacher_hash):
                return None
            row.teacher_hash = hash_secret(new.secret)
            row.projector_hash = hash_secret(derived_secret(new.secret, PROJECTOR))
            return new

        return self.write(work)

    def class_info(self, class_id: str | None) -> ClassInfo | None:
        """The class ``class_id`` (for a learner's view: callers check the learner first); ``None`` for no class."""
        if not class_id:
            return None
        with self._session() as session:
            row = session.get(Classroom, class_id)
            return None if row is None else _class_info(row)

    def class_by_code(self, code: str, client: str | None = None) -> ClassInfo | None:
        """The class a join code opens (typed in any case, with spaces or dashes), or ``None``.

        With ``client`` (the asker's address), wrong codes are rate-limited (:mod:`classroom.throttle`): only
        misses count, at most :data:`~classroom.throttle.CLIENT_GUESSES` from one client and
        :data:`~classroom.throttle.ALL_GUESSES` from all; while either is used up, a code is refused, right or
        wrong, unless it opens a class this client gave the right code of lately
        (:data:`~classroom.throttle.CLASS_ADDRESS`: a school's own class keeps working for its pupils).

        Raises:
            ClassroomError: ``field`` ``"throttled"``: too many wrong codes from this client (or from everyone)
                lately.
        """
        code = normalize_join_code(code or "")
        if not code:
            return None
        with self._session() as session:
            row = session.scalars(select(Classroom).where(Classroom.join_code == code)).first()
            found = None if row is None else _class_info(row)
        if client is None:
            return found
        if found is not None:
            pair = f"{found.id}|{client}"
            if self.throttle.count(CLASS_ADDRESS, pair) or not (
                    self.throttle.full(CLIENT_GUESSES, client) or self.throttle.full(ALL_GUESSES, "*")):
                self.throttle.note(CLASS_ADDRESS, pair)
                return found
            LOGGER.warning("refused a right code for key %s: its wrong codes are used up", key_hash(client))
        elif self.throttle.check(CLIENT_GUESSES, client) and self.throttle.check(ALL_GUESSES, "*"):
            return None
        raise ClassroomError("throttled", "too many wrong join codes from this client: wait a minute")

    def vouch(self, class_id: str, client: str) -> None:
        """Note ``client`` as one of the class's own addresses (:data:`~classroom.throttle.CLASS_ADDRESS`): the
        class's right code keeps working from there while wrong codes from it are over their limit."""
        self.throttle.note(CLASS_ADDRESS, f"{class_id}|{client}")

    def archive_class(self, class_id: str, archived: bool = True) -> None:
        """Archive the class (learners can no longer join or answer), or bring it back."""
        self._update(update(Classroom).where(Classroom.id == class_id)
                     .values(archived_at=utcnow() if archived else None))

    def set_joining_locked(self, teacher_token: str | None, locked: bool) -> ClassInfo | None:
        """Lock (or unlock) joining the class whose teacher link holds ``teacher_token``: while locked,
        :meth:`join` refuses everyone (learners already in keep working). Returns the class as it now is, or
        ``None`` for a wrong, unknown or malformed link (nothing is changed)."""
        klass = self.teacher_class(teacher_token)
        if klass is None:
            return None
        self._update(update(Classroom).where(Classroom.id == klass.id).values(joining_locked=bool(locked)))
        return self.class_info(klass.id)

    # ------------------------------------------------------------------ learners

    def _suggest(self, session: Session, class_id: str, name: str) -> str:
        taken = set(session.scalars(select(Learner.name_key).where(Learner.class_id == class_id)))
        for n in range(2, 1000):
            suffix = f" {n}"
            candidate = name[: LEARNER_NAME_MAX - len(suffix)] + suffix
            if name_key(candidate) not in taken:
                return candidate
        return name[: LEARNER_NAME_MAX - 7] + " " + new_id(6)

    def join(self, class_id: str, name: str) -> NewLearner:
        """Add a learner called ``name`` to the class (at most :data:`~classroom.throttle.CLASS_JOINS` a minute
        into one class; a join that does not happen gives its slot back).

        Raises:
            NameTakenError: the name (compared ignoring case and spaces) is taken; it carries a free one.
            ClassroomError: an empty or too long name, an unknown or archived class, a full class
                (``field`` ``"class"``); joining locked by the teacher (``"locked"``); too many joins into
                this class in the last minute (``"throttled"``).
        """
        name = clean_text(name, "name", LEARNER_NAME_MAX)
        key = name_key(name)
        token = Token.new(new_id(10))
        with self._session() as session:
            klass = session.get(Classroom, class_id)
            if klass is None or klass.archived_at is not None:
                raise ClassroomError("class", "this class is not open for joining")
            if klass.joining_locked:
                raise ClassroomError("locked", "the teacher has locked joining this class")
            count = session.scalar(select(func.count()).select_from(Learner).where(
                Learner.class_id == class_id, Learner.removed_at.is_(None))) or 0
            if count >= MAX_LEARNERS:
                raise ClassroomError("class", f"this class is full ({MAX_LEARNERS} learners)")
            if session.scalar(select(Learner.id).where(Learner.class_id == class_id, Learner.name_key == key)):
                raise NameTakenError(name, self._suggest(session, class_id, name))
        if not self.throttle.check(CLASS_JOINS, class_id):
            raise ClassroomError("throttled", "too many learners joined this class in the last minute: wait a minute")
        row = Learner(id=token.id, class_id=class_id, name=name, name_key=key,
                      secret_hash=hash_secret(token.secret), joined_at=utcnow())
        try:
            with self._session() as session, session.begin():
                session.add(row)
        except IntegrityError:  # the same name joined a moment ago
            self.throttle.give_back(CLASS_JOINS.scope, class_id)
            with self._session() as session:
                raise NameTakenError(name, self._suggest(session, class_id, name)) from None
        return NewLearner(learner_info(row), token)

    def learner(self, token_text: str | None) -> LearnerInfo | None:
        """The learner whose personal link holds ``token_text``, or ``None`` (wrong, unknown or malformed).

        A removed learner is returned (``removed`` is true) so the page can say so.
        """
        token = Token.parse(token_text)
        if token is None:
            return None
        with self._session() as session:
            row = session.get(Learner, token.id)
            if row is None or not token.check(row.secret_hash):
                return None
            return learner_info(row)

    def new_learner_link(self, class_id: str, learner_id: str) -> Token | None:
        """A new personal link for a learner of the class (who lost theirs): the same learner, answers and
        profile; the old link stops working at once. ``None`` for a learner not in the class or removed."""
        token = Token.new(learner_id)

        def work(session: Session) -> Token | None:
            row = session.get(Learner, learner_id, with_for_update=True)
            if row is None or row.class_id != class_id or row.removed_at is not None:
                return None
            row.secret_hash = hash_secret(token.secret)
            return token

        return self.write(work)

    def learners(self, class_id: str, include_removed: bool = False) -> list[LearnerInfo]:
        """The class's learners in the order they joined."""
        query = select(Learner).where(Learner.class_id == class_id).order_by(Learner.joined_at, Learner.id)
        if not include_removed:
            query = query.where(Learner.removed_at.is_(None))
        with self._session() as session:
            return [learner_info(row) for row in session.scalars(query)]

    def remove_learner(self, class_id: str, learner_id: str) -> None:
        """Take a learner out of the class: their link stops working; their answers stay in the records."""
        self._update(update(Learner).where(Learner.id == learner_id, Learner.class_id == class_id,
                                           Learner.removed_at.is_(None)).values(removed_at=utcnow()))

    # ------------------------------------------------------------------ assignments

    def assign(self, class_id: str, title: str, drill_set: DrillSet, deadline: datetime | None = None) -> AssignmentInfo:
        """A new assignment of ``drill_set`` (graded afterwards: :meth:`store_question` for each question).

        Raises:
            ClassroomError: an empty or too long title, a deadline in the past, an archived class.
        """
        title = clean_text(title, "title", TITLE_MAX)
        _check_deadline(deadline)
        house = None if drill_set.house is None else dump_rule_set(drill_set.house)
        with self._session() as session, session.begin():
            klass = session.get(Classroom, class_id)
            if klass is None or klass.archived_at is not None:
                raise ClassroomError("class", "this class is archived")
            row = Assignment(class_id=class_id, title=title, kinds=",".join(k.value for k in drill_set.kinds),
                             level=drill_set.level.value, rule_set_id=drill_set.rule_set_id, house_toml=house,
                             seed=drill_set.seed, count=drill_set.count, deadline=deadline, created_at=utcnow(),
                             picks=list(drill_set.picks) or None)
            session.add(row)
            session.flush()
            return self._assignment_info(session, row)

    def _assignment_info(self, session: Session, row: Assignment) -> AssignmentInfo:
        graded = session.scalar(select(func.count()).select_from(AssignedQuestion).where(
            AssignedQuestion.assignment_id == row.id)) or 0
        return AssignmentInfo(row.id, row.class_id, row.title, _drill_set(row), row.deadline,
                              row.created_at, row.closed_at, graded, row.grading_error, row.learner_id, row.follow_up,
                              row.replaced_by)

    def assignments(self, class_id: str, learner_id: str | None = None) -> list[AssignmentInfo]:
        """The class's assignments (their current versions), newest first; with ``learner_id``, only those given to
        that learner (the class's, and their own follow-ups: never another learner's)."""
        query = select(Assignment).where(Assignment.class_id == class_id, Assignment.replaced_by.is_(None))
        if learner_id is not None:
            query = query.where(or_(Assignment.learner_id.is_(None), Assignment.learner_id == learner_id))
        with self._session() as session:
            rows = session.scalars(query.order_by(Assignment.created_at.desc(), Assignment.id.desc()))
            return [self._assignment_info(session, row) for row in rows]

    def assignment(self, assignment_id: int) -> AssignmentInfo | None:
        """One assignment, or ``None``."""
        with self._session() as session:
            row = session.get(Assignment, assignment_id)
            return None if row is None else self._assignment_info(session, row)

    def pending_assignments(self) -> list[AssignmentInfo]:
        """Assignments not fully graded and not failed (to resume after a restart)."""
        with self._session() as session:
            graded = (select(AssignedQuestion.assignment_id, func.count().label("n"))
                      .group_by(AssignedQuestion.assignment_id).subquery())
            rows = session.scalars(
                select(Assignment).outerjoin(graded, graded.c.assignment_id == Assignment.id)
                .where(Assignment.grading_error.is_(None), func.coalesce(graded.c.n, 0) < Assignment.count))
            return [self._assignment_info(session, row) for row in rows]

    def set_deadline(self, class_id: str, assignment_id: int, deadline: datetime | None) -> AssignmentInfo | None:
        """Change an assignment's deadline, or remove it (``None``); answers are taken again until the new one.
        Returns the assignment as it now is, or ``None`` when it is not one of this class's.

        Raises:
            ClassroomError: ``field`` ``"deadline"``: a deadline without its time zone or in the past.
        """
        _check_deadline(deadline)

        def work(session: Session) -> AssignmentInfo | None:
            row = session.get(Assignment, assignment_id, with_for_update=True)
            if row is None or row.class_id != class_id:
                return None
            row.deadline = deadline
            session.flush()
            return self._assignment_info(session, row)

        return self.write(work)

    def close_assignment(self, class_id: str, assignment_id: int, closed: bool = True) -> None:
        """Stop (or resume) taking answers for an assignment of this class."""
        self._update(update(Assignment).where(Assignment.id == assignment_id, Assignment.class_id == class_id)
                     .values(closed_at=utcnow() if closed else None))

    def rename_assignment(self, class_id: str, assignment_id: int, title: str) -> None:
        """Give an assignment of this class a new title (its questions and answers stay as they are).

        Raises:
            ClassroomError: ``"title"`` for an empty or too long title (as :meth:`assign`).
        """
        title = clean_text(title, "title", TITLE_MAX)
        self._update(update(Assignment).where(Assignment.id == assignment_id, Assignment.class_id == class_id)
                     .values(title=title))

    def delete_assignment(self, class_id: str, assignment_id: int) -> int | None:
        """Delete an assignment of this class: its questions and the class's answers to it (the board, the CSV)
        go with it; each learner's profile keeps their own attempts (Progress, the review queue: run
        ``"a<id>"``, no link to the assignment's row). Returns how many class answers were deleted, ``None`` when
        it is not one of this class's (deleted already, another class's).

        Raises:
            ClassroomError: ``"assignment"`` while it is still being graded (its questions are being stored).
        """

        def work(session: Session) -> int | None:
            row = session.scalars(select(Assignment).where(Assignment.id == assignment_id,
                                                           Assignment.class_id == class_id).with_for_update()).first()
            if row is None:
                return None
            if not self._assignment_info(session, row).ready and row.grading_error is None:
                raise ClassroomError("assignment", "this assignment is still being prepared")
            old = session.scalars(select(Assignment).where(Assignment.replaced_by == assignment_id)).all()
            deleted = sum(delete_set(session, version, AnswerRow.assignment_id, AssignedQuestion.assignment_id,
                                     source_key(ASSIGNMENT, version.id)) for version in self._versions(session, old))
            return deleted + delete_set(session, row, AnswerRow.assignment_id, AssignedQuestion.assignment_id,
                                        source_key(ASSIGNMENT, assignment_id))

        return self.write(work)

    @staticmethod
    def _versions(session: Session, rows: Sequence[Assignment]) -> list[Assignment]:
        """``rows`` and every version each replaced, the oldest last."""
        found, queue = [], list(rows)
        while queue:
            row = queue.pop(0)
            found.append(row)
            queue.extend(session.scalars(select(Assignment).where(Assignment.replaced_by == row.id)))
        return found

    def edit_questions(self, class_id: str, assignment_id: int, keep: Sequence[int],
                       added: Sequence[tuple[str, Mapping[str, Any], bytes]]) -> Edited | None:
        """Edit the questions of a ready assignment of this class: keep questions ``keep`` (0-based numbers, in their
        order) and add ``added`` (kind, record and packed question each, :mod:`classroom.snapshot`) after them. The
        edited assignment is a new version (a new id, the same title, deadline, state and learner): the answers to
        the kept questions are copied to it, renumbered; the old version is hidden (``replaced_by``) and keeps every
        answer given to it, those to the removed questions among them (the archive: not on the board nor in the CSV;
        each learner's own history keeps theirs). A learner's page still on the old version is refused its next
        answer and opens the new one. Returns what it did, ``None`` when it is not one of this class's current
        assignments.

        Raises:
            ClassroomError: ``"questions"`` for none left or more than :data:`maubinh.drills.MAX_QUESTIONS`, or a
                number outside the assignment; ``"assignment"`` while it is still being prepared.
        """
        kept = list(dict.fromkeys(int(n) for n in keep))
        if not 1 <= len(kept) + len(added) <= MAX_QUESTIONS:
            raise ClassroomError("questions", f"an assignment has 1-{MAX_QUESTIONS} questions")

        def work(session: Session) -> Edited | None:
            row = session.scalars(select(Assignment).where(Assignment.id == assignment_id,
                                                           Assignment.class_id == class_id).with_for_update()).first()
            if row is None or row.replaced_by is not None:
                return None
            if not self._assignment_info(session, row).ready or row.grading_error is not None:
                raise ClassroomError("assignment", "this assignment is still being prepared")
            if any(not 0 <= n < row.count for n in kept):
                raise ClassroomError("questions", "a question kept is outside the assignment")
            stored = {q.number: q for q in session.scalars(
                select(AssignedQuestion).where(AssignedQuestion.assignment_id == assignment_id))}
            questions: list[tuple[str, dict[str, Any], bytes]] = [
                (stored[n].kind, dict(stored[n].record), stored[n].blob) for n in kept]
            questions += [(kind, dict(rec), blob) for kind, rec, blob in added]
            follow_up, row.follow_up = row.follow_up, None  # the new version takes it (unique with the learner)
            session.flush()
            new = copy_questions(session, questions, class_id=class_id, title=row.title, rule_set_id=row.rule_set_id,
                                 house_toml=row.house_toml, seed=row.seed, deadline=row.deadline,
                                 created_at=row.created_at, closed_at=row.closed_at, learner_id=row.learner_id,
                                 follow_up=follow_up)
            row.replaced_by = new.id
            renumber = {old: n for n, old in enumerate(kept)}
            answers = session.scalars(select(AnswerRow).where(AnswerRow.assignment_id == assignment_id)).all()
            session.add_all([AnswerRow(assignment_id=new.id, learner_id=a.learner_id, number=renumber[a.number],
                                       code=a.code, correct=a.correct, chi_lost=a.chi_lost, seconds=a.seconds,
                                       answered_at=a.answered_at) for a in answers if a.number in renumber])
            session.flush()
            copied = sum(1 for a in answers if a.number in renumber)
            return Edited(new.id, len(kept), row.count - len(kept), len(added), copied, len(answers) - copied)

        return self.write(work)

    def current_version(self, assignment_id: int) -> int:
        """The id of the assignment's current version (itself unless its questions were edited since)."""
        with self._session() as session:
            for _ in range(10_000):
                newer = session.scalar(select(Assignment.replaced_by).where(Assignment.id == assignment_id))
                if newer is None:
                    return assignment_id
                assignment_id = int(newer)
        return assignment_id

    def grading_failed(self, assignment_id: int, message: str) -> None:
        """Note that grading an assignment failed (shown to its teacher)."""
        self._update(update(Assignment).where(Assignment.id == assignment_id)
                     .values(grading_error=message[:2000]))

    def graded_numbers(self, assignment_id: int) -> set[int]:
        """The numbers (0-based) of the questions already stored."""
        with self._session() as session:
            return set(session.scalars(select(AssignedQuestion.number)
                                       .where(AssignedQuestion.assignment_id == assignment_id)))

    def store_question(self, assignment_id: int, number: int, question: Question) -> None:
        """Store question ``number`` as asked and graded (a second store of the same number changes nothing)."""
        values = {"assignment_id": assignment_id, "number": number, "kind": question.kind.value,
                  "record": record(question), "blob": pack(question), "graded_at": utcnow()}
        with self._session() as session, session.begin():
            session.execute(self._insert(session, AssignedQuestion).values(**values).on_conflict_do_nothing())

    def question(self, assignment_id: int, number: int) -> Question:
        """Question ``number`` of the assignment, as stored (read once per process, then kept in memory).

        Raises:
            KeyError: the question is not stored (yet).
            classroom.snapshot.SnapshotError: the stored question cannot be read back.
        """
        key = (assignment_id, number)
        with self._lock:
            found = self._questions.get(key)
            if found is not None:
                self._questions.move_to_end(key)
                return found
        with self._session() as session:
            blob = session.scalar(select(AssignedQuestion.blob).where(
                AssignedQuestion.assignment_id == assignment_id, AssignedQuestion.number == number))
        if blob is None:
            raise KeyError(f"question {number} of assignment {assignment_id} is not stored")
        question = unpack(blob)
        with self._lock:
            self._questions[key] = question
            while len(self._questions) > _QUESTIONS_KEPT:
                self._questions.popitem(last=False)
        return question

    def records(self, assignment_id: int) -> list[dict[str, Any]]:
        """Each stored question's record (:func:`classroom.snapshot.record`), by number."""
        with self._session() as session:
            rows = session.execute(select(AssignedQuestion.number, AssignedQuestion.record)
                                   .where(AssignedQuestion.assignment_id == assignment_id)
                                   .order_by(AssignedQuestion.number))
            return [dict(rec, number=number) for number, rec in rows]

    # ------------------------------------------------------------------ answers

    @staticmethod
    def _insert(session: Session, table: type[Any]) -> Any:
        dialect = session.get_bind().dialect.name
        return (pg_insert if dialect == "postgresql" else sqlite_insert)(table)

    def submit(self, assignment_id: int, learner_id: str, number: int, code: str, correct: bool,
               chi_lost: float | None, seconds: float,
               also: Callable[[Session, StoredAnswer, DrillSet | QuestionList], object] | None = None) -> StoredAnswer:
        """Store a learner's answer to question ``number``; the first answer stays (a resubmission, from a
        double click or another device, returns the stored one unchanged).

        ``also`` runs in the same transaction with the answer as stored (new or earlier) and the assignment's
        drill set: what it writes (the learner's profile, :meth:`classroom.practice.Practice.answer`) is
        stored together with the answer or not at all.

        Raises:
            ClassroomError: the learner is removed or not in the assignment's class, the class is archived
                (``field`` ``"class"``), the assignment takes no answers (closed, past its deadline, not
                graded yet), or ``number`` is outside it.
        """
        values = {"assignment_id": assignment_id, "learner_id": learner_id, "number": number,
                  "code": code[:200], "correct": bool(correct),
                  "chi_lost": None if chi_lost is None else float(chi_lost),
                  "seconds": max(0.0, min(float(seconds), 86_400.0))}
        mine = (AnswerRow.assignment_id == assignment_id, AnswerRow.learner_id == learner_id,
                AnswerRow.number == number)

        def work(session: Session) -> StoredAnswer:
            # The learner's row is locked first (PostgreSQL): one learner's answers are stored one at a time.
            learner = session.get(Learner, learner_id, with_for_update=True)
            assignment = session.get(Assignment, assignment_id)
            if (learner is None or assignment is None or learner.class_id != assignment.class_id
                    or assignment.learner_id not in (None, learner_id)):
                raise ClassroomError("assignment", "this assignment is not for this learner")
            if learner.removed_at is not None:
                raise ClassroomError("learner", "this learner was removed from the class")
            if not 0 <= number < assignment.count:
                raise ClassroomError("number", f"question {number + 1} is outside the assignment")
            existing = session.scalars(select(AnswerRow).where(*mine)).first()
            if existing is None:
                klass = session.get(Classroom, assignment.class_id)
                if klass is None or klass.archived_at is not None:
                    raise ClassroomError("class", "this class is archived")
                if assignment.replaced_by is not None:
                    raise ClassroomError("replaced", "the teacher changed this assignment's questions")
                if not self._assignment_info(session, assignment).accepts_answers():
                    raise ClassroomError("assignment", "this assignment takes no more answers")
                session.execute(self._insert(session, AnswerRow).values(**values, answered_at=utcnow())
                                .on_conflict_do_nothing())
                existing = session.scalars(select(AnswerRow).where(*mine)).one()
            stored = _answer(existing)
            if also is not None:
                also(session, stored, _drill_set(assignment))
            return stored

        return self.write(work)

    def answers(self, assignment_id: int, learner_id: str | None = None) -> list[StoredAnswer]:
        """The assignment's answers (one learner's when ``learner_id`` is given), by learner and number."""
        columns = (AnswerRow.assignment_id, AnswerRow.learner_id, AnswerRow.number, AnswerRow.code,
                   AnswerRow.correct, AnswerRow.chi_lost, AnswerRow.seconds, AnswerRow.answered_at)
        query = select(*columns).where(AnswerRow.assignment_id == assignment_id)
        if learner_id is not None:
            query = query.where(AnswerRow.learner_id == learner_id)
        with self._session() as session:
            rows = session.execute(query.order_by(AnswerRow.learner_id, AnswerRow.number))
            return [StoredAnswer(a, lid, n, code, bool(ok), lost, sec, at)
                    for a, lid, n, code, ok, lost, sec, at in rows]

    def answer_counts(self, class_id: str) -> dict[int, int]:
        """Answers stored per assignment of the class (for the assignment list)."""
        with self._session() as session:
            rows = session.execute(select(AnswerRow.assignment_id, func.count()).join(
                Assignment, Assignment.id == AnswerRow.assignment_id).where(Assignment.class_id == class_id)
                .group_by(AnswerRow.assignment_id))
            return {aid: n for aid, n in rows}

    def read_question(self, assignment_id: int, number: int) -> Question | None:
        """:meth:`question`, or ``None`` when it is not stored or cannot be read back."""
        try:
            return self.question(assignment_id, number)
        except (KeyError, SnapshotError):
            return None

    def forget_cached(self) -> None:
        """Drop the questions kept in memory (they are read again from the database when asked for)."""
        with self._lock:
            self._questions.clear()


def copy_questions(session: Session, questions: Sequence[tuple[str, Mapping[str, Any], bytes]],
                   **columns: Any) -> Assignment:
    """In the caller's write transaction, a new assignment of ``questions`` (kind, record and packed question each,
    :mod:`classroom.snapshot`) copied one by one, numbered from 0, each named by its record's kind, level and seed
    (``refs``: its key, rating and review stay the question's); ``columns``: the rest of its row (class, title,
    rules, seed, deadline...). A follow-up (:mod:`classroom.follow_ups`) and an edited assignment are made so."""
    refs = [[rec["kind"], rec["level"], int(rec["seed"])] for _, rec, _ in questions]
    row = Assignment(kinds=",".join(dict.fromkeys(kind for kind, _, _ in questions)), level=str(refs[0][1]),
                     count=len(questions), picks=None, refs=refs, **columns)
    session.add(row)
    session.flush()
    now = utcnow()
    session.add_all([AssignedQuestion(assignment_id=row.id, number=n, kind=kind, record=dict(rec), blob=blob,
                                      graded_at=now) for n, (kind, rec, blob) in enumerate(questions)])
    return row


def delete_set(session: Session, row: Any, answer_of: InstrumentedAttribute[int],
               question_of: InstrumentedAttribute[int], source: str) -> int:
    """In the caller's write transaction, delete a set of questions (an assignment's, a live session's ``row``: its
    ``id`` and ``class_id``), its questions (``question_of``: their column naming the set) and the class's answers
    to them (``answer_of``); returns how many answers went. Its follow-ups (:mod:`classroom.follow_ups`, ``source``
    as :func:`~classroom.models.source_key` names it) stay as assignments of their own and no longer name it (an id
    SQLite gives again later must not find them as its follow-up)."""
    answers = int(session.scalar(select(func.count()).where(answer_of == row.id)) or 0)
    session.execute(delete(answer_of.class_).where(answer_of == row.id))
    session.execute(delete(question_of.class_).where(question_of == row.id))
    session.execute(update(Assignment).where(Assignment.class_id == row.class_id, Assignment.follow_up == source)
                    .values(follow_up=None))
    session.delete(row)
    return answers


def questions_of(store: ClassroomStore, assignment: AssignmentInfo) -> Sequence[Question | None]:
    """Every question of an assignment as stored (``None`` where one is missing or unreadable)."""
    return [store.read_question(assignment.id, n) for n in range(assignment.count)]
