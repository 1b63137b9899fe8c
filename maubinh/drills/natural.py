"""Drill kind "spot the instant win": 13 cards, which mậu binh / tới trắng do they declare, if any.

The choices are the rule set's own instant wins (its list, highest first) and "none". The key is
:func:`maubinh.naturals.find_instant_win`: of the patterns the rule set lists, the hand's one pattern, the
one it is paid, ranked and shown as (digest §2.4, reading December 2026: the highest listed under
``luckywin``, the one paid most elsewhere). Hands are built to order (:class:`Build`), by level: beginners see plain
six pairs, dragons, one-colour hands and ordinary deals; intermediate learners every listed pattern
and near misses (five pairs, eleven of a colour, two flushes and a stray suit); experts the
readings and the rule set's own list: trips counting as a pair and quads as two pairs for six
pairs, a pattern this rule set does not list, hands matching several patterns (one pattern), and
three straights whose front is A-2-3 or Q-K-A.

>>> from maubinh.rules import load_rule_set
>>> q = make_natural_question(2, load_rule_set("guide-2026"), Level.EXPERT)
>>> from maubinh.naturals import find_instant_win
>>> win = find_instant_win(q.cards, load_rule_set("guide-2026"))
>>> q.key == (win.pattern if win else None)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from maubinh.cards import Card, Suit
from maubinh.drills.build import RANKS, BuildError, Pool, run_ranks
from maubinh.drills.sets import Kind, Lesson, Level
from maubinh.drills.themes import Theme, natural_themes
from maubinh.naturals import InstantWin, find_instant_win, matching_patterns
from maubinh.rules import NaturalPattern, RuleSet

__all__ = ["LEVEL_BUILDS", "NEAR_MISSES", "Build", "NaturalQuestion", "make_natural_question", "pattern_hand"]


class Build(str, Enum):
    """How a question's 13 cards were built (the answer always comes from the engine)."""

    DEAL = "deal"
    """An ordinary random deal."""
    PATTERN = "pattern"
    """A listed pattern, built plainly."""
    FIVE_PAIRS = "five_pairs"
    """Near miss: five pairs and three odd cards."""
    ELEVEN_COLOUR = "eleven_colour"
    """Near miss: eleven cards of one colour."""
    ALMOST_FLUSHES = "almost_flushes"
    """Near miss: suits that cannot make three flushes (5-4-4, 6-4-3, 7-3-3)."""
    ALMOST_STRAIGHTS = "almost_straights"
    """Near miss: two straights and three cards that are not a run."""
    TRIPS_AND_PAIRS = "trips_and_pairs"
    """Near miss: three trips and two pairs (five pairs if trips count as pairs)."""
    TRIPS_AS_PAIR = "trips_as_pair"
    """Five pairs and a trips: its own pattern where listed, otherwise six pairs (reading)."""
    QUAD_AS_TWO_PAIRS = "quad_as_two_pairs"
    """Four pairs, a quad and a card: the quad counts as two pairs, so six pairs."""
    UNLISTED = "unlisted"
    """A pattern this rule set does not list."""
    SEVERAL = "several"
    """Six pairs that are also twelve or thirteen cards of one colour: the one pattern its rule set picks."""
    FRONT_RUN = "front_run"
    """Three straights with A-2-3 or Q-K-A as the 3-card front."""


@dataclass(frozen=True)
class NaturalQuestion:
    """Which instant win (if any) :attr:`cards` declare under the rule set.

    Attributes:
        seed: the question's seed.
        level: its level.
        build: how the cards were built.
        target: the pattern built (``None`` for deals and near misses).
        cards: the 13 cards, sorted high to low.
        choices: the rule set's patterns in its order, then ``None`` ("none").
        key: the instant win declared, or ``None`` (:func:`maubinh.naturals.find_instant_win`).
        win: the declared :class:`~maubinh.naturals.InstantWin` (its chi and provenance), or ``None``.
        matches: every pattern the cards match, whatever the rule set (:func:`matching_patterns`).
        themes: what decides it (:mod:`maubinh.drills.themes`), computed when it is built.
    """

    kind: ClassVar[Kind] = Kind.NATURAL
    lesson: ClassVar[Lesson] = Lesson.NATURALS

    seed: int
    level: Level
    build: Build
    target: NaturalPattern | None
    cards: tuple[Card, ...]
    choices: tuple[NaturalPattern | None, ...]
    key: NaturalPattern | None
    win: InstantWin | None
    matches: tuple[NaturalPattern, ...]
    themes: tuple[Theme, ...] = ()

    def is_correct(self, answer: NaturalPattern | None) -> bool:
        """Whether ``answer`` is the key."""
        return answer is self.key


# --------------------------------------------------------------------------- building hands


def _counts(pool: Pool, counts: list[int]) -> tuple[Card, ...]:
    """Cards with distinct ranks held ``counts`` times each (e.g. ``[2] * 6 + [1]``)."""
    ranks = pool.rng.sample(RANKS, len(counts))
    cards = pool.pick(tuple(zip(ranks, counts)))
    pool.take(cards)
    return cards


def _colour(pool: Pool, same: int) -> tuple[Card, ...]:
    red = pool.rng.random() < 0.5
    main = [c for c in pool.cards if c.suit.is_red is red]
    other = [c for c in pool.cards if c.suit.is_red is not red]
    cards = tuple(pool.rng.sample(main, same) + pool.rng.sample(other, 13 - same))
    pool.take(cards)
    return cards


def _suits(pool: Pool, counts: tuple[int, ...]) -> tuple[Card, ...]:
    suits = pool.rng.sample(list(Suit), len(counts))
    cards: list[Card] = []
    for suit, count in zip(suits, counts):
        cards.extend(pool.rng.sample([c for c in pool.cards if c.suit is suit], count))
    pool.take(cards)
    return tuple(cards)


def _run(pool: Pool, top: int, length: int, suit: Suit | None = None) -> tuple[Card, ...]:
    cards = pool.pick(tuple((rank, 1) for rank in run_ranks(top, length)), suit)
    pool.take(cards)
    return cards


def _runs(pool: Pool, tops: tuple[int, int, int], suits: tuple[Suit | None, ...]) -> tuple[Card, ...]:
    return tuple(card for top, length, suit in zip(tops, (5, 5, 3), suits) for card in _run(pool, top, length, suit))


def _run_tops(rng: random.Random, front: tuple[int, ...] = tuple(range(3, 15))) -> tuple[int, int, int]:
    return rng.randint(5, 14), rng.randint(5, 14), rng.choice(front)


def pattern_hand(pool: Pool, pattern: NaturalPattern) -> tuple[Card, ...]:
    """13 cards from ``pool`` (then used) that match ``pattern``, otherwise random.

    Raises:
        BuildError: when the pool lacks the cards (e.g. another seat holds them).
    """
    rng = pool.rng
    if pattern is NaturalPattern.RONG_CUON:
        suit = rng.choice(list(Suit))
        return _runs(pool, (14, 9, 4), (suit, suit, suit))
    if pattern is NaturalPattern.SANH_RONG:
        cards = tuple(rng.choice([c for c in pool.cards if c.rank == rank]) for rank in RANKS)
        pool.take(cards)
        return cards
    if pattern is NaturalPattern.BA_THUNG_PHA_SANH:
        suits = tuple(rng.choice(list(Suit)) for _ in range(3))
        return _runs(pool, _run_tops(rng), suits)
    if pattern is NaturalPattern.DONG_MAU_13:
        return _colour(pool, 13)
    if pattern is NaturalPattern.DONG_MAU_12:
        return _colour(pool, 12)
    if pattern is NaturalPattern.NAM_DOI_SAM:
        return _counts(pool, [3] + [2] * 5)
    if pattern is NaturalPattern.LUC_PHE_BON:
        return _counts(pool, [2] * 6 + [1])
    if pattern is NaturalPattern.BON_SAM:
        return _counts(pool, [3] * 4 + [1])
    if pattern is NaturalPattern.BA_TU_QUY:
        return _counts(pool, [4] * 3 + [1])
    if pattern is NaturalPattern.BA_THUNG:
        return _suits(pool, rng.choice(((5, 5, 3), (5, 5, 3), (10, 3), (8, 5))))
    return _runs(pool, _run_tops(rng), (None, None, None))  # BA_SANH


def _near_miss(pool: Pool, build: Build) -> tuple[Card, ...]:
    rng = pool.rng
    if build is Build.FIVE_PAIRS:
        return _counts(pool, [2] * 5 + [1] * 3)
    if build is Build.ELEVEN_COLOUR:
        return _colour(pool, 11)
    if build is Build.ALMOST_FLUSHES:
        return _suits(pool, rng.choice(((5, 4, 4), (6, 4, 3), (7, 3, 3))))
    if build is Build.TRIPS_AND_PAIRS:
        return _counts(pool, [3] * 3 + [2] * 2)
    # ALMOST_STRAIGHTS: two straights, then three cards that are not a run.
    cards = [*_run(pool, rng.randint(5, 14), 5), *_run(pool, rng.randint(5, 14), 5)]
    return (*cards, *pool.draw(3))


def _trap(pool: Pool, build: Build, rule_set: RuleSet) -> tuple[tuple[Card, ...], NaturalPattern | None]:
    rng = pool.rng
    if build is Build.TRIPS_AS_PAIR:
        return _counts(pool, [3] + [2] * 5), NaturalPattern.NAM_DOI_SAM
    if build is Build.QUAD_AS_TWO_PAIRS:
        return _counts(pool, [4] + [2] * 4 + [1]), NaturalPattern.LUC_PHE_BON
    if build is Build.UNLISTED:
        listed = {rule.pattern for rule in rule_set.naturals}
        unlisted = [p for p in NaturalPattern if p not in listed and p is not NaturalPattern.RONG_CUON]
        if not unlisted:
            raise BuildError("this rule set lists every pattern")
        pattern = rng.choice(unlisted)
        return pattern_hand(pool, pattern), pattern
    if build is Build.SEVERAL:  # six pairs, each in the two suits of one colour: 12 or 13 of a colour
        red = rng.random() < 0.5
        ranks = rng.sample(RANKS, 7)
        colour = [s for s in Suit if s.is_red is red]
        odd_suits = colour if rng.random() < 0.4 else [s for s in Suit if s.is_red is not red]
        groups = [pool.pick(((rank, 1),), suit) for rank in ranks[:6] for suit in colour]
        cards = [card for group in groups for card in group]
        cards.extend(pool.pick(((ranks[6], 1),), rng.choice(odd_suits)))
        pool.take(cards)
        return tuple(cards), NaturalPattern.LUC_PHE_BON
    # FRONT_RUN
    front_top = rng.choice((3, 14))
    return _runs(pool, (rng.randint(5, 14), rng.randint(5, 14), front_top), (None, None, None)), (
        NaturalPattern.BA_SANH
    )


def _listed(rule_set: RuleSet, patterns: tuple[NaturalPattern, ...]) -> list[NaturalPattern]:
    listed = {rule.pattern for rule in rule_set.naturals}
    return [p for p in patterns if p in listed]


_BEGINNER_PATTERNS = (NaturalPattern.LUC_PHE_BON, NaturalPattern.SANH_RONG, NaturalPattern.DONG_MAU_13)
NEAR_MISSES: tuple[Build, ...] = (
    Build.FIVE_PAIRS, Build.ELEVEN_COLOUR, Build.ALMOST_FLUSHES, Build.ALMOST_STRAIGHTS, Build.TRIPS_AND_PAIRS,
)
"""The builds one step away from an instant win (their answer is "none")."""
LEVEL_BUILDS: dict[Level, tuple[Build, ...]] = {
    Level.BEGINNER: (Build.DEAL, Build.DEAL, Build.PATTERN, Build.PATTERN, Build.PATTERN, Build.FIVE_PAIRS),
    Level.INTERMEDIATE: (Build.PATTERN,) * 5 + NEAR_MISSES,
    Level.EXPERT: (
        Build.TRIPS_AS_PAIR, Build.QUAD_AS_TWO_PAIRS, Build.UNLISTED, Build.UNLISTED, Build.SEVERAL,
        Build.FRONT_RUN, Build.ALMOST_FLUSHES, Build.ALMOST_STRAIGHTS, Build.PATTERN,
    ),
}
"""How the cards are built at each level (drawn uniformly; repeats weigh)."""
LEVEL_BUILDS[Level.MASTER] = LEVEL_BUILDS[Level.EXPERT]  # the master level asks the expert questions here


def _cards_for(
    build: Build, pool: Pool, rule_set: RuleSet, level: Level
) -> tuple[tuple[Card, ...], NaturalPattern | None]:
    if build is Build.DEAL:
        return pool.draw(13), None
    if build is Build.PATTERN:
        patterns = [rule.pattern for rule in rule_set.naturals]
        if level is Level.BEGINNER:
            patterns = _listed(rule_set, _BEGINNER_PATTERNS) or patterns
        pattern = pool.rng.choice(patterns)
        return pattern_hand(pool, pattern), pattern
    if build in NEAR_MISSES:
        return _near_miss(pool, build), None
    return _trap(pool, build, rule_set)


_Maker = Callable[[Build, Pool, RuleSet, Level], tuple[tuple[Card, ...], NaturalPattern | None]]


def make_natural_question(seed: int, rule_set: RuleSet, level: Level) -> NaturalQuestion:
    """A "spot the instant win" question from ``seed`` at ``level`` under ``rule_set`` (same inputs, same question).

    A near miss or a deal that turns out to hold an instant win is drawn again, so "none" questions
    built as near misses really are one step away.
    """
    rng = random.Random(seed)
    choices: tuple[NaturalPattern | None, ...] = (*(rule.pattern for rule in rule_set.naturals), None)
    maker: _Maker = _cards_for
    for _ in range(400):
        build = rng.choice(LEVEL_BUILDS[level])
        try:
            cards, target = maker(build, Pool(rng), rule_set, level)
        except BuildError:
            continue
        if len(set(cards)) != 13:
            continue
        win = find_instant_win(cards, rule_set)
        if (build in NEAR_MISSES or build is Build.DEAL) and win is not None and level is not Level.BEGINNER:
            continue
        hand = tuple(sorted(cards, reverse=True))
        matches = tuple(matching_patterns(hand))
        key = win.pattern if win else None
        reading = build is Build.TRIPS_AS_PAIR or (win is not None and (
            win.rule.provenance.reading is not None or win.rule.provenance.other is not None))
        return NaturalQuestion(seed, level, build, target, hand, choices, key, win, matches, natural_themes(reading))
    raise RuntimeError(f"no instant-win question could be built from seed {seed}")  # pragma: no cover
