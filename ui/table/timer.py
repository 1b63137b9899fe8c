"""The optional timer of a card table, the Play page's and a class's (model, no Streamlit): the limits offered,
and what stands when a hand is submitted at zero or late.

Off, 60 s or 90 s (issue 19). The browser counts down (:class:`ui.arrange.component.Timer`) and at zero
sends the chi as they are; the server keeps the clock (:mod:`classroom.clock`: the deal's first showing is stored,
an "expired" before the server's deadline is not believed, a submission past the limit plus the grace is late
too). What stands then: the player's current split if it is legal (13 cards, no binh lủng under the rule set's
order rule), otherwise the solver's, and the result is marked so (:class:`maubinh.play.DealResult`
``timed_out`` / ``auto_split``).

>>> limit_seconds(0) is None, limit_seconds(60, {}), limit_seconds(90, {"MAUBINH_TEST_TIMER_S": "3"})
(True, 60.0, 3.0)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from classroom.clock import GRACE_S, TEST_ENV, Outcome, limit_seconds, outcome
from maubinh.arrangement import Arrangement
from maubinh.cards import Card
from maubinh.rules import RuleSet
from ui.arrange.component import arrangement_from_value

__all__ = ["CHOICES", "GRACE_S", "TEST_ENV", "Outcome", "expired", "limit_seconds", "resolve"]

CHOICES: tuple[int, ...] = (0, 60, 90)
"""The timer settings in seconds (0: off)."""


def expired(value: object) -> bool:
    """Whether the component's ``value`` says the browser's clock reached zero (``"expired": true``)."""
    return isinstance(value, Mapping) and value.get("expired") is True



def resolve(value: object, cards: list[Card] | tuple[Card, ...], rule_set: RuleSet, *, limit: float | None,
            elapsed: float, solver: Callable[[], Arrangement]) -> Outcome:
    """The split a submission ``value`` (the component's, see :mod:`ui.arrange.component`) stands for
    (:func:`classroom.clock.outcome` of the split it holds, ``None`` when it holds none of ``cards``).

    Args:
        cards: the player's 13 cards of this deal.
        limit: the timer in seconds, ``None`` when off.
        elapsed: seconds since the deal was first shown with the timer on (the server's clock,
            :class:`classroom.clock.Showing`).
        solver: the solver's split of ``cards``, asked for only when needed.

    Raises:
        ValueError: in time, for a value that is not an arrangement of ``cards`` (see
            :func:`ui.arrange.component.arrangement_from_value`). Late, nothing raises: what is not a legal
            split of ``cards`` becomes the solver's.
    """
    try:
        arrangement: Arrangement | None = arrangement_from_value(value, cards)
    except ValueError:
        arrangement = None
    return outcome(arrangement, rule_set, limit=limit, elapsed=elapsed, expired=expired(value), solver=solver)
