"""A rate limit kept in the classroom database, so that every server on one database shares it (issue 22,
item 12: 84 join-code guesses a second from one client went through, unslowed and unlogged).

:class:`Throttle` counts events per ``(scope, key)`` in the ``throttle_events`` table: :meth:`Throttle.allow`
looks at the events of the last ``per_seconds``, and when fewer than ``limit``, stores one and says yes. The
count and the insert are one transaction that no other check of the same ``(scope, key)`` can interleave
with: on SQLite the store's write transaction holds the database's write lock from its start
(``BEGIN IMMEDIATE``); on PostgreSQL a transaction-level advisory lock on a 64-bit hash of ``(scope, key)``
makes checks of that pair take turns (other pairs do not wait). 30 requests at once under a limit of 20:
exactly 20 are allowed, on either database.

Keys are hashed (:func:`key_hash`) before they are stored or logged: no client address is kept. Events
older than :data:`KEPT_SECONDS` are deleted now and then by a check (one in :data:`SWEEP_EVERY`), so the
table stays small with no background job. Each refusal is logged on the ``maubinh.throttle`` logger.

The limits the classroom applies (:mod:`classroom.service`, :mod:`classroom.practice`) are the module
constants below, each with the reason for its figure.
"""

from __future__ import annotations

import hashlib
import logging
import random
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from sqlalchemy import delete, func, select, text
from sqlalchemy.orm import Session

from classroom.models import ThrottleEvent, utcnow

if TYPE_CHECKING:
    from classroom.service import ClassroomStore

__all__ = [
    "ALL_GUESSES",
    "CLASS_ADDRESS",
    "CLASS_JOINS",
    "CLIENT_GUESSES",
    "CLIENT_PROFILES",
    "KEPT_SECONDS",
    "LOGGER",
    "SWEEP_EVERY",
    "Limit",
    "Throttle",
    "key_hash",
]

LOGGER = logging.getLogger("maubinh.throttle")
"""Where refusals are logged (a warning each: scope, hashed key, limit)."""
KEPT_SECONDS = 3600
"""Events older than this are deleted by the sweep; no limit may look back further."""
SWEEP_EVERY = 100
"""About one check in this many also deletes the events older than :data:`KEPT_SECONDS`."""


class Limit:
    """A limit: at most ``limit`` events of one key in ``per_seconds``, counted under ``scope``."""

    __slots__ = ("limit", "per_seconds", "scope")

    def __init__(self, scope: str, limit: int, per_seconds: int) -> None:
        if not 0 < per_seconds <= KEPT_SECONDS:
            raise ValueError(f"per_seconds must be in 1..{KEPT_SECONDS}")
        self.scope = scope
        self.limit = limit
        self.per_seconds = per_seconds

    def __repr__(self) -> str:
        return f"Limit({self.scope!r}, {self.limit}, {self.per_seconds})"


CLIENT_GUESSES = Limit("code_guess", 30, 60)
"""Wrong join codes accepted from one client, 30 a minute; only misses count (a right code takes no slot). A
school's pupils share one address behind its NAT, so the allowance is a whole room mistyping once in the same
minute; it still ends brute force from one address: 84 guesses a second become one every 2 s."""
ALL_GUESSES = Limit("code_guess_all", 600, 60)
"""Wrong join codes accepted from all clients together, 600 a minute (twenty rooms mistyping at once): a
thousand addresses guessing together get no more than this (finding one of 100 classes among 31^6 codes takes
them about ten days on average, against five hours at 30 a minute each)."""
CLASS_ADDRESS = Limit("class_client", 1, 3600)
"""A class's own addresses: a right code given from an address (or the class made from it) notes the pair
for an hour (:data:`~Limit.per_seconds`; ``limit`` is unused), and while that address is over
:data:`CLIENT_GUESSES` or everyone over :data:`ALL_GUESSES`, its class's right code still opens it (issue 32,
item 3: one pupil's 20 wrong codes locked the whole school out). Any other code is refused then, right or
wrong, so a refusal tells a guesser nothing."""
CLASS_JOINS = Limit("class_join", 60, 60)
"""Learners joining one class, 60 a minute: a whole class (at most 100) arriving at once still gets in within
two minutes, while anyone holding the code can no longer fill it to its cap in 49 s unseen (each refusal is
logged) and the teacher has time to lock joining."""
CLIENT_PROFILES = Limit("profile", 60, 60)
"""Profiles made from one client, 60 a minute: two rooms of 30 making one each at the start of a lesson
share an address (at 20, ten of a room of 30 were refused); a script making 100 in 10 s is slowed to 60 a
minute."""


def key_hash(key: str) -> str:
    """The form of a key that is stored and logged: the first 32 hex digits of its SHA-256 (no address is
    kept as typed; a hash of an IPv4 address can be reversed by trying them all, so it hides it from a
    reader of the log, not from a determined one).

    >>> len(key_hash("203.0.113.7")), key_hash("a") == key_hash("a")
    (32, True)
    """
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _lock_id(scope: str, hashed: str) -> int:
    """A signed 64-bit number for ``pg_advisory_xact_lock`` (apart from the migrations' own lock id)."""
    digest = hashlib.sha256(f"throttle:{scope}:{hashed}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


class Throttle:
    """Rate limits on a :class:`~classroom.service.ClassroomStore`'s database (see the module's text)."""

    def __init__(self, store: ClassroomStore, clock: Callable[[], datetime] = utcnow) -> None:
        self.store = store
        self.clock = clock

    def allow(self, scope: str, key: str, limit: int, per_seconds: int) -> bool:
        """Whether one more event of ``key`` under ``scope`` fits: fewer than ``limit`` in the last
        ``per_seconds`` (at most :data:`KEPT_SECONDS`). If so it is counted (stored) and ``True`` is returned;
        if not, nothing is stored, the refusal is logged, and ``False`` is returned."""
        if not 0 < per_seconds <= KEPT_SECONDS:
            raise ValueError(f"per_seconds must be in 1..{KEPT_SECONDS}")
        hashed = key_hash(key)

        def recent(session: Session, now: datetime) -> int:
            return session.scalar(select(func.count()).select_from(ThrottleEvent).where(
                ThrottleEvent.scope == scope, ThrottleEvent.key == hashed,
                ThrottleEvent.at > now - timedelta(seconds=per_seconds))) or 0

        def work(session: Session) -> bool:
            now = self.clock()
            if session.get_bind().dialect.name == "postgresql":
                session.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": _lock_id(scope, hashed)})
            if random.randrange(SWEEP_EVERY) == 0:
                session.execute(delete(ThrottleEvent).where(ThrottleEvent.at < now - timedelta(seconds=KEPT_SECONDS)))
            if recent(session, now) >= limit:
                return False
            session.add(ThrottleEvent(scope=scope, key=hashed, at=now))
            return True

        # A flood is refused by a plain read, without taking the write lock (on SQLite, the whole database's)
        # that every answer being stored needs; the decision to allow is only ever taken under the lock.
        with self.store._session() as session:
            full = recent(session, self.clock()) >= limit
        allowed = False if full else self.store.write(work)
        if not allowed:
            LOGGER.warning("refused %s for key %s: %d in %d s already", scope, hashed, limit, per_seconds)
        return allowed

    def check(self, rule: Limit, key: str) -> bool:
        """:meth:`allow` with a :class:`Limit`."""
        return self.allow(rule.scope, key, rule.limit, rule.per_seconds)

    def count(self, rule: Limit, key: str) -> int:
        """Events of ``key`` under ``rule`` in its last ``per_seconds`` (a plain read: nothing is stored)."""
        hashed = key_hash(key)
        with self.store._session() as session:
            return session.scalar(select(func.count()).select_from(ThrottleEvent).where(
                ThrottleEvent.scope == rule.scope, ThrottleEvent.key == hashed,
                ThrottleEvent.at > self.clock() - timedelta(seconds=rule.per_seconds))) or 0

    def full(self, rule: Limit, key: str) -> bool:
        """Whether ``key`` has used up ``rule`` (:meth:`count` at its limit or over); nothing is stored."""
        return self.count(rule, key) >= rule.limit

    def note(self, rule: Limit, key: str, again_after: int = 600) -> None:
        """Store an event of ``key`` under ``rule``, unlimited, unless one is stored from the last
        ``again_after`` seconds (a pair noted as known stays known without a write per request)."""
        hashed = key_hash(key)
        with self.store._session() as session:
            recent = session.scalar(select(ThrottleEvent.id).where(
                ThrottleEvent.scope == rule.scope, ThrottleEvent.key == hashed,
                ThrottleEvent.at > self.clock() - timedelta(seconds=min(again_after, rule.per_seconds))).limit(1))
        if recent is None:
            self.store.write(lambda session: session.add(ThrottleEvent(scope=rule.scope, key=hashed, at=self.clock())))

    def give_back(self, scope: str, key: str) -> None:
        """Uncount the newest event of ``key`` under ``scope`` (a lookup that turned out not to be a wrong guess,
        a join that did not happen)."""
        hashed = key_hash(key)

        def work(session: Session) -> None:
            newest = session.scalar(select(ThrottleEvent.id).where(ThrottleEvent.scope == scope,
                                                                   ThrottleEvent.key == hashed)
                                    .order_by(ThrottleEvent.at.desc(), ThrottleEvent.id.desc()).limit(1))
            if newest is not None:
                session.execute(delete(ThrottleEvent).where(ThrottleEvent.id == newest))

        self.store.write(work)
