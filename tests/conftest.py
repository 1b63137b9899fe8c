"""Fixtures shared by every test folder (unit/, app/, e2e/)."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository root: app.py, pages/ and content/ are resolved from here, never from the cwd."""
    return REPO_ROOT
