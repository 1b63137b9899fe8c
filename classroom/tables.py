"""A class at one table (issue 19, duplicate deals): table sessions a teacher starts, and the hands learners play.

A table session (:class:`TableSessionInfo`) is a :class:`maubinh.play.Table` given to a class: the class's
rule set (house rules included, kept as TOML so a later edit changes nothing), a 64-bit seed, 1-3 computer
players of chosen strengths, a number of deals and a timer (off, 60 or 90 s; the limit is shown, the time
taken recorded). The clock is the server's (:mod:`classroom.clock`): each learner's first showing of each deal is
stored (:meth:`TableSessions.show`), the time taken and the deadline count from it, and an "expired" the browser
sends before the deadline is not believed; a hand the timer played is stored with its origin
(:class:`maubinh.play.Origin`) and, without a complete, legal split, charged as a miss. Every learner plays the
same deals: the same seed gives the same cards
(:func:`maubinh.play.deal_cards`) and the same computer players' splits (:meth:`maubinh.play.Table.bot_plays`).

:meth:`TableSessions.submit` settles a learner's hand at the table (:func:`maubinh.play.play_deal`), grades
it (:func:`maubinh.play.analyse`: expected chi of the split and of the best one, chi lost with its standard
error) and stores it with the analysis. The heavy work of a deal, the computer players' splits and the best
split with its sampled tables (:func:`maubinh.play.study`), is the same for every learner: the app passes a
:class:`DealWork` that makes it once per process and deal and shares it (:class:`background.deals.Deals`, even when
the whole class submits at the same moment, and started in the background when a deal is shown); this module only
stores (issue 33, item 2), and without one each hand is graded on its own (:class:`Direct`).

Writes follow the assignments' answers (:meth:`classroom.service.ClassroomStore.submit`): one stored hand per
(session, learner, deal), atomic under concurrency; the first hand stays and a resubmission (a double tap,
another device) returns it unchanged, so a page can tell a different answer was refused. A closed session,
an archived class or a removed learner takes no hand (:class:`~classroom.service.ClassroomError`).

A new hand is also kept in the learner's own profile (:class:`classroom.play_hands.PlayHands`, the Play page's
history: the Progress page, the hand history, the review queue for a miss) in the same transaction as the
class's record: both are stored, or neither. Hands stored before that (the class's record only) are copied into
the profiles by :meth:`TableSessions.fill_profiles`.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Protocol

from sqlalchemy import ColumnElement, and_, delete, func, select, update
from sqlalchemy.orm import Session

from classroom.clock import DealClocks, Showing, limit_seconds, outcome, table_place, timer_declares
from classroom.models import Classroom, DealShowing, Learner, PlayHand, TableHand, TableSession, utcnow
from classroom.play_hands import PlayedHand, PlayHands
from classroom.practice import Practice
from classroom.service import ClassroomError, ClassroomStore
from maubinh.arrangement import Arrangement
from maubinh.bands import Grade, grade
from maubinh.cards import Card
from maubinh.drills.sets import rules_key
from maubinh.house import dump_rule_set, stored_rule_set
from maubinh.play import (
    MAX_BOTS,
    Analysis,
    DealResult,
    Origin,
    Strength,
    Table,
    analyse,
    play_deal,
)
from maubinh.rules import POSITIONS, RULE_SET_IDS, RuleSet
from maubinh.strategy.decide import decide

__all__ = [
    "MAX_DEALS",
    "SEED_BITS",
    "TIMERS",
    "DealWork",
    "Direct",
    "StoredHand",
    "TableSessionInfo",
    "TableSessions",
    "canonical",
    "parse_split",
]

TIMERS = (0, 60, 90)
"""Seconds a learner has per deal (0: no timer)."""
MAX_DEALS = 20
"""Deals in one table session."""
SEED_BITS = 63
"""A session's seed is drawn from this many bits (a signed 64-bit column holds it)."""


class DealWork(Protocol):
    """What grading a table hand needs from the deal's heavy work (the app's: :class:`background.deals.Deals`)."""

    def solver_split(self, table: Table, number: int) -> Arrangement:
        """The solver's split of the learners' cards of deal ``number``."""
        ...  # pragma: no cover - a protocol

    def grade(self, table: Table, number: int, arrangement: Arrangement, declare: bool,
              missed: bool) -> tuple[DealResult, Analysis]:
        """Settle and grade ``arrangement`` of deal ``number`` (``missed``: graded as a miss)."""
        ...  # pragma: no cover - a protocol


class Direct:
    """:class:`DealWork` made on the spot for each hand, nothing kept (scripts and tests; the server shares it)."""

    def solver_split(self, table: Table, number: int) -> Arrangement:
        return decide(table.deal(number)[0], table.rule_set, opponents=table.seats - 1).arrangement

    def grade(self, table: Table, number: int, arrangement: Arrangement, declare: bool,
              missed: bool) -> tuple[DealResult, Analysis]:
        result = play_deal(table, number, arrangement, declare)
        return result, analyse(table, number, arrangement, declare, actual=result.player_total, missed=missed)


def canonical(arrangement: Arrangement) -> Arrangement:
    """``arrangement`` with each chi's cards high to low (the same split is always written the same way)."""
    back, middle, front = (tuple(sorted(arrangement.chi(p), reverse=True)) for p in POSITIONS)
    return Arrangement(back, middle, front)


def parse_split(text: str) -> Arrangement:
    """A split as stored (``str`` of an :class:`~maubinh.arrangement.Arrangement`: ``"As Ks Qs Js Ts | ... | ..."``).

    Raises:
        ValueError: for a text that is not three chi of 5, 5 and 3 cards.
    """
    parts = text.split(" | ")
    if len(parts) != 3:
        raise ValueError(f"a stored split has three chi, got {text!r}")
    return Arrangement.parse(*parts)


@dataclass(frozen=True)
class TableSessionInfo:
    """A table session as the pages see it.

    Attributes:
        bots: the computer players' strengths, seat 1 first (1-3).
        deals: how many deals (1-:data:`MAX_DEALS`), numbered 1..deals.
        timer: seconds per deal, 0 for none (:data:`TIMERS`).
    """

    id: int
    class_id: str
    rule_set_id: str
    house_toml: str | None
    seed: int
    bots: tuple[Strength, ...]
    deals: int
    timer: int
    created_at: datetime
    closed_at: datetime | None

    @property
    def rule_set(self) -> RuleSet:
        """The session's rules (a source, or the house rules the class had when the session started)."""
        return stored_rule_set(self.rule_set_id, self.house_toml)

    @property
    def table(self) -> Table:
        """The table every learner of the session sits at."""
        return Table(self.rule_set, self.seed, self.bots)

    @property
    def closed(self) -> bool:
        return self.closed_at is not None


@dataclass(frozen=True)
class StoredHand:
    """One learner's hand of deal ``number`` as stored, with its analysis (amounts in chi per deal).

    Attributes:
        arrangement, declared: the split played (each chi high to low) and whether an instant win was declared.
        expected: the split's expected chi at this table (:attr:`maubinh.play.Analysis.mine`'s mean).
        best, best_declared, best_expected: the best play and its expected chi.
        chi_lost, chi_lost_stderr: :attr:`maubinh.play.Analysis.cost` and its standard error.
        actual: what the split won at the table (the settlement), chi.
        seconds: time taken, from the deal shown to the split sent (the server's clock).
        origin: how the split was made (:class:`maubinh.play.Origin`: the learner's own, or the timer's; for
            the timer's solver split, ``expected`` is binh lủng's and ``chi_lost`` the charge of the miss).
    """

    session_id: int
    learner_id: str
    number: int
    arrangement: Arrangement
    declared: bool
    seconds: float
    expected: float
    best: Arrangement
    best_declared: bool
    best_expected: float
    chi_lost: float
    chi_lost_stderr: float
    actual: int
    played_at: datetime
    origin: Origin = Origin.OWN

    @property
    def graded(self) -> bool:
        """Whether the hand counts in the learner's chi lost and ranking (all but Xếp bài's)."""
        return self.origin.graded

    @property
    def grade(self) -> Grade:
        """The hand on the one scale (:func:`maubinh.bands.grade`): the band of its chi lost ± its standard error."""
        return grade(self.chi_lost, self.chi_lost_stderr)


def _info(row: TableSession) -> TableSessionInfo:
    bots = tuple(Strength(part) for part in row.bots.split(","))
    return TableSessionInfo(row.id, row.class_id, row.rule_set_id, row.house_toml, row.seed, bots, row.deals,
                            row.timer, row.created_at, row.closed_at)


def _hand(row: TableHand) -> StoredHand:
    return StoredHand(row.session_id, row.learner_id, row.number, parse_split(row.arrangement), row.declared,
                      row.seconds, row.expected, parse_split(row.best), row.best_declared, row.best_expected,
                      row.chi_lost, row.chi_lost_stderr, row.actual, row.played_at, _origin(row.origin))


def _origin(value: str) -> Origin:
    try:
        return Origin(value)
    except ValueError:  # written by a later version: read as the learner's own, not lost
        return Origin.OWN


class TableSessions:
    """Table sessions on one :class:`~classroom.service.ClassroomStore` (thread-safe, like the store).

    Args:
        store: the classroom database.
        practice: the profiles' review queues (a missed hand joins its learner's); default: a new
            :class:`~classroom.practice.Practice` on ``store``.
        work: the deals' heavy work (default: :class:`Direct`, made for each hand).
    """

    def __init__(self, store: ClassroomStore, practice: Practice | None = None, work: DealWork | None = None) -> None:
        self.store = store
        self.profiles = PlayHands(store, practice)
        """Where each new hand is kept in the learner's profile too (:meth:`submit`)."""
        self.work: DealWork = work if work is not None else Direct()
        """The deals' heavy work (computer players, study, a split's grade)."""
        self.clocks = DealClocks(store)
        """The first showing of each deal to each learner (the timer's clock)."""

    # ------------------------------------------------------------------ sessions (teacher)

    def start(self, class_id: str, rule_set: RuleSet, bots: Sequence[Strength], deals: int, timer: int,
              seed: int | None = None) -> TableSessionInfo:
        """A new table session for the class under ``rule_set`` (normally the class's own).

        ``seed``: the deals' seed (default: :data:`SEED_BITS` random bits).

        Raises:
            ClassroomError: ``"bots"`` for other than 1-3 computer players, ``"deals"`` outside
                1-:data:`MAX_DEALS`, ``"timer"`` not in :data:`TIMERS`, ``"seed"`` outside 0..2^63-1,
                ``"class"`` for an unknown or archived class.
        """
        bots = tuple(Strength(b) for b in bots)
        if not 1 <= len(bots) <= MAX_BOTS:
            raise ClassroomError("bots", f"a table has 1-{MAX_BOTS} computer players, got {len(bots)}")
        if not isinstance(deals, int) or not 1 <= deals <= MAX_DEALS:
            raise ClassroomError("deals", f"a table session has 1-{MAX_DEALS} deals, got {deals!r}")
        if timer not in TIMERS:
            raise ClassroomError("timer", f"the timer is one of {', '.join(map(str, TIMERS))} seconds, got {timer!r}")
        seed = secrets.randbits(SEED_BITS) if seed is None else seed
        if not 0 <= seed < 2**SEED_BITS:
            raise ClassroomError("seed", f"a seed is a whole number from 0 to 2^{SEED_BITS} - 1")
        house = None if rule_set.id in RULE_SET_IDS else dump_rule_set(rule_set)
        with self.store._session() as session, session.begin():
            klass = session.get(Classroom, class_id)
            if klass is None or klass.archived_at is not None:
                raise ClassroomError("class", "this class is archived")
            row = TableSession(class_id=class_id, rule_set_id=rule_set.id, house_toml=house, seed=seed,
                               bots=",".join(b.value for b in bots), deals=deals, timer=timer, created_at=utcnow())
            session.add(row)
            session.flush()
            return _info(row)

    def sessions(self, class_id: str) -> list[TableSessionInfo]:
        """The class's table sessions, newest first."""
        with self.store._session() as session:
            rows = session.scalars(select(TableSession).where(TableSession.class_id == class_id)
                                   .order_by(TableSession.created_at.desc(), TableSession.id.desc()))
            return [_info(row) for row in rows]

    def session(self, session_id: int) -> TableSessionInfo | None:
        """One table session, or ``None``."""
        with self.store._session() as session:
            row = session.get(TableSession, session_id)
            return None if row is None else _info(row)

    def close(self, class_id: str, session_id: int, closed: bool = True) -> None:
        """Stop (or resume) taking hands in a session of this class."""
        self.store._update(update(TableSession).where(TableSession.id == session_id,
                                                      TableSession.class_id == class_id)
                           .values(closed_at=utcnow() if closed else None))

    def delete(self, class_id: str, session_id: int) -> int | None:
        """Delete a table session of this class: its hands at the class's table (the board, the CSV) and its deals'
        clocks go with it; each learner's profile keeps the hands they played (Play history, Progress:
        ``play_hands``, no link to the session's row). Returns how many class hands were deleted, ``None`` when
        it is not one of this class's (deleted already, another class's)."""

        def work(session: Session) -> int | None:
            row = session.scalars(select(TableSession).where(TableSession.id == session_id,
                                                             TableSession.class_id == class_id).with_for_update()).first()
            if row is None:
                return None
            hands = int(session.scalar(select(func.count()).select_from(TableHand)
                                       .where(TableHand.session_id == session_id)) or 0)
            session.execute(delete(TableHand).where(TableHand.session_id == session_id))
            session.execute(delete(DealShowing).where(DealShowing.place == table_place(session_id)))
            session.delete(row)
            return hands

        return self.store.write(work)

    def hand_counts(self, class_id: str) -> dict[int, int]:
        """Hands stored per table session of the class."""
        with self.store._session() as session:
            rows = session.execute(select(TableHand.session_id, func.count()).join(
                TableSession, TableSession.id == TableHand.session_id).where(TableSession.class_id == class_id)
                .group_by(TableHand.session_id))
            return {sid: n for sid, n in rows}

    # ------------------------------------------------------------------ hands (learners)

    def cards(self, info: TableSessionInfo, number: int) -> tuple[Card, ...]:
        """The learner's 13 cards of deal ``number`` (the same for every learner of the session)."""
        return info.table.deal(number)[0]

    def play(self, info: TableSessionInfo, number: int, arrangement: Arrangement,
             declare: bool, origin: Origin = Origin.OWN) -> tuple[DealResult, Analysis]:
        """Settle and grade a split of deal ``number`` (nothing stored); the deal's shared work is reused.
        ``origin``: how the split was made (the result is marked so; the timer's solver split is graded as a miss,
        :func:`maubinh.play.analyse` with ``missed``).

        Raises:
            ValueError: if ``arrangement`` does not hold the cards of this deal.
        """
        result, analysis = self.work.grade(info.table, number, canonical(arrangement), bool(declare),
                                           origin is Origin.TIMER_SOLVER)
        return replace(result, helped=origin is Origin.XEP_BAI, timed_out=origin.timed_out,
                       auto_split=origin is Origin.TIMER_SOLVER), analysis

    def show(self, info: TableSessionInfo, learner_id: str, number: int, now: datetime | None = None) -> Showing:
        """Note that deal ``number`` is shown to the learner (the first showing stays: a reload, another tab or
        another server counts from it) and return that first showing (:meth:`classroom.clock.DealClocks.show`)."""
        return self.clocks.show(learner_id, table_place(info.id), number, timer=bool(info.timer), now=now)

    def remaining(self, info: TableSessionInfo, showing: Showing, now: datetime | None = None) -> float | None:
        """Seconds left on the deal's timer from its first ``showing`` (``None`` with the timer off)."""
        limit = limit_seconds(info.timer)
        return None if limit is None else showing.remaining(limit, now)

    @staticmethod
    def _refusal(session: Session, learner: Learner | None, row: TableSession | None, number: int,
                 new: bool) -> ClassroomError | None:
        """Why this hand is refused (``None``: taken). ``new``: no hand of it is stored yet."""
        if learner is None or row is None or learner.class_id != row.class_id:
            return ClassroomError("session", "this table session is not for this learner")
        if learner.removed_at is not None:
            return ClassroomError("learner", "this learner was removed from the class")
        if not 1 <= number <= row.deals:
            return ClassroomError("number", f"deal {number} is outside the session (1-{row.deals})")
        if new:
            klass = session.get(Classroom, row.class_id)
            if klass is None or klass.archived_at is not None:
                return ClassroomError("class", "this class is archived")
            if row.closed_at is not None:
                return ClassroomError("closed", "this table session is closed")
        return None

    @staticmethod
    def _mine(session_id: int, learner_id: str, number: int) -> ColumnElement[bool]:
        return and_(TableHand.session_id == session_id, TableHand.learner_id == learner_id,
                    TableHand.number == number)

    def submit(self, session_id: int, learner_id: str, number: int, arrangement: Arrangement | None, declare: bool,
               seconds: float | None = None, *, expired: bool = False, now: datetime | None = None) -> StoredHand:
        """Store a learner's hand of deal ``number`` with its analysis; the first hand stays (a resubmission,
        from a double tap or another device, returns the stored one unchanged: compare it with what was sent).

        The clock is the server's: the time taken counts from the deal's first showing to the learner
        (:meth:`show`; ``seconds`` stands only for a hand never shown, a script's); with the session's timer, a
        hand sent late (:func:`classroom.clock.is_late`: past the limit plus the grace, or ``expired`` said by
        the browser when the server's deadline has come; an earlier ``expired`` is not believed) is the timer's
        (:func:`classroom.clock.outcome`): the split sent if complete and legal (``Origin.TIMER``), otherwise the
        solver's, played so the deal goes on and graded as a miss (``Origin.TIMER_SOLVER``: charged what binh
        lủng costs against the best split).

        A new hand is kept in the learner's profile too (:meth:`classroom.play_hands.PlayHands.keep_in`: a
        :class:`~classroom.play_hands.PlayedHand` of the session's table with the same origin; a miss joins the
        review queue), in the same transaction: the class's record and the profile's are stored together or
        not at all.

        Args:
            session_id: the table session; ``learner_id``: a learner of its class; ``number``: the deal (1..).
            arrangement: the learner's split of the deal's 13 cards (any order within a chi); ``None`` when the
                cards were not all placed (taken only late).
            declare: whether the learner declared an instant win; ``seconds``: time taken when the deal has no
                stored showing (clamped to 0..1 day; default 0).
            expired: the browser says its countdown reached zero; ``now``: the server's time (default: now).

        Returns:
            The :class:`StoredHand` as stored (the earlier one for a resubmission).

        Raises:
            ClassroomError: ``"session"`` (no such session, or another class's), ``"learner"`` (removed),
                ``"number"`` (outside the session), ``"class"`` (archived), ``"closed"`` (the session takes no
                more hands), ``"arrangement"`` (in time, not the 13 cards of this deal).
        """
        with self.store._session() as session:  # a quick look first: no grading for a hand that is refused
            learner, row = session.get(Learner, learner_id), session.get(TableSession, session_id)
            existing = session.scalars(select(TableHand).where(self._mine(session_id, learner_id, number))).first()
            refusal = self._refusal(session, learner, row, number, existing is None)
            if refusal is not None:
                raise refusal
            if existing is not None:
                return _hand(existing)
            assert row is not None
            info = _info(row)
        moment = now or utcnow()
        showing = self.clocks.showing(learner_id, table_place(session_id), number)
        taken = float(seconds or 0.0) if showing is None else showing.elapsed(moment)
        cards = self.cards(info, number)
        if arrangement is not None and sorted(arrangement.cards) != sorted(cards):
            arrangement = None
        try:
            stands = outcome(arrangement, info.table.rule_set, limit=limit_seconds(info.timer),
                             elapsed=taken if showing is None else showing.timer_elapsed(moment), expired=expired,
                             solver=lambda: self.work.solver_split(info.table, number))
        except ValueError:
            raise ClassroomError("arrangement", f"the split does not hold the cards of deal {number}") from None
        origin = (Origin.TIMER_SOLVER if stands.auto_split else Origin.TIMER if stands.timed_out else Origin.OWN)
        declare = bool(declare) or timer_declares(stands, cards, info.table.rule_set, info.table.seats)
        split = canonical(stands.arrangement)
        result, analysis = self.play(info, number, split, bool(declare), origin)
        seconds = max(0.0, min(taken, 86_400.0))
        profile = PlayedHand.from_play(info.table, result, analysis, seconds)
        values = {"session_id": session_id, "learner_id": learner_id, "number": number, "arrangement": str(split),
                  "declared": bool(declare), "seconds": seconds,
                  "expected": analysis.mine.mean, "best": str(canonical(analysis.best)),
                  "best_declared": analysis.best_declare, "best_expected": analysis.best_breakdown.mean,
                  "chi_lost": analysis.cost, "chi_lost_stderr": analysis.cost_stderr, "actual": result.player_total,
                  "origin": origin.value}

        def work(session: Session) -> StoredHand:
            # The learner's row is locked first (PostgreSQL): one learner's hands are stored one at a time.
            learner = session.get(Learner, learner_id, with_for_update=True)
            row = session.get(TableSession, session_id)
            mine = self._mine(session_id, learner_id, number)
            found = session.scalars(select(TableHand).where(mine)).first()
            refusal = self._refusal(session, learner, row, number, found is None)
            if refusal is not None:
                raise refusal
            if found is None:
                inserted = session.scalar(self.store._insert(session, TableHand).values(**values, played_at=moment)
                                          .on_conflict_do_nothing().returning(TableHand.id))
                found = session.scalars(select(TableHand).where(mine)).one()
                if inserted is not None:  # this transaction's hand: the profile's copy goes with it
                    self.profiles.keep_in(session, learner_id, profile, moment)
            return _hand(found)

        return self.store.write(work)

    def fill_profiles(self, session_id: int) -> int:
        """Keep in each learner's profile the session's hands stored before class-table hands were kept there too
        (:meth:`submit` does it for every new hand). A hand already in the profile is left as it is; a missing
        one is settled and graded again (the deal's shared work, once per deal) and stored at the moment the
        class's hand was played. Learners removed from the class are skipped. Safe to run again.

        Args:
            session_id: the table session.

        Returns:
            How many hands were added to profiles (0 for an unknown session).
        """
        info = self.session(session_id)
        if info is None:
            return 0
        bots = ",".join(b.value for b in info.bots)
        with self.store._session() as session:
            rows = session.execute(select(PlayHand.learner_id, PlayHand.deal).where(
                PlayHand.table_seed == info.seed, PlayHand.rules_key == rules_key(info.rule_set),
                PlayHand.bots == bots))
            kept = {(learner_id, deal) for learner_id, deal in rows}
        added = 0
        for hand in self.hands(session_id):
            if (hand.learner_id, hand.number) in kept:
                continue
            result, analysis = self.play(info, hand.number, hand.arrangement, hand.declared, hand.origin)
            try:
                self.profiles.keep(hand.learner_id, PlayedHand.from_play(info.table, result, analysis, hand.seconds),
                                   now=hand.played_at)
            except ClassroomError:  # removed from the class: their profile takes no more hands
                continue
            added += 1
        return added

    def hands(self, session_id: int, learner_id: str | None = None) -> list[StoredHand]:
        """The session's hands (one learner's when ``learner_id`` is given), by learner and deal."""
        query = select(TableHand).where(TableHand.session_id == session_id)
        if learner_id is not None:
            query = query.where(TableHand.learner_id == learner_id)
        with self.store._session() as session:
            return [_hand(row) for row in session.scalars(query.order_by(TableHand.learner_id, TableHand.number))]
