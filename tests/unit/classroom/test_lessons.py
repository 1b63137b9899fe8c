"""The lesson path kept in a profile (issue 20, item 11): steps finished per rule set, the best quiz score, one
row per step even when many tabs mark it at once (SQLite and PostgreSQL)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select

from classroom.lessons import Lessons, StepMark, better_score
from classroom.models import LessonStep
from classroom.practice import Practice
from classroom.service import ClassroomError, ClassroomStore

NOW = datetime(2026, 12, 3, 8, 0, tzinfo=UTC)


def test_better_score_by_hand() -> None:
    assert better_score((2, 3), (1, 3)) and not better_score((1, 3), (2, 3))
    assert better_score((3, 3), (2, 2))  # the same share, a larger quiz
    assert not better_score((2, 3), (3, 4))  # 0.67 < 0.75
    assert better_score((0, 3), None) and not better_score(None, (0, 3))


def test_a_step_keeps_its_first_finish_and_best_score(store: ClassroomStore) -> None:
    lessons = Lessons(store)
    lan = Practice(store).create_profile("Lan").info.id
    assert lessons.path(lan) == {}
    tried = lessons.mark(lan, "chi-at", "foul", score=(1, 3), now=NOW)
    assert tried == StepMark(None, (1, 3)) and not tried.finished
    assert lessons.mark(lan, "chi-at", "foul", finished=True, score=(3, 3), now=NOW + timedelta(1)) == StepMark(
        NOW + timedelta(1), (3, 3))
    # later: finished again and a worse score: the first finish and the best score stay
    assert lessons.mark(lan, "chi-at", "foul", finished=True, score=(0, 3), now=NOW + timedelta(2)) == StepMark(
        NOW + timedelta(1), (3, 3))
    lessons.mark(lan, "chi-at", "deck", finished=True, now=NOW)
    lessons.mark(lan, "tinh-chi", "deck", score=(2, 3), now=NOW)
    assert lessons.path(lan) == {
        "chi-at": {"deck": StepMark(NOW, None), "foul": StepMark(NOW + timedelta(1), (3, 3))},
        "tinh-chi": {"deck": StepMark(None, (2, 3))},
    }
    # marks kept in a session before the profile: merged (the earlier finish, the better score)
    merged = lessons.mark_many(lan, [("chi-at", "foul", StepMark(NOW, (2, 3))),
                                     ("tinh-chi", "deck", StepMark(NOW, (1, 3)))], now=NOW + timedelta(3))
    assert merged == [StepMark(NOW, (3, 3)), StepMark(NOW, (2, 3))]


def test_bad_marks_are_refused_and_store_nothing(store: ClassroomStore) -> None:
    lessons, practice = Lessons(store), Practice(store)
    lan = practice.create_profile("Lan").info.id
    for rule_set, step, score, field in (("", "deck", None, "rule_set"), ("chi-at", "x" * 33, None, "step"),
                                         ("chi-at", "deck", (4, 3), "score"), ("chi-at", "deck", (0, 0), "score")):
        with pytest.raises(ClassroomError) as refused:
            lessons.mark(lan, rule_set, step, finished=True, score=score)
        assert refused.value.field == field
    with pytest.raises(ClassroomError) as refused:
        lessons.mark("nobody", "chi-at", "deck", finished=True)
    assert refused.value.field == "learner"
    assert lessons.path(lan) == {}


def test_many_threads_marking_one_step_store_one_row(store: ClassroomStore) -> None:
    lessons = Lessons(store)
    lan = Practice(store).create_profile("Lan").info.id
    scores = [(n % 4, 3) for n in range(16)]  # the best is 3 of 3
    start = threading.Barrier(len(scores))

    def mark(index: int) -> StepMark:
        start.wait()
        return lessons.mark(lan, "chi-at", "settle", finished=index % 2 == 0, score=scores[index],
                            now=NOW + timedelta(seconds=index))

    with ThreadPoolExecutor(max_workers=len(scores)) as pool:
        results = list(pool.map(mark, range(len(scores))))
    assert all(result.score is not None for result in results)
    with store._session() as session:
        assert session.scalar(select(func.count()).select_from(LessonStep)) == 1
    stored = lessons.path(lan)["chi-at"]["settle"]
    assert stored.score == (3, 3)
    assert stored.finished_at == NOW  # thread 0 finished first in time, whatever order the writes landed in


def test_sessions_moved_at_once_in_any_order_leave_one_row_per_step(store: ClassroomStore) -> None:
    lessons = Lessons(store)
    lan = Practice(store).create_profile("Lan").info.id
    steps = ["deck", "chi", "five", "front", "foul", "settle"]
    batches = [[("chi-at", step, StepMark(NOW + timedelta(minutes=n), (n % 4, 3))) for step in
                (steps if n % 2 else steps[::-1])] for n in range(8)]
    start = threading.Barrier(len(batches))

    def move(batch: list[tuple[str, str, StepMark]]) -> list[StepMark]:
        start.wait()
        return lessons.mark_many(lan, batch)

    with ThreadPoolExecutor(max_workers=len(batches)) as pool:
        list(pool.map(move, batches))
    with store._session() as session:
        assert session.scalar(select(func.count()).select_from(LessonStep)) == len(steps)
    assert lessons.path(lan)["chi-at"] == dict.fromkeys(steps, StepMark(NOW, (3, 3)))
