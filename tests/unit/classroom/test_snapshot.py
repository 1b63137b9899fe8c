"""classroom.snapshot: questions stored whole (as plain data, :mod:`maubinh.drills.codec`) and read back equal;
nothing else can be read back, a pickle least of all."""

from __future__ import annotations

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


@pytest.mark.parametrize(("blob", "message"), [
    (zlib.compress(b'{"kind": "not a question"}'), "question.format: expected 1"),
    (zlib.compress(b'{"format": 1, "kind": "chi", "seed": 1}'), "chi: missing key 'level'"),
    (b"not zlib at all", "unreadable"),
    (zlib.compress(b"\x80\x05garbage"), "a pickle written before questions were stored as data"),
    (zlib.compress(b"\xff\xfe"), "unreadable"),
    (zlib.compress(b" " * (40 * 1024 * 1024)), "too large"),
])
def test_anything_but_a_question_s_data_is_refused(blob: bytes, message: str) -> None:
    with pytest.raises(SnapshotError, match=message):
        unpack(blob)


# --------------------------------------------------------------------------- compact packing (the bank's)


def _arrange(rules: str = "chi-at", level: Level = Level.BEGINNER):  # type: ignore[no-untyped-def]
    from maubinh.drills import Kind

    return make_question(DrillSet((Kind.ARRANGE,), level, rules, seed=31, count=1), 0)


def test_compact_arrange_question_is_small_reads_back_equal_and_grades_the_same() -> None:
    from maubinh.arrangement import Arrangement
    from maubinh.drills.arrange import assess
    from maubinh.rules import load_rule_set
    from maubinh.strategy.field import Field, RedealtField

    question = _arrange()
    whole, compact = pack(question), pack(question, compact=True)
    assert len(whole) > 50_000 and len(compact) < 5_000  # its 2,000 deals are kept as a recipe
    back = unpack(compact)
    field = back.opponents.field
    assert isinstance(field, RedealtField) and "hands" not in vars(field)  # not dealt yet
    assert back.cards == question.cards and back.best == question.best
    rules = load_rule_set("chi-at")
    cards = question.cards
    plain = Arrangement(cards[:5], cards[5:10], cards[10:])
    mine, theirs = assess(back, plain, rules), assess(question, plain, rules)  # deals it again
    assert (mine.cost, mine.correct, mine.mine.totals) == (theirs.cost, theirs.correct, theirs.mine.totals)
    assert back == question
    again = unpack(pack(back))  # a whole pack of a question read back compactly holds a plain field again
    assert type(again.opponents.field) is Field and again == question


def test_compact_pack_keeps_a_source_rule_set_by_reference_and_a_house_whole() -> None:
    from dataclasses import replace

    from maubinh.drills import Kind
    from maubinh.drills.arrange import make_arrange_question
    from maubinh.rules import load_rule_set
    from maubinh.strategy.field import Field

    source = make_question(DrillSet((Kind.RULES,), Level.EXPERT, "chi-at", seed=5, count=1), 0)
    assert len(pack(source, compact=True)) < len(pack(source)) / 3
    assert unpack(pack(source, compact=True)) == source
    house = replace(load_rule_set("chi-at"), strict_order=True)  # a source's id, other data: never by reference
    question = make_arrange_question(31, house, Level.BEGINNER)
    back = unpack(pack(question, compact=True))
    assert type(back.opponents.field) is Field and back.opponents.field.rule_set == house and back == question


def test_a_compact_question_of_other_rule_data_or_other_tables_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from maubinh.drills import codec
    from maubinh.drills.arrange import assess
    from maubinh.strategy import field as field_module
    from maubinh.strategy.field import RedealtError

    question = _arrange()
    compact = pack(question, compact=True)
    monkeypatch.setattr(codec, "_digest", lambda rule_set_id: "0" * 64)  # the source's data changed
    with pytest.raises(SnapshotError, match="other data of chi-at"):
        unpack(compact)
    monkeypatch.undo()
    back = unpack(compact)
    real = field_module._fingerprint
    monkeypatch.setattr(field_module, "_fingerprint", lambda hands, rows: "f" + real(hands, rows)[1:])
    with pytest.raises(RedealtError, match="tables changed"):
        assess(back, question.best, question.opponents.field.rule_set)  # the tables changed: never graded wrong
