"""Drill kind "how many chi": seat A against seat B under the rule set, answered as a whole number.

A table of 2-4 seats is dealt (some seats given cards to order: quads, a full house, trips, aces,
an instant win) and set by the solver, or set binh lủng on purpose. The key is
:func:`maubinh.settle.settle`'s pair total from A's side: bonuses, chặt chồng, scoops, fouls,
instant wins and the ace rule included. Levels: beginners settle two seats on plain chi (and the
ace rule where the rule set has one); intermediate learners two or three seats with a bonus, a
scoop or a foul in the pair; experts three or four seats with an instant win, chặt chồng, a scoop
multiplied by more than one scooped player, or two special rules at once.

Declaring an instant win is the player's choice (digest §2.4, reading revised), so the question says it:
every seat holding one declares it (:attr:`SettleQuestion.declares`, shown with the seat) except a seat set
binh lủng on purpose, which plays its split out; the key counts exactly what is shown (issue 31: three bank
questions showed a seat's split and counted its instant win as declared).

>>> from maubinh.rules import load_rule_set
>>> q = make_settle_question(4, load_rule_set("chi-at"), Level.EXPERT)
>>> from maubinh.settle import settle
>>> q.key == settle(q.arrangements, load_rule_set("chi-at"), q.declares).pair(q.a, q.b).total
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from maubinh.arrangement import Arrangement, is_foul
from maubinh.cards import Card, Rank
from maubinh.drills.build import RANKS, BuildError, Pool
from maubinh.drills.natural import pattern_hand
from maubinh.drills.sets import Kind, Lesson, Level
from maubinh.drills.themes import Theme, settle_themes
from maubinh.rules import NaturalPattern, RuleSet
from maubinh.settle import ItemKind, PairResult, Settlement, settle
from maubinh.strategy.arrangers import random_split
from maubinh.strategy.solver import solve

__all__ = ["LEVEL_PLANTS", "LEVEL_SEATS", "Plant", "SettleQuestion", "features", "make_settle_question"]


class Plant(str, Enum):
    """Cards given to seat A or B before the deal is completed at random."""

    NONE = "none"
    QUADS = "quads"
    FULL_HOUSE = "full_house"
    TRIPS = "trips"
    ACES = "aces"
    FOUL = "foul"
    """The seat's arrangement is binh lủng."""
    NATURAL = "natural"
    """The seat holds an instant win the rule set lists."""
    CLASH = "clash"
    """Both seats hold quads (chặt chồng where the rule set has it)."""


LEVEL_SEATS: dict[Level, tuple[int, ...]] = {
    Level.BEGINNER: (2,),
    Level.INTERMEDIATE: (2, 2, 3),
    Level.EXPERT: (3, 4),
}
"""Seats at the table per level (drawn uniformly)."""
LEVEL_SEATS[Level.MASTER] = LEVEL_SEATS[Level.EXPERT]  # the master level asks the expert questions here

LEVEL_PLANTS: dict[Level, tuple[Plant, ...]] = {
    Level.BEGINNER: (Plant.NONE,),
    Level.INTERMEDIATE: (Plant.NONE, Plant.QUADS, Plant.FULL_HOUSE, Plant.TRIPS, Plant.FOUL),
    Level.EXPERT: (Plant.NATURAL, Plant.CLASH, Plant.FOUL, Plant.QUADS, Plant.ACES, Plant.NONE),
}
"""What seat A or B may be given per level (drawn uniformly)."""
LEVEL_PLANTS[Level.MASTER] = LEVEL_PLANTS[Level.EXPERT]  # the master level asks the expert questions here

_SPECIAL = (ItemKind.BONUS, ItemKind.CLASH, ItemKind.SCOOP, ItemKind.FOUL, ItemKind.NATURAL, ItemKind.ACES)


_RARE = (NaturalPattern.RONG_CUON, NaturalPattern.BA_THUNG_PHA_SANH, NaturalPattern.BA_TU_QUY)
"""Instant wins planted only one time in ten (they would otherwise dominate the expert questions)."""


def features(pair: PairResult) -> frozenset[ItemKind]:
    """The kinds of line in a pair's breakdown that move chi (plus NATURALS_EVEN and BOTH_FOUL, which explain a 0)."""
    return frozenset(
        item.kind
        for item in pair.items
        if item.amount != 0 or item.kind in (ItemKind.NATURALS_EVEN, ItemKind.BOTH_FOUL)
    )


def _lesson(found: frozenset[ItemKind]) -> Lesson:
    for kinds, lesson in (
        ((ItemKind.NATURAL, ItemKind.NATURALS_EVEN), Lesson.NATURALS),
        ((ItemKind.SCOOP,), Lesson.SCOOP),
        ((ItemKind.BONUS, ItemKind.CLASH), Lesson.BONUS),
        ((ItemKind.FOUL, ItemKind.BOTH_FOUL), Lesson.FOUL),
        ((ItemKind.ACES,), Lesson.ACES),
    ):
        if found & set(kinds):
            return lesson
    return Lesson.SETTLE


@dataclass(frozen=True)
class SettleQuestion:
    """How many chi seat :attr:`a` collects from seat :attr:`b` (negative when it pays).

    Attributes:
        seed: the question's seed.
        level: its level.
        arrangements: every seat's arrangement (2-4 seats).
        a, b: the two seats asked about (0-based).
        key: the right answer: ``settle(arrangements, rule_set, declares).pair(a, b).total``, in chi.
        settlement: the whole table's :class:`~maubinh.settle.Settlement`.
        pair: the pair's itemised result seen from ``a``.
        found: :func:`features` of the pair.
        themes: what decides it (:mod:`maubinh.drills.themes`), computed when it is built.
    """

    kind: ClassVar[Kind] = Kind.SETTLE

    seed: int
    level: Level
    arrangements: tuple[Arrangement, ...]
    a: int
    b: int
    key: int
    settlement: Settlement
    pair: PairResult
    found: frozenset[ItemKind]
    themes: tuple[Theme, ...] = ()

    @property
    def declares(self) -> tuple[bool, ...]:
        """Per seat, whether it declares the instant win it holds (báo mậu binh; the settlement's
        :attr:`~maubinh.settle.Settlement.naturals`, so a question stored before issue 31 reads the same)."""
        return tuple(natural is not None for natural in self.settlement.naturals)

    @property
    def lesson(self) -> Lesson:
        """The lesson step of the most telling rule in the pair (instant wins, scoops, bonuses...)."""
        return _lesson(self.found)

    def is_correct(self, answer: int) -> bool:
        """Whether ``answer`` equals the key."""
        return answer == self.key


def _planted(pool: Pool, plant: Plant, rule_set: RuleSet, taken: Sequence[int]) -> tuple[Card, ...]:
    rng = pool.rng
    if plant is Plant.NATURAL:
        if not rule_set.naturals:
            raise BuildError("no instant wins in this rule set")
        listed = [rule.pattern for rule in rule_set.naturals]
        common = [p for p in listed if p not in _RARE] or listed
        return pattern_hand(pool, rng.choice(common if rng.random() < 0.9 else listed))
    free = [r for r in RANKS if r not in taken]
    groups = {
        Plant.QUADS: ((rng.choice(free), 4),),
        Plant.CLASH: ((rng.choice(free), 4),),
        Plant.FULL_HOUSE: tuple(zip(rng.sample(free, 2), (3, 2))),
        Plant.TRIPS: ((rng.choice(free), 3),),
        Plant.ACES: ((int(Rank.ACE), rng.choice((3, 4))),),
    }.get(plant, ())
    cards = pool.pick(groups)
    pool.take(cards)
    return cards + pool.draw(13 - len(cards))


def _fouled(cards: Sequence[Card], rule_set: RuleSet, rng: random.Random) -> Arrangement:
    for _ in range(200):
        arrangement = random_split(cards, rng)
        if is_foul(arrangement, rule_set):
            return arrangement
    raise BuildError("no binh lủng split found")


def _accept(level: Level, found: frozenset[ItemKind], pair: PairResult, rule_set: RuleSet) -> bool:
    special = found & set(_SPECIAL)
    if level is Level.BEGINNER:
        return found <= {ItemKind.CHI, ItemKind.ACES}
    if level is Level.INTERMEDIATE:
        return bool(found & {ItemKind.BONUS, ItemKind.SCOOP, ItemKind.FOUL}) and not found & {
            ItemKind.NATURAL, ItemKind.NATURALS_EVEN, ItemKind.CLASH
        }
    big_scoop = any(
        item.kind is ItemKind.SCOOP and item.factor > rule_set.scoop.multipliers[0] for item in pair.items
    )
    return bool(found & {ItemKind.NATURAL, ItemKind.CLASH}) or big_scoop or len(special) >= 2


def _table(rng: random.Random, rule_set: RuleSet, level: Level) -> tuple[list[Arrangement], int, int, list[bool]]:
    """A table, the two seats asked about, and per seat whether it declares: every seat declares the instant win
    it holds but a seat set binh lủng on purpose (it plays its split out, as shown)."""
    seats = rng.choice(LEVEL_SEATS[level])
    a, b = rng.sample(range(seats), 2)
    plant = rng.choice(LEVEL_PLANTS[level])
    pool = Pool(rng)
    hands: list[tuple[Card, ...]] = [()] * seats
    if plant is Plant.CLASH:
        first = _planted(pool, plant, rule_set, ())
        quad = next(int(c.rank) for c in first if sum(d.rank == c.rank for d in first) == 4)
        hands[a], hands[b] = first, _planted(pool, plant, rule_set, (quad,))
    elif plant is not Plant.NONE:
        hands[rng.choice((a, b))] = _planted(pool, Plant.NONE if plant is Plant.FOUL else plant, rule_set, ())
    for seat in range(seats):
        if not hands[seat]:
            hands[seat] = pool.draw(13)
    arrangements = [solve(hand, rule_set) for hand in hands]
    declared = [True] * seats
    if plant is Plant.FOUL:
        seat = rng.choice((a, b))
        arrangements[seat] = _fouled(hands[seat], rule_set, rng)
        declared[seat] = False
    return arrangements, a, b, declared


def make_settle_question(seed: int, rule_set: RuleSet, level: Level) -> SettleQuestion:
    """A "how many chi" question from ``seed`` at ``level`` under ``rule_set`` (same inputs, same question)."""
    rng = random.Random(seed)
    for _ in range(300):
        try:
            arrangements, a, b, declared = _table(rng, rule_set, level)
        except BuildError:
            continue
        settlement = settle(arrangements, rule_set, declared)
        pair = settlement.pair(a, b)
        found = features(pair)
        if not _accept(level, found, pair, rule_set):
            continue
        return SettleQuestion(seed, level, tuple(arrangements), a, b, pair.total, settlement, pair, found,
                              settle_themes(found))
    raise RuntimeError(f"no settlement question could be built from seed {seed}")  # pragma: no cover
