"""Drill kind "báo hay đánh?" (declare or play it out?): 13 cards holding an instant win; declare it, or
play the best split out? Graded in chi.

Declaring is the player's choice (digest §2.4, reading revised). The answer is
:func:`maubinh.strategy.decide.decide`'s, measured the way the Drill measures every choice: both settled
against the same sampled opponents set by the solver (:mod:`maubinh.drills.sampling`, common random
numbers), declaring against playing the solver's best split out. A question is asked only when one beats
the other by more than :data:`~maubinh.drills.better.GAP_IN_STDERRS` standard errors and by a gap in
the level's range (:data:`LEVELS`), so the feedback can say what the wrong choice costs, in chi per deal.

The hands are built to hold an instant win (:func:`maubinh.drills.natural.pattern_hand`), some of them
with strength worth playing: twelve cards of one colour holding a straight flush, three flushes one of
which is a straight flush. Beginners get the clear cases (a gap of 2 chi
or more), intermediate learners 1 chi or more, experts the close ones (0.5-3 chi, still beyond the error),
masters the closest (0.4-1.5 chi, on 1,200 sampled deals so that the error stays below a third of the gap).

A rule set whose instant wins are all worth far more (or far less) than any hand the builder makes played out
has no close call to ask: :func:`unavailable` says so before a question is tried (guide-2026 at expert and
master: its smallest instant win, 18 chi, is over 3 chi more than the hands holding one make played out).

>>> from maubinh.rules import load_rule_set
>>> q = make_declare_question(4, load_rule_set("chi-at"), Level.BEGINNER)
>>> q.natural is not None and q.gap > GAP_IN_STDERRS * q.gap_stderr
True
>>> q.is_correct(q.key)
True
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import ClassVar

from maubinh.arrangement import Arrangement
from maubinh.cards import Card, Rank, Suit
from maubinh.drills.better import GAP_IN_STDERRS
from maubinh.drills.build import BuildError, Pool
from maubinh.drills.natural import pattern_hand
from maubinh.drills.sampling import Breakdown, breakdown, expected, sample_opponents
from maubinh.drills.sets import Kind, Lesson, Level, Unavailable
from maubinh.drills.themes import Theme, declare_themes
from maubinh.naturals import InstantWin, find_instant_win
from maubinh.rules import NaturalPattern, RuleSet
from maubinh.strategy.results import EVResult
from maubinh.strategy.solver import quick_declare, split_scores
from maubinh.strategy.tables import load_tables
from maubinh.strategy.vector import hand_splits

__all__ = [
    "LEVELS",
    "PROBE_HANDS",
    "PROBE_LEAST",
    "DeclareAnswer",
    "DeclareLevel",
    "DeclareQuestion",
    "make_declare_question",
    "unavailable",
]


class DeclareAnswer(str, Enum):
    """The two answers."""

    DECLARE = "declare"
    """Báo mậu binh: take the instant win's amount from every opponent."""
    PLAY = "play"
    """Play the hand out: the best split, settled chi by chi like any other hand."""


@dataclass(frozen=True)
class DeclareLevel:
    """What one level asks: the range of the gap (chi per deal) between the two choices, and the deals sampled.

    Attributes:
        min_gap, max_gap: the range of the gap, chi per deal.
        samples: the deals the gap is measured on.
        screen: the deals of a first, cheaper measurement a hand must pass (its gap within the range widened by
            :data:`~maubinh.drills.better.GAP_IN_STDERRS` of its error) before the full one; 0 for none.
        estimate: the widest solver's quick estimate of the gap (chi per deal, either sign) worth measuring;
            ``None``: from half the range's low end to twice its high end plus 1 chi.
    """

    min_gap: float
    max_gap: float
    samples: int
    screen: int = 0
    estimate: float | None = None

    def worth_measuring(self, estimate: float) -> bool:
        """Whether a hand whose quick estimate of the gap is ``estimate`` is worth sampling."""
        if self.estimate is not None:
            return abs(estimate) <= self.estimate
        return self.min_gap * 0.5 <= abs(estimate) <= self.max_gap * 2 + 1


SCREEN_SEEDS = 10**12
"""Added to a question's sample seed for its screening deals (:attr:`DeclareLevel.screen`)."""

LEVELS: dict[Level, DeclareLevel] = {
    Level.BEGINNER: DeclareLevel(2.0, 1e9, 160),
    Level.INTERMEDIATE: DeclareLevel(1.0, 1e9, 240),
    Level.EXPERT: DeclareLevel(0.5, 3.0, 300),
    Level.MASTER: DeclareLevel(0.4, 1.5, 1200, screen=200, estimate=2.0),
}


@dataclass(frozen=True)
class DeclareQuestion:
    """Declare the instant win :attr:`cards` hold, or play them out?

    Attributes:
        seed: the question's seed.
        level: its level.
        cards: the 13 cards, high to low.
        natural: the instant win they hold under the rule set (its amount per opponent and provenance).
        split: the solver's best split, the one played when not declaring.
        results: ``(declare, play)``: each choice's :class:`~maubinh.strategy.ev.EVResult` on the same deals.
        breakdowns: ``(declare, play)``: each choice's chi line by line on those deals.
        key: the better choice.
        gap: its lead in chi per deal; ``gap_stderr`` the standard error of that lead.
        sample_seed: the seed of the sampled deals.
        themes: what decides it (:mod:`maubinh.drills.themes`), computed when it is built.
    """

    kind: ClassVar[Kind] = Kind.DECLARE
    lesson: ClassVar[Lesson] = Lesson.NATURALS
    choices: ClassVar[tuple[DeclareAnswer, ...]] = tuple(DeclareAnswer)

    seed: int
    level: Level
    cards: tuple[Card, ...]
    natural: InstantWin
    split: Arrangement
    results: tuple[EVResult, EVResult]
    breakdowns: tuple[Breakdown, Breakdown]
    key: DeclareAnswer
    gap: float
    gap_stderr: float
    sample_seed: int
    themes: tuple[Theme, ...] = ()

    def is_correct(self, answer: DeclareAnswer) -> bool:
        """Whether ``answer`` is the key."""
        return answer is self.key

    def cost(self, answer: DeclareAnswer) -> float:
        """What ``answer`` costs against the key, chi per deal (0 for the key)."""
        return 0.0 if answer is self.key else self.gap


def _strong_colour(pool: Pool, royal: bool) -> tuple[Card, ...]:
    """Twelve cards of one colour holding a straight flush (10-J-Q-K-A when ``royal``), and one card of the other."""
    rng = pool.rng
    red = rng.random() < 0.5
    suit = rng.choice([s for s in Suit if s.is_red is red])
    top = 14 if royal else rng.randint(6, 13)
    core = [Card(Rank(r), suit) for r in range(top - 4, top + 1)]
    pool.take(core)
    rest = rng.sample([c for c in pool.cards if c.suit.is_red is red], 7)
    rest += rng.sample([c for c in pool.cards if c.suit.is_red is not red], 1)
    pool.take(rest)
    return tuple(core + rest)


def _flushes_with_a_straight_flush(pool: Pool, royal: bool) -> tuple[Card, ...]:
    """Three flushes (5, 5, 3 of three suits) whose back is a straight flush (10-J-Q-K-A when ``royal``)."""
    rng = pool.rng
    suits = rng.sample(list(Suit), 3)
    top = 14 if royal else rng.randint(6, 13)
    back = [Card(Rank(r), suits[0]) for r in range(top - 4, top + 1)]
    pool.take(back)
    middle = rng.sample([c for c in pool.cards if c.suit is suits[1]], 5)
    pool.take(middle)
    front = rng.sample([c for c in pool.cards if c.suit is suits[2]], 3)
    pool.take(front)
    return tuple(back + middle + front)


def _hand(rng: random.Random, rule_set: RuleSet, strong: bool) -> tuple[Card, ...]:
    """13 cards built to hold an instant win; with ``strong``, ones that may be worth more played out."""
    pool = Pool(rng)
    listed = _buildable(rule_set)
    roll = rng.random()
    if (strong or roll < 0.25) and NaturalPattern.DONG_MAU_12 in listed and roll < 0.6:
        return _strong_colour(pool, royal=strong and rng.random() < 0.7)
    if (strong or roll < 0.4) and NaturalPattern.BA_THUNG in listed:
        return _flushes_with_a_straight_flush(pool, royal=strong and rng.random() < 0.7)
    return pattern_hand(pool, rng.choice(listed))


PROBE_HANDS = 100
"""Hands :func:`unavailable` builds (as the questions build them) to see whether a level can be asked."""
PROBE_LEAST = 3
"""How many of them must come within the level's range (by the solver's quick estimate) for it to be asked."""


def _buildable(rule_set: RuleSet) -> list[NaturalPattern]:
    """The instant wins the hands are built to hold (every listed one but rồng cuốn, never worth playing out)."""
    return [rule.pattern for rule in rule_set.naturals if rule.pattern is not NaturalPattern.RONG_CUON]


_PROBE_LOCK = threading.Lock()


def _probe(rule_set: RuleSet) -> tuple[float, ...]:
    """:func:`_probe_once`, made by one thread while the others wait (a class opening the Drill at once asked it in
    20 sessions together: 20 times the work, ~11 s for everyone, instead of ~0.5 s once)."""
    with _PROBE_LOCK:
        return _probe_once(rule_set)


@lru_cache(maxsize=64)
def _probe_once(rule_set: RuleSet) -> tuple[float, ...]:
    """The solver's quick estimate of the gap (chi per deal, absolute) on :data:`PROBE_HANDS` hands built from a
    fixed seed the way the questions build them (about half aiming at hands worth playing out)."""
    rng = random.Random(0)
    tables = load_tables(rule_set)
    found: list[float] = []
    for _ in range(PROBE_HANDS):
        try:
            cards = tuple(sorted(_hand(rng, rule_set, strong=rng.random() < 0.5), reverse=True))
        except (BuildError, ValueError, IndexError):
            continue
        natural = find_instant_win(cards, rule_set) if len(set(cards)) == 13 else None
        if natural is None:
            continue
        hand = hand_splits(cards, rule_set)
        _, row = quick_declare(hand, tables)
        found.append(abs(natural.chi - float(split_scores(hand, tables, [row])[0])))
    return tuple(found)


def unavailable(rule_set: RuleSet, level: Level) -> Unavailable | None:
    """Why "báo hay đánh?" is not asked at ``level`` under ``rule_set``, or ``None`` when it is.

    :attr:`~Unavailable.NO_INSTANT_WINS` when the rule set lists no instant win but rồng cuốn;
    :attr:`~Unavailable.NO_CLOSE_CALL` when fewer than :data:`PROBE_LEAST` of :data:`PROBE_HANDS` hands built
    as the questions build them have a quick estimate of the gap from half the level's low end to its high end.
    Data-driven (house rules included); the estimates are made once per rule set (about half a second).

    >>> from maubinh.rules import load_rule_set
    >>> unavailable(load_rule_set("chi-at"), Level.MASTER) is None
    True
    >>> unavailable(load_rule_set("guide-2026"), Level.EXPERT)
    <Unavailable.NO_CLOSE_CALL: 'no_close_call'>
    >>> unavailable(load_rule_set("guide-2026"), Level.INTERMEDIATE) is None
    True
    """
    if not _buildable(rule_set):
        return Unavailable.NO_INSTANT_WINS
    rules = LEVELS[level]
    close = sum(rules.min_gap * 0.5 <= estimate <= rules.max_gap for estimate in _probe(rule_set))
    return None if close >= PROBE_LEAST else Unavailable.NO_CLOSE_CALL


def _passes_screen(cards: tuple[Card, ...], split: Arrangement, rule_set: RuleSet, rules: DeclareLevel,
                    sample_seed: int) -> bool:
    """Whether the gap measured on ``rules.screen`` deals (a seed apart from the full measurement's) could lie in
    the level's range: within it, widened by :data:`GAP_IN_STDERRS` of that measurement's error."""
    opponents = sample_opponents(cards, rule_set, rules.screen, SCREEN_SEEDS + sample_seed)
    declared, played = expected([split, split], opponents, rule_set, declared=[True, False])
    lead, slack = abs(declared.mean - played.mean), GAP_IN_STDERRS * declared.diffs_stderr[1]
    return rules.min_gap - slack <= lead <= rules.max_gap + slack


def make_declare_question(seed: int, rule_set: RuleSet, level: Level) -> DeclareQuestion:
    """A "báo hay đánh?" question from ``seed`` at ``level`` under ``rule_set`` (same inputs, same question).

    About half the questions aim at a hand worth playing out where the rule set allows one; the solver's
    quick estimate (:func:`~maubinh.strategy.solver.quick_declare`) picks the hands before the expensive
    sampling, which must then put the gap beyond the error and in the level's range.

    Raises:
        RuntimeError: when no question fits (:func:`unavailable` says beforehand where none can).
    """
    rules = LEVELS[level]
    rng = random.Random(seed)
    tables = load_tables(rule_set)
    want_play: bool | None = rng.random() < 0.5
    for attempt in range(240):
        if attempt == 80:
            want_play = None  # no hand worth playing out here: take what comes
        try:
            cards = tuple(sorted(_hand(rng, rule_set, strong=want_play is True), reverse=True))
        except (BuildError, ValueError, IndexError):
            continue
        if len(set(cards)) != 13:
            continue
        natural = find_instant_win(cards, rule_set)
        if natural is None:
            continue
        hand = hand_splits(cards, rule_set)
        declare_quick, row = quick_declare(hand, tables)
        estimate = natural.chi - float(split_scores(hand, tables, [row])[0])
        if want_play is not None and declare_quick is want_play:
            continue
        if not rules.worth_measuring(estimate):
            continue
        split = hand.arrangement(row)
        sample_seed = seed * 101 + attempt
        if rules.screen and not _passes_screen(cards, split, rule_set, rules, sample_seed):
            continue
        opponents = sample_opponents(cards, rule_set, rules.samples, sample_seed)
        declared, played = expected([split, split], opponents, rule_set, declared=[True, False])
        lead = declared.mean - played.mean
        err = declared.diffs_stderr[1]
        if abs(lead) <= GAP_IN_STDERRS * err or not rules.min_gap <= abs(lead) <= rules.max_gap:
            continue
        key = DeclareAnswer.DECLARE if lead > 0 else DeclareAnswer.PLAY
        breakdowns = (breakdown(split, opponents, rule_set, declare=True),
                      breakdown(split, opponents, rule_set, declare=False))
        return DeclareQuestion(seed, level, cards, natural, split, (declared, played), breakdowns, key,
                               abs(lead), err, sample_seed, declare_themes(*breakdowns))
    raise RuntimeError(f"no declare-or-play question could be built from seed {seed}")  # pragma: no cover
