"""The classroom's own costs, as figures: saving an answer, and the teacher's board for a full class.

- save: ``ClassroomStore.submit`` timed one by one (p50 / p95 / max ms) for ``--learners`` x
  ``--questions`` answers, on SQLite (a fresh file) and, with ``MAUBINH_TEST_POSTGRES_URL`` set, on a fresh
  PostgreSQL database; the same answers again (resubmissions) for comparison. Target: <= 50 ms.
- board data: what the teacher's board reads from the database for that class answered in full, and its
  numbers (:func:`classroom.board.board`) alone, p50 / p95 / max over ``--runs``.

Usage: ``python bench/classroom_store.py [--learners 40] [--questions 20] [--runs 5]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from background.grading import Grader
from classroom.board import board
from classroom.service import ClassroomStore
from maubinh.drills import DrillSet, Kind, Level
from maubinh.drills.answers import answer_code, best_answer
from maubinh.rules import load_rule_set


def _ms(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"p50 {1000 * statistics.median(ordered):.1f} ms, p95 {1000 * p95:.1f} ms, max {1000 * ordered[-1]:.1f} ms"


def _class(store: ClassroomStore, learners: int, questions: int):  # type: ignore[no-untyped-def]
    created = store.create_class("Bench", "vi", load_rule_set("chi-at"))
    drill_set = DrillSet((Kind.CHI, Kind.FOUL, Kind.NATURAL), Level.INTERMEDIATE, "chi-at", seed=3, count=questions)
    assignment = store.assign(created.info.id, "Bench", drill_set)
    Grader(store).grade(assignment).result()
    people = [store.join(created.info.id, f"Học viên {n}").info for n in range(learners)]
    return created, assignment, people


def bench_save(url: str, label: str, learners: int, questions: int) -> ClassroomStore:
    store = ClassroomStore.open(url)
    created, assignment, people = _class(store, learners, questions)
    codes = [answer_code(q, best_answer(q)) for q in (store.question(assignment.id, n) for n in range(questions))]
    first, again = [], []
    for learner in people:
        for number, code in enumerate(codes):
            start = time.perf_counter()
            store.submit(assignment.id, learner.id, number, code, True, None, 3.0)
            first.append(time.perf_counter() - start)
    for learner in people[:5]:
        for number, code in enumerate(codes):
            start = time.perf_counter()
            store.submit(assignment.id, learner.id, number, code, True, None, 3.0)
            again.append(time.perf_counter() - start)
    print(f"save an answer, {label}: {_ms(first)} over {len(first)} answers (target: <= 50 ms)")
    print(f"  resubmission (idempotent), {label}: {_ms(again)}")
    store.created = created  # type: ignore[attr-defined]
    store.bench_assignment = assignment  # type: ignore[attr-defined]
    return store


def bench_board(store: ClassroomStore, runs: int) -> None:
    created, assignment = store.created, store.bench_assignment  # type: ignore[attr-defined]
    reads, numbers = [], []
    for _ in range(runs):
        start = time.perf_counter()
        learners = store.learners(created.info.id)
        records, answers = store.records(assignment.id), store.answers(assignment.id)
        middle = time.perf_counter()
        board(learners, records, answers)
        numbers.append(time.perf_counter() - middle)
        reads.append(time.perf_counter() - start)
    print(f"board data ({len(learners)} learners x {assignment.count} questions, {len(answers)} answers): "
          f"database reads + numbers {_ms(reads)}; the numbers alone {_ms(numbers)} "
          "(the page drawn in a browser: bench/class_load.py)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=40)
    parser.add_argument("--questions", type=int, default=20)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.sqlite'}"
        store = bench_save(url, "SQLite", args.learners, args.questions)
        bench_board(store, args.runs)
        store.engine.dispose()
    admin = os.environ.get("MAUBINH_TEST_POSTGRES_URL")
    if admin:
        from tests.conftest import drop_postgres_database, fresh_postgres_database

        pg_url, name = fresh_postgres_database()
        try:
            store = bench_save(pg_url, "PostgreSQL", args.learners, args.questions)
            store.engine.dispose()
        finally:
            drop_postgres_database(name)
    else:
        print("PostgreSQL: skipped (set MAUBINH_TEST_POSTGRES_URL, e.g. $(.ci/postgres))")


if __name__ == "__main__":
    main()
