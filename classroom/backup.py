"""Backing the classroom database up to one file, and restoring it into an empty database.

``python -m classroom backup FILE`` and ``python -m classroom restore FILE`` (:mod:`classroom.__main__`), on
the app's database (:func:`classroom.database.database_url`; ``--database URL`` names another).

- **SQLite**: SQLite's online backup API (:meth:`sqlite3.Connection.backup`), in one step: the copy is the
  database as it was at one moment, while the app goes on writing (WAL mode: a reader never stops a writer).
  The backup is one self-contained SQLite file (journal mode ``DELETE``, integrity checked).
- **PostgreSQL**: ``pg_dump --format=custom`` (one consistent snapshot while the app runs) and ``pg_restore``
  (``--single-transaction --exit-on-error``, no owners or grants: the target's user owns what it restores),
  found on ``PATH`` or under ``/usr/lib/postgresql/<version>/bin`` (the newest). The password goes to them in
  the environment (``PGPASSWORD``), never on a command line.

A backup is written to a temporary file beside ``FILE`` and renamed at the end, so a failed one leaves no
half file; an existing ``FILE`` is never overwritten. A restore goes only into a database without tables (a
new SQLite file, or a PostgreSQL database just created): restoring over a classroom would mix two of them.
The restored database is then migrated to this version's schema (a backup of an older version is upgraded;
one of a newer version is refused). Every refusal is a :class:`BackupError` whose message says what to do.
"""

from __future__ import annotations

import glob
import os
import shutil
import sqlite3
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import SQLAlchemyError

from classroom.database import MIGRATIONS, make_engine, migrate

__all__ = ["PG_BIN_GLOB", "BackupError", "Done", "backup", "find_tool", "restore"]

PG_BIN_GLOB = "/usr/lib/postgresql/*/bin"
"""Where Debian installs PostgreSQL's programs, one folder per major version (searched after ``PATH``)."""
_SQLITE_MAGIC = b"SQLite format 3\x00"
_PG_MAGIC = b"PGDMP"
"""The first bytes of a ``pg_dump --format=custom`` file."""
_VERSION_TABLE = "alembic_version"


class BackupError(Exception):
    """A backup or restore refused or failed; the message names what is wrong and what to do."""


@dataclass(frozen=True)
class Done:
    """What a backup or restore did: the file, its size in bytes, and the database (password hidden)."""

    file: Path
    size: int
    database: str


def find_tool(name: str, bin_glob: str = PG_BIN_GLOB) -> Path:
    """The program ``name`` (``pg_dump``, ``pg_restore``) on ``PATH``, else in the newest folder of ``bin_glob``.

    Raises:
        BackupError: it is in neither (the message says how to install it).
    """
    found = shutil.which(name)
    if found:
        return Path(found)
    folders = sorted(glob.glob(bin_glob), key=_version_key, reverse=True)
    for folder in folders:
        candidate = Path(folder) / name
        if os.access(candidate, os.X_OK):
            return candidate
    raise BackupError(f"{name} was not found on PATH nor in {bin_glob}: install PostgreSQL's client programs "
                      f"(Debian: sudo apt-get install postgresql-client), of the server's version or newer")


def _version_key(folder: str) -> tuple[int, ...]:
    parts = Path(folder).parent.name.split(".")
    return tuple(int(p) for p in parts if p.isdigit())


def _shown(url: URL) -> str:
    return url.render_as_string(hide_password=True)


def _sqlite_path(url: URL) -> Path:
    if not url.database or url.database == ":memory:":
        raise BackupError(f"{_shown(url)} is not a SQLite file")
    return Path(url.database)


def _head() -> str:
    head = ScriptDirectory(str(MIGRATIONS)).get_current_head()
    assert head is not None
    return head


def _known_revisions() -> set[str]:
    return {script.revision for script in ScriptDirectory(str(MIGRATIONS)).walk_revisions()}


def _new_file(file: Path) -> None:
    if file.exists():
        raise BackupError(f"{file} already exists: choose a new file name (a backup never overwrites a file)")
    if not file.parent.is_dir():
        raise BackupError(f"the folder {file.parent} does not exist")


def _backup_file(file: Path) -> bytes:
    """The first bytes of a backup file to restore (refused: missing, a folder, empty)."""
    if not file.is_file():
        raise BackupError(f"{file} is not a file")
    with file.open("rb") as handle:
        start = handle.read(len(_SQLITE_MAGIC))
    if not start:
        raise BackupError(f"{file} is empty: not a backup")
    return start


def backup(url: str, file: Path) -> Done:
    """Back the database at ``url`` (a SQLAlchemy URL) up to the new file ``file``, while the app may run.

    Raises:
        BackupError: ``file`` exists or its folder does not; the database is missing or is not a classroom;
            ``pg_dump`` is missing or fails (its message is included).
    """
    parsed = make_url(url)
    file = Path(file)
    _new_file(file)
    temporary = Path(tempfile.mkstemp(prefix=f".{file.name}.", suffix=".part", dir=file.parent)[1])
    try:
        if parsed.get_backend_name() == "sqlite":
            _sqlite_backup(_sqlite_path(parsed), temporary)
        elif parsed.get_backend_name() == "postgresql":
            _require_classroom(url)
            _run([str(find_tool("pg_dump")), "--format=custom", "--no-owner", "--no-privileges",
                  f"--file={temporary}", f"--dbname={_libpq(parsed)}"], parsed, "pg_dump")
        else:
            raise BackupError(f"backups of {parsed.get_backend_name()} databases are not supported")
        os.replace(temporary, file)
    finally:
        temporary.unlink(missing_ok=True)
    return Done(file, file.stat().st_size, _shown(parsed))


def _sqlite_backup(source: Path, target: Path) -> None:
    if not source.is_file():
        raise BackupError(f"there is no database at {source}: nothing to back up "
                          "(is MAUBINH_DATABASE_URL or --database set as the app's?)")
    reader = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True, timeout=30)
    writer = sqlite3.connect(target)
    try:
        if not _sqlite_tables(reader) & {_VERSION_TABLE}:
            raise BackupError(f"{source} is not a classroom database (no {_VERSION_TABLE} table)")
        reader.backup(writer)  # one step: the database as it was when the copy began
        writer.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, no -wal beside it
        check = writer.execute("PRAGMA quick_check").fetchone()
        if not check or check[0] != "ok":
            raise BackupError(f"the copy of {source} failed its integrity check: {check}")
    except sqlite3.Error as error:
        raise BackupError(f"SQLite could not back {source} up: {error}") from error
    finally:
        writer.close()
        reader.close()


def _sqlite_tables(connection: sqlite3.Connection) -> set[str]:
    rows = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
    return {str(row[0]) for row in rows}


def _libpq(url: URL) -> str:
    """The URL as libpq reads it: plain ``postgresql://``, no driver, no password (given in the environment)."""
    return url.set(drivername="postgresql", password=None).render_as_string(hide_password=False)


def _run(command: list[str], url: URL, tool: str) -> None:
    environment = dict(os.environ)
    if url.password:
        environment["PGPASSWORD"] = str(url.password)
    done = subprocess.run(command, env=environment, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        said = done.stderr.strip() or done.stdout.strip() or f"exit status {done.returncode}"
        raise BackupError(f"{tool} failed on {_shown(url)}: {said}")


def _tables(url: str) -> set[str]:
    """The tables of the database at ``url`` (PostgreSQL: every schema but the system's)."""
    engine = create_engine(url)
    try:
        inspector = inspect(engine)
        schemas = [s for s in inspector.get_schema_names() if s not in ("information_schema", "pg_catalog")]
        return {f"{schema}.{name}" if schema != "public" else name
                for schema in schemas for name in inspector.get_table_names(schema=schema)}
    except SQLAlchemyError as error:
        raise BackupError(f"cannot open {_shown(make_url(url))}: {error}") from error
    finally:
        engine.dispose()


def _require_classroom(url: str) -> None:
    if _VERSION_TABLE not in _tables(url):
        raise BackupError(f"{_shown(make_url(url))} is not a classroom database (no {_VERSION_TABLE} table)")


def _require_empty(url: str) -> None:
    tables = _tables(url)
    if tables:
        listed = ", ".join(sorted(tables)[:5]) + (", ..." if len(tables) > 5 else "")
        raise BackupError(f"{_shown(make_url(url))} is not empty ({len(tables)} tables: {listed}): restore into a "
                          "new, empty database (stop the app, move the old file away or create a new "
                          "PostgreSQL database, then restore and start the app on it)")


def restore(url: str, file: Path) -> Done:
    """Restore the backup ``file`` into the empty database at ``url``, then migrate it to this version's schema.

    Raises:
        BackupError: ``file`` is missing, empty, not a backup, or a backup of the other kind of database (a
            SQLite file into PostgreSQL or a ``pg_dump`` into SQLite), or of a newer version of the app; the
            database holds tables already; ``pg_restore`` is missing or fails (its message is included).
    """
    parsed = make_url(url)
    file = Path(file)
    start = _backup_file(file)
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        if start.startswith(_PG_MAGIC):
            raise BackupError(f"{file} is a PostgreSQL backup (pg_dump): restore it into a PostgreSQL database "
                              "(--database postgresql://...)")
        if start != _SQLITE_MAGIC:
            raise BackupError(f"{file} is not a backup of the classroom (neither SQLite nor pg_dump's format)")
        _sqlite_restore(file, _sqlite_path(parsed))
    elif backend == "postgresql":
        if start == _SQLITE_MAGIC:
            raise BackupError(f"{file} is a SQLite backup: restore it into a SQLite file "
                              "(--database sqlite:///path/to/classroom.sqlite)")
        if not start.startswith(_PG_MAGIC):
            raise BackupError(f"{file} is not a backup of the classroom (neither SQLite nor pg_dump's format)")
        _require_empty(url)
        _run([str(find_tool("pg_restore")), "--no-owner", "--no-privileges", "--single-transaction",
              "--exit-on-error", f"--dbname={_libpq(parsed)}", str(file)], parsed, "pg_restore")
        _require_known(_pg_revision(url), file)
    else:
        raise BackupError(f"restoring into {backend} databases is not supported")
    engine = make_engine(url)
    try:
        migrate(engine)
    finally:
        engine.dispose()
    return Done(file, file.stat().st_size, _shown(parsed))


def _require_known(revision: str | None, file: Path) -> None:
    if revision is None:
        raise BackupError(f"{file} is not a backup of the classroom (no {_VERSION_TABLE})")
    if revision not in _known_revisions():
        raise BackupError(f"{file} was made by a newer version of the app (schema {revision}, this one knows up "
                          f"to {_head()}): update the app first")


def _pg_revision(url: str) -> str | None:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return connection.exec_driver_sql(f"SELECT version_num FROM {_VERSION_TABLE}").scalar()
    except SQLAlchemyError:
        return None
    finally:
        engine.dispose()


def _sqlite_restore(file: Path, target: Path) -> None:
    try:
        reader = sqlite3.connect(f"{file.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as error:
        raise BackupError(f"{file} cannot be read as SQLite: {error}") from error
    try:
        if _VERSION_TABLE not in _sqlite_tables(reader):
            raise BackupError(f"{file} is not a backup of the classroom (no {_VERSION_TABLE} table)")
        row = reader.execute(f"SELECT version_num FROM {_VERSION_TABLE}").fetchone()
        _require_known(str(row[0]) if row else None, file)
        target.parent.mkdir(parents=True, exist_ok=True)
        writer = sqlite3.connect(target)
        try:
            if _sqlite_tables(writer):
                raise BackupError(f"{target} is not empty: restore into a new file (stop the app, move "
                                  f"{target} away, then restore and start the app)")
            reader.backup(writer)
        finally:
            writer.close()
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{file} is not a readable SQLite backup: {error}") from error
    finally:
        reader.close()
