"""A reason to come back (issue 20, item 12): a daily goal the learner picks, a day streak, today's question.

- The **daily goal** is a number of questions a day, one of :data:`GOALS` (:data:`DEFAULT_GOAL` until the
  learner picks one). Each pick is a ``daily_goals`` row keyed by (learner, the day it was picked): a day's
  goal is the last one picked on or before it, so raising the goal today never breaks yesterday's streak.
  Picking twice on one day overwrites that day's row (one upsert: atomic under concurrency).
- **Days** are the learner's own calendar days: the time zone kept with their latest pick (the browser's,
  an IANA name such as ``Asia/Ho_Chi_Minh``), else the one the page passes, else UTC.
- Every decision the profile stores (:mod:`classroom.decisions`: drill answers in free sets, assignments,
  reviews, today's question; Play hands the learner split themselves) counts toward its day. A day is **met**
  when its decisions reach its goal; the **streak**
  is the number of met days in a row ending today, or yesterday while today is not met yet (today is not
  over). It is counted over the last :data:`STREAK_DAYS` days at most.
- **Today's question** (:func:`maubinh.drills.daily.todays_question`) is of the UTC day, the same for
  everyone; a profile's answer to it is an attempt under the run :func:`maubinh.drills.daily.run_id`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import select
from sqlalchemy.orm import Session

from classroom.decisions import decisions
from classroom.models import Attempt, DailyGoal, Learner, utcnow
from classroom.service import ClassroomError, ClassroomStore
from maubinh.drills.daily import run_id, utc_day

__all__ = ["DEFAULT_GOAL", "GOALS", "STREAK_DAYS", "TIMEZONE_MAX", "Habit", "Habits", "goal_on", "local_day",
           "streak", "zone"]

GOALS = (5, 10, 20)
"""The daily goals a learner picks from, in questions a day."""
DEFAULT_GOAL = 5
"""The goal of a day before the learner picked any."""
STREAK_DAYS = 400
"""The longest streak counted, in days (the history read for it)."""
TIMEZONE_MAX = 64
"""Characters of a time zone's name (the longest IANA name has 32)."""


def zone(name: str | None) -> ZoneInfo:
    """The time zone named ``name`` (IANA); UTC for ``None``, an unknown or a malformed name."""
    if not name or len(name) > TIMEZONE_MAX:
        return ZoneInfo("UTC")
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def local_day(moment: datetime, timezone: ZoneInfo) -> date:
    """The calendar day of ``moment`` (aware; a naive time is UTC) in ``timezone``."""
    aware = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    return aware.astimezone(timezone).date()


def goal_on(goals: Sequence[tuple[date, int]], day: date) -> int:
    """The goal of ``day``: the last of ``goals`` (``(since, goal)``, any order) picked on or before it, else
    :data:`DEFAULT_GOAL`.

    >>> goal_on([(date(2026, 12, 1), 10), (date(2026, 12, 5), 20)], date(2026, 12, 4))
    10
    >>> goal_on([(date(2026, 12, 1), 10)], date(2026, 11, 30))
    5
    """
    before = [(since, goal) for since, goal in goals if since <= day]
    return max(before)[1] if before else DEFAULT_GOAL


def streak(counts: Mapping[date, int], goals: Sequence[tuple[date, int]], today: date) -> int:
    """Met days in a row (answers ``counts[day] >= goal_on(goals, day)``) ending ``today``, or ending the day
    before while today is not met yet; at most :data:`STREAK_DAYS`.

    >>> d = date(2026, 12, 2)
    >>> streak({d: 5, d - timedelta(1): 7, d - timedelta(2): 4}, [], d)  # 4 < 5 breaks it
    2
    >>> streak({d - timedelta(1): 5}, [], d)  # today is not over
    1
    """
    def met(day: date) -> bool:
        return counts.get(day, 0) >= goal_on(goals, day)

    day = today if met(today) else today - timedelta(days=1)
    days = 0
    while days < STREAK_DAYS and met(day):
        days += 1
        day -= timedelta(days=1)
    return days


@dataclass(frozen=True)
class Habit:
    """A learner's day at a glance.

    Attributes:
        goal: today's goal (decisions); chosen: whether the learner ever picked one.
        timezone: the IANA name days are counted in; today: the learner's date there.
        answered_today: decisions stored today (drill answers and Play hands); streak: see :func:`streak`.
        daily: today's question (UTC day) answered: ``True`` right, ``False`` wrong, ``None`` not yet.
    """

    goal: int
    chosen: bool
    timezone: str
    today: date
    answered_today: int
    streak: int
    daily: bool | None

    @property
    def met_today(self) -> bool:
        """Whether today's answers reach today's goal."""
        return self.answered_today >= self.goal


class Habits:
    """Daily goals and streaks on a :class:`~classroom.service.ClassroomStore`'s database."""

    def __init__(self, store: ClassroomStore) -> None:
        self.store = store

    def set_goal(self, learner_id: str, goal: int, timezone: str | None = None, now: datetime | None = None) -> date:
        """Pick ``goal`` questions a day from today on (today in ``timezone``, kept for counting days; an
        unknown zone is UTC). One atomic upsert: learners picking at once, or one learner on two devices,
        leave one row per day, the last pick.

        Returns:
            The day the goal counts from.

        Raises:
            ClassroomError: ``field`` ``"goal"`` for a goal not in :data:`GOALS`; ``"learner"`` for an unknown
                or removed learner.
        """
        if goal not in GOALS:
            raise ClassroomError("goal", f"the daily goal must be one of {', '.join(map(str, GOALS))}")
        tz = zone(timezone)
        moment = now or utcnow()
        since = local_day(moment, tz)

        def work(session: Session) -> date:
            learner = session.get(Learner, learner_id)
            if learner is None or learner.removed_at is not None:
                raise ClassroomError("learner", "this learner cannot practise here")
            values = {"goal": goal, "timezone": tz.key, "set_at": moment}
            session.execute(self.store._insert(session, DailyGoal)
                            .values(learner_id=learner_id, since=since, **values)
                            .on_conflict_do_update(index_elements=["learner_id", "since"], set_=values))
            return since

        return self.store.write(work)

    def goals(self, learner_id: str) -> list[tuple[date, int, str]]:
        """The learner's picks, oldest first: ``(since, goal, time zone)``."""
        with self.store._session() as session:
            rows = session.execute(select(DailyGoal.since, DailyGoal.goal, DailyGoal.timezone)
                                   .where(DailyGoal.learner_id == learner_id).order_by(DailyGoal.since))
            return [(since, goal, timezone) for since, goal, timezone in rows]

    def habit(self, learner_id: str, timezone: str | None = None, now: datetime | None = None) -> Habit:
        """The learner's goal, today's answers, streak and today's question (see the module).

        ``timezone``: the page's (the browser's) zone, used when the learner never picked a goal.
        """
        moment = now or utcnow()
        picks = self.goals(learner_id)
        tz = zone(picks[-1][2] if picks else timezone)
        with self.store._session() as session:
            counts = Counter(local_day(decision.at, tz) for decision in
                             decisions(session, learner_id, moment - timedelta(days=STREAK_DAYS + 2)))
            daily = session.scalar(select(Attempt.correct).where(
                Attempt.learner_id == learner_id, Attempt.run_id == run_id(utc_day(moment))).limit(1))
        today = local_day(moment, tz)
        goals = [(since, goal) for since, goal, _ in picks]
        return Habit(goal_on(goals, today), bool(picks), tz.key, today, counts.get(today, 0),
                     streak(counts, goals, today), None if daily is None else bool(daily))
