"""The engine type-checks under ``mypy --strict`` (issue 3: done when mypy --strict maubinh is clean), and so does
the home of background work (issue 33, item 2)."""

from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_strict_engine_is_clean():
    stdout, stderr, status = api.run(["--strict", "--no-incremental", str(ROOT / "maubinh"), str(ROOT / "background")])
    assert status == 0, stdout + stderr
