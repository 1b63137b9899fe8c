"""The load scripts' websocket client behaves as a browser does: ``bench/class_load.py --browser-check``
has one simulated tab and one Chromium answer the same questions with the same choices, and both must
store the same answers (question numbers, answer codes, grades)."""

from __future__ import annotations

import subprocess
import sys

from tests.e2e.conftest import REPO_ROOT


def test_simulated_tab_stores_what_chromium_stores() -> None:
    done = subprocess.run([sys.executable, "bench/class_load.py", "--browser-check", "--questions", "3"],
                          cwd=REPO_ROOT, capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "stored the same 3 answers: ok" in done.stdout, done.stdout
