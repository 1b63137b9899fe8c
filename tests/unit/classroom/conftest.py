"""A fresh classroom store per test, on SQLite and on PostgreSQL (see tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sqlalchemy import Connection, text

from classroom.service import ClassroomStore


@pytest.fixture
def store(database_url: str) -> Iterator[ClassroomStore]:
    opened = ClassroomStore.open(database_url)
    try:
        yield opened
    finally:
        opened.engine.dispose()


def insert_old_class(connection: Connection) -> None:
    """A class ``c1`` with a learner ``l1``, written with SQL by hand: the columns every revision has, so the
    rows stand in a database migrated only to an older revision (today's models hold columns it lacks)."""
    connection.execute(text("INSERT INTO classes (id, name, language, rule_set_id, join_code, teacher_hash, "
                            "created_at) VALUES ('c1', 'A', 'vi', 'chi-at', 'J1', 'h', '2026-01-01')"))
    connection.execute(text("INSERT INTO learners (id, class_id, name, name_key, secret_hash, joined_at) "
                            "VALUES ('l1', 'c1', 'Lan', 'lan', 'h', '2026-01-01')"))
