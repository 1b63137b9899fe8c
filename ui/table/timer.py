"""The optional timer of a card table, the Play page's and a class's (model, no Streamlit): the limits offered,
and what stands when a hand is submitted at zero or late.

Off, 60 s or 90 s (issue 19). The browser counts down (:class:`ui.arrange.component.Timer`) and at zero
sends the chi as they are; the server enforces the limit too: a submission later than the limit plus
:data:`GRACE_S` is treated the same way. What stands then: the player's current split if it is legal (13
cards, no binh lủng under the rule set's order rule), otherwise the solver's, and the result is marked so
(:class:`maubinh.play.DealResult` ``timed_out`` / ``auto_split``).

``MAUBINH_TEST_TIMER_S`` (tests only, never on screen): every limit chosen lasts that many seconds instead,
so a browser test sees zero without waiting a minute.

>>> limit_seconds(0) is None, limit_seconds(60, {}), limit_seconds(90, {"MAUBINH_TEST_TIMER_S": "3"})
(True, 60.0, 3.0)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from maubinh.arrangement import Arrangement, is_foul
from maubinh.cards import Card
from maubinh.rules import RuleSet
from ui.arrange.component import arrangement_from_value

__all__ = ["CHOICES", "GRACE_S", "TEST_ENV", "Outcome", "limit_seconds", "resolve"]

CHOICES: tuple[int, ...] = (0, 60, 90)
"""The timer settings in seconds (0: off)."""
GRACE_S = 5.0
"""Seconds past the limit a submission is still taken as sent in time (the round trip, a slow phone)."""
TEST_ENV = "MAUBINH_TEST_TIMER_S"


def limit_seconds(choice: object, environ: Mapping[str, str] | None = None) -> float | None:
    """The limit in seconds for the setting ``choice`` (one of :data:`CHOICES`), ``None`` when off or unknown;
    :data:`TEST_ENV` in ``environ`` (default ``os.environ``) replaces any limit that is on."""
    if not isinstance(choice, int) or isinstance(choice, bool) or choice not in CHOICES or choice == 0:
        return None
    override = (os.environ if environ is None else environ).get(TEST_ENV)
    try:
        return float(override) if override else float(choice)
    except ValueError:
        return float(choice)


@dataclass(frozen=True)
class Outcome:
    """What a submission stands for.

    Attributes:
        arrangement: the split played.
        timed_out: sent at zero (``"expired"`` in the value) or after the limit plus :data:`GRACE_S`.
        auto_split: the solver's split was played for the player (timed out without a legal split).
    """

    arrangement: Arrangement
    timed_out: bool = False
    auto_split: bool = False


def resolve(value: object, cards: list[Card] | tuple[Card, ...], rule_set: RuleSet, *, limit: float | None,
            elapsed: float, solver: Callable[[], Arrangement]) -> Outcome:
    """The split a submission ``value`` (the component's, see :mod:`ui.arrange.component`) stands for.

    Args:
        cards: the player's 13 cards of this deal.
        limit: the timer in seconds, ``None`` when off.
        elapsed: seconds since the deal was first shown (the server's clock).
        solver: the solver's split of ``cards``, asked for only when needed.

    Raises:
        ValueError: in time, for a value that is not an arrangement of ``cards`` (see
            :func:`ui.arrange.component.arrangement_from_value`). Late, nothing raises: what is not a legal
            split of ``cards`` becomes the solver's.
    """
    late = limit is not None and (
        (isinstance(value, Mapping) and value.get("expired") is True) or elapsed > limit + GRACE_S)
    if not late:
        return Outcome(arrangement_from_value(value, cards))
    try:
        arrangement = arrangement_from_value(value, cards)
    except ValueError:
        return Outcome(solver(), timed_out=True, auto_split=True)
    if is_foul(arrangement, rule_set):
        return Outcome(solver(), timed_out=True, auto_split=True)
    return Outcome(arrangement, timed_out=True)
