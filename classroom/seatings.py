"""A class seated at tables of people (issue 34, "seat the class"): the teacher puts the learners present at tables of
2-4, each table a room (:mod:`classroom.rooms`) playing the same duplicate deals.

**Present** is what the app records of a learner's class page: the page, while open, says so at most once a
minute (:meth:`Seatings.seen`, ``learners.seen_at``; its poll of new assignments runs every 2 s, so an open page is
seen within :data:`SEEN_EVERY`); a learner seen within :data:`PRESENT` is present (a page closed two minutes ago is
not; one in a table session or the Drill is not either: the class page is where a seat reaches them).

A seating (:class:`SeatingInfo`) holds the tables' size (2-4, :data:`SIZES`), the computer players' strength in the
empty seats, the room timer (:data:`classroom.rooms.TIMERS`), how many deals, and **one seed** every table deals
from: a table always has ``size`` players (people, then computer players), so deal ``n`` gives seat ``s`` the same 13
cards at every table (:func:`maubinh.play.deal_cards`) and the same analysis (:func:`classroom.rooms.seat_analysis`:
the seat's seed and the others' cards): duplicate deals, split by split comparable across tables.

:meth:`Seatings.seat_class` is one transaction holding the class's row (PostgreSQL ``FOR UPDATE``, SQLite's write
lock): it opens the class's seating if none is open (two clicks at once make one), then seats every present learner
not seated yet, once: first at the free seats of the tables (a late arrival: a seat never taken or left; a computer
player plays it until the next deal), then at new tables, the learners spread evenly (tables of ``size`` at most,
none with fewer people than another by more than one), each new table dealing its first deal at once. A learner's
seat link is the learner's own secret over the room's seat (the seat stores the hash of the learner's secret:
:meth:`Seatings.seat_of`): the class page finds the seat and goes there, on any device holding the personal link.
At a table, any person seated deals the next deal once the showdown is over (:meth:`classroom.rooms.Rooms.start`
with the seat's link), up to the seating's deals.

:meth:`Seatings.hands` reads the tables' hands as the players' profiles keep them (:meth:`classroom.rooms.Rooms.
keep_hands`, with their analysis) in the shape of a table session's (:class:`classroom.tables.StoredHand`), so the
teacher's board is the table sessions' (:func:`classroom.table_board.table_board`): one board row per deal and seat
(:func:`board_number`), each split against the best for those cards, each learner's chi lost.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TypeVar

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from classroom.models import Classroom, Learner, PlayHand, name_key, utcnow
from classroom.room_models import Room, RoomSeat, RoomSeating
from classroom.rooms import MAX_SEATS, MIN_SEATS, TIMERS, RoomInfo, Rooms, SeatToken
from classroom.service import ClassroomError, LearnerInfo, learner_info
from classroom.tables import MAX_DEALS, SEED_BITS, StoredHand, parse_split
from classroom.tokens import Token, hash_secret, new_id, new_join_code
from maubinh.house import dump_rule_set, stored_rule_set
from maubinh.play import Origin, Strength
from maubinh.rules import RULE_SET_IDS

__all__ = ["PRESENT", "SEEN_EVERY", "SIZES", "Seated", "SeatingInfo", "Seatings", "TableInfo", "board_number",
           "deal_and_seat", "spread"]

_T = TypeVar("_T")
PRESENT = timedelta(minutes=2)
"""A learner whose class page was seen within this is present."""
SEEN_EVERY = timedelta(seconds=60)
"""How often an open class page says it is open (a write at most this often per page)."""
SIZES = tuple(range(MIN_SEATS, MAX_SEATS + 1))
"""People (and computer players) at one table."""


@dataclass(frozen=True)
class SeatingInfo:
    """A class's seating: tables of ``size``, ``fill`` in the empty seats, ``timer`` seconds, ``deals`` deals, one
    ``seed``."""

    id: int
    class_id: str
    size: int
    fill: Strength
    timer: int
    deals: int
    seed: int
    created_at: datetime
    closed_at: datetime | None

    @property
    def closed(self) -> bool:
        return self.closed_at is not None


@dataclass(frozen=True)
class Seated:
    """A person at a table: the seat, the name, the learner, whether the seat is left."""

    seat: int
    name: str
    learner_id: str | None
    left: bool


@dataclass(frozen=True)
class TableInfo:
    """A table of a seating: its number (1, 2, ...), its room and the people at it."""

    number: int
    room: RoomInfo
    people: tuple[Seated, ...]


def board_number(deal: int, seat: int, size: int) -> int:
    """The board's row of ``seat``'s cards in ``deal`` at tables of ``size`` (1, 2, ...: deal 1's seats first).

    >>> board_number(1, 0, 3), board_number(1, 2, 3), board_number(2, 0, 3)
    (1, 3, 4)
    """
    return (deal - 1) * size + seat + 1


def deal_and_seat(number: int, size: int) -> tuple[int, int]:
    """The deal and seat of board row ``number`` (:func:`board_number`'s inverse).

    >>> deal_and_seat(4, 3), deal_and_seat(3, 3)
    ((2, 0), (1, 2))
    """
    return (number - 1) // size + 1, (number - 1) % size


def _info(row: RoomSeating) -> SeatingInfo:
    return SeatingInfo(row.id, row.class_id, row.size, Strength(row.fill), row.timer, row.deals, row.seed,
                       row.created_at, row.closed_at)


def spread(people: Sequence[_T], size: int) -> list[list[_T]]:
    """``people`` at the fewest tables of at most ``size``, spread evenly (in turn: table sizes differ by one at most).

    >>> spread(list("abcdef"), 3)
    [['a', 'c', 'e'], ['b', 'd', 'f']]
    >>> [len(t) for t in spread(list("abcde"), 4)], spread([], 4)
    ([3, 2], [])
    """
    count = -(-len(people) // size)
    return [list(people[i::count]) for i in range(count)]


class Seatings:
    """Class seatings on :class:`~classroom.rooms.Rooms`' database (thread-safe, like the store)."""

    def __init__(self, rooms: Rooms) -> None:
        self.rooms = rooms
        self.store = rooms.store

    # ------------------------------------------------------------------ who is present

    def seen(self, learner_id: str, now: datetime | None = None) -> None:
        """The learner's class page is open now (one write; the page calls it at most every :data:`SEEN_EVERY`)."""
        self.store._update(update(Learner).where(Learner.id == learner_id).values(seen_at=now or utcnow()))

    def present(self, class_id: str, now: datetime | None = None) -> list[LearnerInfo]:
        """The class's learners (not removed) whose class page was seen within :data:`PRESENT`, in joining order."""
        since = (now or utcnow()) - PRESENT
        with self.store._session() as session:
            return [learner_info(row) for row in session.scalars(select(Learner).where(
                Learner.class_id == class_id, Learner.removed_at.is_(None), Learner.seen_at >= since)
                .order_by(Learner.joined_at, Learner.id))]

    # ------------------------------------------------------------------ seating

    def current(self, class_id: str) -> SeatingInfo | None:
        """The class's open seating (the newest), or ``None``."""
        with self.store._session() as session:
            row = session.scalars(select(RoomSeating).where(RoomSeating.class_id == class_id,
                                                            RoomSeating.closed_at.is_(None))
                                  .order_by(RoomSeating.id.desc())).first()
            return None if row is None else _info(row)

    def seating(self, seating_id: int) -> SeatingInfo | None:
        """One seating, or ``None``."""
        with self.store._session() as session:
            row = session.get(RoomSeating, seating_id)
            return None if row is None else _info(row)

    def seatings(self, class_id: str) -> list[SeatingInfo]:
        """The class's seatings, the newest first."""
        with self.store._session() as session:
            return [_info(row) for row in session.scalars(select(RoomSeating).where(
                RoomSeating.class_id == class_id).order_by(RoomSeating.id.desc()))]

    def seat_class(self, class_id: str, size: int, fill: Strength, timer: int, deals: int,
                   now: datetime | None = None) -> tuple[SeatingInfo, list[str]]:
        """Seat the class's present learners (:meth:`present`) not seated yet: the open seating's tables first (their
        free seats), then new tables; a new seating of ``size``, ``fill``, ``timer`` and ``deals`` (a new seed) when
        none is open (an open one keeps its own settings). One transaction: two calls at once make one seating and
        seat each learner once.

        Returns:
            The seating and the learners this call seated (empty: everyone present was seated already).

        Raises:
            ClassroomError: ``"class"`` (unknown or archived), ``"size"`` (not in :data:`SIZES`), ``"timer"`` (not in
                :data:`classroom.rooms.TIMERS`), ``"deals"`` (not 1-:data:`classroom.tables.MAX_DEALS`),
                ``"present"`` (no seating open and nobody present to seat).
        """
        if size not in SIZES:
            raise ClassroomError("size", f"a table seats {MIN_SEATS}-{MAX_SEATS}, got {size!r}")
        if timer not in TIMERS:
            raise ClassroomError("timer", f"the timer is one of {', '.join(map(str, TIMERS))} seconds, got {timer!r}")
        if not isinstance(deals, int) or not 1 <= deals <= MAX_DEALS:
            raise ClassroomError("deals", f"a seating has 1-{MAX_DEALS} deals, got {deals!r}")
        fill = Strength(fill)
        moment = now or utcnow()
        present = self.present(class_id, moment)

        def work(session: Session) -> tuple[SeatingInfo, list[str]]:
            klass = session.get(Classroom, class_id, with_for_update=True)
            if klass is None or klass.archived_at is not None:
                raise ClassroomError("class", "this class is archived")
            row = session.scalars(select(RoomSeating).where(RoomSeating.class_id == class_id,
                                                            RoomSeating.closed_at.is_(None))
                                  .order_by(RoomSeating.id.desc())).first()
            if row is None:
                if not present:
                    raise ClassroomError("present", "nobody is present to seat")
                row = RoomSeating(class_id=class_id, size=size, fill=fill.value, timer=timer, deals=deals,
                                  seed=secrets.randbits(SEED_BITS), created_at=moment)
                session.add(row)
                session.flush()
            tables = list(session.scalars(select(Room).where(Room.seating_id == row.id).order_by(Room.table_no)))
            seats = {room.id: {s.seat: s for s in session.scalars(select(RoomSeat).where(RoomSeat.room_id == room.id))}
                     for room in tables}
            seated = {s.learner_id for taken in seats.values() for s in taken.values() if s.left_at is None}
            waiting = [learner for learner in present if learner.id not in seated]
            random.Random(row.seed ^ len(seated)).shuffle(waiting)  # classmates mixed, not in joining order
            hashes = {str(lid): str(secret) for lid, secret in session.execute(select(Learner.id, Learner.secret_hash)
                                                                                .where(Learner.id.in_([w.id for w in waiting])))}
            done: list[str] = []
            for room in tables:
                if room.closed_at is not None:
                    continue
                for seat in range(room.seats):
                    if not waiting:
                        break
                    taken = seats[room.id].get(seat)
                    if taken is not None and taken.left_at is None:
                        continue
                    learner = waiting.pop(0)
                    if taken is not None:
                        session.delete(taken)
                        session.flush()
                    self._sit(session, room.id, seat, learner, hashes[learner.id], moment)
                    done.append(learner.id)
            rule_set = stored_rule_set(klass.rule_set_id, klass.house_toml)
            house = None if rule_set.id in RULE_SET_IDS else dump_rule_set(rule_set)
            for number, people in enumerate(spread(waiting, row.size), start=len(tables) + 1):
                room = Room(id=new_id(8), code=new_join_code(), host_hash=hash_secret(secrets.token_urlsafe(16)),
                            rule_set_id=rule_set.id, house_toml=house, seats=row.size, timer=row.timer,
                            fill=row.fill, seed=row.seed, deal=0, created_at=moment, active_at=moment,
                            seating_id=row.id, table_no=number)
                session.add(room)
                session.flush()
                for seat, learner in enumerate(people):
                    self._sit(session, room.id, seat, learner, hashes[learner.id], moment)
                    done.append(learner.id)
                Rooms.deal_in(session, room, moment)
            return _info(row), done

        return self.store.write(work)

    @staticmethod
    def _sit(session: Session, room_id: str, seat: int, learner: LearnerInfo, secret_hash: str,
             moment: datetime) -> None:
        """Seat ``learner`` (their seat link: their own secret over this seat, :meth:`seat_of`)."""
        session.add(RoomSeat(room_id=room_id, seat=seat, name=learner.name,
                             name_key=name_key(learner.name), secret_hash=secret_hash, joined_at=moment,
                             learner_id=learner.id))
        session.flush()

    def end(self, class_id: str, seating_id: int, now: datetime | None = None) -> bool:
        """Close the seating and its tables (their pages say the room is closed; the board stays). ``False``: not
        this class's open seating."""
        moment = now or utcnow()

        def work(session: Session) -> bool:
            row = session.get(RoomSeating, seating_id, with_for_update=True)
            if row is None or row.class_id != class_id or row.closed_at is not None:
                return False
            row.closed_at = moment
            session.execute(update(Room).where(Room.seating_id == seating_id, Room.closed_at.is_(None))
                            .values(closed_at=moment))
            return True

        return self.store.write(work)

    # ------------------------------------------------------------------ reading

    def tables(self, seating_id: int) -> list[TableInfo]:
        """The seating's tables in order, with the people at each."""
        found = []
        with self.store._session() as session:
            for room in session.scalars(select(Room).where(Room.seating_id == seating_id).order_by(Room.table_no)):
                people = tuple(Seated(s.seat, s.name, s.learner_id, s.left_at is not None) for s in session.scalars(
                    select(RoomSeat).where(RoomSeat.room_id == room.id).order_by(RoomSeat.seat)))
                info = self.rooms.room(room.id)
                assert info is not None
                found.append(TableInfo(int(room.table_no or 0), info, people))
        return found

    def seat_of(self, learner_token: str | None) -> tuple[RoomInfo, SeatToken] | None:
        """The seat of the learner holding ``learner_token`` (their personal link) in their class's open seating, and
        its seat link (the learner's own secret over the seat; the seat's hash follows a new personal link), or
        ``None``: not seated, a wrong link, no seating open."""
        token = Token.parse(learner_token)
        if token is None:
            return None
        with self.store._session() as session:
            learner = session.get(Learner, token.id)
            if learner is None or learner.class_id is None or not token.check(learner.secret_hash):
                return None
            found = session.execute(select(RoomSeat.room_id, RoomSeat.seat, RoomSeat.secret_hash).join(
                Room, Room.id == RoomSeat.room_id).join(RoomSeating, RoomSeating.id == Room.seating_id).where(
                RoomSeating.class_id == learner.class_id, RoomSeating.closed_at.is_(None),
                RoomSeat.learner_id == learner.id, RoomSeat.left_at.is_(None))).first()
            if found is None:
                return None
            room_id, seat, stored = found
            fresh = learner.secret_hash
        if stored != fresh:  # the teacher gave the learner a new personal link: the seat follows it
            self.store._update(update(RoomSeat).where(RoomSeat.room_id == room_id, RoomSeat.seat == seat,
                                                      RoomSeat.learner_id == token.id).values(secret_hash=fresh))
        info = self.rooms.room(room_id)
        return None if info is None else (info, SeatToken(room_id, int(seat), token.secret))

    def hands(self, seating_id: int) -> list[StoredHand]:
        """The seating's hands of people as their profiles keep them (:meth:`classroom.rooms.Rooms.keep_hands`), as
        a table session's: ``session_id`` is the table's number, ``number`` the board's row (:func:`board_number`).
        A hand not kept yet (its analysis is made in the background after the showdown) is not here yet."""
        with self.store._session() as session:
            seating = session.get(RoomSeating, seating_id)
            if seating is None:
                return []
            tables = {str(rid): table for rid, table in session.execute(select(Room.id, Room.table_no).where(
                Room.seating_id == seating_id))}
            rows = list(session.scalars(select(PlayHand).where(PlayHand.room_id.in_(list(tables)))
                                        .order_by(PlayHand.id))) if tables else []
            size, seed = seating.size, seating.seed
        found = []
        for row in rows:
            seat = row.table_seed ^ seed  # the seat's analysis seed (classroom.rooms._seat_seed)
            if not 0 <= seat < size:
                continue
            origin = Origin(row.origin) if row.origin in {o.value for o in Origin} else Origin.OWN
            found.append(StoredHand(int(tables.get(row.room_id or "") or 0), row.learner_id, board_number(row.deal, seat, size),
                                    parse_split(row.split), row.declare, row.seconds, row.expected,
                                    parse_split(row.best), row.best_declare, row.best_expected, row.gap, row.gap_stderr,
                                    int(row.totals[0]), row.played_at, origin))
        return found
