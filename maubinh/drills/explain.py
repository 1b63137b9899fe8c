"""Explanations a beginner reads: one plain sentence naming what decided an answer, then where the numbers come from.

For the kinds graded in chi ("which is better", "set it yourself", "báo hay đánh?", "which rule set"),
:func:`explain` returns an :class:`Explanation`: sentences as i18n keys with their values (the UI words them in
either language, :mod:`ui.drill.explain`), the first naming what decided it, e.g. "the front decides it: a
pair of 10s there wins that chi 64 % of the time, against 2 % for 10-7-6 in option B", then what the
other side gains (the middle loses a little), the whole gap with its error, and how many opponents and
deals the numbers come from. The tables stay under "details" in the UI.

What decides between two splits is the line (a chi, scoops, the foul penalty, instant wins, the ace rule) that
gains the most on the same deals (:func:`decisive_line`). Values are typed so that the UI can word them:
``float`` amounts of chi (never negative where it is a loss or a gap: :class:`Sentence` refuses one), ``int``
percents and chi, :class:`~maubinh.rules.Position`, :class:`~maubinh.settle.ItemKind`, cards (a tuple of
:class:`~maubinh.cards.Card`), an :class:`~maubinh.arrangement.Arrangement` (for a foul's reason),
:class:`~maubinh.rules.NaturalPattern`, :class:`RulesName`, a :class:`~maubinh.bands.Band` (the one grading scale)
and plain letters (``str``).

>>> from maubinh.rules import load_rule_set
>>> from maubinh.drills import make_better_question, Level
>>> e = explain(make_better_question(11, load_rule_set("guide-2026"), Level.BEGINNER))
>>> e.sentences[0].key in {"explain.chi", "explain.foul", "explain.line"}, e.opponents, e.deals
(True, 1, 1000)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from maubinh.arrangement import Arrangement, foul_reason
from maubinh.drills.arrange import ArrangeQuestion, ArrangeResult
from maubinh.drills.better import BetterQuestion
from maubinh.drills.declare import DeclareAnswer, DeclareQuestion
from maubinh.drills.payouts import RulesQuestion
from maubinh.drills.sampling import Breakdown, Line, breakdown
from maubinh.rules import POSITIONS, Position
from maubinh.strategy.arrangers import arrange_simple
from maubinh.strategy.payouts import same_split

__all__ = [
    "NEGLIGIBLE",
    "NON_NEGATIVE",
    "Explanation",
    "RulesName",
    "Sentence",
    "decisive_line",
    "explain",
]

NEGLIGIBLE = 0.005
"""A line moving less than this (chi per deal) between two choices is not named."""
NON_NEGATIVE = frozenset({"gap", "err", "cost", "penalty", "chi", "back_gap", "back_err"})
"""Values that are amounts lost, gaps or errors: never negative (a sentence with one below 0 is a bug)."""
LETTERS = "ABCDEFGH"


@dataclass(frozen=True)
class RulesName:
    """A rule set named in a sentence (the UI shows its name in the page's language)."""

    id: str


@dataclass(frozen=True)
class Sentence:
    """One sentence: an i18n key and its values (see the module for their types).

    Raises:
        ValueError: for a loss, gap or error (:data:`NON_NEGATIVE`) below zero.
    """

    key: str
    values: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in NON_NEGATIVE & set(self.values):
            value = self.values[name]
            if isinstance(value, (int, float)) and value < 0:
                raise ValueError(f"{self.key}: {name} is {value}, a loss or gap is never negative")


@dataclass(frozen=True)
class Explanation:
    """What decided an answer (the first sentence), then the rest, and where the numbers come from.

    Attributes:
        sentences: the sentences in order; the first names what decided it.
        deals: how many sampled deals the numbers are measured on.
        opponents: how many opponents each deal has (set by the solver).
    """

    sentences: tuple[Sentence, ...]
    deals: int
    opponents: int = 1

    @property
    def source(self) -> Sentence:
        """The sentence saying where the numbers come from."""
        return Sentence("explain.source", {"deals": self.deals, "opponents": self.opponents})


def decisive_line(chosen: Breakdown, other: Breakdown) -> tuple[Line, float, Line | None, float]:
    """The line where ``chosen`` gains most over ``other`` on the same deals, and the one where it loses most.

    Returns:
        ``(gaining line, its gain, losing line or None, its loss)``, chi per deal; the loss is 0 and the line
        ``None`` when ``chosen`` loses less than :data:`NEGLIGIBLE` everywhere.
    """
    lines = list(dict.fromkeys([*POSITIONS, *chosen.lines, *other.lines]))
    diffs = {line: chosen.lines.get(line, 0.0) - other.lines.get(line, 0.0) for line in lines}
    gain = max(lines, key=lambda line: diffs[line])
    loss = min(lines, key=lambda line: diffs[line])
    if diffs[loss] > -NEGLIGIBLE:
        return gain, diffs[gain], None, 0.0
    return gain, diffs[gain], loss, -diffs[loss]


def _compare(prefix: str, chosen: Arrangement, chosen_lines: Breakdown, other: Arrangement, other_lines: Breakdown,
             foul: bool, names: Mapping[str, str]) -> list[Sentence]:
    """What decides between ``chosen`` and ``other`` (``foul``: ``other`` is binh lủng): a chi, or another line,
    and what the other side gains. ``names``: the letters (or nothing) naming the two."""
    if foul:
        return [Sentence(f"{prefix}.foul", {**names, "why": other})]
    gain, _, loss, cost = decisive_line(chosen_lines, other_lines)
    if isinstance(gain, Position):
        found = [Sentence(f"{prefix}.chi", {
            **names, "position": gain, "mine_hand": chosen.chi(gain), "other_hand": other.chi(gain),
            "mine_win": round(100 * chosen_lines.odds[gain][0]), "other_win": round(100 * other_lines.odds[gain][0])})]
    else:
        found = [Sentence(f"{prefix}.line", {**names, "line": gain, "mine_value": chosen_lines.lines.get(gain, 0.0),
                                              "other_value": other_lines.lines.get(gain, 0.0)})]
    if loss is not None:
        found.append(Sentence("explain.chi_cost" if isinstance(loss, Position) else "explain.line_cost",
                              {"position": loss, "line": loss, "cost": cost}))
    return found


def _better(q: BetterQuestion) -> Explanation:
    key, other = q.key, q.runner_up
    names = {"mine": LETTERS[key], "other": LETTERS[other]}
    found = _compare("explain", q.options[key], q.breakdowns[key], q.options[other], q.breakdowns[other],
                     q.fouls[other] is not None, names)
    found.append(Sentence("explain.gap", {**names, "gap": q.gap, "err": q.gap_stderr}))
    return Explanation(tuple(found), q.results[0].samples)


def _arrange(q: ArrangeQuestion, result: ArrangeResult) -> Explanation:
    deals = len(q.best_breakdown.totals)
    cost = max(0.0, result.cost)
    if result.correct:
        close = Sentence("explain.arrange.close", {"cost": cost, "err": result.cost_stderr, "band": result.grade.band})
        rule_set = q.opponents.field.rule_set
        simple = arrange_simple(q.cards, rule_set)
        if same_split(simple, q.best):
            return Explanation((Sentence("explain.simple.same"), close), deals)
        found = _compare("explain.simple", q.best, q.best_breakdown, simple, breakdown(simple, q.opponents, rule_set),
                         foul_reason(simple, rule_set) is not None, {})
        return Explanation((*found, close), deals)
    found = _compare("explain.arrange", q.best, result.best, result.arrangement, result.mine,
                     result.foul is not None, {})
    found.append(Sentence("explain.arrange.gap", {"cost": cost, "err": result.cost_stderr,
                                                  "band": result.grade.band}))
    return Explanation(tuple(found), deals)


def _declare(q: DeclareQuestion) -> Explanation:
    declared, played = q.results
    common = {"pattern": q.natural.pattern, "chi": q.natural.chi, "declared": declared.mean, "played": played.mean,
              "gap": q.gap, "err": q.gap_stderr}
    if q.key is DeclareAnswer.DECLARE:
        return Explanation((Sentence("explain.declare.declare", common),), declared.samples)
    lines = q.breakdowns[1]
    position = max(POSITIONS, key=lambda p: lines.lines.get(p, 0.0))
    return Explanation((Sentence("explain.declare.play", {
        **common, "position": position, "mine_hand": q.split.chi(position),
        "mine_win": round(100 * lines.odds[position][0])}),), declared.samples)


def _rules(q: RulesQuestion) -> Explanation:
    play = q.play
    ids = [r.id for r in play.rule_sets]
    k = ids.index(q.key)
    j = max((i for i in range(len(ids)) if i != k), key=lambda i: play.cost(i, k))
    sentence = Sentence("explain.rules", {"rules": RulesName(q.key), "other": RulesName(ids[j]),
                                          "gap": max(0.0, play.cost(j, k)), "err": float(play.cost_stderr[j, k]),
                                          "back_gap": max(0.0, play.cost(k, j)),
                                          "back_err": float(play.cost_stderr[k, j])})
    return Explanation((sentence,), play.samples)


def explain(question: object, result: ArrangeResult | None = None) -> Explanation | None:
    """The explanation of ``question``'s answer, for the kinds graded in chi; ``None`` for the others.

    Args:
        question: a drill question.
        result: for "set it yourself", the learner's graded arrangement (:func:`maubinh.drills.assess`).

    Raises:
        ValueError: for "set it yourself" without its ``result``.
    """
    if isinstance(question, BetterQuestion):
        return _better(question)
    if isinstance(question, ArrangeQuestion):
        if result is None:
            raise ValueError("a 'set it yourself' explanation needs the graded arrangement")
        return _arrange(question, result)
    if isinstance(question, DeclareQuestion):
        return _declare(question)
    if isinstance(question, RulesQuestion):
        return _rules(question)
    return None
