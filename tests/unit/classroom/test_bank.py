"""classroom.bank on both databases: storing, loading, dealing, reading back, versions, a shared rating."""

from __future__ import annotations

import lzma
import random
import threading
import zlib
from dataclasses import replace
from pathlib import Path

import pytest
from sqlalchemy import select

from background.grading import Grader
from background.questions import QuestionSource
from classroom.bank import Banked, QuestionBank, banked, deal_picks, read_file, write_file
from classroom.models import BankQuestion, QuestionRating
from classroom.practice import Practice
from classroom.service import ClassroomStore
from classroom.snapshot import record
from maubinh.drills import DrillSet, Kind, Level, make_from_ref, make_question
from maubinh.drills.bank import Cell
from maubinh.drills.versions import data_version
from maubinh.rules import load_rule_set

CHI = Cell(Kind.CHI, Level.INTERMEDIATE, "chi-at")
NEW_LEARNERS = Cell(Kind.CHI, Level.BEGINNER, "chi-at")
"""Where a learner never rated is dealt (mới học, issue 20 item 11)."""
FOUL = Cell(Kind.FOUL, Level.INTERMEDIATE, "chi-at")


def _entries(cell: Cell, ordinals: range) -> list[Banked]:
    return [banked(make_from_ref(cell.ref(n)), cell.rule_set_id, n) for n in ordinals]


def test_a_banked_question_is_the_live_question_under_its_ordinary_key(store: ClassroomStore) -> None:
    bank = QuestionBank(store)
    entry = _entries(CHI, range(3, 4))[0]
    assert entry.key == CHI.ref(3).key and entry.key.startswith("chi-at:intermediate:chi:")
    themes = tuple(theme.value for theme in make_from_ref(CHI.ref(3)).themes)
    assert entry.version == data_version("chi-at") and entry.themes == themes and themes
    assert bank.add([entry]) == 1 and bank.add([entry]) == 0
    stored = bank.question(CHI.ref(3))
    assert stored is not None and record(stored) == record(make_from_ref(CHI.ref(3)))
    assert bank.question(CHI.ref(4)) is None  # not banked
    with store._session() as session:
        row = session.get(BankQuestion, entry.key)
        assert row is not None and row.themes == list(themes) and row.ordinal == 3 and row.record["key"] == entry.record["key"]


def test_loading_a_file_is_idempotent_and_atomic_under_concurrency(store: ClassroomStore, tmp_path: Path) -> None:
    path = tmp_path / "bank.jsonl.xz"
    entries = _entries(CHI, range(6)) + _entries(FOUL, range(4))
    assert write_file(path, entries) == 10
    assert read_file(path) == sorted(entries, key=lambda e: (e.kind, e.ordinal))
    bank = QuestionBank(store)
    added: list[int] = []
    errors: list[BaseException] = []

    def load() -> None:
        try:
            added.append(QuestionBank(ClassroomStore(store.engine)).load_file(path))
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=load) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors
    assert sum(added) == 10  # each question stored once, whoever loaded it
    assert bank.load_file(path) == 0
    assert bank.counts() == {("chi-at", "intermediate", "chi"): 6, ("chi-at", "intermediate", "foul"): 4}
    broken = tmp_path / "broken.jsonl.xz"
    write_file(broken, entries[:2])
    text = broken.read_bytes()
    broken.write_bytes(lzma.compress(lzma.decompress(text) + b'{"key": 1}\n'))
    with pytest.raises(ValueError, match="line 3"):
        bank.load_file(broken)
    assert bank.counts()[("chi-at", "intermediate", "chi")] == 6  # nothing of a broken file is stored


def test_a_repaired_file_replaces_the_questions_stored_wrong_under_the_same_key(store: ClassroomStore,
                                                                               tmp_path: Path) -> None:
    """The starter bank once held 840 questions stored before themes were computed (no themes, so a beginner was
    dealt a bonus question as a plain one): a file with them made again replaces them at the next start."""
    from classroom.snapshot import pack, unpack
    from maubinh.drills.path import facts

    bank = QuestionBank(store)
    right = _entries(FOUL, range(2))
    stale = [replace(e, themes=(), blob=pack(replace(unpack(e.blob), themes=()), compact=True)) for e in right]
    assert bank.add(stale) == 2 and unpack(bank.entries()[0].blob).themes == ()
    lesson = unpack(right[0].blob).lesson
    assert bank.facts([stale[0].key])[stale[0].key].steps == frozenset({lesson})  # its themes' lessons missing
    assert facts(unpack(right[0].blob)).steps > frozenset({lesson})
    path = tmp_path / "repaired.jsonl.xz"
    write_file(path, [right[0], stale[1]])
    assert bank.load_file(path) == 1 and bank.load_file(path) == 0  # one replaced; the same file is not read again
    again = {e.key: e for e in bank.entries()}
    assert again[right[0].key].themes == right[0].themes == ("foul", "ranking") and again[stale[1].key].themes == ()
    assert bank.question(FOUL.ref(0)) == make_from_ref(FOUL.ref(0))  # the stored question is the one made live
    assert bank.facts([right[0].key])[right[0].key] == facts(make_from_ref(FOUL.ref(0)))  # not the cached stale facts


def test_old_version_questions_are_no_longer_dealt_or_read(store: ClassroomStore) -> None:
    bank = QuestionBank(store)
    current, old = _entries(CHI, range(2))
    bank.add([current, replace(old, version="0ld0ld0ld0ld")])
    assert set(bank.ordinals("chi-at", Level.INTERMEDIATE, Kind.CHI)) == {0}
    assert bank.question(CHI.ref(1)) is None and bank.question(CHI.ref(0)) is not None
    assert bank.deal("chi-at", Level.INTERMEDIATE, Kind.CHI, 5) == [0]
    assert len(bank.entries()) == 1 and len(bank.entries(current=False)) == 2


def test_a_bank_set_deals_unseen_questions_first_then_ordinals_made_live(store: ClassroomStore) -> None:
    bank = QuestionBank(store)
    bank.add(_entries(CHI, range(3)) + _entries(FOUL, range(2)))
    seen = {CHI.ref(0).key}
    picks = deal_picks(bank, (Kind.CHI, Kind.FOUL), Level.INTERMEDIATE, "chi-at", 6, seen, random.Random(1))
    chis, fouls = picks[0::2], picks[1::2]
    assert sorted(chis[:2]) == [1, 2] and chis[2] >= 3  # 0 seen; then one not banked yet
    assert sorted(fouls[:2]) == [0, 1] and fouls[2] >= 2
    drill_set = DrillSet((Kind.CHI, Kind.FOUL), Level.INTERMEDIATE, "chi-at", 5, 6, picks=picks)
    assert drill_set.params()["bank"] == ".".join(map(str, picks))
    source = QuestionSource(bank)
    for index in range(6):
        assert record(source.of(drill_set, index)) == record(make_question(drill_set, index))
    assert source.hits == {"memory": 0, "bank": 4, "live": 2}
    source.of(drill_set, 5)
    assert source.hits["memory"] == 1  # a question made live is kept


def test_an_assignment_dealt_from_the_bank_keeps_its_picks_and_copies_its_questions(store: ClassroomStore) -> None:
    bank = QuestionBank(store)
    bank.add(_entries(CHI, range(4)))
    klass = store.create_class("Lớp 9A", "vi", load_rule_set("chi-at"))
    picks = deal_picks(bank, (Kind.CHI,), Level.INTERMEDIATE, "chi-at", 3)
    drill_set = DrillSet((Kind.CHI,), Level.INTERMEDIATE, "chi-at", 7, 3, picks=picks)
    assignment = store.assign(klass.info.id, "Bank", drill_set)
    assert store.assignment(assignment.id).drill_set == drill_set  # type: ignore[union-attr]
    source = QuestionSource(bank)
    grader = Grader(store, source=source)
    grader.grade(assignment).result(timeout=60)
    grader.shutdown()
    assert source.hits["bank"] == 3 and source.hits["live"] == 0
    assert [store.question(assignment.id, n).seed for n in range(3)] == [CHI.ref(p).seed for p in picks]


def test_two_learners_get_the_same_bank_question_and_share_its_rating(store: ClassroomStore) -> None:
    """Two new learners (both dealt at the start level, mới học) get the one banked question and rate it together."""
    bank = QuestionBank(store)
    bank.add(_entries(NEW_LEARNERS, range(1)))
    practice = Practice(store, bank=bank)
    first, second = (practice.create_profile(name).info.id for name in ("Lan", "Minh"))
    dealt = [practice.deal(learner, (Kind.CHI,), "chi-at", 1, random.Random(learner))[0] for learner in (first, second)]
    assert dealt[0].key == dealt[1].key == NEW_LEARNERS.ref(0).key
    for number, (learner, correct) in enumerate(((first, True), (second, False))):
        practice.record(learner, dealt[number], run_id="level-1", number=0, mode="level", lesson="five",
                        code="a", correct=correct, chi_lost=None, seconds=2.0)
    with store._session() as session:
        rating = session.scalars(select(QuestionRating).where(QuestionRating.key == NEW_LEARNERS.ref(0).key)).one()
    assert rating.attempts == 2
    # one right, then one wrong: the question moved both ways, from both learners' answers
    assert practice.question_rating(dealt[0]).rd < 300
    again = practice.deal(first, (Kind.CHI,), "chi-at", 1, random.Random(3))[0]
    assert again.key != NEW_LEARNERS.ref(0).key  # seen: not dealt to the same learner again


def test_the_file_keeps_questions_compact_as_plain_data_and_refuses_a_pickled_file(tmp_path: Path) -> None:
    import base64
    import json

    from classroom.legacy_pickle import convert_bank_file, legacy_pack
    from classroom.snapshot import pack, unpack
    from maubinh.drills.codec import dumps

    arrange = Cell(Kind.ARRANGE, Level.BEGINNER, "chi-at")
    entries = _entries(arrange, range(2))
    whole = [replace(e, blob=pack(unpack(e.blob))) for e in entries]  # an assignment's form: the deals themselves
    assert all(len(w.blob) > 50_000 for w in whole)
    path = tmp_path / "bank.jsonl.xz"
    write_file(path, whole)
    lines = [json.loads(line) for line in lzma.decompress(path.read_bytes()).splitlines()]
    assert all("pickle" not in line and "blob" not in line for line in lines)
    assert [line["question"]["kind"] for line in lines] == ["arrange", "arrange"]
    assert all("recipe" in line["question"]["opponents"]["field"] for line in lines)
    assert path.stat().st_size < 8_000  # two "set it yourself" questions: their deals are kept as recipes
    back = read_file(path)
    assert back == entries and all(record(unpack(b.blob)) == e.record for b, e in zip(back, entries))
    assert [b.blob for b in back] == [e.blob for e in entries]  # the bank's bytes, as packed
    # a file written before questions were stored as data: refused by the server, converted by the legacy reader
    older = tmp_path / "older.jsonl.xz"
    older.write_bytes(lzma.compress("".join(json.dumps(
        {k: v for k, v in line.items() if k != "question"}
        | {"pickle": base64.b64encode(zlib.decompress(legacy_pack(unpack(e.blob), compact=True))).decode("ascii")})
        + "\n" for line, e in zip(lines, entries)).encode("utf-8")))
    with pytest.raises(ValueError, match="line 1: a pickled question"):
        read_file(older)
    converted = tmp_path / "converted.jsonl.xz"
    assert convert_bank_file(older, converted) == (2, 2)
    assert read_file(converted) == entries and converted.read_bytes() == path.read_bytes()
    assert [dumps(unpack(b.blob), compact=True) for b in read_file(converted)] == [
        json.dumps(line["question"], ensure_ascii=False, separators=(",", ":")) for line in lines]

