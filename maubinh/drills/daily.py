"""Today's question (issue 20, item 12): one drill question a day, the same for everyone.

The day is the UTC date (one question for the whole world at a time; it changes at 00:00 UTC, 07:00 in
Việt Nam). :func:`todays_question` is the one place the choice is made: today a kind taken by rotation over
:data:`DAILY_KINDS` and a seed drawn from the date, under :data:`DAILY_RULE_SET` at :data:`DAILY_LEVEL`; a
question bank can later be drawn from here without changing any caller.

>>> from datetime import date
>>> todays_question(date(2026, 12, 2)) == todays_question(date(2026, 12, 2))
True
>>> todays_question(date(2026, 12, 2)).kind != todays_question(date(2026, 12, 3)).kind
True
"""

from __future__ import annotations

import hashlib
from datetime import UTC, date, datetime

from maubinh.drills.sets import MAX_SEED, DrillSet, Kind, Level, QuestionRef

__all__ = ["DAILY_KINDS", "DAILY_LEVEL", "DAILY_RULE_SET", "EPOCH", "daily_set", "run_id", "todays_question",
           "utc_day"]

DAILY_KINDS: tuple[Kind, ...] = (Kind.BETTER, Kind.CHI, Kind.FOUL, Kind.ARRANGE, Kind.SETTLE, Kind.NATURAL)
"""The kinds asked in turn, one a day (the six every rule set asks at every level, :func:`maubinh.drills.available`)."""
DAILY_LEVEL = Level.INTERMEDIATE
"""The level of today's question."""
DAILY_RULE_SET = "guide-2026"
"""The rule set today's question is graded under (digest §2, the guide's rules)."""
EPOCH = date(2026, 1, 1)
"""Day 0 of the rotation (a Thursday): the kind of day ``d`` is ``DAILY_KINDS[(d - EPOCH).days % 6]``."""


def utc_day(moment: datetime | None = None) -> date:
    """The UTC date of ``moment`` (default now; a naive time is taken as UTC): the day of today's question."""
    moment = moment or datetime.now(UTC)
    return (moment if moment.tzinfo is None else moment.astimezone(UTC)).date()


def _day_seed(day: date) -> int:
    """A set seed in ``0..MAX_SEED - 1`` from the date alone (SHA-256 of its ISO form)."""
    return int.from_bytes(hashlib.sha256(f"maubinh-daily:{day.isoformat()}".encode()).digest()[:8], "big") % MAX_SEED


def todays_question(day: date) -> QuestionRef:
    """The question of the UTC date ``day``, the same for everyone: its kind, level, rule set and seed.

    The one place the choice is made: the kind by rotation (:data:`EPOCH`, :data:`DAILY_KINDS`), the seed
    from the date, question 0 of a set of one (so :func:`daily_set` can link to it).

    Args:
        day: a date (the UTC date, :func:`utc_day`); any date works, past or future.

    Returns:
        A :class:`~maubinh.drills.QuestionRef` (:func:`maubinh.drills.make_question` builds it from
        :func:`daily_set`); two calls with the same date give the same question, consecutive dates
        different kinds.
    """
    kind = DAILY_KINDS[(day - EPOCH).days % len(DAILY_KINDS)]
    return DrillSet((kind,), DAILY_LEVEL, DAILY_RULE_SET, seed=_day_seed(day), count=1).ref(0)


def daily_set(day: date) -> DrillSet:
    """Today's question as a set of one, ``daily_set(day).ref(0) == todays_question(day)``, so that anyone (a
    profile or not) answers it through the Drill page's set link (``?kinds=&level=&rules=&seed=&n=1``).

    Raises:
        ValueError: if :func:`todays_question` gives a question that is not the first of a seeded set (a
            question bank's, later): the caller then links to it otherwise.
    """
    ref = todays_question(day)
    seed, index = divmod(ref.seed, 1000)
    if index or ref.house is not None:
        raise ValueError(f"today's question {ref.key} is not the first question of a set")
    return DrillSet((ref.kind,), ref.level, ref.rule_set_id, seed=seed, count=1)


def run_id(day: date) -> str:
    """The run a profile's answer to the question of ``day`` is stored under (one answer per profile a day)."""
    return f"daily-{day.isoformat()}"
