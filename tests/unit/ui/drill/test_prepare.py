"""ui.drill.prepare: questions made once in worker threads, shared, bounded, the same as made directly."""

from __future__ import annotations

from maubinh.drills import DrillSet, Kind, make_question
from ui.drill.prepare import Preparer, preparer

SET = DrillSet((Kind.CHI, Kind.FOUL), seed=5, count=4)


def test_a_prepared_question_is_the_question_of_its_set_and_number_and_is_shared() -> None:
    prepared = Preparer(workers=1, keep=8)
    prepared.prepare(SET, range(3))
    first = prepared.get(SET, 1)
    assert first == make_question(SET, 1)
    assert prepared.get(SET, 1) is first  # one copy for every session on the same set
    prepared.get(SET, 2)  # one worker makes them in turn: 0, 1, 2
    assert prepared.ready(SET, 0) and prepared.ready(SET, 2) and not prepared.ready(SET, 3)


def test_only_the_most_recent_questions_are_kept() -> None:
    prepared = Preparer(workers=1, keep=2)
    for number in range(4):
        prepared.get(SET, number)
    assert not prepared.ready(SET, 0) and prepared.ready(SET, 3)
    assert prepared.get(SET, 0) == make_question(SET, 0)  # made again when asked


def test_the_server_has_one_preparer() -> None:
    assert preparer() is preparer()
