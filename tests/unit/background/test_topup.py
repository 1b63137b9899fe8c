"""background.topup and the idle build: a server's background top-up of the question bank (issue 23)."""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path

import pytest

from background import bank as bank_command
from background import topup
from background.home import home
from classroom.bank import QuestionBank
from classroom.service import ClassroomStore

ONE_CELL = ("--kinds", "chi", "--levels", "beginner", "--rules", "chi-at", "--busy-at", "1000")
"""One cheap cell, and never too busy (a loaded test machine must not stall the child)."""


def test_a_top_up_fills_its_cells_in_a_child_and_only_one_runs_per_database(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'bank.sqlite'}"
    store = ClassroomStore.open(url)
    running = topup.start(url, 2, ONE_CELL)
    assert running is not None
    try:
        assert topup.start(url, 2, ONE_CELL) is None  # a second server of this machine leaves it to the first
        assert running.process.wait(timeout=240) == 0
        assert QuestionBank(store).counts() == {("chi-at", "beginner", "chi"): 2}
        log = running.log_path.read_text()
        assert "made chi-at beginner chi #0" in log and "made chi-at beginner chi #1" in log
    finally:
        running.stop()
    again = topup.start(url, 2, ONE_CELL)  # the lock is free once the first top-up stopped; nothing left to make
    assert again is not None
    try:
        assert again.process.wait(timeout=240) == 0
        assert QuestionBank(store).counts() == {("chi-at", "beginner", "chi"): 2}
    finally:
        again.stop()


def test_an_idle_build_waits_while_the_machine_is_busy() -> None:
    assert bank_command.busy(lambda: (2.0, 0.0, 0.0), at=2) and not bank_command.busy(lambda: (1.9, 0.0, 0.0), at=2)
    loads = iter([3.5, 2.5, 2.0, 0.4])
    slept: list[float] = []
    waited = bank_command._wait_until_idle(lambda: bank_command.busy(lambda: (next(loads), 0.0, 0.0), at=2),
                                           slept.append)
    assert waited == 3 and slept == [bank_command.IDLE_POLL_SECONDS] * 3


@pytest.mark.parametrize(("value", "logged"), [("", None), ("0", None), ("many", "not a whole number"),
                                                ("-3", "must be 1-10000"), ("99999", "must be 1-10000")])
def test_the_setting_off_or_wrong_starts_nothing(value: str, logged: str | None, monkeypatch: pytest.MonkeyPatch,
                                                 caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setenv(topup.TOPUP_ENV, value)
    with caplog.at_level(logging.ERROR, logger="background.topup"):
        assert topup.start_from_env("sqlite:///unused.sqlite") is None
    assert (logged in caplog.text) if logged else not caplog.text


def test_per_cell_must_be_one_or_more() -> None:
    with pytest.raises(ValueError, match="1 or more"):
        topup.start(None, 0)



def test_the_homes_stop_ends_the_child_and_its_worker_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 32: a stopping server leaves no top-up behind: the child and the worker it starts (its own process
    group) are gone within a second, while the child is still making questions."""
    from background import home as homes

    monkeypatch.setattr(homes, "_HOME", homes.Home())  # a home of this test's own, stopped at its end
    url = f"sqlite:///{tmp_path / 'bank.sqlite'}"
    ClassroomStore.open(url).engine.dispose()
    running = topup.start(url, 500, ONE_CELL)  # far more than a second's work
    assert running is not None
    group = running.process.pid
    deadline = time.monotonic() + 60
    while len(_group(group)) < 2 and time.monotonic() < deadline:  # the child and its worker process
        time.sleep(0.1)
    assert len(_group(group)) >= 2, _group(group)
    began = time.monotonic()
    home().stop()
    while _group(group) and time.monotonic() - began < 5:
        time.sleep(0.02)
    assert not _group(group) and time.monotonic() - began < 1.0
    assert topup.start(url, 1, ONE_CELL) is None  # a stopped server starts no more
    monkeypatch.setattr(homes, "_HOME", homes.Home())
    again = topup.start(url, 1, ONE_CELL)
    assert again is not None  # its lock was released
    again.stop()


def _group(group: int) -> set[int]:
    """The live processes of a process group (zombies left out)."""
    found = set()
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[0] != "Z" and int(fields[2]) == group:
            found.add(int(entry))
    return found
