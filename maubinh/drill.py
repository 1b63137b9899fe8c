"""Drill questions: which of two arrangements of a dealt hand is better, graded by the engine.

A question is fully determined by its seed and rule set, so a link can repeat it.
"Better": a binh lủng arrangement loses; otherwise the higher expected chi
against sampled opponents set by the solver (:func:`maubinh.ev.expected_value`),
asked only when the gap is well beyond its standard error (:data:`GAP_IN_STDERRS`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from maubinh.arrangement import Arrangement, foul_reason
from maubinh.arrangers import arrange_simple, random_legal, random_split, sort_and_split
from maubinh.cards import FULL_DECK, Card
from maubinh.ev import EVResult, expected_value
from maubinh.rules import Position, RuleSet
from maubinh.solver import solve

__all__ = ["Grade", "Question", "grade", "graded_question", "make_question", "question_seed"]

DEFAULT_SAMPLES = 300
GAP_IN_STDERRS = 3.0
"""A question is asked only when the two options' expected chi differ by more than this many standard errors."""


@dataclass(frozen=True)
class Question:
    """Two candidate arrangements of one 13-card hand.

    Attributes:
        seed: the seed that produced it.
        cards: the 13 cards dealt, sorted high to low.
        options: the two arrangements shown (A and B).
    """

    seed: int
    cards: tuple[Card, ...]
    options: tuple[Arrangement, Arrangement]


@dataclass(frozen=True)
class Grade:
    """The engine's verdict on a question.

    Attributes:
        best: index (0 or 1) of the better option, or ``None`` when they are even.
        reason: ``"foul"`` (one option is binh lủng), ``"ev"`` (higher average chi),
            or ``"even"`` (both foul, or averages within noise).
        fouls: per option, the pair of chi out of order, or ``None``.
        results: per option, the :class:`~maubinh.ev.EVResult` (``None`` for a fouled option).
    """

    best: int | None
    reason: str
    fouls: tuple[tuple[Position, Position] | None, ...]
    results: tuple[EVResult | None, ...]


def make_question(seed: int, rule_set: RuleSet) -> Question:
    """Deal a hand from ``seed`` and pick two different arrangements of it.

    One option is the solver's (xếp bài); the other the simple arranger's
    (strongest back first), the naive sort-and-split, or a random split,
    sometimes binh lủng, so that each kind of lesson comes up. Same seed and
    rule set, same question.
    """
    rng = random.Random(seed)
    cards = tuple(sorted(rng.sample(FULL_DECK, 13), reverse=True))
    best = solve(cards, rule_set)
    pool = [arrange_simple(cards, rule_set), sort_and_split(cards), random_legal(cards, rule_set, rng)]
    if rng.random() < 0.25:
        pool.append(random_split(cards, rng))
    others = [arr for arr in pool if _key(arr) != _key(best)]
    other = rng.choice(others) if others else random_legal(cards, rule_set, rng)
    options = (best, other) if rng.random() < 0.5 else (other, best)
    return Question(seed, cards, options)


def _key(arr: Arrangement) -> tuple[frozenset[Card], ...]:
    return (frozenset(arr.back), frozenset(arr.middle), frozenset(arr.front))


def grade(question: Question, rule_set: RuleSet, samples: int = DEFAULT_SAMPLES) -> Grade:
    """Grade a question: a fouled option loses, otherwise the higher average chi wins.

    Averages closer than :data:`GAP_IN_STDERRS` standard errors of their difference count as even.
    """
    fouls = tuple(foul_reason(arr, rule_set) for arr in question.options)
    if fouls[0] and fouls[1]:
        return Grade(None, "even", fouls, (None, None))
    if fouls[0] or fouls[1]:
        legal = 1 if fouls[0] else 0
        (result,) = expected_value([question.options[legal]], question.cards, rule_set, samples=samples,
                                   seed=question.seed)
        results = (None, result) if legal else (result, None)
        return Grade(legal, "foul", fouls, results)
    a, b = expected_value(list(question.options), question.cards, rule_set, samples=samples, seed=question.seed)
    gap = a.mean - b.mean
    if abs(gap) <= GAP_IN_STDERRS * a.diffs_stderr[1]:
        return Grade(None, "even", fouls, (a, b))
    return Grade(0 if gap > 0 else 1, "ev", fouls, (a, b))


def question_seed(set_seed: int, number: int) -> int:
    """The seed of question ``number`` (0-based) of the drill set ``set_seed``."""
    return set_seed * 1000 + number


def graded_question(
    set_seed: int, number: int, rule_set: RuleSet, samples: int = DEFAULT_SAMPLES, max_skips: int = 50
) -> tuple[Question, Grade]:
    """Question ``number`` of drill set ``set_seed`` with its grade, skipping questions graded even.

    Deterministic: the same set seed, number and rule set give the same question.
    Seeds are tried from :func:`question_seed` upwards in steps of 100,000, so
    questions of one set never collide.
    """
    seed = question_seed(set_seed, number)
    for skip in range(max_skips):
        question = make_question(seed + skip * 100_000, rule_set)
        result = grade(question, rule_set, samples)
        if result.best is not None:
            return question, result
    return question, result
