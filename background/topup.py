"""An idle server tops the question bank up in the background (issue 23), without slowing its pages.

With ``MAUBINH_BANK_TOPUP=N`` (questions per cell; unset or 0: off), the first server process on a machine
that opens a database starts ``python -m background.bank build --per-cell N --idle`` for it: one child
process of the background home (:meth:`background.home.Home.spawn`, a process group of its own) at the lowest CPU
priority, one question at a time, waiting while the machine is busy (:func:`background.bank.busy`), storing each
question as it is made. A lock file per database
(in the temporary directory, held by the server and the child) keeps other servers of the same machine from
starting a second one; servers on other machines may build the same questions, which are then stored once
(storing is idempotent). The child ends when it has made every question missing, or with the server (the home's stop, and
:meth:`TopUp.stop` at exit).
"""

from __future__ import annotations

import atexit
import fcntl
import hashlib
import logging
import os
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import IO

from background.home import home

__all__ = ["TOPUP_ENV", "TopUp", "start", "start_from_env"]

TOPUP_ENV = "MAUBINH_BANK_TOPUP"
"""Environment variable: the questions per cell an idle server tops the bank up to (unset or 0: off)."""
_MOST = 10_000
"""Largest value taken from :data:`TOPUP_ENV`."""
_ROOT = Path(__file__).resolve().parent.parent
_log = logging.getLogger(__name__)


class TopUp:
    """A running top-up: the child process and the lock file it holds with this server."""

    def __init__(self, process: subprocess.Popen[bytes], lock: IO[bytes], log_path: Path) -> None:
        self.process = process
        self._lock = lock
        self.log_path = log_path
        """Where the child writes one line per question made."""

    def stop(self, wait_s: float = 10.0) -> None:
        """End the child and its worker (their process group; if they still run), at most ``wait_s`` seconds
        after asking (then killed), and release the lock."""
        home().end(self.process, wait_s)
        self._lock.close()  # also on the home's stop (``on_end``); closing twice is nothing


def _lock_path(url: str | None) -> Path:
    name = hashlib.sha256((url or "default").encode("utf-8")).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"maubinh-bank-topup-{name}.lock"


def start(url: str | None, per_cell: int, only: Sequence[str] = ()) -> TopUp | None:
    """Start topping up the bank of the database ``url`` (``None``: the app's default) to ``per_cell`` questions
    per cell, unless a top-up of that database already runs on this machine (then ``None``). ``only``: more
    ``build`` options (``--kinds chi``...), for tests.

    Raises:
        ValueError: for ``per_cell`` below 1.
    """
    if per_cell < 1:
        raise ValueError(f"questions per cell must be 1 or more, got {per_cell}")
    path = _lock_path(url)
    lock = path.open("ab")
    try:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        lock.close()
        return None
    command = [sys.executable, "-m", "background.bank", *(["--database", url] if url else []), "build",
               "--per-cell", str(per_cell), "--idle", *only]
    log_path = path.with_suffix(".log")
    try:
        with log_path.open("ab") as log:  # a session of its own: its worker process ends with it
            process = home().spawn(command, on_end=lock.close, cwd=_ROOT, stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                                   pass_fds=(lock.fileno(),), env={**os.environ, "PYTHONPATH": str(_ROOT)})
    except (OSError, RuntimeError):  # no process here, or the server is stopping
        lock.close()
        _log.warning("the question bank's top-up could not start", exc_info=True)
        return None
    _log.info("topping the question bank up to %d per cell in process %d (log %s)", per_cell, process.pid, log_path)
    topup = TopUp(process, lock, log_path)
    atexit.register(topup.stop)
    return topup


def start_from_env(url: str | None) -> TopUp | None:
    """:func:`start` as :data:`TOPUP_ENV` says (``None`` when it is off, or not a whole number, which is logged)."""
    text = os.environ.get(TOPUP_ENV, "").strip()
    if not text or text == "0":
        return None
    try:
        per_cell = int(text)
    except ValueError:
        _log.error("%s=%r is not a whole number of questions per cell; no top-up", TOPUP_ENV, text[:20])
        return None
    if not 1 <= per_cell <= _MOST:
        _log.error("%s must be 1-%d questions per cell, got %d; no top-up", TOPUP_ENV, _MOST, per_cell)
        return None
    return start(url, per_cell)
