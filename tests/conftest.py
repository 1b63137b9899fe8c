"""Fixtures shared by every test folder (unit/, app/, e2e/).

Databases: :func:`database_url` gives each test a fresh, empty classroom database, once on SQLite (a file
in the test's temporary folder) and once on PostgreSQL. The PostgreSQL runs need a server:
``MAUBINH_TEST_POSTGRES_URL=postgresql://user@host:port/postgres`` (a role that may create databases;
``.ci/run`` starts one); without it they are skipped with a message saying so.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from classroom.database import database_url as normalised_url

REPO_ROOT = Path(__file__).resolve().parent.parent
# The tests see every error as it is (a test asserting no exception must be able to fail): ui.errors
# re-raises instead of showing its plain message. tests/app/test_errors.py turns it off to test that message.
os.environ.setdefault("MAUBINH_SHOW_ERRORS", "1")
os.environ.setdefault("STREAMLIT_CLIENT_SHOW_ERROR_DETAILS", "full")  # the app's config hides them from users
POSTGRES_ENV = "MAUBINH_TEST_POSTGRES_URL"
POSTGRES_MISSING = (
    f"PostgreSQL tests need a server: set {POSTGRES_ENV}=postgresql://user@host:port/postgres "
    "(a role allowed to create databases; .ci/run starts one)"
)


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository root: app.py, pages/ and content/ are resolved from here, never from the cwd."""
    return REPO_ROOT


def fresh_postgres_database() -> tuple[str, str]:
    """Create an empty database on the test server; returns ``(url, name)`` (skips without a server)."""
    admin = os.environ.get(POSTGRES_ENV)
    if not admin:
        pytest.skip(POSTGRES_MISSING)
    name = "maubinh_test_" + secrets.token_hex(6)
    engine = create_engine(normalised_url(admin), isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    engine.dispose()
    return make_url(normalised_url(admin)).set(database=name).render_as_string(hide_password=False), name


def drop_postgres_database(name: str) -> None:
    """Drop a database made by :func:`fresh_postgres_database` (closing what still uses it)."""
    engine = create_engine(normalised_url(os.environ[POSTGRES_ENV]), isolation_level="AUTOCOMMIT")
    with engine.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty classroom database's URL: SQLite, then PostgreSQL (skipped without a server)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'classroom.sqlite'}"
        return
    url, name = fresh_postgres_database()
    try:
        yield url
    finally:
        drop_postgres_database(name)


_E2E = REPO_ROOT / "tests" / "e2e"
_E2E_IDS = "tests/e2e/"


def _browser_test(item: pytest.Item) -> bool:
    return _E2E in Path(str(item.path)).resolve().parents


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """Under pytest-xdist (``make test`` runs two workers): the browser tests are one unit of work, so that they all
    run on one worker and share its one app server and browser (session fixtures of ``tests/e2e/conftest.py``),
    while the other worker runs the unit and AppTest tests one by one. (xdist's own ``--dist loadgroup`` marks do
    not take under pytest 9, whose test ids it can no longer rename.)"""
    from xdist.scheduler import LoadScopeScheduling

    class BrowserTestsTogether(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return "browser" if nodeid.startswith(_E2E_IDS) else nodeid

    return BrowserTestsTogether(config, log)  # type: ignore[arg-type]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The browser tests first: the longest unit of work starts at once on its own worker, instead of after the
    AppTest tests (collection order), which would leave the other worker idle at the end."""
    browser = [item for item in items if _browser_test(item)]
    chosen = set(map(id, browser))
    items[:] = browser + [item for item in items if id(item) not in chosen]
