"""The starter bank shipped with the project (issue 23): every cell holds questions of the current data version,
each dealt and read back; a sample of its stored answers is proved again by making the question afresh."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from background.questions import QuestionSource
from classroom.bank import Banked, QuestionBank, deal_picks, read_file
from classroom.service import ClassroomStore
from classroom.snapshot import pack, record, unpack
from maubinh.drills import Kind, Level, Question, QuestionRef, make_from_ref
from maubinh.drills.bank import cells
from maubinh.drills.versions import bank_seed, data_version

SHIPPED = read_file()
HEAVY = {Kind.BETTER.value, Kind.ARRANGE.value, Kind.DECLARE.value, Kind.RULES.value}
"""Kinds that sample hundreds of deals per question: one of each is made again, two of each other kind."""


def test_every_cell_has_questions_of_its_current_data_version() -> None:
    counts = Counter((e.rule_set_id, e.level, e.kind) for e in SHIPPED if e.version == data_version(e.rule_set_id, e.kind))
    short = [c for c in cells() if counts[(c.rule_set_id, c.level.value, c.kind.value)] < 50]
    assert not short, short  # issue 23: at least 50 per kind x level x rule set
    assert len({e.key for e in SHIPPED}) == len(SHIPPED)
    for entry in SHIPPED:
        assert entry.seed == bank_seed(entry.rule_set_id, entry.level, entry.kind, entry.ordinal)
        assert entry.key == QuestionRef(Kind(entry.kind), Level(entry.level), entry.rule_set_id, entry.seed).key
        stored = unpack(entry.blob)
        assert stored.themes and entry.themes == tuple(theme.value for theme in stored.themes), entry.key


@pytest.mark.parametrize("kind", [k.value for k in Kind])
def test_a_sample_of_stored_answers_is_proved_again(kind: str) -> None:
    of_kind = [e for e in SHIPPED if e.kind == kind]
    for entry in random.Random(23).sample(of_kind, 1 if kind in HEAVY else 2):
        stored = unpack(entry.blob)
        assert record(stored) == entry.record
        again = make_from_ref(QuestionRef(Kind(kind), Level(entry.level), entry.rule_set_id, entry.seed))
        assert record(again) == entry.record, entry.key  # the same key, choices and expected chi
        assert again.themes == stored.themes, entry.key  # and what decides it (the beginner's path, by theme)
        if kind != Kind.ARRANGE.value:
            assert again == stored, entry.key
        if kind == Kind.ARRANGE.value:  # kept as a recipe: its opponents dealt again grade as the fresh question's
            from maubinh.drills.arrange import assess
            from maubinh.strategy.field import RedealtField

            assert isinstance(stored.opponents.field, RedealtField)
            rules = again.opponents.field.rule_set
            plain = again.best.__class__(again.cards[:5], again.cards[5:10], again.cards[10:])
            for split in (again.best, plain):
                mine, fresh = assess(stored, split, rules), assess(again, split, rules)
                assert (mine.cost, mine.correct, mine.mine.totals) == (fresh.cost, fresh.correct, fresh.mine.totals)


def test_no_cell_fails_to_deal_from_the_loaded_starter_bank(store: ClassroomStore) -> None:
    bank = QuestionBank(store)
    assert bank.load_file() == len(SHIPPED) and bank.load_file() == 0
    source = QuestionSource(bank)
    for cell in cells():
        picks = deal_picks(bank, (cell.kind,), cell.level, cell.rule_set_id, 1, (), random.Random(1))
        question = source.question(cell.ref(picks[0]))
        assert (question.kind, question.level) == (cell.kind, cell.level)
    assert source.hits["live"] == 0 and source.hits["bank"] == len(cells())


def test_a_sample_of_every_cell_reads_back_from_its_plain_data_byte_for_byte() -> None:
    by_cell: dict[tuple[str, str, str], list[Banked]] = {}
    for entry in SHIPPED:
        by_cell.setdefault((entry.rule_set_id, entry.level, entry.kind), []).append(entry)
    rng = random.Random(33)
    for cell, entries in by_cell.items():
        for entry in rng.sample(entries, 2):
            question = unpack(entry.blob)
            assert (question.kind.value, question.level.value, question.seed) == (cell[2], cell[1], entry.seed)
            assert pack(question, compact=True) == entry.blob
            again = unpack(pack(question, compact=True))
            assert _undealt(again) == _undealt(question) and record(again) == entry.record


def _undealt(question: Question) -> tuple[object, object]:
    """``question`` with its opponents' field set aside, and that field's recipe ("set it yourself": compared without
    dealing the opponents again)."""
    opponents = getattr(question, "opponents", None)
    if opponents is None:
        return question, None
    return replace(question, opponents=replace(opponents, field=None)), opponents.field.recipe


OLD_SAMPLE = Path(__file__).parent / "data" / "old_bank_sample.jsonl.xz"
"""One question of each kind from the starter bank as shipped before questions were stored as data (pickles)."""


def test_the_starter_bank_holds_the_questions_of_the_pickled_file_it_was_converted_from(tmp_path: Path) -> None:
    import base64
    import json
    import lzma

    from classroom.legacy_pickle import convert_bank_file, legacy_unpickle

    converted = tmp_path / "converted.jsonl.xz"
    assert convert_bank_file(OLD_SAMPLE, converted) == (8, 8)
    shipped = {entry.key: entry for entry in SHIPPED}
    old = [json.loads(line) for line in lzma.decompress(OLD_SAMPLE.read_bytes()).splitlines()]
    assert sorted(line["kind"] for line in old) == sorted(k.value for k in Kind)
    for line, entry in zip(old, read_file(converted)):
        ships = shipped[entry.key]
        assert replace(entry, themes=ships.themes) == ships and entry.record == ships.record == line["record"]
        now = unpack(entry.blob)
        if not now.themes:  # stored before themes were computed: repaired since with the question's own themes
            now = replace(now, themes=unpack(ships.blob).themes)
            assert now.themes and pack(now, compact=True) == ships.blob
        else:
            assert entry.blob == ships.blob  # the same plain data, byte for byte
        before = legacy_unpickle(base64.b64decode(line["pickle"]))
        before = replace(before, themes=now.themes) if not before.themes else before
        if entry.kind == Kind.ARRANGE.value:  # opponents kept as a recipe: the same recipe, nothing dealt
            assert before.opponents.field.recipe == now.opponents.field.recipe  # type: ignore[union-attr]
            assert (before.cards, before.best, before.best_breakdown) == (now.cards, now.best, now.best_breakdown)  # type: ignore[union-attr]
        else:
            assert before == now
