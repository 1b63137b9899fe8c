"""Rooms where people play each other (issue 34): 2-4 seats, a link and a short code, the server's deals and clock.

A room (:class:`RoomInfo`) is opened by anyone from Play: a rule set (house rules kept as TOML), 2-4 seats, a timer
(:data:`TIMERS`), and the computer players' strength for empty seats (``fill``; ``None``: no computer players).
The host sits at seat 0 and holds a second secret, the host's (starting deals). Others join by the room's code
(the link carries it) with a display name under the class rules (:func:`classroom.service.clean_text`, unique in
the room ignoring case and spaces, :func:`~classroom.models.name_key`); each seat has its own secret link
(:class:`SeatToken`). A seat can be left and taken again (by its own link, or by someone new when left), and the
host can remove a person (:meth:`Rooms.remove`, any seat: the host's link keeps its powers while its own seat is
left or taken; the removed person's old link is known, :meth:`Rooms.removed`); a full room refuses
(``ClassroomError("full")``). Every lookup by code from a client goes through the join throttle (:meth:`Rooms.find`:
the same limits as a class's join code, :mod:`classroom.throttle`). A room idle for :data:`IDLE` closes
(:meth:`Rooms.close_idle`, and every read treats it as closed).

A deal (:meth:`Rooms.start`, the host's): the server deals 13 cards to each player (:func:`maubinh.play.deal_cards`
from the room's seed: the people present, then a computer player per empty seat with ``fill``), stores them with
``started_at`` (the server's clock) and the ``deadline`` it computed (the timer's limit,
:func:`classroom.clock.limit_seconds`). While arranging, a player's chi are stored as they are sent
(:meth:`Rooms.place`), and so is their choice to declare an instant win (:meth:`Rooms.declare_since`); a confirmed
split is the seat's final hand, stored once (:meth:`Rooms.confirm`: the unique key keeps one row of two racing writes,
and the first stays). A split sent late, and every seat without one when the
deadline plus :data:`classroom.clock.GRACE_S` has passed, is the timer's (:func:`classroom.clock.outcome`, the
grading issue's rule): the chi as they stand if complete and legal, else the solver's play, marked: its split, and its
choice to declare an instant win the cards hold, unless the player made theirs (:func:`classroom.clock.timer_declares`,
the one rule). When every seat
has its hand, the showdown is settled for everyone (:func:`maubinh.settle.settle`; computer players set their cards
as in Play, :func:`maubinh.play.bot_play`) by whoever notices first (:meth:`Rooms.tick`, called by every read), and
by that one alone: it claims the deal's end in the database first (``room_deals.ending_by``), so the computer
players' and the timer's splits are made once whatever number of pages and servers look at the timer's end, and the
others read the showdown it stored. Each player's analysis is Play's
(:meth:`Rooms.analysis`: :func:`maubinh.play.analyse` with the player's own cards as seat 0), made once across servers
in the same way (:meth:`Rooms.shared_analysis`: the first to claim it stores it, the others read it).

A class's table (:mod:`classroom.seatings`, ``seating_id``) is seated by its teacher (never joined by its code), and
any person seated there deals the next deal, up to the seating's deals.

Every write is one transaction (:meth:`classroom.service.ClassroomStore.write`: SQLite's write lock from the start,
PostgreSQL's row lock on the room), safe under concurrency.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from functools import cached_property, partial

from sqlalchemy import or_, select, update
from sqlalchemy.orm import InstrumentedAttribute, Session
from sqlalchemy.sql.elements import ColumnElement

from classroom.clock import GRACE_S, is_late, limit_seconds, outcome, timer_declares
from classroom.models import LEARNER_NAME_MAX, Learner, PlayHand, name_key, utcnow
from classroom.play_hands import PlayedHand, PlayHands, SeatTable
from classroom.room_models import Room, RoomDeal, RoomHand, RoomPlaced, RoomRemoval, RoomSeat, RoomSeating
from classroom.service import ClassroomError, ClassroomStore, NameTakenError, clean_text
from classroom.tables import SEED_BITS, canonical, parse_split
from classroom.throttle import ALL_GUESSES, CLIENT_GUESSES
from classroom.tokens import Token, hash_secret, new_id, new_join_code, normalize_join_code
from maubinh.arrangement import Arrangement
from maubinh.cards import Card, CardParseError, parse_card, parse_cards
from maubinh.house import dump_rule_set, stored_rule_set
from maubinh.naturals import InstantWin, find_instant_win
from maubinh.play import Analysis, BotPlay, DealResult, DealStudy, Origin, Strength, Table, analyse, bot_play, deal_cards
from maubinh.rules import POSITIONS, RULE_SET_IDS, RuleSet
from maubinh.settle import Settlement, settle
from maubinh.strategy.decide import decide

__all__ = ["ANALYSIS_POLL_S", "CLAIM_LEASE", "COMPUTER", "IDLE", "MAX_SEATS", "MIN_SEATS", "TIMERS", "Hand",
           "HandAnalysis", "NewRoom", "Player", "Prepared", "RoomInfo", "RoomView", "Rooms", "SeatInfo", "SeatTable",
           "SeatToken", "dealt_tables", "hand_analysis", "seat_analysis"]

TIMERS = (60, 90, 120)
"""Seconds each player has to set a deal's cards."""
MIN_SEATS, MAX_SEATS = 2, 4
IDLE = timedelta(days=1)
"""A room with no activity for this long is closed."""
CLAIM_LEASE = timedelta(seconds=30)
"""How long a claim on a deal's end holds (:meth:`Rooms.tick`): the claimer's work takes a second or two; a claim
this old is its stopped server's, and the next caller takes it over. The same for a hand's analysis
(:meth:`Rooms.shared_analysis`)."""
ANALYSIS_POLL_S = 0.25
"""Seconds between two looks for an analysis another server is making."""
COMPUTER = "computer"
"""The origin stored for a computer player's hand."""
MAX_CHIS_CARDS = 13
"""Card ids in a placement (more is refused: a crafted payload)."""
_READ_CHUNK = 500
"""Rooms read in one grouped query by :meth:`Rooms.signatures` (a bound list of ids per statement)."""


@dataclass(frozen=True)
class SeatToken:
    """A seat's secret link value: ``<room id><seat>.<secret>`` (a :class:`~classroom.tokens.Token`)."""

    room_id: str
    seat: int
    secret: str

    @classmethod
    def parse(cls, text: str | None) -> SeatToken | None:
        """The seat token in ``text``, or ``None`` when it has not that shape."""
        token = Token.parse(text)
        if token is None or not token.id[-1].isdigit():
            return None
        return cls(token.id[:-1], int(token.id[-1]), token.secret)

    def __str__(self) -> str:
        return f"{self.room_id}{self.seat}.{self.secret}"


@dataclass(frozen=True)
class RoomInfo:
    """A room as the pages see it (``fill``: the computer players' strength, ``None``: empty seats stay empty)."""

    id: str
    code: str
    rule_set_id: str
    house_toml: str | None
    seats: int
    timer: int
    fill: Strength | None
    seed: int
    deal: int
    created_at: datetime
    active_at: datetime
    closed_at: datetime | None
    share_analysis: bool = False
    seating_id: int | None = None
    """The class seating the room is a table of (:mod:`classroom.seatings`), ``None``: a room opened from Play."""
    table_no: int | None = None
    locked: bool = False
    """Whether the host let nobody new join (:meth:`Rooms.lock`)."""

    @property
    def rule_set(self) -> RuleSet:
        """The room's rules (a source, or the house rules given when it was opened)."""
        return stored_rule_set(self.rule_set_id, self.house_toml)

    def closed(self, now: datetime | None = None) -> bool:
        """Whether the room is closed (closed, or idle for :data:`IDLE`)."""
        return self.closed_at is not None or (now or utcnow()) - self.active_at > IDLE


@dataclass(frozen=True)
class NewRoom:
    """A room just opened: the room, the host's secret (starting deals) and the host's seat (seat 0)."""

    room: RoomInfo
    host: Token
    seat: SeatToken


@dataclass(frozen=True)
class SeatInfo:
    """A seat taken by a person: ``left`` while left (it can be taken again); ``removed``: left because the host
    removed the person (:meth:`Rooms.remove`)."""

    seat: int
    name: str
    left: bool
    removed: bool = False


@dataclass(frozen=True)
class Player:
    """A player of a deal: the seat, the person's name or the computer player's ``strength``."""

    seat: int
    name: str | None
    strength: Strength | None


@dataclass(frozen=True)
class Hand:
    """A seat's final hand of a deal (``origin``: :class:`maubinh.play.Origin`'s value or :data:`COMPUTER`)."""

    seat: int
    arrangement: Arrangement
    declared: bool
    origin: str
    seconds: float
    total: int | None


@dataclass(frozen=True)
class RoomView:
    """What one seat may see of a room now: never another player's cards before the showdown.

    Attributes:
        me: the viewer's seat (``None``: not seated).
        players: the current deal's players (empty before the first deal).
        ready: seats whose hand is final in the current deal (their cards are not here before the showdown).
        cards: the viewer's 13 cards of the current deal (empty when not playing it).
        placed: the viewer's chi as last stored (card ids per position); placed_at: when (``None``: never), the
            version a tab compares (:meth:`Rooms.place_since`); declare: the viewer's stored choice to declare the
            instant win their cards hold (:meth:`Rooms.declare_since`; ``None``: never made).
        mine: the viewer's final hand, if any.
        playing: whether the viewer plays the current deal (played it, once settled): the person at their seat when
            it was dealt. A person seated since then does not: a computer player or the one who left plays it (its
            cards, chi and analysis are never theirs; issue 34, found by a user test).
        away: the seats of the current deal's people gone from the table (left, or someone else sits there): nobody
            waits for them, the timer's rule plays their hand at the showdown (:meth:`Rooms.tick`).
        hands: every final hand, only once the deal is settled (the showdown).
        score: chi per seat over the room's settled deals, the person's who holds the seat now (left or not): the
            deals they played since they took it (a newcomer starts at 0, a computer player's deals at the seat are
            not theirs); a seat nobody holds: its computer player's.
        remaining: seconds left on the timer (server's clock), ``None`` without a running deal.
    """

    room: RoomInfo
    seats: tuple[SeatInfo, ...]
    me: int | None
    number: int
    players: tuple[Player, ...] = ()
    settled: bool = False
    ready: frozenset[int] = frozenset()
    cards: tuple[Card, ...] = ()
    placed: Mapping[str, Sequence[str]] = field(default_factory=dict)
    placed_at: datetime | None = None
    declare: bool | None = None
    mine: Hand | None = None
    playing: bool = False
    hands: tuple[Hand, ...] = ()
    away: frozenset[int] = frozenset()
    score: Mapping[int, int] = field(default_factory=dict)
    remaining: float | None = None

    @cached_property
    def settlement(self) -> Settlement | None:
        """The showdown's settlement, players in dealing order (``None`` before it); worked out once a view (a page's
        run asks it in several places)."""
        if not self.settled or len(self.hands) != len(self.players):
            return None
        return settle([h.arrangement for h in self.hands], self.room.rule_set, [h.declared for h in self.hands])

    @cached_property
    def instant_win(self) -> InstantWin | None:
        """The instant win (mậu binh) the viewer's cards hold under the room's rule set, ``None`` for none or no cards
        (:func:`maubinh.naturals.find_instant_win`): what the "declare" switch offers, what a declared hand plays."""
        return find_instant_win(self.cards, self.room.rule_set) if self.cards else None

    @property
    def arranging(self) -> tuple[Player, ...]:
        """The players (people) still arranging in the current deal (not those gone from the table, :attr:`away`)."""
        if self.settled:
            return ()
        return tuple(p for p in self.players if p.strength is None and p.seat not in self.ready | self.away)


def _info(row: Room) -> RoomInfo:
    return RoomInfo(row.id, row.code, row.rule_set_id, row.house_toml, row.seats, row.timer,
                    None if row.fill is None else Strength(row.fill), row.seed, row.deal, row.created_at,
                    row.active_at, row.closed_at, bool(row.share_analysis), row.seating_id, row.table_no,
                    bool(row.locked))


def _hand(row: RoomHand) -> Hand:
    return Hand(row.seat, parse_split(row.arrangement), row.declared, row.origin, row.seconds, row.total)


def _seats(players: Sequence[Sequence[object]]) -> list[tuple[int, Strength | None, str | None]]:
    """A deal's ``players`` read: (seat, computer player's strength or ``None``, the person's profile or ``None``)."""
    return [(int(str(p[0])), None if p[1] is None else Strength(str(p[1])),
             None if len(p) < 3 or p[2] is None else str(p[2])) for p in players]


def _stamp(row: RoomSeat) -> int:
    """Who holds the seat: when they took it, in milliseconds (taking one's own seat back keeps it; a newcomer's
    differs), kept with each deal dealt to them (:meth:`Rooms.deal_in`)."""
    return round(row.joined_at.timestamp() * 1000)


def _dealt_to(deal: RoomDeal, row: RoomSeat) -> bool:
    """Whether the person holding ``row``'s seat now is the one the deal was dealt to (a deal dealt before the stamp
    was kept: whoever holds it)."""
    for p in deal.players:
        if int(str(p[0])) == row.seat:
            return p[1] is None and (len(p) < 5 or p[4] == _stamp(row))
    return False


def _here(deal: RoomDeal, seat_rows: Iterable[RoomSeat]) -> frozenset[int]:
    """The seats of the deal's people still at the table: seated, the seat not left, and held by the one it was dealt
    to (:func:`_dealt_to`)."""
    return frozenset(row.seat for row in seat_rows if row.left_at is None and _dealt_to(deal, row))


def _players(row: RoomDeal, names: Mapping[int, str]) -> tuple[Player, ...]:
    """The deal's players, each person named as when the deal was dealt (a deal dealt before names were kept with it:
    the seat's name now, ``names``)."""
    dealt = {int(str(p[0])): str(p[3]) for p in row.players if len(p) > 3 and p[3] is not None}
    return tuple(Player(seat, None if strength else dealt.get(seat, names.get(seat)), strength)
                 for seat, strength, _ in _seats(row.players))


def _score(session: Session, room_id: str, seat_rows: Sequence[RoomSeat]) -> dict[int, int]:
    """:attr:`RoomView.score`: each seat's chi over the settled deals, by who holds the seat now (see there)."""
    held = {row.seat: row.joined_at for row in seat_rows if row.removed_at is None}
    score: dict[int, int] = {}
    for seat, total, origin, started in session.execute(
            select(RoomHand.seat, RoomHand.total, RoomHand.origin, RoomDeal.started_at)
            .join(RoomDeal, (RoomDeal.room_id == RoomHand.room_id) & (RoomDeal.number == RoomHand.number))
            .where(RoomHand.room_id == room_id, RoomHand.total.is_not(None))):
        joined = held.get(seat)
        if (origin != COMPUTER and started >= joined) if joined is not None else origin == COMPUTER:
            score[seat] = score.get(seat, 0) + int(total or 0)
        elif joined is not None:
            score.setdefault(seat, 0)
    return score


def _cards(row: RoomDeal, seat: int) -> tuple[Card, ...]:
    for (s, _, _), text in zip(_seats(row.players), row.cards, strict=True):
        if s == seat:
            return tuple(parse_cards(text))
    return ()


def _played_hand(info: RoomInfo, number: int, hands: Sequence[Hand], seat: int, analysis: Analysis) -> PlayedHand:
    """``seat``'s hand of a settled deal as a Play hand of its profile (the seat first, then the others in dealing
    order), with its ``analysis`` (:func:`hand_analysis`, as the room's page shows it), marked with the room."""
    mine = next(h for h in hands if h.seat == seat)
    ordered = (mine, *(h for h in hands if h.seat != seat))
    origin = Origin(mine.origin)
    arrangements = tuple(h.arrangement for h in ordered)
    declared = tuple(h.declared for h in ordered)
    result = DealResult(number, arrangements, declared, settle(arrangements, info.rule_set, declared),
                        helped=origin is Origin.XEP_BAI, timed_out=origin.timed_out,
                        auto_split=origin is Origin.TIMER_SOLVER, seconds=mine.seconds)
    table = _seat_table(info.rule_set, info.seed, hands, seat)
    return replace(PlayedHand.from_play(table, result, analysis, mine.seconds), room_id=info.id)


def _seat_seed(seed: int, seat: int) -> int:
    """The seed of a seat's analysis in a room of ``seed`` (63 bits, like every stored table seed)."""
    return seed ^ seat


def _seat_table_of(rule_set: RuleSet, seed: int, cards: Mapping[int, Sequence[Card]], seat: int) -> SeatTable:
    """The table ``seat``'s hand is analysed at, from every player's cards by seat (in dealing order): its cards
    first, the others' as dealt (each high to low), solvers standing for them."""
    others = tuple(tuple(sorted(hand, reverse=True)) for s, hand in cards.items() if s != seat)
    return SeatTable(rule_set, _seat_seed(seed, seat), (Strength.SOLVER,) * len(others),
                     (tuple(sorted(cards[seat], reverse=True)), *others))


def _seat_table(rule_set: RuleSet, seed: int, hands: Sequence[Hand], seat: int) -> SeatTable:
    """The table ``seat``'s hand is analysed at, from the deal's final ``hands`` (:func:`_seat_table_of`)."""
    return _seat_table_of(rule_set, seed, {h.seat: h.arrangement.cards for h in hands}, seat)


def dealt_tables(info: RoomInfo, number: int, players: Sequence[Player]) -> dict[int, SeatTable]:
    """The table each person's hand of deal ``number`` will be analysed at (:func:`seat_analysis`), by seat, known
    from the deal's cards alone (the room's seed, the deal, its ``players`` in dealing order): a deal's analyses can be
    prepared as soon as it is dealt (:func:`background.rooms.prepare_seat`). Computer players have none."""
    cards = dict(zip((p.seat for p in players), deal_cards(info.seed, number, len(players)), strict=True))
    return {p.seat: _seat_table_of(info.rule_set, info.seed, cards, p.seat) for p in players if p.strength is None}


Prepared = Callable[[Table, int], DealStudy]
"""A deal's study at a table, as made ahead (:func:`maubinh.play.study`; e.g. :meth:`background.deals.Deals.study`)."""


def _as_set(hands: Sequence[Hand], seat: int) -> tuple[BotPlay, ...]:
    """The other seats' hands as they were set and declared at the showdown, in dealing order (the order of the
    seat's table, :func:`_seat_table_of`): what the best split is settled against for "what it would have won at
    this very table" (:attr:`maubinh.play.Analysis.best_actual`)."""
    return tuple(BotPlay(Strength.SOLVER, h.arrangement, h.declared) for h in hands if h.seat != seat)


def seat_analysis(rule_set: RuleSet, seed: int, number: int, hands: Sequence[Hand], seat: int,
                  actual: int, prepared: Prepared | None = None) -> tuple[SeatTable, Analysis]:
    """Play's analysis of ``seat``'s hand in a room's settled deal (:func:`maubinh.play.analyse`: the split against
    the best at this table size, the others as they were dealt and set), and the table it was made at.

    Args:
        rule_set, seed: the room's; number: the deal's; hands: every hand of the deal in dealing order;
        seat: the person's seat; actual: what the hand won at the showdown, chi; prepared: the table's study made
        ahead (the same analysis, in milliseconds instead of about a CPU second), ``None``: made here.

    What the best split would have won (:attr:`maubinh.play.Analysis.best_actual`) is settled against the other
    hands as they were set at this table, not against solvers standing for them (a tester read "yours / the best
    -3 / -26": the best split had been settled at another table than the one the hand played at).
    """
    hand = next(h for h in hands if h.seat == seat)
    table = _seat_table(rule_set, seed, hands, seat)
    studied = prepared(table, number) if prepared is not None else None
    return table, analyse(table, number, hand.arrangement, hand.declared, actual=actual, studied=studied,
                          bots=_as_set(hands, seat), missed=hand.origin == Origin.TIMER_SOLVER.value)


def hand_analysis(info: RoomInfo, number: int, hands: Sequence[Hand], seat: int,
                  prepared: Prepared | None = None) -> Analysis:
    """The analysis of ``seat``'s hand in settled deal ``number`` of room ``info`` (:func:`seat_analysis` with what
    the hand won, :attr:`Hand.total`): what the room's page shows and the profile keeps. The same for the same
    inputs, ``prepared`` or not (each takes about a CPU second unprepared: :func:`background.rooms.room_analysis`
    makes it once per process, with the study made while the deal was arranged)."""
    hand = next(h for h in hands if h.seat == seat)
    return seat_analysis(info.rule_set, info.seed, number, hands, seat, int(hand.total or 0), prepared)[1]


HandAnalysis = Callable[[RoomInfo, int, Sequence[Hand], int], Analysis]
"""How a hand's analysis is had: :func:`hand_analysis`'s arguments and value (a caller may share it among threads)."""


def _limit(timer: int) -> float:
    found = limit_seconds(timer)
    assert found is not None  # a room's timer is one of TIMERS
    return found


def parse_chis(chis: object, cards: Sequence[Card]) -> dict[str, list[str]]:
    """A placement (card ids per chi, as the arranging component keeps them) checked against the 13 ``cards``: each
    chi at most its size, every card one of ``cards``, none twice.

    Raises:
        ClassroomError: ``"placed"`` naming what is wrong (not a mapping of lists, too many cards, a card not dealt
            to this seat, a card twice).
    """
    if not isinstance(chis, Mapping):
        raise ClassroomError("placed", "the chi are not a mapping of card lists")
    dealt, seen = set(cards), set()
    kept: dict[str, list[str]] = {}
    for position in POSITIONS:
        ids = chis.get(position.value, [])
        if not isinstance(ids, list) or len(ids) > position.size or not all(isinstance(i, str) for i in ids):
            raise ClassroomError("placed", f"the {position.value} chi holds at most {position.size} card ids")
        for text in ids:
            try:
                card = parse_card(text[:4])
            except CardParseError:
                raise ClassroomError("placed", "a card id is not a card") from None
            if card not in dealt:
                raise ClassroomError("placed", "a card is not one of this seat's cards")
            if card in seen:
                raise ClassroomError("placed", "a card is placed twice")
            seen.add(card)
        kept[position.value] = [str(parse_card(i)) for i in ids]
    return kept


def _solver_split(cards: Sequence[Card], rule_set: RuleSet, players: int) -> Arrangement:
    """The solver's split of ``cards`` at a table of ``players`` (the timer's, for a player without a legal one)."""
    return decide(cards, rule_set, opponents=players - 1).arrangement


def _removed_hash(secret_hash: str) -> str:
    """The seat hash stored when the host removes its person: nobody holds its secret (the old link no longer
    takes the seat; :class:`~classroom.room_models.RoomRemoval` keeps the link's own hash, :meth:`Rooms.removed`)."""
    return hash_secret(f"removed:{secret_hash}")


def _placed_arrangement(chis: Mapping[str, Sequence[str]] | None) -> Arrangement | None:
    if chis is None or any(len(chis.get(p.value, ())) != p.size for p in POSITIONS):
        return None
    back, middle, front = (tuple(parse_card(i) for i in chis[p.value]) for p in POSITIONS)
    return Arrangement(back, middle, front)


class Rooms:
    """Rooms on a :class:`~classroom.service.ClassroomStore`'s database (thread-safe, like the store)."""

    def __init__(self, store: ClassroomStore, profiles: PlayHands | None = None) -> None:
        self.store = store
        self.profiles = profiles or PlayHands(store)

    # ------------------------------------------------------------------ rooms

    def create(self, rule_set: RuleSet, seats: int, timer: int, fill: Strength | None, host_name: str,
               seed: int | None = None, share_analysis: bool = False, learner_id: str | None = None) -> NewRoom:
        """Open a room; the host (``host_name``) sits at seat 0. ``share_analysis``: after each deal, everyone may see
        everyone's analysis (else each player sees their own). ``learner_id``: the host's profile (their hands go
        to it, :meth:`keep_hands`), ``None`` for none.

        Raises:
            ClassroomError: ``"seats"`` outside 2-4, ``"timer"`` not in :data:`TIMERS`, ``"name"`` (see
                :func:`classroom.service.clean_text`).
        """
        if not isinstance(seats, int) or not MIN_SEATS <= seats <= MAX_SEATS:
            raise ClassroomError("seats", f"a room has {MIN_SEATS}-{MAX_SEATS} seats, got {seats!r}")
        if timer not in TIMERS:
            raise ClassroomError("timer", f"the timer is one of {', '.join(map(str, TIMERS))} seconds, got {timer!r}")
        fill = None if fill is None else Strength(fill)
        name = clean_text(host_name, "name", LEARNER_NAME_MAX)
        house = None if rule_set.id in RULE_SET_IDS else dump_rule_set(rule_set)
        host = Token.new(new_id(10))
        seat_secret = secrets.token_urlsafe(16)
        seed = secrets.randbits(SEED_BITS) if seed is None else seed

        def work(session: Session) -> RoomInfo:
            now = utcnow()
            room_id = new_id(8)
            row = Room(id=room_id, code=new_join_code(), host_hash=hash_secret(host.secret), rule_set_id=rule_set.id,
                       house_toml=house, seats=seats, timer=timer, fill=None if fill is None else fill.value,
                       seed=seed, deal=0, created_at=now, active_at=now, share_analysis=bool(share_analysis))
            session.add(row)
            session.flush()
            session.add(RoomSeat(room_id=room_id, seat=0, name=name, name_key=name_key(name),
                                 secret_hash=hash_secret(seat_secret), joined_at=now, learner_id=learner_id))
            session.flush()  # a code already taken: IntegrityError, and write() tries again with a new one
            return _info(row)

        room = self.store.write(work)
        self.close_idle()  # rooms idle for a day close as new ones open (no background job)
        return NewRoom(room, host, SeatToken(room.id, 0, seat_secret))

    def room(self, room_id: str) -> RoomInfo | None:
        """One room, or ``None``."""
        with self.store._session() as session:
            row = session.get(Room, room_id)
            return None if row is None else _info(row)

    def find(self, code: str, client: str | None = None) -> RoomInfo | None:
        """The open room a code opens (typed in any case, spaces and dashes dropped), or ``None``.

        With ``client`` (the asker's address), a wrong code counts against the join throttle's limits, the same as a
        class's join code (:data:`~classroom.throttle.CLIENT_GUESSES`, :data:`~classroom.throttle.ALL_GUESSES`).

        Raises:
            ClassroomError: ``"throttled"``: too many wrong codes from this client (or everyone) lately.
        """
        code = normalize_join_code(code or "")
        found = None
        if code:
            with self.store._session() as session:
                row = session.scalars(select(Room).where(Room.code == code)).first()
                found = None if row is None else _info(row)
        if found is not None and found.closed():
            found = None
        if client is None or found is not None:
            return found
        if self.store.throttle.check(CLIENT_GUESSES, client) and self.store.throttle.check(ALL_GUESSES, "*"):
            return None
        raise ClassroomError("throttled", "too many wrong room codes from this client: wait a minute")

    def is_host(self, room_id: str, host_token: str | None) -> bool:
        """Whether ``host_token`` is the host's secret of the room."""
        token = Token.parse(host_token)
        with self.store._session() as session:
            row = session.get(Room, room_id)
            return token is not None and row is not None and token.check(row.host_hash)

    def close_idle(self, now: datetime | None = None) -> int:
        """Close every room idle for :data:`IDLE`; returns how many were closed."""
        moment = now or utcnow()

        def work(session: Session) -> int:
            result = session.execute(update(Room).where(Room.closed_at.is_(None), Room.active_at < moment - IDLE)
                                     .values(closed_at=moment))
            return int(getattr(result, "rowcount", 0) or 0)

        return self.store.write(work)

    # ------------------------------------------------------------------ seats

    @staticmethod
    def _open_room(session: Session, room_id: str, now: datetime) -> Room:
        row = session.get(Room, room_id, with_for_update=True)
        if row is None or _info(row).closed(now):
            raise ClassroomError("closed", "this room is closed")
        row.active_at = now
        return row

    def join(self, room_id: str, name: str, learner_id: str | None = None, host_token: str | None = None) -> SeatToken:
        """Seat ``name`` at the room's first free seat (never taken, or left); ``learner_id``: their profile (their
        hands go to it, :meth:`keep_hands`), ``None`` for none; ``host_token``: the host's link, which sits down in a
        locked room too (:meth:`lock`).

        Raises:
            NameTakenError: the name is taken in the room (it carries a free one).
            ClassroomError: ``"name"`` (see :func:`classroom.service.clean_text`), ``"closed"``, ``"full"``,
                ``"class"`` (a class seating's table: its teacher seats it, :mod:`classroom.seatings`), ``"locked"``
                (the host let nobody new join, :meth:`lock`).
        """
        name = clean_text(name, "name", LEARNER_NAME_MAX)
        key = name_key(name)
        secret = secrets.token_urlsafe(16)
        host = host_token is not None and self.is_host(room_id, host_token)

        def work(session: Session) -> SeatToken:
            now = utcnow()
            room = self._open_room(session, room_id, now)
            if room.seating_id is not None:
                raise ClassroomError("class", "a class's table is seated by its teacher")
            if room.locked and not host:
                raise ClassroomError("locked", "the host lets nobody new join this room")
            rows = {row.seat: row for row in session.scalars(select(RoomSeat).where(RoomSeat.room_id == room_id))}
            if any(name_key(row.name) == key and row.left_at is None for row in rows.values()):
                raise NameTakenError(name, f"{name[: LEARNER_NAME_MAX - 2]} {len(rows) + 1}")
            free = [s for s in range(room.seats) if s not in rows or rows[s].left_at is not None]
            if not free:
                raise ClassroomError("full", f"this room is full ({room.seats} seats)")
            seat = free[0]
            for row in rows.values():  # a left seat's old name frees its key for the newcomer
                if row.name_key == key and row.seat != seat:
                    row.name_key = f"{key[: 70]}#{row.seat}"
            if seat in rows:
                rows[seat].name, rows[seat].name_key = name, key
                rows[seat].secret_hash, rows[seat].joined_at, rows[seat].left_at = hash_secret(secret), now, None
                rows[seat].removed_at = None
                rows[seat].learner_id = learner_id
            else:
                session.add(RoomSeat(room_id=room_id, seat=seat, name=name, name_key=key,
                                     secret_hash=hash_secret(secret), joined_at=now, learner_id=learner_id))
            session.flush()
            return SeatToken(room_id, seat, secret)

        return self.store.write(work)

    def seat(self, token_text: str | None) -> SeatToken | None:
        """The seat a seat link holds if its secret is right (a left seat's too: it may be taken again)."""
        token = SeatToken.parse(token_text)
        if token is None:
            return None
        with self.store._session() as session:
            row = session.get(RoomSeat, (token.room_id, token.seat))
            ok = row is not None and Token(token.room_id, token.secret).check(row.secret_hash)
        return token if ok else None

    def removed(self, token_text: str | None) -> SeatToken | None:
        """The seat ``token_text`` held when the host removed its person from it (:meth:`remove`), whatever happened
        to the seat since (taken again, someone else removed from it: the removal is kept by the link's own secret,
        ``room_removals``); ``None``: not a removed person's link."""
        token = SeatToken.parse(token_text)
        if token is None:
            return None
        with self.store._session() as session:
            seat = session.scalars(select(RoomRemoval.seat).where(
                RoomRemoval.room_id == token.room_id, RoomRemoval.secret_hash == hash_secret(token.secret))).first()
        return token if seat == token.seat else None

    def _set_left(self, token_text: str | None, left: bool) -> bool:
        token = self.seat(token_text)
        if token is None:
            return False

        def work(session: Session) -> bool:
            now = utcnow()
            self._open_room(session, token.room_id, now)
            row = session.get(RoomSeat, (token.room_id, token.seat), with_for_update=True)
            if row is None or not Token(token.room_id, token.secret).check(row.secret_hash):
                return False  # taken by someone else meanwhile
            if not left:  # back under one's own name, unless someone present has taken it meanwhile
                key = name_key(row.name)
                if session.scalars(select(RoomSeat.seat).where(
                        RoomSeat.room_id == token.room_id, RoomSeat.seat != token.seat, RoomSeat.name_key == key,
                        RoomSeat.left_at.is_(None))).first() is not None:
                    return False
                for other in session.scalars(select(RoomSeat).where(RoomSeat.room_id == token.room_id,
                                                                    RoomSeat.seat != token.seat,
                                                                    RoomSeat.name_key == key)):
                    other.name_key = f"{key[: 70]}#{other.seat}"  # a left seat's old name gives way
                session.flush()
                row.name_key = key
            row.left_at = now if left else None
            return True

        return self.store.write(work)

    def leave(self, token_text: str | None) -> bool:
        """Leave the seat (someone else may take it; its link takes it back while free). ``False``: not this seat's
        link (any more)."""
        return self._set_left(token_text, True)

    def retake(self, token_text: str | None) -> bool:
        """Take back a seat left (``False``: the link is wrong, or someone else took the seat)."""
        return self._set_left(token_text, False)

    def lock(self, room_id: str, host_token: str | None, locked: bool) -> bool:
        """The host lets nobody new join (``locked``), or anyone with the code again: :meth:`join` refuses a newcomer
        while it is locked (a person removed cannot come back under another name); a seat link still takes its own
        seat back (:meth:`retake`). ``False``: not the host's link, or the room is closed.

        Raises:
            the database's errors.
        """
        if not self.is_host(room_id, host_token):
            return False

        def work(session: Session) -> bool:
            try:
                room = self._open_room(session, room_id, utcnow())
            except ClassroomError:
                return False
            room.locked = locked
            return True

        return self.store.write(work)

    def remove(self, room_id: str, host_token: str | None, seat: int) -> bool:
        """The host removes the person at ``seat``: the seat is left, marked removed, and its link no longer takes it
        back (a hash nobody holds the secret of), and :meth:`removed` knows the old link by its own secret, kept
        (``room_removals``); in a running deal their hand is played by the timer's rule. Any seat, seat 0 too: the
        host may have left it and someone else taken it (the page never offers the host's own seat). ``False``: not
        the host's link, or no one at that seat."""
        if not self.is_host(room_id, host_token):
            return False

        def work(session: Session) -> bool:
            now = utcnow()
            self._open_room(session, room_id, now)
            row = session.get(RoomSeat, (room_id, seat), with_for_update=True)
            if row is None or row.left_at is not None:
                return False
            session.add(RoomRemoval(room_id=room_id, secret_hash=row.secret_hash, seat=seat, removed_at=now))
            row.left_at, row.removed_at, row.secret_hash = now, now, _removed_hash(row.secret_hash)
            return True

        return self.store.write(work)

    # ------------------------------------------------------------------ deals

    def start(self, room_id: str, host_token: str | None, now: datetime | None = None, *,
              seat_token: str | None = None) -> int:
        """The host deals the next deal: every person present, then a computer player per empty seat (with ``fill``).
        At a class seating's table (:mod:`classroom.seatings`) any person seated there deals it (``seat_token``: their
        seat link), up to the seating's deals.

        Returns:
            The new deal's number.

        Raises:
            ClassroomError: ``"host"`` (not the host's link, nor a seat's at a class table), ``"closed"``,
                ``"running"`` (the current deal is not settled yet), ``"players"`` (fewer than 2 players),
                ``"deals"`` (a class table has played all its seating's deals).
        """
        seat, info = self.seat(seat_token), self.room(room_id)
        table = seat is not None and seat.room_id == room_id and info is not None and info.seating_id is not None
        if not table and not self.is_host(room_id, host_token):
            raise ClassroomError("host", "only the room's host starts a deal")

        def work(session: Session) -> int:
            moment = now or utcnow()
            room = self._open_room(session, room_id, moment)
            if room.seating_id is not None:
                seating = session.get(RoomSeating, room.seating_id)
                if seating is None or seating.closed_at is not None:
                    raise ClassroomError("closed", "this class's seating is over")
                if room.deal >= seating.deals:
                    raise ClassroomError("deals", "this table has played all its deals")
            if room.deal:
                current = session.get(RoomDeal, (room_id, room.deal))
                if current is not None and current.settled_at is None:
                    raise ClassroomError("running", "the current deal is not over yet")
            return self.deal_in(session, room, moment)

        return self.store.write(work)

    @staticmethod
    def deal_in(session: Session, room: Room, moment: datetime) -> int:
        """Deal ``room``'s next deal inside the caller's transaction (the room's row locked by it): every person
        present, then a computer player per empty seat (with ``fill``); returns its number.

        Raises:
            ClassroomError: ``"players"`` (fewer than 2 players).
        """
        present = {row.seat: (row.learner_id, row.name, _stamp(row)) for row in session.scalars(select(RoomSeat).where(
            RoomSeat.room_id == room.id, RoomSeat.left_at.is_(None)))}
        players: list[list[object]] = []
        for seat in range(room.seats):
            if seat in present:  # the person's profile, name and stamp, kept with the deal (the seat may change hands)
                players.append([seat, None, *present[seat]])
            elif room.fill is not None:
                players.append([seat, room.fill])
        if len(players) < MIN_SEATS:
            raise ClassroomError("players", "a deal needs at least 2 players")
        number = room.deal + 1
        hands = deal_cards(room.seed, number, len(players))
        session.add(RoomDeal(room_id=room.id, number=number, players=players,
                             cards=[" ".join(map(str, hand)) for hand in hands], started_at=moment,
                             deadline=moment + timedelta(seconds=_limit(room.timer))))
        room.deal = number
        session.flush()
        return number

    def _playing(self, session: Session, token: SeatToken, number: int) -> tuple[Room, RoomDeal, tuple[Card, ...]]:
        room = session.get(Room, token.room_id)
        row = session.get(RoomSeat, (token.room_id, token.seat))
        if room is None or row is None or not Token(token.room_id, token.secret).check(row.secret_hash):
            raise ClassroomError("seat", "this seat link is not valid any more")
        if _info(room).closed():
            raise ClassroomError("closed", "this room is closed")
        deal = session.get(RoomDeal, (token.room_id, number))
        cards = () if deal is None else _cards(deal, token.seat)
        if deal is None or number != room.deal or not cards or not _dealt_to(deal, row):
            raise ClassroomError("deal", "this seat does not play this deal")  # (the last: seated after the deal)
        if deal.settled_at is not None:
            raise ClassroomError("settled", "this deal's showdown is over")
        return room, deal, cards

    def place(self, token_text: str | None, number: int, chis: object) -> dict[str, list[str]]:
        """Store the seat's chi as they stand in deal ``number`` (a reload, another device or server finds them).

        Raises:
            ClassroomError: ``"seat"``, ``"closed"``, ``"deal"``, ``"settled"``, ``"placed"`` (a crafted value:
                see :func:`parse_chis`; nothing is stored), ``"final"`` (the hand is already confirmed).
        """
        return self._place(token_text, number, chis, None, check=False)[0]

    def place_since(self, token_text: str | None, number: int, chis: object, seen: datetime | None) -> datetime:
        """:meth:`place`, only over the placement the caller last saw (``seen``: its :attr:`RoomView.placed_at`, or
        the time this returned for its last write; ``None``: none stored): a second tab or device of the same seat
        that placed cards since is not overwritten unseen. Returns the new placement's time (the next ``seen``).

        Raises:
            ClassroomError: ``"changed"`` (another tab or device stored other chi since ``seen``: nothing is stored;
                :meth:`view` reads them), and :meth:`place`'s.
        """
        return self._place(token_text, number, chis, seen, check=True)[1]

    def declare_since(self, token_text: str | None, number: int, declare: bool, seen: datetime | None) -> datetime:
        """Store the seat's choice to declare the instant win its cards hold in deal ``number`` (báo mậu binh: the
        page's switch), with its chi as they stand: a reload or another device shows it, and the timer's rule plays
        it (:func:`classroom.clock.timer_declares`) if the hand is not confirmed by the deadline. Only over the
        placement the caller last saw (``seen``, as :meth:`place_since`); returns the new placement's time.

        Raises:
            ClassroomError: ``"declare"`` (declaring cards that hold no instant win under the room's rules: nothing is
                stored), ``"changed"`` and :meth:`place`'s.
        """
        return self._place(token_text, number, None, seen, check=True, declare=bool(declare))[1]

    def _place(self, token_text: str | None, number: int, chis: object | None, seen: datetime | None,
               check: bool, declare: bool | None = None) -> tuple[dict[str, list[str]], datetime]:
        """Store ``chis`` (``None``: the chi as stored) and, unless ``None``, the choice to ``declare``."""
        token = SeatToken.parse(token_text)
        if token is None:
            raise ClassroomError("seat", "this seat link is not valid")

        def work(session: Session) -> tuple[dict[str, list[str]], datetime]:
            room, _, cards = self._playing(session, token, number)
            kept = None if chis is None else parse_chis(chis, cards)
            if declare and find_instant_win(cards, _info(room).rule_set) is None:
                raise ClassroomError("declare", "these cards hold no instant win to declare")
            if session.scalars(select(RoomHand.id).where(RoomHand.room_id == token.room_id, RoomHand.number == number,
                                                         RoomHand.seat == token.seat)).first() is not None:
                raise ClassroomError("final", "this hand is confirmed already")
            stored = session.get(RoomPlaced, (token.room_id, number, token.seat), with_for_update=True)
            if kept is None:  # the choice alone: the chi as they stand
                kept = parse_chis({} if stored is None else stored.chis, cards)
            if check and (None if stored is None else stored.updated_at) != seen:
                raise ClassroomError("changed", "the chi were placed from another tab or device since")
            now = utcnow()
            chosen = {} if declare is None else {"declare": declare}
            session.execute(self.store._insert(session, RoomPlaced).values(
                room_id=token.room_id, number=number, seat=token.seat, chis=kept, updated_at=now, **chosen)
                .on_conflict_do_update(index_elements=["room_id", "number", "seat"],
                                       set_={"chis": kept, "updated_at": now, **chosen}))
            return kept, now

        return self.store.write(work)

    def confirm(self, token_text: str | None, number: int, arrangement: Arrangement | None, declare: bool = False, *,
                expired: bool = False, xep_bai: bool = False, now: datetime | None = None) -> Hand:
        """The seat's final hand of deal ``number``; the first one stays (a resubmission returns it unchanged).

        In time: ``arrangement`` must hold exactly the seat's 13 cards (binh lủng is the player's right). Late
        (:func:`classroom.clock.is_late` on the server's clock; an ``expired`` before the deadline is not believed),
        the timer's rule (:func:`classroom.clock.outcome`): the split if complete and legal, else the solver's.
        ``xep_bai``: the player asked for the solver's split (shown, marked, not graded as theirs).
        The showdown follows when it was the last hand (:meth:`tick`).

        Raises:
            ClassroomError: ``"seat"``, ``"closed"``, ``"deal"``, ``"settled"``, ``"arrangement"`` (in time, not this
                seat's 13 cards: nothing is stored).
        """
        token = SeatToken.parse(token_text)
        if token is None:
            raise ClassroomError("seat", "this seat link is not valid")
        moment = now or utcnow()
        with self.store._session() as session:
            room, deal, cards = self._playing(session, token, number)
            info, started, players = _info(room), deal.started_at, len(deal.players)
            chosen = session.scalars(select(RoomPlaced.declare).where(
                RoomPlaced.room_id == token.room_id, RoomPlaced.number == number, RoomPlaced.seat == token.seat)).first()
        if arrangement is not None and sorted(arrangement.cards) != sorted(cards):
            if not is_late(_limit(info.timer), (moment - started).total_seconds(), expired=expired):
                raise ClassroomError("arrangement", "the split does not hold this seat's cards")
            arrangement = None
        try:
            stands = outcome(arrangement, info.rule_set, limit=_limit(info.timer),
                             elapsed=(moment - started).total_seconds(), expired=expired,
                             solver=partial(_solver_split, cards, info.rule_set, players))
        except ValueError:
            raise ClassroomError("arrangement", "the split does not hold this seat's cards") from None
        origin = (Origin.TIMER_SOLVER if stands.auto_split else Origin.TIMER if stands.timed_out
                  else Origin.XEP_BAI if xep_bai else Origin.OWN)
        declare = bool(declare) or timer_declares(stands, cards, info.rule_set, players, chosen)
        hand = self._store_hands(token.room_id, number, {token.seat: (stands.arrangement, declare, origin.value)},
                                 moment, started)[token.seat]
        self.tick(token.room_id, moment)
        return hand

    def _insert_hands(self, session: Session, room_id: str, number: int,
                      hands: Mapping[int, tuple[Arrangement, bool, str]], moment: datetime, started: datetime) -> None:
        """Insert each seat's hand (split, declared, origin) unless one is stored: the first stays (the unique key)."""
        for seat, (arrangement, declare, origin) in hands.items():
            session.execute(self.store._insert(session, RoomHand).values(
                room_id=room_id, number=number, seat=seat, arrangement=str(canonical(arrangement)),
                declared=bool(declare), origin=origin, seconds=max(0.0, (moment - started).total_seconds()),
                played_at=moment).on_conflict_do_nothing())

    def _store_hands(self, room_id: str, number: int, hands: Mapping[int, tuple[Arrangement, bool, str]],
                     moment: datetime, started: datetime) -> dict[int, Hand]:
        """Insert each seat's hand unless one is stored (the first stays); returns the stored ones."""

        def work(session: Session) -> dict[int, Hand]:
            deal = session.get(RoomDeal, (room_id, number))
            if deal is None or deal.settled_at is not None:
                raise ClassroomError("settled", "this deal's showdown is over")
            self._insert_hands(session, room_id, number, hands, moment, started)
            rows = session.scalars(select(RoomHand).where(RoomHand.room_id == room_id, RoomHand.number == number,
                                                          RoomHand.seat.in_(list(hands))))
            return {row.seat: _hand(row) for row in rows}

        return self.store.write(work)

    def tick(self, room_id: str, now: datetime | None = None) -> bool:
        """Settle the room's current deal if it is due: every player's hand is final, or the deadline plus the grace
        has passed (then each person's hand is the timer's, from the chi stored, and each computer player sets its
        cards). Safe to call from every page and server at once: the deal's end is done once. The first caller to
        claim it (:meth:`_claim`, one atomic update of the deal's row on either database) makes the missing splits
        and settles; every other caller meanwhile returns ``False`` at once (the page's next look reads the stored
        showdown). A claim whose server stopped before settling is taken over after :data:`CLAIM_LEASE`; a claim
        whose work failed is given back at once. (In one process, :func:`background.rooms.end_deal` also lets the
        pages of a room wait for one call.)

        Returns:
            Whether the current deal is settled now.
        """
        moment = now or utcnow()
        with self.store._session() as session:
            room = session.get(Room, room_id)
            deal = None if room is None or not room.deal else session.get(RoomDeal, (room_id, room.deal))
            if room is None or deal is None:
                return False
            if deal.settled_at is not None:
                return True
            info = _info(room)
            stored = {row.seat for row in session.scalars(select(RoomHand).where(
                RoomHand.room_id == room_id, RoomHand.number == deal.number))}
            placed = {row.seat: (row.chis, row.declare) for row in session.scalars(select(RoomPlaced).where(
                RoomPlaced.room_id == room_id, RoomPlaced.number == deal.number))}
            number, started, players = deal.number, deal.started_at, list(deal.players)
            hands = {s: tuple(parse_cards(text)) for (s, _, _), text in zip(_seats(players), deal.cards, strict=True)}
            here = _here(deal, session.scalars(select(RoomSeat).where(RoomSeat.room_id == room_id)))
        people = [s for s, strength, _ in _seats(players) if strength is None]
        late = (moment - started).total_seconds() > _limit(info.timer) + GRACE_S
        if any(seat not in stored and seat in here for seat in people) and not late:
            return False  # (a person gone from the table holds nobody up: the timer's rule plays their hand)
        claim = self._claim(room_id, number, moment)
        if claim is None:
            return False  # another page or server is ending it: its showdown is read at the next look
        try:
            return self._end(info, number, started, players, hands, stored, placed, moment)
        except BaseException:
            self._release(room_id, number, claim)
            raise

    def _claim_row(self, table: type[RoomDeal | RoomHand], where: Sequence[ColumnElement[bool]],
                   at: InstrumentedAttribute[datetime | None], moment: datetime, **values: object) -> bool:
        """Claim the row of ``table`` that ``where`` names, unless a claim younger than :data:`CLAIM_LEASE` holds it
        (``at``: when it was claimed, set to ``moment``; ``values``: also set): one ``UPDATE``, atomic on SQLite,
        whose writers take turns, and on PostgreSQL, where a racing update waits for the first and then finds the
        row claimed. Whether this call claimed it."""

        def work(session: Session) -> bool:
            result = session.execute(update(table).where(*where, or_(at.is_(None), at < moment - CLAIM_LEASE))
                                     .values({at.key: moment, **values}))
            return int(getattr(result, "rowcount", 0) or 0) == 1

        return self.store.write(work)

    def _claim(self, room_id: str, number: int, moment: datetime) -> str | None:
        """Claim the end of deal ``number`` (:meth:`_claim_row`): the claim's value, or ``None`` when it is settled
        or someone else's claim younger than :data:`CLAIM_LEASE` holds it."""
        claim = secrets.token_hex(8)
        where = (RoomDeal.room_id == room_id, RoomDeal.number == number, RoomDeal.settled_at.is_(None))
        return claim if self._claim_row(RoomDeal, where, RoomDeal.ending_at, moment, ending_by=claim) else None

    def _release(self, room_id: str, number: int, claim: str) -> None:
        """Give back a claim whose work failed (the next caller claims the deal's end at once)."""
        self.store._update(update(RoomDeal).where(RoomDeal.room_id == room_id, RoomDeal.number == number,
                                                  RoomDeal.ending_by == claim, RoomDeal.settled_at.is_(None))
                           .values(ending_by=None, ending_at=None))

    def _end(self, info: RoomInfo, number: int, started: datetime, players: Sequence[Sequence[object]],
             hands: Mapping[int, tuple[Card, ...]], stored: set[int],
             placed: Mapping[int, tuple[Mapping[str, Sequence[str]], bool | None]], moment: datetime) -> bool:
        """The claimed end of a deal: each computer player's split, the timer's for each person without a hand (from
        their chi and their choice to declare as stored, ``placed``; at the timer's end, or at once for a person gone
        from the table), the settlement, in one transaction (the hands stored meanwhile stay: the first one stays)."""
        room_id, rule_set, count = info.id, info.rule_set, len(players)
        missing: dict[int, tuple[Arrangement, bool, str]] = {}
        for position, (seat, strength, _) in enumerate(_seats(players)):
            if seat in stored:
                continue
            if strength is not None:
                play = bot_play(hands[seat], strength, rule_set, count, f"{info.seed}:{number}:{position}")
                missing[seat] = (play.arrangement, play.declare, COMPUTER)
            else:
                chis, chosen = placed.get(seat, (None, None))
                at_zero = max((moment - started).total_seconds(), _limit(info.timer))  # gone from the table: now
                stands = outcome(_placed_arrangement(chis), rule_set, limit=_limit(info.timer), elapsed=at_zero,
                                 expired=True,
                                 solver=partial(_solver_split, hands[seat], rule_set, count))
                missing[seat] = (stands.arrangement, timer_declares(stands, hands[seat], rule_set, count, chosen),
                                 (Origin.TIMER_SOLVER if stands.auto_split else Origin.TIMER).value)
        order = [s for s, _, _ in _seats(players)]

        def work(session: Session) -> bool:
            deal = session.get(RoomDeal, (room_id, number), with_for_update=True)
            if deal is None or deal.settled_at is not None:
                return deal is not None
            self._insert_hands(session, room_id, number, missing, moment, started)
            rows = {row.seat: row for row in session.scalars(select(RoomHand).where(
                RoomHand.room_id == room_id, RoomHand.number == number))}
            if set(order) - set(rows):
                return False  # a hand appeared and went (never): settle at the next call
            result = settle([parse_split(rows[s].arrangement) for s in order], rule_set, [rows[s].declared for s in order])
            for seat, total in zip(order, result.totals, strict=True):
                rows[seat].total = int(total)
            deal.settled_at = moment
            return True

        return self.store.write(work)

    def keep_hands(self, room_id: str, analysis: HandAnalysis = hand_analysis) -> int:
        """Keep each settled hand of a person with a profile (the seat's when the deal started) in that profile, marked
        as played at this room (:meth:`classroom.play_hands.PlayHands.keep`, ``room_id``): the Play history, Progress's
        decisions and the review queue take it as a Play hand. Called after a showdown is shown (the room's page
        asks :func:`background.rooms.keep_room_hands`: each hand's analysis takes seconds); a hand is stored once
        whoever calls, and at once (the keep's unique key: the learner, the seat's analysis seed, the rules, the
        deal), and a hand a call could not keep (a server gone) is kept by the next call, at any later showdown of
        the room. A removed profile's hands are not kept. ``analysis``: how each hand's analysis is had (default
        :func:`hand_analysis`; the background's is made once per process with the page's,
        :func:`background.rooms.room_analysis`).

        Returns:
            How many hands this call found missing and kept (a racing call may have stored some first).
        """
        with self.store._session() as session:
            room = session.get(Room, room_id)
            if room is None:
                return 0
            info = _info(room)
            wanted = [(deal.number, seat, learner) for deal in session.scalars(select(RoomDeal).where(
                RoomDeal.room_id == room_id, RoomDeal.settled_at.is_not(None)))
                for seat, _, learner in _seats(deal.players) if learner is not None]
            if not wanted:
                return 0
            kept = set(session.execute(select(PlayHand.learner_id, PlayHand.deal, PlayHand.table_seed).where(
                PlayHand.room_id == room_id)))
            missing = [(number, seat, learner) for number, seat, learner in wanted
                       if (learner, number, _seat_seed(info.seed, seat)) not in kept]
            if not missing:
                return 0
            present = set(session.scalars(select(Learner.id).where(
                Learner.id.in_({learner for _, _, learner in missing}), Learner.removed_at.is_(None))))
            deals = {number: session.get(RoomDeal, (room_id, number)) for number in {n for n, _, _ in missing}}
            hands = {number: {row.seat: _hand(row) for row in session.scalars(select(RoomHand).where(
                RoomHand.room_id == room_id, RoomHand.number == number))} for number in deals}
            orders = {number: [s for s, _, _ in _seats(deal.players)] for number, deal in deals.items() if deal}
        stored = 0
        for number, seat, learner in missing:
            if learner not in present or set(orders.get(number, ())) - set(hands[number]):
                continue
            played = [hands[number][s] for s in orders[number]]
            self.profiles.keep(learner, _played_hand(info, number, played, seat, analysis(info, number, played, seat)))
            stored += 1
        return stored

    def shared_analysis(self, info: RoomInfo, number: int, hands: Sequence[Hand], seat: int,
                        analysis: HandAnalysis = hand_analysis, wait_s: float | None = None) -> Analysis:
        """``seat``'s analysis in settled deal ``number`` made once across servers: read when a server stored it;
        else made here when this call claims it (``room_hands.analysing_at``: one atomic update, as
        :meth:`_claim`) and stored for the others; else (another server is making it) waited for, looked up every
        :data:`ANALYSIS_POLL_S`, at most ``wait_s`` (default :data:`CLAIM_LEASE`), then made here. A claim whose work
        failed is given back; one whose server stopped is taken over after :data:`CLAIM_LEASE`.

        Raises:
            whatever ``analysis`` raised; the database's errors.
        """
        give_up = time.monotonic() + (CLAIM_LEASE.total_seconds() if wait_s is None else wait_s)
        key = (RoomHand.room_id == info.id, RoomHand.number == number, RoomHand.seat == seat)
        while True:
            with self.store._session() as session:
                data = session.scalars(select(RoomHand.analysis).where(*key)).first()
            if data is not None:
                return Analysis.from_data(data)
            moment = utcnow()
            if self._claim_row(RoomHand, (*key, RoomHand.analysis.is_(None)), RoomHand.analysing_at, moment) or \
                    time.monotonic() > give_up:
                break
            time.sleep(ANALYSIS_POLL_S)  # another server is making it: read it when stored
        try:
            made = analysis(info, number, hands, seat)
        except BaseException:
            self.store._update(update(RoomHand).where(*key, RoomHand.analysis.is_(None),
                                                      RoomHand.analysing_at == moment).values(analysing_at=None))
            raise
        self.store._update(update(RoomHand).where(*key, RoomHand.analysis.is_(None)).values(analysis=made.to_data()))
        return made

    # ------------------------------------------------------------------ reading

    def view(self, room_id: str, token_text: str | None = None, now: datetime | None = None, *,
             settle: bool = True) -> RoomView | None:
        """What the holder of ``token_text`` (a seat link, or nothing: a visitor) may see of the room now; the
        current deal is settled first if due (:meth:`tick`; not with ``settle`` false: the caller just did).
        ``None`` for an unknown room."""
        moment = now or utcnow()
        if settle:
            self.tick(room_id, moment)
        token = SeatToken.parse(token_text)
        with self.store._session() as session:  # one session: the seat link checked on the seats read anyway
            room = session.get(Room, room_id)
            if room is None:
                return None
            info = _info(room)
            seat_rows = list(session.scalars(select(RoomSeat).where(RoomSeat.room_id == room_id)
                                             .order_by(RoomSeat.seat)))
            me = next((r.seat for r in seat_rows if token is not None and token.room_id == room_id
                       and r.seat == token.seat and Token(token.room_id, token.secret).check(r.secret_hash)), None)
            seats = tuple(SeatInfo(r.seat, r.name, r.left_at is not None, r.removed_at is not None)
                          for r in seat_rows)
            score = _score(session, room_id, seat_rows)
            deal = None if not info.deal else session.get(RoomDeal, (room_id, info.deal))
            if deal is None:
                return RoomView(info, seats, me, 0, score=score)
            names = {s.seat: s.name for s in seats}
            players = _players(deal, names)
            rows = {row.seat: row for row in session.scalars(select(RoomHand).where(
                RoomHand.room_id == room_id, RoomHand.number == deal.number))}
            settled = deal.settled_at is not None
            playing = any(r.seat == me and _dealt_to(deal, r) for r in seat_rows)
            here = _here(deal, seat_rows)
            placed_row = session.get(RoomPlaced, (room_id, deal.number, me)) if playing else None
            remaining = None if settled else max(0.0, (deal.deadline - moment).total_seconds())
            return RoomView(
                info, seats, me, deal.number, players, settled, frozenset(rows), playing=playing,
                cards=_cards(deal, me) if playing and me is not None else (),
                placed=dict(placed_row.chis) if placed_row is not None else {},
                placed_at=None if placed_row is None else placed_row.updated_at,
                declare=None if placed_row is None else placed_row.declare,
                mine=_hand(rows[me]) if playing and me in rows else None,
                hands=tuple(_hand(rows[p.seat]) for p in players) if settled else (),
                away=frozenset(p.seat for p in players if p.strength is None and p.seat not in here),
                score=score, remaining=remaining)

    def signature(self, room_id: str) -> tuple[object, ...]:
        """A cheap summary of what others change in the room (seats, the deal, hands made, the showdown): a page
        redraws when it changes; ``()`` for an unknown room. One room's :meth:`signatures`."""
        return self.signatures((room_id,)).get(room_id, ())

    def signatures(self, room_ids: Collection[str]) -> dict[str, tuple[object, ...]]:
        """:meth:`signature` of each known room of ``room_ids`` (unknown ones left out), in four grouped reads
        whatever their number (the server's watch reads every followed room so, :mod:`ui.watch`): ``(deal,
        closed_at, seats, hands, settled_at)``, seats as ``(seat, name, left_at)`` and hands as the seats whose hand
        of the current deal is final, both in seat order."""
        found: dict[str, tuple[object, ...]] = {}
        ids = sorted(set(room_ids))
        with self.store._session() as session:
            for start in range(0, len(ids), _READ_CHUNK):
                chunk = ids[start:start + _READ_CHUNK]
                rooms = {room_id: (deal, closed) for room_id, deal, closed in session.execute(
                    select(Room.id, Room.deal, Room.closed_at).where(Room.id.in_(chunk)))}
                seats: dict[str, list[tuple[object, ...]]] = {room_id: [] for room_id in rooms}
                for room_id, seat, name, left_at in session.execute(
                        select(RoomSeat.room_id, RoomSeat.seat, RoomSeat.name, RoomSeat.left_at)
                        .where(RoomSeat.room_id.in_(chunk)).order_by(RoomSeat.room_id, RoomSeat.seat)):
                    seats[room_id].append((seat, name, left_at))
                hands: dict[str, list[int]] = {room_id: [] for room_id in rooms}
                for room_id, seat in session.execute(
                        select(RoomHand.room_id, RoomHand.seat).join(Room, Room.id == RoomHand.room_id)
                        .where(RoomHand.room_id.in_(chunk), RoomHand.number == Room.deal)
                        .order_by(RoomHand.room_id, RoomHand.seat)):
                    hands[room_id].append(seat)
                settled = {room_id: at for room_id, at in session.execute(
                    select(RoomDeal.room_id, RoomDeal.settled_at).join(Room, Room.id == RoomDeal.room_id)
                    .where(RoomDeal.room_id.in_(chunk), RoomDeal.number == Room.deal))}
                for room_id, (deal, closed) in rooms.items():
                    found[room_id] = (deal, closed, tuple(seats[room_id]), tuple(hands[room_id]),
                                      settled.get(room_id) if deal else None)
        return found

    @staticmethod
    def confirmed_elsewhere(before: tuple[object, ...], after: tuple[object, ...], me: int | None) -> frozenset[int] | None:
        """The seats whose hand is final in ``after`` (a :meth:`signature`) when it differs from ``before`` only by
        hands other seats than ``me`` confirmed in the same deal, not yet settled (a page redraws its list of who is
        ready, nothing else); ``None`` for any other change (the page is drawn again)."""
        if len(before) != 5 or len(after) != 5:
            return None
        deal, closed, seats, hands, settled = after
        if (deal, closed, seats, settled) != (before[0], before[1], before[2], None) or before[4] is not None:
            return None
        new, old = set(hands), set(before[3])  # type: ignore[call-overload]  # seat numbers, as signature() reads them
        if not old <= new or me in new - old:
            return None
        return frozenset(new)

    @staticmethod
    def analysis(view: RoomView, seat: int, analysis: HandAnalysis = hand_analysis) -> Analysis | None:
        """Play's analysis of ``seat``'s hand at the showdown (:func:`hand_analysis`: the split against the best at
        this table size, chi lost with its standard error), ``None`` before it or for a computer player.
        ``analysis``: how it is had (the background's is made once per process, :func:`background.rooms.room_analysis`)."""
        return analysis(view.room, view.number, view.hands, seat) if Rooms.analysed(view, seat) else None

    @staticmethod
    def analysed(view: RoomView, seat: int) -> bool:
        """Whether ``seat``'s hand has an analysis in the view: the deal is settled and a person played the seat."""
        order = [p.seat for p in view.players]
        return view.settlement is not None and seat in order and view.hands[order.index(seat)].origin != COMPUTER
