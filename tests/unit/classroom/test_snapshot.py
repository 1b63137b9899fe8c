"""classroom.snapshot: questions stored whole and read back equal; nothing else can be read back."""

from __future__ import annotations

import os
import pickle
import zlib

import pytest

from classroom.snapshot import SnapshotError, pack, record, unpack
from maubinh.drills import KINDS, DrillSet, Level, make_question
from maubinh.drills.answers import answer_code, best_answer


@pytest.mark.parametrize("rules", ["chi-at", "tinh-chi"])
def test_every_kind_reads_back_equal_with_its_record(rules: str) -> None:
    drill_set = DrillSet(KINDS, Level.EXPERT, rules, seed=4, count=len(KINDS))
    for number in range(drill_set.count):
        question = make_question(drill_set, number)
        assert unpack(pack(question)) == question
        found = record(question)
        assert found["kind"] == question.kind.value
        assert found["key"] == answer_code(question, best_answer(question))
        assert found["cards"]


def test_better_records_every_option_s_expected_chi() -> None:
    question = make_question(DrillSet((KINDS[0],), Level.BEGINNER, "chi-at", seed=9, count=1), 0)
    found = record(question)
    assert found["values"] == {letter: round(r.mean, 4) for letter, r in zip("ABC", question.results)}
    assert max(found["values"], key=found["values"].get) == found["key"]


class _Evil:
    def __reduce__(self):  # type: ignore[no-untyped-def]
        return (os.system, ("echo pwned",))


@pytest.mark.parametrize("blob", [
    zlib.compress(pickle.dumps(_Evil())),
    zlib.compress(pickle.dumps({"kind": "not a question"})),
    b"not zlib at all",
    zlib.compress(b"\x80\x05garbage"),
])
def test_anything_but_an_engine_question_is_refused(blob: bytes) -> None:
    with pytest.raises(SnapshotError):
        unpack(blob)
