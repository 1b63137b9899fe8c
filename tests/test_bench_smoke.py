"""Smoke run of every benchmark script with tiny sizes: they run and print their figures.

The real figures come from running them by hand (see bench/ and the issue's closing note).
"""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

RUNS = [
    (["bench/solve_speed.py", "--hands", "40", "--numpy-hands", "4", "--calls", "10"], "same splits, kernel and numpy: True"),
    (["bench/quality.py", "--hands", "2", "--opponents", "20", "--numpy-hands", "1"], "same numbers: True"),
    (["bench/head_to_head.py", "--deals", "10"], "solver vs strongest-back-first"),
    (["bench/declare_paths.py", "--hands", "4"], "4 seats, chi-at-strict: 4 hands, differ 0"),
    (["bench/live_poll.py", "--learners", "3", "--questions", "1", "--seconds", "1.5"], "answers stored: 3 of 3 sent, lost 0"),
    (["bench/classroom_store.py", "--learners", "3", "--questions", "2", "--runs", "1"], "save an answer, SQLite"),
    (["bench/class_load.py", "--learners", "2", "--questions", "2", "--think", "0"],
     "answers stored: 4 (4 distinct learner x question; expected 4: ok)"),
    (["bench/class_load.py", "--free-drill", "--kinds", "chi,settle", "--learners", "2", "--questions", "2",
      "--think", "0"], "errors: 0 (target: 0)"),
    (["bench/ev_stderr.py", "--hands", "1", "--budget", "0.1", "--grade-opponents", "20"], "same best split: True"),
    (["bench/simulate_speed.py", "--deals", "8", "--numpy-deals", "2", "--workers", "2"],
     "same totals, kernel and numpy: True"),
    (["bench/bands.py", "--deals", "2", "--seats", "2"], "rules chi-at, table seed 36, 2 deals at 2 seats"),
    (["bench/before_after.py", "--base", ".", "--rounds", "1", "--hands", "40", "--calls", "10", "--deals", "4"],
     "same simulate outputs before and after: True"),
    (["bench/rooms_poll.py", "--players", "0", "--reads", "5"], "signature read (sqlite)"),
    (["bench/rooms_deals.py", "--rooms", "2", "--people", "3"], "hands stored: 8 (expected 8: ok)"),
]


@pytest.mark.parametrize(("args", "figure"), RUNS, ids=[" ".join(r[0][:2]) for r in RUNS])
def test_benchmark_runs_and_prints_its_figure(args, figure):
    done = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    assert figure in done.stdout
