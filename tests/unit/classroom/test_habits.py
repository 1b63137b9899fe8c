"""Daily goal and streak (issue 20, item 12): days in the learner's time zone, goals by the day they were
picked, every answer counting, one row per pick day even when many pick at once (SQLite and PostgreSQL)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, date, datetime, timedelta

import pytest

from classroom.habits import DEFAULT_GOAL, Habits, goal_on, streak, zone
from classroom.practice import Practice
from classroom.service import ClassroomError, ClassroomStore
from maubinh.drills.daily import run_id, todays_question

NOW = datetime(2026, 12, 2, 20, 0, tzinfo=UTC)  # 03:00 on 3 Dec in Hà Nội
HANOI = "Asia/Ho_Chi_Minh"


def _answer(practice: Practice, learner: str, when: datetime, run: str, number: int, correct: bool = True) -> None:
    practice.record(learner, todays_question(when.date()), run_id=run, number=number, mode="practice", lesson="x",
                    code="0", correct=correct, chi_lost=None, seconds=3.0, now=when)


def test_streak_by_hand() -> None:
    d = date(2026, 12, 10)
    counts = {d: 3, d - timedelta(1): 10, d - timedelta(2): 10, d - timedelta(3): 9, d - timedelta(4): 50}
    goals = [(d - timedelta(2), 10)]  # 10 a day from the 8th on; the default (5) before
    assert goal_on(goals, d - timedelta(3)) == DEFAULT_GOAL
    assert streak(counts, goals, d) == 4  # today (3 < 10) not over: 9th, 8th (10), 7th (9 >= 5), 6th
    assert streak({**counts, d: 10}, goals, d) == 5
    assert streak({**counts, d - timedelta(1): 9}, goals, d) == 0  # yesterday missed: no streak
    assert streak({}, [], d) == 0


def test_zone_falls_back_to_utc() -> None:
    assert zone(HANOI).key == HANOI
    assert zone("Not/AZone").key == zone(None).key == zone("../../etc/passwd").key == zone("x" * 99).key == "UTC"


def test_days_are_counted_in_the_learners_zone_and_goals_by_pick_day(store: ClassroomStore) -> None:
    practice, habits = Practice(store), Habits(store)
    lan = practice.create_profile("Lan").info.id
    assert habits.habit(lan, now=NOW) == habits.habit(lan, now=NOW)
    fresh = habits.habit(lan, now=NOW)
    assert (fresh.goal, fresh.chosen, fresh.answered_today, fresh.streak, fresh.daily) == (DEFAULT_GOAL, False, 0, 0,
                                                                                        None)
    with pytest.raises(ClassroomError) as refused:
        habits.set_goal(lan, 7, HANOI, now=NOW)
    assert refused.value.field == "goal"
    # 1 Dec (Hà Nội): 5 answers; 2 Dec: 5 answers, two of them at 23:30 Hà Nội = 16:30 UTC
    for n in range(5):
        _answer(practice, lan, datetime(2026, 12, 1, 3, n, tzinfo=UTC), "a", n)
        _answer(practice, lan, datetime(2026, 12, 2, 3 if n < 3 else 16, 30 + n, tzinfo=UTC), "b", n)
    assert habits.set_goal(lan, 10, HANOI, now=NOW - timedelta(hours=10)) == date(2026, 12, 2)
    # in Hà Nội it is now 3 Dec: 2 Dec (goal 10) had 5 answers: no streak; 1 Dec met the default goal (5)
    habit = habits.habit(lan, now=NOW)
    assert (habit.today, habit.goal, habit.chosen, habit.answered_today, habit.streak) == (
        date(2026, 12, 3), 10, True, 0, 0)
    # picking 5 again on 2 Dec overwrites that day's pick: 2 Dec and 1 Dec are met
    habits.set_goal(lan, 5, HANOI, now=NOW - timedelta(hours=9))
    assert habits.goals(lan) == [(date(2026, 12, 2), 5, HANOI)]
    assert habits.habit(lan, now=NOW).streak == 2
    # in UTC the two late answers fall on 2 Dec as well; today (UTC) is 2 Dec and is met
    habits.set_goal(lan, 5, "UTC", now=NOW)
    assert habits.habit(lan, now=NOW).answered_today == 5
    # today's question, answered under its run, is an answer of the day and is told apart
    _answer(practice, lan, NOW, run_id(NOW.date()), 0, correct=False)
    habit = habits.habit(lan, now=NOW)
    assert (habit.answered_today, habit.daily, habit.met_today) == (6, False, True)
    assert habits.habit(lan, now=NOW + timedelta(days=1)).daily is None  # a new day, a new question


def test_many_picks_at_once_leave_one_row_per_day(store: ClassroomStore) -> None:
    practice, habits = Practice(store), Habits(store)
    learners = [practice.create_profile(f"L{n}").info.id for n in range(5)]
    picks = [(learner, goal) for learner in learners for goal in (5, 10, 20, 10)]
    start = threading.Barrier(len(picks))

    def pick(job: tuple[str, int]) -> date:
        start.wait()
        return habits.set_goal(job[0], job[1], HANOI, now=NOW)

    with ThreadPoolExecutor(max_workers=len(picks)) as pool:
        days = list(pool.map(pick, picks))
    assert set(days) == {date(2026, 12, 3)}
    for learner in learners:
        rows = habits.goals(learner)
        assert len(rows) == 1 and rows[0][1] in (5, 10, 20)


def test_a_removed_or_unknown_learner_cannot_pick(store: ClassroomStore) -> None:
    with pytest.raises(ClassroomError) as refused:
        Habits(store).set_goal("nobody", 5)
    assert refused.value.field == "learner"


def test_todays_question_sent_at_once_from_many_tabs_counts_once(store: ClassroomStore) -> None:
    practice, habits = Practice(store), Habits(store)
    lan = practice.create_profile("Lan").info.id
    start = threading.Barrier(12)

    def send(_: int) -> None:
        start.wait()
        _answer(practice, lan, NOW, run_id(NOW.date()), 0)

    with ThreadPoolExecutor(max_workers=12) as pool:
        list(pool.map(send, range(12)))
    habit = habits.habit(lan, "UTC", now=NOW)
    assert (habit.answered_today, habit.daily, len(practice.history(lan))) == (1, True, 1)
