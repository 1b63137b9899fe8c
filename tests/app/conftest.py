"""Fixtures for AppTest tests (no browser).

``st.cache_data`` and ``st.cache_resource`` live in the process, so they persist from one AppTest
to the next within a pytest run; clear them before each test so that tests stay independent.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import streamlit as st
from streamlit.testing.v1 import AppTest

from classroom.service import ClassroomStore

ROOT = Path(__file__).resolve().parents[2]
PAGE_TIMEOUT_S = 120


@pytest.fixture(scope="session")
def _shared_database(tmp_path_factory: pytest.TempPathFactory) -> str:
    return f"sqlite:///{tmp_path_factory.mktemp('classroom') / 'classroom.sqlite'}"


@pytest.fixture(autouse=True)
def _own_database(_shared_database: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Pages that open the classroom (the Drill reads the question bank) use a database of the test run, never
    the repository's ``data/`` (a test's ``db`` fixture gives it a fresh one of its own)."""
    monkeypatch.setenv("MAUBINH_DATABASE_URL", _shared_database)


@pytest.fixture(autouse=True)
def _clear_streamlit_caches() -> Iterator[None]:
    st.cache_data.clear()
    st.cache_resource.clear()
    yield


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ClassroomStore]:
    """The app's classroom on a fresh SQLite file (the pages open it through MAUBINH_DATABASE_URL)."""
    url = f"sqlite:///{tmp_path / 'classroom.sqlite'}"
    monkeypatch.setenv("MAUBINH_DATABASE_URL", url)
    store = ClassroomStore.open(url)
    yield store
    store.engine.dispose()


def open_page(page: str, **params: str) -> AppTest:
    """``pages/<page>.py`` run once with ``params`` in its URL."""
    at = AppTest.from_file(str(ROOT / "pages" / f"{page}.py"), default_timeout=PAGE_TIMEOUT_S)
    for key, value in params.items():
        at.query_params[key] = value
    return at.run()
