"""A learner's history in numbers (no Streamlit): error rate, accuracy and rating, overall, per kind, over time.

The error rate is the mean chi lost per decision against the engine's best answer, over the attempts of
kinds graded by expected chi (:func:`maubinh.drills.answers.chi_lost`); accuracy counts every attempt. The
headline (:func:`summary` of :func:`classroom.decisions.decisions`) and the rating chart count the Play hands the
learner split themselves as decisions too.

>>> from datetime import datetime, UTC
>>> t = datetime(2026, 12, 1, tzinfo=UTC)
>>> a = [AttemptInfo("r", n, "practice", f"k{n}", "better", "expert", "chi-at", "chi", "A", n != 1,
...                  [0.0, 1.2, 0.3][n], 5.0, True, 1500.0 + n, t) for n in range(3)]
>>> s = summary(a)
>>> round(s.error_rate, 2), s.decisions, s.right, s.answered
(0.5, 3, 2, 3)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol, TypeVar

from classroom.board import Rates
from classroom.decisions import Decision
from classroom.play_hands import PlayedHand
from classroom.practice import AttemptInfo
from maubinh.drills.levels import MEASURED_KINDS, KindLevel, kind_level
from maubinh.drills.themes import THEMES, Theme, themes_text

__all__ = [
    "THEME_LEAST",
    "Graded",
    "Summary",
    "by_kind",
    "by_lesson",
    "by_theme",
    "error_series",
    "export_rows",
    "kind_levels",
    "play_series",
    "rating_series",
    "summary",
    "weakest",
    "weakest_themes",
]

K = TypeVar("K")

THEME_LEAST = 5
"""Answers a theme needs before Progress ranks it among the weakest (the page says so, with this number)."""


@dataclass(frozen=True)
class Summary(Rates):
    """Totals over some attempts: answered, right, decisions graded in chi and the chi lost over them."""

    answered: int
    right: int
    decisions: int
    chi_lost: float


class Graded(Protocol):
    """Anything graded as a decision: a drill attempt, a :class:`~classroom.decisions.Decision`."""

    @property
    def correct(self) -> bool: ...

    @property
    def chi_lost(self) -> float | None: ...


def summary(attempts: Sequence[Graded]) -> Summary:
    """The totals of ``attempts`` (drill attempts, or decisions: drill answers and Play hands)."""
    lost = [a.chi_lost for a in attempts if a.chi_lost is not None]
    return Summary(len(attempts), sum(a.correct for a in attempts), len(lost), sum(lost))


def _grouped(attempts: Sequence[AttemptInfo], field: str) -> dict[str, Summary]:
    groups: dict[str, list[AttemptInfo]] = {}
    for attempt in attempts:
        groups.setdefault(getattr(attempt, field), []).append(attempt)
    return {key: summary(group) for key, group in groups.items()}


def by_kind(attempts: Sequence[AttemptInfo]) -> dict[str, Summary]:
    """Totals per drill kind, in the order first practised."""
    return _grouped(attempts, "kind")


def by_lesson(attempts: Sequence[AttemptInfo]) -> dict[str, Summary]:
    """Totals per lesson step (the rule behind each question), in the order first met."""
    return _grouped(attempts, "lesson")


def by_theme(attempts: Sequence[AttemptInfo]) -> dict[Theme, Summary]:
    """Totals per theme (an attempt counts under each of its themes; attempts stored before themes under none),
    in :data:`~maubinh.drills.themes.THEMES` order.

    >>> from datetime import datetime, UTC
    >>> t = datetime(2026, 12, 1, tzinfo=UTC)
    >>> a = [AttemptInfo("r", n, "practice", f"k{n}", "better", "expert", "chi-at", "chi", "A", n != 1,
    ...                  [0.0, 1.2, 0.3][n], 5.0, True, 1500.0, t, themes) for n, themes in
    ...      enumerate([(Theme.SCOOP,), (Theme.PAIR_FRONT, Theme.SCOOP), ()])]
    >>> {theme.value: (s.right, s.answered, round(s.chi_lost, 1)) for theme, s in by_theme(a).items()}
    {'pair_front': (0, 1, 1.2), 'scoop': (1, 2, 1.2)}
    """
    groups: dict[Theme, list[AttemptInfo]] = {}
    for attempt in attempts:
        for theme in attempt.themes:
            groups.setdefault(theme, []).append(attempt)
    return {theme: summary(groups[theme]) for theme in THEMES if theme in groups}


def weakest_themes(attempts: Sequence[AttemptInfo], least: int = THEME_LEAST,
                   count: int = 3) -> list[tuple[Theme, Summary]]:
    """The ``count`` themes answered worst among those with at least ``least`` answers (:func:`weakest`)."""
    return weakest(by_theme(attempts), least, count)


def weakest(groups: Mapping[K, Summary], least: int = 3, count: int = 3) -> list[tuple[K, Summary]]:
    """The ``count`` groups with at least ``least`` attempts answered worst: lowest share right, then most chi lost."""
    tried = [(key, s) for key, s in groups.items() if s.answered >= least and (s.share_right or 0) < 1]
    return sorted(tried, key=lambda item: (item[1].share_right or 0.0, -(item[1].error_rate or 0.0)))[:count]


def kind_levels(attempts: Sequence[AttemptInfo]) -> list[KindLevel]:
    """The learner's level in each kind with measured levels they have decided in (issue 20, item 10), in
    the order of :data:`~maubinh.drills.levels.MEASURED_KINDS`: each from that kind's decisions only."""
    found = []
    for kind in MEASURED_KINDS:
        lost = [a.chi_lost for a in attempts if a.kind == kind.value and a.chi_lost is not None]
        if lost:
            found.append(kind_level(kind, lost))
    return found


def error_series(attempts: Sequence[AttemptInfo], window: int = 10) -> list[tuple[datetime, str, float]]:
    """The error rate over time, per kind: after each decision, the mean chi lost over that kind's last
    ``window`` decisions, as ``(when, kind, chi per decision)``."""
    recent: dict[str, list[float]] = {}
    series = []
    for attempt in attempts:
        if attempt.chi_lost is None:
            continue
        values = recent.setdefault(attempt.kind, [])
        values.append(attempt.chi_lost)
        del values[:-window]
        series.append((attempt.answered_at, attempt.kind, sum(values) / len(values)))
    return series


def play_series(hands: Sequence[PlayedHand], window: int = 10) -> list[tuple[datetime, float]]:
    """The error rate in play over time, on the drills' scale: after each stored hand, the mean chi lost (its
    gap against the best split) over the last ``window`` hands, as ``(when, chi per hand)``; hands Xếp bài made
    are left out (not the player's play)."""
    recent: list[float] = []
    series = []
    for hand in hands:
        if hand.played_at is None or not hand.graded:
            continue
        recent.append(hand.gap)
        del recent[:-window]
        series.append((hand.played_at, sum(recent) / len(recent)))
    return series


def rating_series(decisions: Sequence[Decision], start: float = 1500.0) -> list[tuple[datetime, float]]:
    """The learner's rating after each decision that moved it (a first attempt at a question, a Play hand), from
    ``start`` at the first one."""
    rated = [(d.at, d.rating_after) for d in decisions if d.rating_after is not None]
    return [(rated[0][0], start), *rated] if rated else []


def export_rows(attempts: Sequence[AttemptInfo]) -> list[dict[str, object]]:
    """The learner's own history, one row per attempt (for the CSV)."""
    return [{
        "answered_at": a.answered_at.isoformat(timespec="seconds"), "mode": a.mode, "kind": a.kind, "level": a.level,
        "rule_set": a.rule_set_id, "lesson": a.lesson, "question": a.question_key, "answer": a.code,
        "correct": a.correct, "chi_lost": None if a.chi_lost is None else round(a.chi_lost, 4),
        "seconds": round(a.seconds, 1), "first_attempt": a.first, "rating_after": round(a.rating_after, 1),
        "themes": themes_text(a.themes),
    } for a in attempts]
