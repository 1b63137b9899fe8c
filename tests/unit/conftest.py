"""A fresh classroom store per test, on SQLite and on PostgreSQL (see tests/conftest.py): the classroom's tests and
the UI's that store something."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from classroom.service import ClassroomStore


@pytest.fixture
def store(database_url: str) -> Iterator[ClassroomStore]:
    opened = ClassroomStore.open(database_url)
    try:
        yield opened
    finally:
        opened.engine.dispose()
