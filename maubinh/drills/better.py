"""Drill kind "which arrangement is better": two or three arrangements of one hand, graded by expected chi.

Every option is settled against the same sampled opponents set by the solver
(:mod:`maubinh.drills.sampling`, common random numbers), under the rule set, bonuses, scoops,
instant wins and the ace rule included; a binh lủng option pays the foul penalty in nearly every
deal. The better option has the higher mean, and a question is asked only when it beats every other
option by more than :data:`GAP_IN_STDERRS` standard errors of the difference *and* by a gap in the
level's range (:data:`LEVELS`): beginners compare the solver's arrangement with a naive or binh lủng
one (gaps of a chi or more), intermediate learners with the simple arranger's or a random legal one
(0.3-2 chi), experts choose among three close arrangements from the solver's own short list
(0.1-1 chi), masters between two splits 0.1-0.5 chi apart (the deals are sampled in growing
numbers, up to 16,000, until the gap is beyond the error).

Every option is also measured against the best of *every* legal split of the hand (found on another,
independent sample of opponents, then settled on the question's deals): what each option leaves on
the table, with its standard error.

>>> from maubinh.rules import load_rule_set
>>> q = make_better_question(11, load_rule_set("guide-2026"), Level.BEGINNER)
>>> len(q.options), q.gap > GAP_IN_STDERRS * q.gap_stderr
(2, True)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import ClassVar

from maubinh.arrangement import Arrangement, foul_reason
from maubinh.cards import FULL_DECK, Card
from maubinh.drills.sampling import (
    Breakdown,
    Opponents,
    breakdowns,
    expected,
    sample_opponents,
    split_of,
    table_scores,
    true_best,
)
from maubinh.drills.sets import Kind, Lesson, Level
from maubinh.drills.themes import Theme, split_themes
from maubinh.naturals import find_instant_win
from maubinh.rules import Position, RuleSet
from maubinh.strategy.arrangers import arrange_simple, random_legal, random_split, sort_and_split
from maubinh.strategy.payouts import same_split
from maubinh.strategy.results import EVResult
from maubinh.strategy.solver import solve

__all__ = ["GAP_IN_STDERRS", "LEVELS", "BetterLevel", "BetterQuestion", "make_better_question", "same_split"]

GAP_IN_STDERRS = 3.0
"""The better option must beat each other one by more than this many standard errors of the difference."""


@dataclass(frozen=True)
class BetterLevel:
    """What one level asks.

    Attributes:
        options: arrangements shown (2 or 3).
        min_gap, max_gap: the range of the gap (chi per deal) between the better option and the
            runner-up.
        samples: sampled deals per question: the first number, then the next ones in turn while the
            gap is not yet beyond :data:`GAP_IN_STDERRS` standard errors.
        sources: where the other options come from: ``"simple"`` (strongest back first),
            ``"sort"`` (sort and cut 5/5/3, often binh lủng), ``"split"`` (a random split, mostly
            binh lủng), ``"legal"`` (a random legal split), ``"near"`` (the solver's close runners-up).
    """

    options: int
    min_gap: float
    max_gap: float
    samples: tuple[int, ...]
    sources: tuple[str, ...]


LEVELS: dict[Level, BetterLevel] = {
    Level.BEGINNER: BetterLevel(2, 1.0, math.inf, (1000,), ("sort", "split", "legal")),
    Level.INTERMEDIATE: BetterLevel(2, 0.3, 2.0, (1000, 2000), ("simple", "sort", "legal", "near")),
    Level.EXPERT: BetterLevel(3, 0.1, 1.0, (2000, 4000), ("near",)),
    Level.MASTER: BetterLevel(2, 0.1, 0.5, (2000, 4000, 8000, 16000), ("near",)),
}
BEST_SAMPLES = 1000
"""Deals on which the best of every legal split is chosen (then scored on the question's own deals)."""


@dataclass(frozen=True)
class BetterQuestion:
    """Which of :attr:`options` wins more chi per deal.

    Attributes:
        seed: the question's seed.
        level: its level.
        cards: the 13 cards dealt, high to low.
        options: the arrangements shown (A, B and for experts C).
        fouls: per option, the pair of chi out of order (:func:`~maubinh.arrangement.foul_reason`), or ``None``.
        results: per option, its :class:`~maubinh.strategy.ev.EVResult` (mean, standard error, per-chi odds).
        key: the index of the better option.
        gap: its lead over the runner-up, in chi per deal.
        gap_stderr: the standard error of that lead.
        sample_seed: the seed of the sampled deals (:func:`maubinh.drills.sampling.sample_opponents`).
        breakdowns: per option, its chi on the same deals line by line (each chi, scoops, the foul
            penalty, instant wins, aces): :func:`maubinh.drills.sampling.breakdown`, whose means equal
            :attr:`results`' means.
        best: the best of every legal split, chosen on other deals (:func:`maubinh.drills.sampling.true_best`).
        best_breakdown: its chi on the question's deals.
        themes: what decides it (:mod:`maubinh.drills.themes`), computed from the numbers when it is built.
    """

    kind: ClassVar[Kind] = Kind.BETTER

    seed: int
    level: Level
    cards: tuple[Card, ...]
    options: tuple[Arrangement, ...]
    fouls: tuple[tuple[Position, Position] | None, ...]
    results: tuple[EVResult, ...]
    key: int
    gap: float
    gap_stderr: float
    sample_seed: int
    breakdowns: tuple[Breakdown, ...]
    best: Arrangement
    best_breakdown: Breakdown
    themes: tuple[Theme, ...] = ()

    @property
    def reason(self) -> str:
        """``"foul"`` when every other option is binh lủng, else ``"ev"`` (decided by expected chi)."""
        others = [foul for k, foul in enumerate(self.fouls) if k != self.key]
        return "foul" if all(others) else "ev"

    @property
    def runner_up(self) -> int:
        """The index of the option closest to the better one."""
        return max((k for k in range(len(self.options)) if k != self.key), key=lambda k: self.results[k].mean)

    @property
    def lesson(self) -> Lesson:
        """Binh lủng when an option fouls, otherwise how the three chi are set."""
        return Lesson.FOUL if any(self.fouls) else Lesson.CHI

    @property
    def choices(self) -> tuple[int, ...]:
        """The option indexes."""
        return tuple(range(len(self.options)))

    def is_correct(self, answer: int) -> bool:
        """Whether ``answer`` (an option index) is the key."""
        return answer == self.key

    def left(self, option: int) -> tuple[float, float]:
        """What option ``option`` leaves against the best of every split: ``(best mean - its mean, the
        standard error of that difference)``, chi per deal on the question's deals."""
        mine = self.breakdowns[option]
        return self.best_breakdown.mean - mine.mean, self.best_breakdown.stderr_against(mine)


def _key(arrangement: Arrangement) -> tuple[frozenset[Card], ...]:
    return (frozenset(arrangement.back), frozenset(arrangement.middle), frozenset(arrangement.front))


def _near(cards: tuple[Card, ...], rule_set: RuleSet, rng: random.Random, rules: BetterLevel,
          count: int) -> list[Arrangement]:
    """``count`` legal runners-up whose solver estimate trails the best by about the level's gaps."""
    hand, scores = table_scores(cards, rule_set)
    best = float(scores.max())
    low, high = rules.min_gap * 0.8, min(rules.max_gap, 3.0) * 1.2
    window = [int(i) for i in ((best - scores >= low) & (best - scores <= high)).nonzero()[0]]
    rng.shuffle(window)
    chosen: list[int] = []
    for split in window:
        if all(abs(float(scores[split] - scores[other])) >= 0.05 for other in chosen):
            chosen.append(split)
        if len(chosen) == count:
            break
    return [hand.arrangement(split) for split in chosen]


def _others(cards: tuple[Card, ...], best: Arrangement, rule_set: RuleSet, rng: random.Random,
            rules: BetterLevel) -> list[Arrangement]:
    wanted = rules.options - 1
    source = rng.choice(rules.sources)
    if source == "near":
        found = _near(cards, rule_set, rng, rules, wanted)
    else:
        makers = {
            "simple": lambda: arrange_simple(cards, rule_set),
            "sort": lambda: sort_and_split(cards),
            "split": lambda: random_split(cards, rng),
            "legal": lambda: random_legal(cards, rule_set, rng),
        }
        found = [makers[source]() for _ in range(wanted)]
    unique: list[Arrangement] = []
    for arrangement in found:
        if _key(arrangement) != _key(best) and all(_key(arrangement) != _key(u) for u in unique):
            unique.append(arrangement)
    return unique if len(unique) == wanted else []


def _plausible(cards: tuple[Card, ...], options: list[Arrangement], rule_set: RuleSet, rules: BetterLevel) -> bool:
    """The solver's estimate puts the gaps near the level's range (saves sampling hopeless options)."""
    hand, scores = table_scores(cards, rule_set)
    values = sorted((float(scores[split_of(hand, option)]) for option in options), reverse=True)
    gap = values[0] - values[1]
    return gap >= rules.min_gap * 0.5 and (math.isinf(gap) or gap <= rules.max_gap * 2 + 0.5)


def _graded(cards: tuple[Card, ...], options: list[Arrangement], rule_set: RuleSet, rules: BetterLevel,
            sample_seed: int) -> tuple[Opponents, list[EVResult], int, float, float] | None:
    """The options against more and more sampled deals until the best leads every other beyond the
    error: ``(opponents, results, key, gap, its stderr)``, or ``None`` when the gap is not in the level's
    range or not resolved with the most deals."""
    for samples in rules.samples:
        opponents = sample_opponents(cards, rule_set, samples, sample_seed)
        results = expected(options, opponents, rule_set)
        key = max(range(len(options)), key=lambda k: results[k].mean)
        leads = [(results[key].mean - results[k].mean, results[key].diffs_stderr[k])
                 for k in range(len(options)) if k != key]
        gap, err = min(leads)
        if gap > rules.max_gap + 3 * err or gap < rules.min_gap - 3 * err:
            return None  # clearly outside the level's range: more deals will not bring it in
        if all(lead > GAP_IN_STDERRS * e for lead, e in leads):
            return (opponents, results, key, gap, err) if rules.min_gap <= gap <= rules.max_gap else None
    return None


def make_better_question(seed: int, rule_set: RuleSet, level: Level) -> BetterQuestion:
    """A "which arrangement is better" question from ``seed`` at ``level`` (same inputs, same question).

    Deals until a hand gives options whose gap is beyond the error and in the level's range.
    Hands with an instant win are skipped (every arrangement of them is worth the same).
    """
    rules = LEVELS[level]
    rng = random.Random(seed)
    for attempt in range(60):
        cards = tuple(sorted(rng.sample(FULL_DECK, 13), reverse=True))
        if rule_set.naturals and find_instant_win(cards, rule_set) is not None:
            continue
        best = solve(cards, rule_set)
        others = _others(cards, best, rule_set, rng, rules)
        if not others:
            continue
        options = [best, *others]
        rng.shuffle(options)
        if not _plausible(cards, options, rule_set, rules):
            continue
        sample_seed = seed * 101 + attempt
        graded = _graded(cards, options, rule_set, rules, sample_seed)
        if graded is None:
            continue
        opponents, results, key, gap, err = graded
        fouls = tuple(foul_reason(option, rule_set) for option in options)
        best = true_best(cards, rule_set, BEST_SAMPLES, sample_seed + (1 << 40))
        *found, best_breakdown = breakdowns([*options, best], opponents, rule_set)
        runner = max((k for k in range(len(options)) if k != key), key=lambda k: results[k].mean)
        themes = split_themes(options[key], options[runner], rule_set, found[key], found[runner])
        return BetterQuestion(seed, level, cards, tuple(options), fouls, tuple(results), key, gap, err, sample_seed,
                              tuple(found), best, best_breakdown, themes)
    raise RuntimeError(f"no arrangement question could be built from seed {seed}")  # pragma: no cover
