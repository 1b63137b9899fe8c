"""Everything type-checks under ``mypy --strict`` (issue 3: the engine; issue 33 §5: the app held to the same
standard): the packages ``[tool.mypy] files`` names in ``pyproject.toml``, with its per-module settings."""

import tomllib
from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "pyproject.toml"


def test_mypy_strict_is_clean_over_the_engine_and_the_app() -> None:
    files = tomllib.loads(CONFIG.read_text(encoding="utf-8"))["tool"]["mypy"]["files"]
    assert {"maubinh", "classroom", "background", "daudiachu", "ui", "pages", "deploy"} <= set(files)
    stdout, stderr, status = api.run(["--config-file", str(CONFIG), "--strict", "--no-incremental",
                                      *(str(ROOT / name) for name in files)])
    assert status == 0, stdout + stderr
