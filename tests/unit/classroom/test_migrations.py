"""The Alembic migrations build exactly the models' schema, on both databases, and run twice harmlessly."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from classroom.database import make_engine, migrate
from classroom.models import Base


def test_upgrade_head_builds_the_models_schema_and_is_idempotent(database_url: str) -> None:
    engine = make_engine(database_url)
    try:
        migrate(engine)
        migrate(engine)  # a second server starting, or a restart: nothing to do
        tables = set(inspect(engine).get_table_names())
        assert {"classes", "learners", "assignments", "assigned_questions", "answers", "alembic_version"} <= tables
        with engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
        assert differences == []
    finally:
        engine.dispose()


def test_sqlite_runs_in_wal_mode_with_foreign_keys(tmp_path) -> None:  # type: ignore[no-untyped-def]
    engine = make_engine(f"sqlite:///{tmp_path / 'c.sqlite'}")
    try:
        with engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    finally:
        engine.dispose()
