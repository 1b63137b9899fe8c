"""A learner's practice that lasts: every attempt stored, Glicko-2 ratings, and wrong answers coming back.

A profile is a learner row: a class's learner, or someone practising alone (:meth:`Practice.create_profile`,
no class, reached by a personal link). :meth:`Practice.record` stores one answer (idempotently, keyed by
the learner, the run and the question's number in it) and, in the same transaction
(:meth:`classroom.service.ClassroomStore.write`; :meth:`Practice.answer` adds a class's answer to it):

- on the learner's *first* attempt at a question (:attr:`maubinh.drills.QuestionRef.key`), moves both the
  learner's and the question's Glicko-2 rating (:func:`classroom.rating.play`); a question never rated
  starts from its level's prior (:data:`LEVEL_PRIORS`);
- keeps the review queue: a wrong answer puts the question in it (an FSRS card, rated Again), and each
  later answer to it is a review (right: Good, wrong: Again), which sets when it is due next. A review may be
  answered with a *new* question of the missed one's themes (``review_of=`` the missed question's key): the
  missed question's card moves.

Each attempt keeps the question's themes (:mod:`maubinh.drills.themes`), and so does the review it starts.

Every method takes ``now`` so that tests can move the clock.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial

from fsrs import Card, Scheduler
from fsrs import Rating as Grade
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from classroom.bank import QuestionBank
from classroom.models import LEARNER_NAME_MAX, Attempt, Learner, QuestionRating, Review, name_key, utcnow
from classroom.rating import DEFAULT, Rating, play
from classroom.service import (
    ClassroomError,
    ClassroomStore,
    NewLearner,
    StoredAnswer,
    clean_text,
    learner_info,
)
from classroom.throttle import CLIENT_PROFILES
from classroom.tokens import Token, hash_secret, new_id
from maubinh.drills import MAX_SEED, DrillSet, Kind, Level, QuestionList, QuestionRef, available
from maubinh.drills.path import OPEN_STEPS, path_kinds, suits
from maubinh.drills.sets import Lesson
from maubinh.drills.themes import Theme, parse_themes, themes_text
from maubinh.drills.versions import bank_seed
from maubinh.house import dump_rule_set, load_house_rules
from maubinh.rules import RULE_SET_IDS, load_rule_set

__all__ = ["LEVEL_PRIORS", "MODES", "AttemptInfo", "DueReview", "Practice", "level_for"]

LEVEL_PRIORS: dict[Level, Rating] = {
    Level.BEGINNER: Rating(1300.0, 300.0),
    Level.INTERMEDIATE: Rating(1500.0, 300.0),
    Level.EXPERT: Rating(1700.0, 300.0),
    Level.MASTER: Rating(1900.0, 300.0),
}
"""A question's rating before anyone answered it, by level."""
MODES = ("practice", "assignment", "review", "level", "theme", "daily")
"""Where an attempt was made: a free set, an assignment, the review queue, a set dealt at the learner's level,
questions of one theme ("practise this theme"), today's question (:mod:`classroom.habits`)."""
SCHEDULER = Scheduler(learning_steps=(timedelta(minutes=10),), relearning_steps=(timedelta(minutes=10),),
                      enable_fuzzing=False)
"""FSRS with one short step: a question missed comes back ten minutes later, then at growing intervals."""



def level_for(rating: Rating) -> Level:
    """The level whose prior is nearest ``rating`` (new questions are dealt there)."""
    return min(LEVEL_PRIORS, key=lambda level: abs(LEVEL_PRIORS[level].value - rating.value))


@dataclass(frozen=True)
class AttemptInfo:
    """One stored attempt (see :class:`classroom.models.Attempt`)."""

    run_id: str
    number: int
    mode: str
    question_key: str
    kind: str
    level: str
    rule_set_id: str
    lesson: str
    code: str
    correct: bool
    chi_lost: float | None
    seconds: float
    first: bool
    rating_after: float
    answered_at: datetime
    themes: tuple[Theme, ...] = ()
    """What decided the question (empty for attempts stored before themes)."""


@dataclass(frozen=True)
class DueReview:
    """A question in the learner's review queue, when it is due, and its themes (empty when unknown)."""

    ref: QuestionRef
    due: datetime
    themes: tuple[Theme, ...] = ()


def _attempt(row: Attempt) -> AttemptInfo:
    return AttemptInfo(row.run_id, row.number, row.mode, row.question_key, row.kind, row.level, row.rule_set_id,
                       row.lesson, row.code, row.correct, row.chi_lost, row.seconds, row.first, row.rating_after,
                       row.answered_at, parse_themes(row.themes))


def _ref(row: Review) -> QuestionRef:
    house = load_house_rules(row.house_toml) if row.house_toml else None
    return QuestionRef(Kind(row.kind), Level(row.level), row.rule_set_id, row.seed, house)


class Practice:
    """Profiles, attempts, ratings and review queues on a :class:`~classroom.service.ClassroomStore`'s database;
    fresh questions are dealt from ``bank`` (by default the store's question bank) while it has unseen ones."""

    def __init__(self, store: ClassroomStore, scheduler: Scheduler = SCHEDULER, bank: QuestionBank | None = None) -> None:
        self.store = store
        self.scheduler = scheduler
        self.bank = bank or QuestionBank(store)

    # ------------------------------------------------------------------ profiles

    def create_profile(self, name: str, client: str | None = None) -> NewLearner:
        """A profile for someone practising alone (no class), reached by the returned personal token.

        With ``client`` (the asker's address), at most :data:`~classroom.throttle.CLIENT_PROFILES` a minute
        are made for one client.

        Raises:
            ClassroomError: for an empty or too long name; ``field`` ``"throttled"`` for too many profiles
                from this client in the last minute.
        """
        name = clean_text(name, "name", LEARNER_NAME_MAX)
        if client is not None and not self.store.throttle.check(CLIENT_PROFILES, client):
            raise ClassroomError("throttled", "too many profiles made from this client lately: wait a minute")
        token = Token.new(new_id(10))
        row = Learner(id=token.id, class_id=None, name=name, name_key=name_key(name),
                      secret_hash=hash_secret(token.secret), joined_at=utcnow())
        with self.store._session() as session, session.begin():
            session.add(row)
        return NewLearner(learner_info(row), token)

    def rating(self, learner_id: str) -> Rating:
        """The learner's rating now (1500 ± 350 for someone never rated)."""
        with self.store._session() as session:
            row = session.get(Learner, learner_id)
            if row is None:
                raise ClassroomError("learner", "no such learner")
            return Rating(row.rating, row.rating_rd, row.rating_volatility)

    def ratings(self, learner_ids: Sequence[str]) -> dict[str, Rating]:
        """Several learners' ratings (for a class's board)."""
        if not learner_ids:
            return {}
        with self.store._session() as session:
            rows = session.execute(select(Learner.id, Learner.rating, Learner.rating_rd, Learner.rating_volatility)
                                   .where(Learner.id.in_(list(learner_ids))))
            return {lid: Rating(r, rd, vol) for lid, r, rd, vol in rows}

    def question_rating(self, ref: QuestionRef) -> Rating:
        """The question's rating (its level's prior when nobody answered it yet)."""
        with self.store._session() as session:
            row = session.get(QuestionRating, ref.key)
            return LEVEL_PRIORS[ref.level] if row is None else Rating(row.rating, row.rd, row.volatility)

    # ------------------------------------------------------------------ attempts

    def record(self, learner_id: str, ref: QuestionRef, *, run_id: str, number: int, mode: str, lesson: str,
               code: str, correct: bool, chi_lost: float | None, seconds: float,
               now: datetime | None = None, themes: Iterable[Theme] = (),
               review_of: str | None = None) -> AttemptInfo:
        """Store one attempt and update the ratings and the review queue (see the module), in one transaction.

        ``themes``: the question's themes, kept with the attempt (and with the review a wrong answer starts).
        ``review_of``: the key of the missed question this answer reviews when the question asked is a new one
        of its themes; its review card moves (``None``: the question's own).

        The first attempt stored under (learner, ``run_id``, ``number``) stays: sending it again (a double
        click, a reload) returns it and changes nothing. Many learners answering a question nobody rated
        yet at the same moment all have their attempts stored (its rating row is made once, each moves it).

        Raises:
            ClassroomError: for an unknown or removed learner, or an unknown ``mode``.
        """
        if mode not in MODES:
            raise ClassroomError("mode", f"mode must be one of {', '.join(MODES)}")
        return self.store.write(lambda session: self._record(
            session, learner_id, ref, run_id=run_id, number=number, mode=mode, lesson=lesson, code=code,
            correct=correct, chi_lost=chi_lost, seconds=seconds, now=now, themes=tuple(themes), review_of=review_of))

    def answer(self, assignment_id: int, learner_id: str, number: int, *, lesson: str, code: str, correct: bool,
               chi_lost: float | None, seconds: float, now: datetime | None = None,
               themes: Iterable[Theme] = ()) -> StoredAnswer:
        """Store a learner's answer to question ``number`` of an assignment
        (:meth:`~classroom.service.ClassroomStore.submit`) and, in the same transaction, the attempt in their
        profile under the run ``"a<assignment id>"``: both are stored or neither (a server killed between
        them leaves no answer missing from the profile). An answer stored earlier is returned unchanged, and
        its attempt is stored if it was missing. ``themes``: the question's themes, kept with the attempt.

        Raises:
            ClassroomError: as :meth:`~classroom.service.ClassroomStore.submit`.
        """
        kept = tuple(themes)

        def keep(session: Session, stored: StoredAnswer, drill_set: DrillSet | QuestionList) -> None:
            self._record(session, learner_id, drill_set.ref(stored.number), run_id=f"a{assignment_id}",
                         number=stored.number, mode="assignment", lesson=lesson, code=stored.code,
                         correct=stored.correct, chi_lost=stored.chi_lost, seconds=stored.seconds, now=now,
                         themes=kept)

        return self.store.submit(assignment_id, learner_id, number, code, correct, chi_lost, seconds, also=keep)

    def _record(self, session: Session, learner_id: str, ref: QuestionRef, *, run_id: str, number: int, mode: str,
                lesson: str, code: str, correct: bool, chi_lost: float | None, seconds: float,
                now: datetime | None, themes: tuple[Theme, ...] = (), review_of: str | None = None) -> AttemptInfo:
        """:meth:`record` inside the caller's write transaction (:meth:`ClassroomStore.write`)."""
        moment = (now or utcnow()).astimezone(UTC)  # FSRS wants UTC itself, not just any aware time
        key = ref.key
        # The learner's row is locked first (PostgreSQL): one learner's attempts are stored one at a time.
        learner = session.get(Learner, learner_id, with_for_update=True)
        if learner is None or learner.removed_at is not None:
            raise ClassroomError("learner", "this learner cannot practise here")
        existing = session.scalars(select(Attempt).where(
            Attempt.learner_id == learner_id, Attempt.run_id == run_id[:40], Attempt.number == number)).first()
        if existing is not None:
            return _attempt(existing)
        first = session.scalar(select(Attempt.id).where(
            Attempt.learner_id == learner_id, Attempt.question_key == key).limit(1)) is None
        if first:
            self._rate(session, learner, ref, correct)
        self._schedule(session, learner_id, ref, correct, moment, themes, review_of)
        row = Attempt(learner_id=learner_id, run_id=run_id[:40], number=number, mode=mode, question_key=key,
                      kind=ref.kind.value, level=ref.level.value, rule_set_id=ref.rule_set_id, lesson=lesson[:32],
                      code=code[:200], correct=bool(correct), chi_lost=chi_lost,
                      seconds=max(0.0, min(float(seconds), 86_400.0)), first=first,
                      rating_after=learner.rating, answered_at=moment, themes=themes_text(themes) or None)
        session.add(row)
        session.flush()
        return _attempt(row)

    def _rate(self, session: Session, learner: Learner, ref: QuestionRef, correct: bool) -> None:
        """Move the learner's and the question's ratings. The question's row is made from its level's prior if
        missing (an insert that does nothing when another request made it first), then read locked, so
        that learners answering it at once each move it in turn."""
        prior = LEVEL_PRIORS[ref.level]
        session.execute(self.store._insert(session, QuestionRating).values(
            key=ref.key, kind=ref.kind.value, level=ref.level.value, rule_set_id=ref.rule_set_id,
            rating=prior.value, rd=prior.rd, volatility=prior.volatility, attempts=0).on_conflict_do_nothing())
        question = session.get(QuestionRating, ref.key, with_for_update=True, populate_existing=True)
        if question is None:  # pragma: no cover - made just above in this transaction
            raise RuntimeError(f"question rating {ref.key!r} missing")
        mine = Rating(learner.rating, learner.rating_rd, learner.rating_volatility)
        theirs = Rating(question.rating, question.rd, question.volatility)
        mine, theirs = play(mine, theirs, correct)
        learner.rating, learner.rating_rd, learner.rating_volatility = mine.value, mine.rd, mine.volatility
        question.rating, question.rd, question.volatility = theirs.value, theirs.rd, theirs.volatility
        question.attempts += 1

    def _schedule(self, session: Session, learner_id: str, ref: QuestionRef, correct: bool, now: datetime,
                  themes: tuple[Theme, ...] = (), review_of: str | None = None) -> None:
        review = session.get(Review, (learner_id, review_of or ref.key))
        if review is None and correct:
            return
        if review is None:
            house = None if ref.house is None else dump_rule_set(ref.house)
            card, _ = self.scheduler.review_card(Card(), Grade.Again, now)
            session.add(Review(learner_id=learner_id, question_key=ref.key, kind=ref.kind.value,
                               level=ref.level.value, rule_set_id=ref.rule_set_id, house_toml=house, seed=ref.seed,
                               card=dict(card.to_dict()), due=card.due, themes=themes_text(themes) or None))
            return
        if review.themes is None and themes:
            review.themes = themes_text(themes)
        card, _ = self.scheduler.review_card(Card.from_dict(review.card),  # type: ignore[arg-type]
                                             Grade.Good if correct else Grade.Again, now)
        review.card, review.due = dict(card.to_dict()), card.due

    def history(self, learner_id: str) -> list[AttemptInfo]:
        """Every attempt of the learner, oldest first."""
        with self.store._session() as session:
            rows = session.scalars(select(Attempt).where(Attempt.learner_id == learner_id)
                                   .order_by(Attempt.answered_at, Attempt.id))
            return [_attempt(row) for row in rows]

    def seen(self, learner_id: str) -> set[str]:
        """The keys of every question the learner has answered (:attr:`maubinh.drills.QuestionRef.key`)."""
        with self.store._session() as session:
            return set(session.scalars(select(Attempt.question_key).where(Attempt.learner_id == learner_id)))

    def run(self, learner_id: str, run_id: str) -> dict[int, AttemptInfo]:
        """The attempts of one run (a set worked through), by question number (to resume after a reload)."""
        with self.store._session() as session:
            rows = session.scalars(select(Attempt).where(Attempt.learner_id == learner_id, Attempt.run_id == run_id))
            return {row.number: _attempt(row) for row in rows}

    # ------------------------------------------------------------------ review queue

    def due(self, learner_id: str, now: datetime | None = None, limit: int = 20) -> list[DueReview]:
        """The questions due for review now, the longest overdue first (at most ``limit``)."""
        moment = now or utcnow()
        with self.store._session() as session:
            rows = session.scalars(select(Review).where(Review.learner_id == learner_id, Review.due <= moment)
                                   .order_by(Review.due).limit(limit))
            return [DueReview(_ref(row), row.due, parse_themes(row.themes)) for row in rows]

    def due_count(self, learner_id: str, now: datetime | None = None) -> int:
        """How many questions are due for review now (all of them: :meth:`due` gives at most ``limit``)."""
        moment = now or utcnow()
        with self.store._session() as session:
            return int(session.scalar(select(func.count()).select_from(Review).where(
                Review.learner_id == learner_id, Review.due <= moment)) or 0)

    def queue(self, learner_id: str) -> list[datetime]:
        """When each question in the learner's review queue is due, soonest first."""
        with self.store._session() as session:
            return [d for d in session.scalars(select(Review.due).where(Review.learner_id == learner_id)
                                                       .order_by(Review.due))]

    # ------------------------------------------------------------------ dealing at the learner's level

    def deal(self, learner_id: str, kinds: Sequence[Kind], rule_set_id: str, count: int,
             rng: random.Random | None = None, spread: float = 150.0,
             steps: frozenset[Lesson] = OPEN_STEPS) -> list[QuestionRef]:
        """``count`` questions of ``kinds`` (in turn) near the learner's rating: questions already rated
        within ``spread`` of it and not yet attempted by the learner first, then fresh ones at the level
        nearest the rating: from the question bank while it has some the learner has not seen (made ahead, so
        served at once, and rated by everyone who answers them), then made live (the engine deals endless
        questions, so "near" is cheap). A learner never rated starts among the beginner questions (mới học: the
        beginner prior stands for their rating; issue 20, item 11). A kind the rule set cannot ask at that level
        (:func:`maubinh.drills.available`) gets its turn's fresh question from the next kind that can be asked.

        At beginner the set follows the lesson path as the Drill's first set does (:mod:`maubinh.drills.path`;
        ``steps``: the lesson steps the learner reached, :func:`maubinh.drills.path.reached`): the kinds whose step
        is reached, in the path's order, and of the rated and banked questions only those that suit those steps
        (:func:`maubinh.drills.path.suits`: no instant wins, no ace rule, no scoop deciding a split before their
        lessons).

        Raises:
            ClassroomError: for house rules (dealt only from a set) or no kinds.
        """
        if rule_set_id not in RULE_SET_IDS:
            raise ClassroomError("rules", "questions are dealt at a level under a source's rule set")
        if not kinds:
            raise ClassroomError("kinds", "no kind to deal")
        rng = rng or random.Random()
        mine = self.rating(learner_id)
        if mine == DEFAULT:
            mine = LEVEL_PRIORS[Level.BEGINNER]
        level = level_for(mine)
        fits = None
        if level is Level.BEGINNER:
            kinds = path_kinds(kinds, steps)
            fits = partial(suits, level=level, steps=steps)
        with self.store._session() as session:
            seen = set(session.scalars(select(Attempt.question_key).where(Attempt.learner_id == learner_id)))
            near = session.scalars(select(QuestionRating).where(
                QuestionRating.rule_set_id == rule_set_id,
                QuestionRating.kind.in_([k.value for k in kinds]),
                QuestionRating.rating.between(mine.value - spread, mine.value + spread)))
            pool: dict[str, list[QuestionRef]] = {}
            for row in near:
                if row.key in seen:
                    continue
                seed = int(row.key.rsplit(":", 1)[1])
                pool.setdefault(row.kind, []).append(QuestionRef(Kind(row.kind), Level(row.level), rule_set_id, seed))
        if fits is not None:  # a rated question the bank does not hold cannot be checked: left out at beginner
            known = self.bank.facts([ref.key for refs in pool.values() for ref in refs])
            pool = {kind: [ref for ref in refs if (found := known.get(ref.key)) is not None and fits(found)]
                    for kind, refs in pool.items()}
        rule_set = load_rule_set(rule_set_id)
        fresh = [kind for kind in kinds if available(kind, level, rule_set) is None] or [Kind.CHI]
        taken = seen | {ref.key for refs in pool.values() for ref in refs}  # no question twice in a list
        banked = {kind: self.bank.deal(rule_set_id, level, kind, count, taken, rng, fits) for kind in fresh}
        dealt = []
        for number in range(count):
            kind = kinds[number % len(kinds)]
            rated = pool.get(kind.value, [])
            if rated:
                dealt.append(rated.pop(rng.randrange(len(rated))))
                continue
            if kind not in fresh:
                kind = fresh[number % len(fresh)]
            ordinals = banked[kind]
            seed = (bank_seed(rule_set_id, level.value, kind.value, ordinals.pop()) if ordinals
                    else rng.randrange(MAX_SEED * 1000))
            dealt.append(QuestionRef(kind, level, rule_set_id, seed))
        return dealt


