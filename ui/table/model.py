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

from maubinh.hands import HandValue, evaluate
from maubinh.play import MAX_BOTS, Analysis, Strength
from maubinh.rules import Position, RuleSet
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
    """The facts of the one plain sentence under the analysis.

    Attributes:
        kind: ``"best"`` (nothing lost), ``"foul"`` (binh lủng), ``"chi"`` (one chi made the difference),
            ``"declare"`` (declaring or not was the difference), ``"other"`` (scoops, aces...).
        position: the chi that cost most (``"chi"``).
        mine, best: that chi's value in the player's split and in the best one.
        mine_share, best_share: how often each wins that chi against one opponent (0-1).
        cost: chi per deal lost.
    """

    kind: str
    position: Position | None = None
    mine: HandValue | None = None
    best: HandValue | None = None
    mine_share: float = 0.0
    best_share: float = 0.0
    cost: float = 0.0


SMALL = 0.05
"""A cost under this many chi per deal counts as playing the best split."""


def why(analysis: Analysis, rule_set: RuleSet) -> Why:
    """What the sentence says: binh lủng first, then a different choice to declare, then the costliest line."""
    if analysis.foul is not None:
        return Why("foul", cost=analysis.cost)
    if analysis.cost < SMALL:
        return Why("best", cost=analysis.cost)
    if analysis.declare != analysis.best_declare:
        return Why("declare", cost=analysis.cost)
    worst = analysis.worst
    if isinstance(worst, Position):
        return Why("chi", worst, evaluate(analysis.arrangement.chi(worst), rule_set.wheel),
                   evaluate(analysis.best.chi(worst), rule_set.wheel), analysis.win_share(worst),
                   analysis.win_share(worst, best=True), analysis.cost)
    if worst is ItemKind.FOUL:  # pragma: no cover - a legal split has no foul line of its own
        return Why("foul", cost=analysis.cost)
    return Why("other", cost=analysis.cost)
