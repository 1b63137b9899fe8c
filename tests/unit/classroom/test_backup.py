"""Issue 32, 6: ``python -m classroom backup FILE`` / ``restore FILE``, on both databases: a backup taken while
learners write answers restores every answer stored before it began (and nothing that was never stored), and
every refusal says what is wrong (a file that exists, a file that is no backup, a database not empty, a missing
``pg_dump``)."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from background.grading import Grader
from classroom import backup as backups
from classroom.__main__ import main, secrets_url
from classroom.backup import BackupError, backup, restore
from classroom.service import ClassroomStore
from maubinh.drills import DrillSet, Kind, Level
from maubinh.rules import load_rule_set
from tests.conftest import drop_postgres_database, fresh_postgres_database

LEARNERS, QUESTIONS = 24, 10


def _empty_target(source_url: str, tmp_path: Path) -> tuple[str, str | None]:
    """A new empty database of the same kind as ``source_url``: its URL and (PostgreSQL) its name to drop."""
    if make_url(source_url).get_backend_name() == "sqlite":
        return f"sqlite:///{tmp_path / 'restored' / 'classroom.sqlite'}", None
    return fresh_postgres_database()


def _answers(store: ClassroomStore, assignment_id: int) -> dict[tuple[str, int], tuple[str, bool]]:
    return {(a.learner_id, a.number): (a.code, a.correct) for a in store.answers(assignment_id)}


def test_a_backup_taken_while_learners_answer_restores_every_stored_answer(store: ClassroomStore,
                                                                          database_url: str,
                                                                          tmp_path: Path) -> None:
    klass = store.create_class("Sao lưu", "vi", load_rule_set("tinh-chi")).info
    drill_set = DrillSet((Kind.CHI, Kind.FOUL), Level.BEGINNER, "tinh-chi", seed=32, count=QUESTIONS)
    assignment = store.assign(klass.id, "Trong lúc ghi", drill_set)
    Grader(store).grade(assignment).result(timeout=300)
    learners = [store.join(klass.id, f"Học viên {n}").info.id for n in range(LEARNERS)]
    acknowledged: list[tuple[float, str, int, str]] = []  # (when the write returned, learner, number, code)
    lock = threading.Lock()
    enough = threading.Event()

    def answer_all(learner_id: str) -> None:
        for number in range(QUESTIONS):
            code = f"c{number % 3}"
            store.submit(assignment.id, learner_id, number, code, number % 2 == 0, None, 2.0)
            with lock:
                acknowledged.append((time.monotonic(), learner_id, number, code))
                if len(acknowledged) >= LEARNERS * 2:
                    enough.set()
            time.sleep(0.02)

    file = tmp_path / "classroom.backup"
    with ThreadPoolExecutor(max_workers=LEARNERS) as pool:
        writers = [pool.submit(answer_all, learner) for learner in learners]
        assert enough.wait(120)
        began = time.monotonic()
        done = backup(database_url, file)
        for writer in writers:
            writer.result()
    assert done.file == file and done.size == file.stat().st_size > 0
    before = {(lid, n): code for at, lid, n, code in acknowledged if at < began}
    later = [at for at, *_ in acknowledged if at > began]
    assert len(before) >= LEARNERS * 2 and later, "the backup did not start while answers were written"
    final = _answers(store, assignment.id)
    assert len(final) == LEARNERS * QUESTIONS

    target, name = _empty_target(database_url, tmp_path)
    try:
        restore(target, file)
        restored_store = ClassroomStore.open(target)
        try:
            restored = _answers(restored_store, assignment.id)
            assert restored_store.assignment(assignment.id).drill_set == drill_set  # type: ignore[union-attr]
            assert {learner.id for learner in restored_store.learners(klass.id)} == set(learners)
        finally:
            restored_store.engine.dispose()
        # Every answer stored before the backup began is in it, as stored; nothing in it was never stored.
        assert {key: restored[key][0] for key in before} == before
        assert all(final[key] == value for key, value in restored.items())
        # A second restore into the now full database is refused, naming it.
        with pytest.raises(BackupError, match="not empty"):
            restore(target, file)
    finally:
        if name:
            drop_postgres_database(name)


def test_refusals_say_what_is_wrong(store: ClassroomStore, database_url: str, tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "first.backup"
    assert main(["backup", str(file), "--database", database_url]) == 0
    assert "backed up" in capsys.readouterr().out
    # The backup never overwrites a file.
    assert main(["backup", str(file), "--database", database_url]) == 2
    assert "already exists" in capsys.readouterr().err
    assert main(["backup", str(tmp_path / "no" / "such" / "x"), "--database", database_url]) == 2
    assert "does not exist" in capsys.readouterr().err
    # Restoring over the database it came from (not empty), a text file, an empty file, a missing file.
    assert main(["restore", str(file), "--database", database_url]) == 2
    assert "not empty" in capsys.readouterr().err
    text = tmp_path / "notes.txt"
    text.write_text("not a backup\n" * 10)
    assert main(["restore", str(text), "--database", database_url]) == 2
    assert "is not a backup of the classroom" in capsys.readouterr().err
    (tmp_path / "empty").write_bytes(b"")
    assert main(["restore", str(tmp_path / "empty"), "--database", database_url]) == 2
    assert "is empty" in capsys.readouterr().err
    assert main(["restore", str(tmp_path / "missing"), "--database", database_url]) == 2
    assert "is not a file" in capsys.readouterr().err
    # A backup of the other kind of database is named as such.
    other = "postgresql://nobody@127.0.0.1:1/none" if database_url.startswith("sqlite") else \
        f"sqlite:///{tmp_path / 'other.sqlite'}"
    assert main(["restore", str(file), "--database", other]) == 2
    said = capsys.readouterr().err
    assert ("is a SQLite backup" if database_url.startswith("sqlite") else "is a PostgreSQL backup") in said
    assert not (tmp_path / "other.sqlite").exists()


def test_a_sqlite_file_that_is_not_a_classroom_is_neither_backed_up_nor_restored(tmp_path: Path) -> None:
    import sqlite3

    stranger = tmp_path / "other.sqlite"
    with sqlite3.connect(stranger) as connection:
        connection.execute("CREATE TABLE notes (body TEXT)")
    connection.close()
    with pytest.raises(BackupError, match="not a classroom database"):
        backup(f"sqlite:///{stranger}", tmp_path / "b")
    assert not (tmp_path / "b").exists() and list(tmp_path.iterdir()) == [stranger]  # no half file left
    with pytest.raises(BackupError, match="not a backup of the classroom"):
        restore(f"sqlite:///{tmp_path / 'new.sqlite'}", stranger)
    with pytest.raises(BackupError, match="there is no database at"):
        backup(f"sqlite:///{tmp_path / 'missing.sqlite'}", tmp_path / "c")


def test_pg_dump_is_found_on_path_or_under_debians_folder_or_named_missing(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    for version in ("9.6", "15", "16"):
        folder = tmp_path / version / "bin"
        folder.mkdir(parents=True)
        (folder / "pg_dump").write_text("#!/bin/sh\n")
        (folder / "pg_dump").chmod(0o755)
    (tmp_path / "16" / "bin" / "pg_dump").chmod(0o644)  # not runnable: passed over
    monkeypatch.setenv("PATH", str(tmp_path / "nowhere"))
    assert backups.find_tool("pg_dump", str(tmp_path / "*" / "bin")) == tmp_path / "15" / "bin" / "pg_dump"
    with pytest.raises(BackupError, match="pg_restore was not found on PATH.*apt-get install postgresql-client"):
        backups.find_tool("pg_restore", str(tmp_path / "*" / "bin"))
    monkeypatch.setenv("PATH", str(tmp_path / "9.6" / "bin"))
    assert backups.find_tool("pg_dump", str(tmp_path / "*" / "bin")) == tmp_path / "9.6" / "bin" / "pg_dump"


def test_the_database_is_read_from_streamlits_secrets_when_the_environment_names_none(tmp_path: Path) -> None:
    first, second = tmp_path / "a.toml", tmp_path / "b.toml"
    first.write_text('[connections.other]\nurl = "sqlite:///x"\n')
    second.write_text('[connections.classroom]\nurl = "postgresql://u@db/maubinh"\n')
    assert secrets_url([tmp_path / "missing.toml", first, second]) == "postgresql://u@db/maubinh"
    assert secrets_url([first]) is None
