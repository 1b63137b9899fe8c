"""The tables of rooms where people play each other (issue 34), on the classroom's :class:`~classroom.models.Base`.

- ``rooms``: a room anyone opened from Play: its short code (the link carries it; every lookup by code goes through
  the join throttle), the hash of the host's secret, the rule set (house rules kept as TOML), 2-4 seats, the timer
  (60 / 90 / 120 s), the computer players' strength for empty seats (``None``: no fill), whether everyone's
  analysis is shown to all after a deal, the deals' seed, the current deal's number, created / last active / closed
  times; a class seating's table: its seating and table number.
- ``room_seatings``: a class seated at tables of people by its teacher (:mod:`classroom.seatings`).
- ``room_seats``: one row per seat taken, keyed by (room, seat): the display name (the class name rules,
  :func:`classroom.service.clean_text`; compared by :func:`~classroom.models.name_key`), the hash of the seat's
  secret, ``left_at`` while the seat is left (it may be taken again), the person's profile (``learner_id``) if any.
- ``room_removals``: each person the host removed: their seat link's secret hashed, the seat (their old link is told
  so, :meth:`classroom.rooms.Rooms.removed`).
- ``room_deals``: one row per (room, deal): who plays (seat numbers, computer players' strengths, people's profiles), each one's
  13 cards as the server dealt them, ``started_at`` (the server's clock), the ``deadline`` the server computed, and
  ``settled_at`` once the showdown is settled; ``ending_by`` / ``ending_at``: the claim of the one server ending the
  deal (the others read the showdown it stores).
- ``room_placed``: a player's chi as they stand while arranging (one row per (room, deal, seat), overwritten), and
  their choice to declare an instant win, once made.
- ``room_hands``: each seat's final hand of a deal, stored once (the unique key: of two racing writes, one row
  stays): the split, declared or not, how it was made (:class:`maubinh.play.Origin`, or ``computer``), what it won
  at the showdown, and a person's analysis once one server has made it (the others read it; ``analysing_at``: its
  claim).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, BigInteger, Boolean, Float, ForeignKey, Integer, String, Text, UniqueConstraint, false
from sqlalchemy.orm import Mapped, mapped_column

from classroom.models import ARRANGEMENT_MAX, LEARNER_NAME_MAX, NAME_KEY_MAX, ORIGIN_MAX, Base, UTCDateTime, utcnow

__all__ = ["CLAIM_MAX", "ROOM_CODE_MAX", "ROOM_ID_MAX", "Room", "RoomDeal", "RoomHand", "RoomPlaced", "RoomRemoval",
           "RoomSeat", "RoomSeating"]

ROOM_ID_MAX = 16
"""Characters of a room's id."""
ROOM_CODE_MAX = 16
"""Characters of a room's code (:data:`classroom.tokens.JOIN_LENGTH` today)."""
CLAIM_MAX = 32
"""Characters of a claim on a deal's end (:attr:`RoomDeal.ending_by`)."""


class Room(Base):
    """A room of 2-4 seats where people play each other (:mod:`classroom.rooms`)."""

    __tablename__ = "rooms"

    id: Mapped[str] = mapped_column(String(ROOM_ID_MAX), primary_key=True)
    code: Mapped[str] = mapped_column(String(ROOM_CODE_MAX), unique=True)
    host_hash: Mapped[str] = mapped_column(String(64))
    rule_set_id: Mapped[str] = mapped_column(String(64))
    house_toml: Mapped[str | None] = mapped_column(Text, default=None)
    seats: Mapped[int] = mapped_column(Integer)
    timer: Mapped[int] = mapped_column(Integer)
    fill: Mapped[str | None] = mapped_column(String(16), default=None)
    share_analysis: Mapped[bool] = mapped_column(Boolean, default=False)
    """Whether, after a deal, everyone may see everyone's analysis (else each player sees their own)."""
    seed: Mapped[int] = mapped_column(BigInteger)
    deal: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    active_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime, default=None)
    seating_id: Mapped[int | None] = mapped_column(Integer, default=None, index=True)
    """The class seating the room is a table of (:class:`RoomSeating`), ``None``: a room opened from Play."""
    table_no: Mapped[int | None] = mapped_column(Integer, default=None)
    """The table's number in its seating (1, 2, ...), ``None`` outside one."""
    locked: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Whether the host let nobody new join (:meth:`classroom.rooms.Rooms.lock`): a seat link still takes its seat
    back, and a person removed cannot come back under another name."""


class RoomSeating(Base):
    """A class seated at tables of people (:mod:`classroom.seatings`): the tables' size, the computer players'
    strength in the empty seats, the timer, how many deals and the one seed every table deals from (the same cards
    per deal and seat at every table)."""

    __tablename__ = "room_seatings"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    class_id: Mapped[str] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    size: Mapped[int] = mapped_column(Integer)
    fill: Mapped[str] = mapped_column(String(16))
    timer: Mapped[int] = mapped_column(Integer)
    deals: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    closed_at: Mapped[datetime | None] = mapped_column(UTCDateTime, default=None)


class RoomSeat(Base):
    """A seat taken in a room by a person (a computer player has no row: it fills a seat at a deal's start)."""

    __tablename__ = "room_seats"
    __table_args__ = (UniqueConstraint("room_id", "name_key"),)

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(LEARNER_NAME_MAX))
    name_key: Mapped[str] = mapped_column(String(NAME_KEY_MAX))
    secret_hash: Mapped[str] = mapped_column(String(64))
    joined_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    left_at: Mapped[datetime | None] = mapped_column(UTCDateTime, default=None)
    removed_at: Mapped[datetime | None] = mapped_column(UTCDateTime, default=None)
    """When the host removed the person at the seat (``None``: not removed, or taken again since)."""
    learner_id: Mapped[str | None] = mapped_column(String(16), default=None)
    """The profile of the person at the seat (their personal link or remembered device), ``None`` for none: a deal's
    hand goes to it (:meth:`classroom.rooms.Rooms.keep_hands`)."""


class RoomRemoval(Base):
    """A person the host removed from a room (:meth:`classroom.rooms.Rooms.remove`): the hash of their seat link's
    secret and the seat it held, so that their old link is told so whatever happens to the seat later (taken again,
    someone else removed from it: :meth:`classroom.rooms.Rooms.removed`)."""

    __tablename__ = "room_removals"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True)
    secret_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    removed_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)


class RoomDeal(Base):
    """A deal of a room: who plays, the cards dealt, the server's start and deadline, the showdown's time."""

    __tablename__ = "room_deals"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    players: Mapped[list[list[object]]] = mapped_column(JSON)
    """``[[seat, strength or None, learner id or None], ...]`` in dealing order (strength ``None``: a person; the
    learner: the person's profile when the deal started; rows of the first rooms have no third item)."""
    cards: Mapped[list[str]] = mapped_column(JSON)
    """Each player's 13 cards, space separated, in the order of ``players``."""
    started_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    deadline: Mapped[datetime] = mapped_column(UTCDateTime)
    settled_at: Mapped[datetime | None] = mapped_column(UTCDateTime, default=None)
    ending_by: Mapped[str | None] = mapped_column(String(CLAIM_MAX), default=None)
    """The claim of whoever is ending the deal (the computer players' splits, the timer's, the settling): one
    server does it (:meth:`classroom.rooms.Rooms.tick`), the others read what it stores; ``None`` while unclaimed."""
    ending_at: Mapped[datetime | None] = mapped_column(UTCDateTime, default=None)
    """When the deal's end was claimed: a claim older than :data:`classroom.rooms.CLAIM_LEASE` (its server gone)
    may be taken over."""


class RoomPlaced(Base):
    """The chi of a player's hand as they stand while arranging (``{"back": [...], ...}``, card ids)."""

    __tablename__ = "room_placed"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    chis: Mapped[dict[str, list[str]]] = mapped_column(JSON)
    updated_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    declare: Mapped[bool | None] = mapped_column(Boolean, default=None)
    """The player's choice to declare the instant win their cards hold (báo mậu binh), ``None`` while never made: the
    timer's rule plays it (:func:`classroom.clock.timer_declares`), a reload or another device shows it."""


class RoomHand(Base):
    """A seat's final hand of a room's deal (stored once) and what it won."""

    __tablename__ = "room_hands"
    __table_args__ = (UniqueConstraint("room_id", "number", "seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    arrangement: Mapped[str] = mapped_column(String(ARRANGEMENT_MAX))
    declared: Mapped[bool] = mapped_column(Boolean)
    origin: Mapped[str] = mapped_column(String(ORIGIN_MAX))
    """:class:`maubinh.play.Origin`'s value, or ``"computer"`` for a computer player's hand."""
    seconds: Mapped[float] = mapped_column(Float)
    played_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)
    total: Mapped[int | None] = mapped_column(Integer, default=None)
    """Chi won at the showdown (``None`` until settled)."""
    analysis: Mapped[dict[str, object] | None] = mapped_column(JSON, default=None, deferred=True)
    """A person's hand's analysis once made (:meth:`maubinh.play.Analysis.to_data`): made by one server, read by the
    others (:meth:`classroom.rooms.Rooms.shared_analysis`); ``None`` before, and for a computer player. Loaded only
    when asked for (~8 KB)."""
    analysing_at: Mapped[datetime | None] = mapped_column(UTCDateTime, default=None)
    """When a server claimed making :attr:`analysis` (a claim older than :data:`classroom.rooms.CLAIM_LEASE` may be
    taken over)."""
