"""A class answering at the same moment: 50 learners x 10 answers in threads, on both databases."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import func, select

from classroom.grading import Grader
from classroom.models import AnswerRow
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
