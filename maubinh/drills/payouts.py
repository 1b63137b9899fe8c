"""Drill kind "which rule set is this split best for?": the payout table changes the right play.

A hand the four sources set differently (:func:`maubinh.strategy.payouts.find_contrast`: dealt until
playing one source's best split under another costs a clear margin), and one of those splits; the learner
names the source it is best for. The key must mean what it says (issue 31), so it is decided on deals
*independent* of those that chose the splits (:data:`CHECK_SAMPLES` of them for each source, common random
numbers within a source, :func:`maubinh.strategy.payouts.settle_again`) by :func:`clear_keys`: under the key's
rule set no other source's split does better on those deals, and under every other source that source's own
split beats the one shown by more than :data:`~maubinh.drills.better.GAP_IN_STDERRS` standard errors of the
difference. A hand without such a key is not asked (the next hand is dealt; there is no fall-back), and the
feedback's table is that independent measurement. The splits' first settling, on :data:`SAMPLES` deals, only
screens the hands out that cannot pass (:func:`may_be_clear`), before the expensive check. Margins by level:
beginners 1 chi or more, intermediate learners 0.5, experts and masters 0.3.

>>> from maubinh.rules import load_rule_set
>>> q = make_rules_question(3, load_rule_set("chi-at"), Level.BEGINNER)
>>> q.key in q.choices and q.play.differs and q.play.samples == CHECK_SAMPLES
True
>>> q.choices.index(q.key) in clear_keys(q.play)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from maubinh.arrangement import Arrangement
from maubinh.cards import Card
from maubinh.drills.better import GAP_IN_STDERRS
from maubinh.drills.sets import Kind, Lesson, Level
from maubinh.drills.themes import Theme, rules_themes
from maubinh.rules import RULE_SET_IDS, RuleSet, load_rule_set
from maubinh.strategy.payouts import PlayByRules, find_contrast, same_split, settle_again

__all__ = ["ATTEMPTS", "CHECK_SAMPLES", "MARGINS", "SAMPLES", "RulesQuestion", "clear_keys", "make_rules_question",
           "may_be_clear"]

MARGINS: dict[Level, float] = {Level.BEGINNER: 1.0, Level.INTERMEDIATE: 0.5, Level.EXPERT: 0.3, Level.MASTER: 0.3}
"""The least cost (chi per deal) of playing another source's split, by level."""
SAMPLES = 400
"""Deals to choose each source's best split, and as many others to screen the hand (:func:`may_be_clear`)."""
CHECK_SAMPLES = 3000
"""Independent deals per source that decide the key and give the numbers shown (standard errors of a difference
of 0.02-0.1 chi per deal; ~1 s for the four sources, one core; ``bench/live_speed.py``)."""
ATTEMPTS = 40
"""Hands (each the first contrast of its own deal) tried for one question before giving up; about half of the
hands that pass the screen have a clear key."""
SCREEN_BEST_WITHIN, SCREEN_OTHERS_BEYOND = 1.0, 1.5
"""The screen's thresholds in standard errors (:func:`may_be_clear`): on :data:`SAMPLES` deals the standard errors
are ~2.7 times the check's, so a key that clears three of the check's standard errors shows about 1.1 here on
average. Measured on 125 contrasted hands (margins 0.3 and 1.0; ~0.7 s of one core to find one, ~1.2 s to check
it): the check alone accepts 68; the screen passes 65 of them, of which the check accepts 58, about half the checks
for a tenth fewer questions (2.9 s of one core per question, against 3.5)."""


@dataclass(frozen=True)
class RulesQuestion:
    """For which rule set is :attr:`split` the best play of :attr:`cards`?

    Attributes:
        seed, level: the question's seed and level.
        cards: the hand.
        split: the split shown (the best under exactly one of :attr:`choices`).
        play: every source's best split and what each is worth under the others.
        key: the id of the rule set it is best for.
        choices: the rule-set ids offered (the four sources).
        themes: what decides it (:mod:`maubinh.drills.themes`), computed when it is built.
    """

    kind: ClassVar[Kind] = Kind.RULES
    lesson: ClassVar[Lesson] = Lesson.SOURCES

    seed: int
    level: Level
    cards: tuple[Card, ...]
    split: Arrangement
    play: PlayByRules
    key: str
    choices: tuple[str, ...]
    themes: tuple[Theme, ...] = ()

    def is_correct(self, answer: str) -> bool:
        """Whether ``answer`` (a rule-set id) is the key."""
        return answer == self.key


def clear_keys(play: PlayByRules, *, best_within: float = 0.0, others_beyond: float = GAP_IN_STDERRS) -> list[int]:
    """The rule sets (indexes into ``play.rule_sets``) a question may name as the key of their own best split, on
    ``play``'s deals: the split is played by no other rule set; under the rule set, no other one's split is better
    by more than ``best_within`` standard errors of the difference (0: it is the best there); and under every other
    rule set, that one's own split is better than it by more than ``others_beyond`` standard errors (the source
    named is the only right answer, never inside the noise). Costs and standard errors are chi per deal
    (:meth:`PlayByRules.cost`, ``cost_stderr``).

    Only meaningful on deals independent of those that chose the splits (:func:`make_rules_question` checks on
    :func:`maubinh.strategy.payouts.settle_again`'s); on the choosing deals every split looks its best.
    """
    n = len(play.rule_sets)
    found = []
    for group in play.groups():
        if len(group) != 1:
            continue
        k = group[0]
        if any(play.cost(i, k) < -best_within * play.cost_stderr[i, k] for i in range(n) if i != k):
            continue
        if all(play.cost(k, j) > others_beyond * play.cost_stderr[k, j] for j in range(n) if j != k):
            found.append(k)
    return found


def may_be_clear(play: PlayByRules) -> bool:
    """Whether a hand is worth the independent check: some rule set passes :func:`clear_keys` with the screen's
    looser thresholds (:data:`SCREEN_BEST_WITHIN`, :data:`SCREEN_OTHERS_BEYOND`) on the first settling's deals."""
    return bool(clear_keys(play, best_within=SCREEN_BEST_WITHIN, others_beyond=SCREEN_OTHERS_BEYOND))


_CHECK_SEEDS = 2**60
"""The check's seeds start here: above every seed :func:`find_contrast` deals or settles with (< 2**56), so the
check's deals are never those that chose or screened the splits."""


def make_rules_question(seed: int, rule_set: RuleSet, level: Level) -> RulesQuestion:
    """A "which rule set is this split best for?" question from ``seed`` at ``level`` (same inputs, same question).

    The four sources are compared whatever ``rule_set`` the drill set uses (it is asked about them all). The key
    is one of :func:`clear_keys` on :data:`CHECK_SAMPLES` independent deals (chosen at random among them), and
    :attr:`RulesQuestion.play` holds those deals' numbers.

    Raises:
        RuntimeError: when none of :data:`ATTEMPTS` hands has a clear key (not seen in the bank's build).
    """
    del rule_set  # the question is about the sources side by side
    sources = [load_rule_set(rule_set_id) for rule_set_id in RULE_SET_IDS]
    rng = random.Random(seed)
    for attempt in range(ATTEMPTS):
        try:
            play = find_contrast(sources, seed * 37 + attempt, samples=SAMPLES, min_cost=MARGINS[level], alone=True)
        except RuntimeError:  # none of that seed's hands: the next seed (the revised readings made the sources closer)
            continue
        if not may_be_clear(play):
            continue
        checked = settle_again(play, CHECK_SAMPLES, _CHECK_SEEDS + seed * 64 + attempt)
        keys = clear_keys(checked)
        if not keys:
            continue
        k = rng.choice(keys)
        other = max((j for j in range(len(sources)) if not same_split(checked.best[j], checked.best[k])),
                    key=lambda j: checked.cost(j, k))
        themes = rules_themes(checked.best[k], checked.best[other], sources[k])
        return RulesQuestion(seed, level, checked.cards, checked.best[k], checked, sources[k].id, RULE_SET_IDS,
                             themes)
    raise RuntimeError(f"no rule-set question could be built from seed {seed}")  # pragma: no cover
