"""The Play page's model (no Streamlit): the computer players in the link, and the plain sentence saying why.

``?bots=solver,medium,beginner`` names the computer players in seat order (1-3 of them).

>>> read_bots("solver,beginner")
(<Strength.SOLVER: 'solver'>, <Strength.BEGINNER: 'beginner'>)
>>> read_bots("solver,wizard") is None
True
>>> bots_param((Strength.MEDIUM, Strength.MEDIUM))
'medium,medium'
"""

from __future__ import annotations

from dataclasses import dataclass

from maubinh.bands import Band
from maubinh.hands import HandValue, evaluate
from maubinh.naturals import find_instant_win
from maubinh.play import MAX_BOTS, Analysis, Strength
from maubinh.rules import NaturalPattern, Position, RuleSet
from maubinh.settle import ItemKind

__all__ = ["DEFAULT_BOTS", "Why", "bots_param", "read_bots", "why"]

DEFAULT_BOTS: tuple[Strength, ...] = (Strength.SOLVER, Strength.MEDIUM, Strength.BEGINNER)
"""Three computer players, one of each strength."""


def read_bots(text: str) -> tuple[Strength, ...] | None:
    """The strengths named in ``text`` (comma-separated), or ``None`` for anything else than 1-3 known names."""
    parts = [part.strip().lower() for part in text.split(",")]
    if not 1 <= len(parts) <= MAX_BOTS:
        return None
    try:
        return tuple(Strength(part) for part in parts)
    except ValueError:
        return None


def bots_param(bots: tuple[Strength, ...]) -> str:
    """The ``?bots=`` value of ``bots``."""
    return ",".join(strength.value for strength in bots)


@dataclass(frozen=True)
class Why:
    """The facts of the one plain sentence under the analysis: what decided the hand, with numbers.

    Attributes:
        kind: ``"best"`` (the best band, :mod:`maubinh.bands`: nothing worth naming lost), ``"foul"`` (binh lủng),
            ``"declare"`` (declaring an instant win or playing it out was the difference), ``"chi"`` (one chi made
            the difference), ``"scoop"`` (scoops: sập, digest §2.5), ``"line"`` (another line: the ace rule, instant
            wins...).
        position: the chi that cost most (``"chi"``).
        mine, best: that chi's value in the player's split and in the best one.
        mine_share, best_share: ``"chi"``: how often each wins that chi against one opponent; ``"scoop"``: the share
            of deals in which each split wins all three chi against a player (or, ``scooped``, loses all three to
            one) (0-1).
        scooped: ``"scoop"``: the difference is in being scooped, not in scooping.
        line: ``"line"``: the line (an :class:`~maubinh.settle.ItemKind`).
        pattern: ``"declare"``: the instant win (mậu binh) the hand holds.
        mine_value, best_value: ``"line"`` and ``"declare"``: what each play makes there, chi per deal (``"declare"``:
            in all).
        cost: chi per deal lost.
    """

    kind: str
    position: Position | None = None
    mine: HandValue | None = None
    best: HandValue | None = None
    mine_share: float = 0.0
    best_share: float = 0.0
    cost: float = 0.0
    scooped: bool = False
    line: ItemKind | None = None
    mine_value: float = 0.0
    best_value: float = 0.0
    pattern: NaturalPattern | None = None


def why(analysis: Analysis, rule_set: RuleSet) -> Why:
    """What the sentence says: binh lủng first, then nothing when the play is in the best band, then a different
    choice to declare, then the costliest line (a chi, scoops, or another line), always with its numbers."""
    if analysis.foul is not None:
        return Why("foul", cost=analysis.cost)
    if analysis.grade.band is Band.BEST:
        return Why("best", cost=analysis.cost)
    if analysis.declare != analysis.best_declare:
        held = find_instant_win(analysis.arrangement.cards, rule_set)
        return Why("declare", cost=analysis.cost, mine_value=analysis.mine.mean,
                   best_value=analysis.best_breakdown.mean, pattern=None if held is None else held.pattern)
    worst = analysis.worst
    if isinstance(worst, Position):
        return Why("chi", worst, evaluate(analysis.arrangement.chi(worst), rule_set.wheel),
                   evaluate(analysis.best.chi(worst), rule_set.wheel), analysis.win_share(worst),
                   analysis.win_share(worst, best=True), analysis.cost)
    if worst is ItemKind.FOUL:  # pragma: no cover - a legal split has no foul line of its own
        return Why("foul", cost=analysis.cost)
    mine, best = analysis.mine_scoops, analysis.best_scoops
    if worst is ItemKind.SCOOP and mine is not None and best is not None:
        scooped = abs(mine.lost - best.lost) > abs(best.won - mine.won)
        return Why("scoop", mine_share=mine.lost if scooped else mine.won,
                   best_share=best.lost if scooped else best.won, cost=analysis.cost, scooped=scooped)
    line = worst if worst is not None else ItemKind.SCOOP
    return Why("line", cost=analysis.cost, line=line, mine_value=analysis.mine.lines.get(line, 0.0),
               best_value=analysis.best_breakdown.lines.get(line, 0.0))
