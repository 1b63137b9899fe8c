"""Questions stored as plain data, not pickles (issue 33 §4), on SQLite and PostgreSQL: rows written by the code before
(the pickle packer, kept as :mod:`classroom.legacy_pickle`) are converted by migration 0013 and read back the same
questions; a bank row that cannot be read is dropped, an assignment's is left (and refused as before); the downgrade
writes pickles again; nothing but that migration reads a pickle."""

from __future__ import annotations

import re
import zlib
from dataclasses import replace
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

import numpy as np
import pytest
import sqlalchemy as sa
from alembic import command

from classroom import legacy_pickle
from classroom.bank import QuestionBank
from classroom.database import _alembic_config, make_engine, migrate
from classroom.legacy_pickle import legacy_pack, legacy_unpack
from classroom.service import ClassroomStore
from classroom.snapshot import SnapshotError, record
from maubinh.drills import Kind, Level, Question, QuestionRef, make_from_ref
from maubinh.drills.bank import Cell
from maubinh.drills.versions import data_version
from maubinh.house import edit
from maubinh.rules import load_rule_set
from maubinh.strategy.field import Field
from tests.unit.classroom.conftest import insert_old_class

HOUSE = edit(load_rule_set("tinh-chi"), {"foul.penalty": 5}, rule_set_id="nha-lan", names={"vi": "Nhà Lan"})
ASSIGNED = [QuestionRef(Kind.CHI, Level.BEGINNER, "chi-at", 11), QuestionRef(Kind.FOUL, Level.EXPERT, "luckywin", 12),
            QuestionRef(Kind.SETTLE, Level.MASTER, "guide-2026", 13),
            QuestionRef(Kind.NATURAL, Level.INTERMEDIATE, "tinh-chi", 14),
            QuestionRef(Kind.ARRANGE, Level.BEGINNER, "nha-lan", 15, HOUSE),  # house rules, 2,000 deals kept whole
            QuestionRef(Kind.RULES, Level.BEGINNER, "chi-at", 16)]  # four rule sets kept whole
BANKED = [Cell(Kind.CHI, Level.INTERMEDIATE, "chi-at"), Cell(Kind.ARRANGE, Level.BEGINNER, "luckywin"),
          Cell(Kind.DECLARE, Level.BEGINNER, "chi-at")]
MADE = datetime(2026, 12, 1, tzinfo=UTC)
_ASSIGNED = sa.table("assigned_questions", sa.column("assignment_id", sa.Integer), sa.column("number", sa.Integer),
                     sa.column("kind", sa.String), sa.column("record", sa.JSON), sa.column("blob", sa.LargeBinary),
                     sa.column("graded_at", sa.DateTime(timezone=True)))
_BANK = sa.table("bank_questions", *(sa.column(name, sa.String) for name in ("key", "rule_set_id", "level", "kind",
                                                                            "version")),
                 sa.column("made_at", sa.DateTime(timezone=True)),
                 sa.column("ordinal", sa.Integer), sa.column("seed", sa.BigInteger), sa.column("themes", sa.JSON),
                 sa.column("record", sa.JSON), sa.column("blob", sa.LargeBinary))


@cache
def _question(ref: QuestionRef) -> Question:
    return make_from_ref(ref)


def _bank_row(cell: Cell, ordinal: int, blob: bytes) -> dict[str, object]:
    ref = cell.ref(ordinal)
    return {"key": ref.key, "rule_set_id": cell.rule_set_id, "level": cell.level.value, "kind": cell.kind.value,
            "version": data_version(cell.rule_set_id, cell.kind.value), "ordinal": ordinal, "seed": ref.seed,
            "themes": [], "record": record(_question(ref)), "blob": blob, "made_at": MADE}


def _old_database(url: str, monkeypatch: pytest.MonkeyPatch) -> sa.Engine:
    """A database at revision 0012 holding rows the code before wrote: an assignment of every kind in ASSIGNED (whole
    pickles) and one damaged, bank questions (compact pickles), one made under rules data since changed, one
    damaged."""
    engine = make_engine(url)
    migrate(engine, "0012")
    with engine.begin() as connection:
        insert_old_class(connection)
        connection.execute(sa.text("INSERT INTO assignments (id, class_id, title, kinds, level, rule_set_id, seed, "
                                   "count, created_at) VALUES (1, 'c1', 'T', 'chi', 'beginner', 'chi-at', 1, 7, "
                                   "'2026-12-01')"))
        rows = [{"assignment_id": 1, "number": n, "kind": ref.kind.value, "record": record(_question(ref)),
                 "blob": legacy_pack(_question(ref)), "graded_at": MADE} for n, ref in enumerate(ASSIGNED)]
        rows.append(rows[0] | {"number": len(ASSIGNED), "blob": b"damaged"})
        connection.execute(sa.insert(_ASSIGNED), rows)
        bank = [_bank_row(cell, 0, legacy_pack(_question(cell.ref(0)), compact=True)) for cell in BANKED]
        bank.append(_bank_row(BANKED[0], 1, b"damaged"))
        with monkeypatch.context() as patched:  # the source's data was other when this one was made
            patched.setattr(legacy_pickle, "rules_digest", lambda rule_set_id: "0" * 64)
            bank.append(_bank_row(BANKED[1], 2, legacy_pack(_question(BANKED[1].ref(2)), compact=True)))
        connection.execute(sa.insert(_BANK), bank)
    return engine


def _blobs(engine: sa.Engine) -> dict[object, bytes]:
    with engine.connect() as connection:
        found: dict[object, bytes] = {(a, n): blob for a, n, blob in connection.execute(
            sa.select(_ASSIGNED.c.assignment_id, _ASSIGNED.c.number, _ASSIGNED.c.blob))}
        found.update(connection.execute(sa.select(_BANK.c.key, _BANK.c.blob)).all())
        return found


def _assert_same(found: Question, question: Question) -> None:
    assert found == question and record(found) == record(question)
    if question.kind is Kind.ARRANGE:  # the deals themselves, every array (Field's == compares hands and keys)
        mine, kept = question.opponents.field, found.opponents.field
        assert type(kept) is Field and kept.rule_set == HOUSE
        for name in ("hands", "rows", "keys", "classes", "among"):
            assert np.array_equal(getattr(kept, name), getattr(mine, name)), name
        assert kept.naturals == mine.naturals


def test_old_rows_are_converted_and_read_back_the_same_questions(database_url: str,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    engine = _old_database(database_url, monkeypatch)
    try:
        migrate(engine)
        blobs = _blobs(engine)
        store = ClassroomStore(engine)
        for number, ref in enumerate(ASSIGNED):
            assert zlib.decompress(blobs[(1, number)]).startswith(b'{"format":1,"kind":"' + ref.kind.value.encode())
            _assert_same(store.question(1, number), _question(ref))
        assert blobs[(1, len(ASSIGNED))] == b"damaged"  # an assignment's row is never dropped, and refused as before
        with pytest.raises(SnapshotError, match="unreadable"):
            store.question(1, len(ASSIGNED))
        bank = QuestionBank(store)
        assert set(bank.keys()) == {cell.ref(0).key for cell in BANKED}  # the unreadable bank rows dropped
        for cell in BANKED:
            assert b'"recipe"' in zlib.decompress(blobs[cell.ref(0).key]) or cell.kind is not Kind.ARRANGE
            found = bank.question(cell.ref(0))
            assert found is not None and found == _question(cell.ref(0))  # the arrange question's deals dealt again
        migrate(engine)
        assert _blobs(engine) == blobs  # nothing to do the second time
    finally:
        engine.dispose()


def test_the_downgrade_writes_the_pickles_back(database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    engine = _old_database(database_url, monkeypatch)
    try:
        migrate(engine)
        config = _alembic_config(engine)
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "0012")
        blobs = _blobs(engine)
        for number, ref in enumerate(ASSIGNED):
            _assert_same(legacy_unpack(blobs[(1, number)]), _question(ref))
        for cell in BANKED:
            assert legacy_unpack(blobs[cell.ref(0).key]) == _question(cell.ref(0))
        migrate(engine)
        store = ClassroomStore(engine)
        assert all(store.question(1, n) == _question(ref) for n, ref in enumerate(ASSIGNED))
    finally:
        engine.dispose()


def test_a_question_of_a_changed_house_reads_back_with_the_rules_it_was_made_under() -> None:
    from classroom.snapshot import pack, unpack

    question = _question(ASSIGNED[4])
    later = replace(HOUSE, foul_penalty=6)  # the teacher edits the house rules after assigning
    assert unpack(pack(question)).opponents.field.rule_set == HOUSE != later


ROOT = Path(__file__).resolve().parents[3]
ALLOWED = {"classroom/legacy_pickle.py", "classroom/migrations/versions/0013_questions_as_data.py",
           "bench/question_data.py"}
"""The legacy reader, the migration that uses it, and the bench that measures plain data against it."""


def test_nothing_but_the_migration_reads_a_pickle() -> None:
    reads = re.compile(r"^\s*(from|import)\s.*legacy_pickle|pickle\.(loads?|Unpickler)\b|Unpickler\(", re.MULTILINE)
    found = set()
    for folder in ("maubinh", "classroom", "ui", "pages", "deploy", "bench", "daudiachu"):
        for path in (ROOT / folder).rglob("*.py"):
            relative = path.relative_to(ROOT).as_posix()
            if reads.search(path.read_text(encoding="utf-8")):
                found.add(relative)
    assert found == ALLOWED
