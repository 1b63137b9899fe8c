"""The timer's clock is the server's (issue 32, item 4): when each deal of a table was first shown to each learner,
kept in the database (``deal_showings``), so that a reload or another server goes on counting from the same
moment; the limit and what a submission at zero or late stands for.

A deal's place is its table: a Play table (:func:`play_place`: seed, rule set key, computer players) or a class's
table session (:func:`table_place`). The countdown a page shows is the limit minus the time since the first
showing (:meth:`Showing.remaining`); a submission is late (:func:`is_late`) when it comes after the limit plus
:data:`GRACE_S`, or when the browser says its clock reached zero (``"expired"``) and the server's agrees: an
"expired" sent earlier than :data:`EARLY_S` before the server's deadline is not believed.

``MAUBINH_TEST_TIMER_S`` (tests only, never on screen): every limit chosen lasts that many seconds instead, so a
browser test sees zero without waiting a minute.

>>> limit_seconds(0) is None, limit_seconds(60, {}), limit_seconds(90, {"MAUBINH_TEST_TIMER_S": "3"})
(True, 60.0, 3.0)
>>> is_late(60.0, 0.09, expired=True), is_late(60.0, 59.5, expired=True), is_late(60.0, 66.0, expired=False)
(False, True, True)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from classroom.models import DealShowing, utcnow
from classroom.service import ClassroomStore
from maubinh.arrangement import Arrangement, is_foul
from maubinh.cards import Card
from maubinh.drills.sets import rules_key
from maubinh.naturals import find_instant_win
from maubinh.play import Table
from maubinh.rules import RuleSet

__all__ = ["EARLY_S", "GRACE_S", "TEST_ENV", "DealClocks", "Outcome", "Showing", "is_late", "limit_seconds", "outcome",
           "play_place", "table_place", "timer_declares"]

GRACE_S = 5.0
"""Seconds past the limit a submission is still taken as sent in time (the round trip, a slow phone)."""
EARLY_S = 1.0
"""Seconds before the server's deadline an "expired" from the browser is still believed (its clock starts when
the page is drawn, after the server's: it reaches zero later, never earlier, unless forged)."""
TEST_ENV = "MAUBINH_TEST_TIMER_S"
_CHOICES = (60, 90, 120)


def limit_seconds(choice: object, environ: Mapping[str, str] | None = None) -> float | None:
    """The limit in seconds for a timer setting ``choice`` (60, 90, or a room's 120; 0 is off), ``None`` when off or unknown;
    :data:`TEST_ENV` in ``environ`` (default ``os.environ``) replaces any limit that is on."""
    if not isinstance(choice, int) or isinstance(choice, bool) or choice not in _CHOICES:
        return None
    override = (os.environ if environ is None else environ).get(TEST_ENV)
    try:
        return float(override) if override else float(choice)
    except ValueError:
        return float(choice)


def is_late(limit: float | None, elapsed: float, *, expired: bool) -> bool:
    """Whether a submission ``elapsed`` seconds after the deal's first showing (the server's clock) comes at or
    after zero: past ``limit`` plus :data:`GRACE_S`, or said ``expired`` by the browser no earlier than
    :data:`EARLY_S` before ``limit``. Never with the timer off (``limit`` ``None``)."""
    if limit is None:
        return False
    return elapsed > limit + GRACE_S or (expired and elapsed >= limit - EARLY_S)


@dataclass(frozen=True)
class Outcome:
    """What a submission stands for.

    Attributes:
        arrangement: the split played.
        timed_out: late (:func:`is_late`): at zero, or after the limit plus :data:`GRACE_S`.
        auto_split: the solver's split was played for the player (late without a complete, legal split).
    """

    arrangement: Arrangement
    timed_out: bool = False
    auto_split: bool = False


def outcome(arrangement: Arrangement | None, rule_set: RuleSet, *, limit: float | None, elapsed: float,
            expired: bool, solver: Callable[[], Arrangement]) -> Outcome:
    """What a submission of ``arrangement`` (``None``: the player's 13 cards are not all placed, or the value held
    other cards) ``elapsed`` seconds into the timer stands for: in time, the split sent (binh lủng included);
    late (:func:`is_late`), the split sent if complete and legal under ``rule_set``'s order rule, otherwise
    ``solver()``'s, marked.

    Raises:
        ValueError: in time, for ``arrangement`` ``None`` (nothing to play).
    """
    if not is_late(limit, elapsed, expired=expired):
        if arrangement is None:
            raise ValueError("the split sent is not the 13 cards dealt")
        return Outcome(arrangement)
    if arrangement is None or is_foul(arrangement, rule_set):
        return Outcome(solver(), timed_out=True, auto_split=True)
    return Outcome(arrangement, timed_out=True)


def timer_declares(stands: Outcome, cards: Sequence[Card], rule_set: RuleSet, players: int,
                   chosen: bool | None = None) -> bool:
    """Whether the timer's hand declares an instant win (báo mậu binh) the 13 ``cards`` hold, at a table of
    ``players``. The one rule for Play, a class's tables and rooms, at zero (``stands.timed_out``; in time ``False``:
    the player's own word, which the caller has):

    - the player's choice, when they made one and the server stored it (``chosen``: a room's switch, kept with the
      seat's chi, :meth:`classroom.rooms.Rooms.declare_since`) wins over the solver's, both ways and whoever's split
      is played: it is what they said (a reload, a second device or the timer forgot a declared hand);
    - else (``chosen`` ``None``: never said), when the timer's rule plays the solver's split (``stands.auto_split``),
      the solver's whole play is used, its choice to declare with it (digest §2.4:
      :func:`maubinh.strategy.decide.decide` declares when that is worth more than playing the hand out; a tester's
      timed-out six pairs were played out for -8);
    - a split the player set stands as set, not declared.

    Never ``True`` when the cards hold no instant win under ``rule_set``.
    """
    if not stands.timed_out or find_instant_win(cards, rule_set) is None:
        return False
    if chosen is not None:
        return chosen
    if not stands.auto_split:
        return False
    from maubinh.strategy.decide import decide  # the solver: imported when a held instant win asks for it

    return decide(cards, rule_set, opponents=players - 1).declare


def play_place(table: Table) -> str:
    """The place of a Play table's deals: its seed, rule set key (house rules apart) and computer players.

    >>> from maubinh.play import Strength
    >>> from maubinh.rules import load_rule_set
    >>> play_place(Table(load_rule_set("chi-at"), 7, (Strength.SOLVER, Strength.BEGINNER)))
    'play:7:chi-at:solver,beginner'
    """
    return f"play:{table.seed}:{rules_key(table.rule_set)}:{','.join(b.value for b in table.bots)}"


def table_place(session_id: int) -> str:
    """The place of a class's table session's deals."""
    return f"table:{session_id}"


@dataclass(frozen=True)
class Showing:
    """A deal's first showing to a learner: ``shown_at`` (aware, UTC), ``timer_at`` its first with the timer on
    (``None``: never)."""

    shown_at: datetime
    timer_at: datetime | None = None

    def elapsed(self, now: datetime | None = None) -> float:
        """Seconds since the first showing (the time taken)."""
        return max(0.0, ((now or utcnow()) - self.shown_at).total_seconds())

    def timer_elapsed(self, now: datetime | None = None) -> float:
        """Seconds the timer has run (since the first showing with it on; 0 if never)."""
        return 0.0 if self.timer_at is None else max(0.0, ((now or utcnow()) - self.timer_at).total_seconds())

    def remaining(self, limit: float, now: datetime | None = None) -> float:
        """Seconds left of ``limit`` (at least 0)."""
        return max(0.0, limit - self.timer_elapsed(now))


class DealClocks:
    """The first showings of deals, on a :class:`~classroom.service.ClassroomStore`'s database (thread-safe)."""

    def __init__(self, store: ClassroomStore) -> None:
        self.store = store

    def showing(self, learner_id: str, place: str, deal: int) -> Showing | None:
        """The deal's first showing to the learner, ``None`` while never shown."""
        with self.store._session() as session:
            row = session.get(DealShowing, (learner_id, place, deal))
            return None if row is None else _showing(row)

    def show(self, learner_id: str, place: str, deal: int, *, timer: bool, now: datetime | None = None) -> Showing:
        """Note that the deal is shown to the learner now (``timer``: with the timer on) and return its first
        showing: the first one stays, whoever (another tab, another server) noted it; ``timer_at`` is set the
        first time ``timer`` is true. One transaction, safe under concurrency (insert-or-nothing).

        Raises:
            sqlalchemy.exc.IntegrityError: for an unknown learner.
        """
        moment = (now or utcnow()).astimezone(UTC)

        def work(session: Session) -> Showing:
            key = (DealShowing.learner_id == learner_id, DealShowing.place == place, DealShowing.deal == deal)
            session.execute(self.store._insert(session, DealShowing).values(
                learner_id=learner_id, place=place, deal=deal, shown_at=moment, timer_at=moment if timer else None)
                .on_conflict_do_nothing())
            if timer:
                session.execute(update(DealShowing).where(*key, DealShowing.timer_at.is_(None)).values(timer_at=moment))
            return _showing(session.scalars(select(DealShowing).where(*key)).one())

        return self.store.write(work)


def _showing(row: DealShowing) -> Showing:
    return Showing(row.shown_at, row.timer_at)
