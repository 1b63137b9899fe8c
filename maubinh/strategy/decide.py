"""Xếp bài with the choice a hand holding an instant win has: declare it (báo mậu binh), or play it out.

Declaring is the player's choice (digest §2.4, reading revised): the sources describe laying the hand
down to win at once, and nothing forces it. A hand can be worth more played out: under ``chi-at``,
``As Ks Qs Js Ts 9s 9c 8s 8c 7s 7c 2c Ah`` is twelve black cards and a red one (an instant win of
3 x 3 = 9 chi from each opponent), but a royal flush in the back takes 10 chi from each opponent on its
own. :func:`decide` measures both on the same sampled deals against opponents set by the solver (the
field the Drill's expected values use, :func:`maubinh.strategy.field.measure`), and says which it
chose and why, with the standard error of the difference. Results are cached (a bounded number of
hands), so a page that asks again is instant.

>>> from maubinh.cards import parse_cards
>>> from maubinh.rules import load_rule_set
>>> choice = decide(parse_cards("As Ks Qs Js Ts 9s 9c 8s 8c 7s 7c 2c Ah"), load_rule_set("chi-at"), samples=60)
>>> choice.natural.pattern.value, choice.amount, choice.declare
('dong_mau_12', 9, False)
>>> choice.play_mean > choice.declare_mean
True
>>> decide(parse_cards("As Kh Qd Jc Ts 9h 8d 7c 6s 5h 4d 3c 3s"), load_rule_set("chi-at")).natural is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from maubinh.arrangement import Arrangement
from maubinh.cards import Card
from maubinh.naturals import InstantWin
from maubinh.rules import RuleSet, load_rule_set
from maubinh.strategy.field import DECIDE_HANDS, measure, measured_samples
from maubinh.strategy.results import EVResult
from maubinh.strategy.screen import instant_wins
from maubinh.strategy.solver import solve

__all__ = ["DECIDE_HANDS", "Decision", "decide"]


@dataclass(frozen=True)
class Decision:
    """Xếp bài for one hand: the arrangement, whether to declare its instant win, and the numbers behind it.

    Attributes:
        arrangement: the arrangement to set (where declaring a pattern that is a split, three flushes
            or straights, the strongest split that shows it; otherwise the solver's best split).
        declare: whether to declare the instant win (báo mậu binh); ``False`` when there is none.
        natural: the instant win the 13 cards hold under the rule set, or ``None``.
        split: the solver's best split, the one played when not declaring.
        opponents: opponents per sampled deal.
        samples: sampled deals (0 when the hand holds no instant win: nothing to decide).
        play: expected chi per deal of playing ``split`` out, against the sampled opponents.
        declared: expected chi per deal of declaring, on the same deals (the opponents' own instant
            wins and the ace rule included, so not always ``amount`` x opponents).
        diff_stderr: standard error of ``declare_mean - play_mean`` (same deals), in chi.
        estimate: the solver's own estimate of ``split``'s expected chi against one opponent (its tables).
    """

    arrangement: Arrangement
    declare: bool
    natural: InstantWin | None
    split: Arrangement
    opponents: int = 1
    samples: int = 0
    play: EVResult | None = None
    declared: EVResult | None = None
    diff_stderr: float = 0.0
    estimate: float = 0.0

    @property
    def amount(self) -> int:
        """What the instant win takes from each opponent, in chi (0 without one)."""
        return self.natural.chi if self.natural else 0

    @property
    def play_mean(self) -> float:
        """Expected chi per opponent of playing the best split out."""
        return self.play.mean / self.opponents if self.play else 0.0

    @property
    def declare_mean(self) -> float:
        """Expected chi per opponent of declaring, on the same deals."""
        return self.declared.mean / self.opponents if self.declared else 0.0

    @property
    def play_stderr(self) -> float:
        """Standard error of :attr:`play_mean`, in chi per opponent."""
        return self.play.stderr / self.opponents if self.play else 0.0

    @property
    def gap(self) -> float:
        """How much the choice made is worth over the other one, chi per opponent (0 without an instant win)."""
        return abs(self.declare_mean - self.play_mean)

    @property
    def gap_stderr(self) -> float:
        """Standard error of :attr:`gap`, in chi per opponent."""
        return self.diff_stderr / self.opponents


def decide(
    cards: Sequence[Card], rule_set: RuleSet | str, *, opponents: int = 1, samples: int | None = None,
    seed: int = 0,
) -> Decision:
    """Xếp bài: the arrangement of 13 cards, and whether to declare the instant win they hold.

    Args:
        cards: 13 distinct cards.
        rule_set: a :class:`RuleSet` or a source id.
        opponents: opponents per sampled deal (1-3): the table the hand is played at.
        samples: sampled deals (default :data:`DECIDE_HANDS` // ``opponents``); at least 2.
        seed: seeds the deals; the same inputs give the same decision.

    Returns:
        A :class:`Decision`. Without an instant win, the solver's arrangement (:func:`maubinh.strategy.solver.solve`),
        nothing sampled. With one, declare when declaring takes at least as much per deal as playing the
        best split out, measured on the same deals (digest §2.4, reading revised).

    Raises:
        ValueError: if ``cards`` is not 13 distinct cards, ``opponents`` is not 1-3 or ``samples`` < 2.
        UnknownRuleSetError: for an unknown rule-set id.
    """
    rules = load_rule_set(rule_set) if isinstance(rule_set, str) else rule_set
    if len(cards) != 13 or len(set(cards)) != 13:
        raise ValueError(f"a hand has 13 distinct cards, got {len(set(cards))} of {len(cards)}")
    if not 1 <= opponents <= 3:
        raise ValueError(f"opponents must be 1-3, got {opponents}")
    return _decide(tuple(sorted(cards, reverse=True)), rules, opponents, measured_samples(opponents, samples), seed)


@lru_cache(maxsize=256)
def _decide(cards: tuple[Card, ...], rule_set: RuleSet, opponents: int, samples: int, seed: int) -> Decision:
    natural = instant_wins([cards], rule_set)[0]
    if natural is None:
        best = solve(cards, rule_set)
        return Decision(best, False, None, best, opponents)
    measured = measure(cards, rule_set, opponents=opponents, samples=samples, seed=seed)
    split, play, declared = measured.split, measured.play, measured.declared
    shown = natural.split if measured.declare and natural.split is not None else split
    return Decision(shown, measured.declare, natural, split, opponents, samples, play, declared,
                    play.diffs_stderr[1], measured.estimate)
