"""Drill kind "set it yourself": the learner splits 13 cards into the three chi, graded against the best split.

When the question is made, the best split is found by trying *every* legal split of the hand against
one sample of opponents set by the solver (:func:`maubinh.drills.sampling.true_best`), and a second,
independent sample is drawn to score it (:mod:`maubinh.drills.sampling`; the best of many noisy
estimates would look too good on the deals that chose it). Grading the learner's arrangement settles
it against that second sample: its expected chi next to the best split's, and the cost of each chi
(the best split's mean chi from that chi minus the learner's), plus scoops and the foul penalty, all
on the same deals, with the standard error of the difference. The answer is graded on the one scale of
:mod:`maubinh.bands` (chi lost → a band: best, excellent, good, inaccuracy, mistake, blunder); it is right when
its band is the level's bar or better (:data:`LEVELS`: "good" or better at beginner and intermediate, "excellent"
or better at expert and master). Beginners get hands where the plain "strongest
back first" split is already (nearly) the best; experts and masters hands where it is a trap, costing
at least 0.3 chi.

While the cards are being placed, :func:`partial_foul` flags a binh lủng as soon as two complete
chi are out of order.

>>> from maubinh.cards import parse_cards
>>> from maubinh.rules import load_rule_set
>>> chis = {Position.BACK: parse_cards("Ks Kd 9c 8s 2h"), Position.MIDDLE: parse_cards("As Ad Ac 7h 7d"),
...         Position.FRONT: parse_cards("Qs")}
>>> partial_foul(chis, load_rule_set("chi-at"))
(<Position.BACK: 'back'>, <Position.MIDDLE: 'middle'>)
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from maubinh.arrangement import Arrangement, foul_reason, in_order
from maubinh.bands import UPPER, Band, Grade, grade
from maubinh.cards import FULL_DECK, Card
from maubinh.drills.sampling import (
    Breakdown,
    Line,
    Opponents,
    breakdown,
    breakdowns,
    sample_opponents,
    split_of,
    table_scores,
    true_best,
)
from maubinh.drills.sets import Kind, Lesson, Level
from maubinh.drills.themes import Theme, split_themes
from maubinh.hands import evaluate
from maubinh.naturals import find_instant_win
from maubinh.rules import POSITIONS, Position, RuleSet
from maubinh.strategy.arrangers import arrange_simple

__all__ = [
    "LEVELS",
    "PLAYED_BASE",
    "ArrangeLevel",
    "ArrangeQuestion",
    "ArrangeResult",
    "assess",
    "make_arrange_question",
    "partial_foul",
    "played_cards",
    "played_seed",
]


PLAYED_BASE = 2**40
"""Seeds from here up name a hand's 13 cards themselves (:func:`played_seed`), above every set's question
seed (``seed * 1000 + index`` < 10^12 < 2^40): a hand played at the Play table comes back, in the review
queue, as "set it yourself" with the same 13 cards (:class:`maubinh.drills.QuestionRef` of kind ``arrange``)."""


def played_seed(cards: Sequence[Card]) -> int:
    """The question seed naming exactly ``cards`` (13 distinct cards): :data:`PLAYED_BASE` plus the cards'
    rank among all 13-card hands (combinatorial number system over :attr:`Card.index`, < C(52, 13)).

    >>> from maubinh.cards import parse_cards
    >>> hand = parse_cards("As Kd Qh Jc Ts 9d 8h 7c 6s 5d 4h 3c 2s")
    >>> played_cards(played_seed(hand)) == tuple(sorted(hand, reverse=True))
    True

    Raises:
        ValueError: unless ``cards`` holds 13 distinct cards.
    """
    indices = sorted({card.index for card in cards})
    if len(indices) != 13 or len(cards) != 13:
        raise ValueError(f"a played hand is 13 distinct cards, got {len(cards)}")
    return PLAYED_BASE + sum(math.comb(index, k + 1) for k, index in enumerate(indices))


def played_cards(seed: int) -> tuple[Card, ...] | None:
    """The 13 cards :func:`played_seed` named by ``seed``, high to low; ``None`` for a seed below
    :data:`PLAYED_BASE` or beyond the last hand (a set's seed)."""
    rank = seed - PLAYED_BASE
    if not 0 <= rank < math.comb(52, 13):
        return None
    indices = []
    for k in range(13, 0, -1):  # the largest index whose binomial fits, for each position from the top
        index = k - 1
        while math.comb(index + 1, k) <= rank:
            index += 1
        indices.append(index)
        rank -= math.comb(index, k)
    return tuple(sorted((Card.from_index(i) for i in indices), reverse=True))


@dataclass(frozen=True)
class ArrangeLevel:
    """What one level asks.

    Attributes:
        passing: the worst band (:mod:`maubinh.bands`) that is still right at this level.
        trap: the range of the solver's estimate of what the "strongest back first" split costs on
            the hands asked (beginners: nothing; experts: 0.3 chi or more).
        samples: sampled deals per question, to choose the best split and again to score it.
    """

    passing: Band
    trap: tuple[float, float]
    samples: int = 2000

    @property
    def tolerance(self) -> float:
        """The most a right answer may cost, chi per deal: the upper bound of :attr:`passing`
        (:data:`maubinh.bands.UPPER`; within the noise of 0, more)."""
        return UPPER[self.passing]


LEVELS: dict[Level, ArrangeLevel] = {
    Level.BEGINNER: ArrangeLevel(Band.GOOD, (0.0, 0.05)),
    Level.INTERMEDIATE: ArrangeLevel(Band.GOOD, (0.0, math.inf)),
    Level.EXPERT: ArrangeLevel(Band.EXCELLENT, (0.3, math.inf)),
    Level.MASTER: ArrangeLevel(Band.EXCELLENT, (0.3, math.inf), samples=4000),
}


@dataclass(frozen=True)
class ArrangeQuestion:
    """Set :attr:`cards` into back, middle and front.

    Attributes:
        seed: the question's seed.
        level: its level.
        cards: the 13 cards dealt, high to low.
        best: the best legal split (the key), chosen on one sample of opponents.
        opponents: the other, independent sample every answer is settled against.
        best_breakdown: the best split's chi against them, line by line.
        tolerance: the level's bar in chi when the question was made (stored with it, format 1); grading reads
            the level's band instead (:attr:`ArrangeLevel.passing`), the one scale.
        themes: what decides it (:mod:`maubinh.drills.themes`): the best split against the "strongest back
            first" one, on the question's deals.
    """

    kind: ClassVar[Kind] = Kind.ARRANGE
    lesson: ClassVar[Lesson] = Lesson.CHI

    seed: int
    level: Level
    cards: tuple[Card, ...]
    best: Arrangement
    opponents: Opponents
    best_breakdown: Breakdown
    tolerance: float
    themes: tuple[Theme, ...] = ()

    @property
    def key(self) -> Arrangement:
        """The best split."""
        return self.best


@dataclass(frozen=True)
class ArrangeResult:
    """A learner's arrangement graded against the question's opponents.

    Attributes:
        arrangement: the learner's arrangement.
        foul: the pair of chi out of order, or ``None`` when legal.
        mine: its breakdown; ``best``: the best split's.
        cost: ``best.mean - mine.mean``, chi per deal (negative when the learner did better).
        cost_stderr: the standard error of ``cost`` (same deals).
        correct: legal (not binh lủng) and its band (:attr:`grade`) the level's bar or better
            (:attr:`ArrangeLevel.passing`).
    """

    arrangement: Arrangement
    foul: tuple[Position, Position] | None
    mine: Breakdown
    best: Breakdown
    cost: float
    cost_stderr: float
    correct: bool

    def cost_of(self, line: Line) -> float:
        """What one line cost: the best split's mean chi from it minus the learner's (0 where neither has it)."""
        return self.best.lines.get(line, 0.0) - self.mine.lines.get(line, 0.0)

    @property
    def grade(self) -> Grade:
        """The answer on the one scale (:func:`maubinh.bands.grade`): its band and chi lost."""
        return grade(self.cost, self.cost_stderr)


def assess(question: ArrangeQuestion, arrangement: Arrangement, rule_set: RuleSet) -> ArrangeResult:
    """Grade ``arrangement`` for ``question`` under ``rule_set``.

    Raises:
        ValueError: if ``arrangement`` holds other cards than the question's.
    """
    mine = breakdown(arrangement, question.opponents, rule_set)
    best = question.best_breakdown
    cost = best.mean - mine.mean
    foul = foul_reason(arrangement, rule_set)
    stderr = best.stderr_against(mine)
    correct = foul is None and grade(cost, stderr).passes(LEVELS[question.level].passing)
    return ArrangeResult(arrangement, foul, mine, best, cost, stderr, correct)


def partial_foul(chis: Mapping[Position, Sequence[Card]], rule_set: RuleSet) -> tuple[Position, Position] | None:
    """The first pair of *complete* chi out of order, while the cards are still being placed.

    Back against middle, then middle against front (an equal back and middle foul only under the strict
    order, :func:`maubinh.arrangement.in_order`);
    with the middle incomplete, a front that beats the back already fouls (the middle cannot sit between them).
    ``None`` when no complete pair is
    out of order yet.
    """
    values = {p: evaluate(chis[p], rule_set.wheel) for p in POSITIONS if len(chis.get(p, ())) == p.size}
    for strong, weak in ((Position.BACK, Position.MIDDLE), (Position.MIDDLE, Position.FRONT),
                         (Position.BACK, Position.FRONT)):
        if strong in values and weak in values and not in_order(values[strong], values[weak],
                                                                         strict=rule_set.strict_order):
            return (strong, weak)
    return None


def make_arrange_question(seed: int, rule_set: RuleSet, level: Level) -> ArrangeQuestion:
    """A "set it yourself" question from ``seed`` at ``level`` (same inputs, same question).

    Hands with an instant win are skipped (every arrangement is worth the same). A seed from
    :data:`PLAYED_BASE` up names its cards (:func:`played_cards`): those cards are asked whatever the level's
    trap, graded with the level's band.
    """
    rules = LEVELS[level]
    rng = random.Random(seed)
    played = played_cards(seed)
    for attempt in range(200):
        cards = played or tuple(sorted(rng.sample(FULL_DECK, 13), reverse=True))
        if played is None:
            if rule_set.naturals and find_instant_win(cards, rule_set) is not None:
                continue
            hand, scores = table_scores(cards, rule_set)
            trap = float(scores.max() - scores[split_of(hand, arrange_simple(cards, rule_set))])
            if not rules.trap[0] <= trap <= rules.trap[1]:
                continue
        choose, score = 2 * (seed * 101 + attempt), 2 * (seed * 101 + attempt) + 1
        best = true_best(cards, rule_set, rules.samples, choose)
        opponents = sample_opponents(cards, rule_set, rules.samples, score)
        simple = arrange_simple(cards, rule_set)
        best_lines, simple_lines = breakdowns([best, simple], opponents, rule_set)
        return ArrangeQuestion(seed, level, cards, best, opponents, best_lines, rules.tolerance,
                               split_themes(best, simple, rule_set, best_lines, simple_lines))
    raise RuntimeError(f"no arrangement could be dealt from seed {seed}")  # pragma: no cover
