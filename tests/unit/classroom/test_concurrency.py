"""A class answering at the same moment: 50 learners x 10 answers in threads; 20 profiles answering new
questions at once; on both databases."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import func, select

from background.grading import Grader
from classroom.models import AnswerRow, Attempt, QuestionRating
from classroom.practice import Practice
from classroom.service import ClassroomStore
from maubinh.drills import DrillSet, Kind, Level
from maubinh.rules import load_rule_set

LEARNERS, QUESTIONS = 50, 10


def test_fifty_learners_submitting_ten_answers_at_once_store_exactly_five_hundred(store: ClassroomStore) -> None:
    klass = store.create_class("Cả lớp", "vi", load_rule_set("tinh-chi")).info
    drill_set = DrillSet((Kind.CHI, Kind.FOUL), Level.BEGINNER, "tinh-chi", seed=5, count=QUESTIONS)
    assignment = store.assign(klass.id, "Cùng lúc", drill_set)
    Grader(store).grade(assignment).result(timeout=300)
    learners = [store.join(klass.id, f"Học viên {n}").info for n in range(LEARNERS)]
    start = threading.Barrier(LEARNERS)

    def answer_all(learner_id: str) -> list[str]:
        start.wait()
        codes = []
        for number in range(QUESTIONS):
            code = "a" if number % 2 == 0 else "legal"
            stored = store.submit(assignment.id, learner_id, number, code, number % 3 == 0, None, 1.5)
            # The same answer again (a double tap) and a different one (another device): both change nothing.
            assert store.submit(assignment.id, learner_id, number, code, True, None, 9.0) == stored
            assert store.submit(assignment.id, learner_id, number, "b", False, None, 9.0) == stored
            codes.append(stored.code)
        return codes

    with ThreadPoolExecutor(max_workers=LEARNERS) as pool:
        results = list(pool.map(answer_all, [learner.id for learner in learners]))
    assert all(codes == ["a", "legal"] * (QUESTIONS // 2) for codes in results)
    with store.engine.connect() as connection:
        assert connection.scalar(select(func.count()).select_from(AnswerRow)) == LEARNERS * QUESTIONS
        pairs = connection.execute(select(AnswerRow.learner_id, AnswerRow.number)).all()
    assert len(set(pairs)) == LEARNERS * QUESTIONS
    assert sum(a.correct for a in store.answers(assignment.id)) == LEARNERS * len(range(0, QUESTIONS, 3))


PROFILES, NEW_QUESTIONS = 20, 5


def test_twenty_profiles_answering_never_rated_questions_at_once_lose_no_attempt(store: ClassroomStore) -> None:
    """Issue 22, 1: the first answers to a question nobody rated yet all create its rating row at once; one
    of them makes it and every other attempt is still stored (it was taken for a duplicate and lost)."""
    practice = Practice(store)
    profiles = [practice.create_profile(f"Người {n}").info.id for n in range(PROFILES)]
    fresh = DrillSet((Kind.CHI, Kind.FOUL), Level.BEGINNER, "tinh-chi", seed=77, count=NEW_QUESTIONS)
    start = threading.Barrier(PROFILES)

    def answer_all(learner_id: str) -> list[str]:
        failures = []
        for number in range(NEW_QUESTIONS):
            start.wait()  # every profile answers the same new question at the same moment
            try:
                practice.record(learner_id, fresh.ref(number), run_id=f"run-{learner_id}", number=number,
                                mode="practice", lesson="five", code="a", correct=number % 2 == 0, chi_lost=None,
                                seconds=2.0)
            except Exception as error:  # noqa: BLE001  (counted: every attempt must be stored)
                failures.append(type(error).__name__)
        return failures

    with ThreadPoolExecutor(max_workers=PROFILES) as pool:
        failures = [f for found in pool.map(answer_all, profiles) for f in found]
    with store.engine.connect() as connection:
        stored = connection.scalar(select(func.count()).select_from(Attempt))
        rated = dict(connection.execute(select(QuestionRating.key, QuestionRating.attempts)).all())
    assert (stored, failures) == (PROFILES * NEW_QUESTIONS, [])
    assert all(len(practice.history(learner_id)) == NEW_QUESTIONS for learner_id in profiles)
    # Every first attempt moved the question's rating once: no update lost to another.
    assert rated == {fresh.ref(number).key: PROFILES for number in range(NEW_QUESTIONS)}


def test_one_attempt_sent_from_ten_tabs_at_once_is_stored_once(store: ClassroomStore) -> None:
    """A real duplicate (the same learner, run and number) is found and returned, never stored twice."""
    practice = Practice(store)
    me = practice.create_profile("Một người").info.id
    ref = DrillSet((Kind.FOUL,), Level.EXPERT, "tinh-chi", seed=78, count=1).ref(0)
    start = threading.Barrier(10)

    def send(tab: int) -> tuple[str, bool]:
        start.wait()
        stored = practice.record(me, ref, run_id="same", number=0, mode="practice", lesson="five", code=f"c{tab}",
                                 correct=tab % 2 == 0, chi_lost=None, seconds=1.0)
        return stored.code, stored.correct

    with ThreadPoolExecutor(max_workers=10) as pool:
        results = set(pool.map(send, range(10)))
    assert len(results) == 1
    [attempt] = practice.history(me)
    assert (attempt.code, attempt.correct) in results
    with store.engine.connect() as connection:
        assert connection.scalar(select(QuestionRating.attempts)) == 1
