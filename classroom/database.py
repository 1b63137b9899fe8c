"""Where the classroom lives: the database URL, the engine, and the migrations applied at start.

The default is a SQLite file, ``data/classroom.sqlite`` under the repository (the folder is ignored by
git), in WAL mode so that readers never wait for a writer. One setting points it at PostgreSQL:
the environment variable ``MAUBINH_DATABASE_URL`` (the app also reads ``[connections.classroom] url``
from ``.streamlit/secrets.toml``, Streamlit's ``st.connection`` convention, and passes it here), e.g.
``postgresql+psycopg://user:password@host/maubinh``. Plain ``postgresql://`` URLs get psycopg 3.

:func:`migrate` brings a database to the newest schema with Alembic (``classroom/migrations``); two
servers starting at once on PostgreSQL take turns (an advisory lock).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url

__all__ = ["DATABASE_ENV", "DEFAULT_PATH", "database_url", "make_engine", "migrate"]

DATABASE_ENV = "MAUBINH_DATABASE_URL"
"""The environment variable naming the classroom database."""
DEFAULT_PATH = Path(__file__).resolve().parent.parent / "data" / "classroom.sqlite"
"""The SQLite file used when nothing else is set."""
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
_LOCK_ID = 7_203_311
"""PostgreSQL advisory lock held while migrating (any fixed number private to this app)."""


def database_url(configured: str | None = None) -> str:
    """The URL to use: ``configured`` (e.g. from Streamlit's secrets), else :data:`DATABASE_ENV`, else the
    SQLite file :data:`DEFAULT_PATH`. ``postgresql://`` and ``postgres://`` are given the psycopg 3 driver.

    >>> database_url("postgresql://u@db/maubinh")
    'postgresql+psycopg://u@db/maubinh'
    """
    url = (configured or os.environ.get(DATABASE_ENV) or "").strip()
    if not url:
        return f"sqlite:///{DEFAULT_PATH}"
    for plain in ("postgresql://", "postgres://"):
        if url.startswith(plain):
            return "postgresql+psycopg://" + url[len(plain):]
    return url


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


def make_engine(url: str) -> Engine:
    """An engine for ``url``. SQLite: the file's folder is created, WAL mode, foreign keys on, writers
    wait up to 30 s for each other. PostgreSQL: a pool sized for a class arriving at once.

    Raises:
        sqlalchemy.exc.ArgumentError: for a URL SQLAlchemy cannot read.
    """
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False},
                               pool_size=8, max_overflow=32)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_size=10, max_overflow=30, pool_pre_ping=True)


def _alembic_config(engine: Engine) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False).replace("%", "%%"))
    return config


def migrate(engine: Engine, revision: str = "head") -> None:
    """Upgrade the database behind ``engine`` to the newest schema (``alembic upgrade head``), or to
    ``revision`` (tests build older databases with it).

    On SQLite, foreign keys are off while migrating: a batch migration rebuilds a table by copying it and
    dropping the old one, and with foreign keys on, that drop would delete every row referencing it (all
    the answers, when ``assignments`` is rebuilt). They are checked before the migration commits.

    Raises:
        RuntimeError: SQLite rows left pointing at nothing after the migration (it is rolled back).
    """
    config = _alembic_config(engine)
    with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:  # the pragma does nothing inside a transaction: set before one starts
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()
        try:
            with connection.begin():
                if connection.dialect.name == "postgresql":
                    connection.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": _LOCK_ID})
                config.attributes["connection"] = connection
                command.upgrade(config, revision)
                if sqlite:
                    broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                    if broken:
                        raise RuntimeError(f"the migration left {len(broken)} rows pointing at nothing: {broken[:5]}")
        finally:
            if sqlite:
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                connection.commit()
