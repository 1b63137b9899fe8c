"""A beginner's set dealt from the bank follows the lesson path (issue 36), on SQLite and PostgreSQL: the starter
bank's settling questions that turn on the ace rule are not dealt before its lesson, and are after it."""

from __future__ import annotations

import random
from functools import partial

from classroom.bank import QuestionBank, banked, deal_picks
from classroom.service import ClassroomStore
from maubinh.drills import Kind, Lesson, Level
from maubinh.drills.path import reached, suits
from maubinh.drills.versions import bank_seed
from tests.unit.drills.test_path import _beginner


def test_a_beginner_is_dealt_no_ace_rule_before_its_lesson(store: ClassroomStore) -> None:
    bank = QuestionBank(store)
    settling = [e for e in _beginner() if e.kind == "settle"]
    bank.add([banked(e.question, "chi-at", e.ordinal) for e in settling])
    aces = {e.ordinal for e in settling if e.question.lesson is Lesson.ACES}
    assert len(aces) == 37  # measured: the others are plain settling
    before = partial(suits, level=Level.BEGINNER, steps=reached(()))
    picks = deal_picks(bank, (Kind.SETTLE,), Level.BEGINNER, "chi-at", 10, (), random.Random(5), fits=before)
    assert len(picks) == 10 and not aces & set(picks) and len(set(picks)) == 10
    assert all(p in {e.ordinal for e in settling} for p in picks)
    more = deal_picks(bank, (Kind.SETTLE,), Level.BEGINNER, "chi-at", 15, (), random.Random(5), fits=before)
    stored = {e.ordinal for e in settling}
    assert sum(p in stored for p in more) == 13 and not aces & set(more)  # then ordinals made live (unfiltered)
    fitting = stored - aces
    seen = [key for ordinal, key in bank.ordinals("chi-at", Level.BEGINNER, Kind.SETTLE).items() if ordinal in fitting]
    again = deal_picks(bank, (Kind.SETTLE,), Level.BEGINNER, "chi-at", 3, seen, random.Random(5), fits=before)
    assert set(again) <= fitting  # all seen: fitting ones again, not ones made live that may turn on the ace rule
    after = partial(suits, level=Level.BEGINNER, steps=reached(["aces"]))
    dealt = deal_picks(bank, (Kind.SETTLE,), Level.BEGINNER, "chi-at", 50, (), random.Random(5), fits=after)
    assert set(dealt) == stored
    assert all(bank_seed("chi-at", "beginner", "settle", e.ordinal) == e.question.seed for e in settling)
