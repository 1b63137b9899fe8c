"""Drill kind "which chi wins": two hands for one chi, and the rule that decides between them.

The traps by level (:data:`LEVEL_TRAPS`): beginners compare different categories and the cards
that make a category; intermediate learners meet kickers, hands compared card by card, suits that
never break ties and neighbouring categories; experts the wheel under the rule set's own straight
order (digest §2.2), a 3-card front against a 5-card middle (missing kickers count below any card),
full houses decided by the trips, and deep kickers. The key comes from
:func:`maubinh.settle.compare_hands`; :func:`decide` names the rule that decided.

>>> from maubinh.cards import parse_cards as p
>>> from maubinh.rules import load_rule_set
>>> decide(p("Qs Qc Kh"), p("Qh Qd Kd 5s 3h"), load_rule_set("chi-at"))
Verdict(outcome=<Outcome.B: 'b'>, decider=<Decider.SHORT_FRONT: 'short_front'>, at=2)
>>> decide(p("As 2d 3c 4h 5s"), p("9s Td Jc Qh Kd"), load_rule_set("chi-at")).outcome
<Outcome.A: 'a'>
>>> decide(p("As 2d 3c 4h 5s"), p("9s Td Jc Qh Kd"), load_rule_set("luckywin")).decider
<Decider.WHEEL: 'wheel'>
>>> q = make_chi_question(5, load_rule_set("tinh-chi"), Level.EXPERT)
>>> q.key is decide(q.hands[0], q.hands[1], load_rule_set("tinh-chi")).outcome
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from maubinh.cards import Card
from maubinh.drills.build import RANKS, BuildError, Groups, Pool, build_hand
from maubinh.drills.sets import Kind, Lesson, Level
from maubinh.drills.themes import Theme, chi_themes
from maubinh.hands import Category, HandValue, WheelRank, evaluate
from maubinh.rules import Position, RuleSet
from maubinh.settle import compare_hands

__all__ = [
    "LEVEL_TRAPS",
    "ChiQuestion",
    "Decider",
    "Outcome",
    "Trap",
    "Verdict",
    "decide",
    "made_count",
    "make_chi_question",
    "pair_for",
]


class Outcome(str, Enum):
    """The answer to "which wins": hand A, hand B, or a tie (0 chi)."""

    A = "a"
    B = "b"
    TIE = "tie"


class Decider(str, Enum):
    """The rule that decided a comparison of two chi (digest §1, §2.2)."""

    CATEGORY = "category"
    """Different categories: the higher category wins."""
    MADE = "made"
    """Same category: the cards that make it (the pair, the trips, a straight's top card) decide."""
    KICKER = "kicker"
    """Same made cards: the kickers decide, high to low."""
    CARD_BY_CARD = "card_by_card"
    """Mậu thầu or thùng: compared card by card, high to low."""
    WHEEL = "wheel"
    """A-2-3-4-5 against another straight: the rule set's straight order decides."""
    SHORT_FRONT = "short_front"
    """A 3-card front against a 5-card hand with the same three cards on top: the 3-card hand has no
    kickers, and a missing kicker counts below any card."""
    TIE = "tie"
    """Same ranks: a tie, suits never break ties."""


@dataclass(frozen=True)
class Verdict:
    """How two chi compare.

    Attributes:
        outcome: which is stronger.
        decider: the rule that decided.
        at: the position (0-based) in the tie-break ranks where they first differ, or -1
            (different categories, a tie, or the wheel).
    """

    outcome: Outcome
    decider: Decider
    at: int


_MADE = {
    Category.DOI: 1,
    Category.THU: 2,
    Category.SAM_CO: 1,
    Category.CU_LU: 2,
    Category.TU_QUY: 1,
    Category.SANH: 1,
    Category.THUNG_PHA_SANH: 1,
}
_STRAIGHTS = (Category.SANH, Category.THUNG_PHA_SANH)


def made_count(category: Category) -> int:
    """How many of a category's tie-break ranks are made cards (the pair, two pairs, trips...), not kickers.

    >>> made_count(Category.THU), made_count(Category.THUNG)
    (2, 0)
    """
    return _MADE.get(category, 0)


def _sign(a: HandValue, b: HandValue) -> Outcome:
    return Outcome.A if a > b else Outcome.B if a < b else Outcome.TIE


def decide(a: Sequence[Card], b: Sequence[Card], rule_set: RuleSet) -> Verdict:
    """Compare two chi (3 or 5 cards each) under ``rule_set`` and name the rule that decided.

    The outcome always equals :func:`maubinh.settle.compare_hands`.

    Raises:
        HandSizeError: for a hand that is not 3 or 5 distinct cards.
    """
    va, vb = evaluate(a, rule_set.wheel), evaluate(b, rule_set.wheel)
    outcome = _sign(va, vb)
    if va.category is not vb.category:
        return Verdict(outcome, Decider.CATEGORY, -1)
    if va.category in _STRAIGHTS and (va.is_wheel or vb.is_wheel):
        orders = {_sign(evaluate(a, wheel), evaluate(b, wheel)) for wheel in WheelRank}
        if len(orders) > 1:
            return Verdict(outcome, Decider.WHEEL, -1)
    if outcome is Outcome.TIE:
        return Verdict(outcome, Decider.TIE, -1)
    ra, rb = (tuple(v.ranks) + (0,) * (5 - len(v.ranks)) for v in (va, vb))
    at = next(i for i in range(5) if ra[i] != rb[i])
    made = _MADE.get(va.category, 0)
    if va.size != vb.size and at >= min(len(va.ranks), len(vb.ranks)):
        return Verdict(outcome, Decider.SHORT_FRONT, at)
    if at < made:
        return Verdict(outcome, Decider.MADE, at)
    return Verdict(outcome, Decider.KICKER if made else Decider.CARD_BY_CARD, at)


class Trap(str, Enum):
    """What a question is built to test."""

    CATEGORY = "category"
    """Two different categories (beginner: far apart; otherwise neighbours such as thùng and sảnh)."""
    MADE = "made"
    """Same category, different made cards (pair of kings against pair of nines)."""
    KICKER = "kicker"
    """Same made cards, a kicker decides."""
    CARD_BY_CARD = "card_by_card"
    """Mậu thầu or thùng sharing their top cards."""
    TIE = "tie"
    """The same ranks in other suits: a tie."""
    WHEEL = "wheel"
    """A-2-3-4-5 against a 6- to K-high straight: the answer depends on the rule set."""
    FRONT = "front"
    """A 3-card front against a 5-card middle."""
    FULL_HOUSE = "full_house"
    """Two full houses: the trips decide, however big the pair."""


LEVEL_TRAPS: dict[Level, tuple[Trap, ...]] = {
    Level.BEGINNER: (Trap.CATEGORY, Trap.CATEGORY, Trap.MADE),
    Level.INTERMEDIATE: (Trap.KICKER, Trap.CARD_BY_CARD, Trap.TIE, Trap.MADE, Trap.CATEGORY),
    Level.EXPERT: (Trap.WHEEL, Trap.FRONT, Trap.FULL_HOUSE, Trap.KICKER, Trap.TIE, Trap.CARD_BY_CARD),
}
"""The traps asked at each level (drawn uniformly from the tuple; repeats weigh)."""
LEVEL_TRAPS[Level.MASTER] = LEVEL_TRAPS[Level.EXPERT]  # the master level asks the expert questions here

_ACCEPT: dict[Trap, frozenset[Decider]] = {
    Trap.CATEGORY: frozenset({Decider.CATEGORY}),
    Trap.MADE: frozenset({Decider.MADE}),
    Trap.KICKER: frozenset({Decider.KICKER}),
    Trap.CARD_BY_CARD: frozenset({Decider.CARD_BY_CARD}),
    Trap.TIE: frozenset({Decider.TIE}),
    Trap.WHEEL: frozenset({Decider.WHEEL}),
    Trap.FRONT: frozenset({Decider.SHORT_FRONT, Decider.KICKER, Decider.CARD_BY_CARD, Decider.CATEGORY}),
    Trap.FULL_HOUSE: frozenset({Decider.MADE}),
}

_FIVE = tuple(Category)
_THREE = (Category.MAU_THAU, Category.DOI, Category.SAM_CO)


def _groups(cards: Sequence[Card]) -> Groups:
    """The rank multiset of ``cards``, groups held more often first, then high to low."""
    counts = Counter(int(c.rank) for c in cards)
    return tuple(sorted(counts.items(), key=lambda g: (g[1], g[0]), reverse=True))


def _category_pair(pool: Pool, level: Level, size: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    choices = _FIVE if size == 5 else _THREE
    rng = pool.rng
    while True:
        a, b = rng.sample(choices, 2)
        gap = abs(a - b)
        if (level is Level.BEGINNER and gap >= 2) or (level is not Level.BEGINNER and gap == 1) or size == 3:
            break
    return build_hand(pool, a, size), build_hand(pool, b, size)


def _made_pair(pool: Pool, level: Level, size: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    if size == 3:
        category = Category.DOI
    elif level is Level.BEGINNER:
        category = pool.rng.choice((Category.DOI, Category.SAM_CO, Category.SANH))
    else:
        category = pool.rng.choice((Category.DOI, Category.THU, Category.THU, Category.SANH, Category.TU_QUY))
    return build_hand(pool, category, size), build_hand(pool, category, size)


def _kicker_pair(pool: Pool, level: Level, size: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    category = Category.DOI if size == 3 else pool.rng.choice((Category.DOI, Category.DOI, Category.THU))
    a = build_hand(pool, category, size)
    made = tuple(g for g in _groups(a) if g[1] >= 2)
    kept = made
    if level in (Level.EXPERT, Level.MASTER) and category is Category.DOI and size == 5:
        singles = [g for g in _groups(a) if g[1] == 1]
        kept = made + tuple(singles[: pool.rng.randint(1, 2)])  # the decision falls deeper
    return a, build_hand(pool, category, size, keep=kept)


def _card_by_card_pair(pool: Pool, level: Level, size: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    category = Category.MAU_THAU if size == 3 else pool.rng.choice((Category.MAU_THAU, Category.THUNG))
    a = build_hand(pool, category, size)
    shared = pool.rng.randint(1, size - 2 if level in (Level.EXPERT, Level.MASTER) else 2)
    keep = tuple((int(c.rank), 1) for c in a[:shared])
    if category is Category.THUNG:
        rest = [r for r in RANKS if r not in {k for k, _ in keep}]
        ranks = keep + tuple((r, 1) for r in pool.rng.sample(rest, size - shared))
        return a, build_hand(pool, category, size, groups=ranks)
    return a, build_hand(pool, category, size, keep=keep)


def _tie_pair(pool: Pool, level: Level, size: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    five = (Category.MAU_THAU, Category.DOI, Category.THU, Category.SANH, Category.THUNG)
    category = pool.rng.choice(five if size == 5 else (Category.MAU_THAU, Category.DOI))
    a = build_hand(pool, category, size)
    return a, build_hand(pool, category, size, groups=_groups(a))


def _wheel_pair(pool: Pool, level: Level, size: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    category = Category.THUNG_PHA_SANH if pool.rng.random() < 0.2 else Category.SANH
    wheel = build_hand(pool, category, top=5)
    return wheel, build_hand(pool, category, top=pool.rng.randint(6, 13))


def _front_pair(pool: Pool, level: Level, size: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    rng = pool.rng
    roll = rng.random()
    if roll < 0.2:  # trips in front against a stronger-looking middle
        front = build_hand(pool, Category.SAM_CO, 3)
        return front, build_hand(pool, rng.choice((Category.THU, Category.DOI, Category.SAM_CO)))
    category = Category.DOI if roll < 0.75 else Category.MAU_THAU
    front = build_hand(pool, category, 3)
    groups = _groups(front)
    if category is Category.DOI:
        keep = groups if rng.random() < 0.6 else groups[:1]
        avoid = range(groups[1][0] + 1, 15) if len(keep) == 2 else ()
        return front, build_hand(pool, Category.DOI, keep=keep, avoid=avoid)
    low = min(rank for rank, _ in groups)
    return front, build_hand(pool, Category.MAU_THAU, keep=groups, avoid=range(low, 15))


def _full_house_pair(pool: Pool, level: Level, size: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    rng = pool.rng
    low_trips, high_trips = sorted(rng.sample(RANKS, 2))
    small_pair = rng.choice([r for r in RANKS if r not in (low_trips, high_trips)])
    big = [r for r in RANKS if r > small_pair and r not in (low_trips, high_trips)]
    if not big:
        raise BuildError("no bigger pair")
    strong = build_hand(pool, Category.CU_LU, groups=((high_trips, 3), (small_pair, 2)))
    weak = build_hand(pool, Category.CU_LU, groups=((low_trips, 3), (rng.choice(big), 2)))
    return strong, weak


_BUILDERS: dict[Trap, Callable[[Pool, Level, int], tuple[tuple[Card, ...], tuple[Card, ...]]]] = {
    Trap.CATEGORY: _category_pair,
    Trap.MADE: _made_pair,
    Trap.KICKER: _kicker_pair,
    Trap.CARD_BY_CARD: _card_by_card_pair,
    Trap.TIE: _tie_pair,
    Trap.WHEEL: _wheel_pair,
    Trap.FRONT: _front_pair,
    Trap.FULL_HOUSE: _full_house_pair,
}


def pair_for(
    trap: Trap, size: int, pool: Pool, rule_set: RuleSet, level: Level = Level.INTERMEDIATE
) -> tuple[tuple[Card, ...], tuple[Card, ...], Verdict]:
    """Two hands built for ``trap`` from ``pool`` (their cards are then used), and their :class:`Verdict`.

    ``size`` is 5 or 3 (both hands); :attr:`Trap.FRONT` always gives a 3-card and a 5-card hand, and
    :attr:`Trap.WHEEL` and :attr:`Trap.FULL_HOUSE` two 5-card hands.

    Raises:
        BuildError: when the pool cannot make them or the verdict is not the one the trap is about
            (callers draw again).
    """
    a, b = _BUILDERS[trap](pool, level, size)
    verdict = decide(a, b, rule_set)
    if verdict.decider not in _ACCEPT[trap]:
        raise BuildError(f"{trap.value} built a {verdict.decider.value} comparison")
    return a, b, verdict


@dataclass(frozen=True)
class ChiQuestion:
    """Which of two hands wins the chi named by :attr:`positions`.

    Attributes:
        seed: the question's seed.
        level: its :class:`~maubinh.drills.sets.Level`.
        trap: what the question tests.
        positions: the chi each hand is held in: the same position twice (two players' chi), or
            ``(FRONT, MIDDLE)`` for one player's 3-card front against its middle.
        hands: hand A and hand B, each sorted for reading.
        values: their values under the rule set.
        key: the right answer (from :func:`maubinh.settle.compare_hands`).
        verdict: the rule that decided (:func:`decide`).
        themes: what decides it (:mod:`maubinh.drills.themes`), from :attr:`verdict`.
    """

    kind: ClassVar[Kind] = Kind.CHI
    choices: ClassVar[tuple[Outcome, ...]] = (Outcome.A, Outcome.B, Outcome.TIE)

    seed: int
    level: Level
    trap: Trap
    positions: tuple[Position, Position]
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    values: tuple[HandValue, HandValue]
    key: Outcome
    verdict: Verdict
    themes: tuple[Theme, ...] = ()

    @property
    def lesson(self) -> Lesson:
        """The lesson step that teaches it: the 3-card chi (a front is involved) or the 5-card categories."""
        return Lesson.FRONT if Position.FRONT in self.positions else Lesson.FIVE

    def is_correct(self, answer: Outcome) -> bool:
        """Whether ``answer`` is the key."""
        return answer is self.key


def make_chi_question(seed: int, rule_set: RuleSet, level: Level) -> ChiQuestion:
    """A "which chi wins" question from ``seed`` at ``level`` under ``rule_set`` (same inputs, same question)."""
    rng = random.Random(seed)
    for _ in range(400):
        trap = rng.choice(LEVEL_TRAPS[level])
        size = 3 if trap not in (Trap.WHEEL, Trap.FULL_HOUSE, Trap.FRONT) and rng.random() < 0.25 else 5
        try:
            a, b, _ = pair_for(trap, size, Pool(rng), rule_set, level)
        except BuildError:
            continue
        if trap is Trap.FRONT:
            positions = (Position.FRONT, Position.MIDDLE)
        else:
            position = Position.FRONT if size == 3 else rng.choice((Position.BACK, Position.MIDDLE))
            positions = (position, position)
            if rng.random() < 0.5:
                a, b = b, a
        verdict = decide(a, b, rule_set)
        key = {1: Outcome.A, -1: Outcome.B, 0: Outcome.TIE}[compare_hands(a, b, rule_set)]
        values = (evaluate(a, rule_set.wheel), evaluate(b, rule_set.wheel))
        return ChiQuestion(seed, level, trap, positions, (a, b), values, key, verdict, chi_themes(verdict.decider.value))
    raise RuntimeError(f"no chi question could be built from seed {seed}")  # pragma: no cover
