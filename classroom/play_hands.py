"""Play history: every hand a profile plays at the Play table, kept in the classroom database (issue 19).

A :class:`PlayedHand` is one hand as played and analysed (:mod:`maubinh.play`): the player's 13 cards, every
seat's split (arrangement) and choice to declare an instant win (báo mậu binh), the settlement per seat (chi,
zero-sum), seconds taken, how the hand was made (:class:`maubinh.play.Origin`: the player's own, Xếp bài, the
timer), the best split and the gap (chi lost
against it, per deal) with its standard error, the rule set (its id, and its values as TOML when it is house
rules: a later change of the house rules never rewrites a stored hand), the table's seed, the deal number and
the computer players' strengths. The page builds one with :meth:`PlayedHand.from_play`; the same object is
shown from the session (no profile) or from the database.

:meth:`PlayHands.keep` stores one in one transaction (:meth:`classroom.service.ClassroomStore.write`;
:meth:`PlayHands.keep_in` inside a transaction another record opened: a class table's hand,
:meth:`classroom.tables.TableSessions.submit`): one row
per (learner, table seed, rule set key, computer players, deal number), so a rerun, a double tap or the same
hand sent from two tabs stores it once and returns the first row. A hand that is an error (:func:`is_error`: graded
below "good" on the one scale, :mod:`maubinh.bands`) and holds no instant win goes to the learner's review queue in
the same transaction, as the "set it yourself" question of the same 13 cards under the same rules, at the learner's
level (:func:`review_ref`, seeds from :data:`maubinh.drills.arrange.PLAYED_BASE`).

:func:`summarise` adds hands up for the session summary and the Progress page. A hand the player did not make is
never graded as theirs (issue 31): Xếp bài's is left out of chi lost and the error rate (never an error, never
reviewed); a timed-out hand without a complete, legal split carries the charge of a miss (binh lủng against the
best split, :func:`maubinh.play.analyse` with ``missed``) as its gap.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from classroom.models import Learner, PlayHand, utcnow
from classroom.practice import Practice, level_for
from classroom.rating import Rating, hand_opponent, update
from classroom.service import ClassroomError, ClassroomStore
from maubinh.arrangement import Arrangement
from maubinh.bands import Band, Grade, grade
from maubinh.cards import Card, cards_text, parse_cards
from maubinh.drills import Kind, Level, QuestionRef
from maubinh.drills.arrange import played_seed
from maubinh.drills.sets import rules_key
from maubinh.house import dump_rule_set, stored_rule_set
from maubinh.play import Analysis, DealResult, Origin, Strength, Table
from maubinh.rules import RULE_SET_IDS, RuleSet
from maubinh.settle import settle

__all__ = [
    "REVIEW_LEVEL",
    "PlayHands",
    "PlayedHand",
    "SeatTable",
    "Summary",
    "is_error",
    "review_ref",
    "summarise",
]

REVIEW_LEVEL = Level.INTERMEDIATE
"""The level a missed hand comes back at in the review queue when the learner's is not known (it is graded there on
that level's band, :data:`maubinh.drills.arrange.LEVELS`); :meth:`PlayHands.keep` uses the learner's own level."""
MAX_SECONDS = 86_400.0
"""Seconds stored for one hand at most (a tab left open overnight)."""


def is_error(gap: float, stderr: float) -> bool:
    """Whether a hand is an error (a miss), for the session summary, the history, the Progress page and the
    review queue: its gap (chi lost per deal against the best split, ± ``stderr``) graded below "good" on the one
    scale (:func:`maubinh.bands.grade`, :attr:`maubinh.bands.Grade.error`; within the noise of 0, never).

    >>> is_error(0.90, 0.05), is_error(0.90, 0.50), is_error(0.40, 0.0)
    (True, False, False)
    """
    return grade(gap, stderr).error


@dataclass(frozen=True)
class SeatTable(Table):
    """A :class:`maubinh.play.Table` seen from one seat of a room (:mod:`classroom.rooms`): ``hands`` are the deal's
    cards with that seat's first (the Play analysis grades seat 0's split; ``bots`` stand for the other players)."""

    hands: tuple[tuple[Card, ...], ...] = ()

    def deal(self, number: int) -> tuple[tuple[Card, ...], ...]:
        return self.hands


def _arrangement(text: str) -> Arrangement:
    back, middle, front = text.split(" | ")
    return Arrangement.parse(back, middle, front)


@dataclass(frozen=True)
class PlayedHand:
    """One hand as played at the Play table and analysed.

    Attributes:
        rule_set_id: the rule set's id; ``house_toml``: its values as TOML for house rules, else ``None``.
        table_seed: the table's seed (64-bit); ``deal``: the deal's number (1..).
        bots: the computer players' strengths, seat 1 first (``"solver"``, ``"medium"``, ``"beginner"``).
        cards: the player's 13 cards, high to low.
        arrangements: every seat's split, the player first; ``declared``: whether each seat declared.
        totals: the settlement per seat, chi (zero-sum), the player first.
        seconds: from the cards shown to the split confirmed.
        origin: how the player's split was made (:class:`maubinh.play.Origin`).
        best, best_declare: the best split found and whether declaring beats playing it.
        expected, best_expected: the player's and the best split's expected chi per deal (sampled tables).
        gap, gap_stderr: ``best_expected - expected``, chi per deal, and its standard error (a timed-out hand
            with the solver's split: ``expected`` is binh lủng's and the gap the charge of the miss).
        played_at: when it was stored (``None`` while only in the session); ``id``: its row (``None`` likewise).
        spread: how hard the hand is to split (:attr:`maubinh.play.Analysis.spread`), chi per deal; ``None``:
            unknown (an instant win held, a hand stored before spreads were kept).
        rating_after: the learner's rating after the hand moved it (``None``: not stored, not graded, or stored
            before Play hands were rated; :mod:`classroom.decisions`).
        room_id: the room it was played at with people (:mod:`classroom.rooms`; its ``table_seed`` is the seat's
            analysis seed, its ``bots`` what the analysis assumed of the others), ``None``: the Play table or a
            class table.
    """

    rule_set_id: str
    house_toml: str | None
    table_seed: int
    deal: int
    bots: tuple[str, ...]
    cards: tuple[Card, ...]
    arrangements: tuple[Arrangement, ...]
    declared: tuple[bool, ...]
    totals: tuple[int, ...]
    seconds: float
    origin: Origin
    best: Arrangement
    best_declare: bool
    expected: float
    best_expected: float
    gap: float
    gap_stderr: float
    played_at: datetime | None = None
    id: int | None = None
    spread: float | None = None
    rating_after: float | None = None
    room_id: str | None = None

    @classmethod
    def from_play(cls, table: Table, result: DealResult, analysis: Analysis, seconds: float) -> PlayedHand:
        """The hand of ``result`` (:func:`maubinh.play.play_deal`) analysed by ``analysis``
        (:func:`maubinh.play.analyse`) at ``table``."""
        rule_set = table.rule_set
        house = None if rule_set.id in RULE_SET_IDS else dump_rule_set(rule_set)
        return cls(rule_set.id, house, table.seed, result.number, tuple(s.value for s in table.bots),
                   tuple(sorted(result.arrangements[0].cards, reverse=True)), result.arrangements, result.declared,
                   tuple(result.settlement.totals), max(0.0, min(float(seconds), MAX_SECONDS)), result.origin,
                   analysis.best, analysis.best_declare, analysis.mine.mean, analysis.best_breakdown.mean,
                   analysis.cost, analysis.cost_stderr, spread=analysis.spread)

    @property
    def split(self) -> Arrangement:
        """The player's split."""
        return self.arrangements[0]

    @property
    def declare(self) -> bool:
        """Whether the player declared an instant win."""
        return self.declared[0]

    @property
    def helped(self) -> bool:
        """Whether Xếp bài made the split (the player asked for the solver's)."""
        return self.origin is Origin.XEP_BAI

    @property
    def graded(self) -> bool:
        """Whether the hand counts in the player's figures (chi lost, error rate): all but Xếp bài's."""
        return self.origin.graded

    @property
    def result(self) -> DealResult:
        """The deal as played (settled again from the stored splits), marked with how the split was made."""
        return DealResult(self.deal, self.arrangements, self.declared,
                          settle(self.arrangements, self.rule_set, self.declared), self.helped,
                          self.origin.timed_out, self.origin is Origin.TIMER_SOLVER, self.seconds)

    @property
    def won(self) -> int:
        """What the player won at the table (negative: paid), chi."""
        return self.totals[0]

    @property
    def grade(self) -> Grade:
        """The hand on the one scale (:func:`maubinh.bands.grade`): the band of its gap ± its standard error (a
        timed-out miss: of its charge); a hand Xếp bài made is not the player's (check :attr:`graded` first)."""
        return grade(self.gap, self.gap_stderr)

    @property
    def error(self) -> bool:
        """Whether this hand is an error (:attr:`grade`, :func:`is_error`); never one made by Xếp bài."""
        return self.graded and self.grade.error

    @property
    def rule_set(self) -> RuleSet:
        """The rules it was played under, as they were (house rules from their stored TOML).

        Raises:
            maubinh.house.HouseRulesError / KeyError: for stored rules this engine cannot read any more.
        """
        return stored_rule_set(self.rule_set_id, self.house_toml)

    @property
    def rules_key(self) -> str:
        """The rule set's key in stored rows (:func:`maubinh.drills.sets.rules_key`)."""
        return rules_key(self.rule_set)

    @property
    def table(self) -> Table:
        """The table it was dealt at (replays the same deal; a room's: the cards as they were dealt, the player's
        first, :class:`SeatTable`)."""
        bots = tuple(Strength(s) for s in self.bots)
        if self.room_id is None:
            return Table(self.rule_set, self.table_seed, bots)
        return SeatTable(self.rule_set, self.table_seed, bots,
                         tuple(tuple(sorted(a.cards, reverse=True)) for a in self.arrangements))

    def record(self) -> dict[str, Any]:
        """The hand as plain JSON-ready data (the history's export): cards and splits as text."""
        return {
            "played_at": None if self.played_at is None else self.played_at.isoformat(),
            "rule_set": self.rule_set_id, "house_rules": self.house_toml, "table_seed": self.table_seed,
            "deal": self.deal, "bots": list(self.bots), "cards": cards_text(self.cards), "split": str(self.split),
            "declared": self.declare, "seconds": round(self.seconds, 1), "origin": self.origin.value,
            "helped": self.helped,
            "settlement": list(self.totals), "arrangements": [str(a) for a in self.arrangements],
            "declared_by_seat": list(self.declared), "best": str(self.best), "best_declared": self.best_declare,
            "expected": round(self.expected, 4), "best_expected": round(self.best_expected, 4),
            "gap": round(self.gap, 4), "gap_stderr": round(self.gap_stderr, 4), "error": self.error,
            "spread": None if self.spread is None else round(self.spread, 4),
            "rating_after": None if self.rating_after is None else round(self.rating_after, 1),
            "room": self.room_id,
        }


def review_ref(hand: PlayedHand, level: Level = REVIEW_LEVEL) -> QuestionRef | None:
    """The review question a missed hand comes back as: "set it yourself" (``arrange``) of the same 13 cards
    under the same rules, at ``level`` (the learner's: a beginner is not shown an expert's question, nor graded on
    its band); ``None`` for a hand where an instant win was held or declared (the choice to declare is not a
    split)."""
    if hand.declare or hand.best_declare:
        return None
    house = None if hand.house_toml is None else hand.rule_set
    return QuestionRef(Kind.ARRANGE, level, hand.rule_set_id, played_seed(hand.cards), house)



def _origin(row: PlayHand) -> Origin:
    try:
        return Origin(row.origin)
    except ValueError:  # written by a later version: read as its own, not lost
        return Origin.OWN


def _hand(row: PlayHand) -> PlayedHand:
    return PlayedHand(row.rule_set_id, row.house_toml, row.table_seed, row.deal, tuple(row.bots.split(",")),
                      parse_cards(row.cards), tuple(_arrangement(a) for a in row.arrangements),
                      tuple(bool(d) for d in row.declared), tuple(int(x) for x in row.totals), row.seconds,
                      _origin(row), _arrangement(row.best), row.best_declare, row.expected, row.best_expected,
                      row.gap, row.gap_stderr, row.played_at, row.id, row.spread, row.rating_after, row.room_id)


class PlayHands:
    """The hands profiles played, on a :class:`~classroom.service.ClassroomStore`'s database."""

    def __init__(self, store: ClassroomStore, practice: Practice | None = None) -> None:
        self.store = store
        self.practice = practice or Practice(store)

    def keep(self, learner_id: str, hand: PlayedHand, now: datetime | None = None) -> PlayedHand:
        """Store ``hand`` in the learner's profile and return it as stored (with ``id`` and ``played_at``).

        Idempotent: a hand already stored under the same (learner, table seed, rule set key, computer players,
        deal number) is returned unchanged, whatever ``hand`` now says. A new hand that is an error
        (:func:`is_error`) puts its :func:`review_ref` (at the learner's level, :func:`classroom.practice.level_for`)
        in the review queue in the same transaction; a new hand the learner made (:attr:`PlayedHand.graded`) is a
        decision (:mod:`classroom.decisions`) and moves their rating in it: won when it is not an error, against
        :func:`classroom.rating.hand_opponent` of its spread.

        Raises:
            ClassroomError: ``field`` ``"learner"`` for an unknown or removed learner.
        """
        moment = (now or utcnow()).astimezone(UTC)
        return self.store.write(lambda session: self.keep_in(session, learner_id, hand, moment))

    def keep_in(self, session: Session, learner_id: str, hand: PlayedHand, moment: datetime) -> PlayedHand:
        """:meth:`keep` inside a write transaction another record opened (:meth:`ClassroomStore.write`): the hand
        (and its review, for an error) is stored with what else ``session`` writes, or not at all.

        Args:
            session: a session inside ``ClassroomStore.write`` (its commit and retries are the caller's).
            learner_id: the profile's id; ``hand``: the hand to store; ``moment``: its ``played_at`` (aware).

        Returns:
            The hand as stored (with ``id`` and ``played_at``), an earlier row of the same key unchanged.

        Raises:
            ClassroomError: ``field`` ``"learner"`` for an unknown or removed learner.
        """
        learner = session.get(Learner, learner_id, with_for_update=True)  # one learner's hands in turn
        if learner is None or learner.removed_at is not None:
            raise ClassroomError("learner", "this learner cannot play here")
        key = (PlayHand.learner_id == learner_id, PlayHand.table_seed == hand.table_seed,
               PlayHand.rules_key == hand.rules_key, PlayHand.bots == ",".join(hand.bots), PlayHand.deal == hand.deal)
        existing = session.scalars(select(PlayHand).where(*key)).first()
        if existing is not None:
            return _hand(existing)
        row = PlayHand(learner_id=learner_id, rule_set_id=hand.rule_set_id, rules_key=hand.rules_key,
                       house_toml=hand.house_toml, table_seed=hand.table_seed, deal=hand.deal, bots=",".join(hand.bots),
                       cards=cards_text(hand.cards), split=str(hand.split),
                       arrangements=[str(a) for a in hand.arrangements], declared=[bool(d) for d in hand.declared],
                       totals=[int(x) for x in hand.totals], seconds=max(0.0, min(float(hand.seconds), MAX_SECONDS)),
                       declare=hand.declare, helped=hand.helped, origin=hand.origin.value, best=str(hand.best),
                       best_declare=hand.best_declare,
                       expected=float(hand.expected), best_expected=float(hand.best_expected), gap=float(hand.gap),
                       gap_stderr=float(hand.gap_stderr), played_at=moment,
                       spread=None if hand.spread is None else float(hand.spread), room_id=hand.room_id)
        # the review comes back at the level the learner played this hand at (before it moves their rating)
        level = level_for(Rating(learner.rating, learner.rating_rd, learner.rating_volatility))
        if hand.graded:  # the learner's row is locked above: hands and drill answers move the rating in turn
            mine = update(Rating(learner.rating, learner.rating_rd, learner.rating_volatility),
                          [(hand_opponent(row.spread), 0.0 if hand.error else 1.0)])
            learner.rating, learner.rating_rd, learner.rating_volatility = mine.value, mine.rd, mine.volatility
            row.rating_after = mine.value
        session.add(row)
        session.flush()  # a clash with a row committed meanwhile raises here: write() runs it again, finding it
        ref = review_ref(hand, level) if hand.error else None
        if ref is not None:
            self.practice._schedule(session, learner_id, ref, False, moment)
        return _hand(row)

    def count(self, learner_id: str) -> int:
        """How many hands the learner played."""
        with self.store._session() as session:
            return int(session.scalar(select(func.count()).select_from(PlayHand)
                                      .where(PlayHand.learner_id == learner_id)) or 0)

    def page(self, learner_id: str, offset: int = 0, limit: int = 20) -> list[PlayedHand]:
        """The learner's hands, newest first, ``limit`` of them from ``offset``."""
        with self.store._session() as session:
            rows = session.scalars(select(PlayHand).where(PlayHand.learner_id == learner_id)
                                   .order_by(PlayHand.played_at.desc(), PlayHand.id.desc())
                                   .offset(max(0, offset)).limit(max(1, limit)))
            return [_hand(row) for row in rows]

    def history(self, learner_id: str) -> list[PlayedHand]:
        """Every hand of the learner, oldest first (the Progress page, the export)."""
        with self.store._session() as session:
            rows = session.scalars(select(PlayHand).where(PlayHand.learner_id == learner_id)
                                   .order_by(PlayHand.played_at, PlayHand.id))
            return [_hand(row) for row in rows]

    def hand(self, learner_id: str, hand_id: int) -> PlayedHand | None:
        """One of the learner's hands by its ``id`` (``None`` for another learner's or a missing one)."""
        with self.store._session() as session:
            row = session.get(PlayHand, hand_id)
            return None if row is None or row.learner_id != learner_id else _hand(row)


@dataclass(frozen=True)
class Summary:
    """Hands added up.

    Attributes:
        hands: how many are graded (the player's own and the timer's: every hand but Xếp bài's).
        won: chi won at the table (the settlements, the player's seat, every hand), luck included.
        lost: chi lost to mistakes over the graded hands: the sum of the gaps (chi per deal against the best
            split; a negative gap, the sampling's noise, counts too, so the sum estimates the true loss without
            bias; a timed-out miss counts its charge).
        errors: graded hands that are errors (:func:`is_error`); ``error_rate``: errors per graded hand (``None``
            for none).
        costliest: the graded hands with the largest gaps, largest first (at most ``top``, errors or not, graded
            below "best").
        played: every hand; ``helped``: those Xếp bài made (left out); ``timed_out``: those the timer ran out on.
    """

    hands: int
    won: int
    lost: float
    errors: int
    costliest: tuple[PlayedHand, ...]
    played: int = 0
    helped: int = 0
    timed_out: int = 0

    @property
    def error_rate(self) -> float | None:
        return self.errors / self.hands if self.hands else None


def summarise(hands: Sequence[PlayedHand], top: int = 3) -> Summary:
    """The :class:`Summary` of ``hands``.

    >>> summarise([]).error_rate is None
    True
    """
    graded = [h for h in hands if h.graded]
    costly = sorted((h for h in graded if not h.grade.band.at_least(Band.BEST)), key=lambda h: -h.gap)[:top]
    return Summary(len(graded), sum(h.won for h in hands), sum(h.gap for h in graded),
                   sum(1 for h in graded if h.error), tuple(costly), len(hands), len(hands) - len(graded),
                   sum(1 for h in hands if h.origin.timed_out))


