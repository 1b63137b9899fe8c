"""background.jobs, the job runner (issue 13): one job per owner, a limit on jobs running at once with a queue that knows
each job's place, cancellation by the owner, by a new job of the same owner, by the owner going away
and by a time limit; and no process of a job (nor any worker it started) outlives its cancellation."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from background.jobs import JobRunner, JobState

ROOT = Path(__file__).resolve().parents[3]


def sleepy(seconds: float, progress: Callable[[int, int], None]) -> str:
    """A job that reports progress ten times a second for ``seconds``."""
    steps = int(seconds * 10)
    for i in range(steps):
        progress(i + 1, steps)
        time.sleep(0.1)
    return "slept"


def with_worker(progress: Callable[[int, int], None]) -> None:
    """A job that starts a worker process, reports its pid (as ``done``), then waits forever."""
    worker = subprocess.Popen(["sleep", "600"])
    progress(worker.pid, 0)
    time.sleep(600)


def failing(progress: Callable[[int, int], None]) -> None:
    raise ValueError("no luck")


def _running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie waiting to be reaped is not running)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


def _until(condition: Callable[[], bool], timeout: float = 20.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


@pytest.fixture
def alive() -> dict[str, bool]:
    return {}


@pytest.fixture
def jobs(alive: dict[str, bool]) -> Iterator[JobRunner]:
    runner = JobRunner(limit=1, alive=lambda owner: alive.get(owner, True), grace_s=0.5)
    yield runner
    runner.shutdown()


def test_a_job_reports_progress_and_returns_its_result(jobs: JobRunner) -> None:
    job = jobs.submit("a", sleepy, 0.5, total=5)
    assert job.wait(30) and job.state is JobState.DONE and job.result == "slept"
    assert (job.done, job.total) == (5, 5)
    assert jobs.pids() == []


def test_one_job_per_owner_and_a_limit_with_a_queue(jobs: JobRunner) -> None:
    first = jobs.submit("a", sleepy, 60, total=600)
    other = jobs.submit("b", sleepy, 0.3, total=3)
    assert _until(lambda: first.state is JobState.RUNNING)
    assert other.state is JobState.QUEUED and other.place() == 1 and jobs.counts() == (1, 1)
    pid = jobs.pids()[0]
    again = jobs.submit("a", sleepy, 0.3, total=3)  # the owner's new run cancels its earlier one
    assert first.state is JobState.CANCELLED and not _running(pid)
    assert other.wait(30) and again.wait(30)
    assert (other.state, again.state) == (JobState.DONE, JobState.DONE)
    assert jobs.job("a") is again


def test_a_job_and_its_workers_end_when_its_owner_goes(jobs: JobRunner, alive: dict[str, bool]) -> None:
    job = jobs.submit("gone", with_worker)
    assert _until(lambda: job.done > 0)
    job_pid, worker_pid = jobs.pids()[0], job.done
    assert _running(job_pid) and _running(worker_pid)
    alive["gone"] = False
    assert job.wait(10) and job.state is JobState.CANCELLED and job.error == "its session ended"
    assert _until(lambda: not _running(job_pid) and not _running(worker_pid), timeout=5)


def test_cancelling_kills_at_once_and_a_queued_job_never_starts(jobs: JobRunner) -> None:
    running = jobs.submit("a", with_worker)
    queued = jobs.submit("b", sleepy, 1, total=10)
    assert _until(lambda: running.done > 0)
    worker = running.done
    queued.cancel()
    running.cancel()
    assert queued.state is JobState.CANCELLED and queued.started is None
    assert _until(lambda: not _running(worker), timeout=5)


def test_a_failing_job_and_a_job_over_its_time_limit_fail(jobs: JobRunner) -> None:
    job = jobs.submit("a", failing)
    assert job.wait(30) and job.state is JobState.FAILED and "no luck" in (job.error or "")
    slow = jobs.submit("a", sleepy, 60, time_limit_s=0.5)
    assert slow.wait(30) and slow.state is JobState.FAILED and "longer than" in (slow.error or "")


ORPHAN = """
import os, sys, time
from background.jobs import JobRunner
from tests.unit.background.test_jobs import with_worker

if __name__ == "__main__":
    runner = JobRunner(limit=1)
    job = runner.submit("x", with_worker)
    for _ in range(600):
        if job.done:
            break
        time.sleep(0.05)
    print(runner.pids()[0], job.done, flush=True)
    os._exit(0)  # the server dies without cancelling anything
"""


def test_a_job_process_ends_itself_when_the_server_is_gone(tmp_path) -> None:
    script = tmp_path / "server.py"
    script.write_text(ORPHAN)
    out = tmp_path / "out.txt"
    with out.open("w") as sink:
        subprocess.run([sys.executable, str(script)], stdout=sink, stderr=subprocess.STDOUT, timeout=60,
                       cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, check=True)
    job_pid, worker_pid = (int(x) for x in out.read_text().split()[-2:])
    assert _until(lambda: not _running(job_pid) and not _running(worker_pid), timeout=10)


def test_the_runner_learns_a_kinds_speed_from_its_runs(jobs: JobRunner) -> None:
    """Issue 20, item 13: "about 33 s" for a 52 s run came from a guessed rate; the runner measures it."""
    assert jobs.rate("nap") is None
    job = jobs.submit("a", sleepy, 2.0, total=20, kind="nap", work=600.0)
    assert _until(lambda: job.done >= 12, 30)
    running = jobs.rate("nap")  # from the progress so far (600 units in 2 s of sleep at best)
    assert running is not None and 0 < running <= 300.0  # each tenth of the work sleeps 0.2 s at least
    assert job.wait(30) and job.state is JobState.DONE
    finished = jobs.rate("nap")
    assert finished is not None and 600 / finished == pytest.approx(job.elapsed)  # its whole time, start included
    assert 1.9 < job.elapsed < 10 and jobs.rate("other") is None
    stopped = jobs.submit("b", sleepy, 5.0, total=50, kind="nap", work=1.0)
    assert _until(lambda: stopped.done >= 15, 30)
    stopped.cancel()
    assert stopped.wait(30) and stopped.state is JobState.CANCELLED
    assert jobs.rate("nap") == finished  # a cancelled run teaches nothing
