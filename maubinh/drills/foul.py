"""Drill kind "binh lủng or not, and why": one arrangement, is it legal, and which chi are out of order.

An arrangement is binh lủng (foul) when the middle beats the back or the front beats the middle
(digest §1, §2.7; reading revised again: an equal back and middle are legal, binh lủng only under the
strict order, a house rule: :func:`maubinh.arrangement.in_order`). The answer names which pair is out of
order (:class:`FoulAnswer`). Each question is built around one comparison that decides it, with the
other comparison kept plain, and the level picks the trap in that comparison: categories for
beginners; made cards, kickers and neighbouring categories for intermediate learners; the wheel
under the rule set's straight order, a 3-card front against a 5-card middle, a back equal to the
middle (legal, binh lủng only under the strict order) and full houses for experts.

>>> from maubinh.arrangement import Arrangement, in_order
>>> from maubinh.rules import load_rule_set
>>> wheel_back = Arrangement.parse("As 2d 3c 4h 5s", "9s Td Jc Qh Kd", "7c 7d 2c")
>>> foul_answer(wheel_back, load_rule_set("chi-at")), foul_answer(wheel_back, load_rule_set("luckywin"))
(<FoulAnswer.LEGAL: 'legal'>, <FoulAnswer.BACK_MIDDLE: 'back_middle'>)
>>> q = make_foul_question(3, load_rule_set("chi-at"), Level.EXPERT)
>>> q.key is foul_answer(q.arrangement, load_rule_set("chi-at"))
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from maubinh.arrangement import Arrangement, in_order
from maubinh.cards import Card
from maubinh.drills.build import BuildError, Pool, build_hand
from maubinh.drills.chi import Outcome, Trap, Verdict, decide, pair_for
from maubinh.drills.sets import Kind, Lesson, Level
from maubinh.drills.themes import Theme, foul_themes
from maubinh.hands import Category, HandValue, evaluate
from maubinh.rules import POSITIONS, Position, RuleSet

__all__ = ["LEVEL_TRAPS", "FoulAnswer", "FoulQuestion", "foul_answer", "make_foul_question"]


class FoulAnswer(str, Enum):
    """Legal, or which chi are out of order."""

    LEGAL = "legal"
    """Back >= middle >= front (back > middle under the strict order)."""
    BACK_MIDDLE = "back_middle"
    """Binh lủng: the middle beats the back (or equals it, under the strict order)."""
    MIDDLE_FRONT = "middle_front"
    """Binh lủng: the front beats the middle."""
    BOTH = "both"
    """Binh lủng both ways: the middle beats the back, and the front the middle."""


def foul_answer(arrangement: Arrangement, rule_set: RuleSet) -> FoulAnswer:
    """Which chi of ``arrangement`` are out of order under ``rule_set``'s straight order and order rule."""
    back, middle, front = (evaluate(arrangement.chi(p), rule_set.wheel) for p in POSITIONS)
    strict = rule_set.strict_order
    first, second = not in_order(back, middle, strict=strict), not in_order(middle, front, strict=strict)
    if first and second:
        return FoulAnswer.BOTH
    if first:
        return FoulAnswer.BACK_MIDDLE
    return FoulAnswer.MIDDLE_FRONT if second else FoulAnswer.LEGAL


LEVEL_TRAPS: dict[Level, tuple[Trap, ...]] = {
    Level.BEGINNER: (Trap.CATEGORY,),
    Level.INTERMEDIATE: (Trap.MADE, Trap.KICKER, Trap.CATEGORY, Trap.CARD_BY_CARD, Trap.FRONT),
    Level.EXPERT: (Trap.WHEEL, Trap.FRONT, Trap.FRONT, Trap.KICKER, Trap.TIE, Trap.FULL_HOUSE),
}
"""The trap in the deciding comparison at each level (drawn uniformly; repeats weigh)."""
LEVEL_TRAPS[Level.MASTER] = LEVEL_TRAPS[Level.EXPERT]  # the master level asks the expert questions here

_FIVE_ONLY = (Trap.WHEEL, Trap.FULL_HOUSE, Trap.TIE, Trap.CARD_BY_CARD)
_THREE = (Category.MAU_THAU, Category.DOI, Category.SAM_CO)


@dataclass(frozen=True)
class FoulQuestion:
    """Is :attr:`arrangement` binh lủng, and why.

    Attributes:
        seed: the question's seed.
        level: its level.
        trap: the trap in the deciding comparison.
        critical: the pair of chi the question turns on: ``(BACK, MIDDLE)`` or ``(MIDDLE, FRONT)``.
        arrangement: the arrangement shown.
        values: back, middle and front values under the rule set.
        verdicts: back against middle, and middle against front (:func:`maubinh.drills.chi.decide`).
        key: the right answer (:func:`foul_answer`; agrees with :func:`maubinh.arrangement.foul_reason`).
        themes: what decides it (:mod:`maubinh.drills.themes`), computed when it is built.
    """

    kind: ClassVar[Kind] = Kind.FOUL
    choices: ClassVar[tuple[FoulAnswer, ...]] = tuple(FoulAnswer)
    lesson: ClassVar[Lesson] = Lesson.FOUL

    seed: int
    level: Level
    trap: Trap
    critical: tuple[Position, Position]
    arrangement: Arrangement
    values: tuple[HandValue, HandValue, HandValue]
    verdicts: tuple[Verdict, Verdict]
    key: FoulAnswer
    themes: tuple[Theme, ...] = ()

    def is_correct(self, answer: FoulAnswer) -> bool:
        """Whether ``answer`` is the key."""
        return answer is self.key


def _weights(level: Level, critical: tuple[Position, Position]) -> dict[FoulAnswer, float]:
    if critical == (Position.MIDDLE, Position.FRONT):
        return {FoulAnswer.LEGAL: 0.45, FoulAnswer.MIDDLE_FRONT: 0.55}
    both = 0.0 if level is Level.BEGINNER else 0.15
    return {FoulAnswer.LEGAL: 0.4, FoulAnswer.BACK_MIDDLE: 0.6 - both, FoulAnswer.BOTH: both}


def _front_and_middle(
    trap: Trap, pool: Pool, rule_set: RuleSet, level: Level
) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A 3-card front and a 5-card middle whose comparison turns on ``trap``."""
    rng = pool.rng
    if trap is Trap.CATEGORY:
        front_category = rng.choice(_THREE)
        middle_category = rng.choice([c for c in Category if abs(c - front_category) >= 1 and c <= Category.THUNG])
        return build_hand(pool, front_category, 3), build_hand(pool, middle_category)
    if trap is Trap.MADE:
        return build_hand(pool, Category.DOI, 3), build_hand(pool, Category.DOI)
    front, middle, _ = pair_for(Trap.FRONT, 3, pool, rule_set, level)
    return front, middle


def _plain_below(pool: Pool, above: tuple[Card, ...], size: int, rule_set: RuleSet) -> tuple[Card, ...]:
    """A hand of ``size`` cards clearly weaker than ``above`` (a lower category)."""
    top = evaluate(above, rule_set.wheel).category
    lower = [c for c in (_THREE if size == 3 else tuple(Category)) if c < top]
    if not lower:
        raise BuildError("nothing below")
    return build_hand(pool, pool.rng.choice(lower), size, wheel=rule_set.wheel)


def _plain_above(pool: Pool, below: tuple[Card, ...], rule_set: RuleSet) -> tuple[Card, ...]:
    """A 5-card hand clearly stronger than ``below`` (a higher category)."""
    bottom = evaluate(below, rule_set.wheel).category
    higher = [c for c in Category if bottom < c <= bottom + 2]
    if not higher:
        raise BuildError("nothing above")
    return build_hand(pool, pool.rng.choice(higher), wheel=rule_set.wheel)


def _plan(
    rng: random.Random, level: Level, rule_set: RuleSet
) -> tuple[Trap, tuple[Position, Position], FoulAnswer]:
    """The trap, the deciding pair of chi and the answer, drawn once per question (so answers stay balanced)."""
    trap = rng.choice(LEVEL_TRAPS[level])
    if trap is Trap.FRONT or (trap not in _FIVE_ONLY and rng.random() < 0.4):
        critical = (Position.MIDDLE, Position.FRONT)
    else:
        critical = (Position.BACK, Position.MIDDLE)
    weights = _weights(level, critical)
    target = rng.choices(list(weights), list(weights.values()))[0]
    if trap is Trap.TIE:  # an equal back and middle: legal, binh lủng only under the strict order (digest §1)
        target = FoulAnswer.BACK_MIDDLE if rule_set.strict_order else FoulAnswer.LEGAL
    return trap, critical, target


def _build(
    rng: random.Random, rule_set: RuleSet, level: Level, trap: Trap, critical: tuple[Position, Position],
    target: FoulAnswer,
) -> Arrangement:
    pool = Pool(rng)
    if critical == (Position.MIDDLE, Position.FRONT):
        front, middle = _front_and_middle(trap, pool, rule_set, level)
        back = _plain_above(pool, middle, rule_set)
    else:
        a, b, verdict = pair_for(trap, 5, pool, rule_set, level)
        strong, weak = (a, b) if verdict.outcome is not Outcome.B else (b, a)
        back, middle = (weak, strong) if target in (FoulAnswer.BACK_MIDDLE, FoulAnswer.BOTH) else (strong, weak)
        if target is FoulAnswer.BOTH:
            front = build_hand(pool, Category.SAM_CO, 3)
        else:
            front = _plain_below(pool, middle, 3, rule_set)
    return Arrangement(back, middle, front)


def make_foul_question(seed: int, rule_set: RuleSet, level: Level) -> FoulQuestion:
    """A "binh lủng or not" question from ``seed`` at ``level`` under ``rule_set`` (same inputs, same question)."""
    rng = random.Random(seed)
    for _ in range(400):
        trap, critical, target = _plan(rng, level, rule_set)
        for _ in range(40):
            try:
                arrangement = _build(rng, rule_set, level, trap, critical, target)
            except BuildError:
                continue
            if foul_answer(arrangement, rule_set) is target:
                break
        else:
            continue
        key = target
        values = (
            evaluate(arrangement.back, rule_set.wheel),
            evaluate(arrangement.middle, rule_set.wheel),
            evaluate(arrangement.front, rule_set.wheel),
        )
        verdicts = (
            decide(arrangement.back, arrangement.middle, rule_set),
            decide(arrangement.middle, arrangement.front, rule_set),
        )
        deciding = verdicts[0 if critical == (Position.BACK, Position.MIDDLE) else 1]
        return FoulQuestion(seed, level, trap, critical, arrangement, values, verdicts, key,
                            foul_themes(deciding.decider.value))
    raise RuntimeError(f"no foul question could be built from seed {seed}")  # pragma: no cover
