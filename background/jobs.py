"""Long runs shared fairly by every session of the server: bounded, cancellable, queued jobs with progress.

A job is a picklable function called in a process of its own (``fn(*args, progress=report, **kwargs)``,
``report(done, total)`` as it goes) whose return value comes back to the server. The :class:`JobRunner`:

- keeps **one job per owner** (a session): submitting another cancels the owner's earlier job;
- runs at most ``limit`` jobs at once server-wide (:data:`MAX_RUNNING`: one core is always left to the
  pages); the others wait in a queue, each knowing its place (:meth:`Job.place`);
- **cancels** a job when its owner asks, when its owner is gone (:func:`session_alive`: the session has
  been closed or disconnected for :data:`SESSION_GRACE_S`), or when it runs longer than its time limit;
- kills a cancelled job's whole process group at once (the job process calls ``os.setpgrp()`` first,
  so any worker processes it starts die with it), and a job process ends itself when the server goes
  away, so no worker ever outlives the session that asked for it.

The server's runner is the background home's (:meth:`background.home.Home.jobs`; the pages reach it through
:func:`ui.jobs.runner`, which knows Streamlit's sessions), and the home's stop shuts it down. Nothing here knows what
a job computes: the many-deals simulation is one user (:mod:`ui.sandbox.sim`); any long run can be another.

>>> import operator
>>> jobs = JobRunner(limit=1, alive=lambda owner: True)
>>> job = jobs.submit("me", _demo_sum, [1, 2, 3], total=3)
>>> job.wait(60), job.state.value, job.result
(True, 'done', 6)
>>> jobs.shutdown()
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import signal
import sys
import threading
import time
import traceback
import types
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import Enum
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from pickle import PicklingError
from typing import Any

__all__ = [
    "JOB_TIME_LIMIT_S",
    "MAX_RUNNING",
    "SESSION_GRACE_S",
    "Job",
    "JobRunner",
    "JobState",
]

MAX_RUNNING = max(1, min(4, (os.cpu_count() or 1) - 1))
"""Jobs running at once on the whole server: every core but one (at least one job, at most four)."""
SESSION_GRACE_S = 5.0
"""A job's session may be disconnected this long (a phone's network blip) before its job is cancelled."""
JOB_TIME_LIMIT_S = 15 * 60.0
"""The longest a job may run; it is cancelled then (failed, with a message)."""
_POLL_S = 0.1
"""How often the runner looks at its jobs."""
_PROGRESS_EVERY_S = 0.1
"""A job process reports progress at most this often (and always at the end)."""


class JobState(str, Enum):
    """Where a job is."""

    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"
    CANCELLED = "cancelled"

    @property
    def finished(self) -> bool:
        """Whether the job is over (done, failed or cancelled)."""
        return self in (JobState.DONE, JobState.FAILED, JobState.CANCELLED)


Progress = Callable[[int, int], None]


@dataclass(eq=False)
class Job:
    """One submitted job. Read its fields from any thread; only the runner changes them.

    Attributes:
        id: unique in the server's life.
        owner: who asked (a session id).
        state: see :class:`JobState`.
        done, total: progress as last reported (``total`` as given at submission until the job says).
        result: the function's return value once done.
        error: why it failed or was cancelled (English, for logs), or ``None``.
        submitted, started, finished: ``time.monotonic()`` of each step (``None`` until then).
        kind, work: what sort of job it is and how much work it holds (any unit, e.g. seats to solve):
            the runner learns each kind's speed from them (:meth:`JobRunner.rate`).
    """

    id: int
    owner: str
    fn: Callable[..., Any] = field(repr=False)
    args: tuple[Any, ...] = field(repr=False)
    kwargs: dict[str, Any] = field(repr=False)
    time_limit_s: float
    total: int = 0
    done: int = 0
    state: JobState = JobState.QUEUED
    result: Any = field(default=None, repr=False)
    error: str | None = None
    submitted: float = field(default_factory=time.monotonic)
    started: float | None = None
    finished: float | None = None
    kind: str = ""
    work: float = 0.0
    _runner: JobRunner | None = field(default=None, repr=False)
    _event: threading.Event = field(default_factory=threading.Event, repr=False)

    def place(self) -> int:
        """Its place in the queue, 1 for the next to start; 0 once it has started."""
        return self._runner.place(self) if self._runner is not None and self.state is JobState.QUEUED else 0

    def cancel(self, why: str = "cancelled") -> None:
        """Cancel it (a queued job never starts; a running one's processes are killed)."""
        if self._runner is not None:
            self._runner.cancel_job(self, why)

    def wait(self, timeout: float | None = None) -> bool:
        """Block until it is over (or ``timeout`` seconds pass); whether it is over."""
        return self._event.wait(timeout)

    @property
    def elapsed(self) -> float:
        """Seconds since it started (0 while queued; its run time once over)."""
        if self.started is None:
            return 0.0
        return (self.finished or time.monotonic()) - self.started


@dataclass(eq=False)
class _Running:
    job: Job
    process: BaseProcess
    connection: Connection


class JobRunner:
    """Runs jobs in processes of their own, at most ``limit`` at once, one per owner (see the module).

    Args:
        limit: jobs running at once.
        alive: whether an owner is still there; a job whose owner has not been alive for ``grace_s``
            seconds is cancelled.
        grace_s: see ``alive``.
        start_method: the :mod:`multiprocessing` start method (``forkserver``: safe in a threaded server).
    """

    def __init__(self, limit: int = MAX_RUNNING, alive: Callable[[str], bool] | None = None,
                 grace_s: float = SESSION_GRACE_S, start_method: str = "forkserver") -> None:
        self.limit = max(1, limit)
        self._alive = alive or (lambda owner: True)
        self._grace_s = grace_s
        self._context: Any = multiprocessing.get_context(start_method)
        self._lock = threading.RLock()
        self._queue: list[Job] = []
        self._running: list[_Running] = []
        self._latest: dict[str, Job] = {}
        self._absent_since: dict[str, float] = {}
        self._ids = itertools.count(1)
        self._rates: dict[str, float] = {}
        self._stopping = False
        self._thread = threading.Thread(target=self._loop, name="job-runner", daemon=True)
        self._thread.start()

    # ------------------------------------------------------------------ asking

    def submit(self, owner: str, fn: Callable[..., Any], *args: Any, total: int = 0,
               time_limit_s: float = JOB_TIME_LIMIT_S, kind: str = "", work: float = 0.0, **kwargs: Any) -> Job:
        """Queue ``fn(*args, progress=..., **kwargs)`` for ``owner``, cancelling the owner's earlier job.

        ``fn`` and its arguments must be picklable (a module-level function); ``total`` is the progress
        total shown until the job reports its own; ``kind`` and ``work`` (see :class:`Job`) teach the runner
        how fast jobs of that kind go. ``RuntimeError`` once the runner is shut down.
        """
        with self._lock:
            if self._stopping:
                raise RuntimeError("the job runner is shut down")
            earlier = self._latest.get(owner)
            if earlier is not None and not earlier.state.finished:
                self.cancel_job(earlier, "replaced by a new job of the same owner")
            job = Job(next(self._ids), owner, fn, args, kwargs, time_limit_s, total=total, kind=kind, work=work,
                      _runner=self)
            self._queue.append(job)
            self._latest[owner] = job
            self._absent_since.pop(owner, None)
        return job

    def rate(self, kind: str) -> float | None:
        """How fast jobs of ``kind`` go on this server, in work a second: from the last one finished
        (its whole time, starting its process included), else from one running (its progress so far), else
        ``None``. What a "this will take about..." line divides by."""
        with self._lock:
            if kind in self._rates:
                return self._rates[kind]
            for running in self._running:
                job = running.job
                if job.kind == kind and job.work > 0 and job.done > 0 and job.total > 0 and job.elapsed >= 1.0:
                    return job.work * job.done / job.total / job.elapsed
        return None

    def job(self, owner: str) -> Job | None:
        """The owner's latest job (running, queued or over), or ``None``."""
        with self._lock:
            return self._latest.get(owner)

    def cancel(self, owner: str, why: str = "cancelled") -> None:
        """Cancel the owner's job, if it has one that is not over."""
        job = self.job(owner)
        if job is not None:
            self.cancel_job(job, why)

    def forget(self, owner: str) -> None:
        """Cancel the owner's job and drop it (its result too)."""
        with self._lock:
            self.cancel(owner, "forgotten")
            self._latest.pop(owner, None)
            self._absent_since.pop(owner, None)

    def place(self, job: Job) -> int:
        """``job``'s place in the queue (1 = next), 0 when it is not queued."""
        with self._lock:
            return self._queue.index(job) + 1 if job in self._queue else 0

    def counts(self) -> tuple[int, int]:
        """(jobs running, jobs queued) on the whole server."""
        with self._lock:
            return len(self._running), len(self._queue)

    def pids(self) -> list[int]:
        """The process ids of the running jobs (their workers are in the same process groups)."""
        with self._lock:
            return [r.process.pid for r in self._running if r.process.pid is not None]

    def cancel_job(self, job: Job, why: str = "cancelled") -> None:
        """Cancel ``job`` (see :meth:`Job.cancel`)."""
        with self._lock:
            if job.state.finished:
                return
            if job in self._queue:
                self._queue.remove(job)
            for running in [r for r in self._running if r.job is job]:
                self._stop(running)
            self._finish(job, JobState.CANCELLED, error=why)

    def shutdown(self) -> None:
        """Cancel every job and stop the runner's thread."""
        with self._lock:
            self._stopping = True
            for job in [*self._queue, *(r.job for r in self._running)]:
                self.cancel_job(job, "the server is stopping")
        self._thread.join(timeout=5)

    # ------------------------------------------------------------------ the runner's thread

    def _loop(self) -> None:
        while True:
            with self._lock:
                if self._stopping:
                    return
                try:
                    self._tick()
                except Exception:  # noqa: BLE001 - the runner's thread must never die; the error is logged
                    traceback.print_exc()
            time.sleep(_POLL_S)

    def _tick(self) -> None:
        now = time.monotonic()
        for owner, job in list(self._latest.items()):
            if job.state.finished:
                continue
            if self._alive(owner):
                self._absent_since.pop(owner, None)
            elif now - self._absent_since.setdefault(owner, now) >= self._grace_s:
                self.cancel_job(job, "its session ended")
        for running in list(self._running):
            self._read(running, now)
        while self._queue and len(self._running) < self.limit:
            self._start(self._queue.pop(0))

    def _start(self, job: Job) -> None:
        receiver, sender = self._context.Pipe(duplex=False)
        process = self._context.Process(target=_job_main, args=(sender, os.getpid(), job.fn, job.args, job.kwargs),
                                        name=f"job-{job.id}", daemon=True)
        try:
            with _plain_main():
                process.start()
        except (OSError, PicklingError, AttributeError, TypeError) as error:  # no processes here; fn not picklable
            self._finish(job, JobState.FAILED, error=f"could not start: {error}")
            return
        finally:
            sender.close()
        job.state, job.started = JobState.RUNNING, time.monotonic()
        self._running.append(_Running(job, process, receiver))

    def _read(self, running: _Running, now: float) -> None:
        job = running.job
        try:
            while running.connection.poll():
                message = running.connection.recv()
                if message[0] == "progress":
                    job.done, job.total = message[1], message[2]
                elif message[0] == "done":
                    job.result = message[1]
                    self._stop(running)
                    self._finish(job, JobState.DONE)
                    return
                else:
                    self._stop(running)
                    self._finish(job, JobState.FAILED, error=message[1])
                    return
        except (EOFError, OSError):  # the process died without a word
            self._stop(running)
            self._finish(job, JobState.FAILED, error=f"the job process ended (exit code {running.process.exitcode})")
            return
        if job.started is not None and now - job.started > job.time_limit_s:
            self._stop(running)
            self._finish(job, JobState.FAILED, error=f"took longer than {job.time_limit_s:.0f} s")

    def _stop(self, running: _Running) -> None:
        """Kill the job's process group (the job and every worker it started) and reap it."""
        if running in self._running:
            self._running.remove(running)
        pid = running.process.pid
        if pid is not None and running.process.exitcode is None:
            try:
                os.killpg(pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError, OSError):
                running.process.kill()
        running.process.join(timeout=5)
        running.connection.close()

    def _finish(self, job: Job, state: JobState, error: str | None = None) -> None:
        job.state, job.error, job.finished = state, error, time.monotonic()
        if state is JobState.DONE and job.kind and job.work > 0 and job.elapsed >= 1.0:
            self._rates[job.kind] = job.work / job.elapsed  # short jobs measure their start more than their speed
        job._event.set()


_MAIN_LOCK = threading.Lock()


@contextlib.contextmanager
def _plain_main() -> Iterator[None]:
    """Start a process with a ``__main__`` that has no file: Streamlit runs each page script as
    ``__main__`` (and AppTest its temporary scripts), and a ``forkserver``/``spawn`` child would run that
    script again before the job (a page with no session there, or a failing test script)."""
    with _MAIN_LOCK:
        saved = sys.modules.get("__main__")
        sys.modules["__main__"] = types.ModuleType("__main__")
        try:
            yield
        finally:
            if saved is not None:
                sys.modules["__main__"] = saved


def _job_main(connection: Connection, server: int, fn: Callable[..., Any], args: Sequence[Any],
              kwargs: dict[str, Any]) -> None:
    """The job process: its own process group, progress and the result sent to the runner; it ends
    itself (and its group) when the runner's side of the pipe or the server process goes away.

    The server is watched by its pid, not as the parent: a ``forkserver`` child's parent is the fork
    server, which lives as long as any of its children do, so it would never go away first."""
    os.setpgrp()
    threading.Thread(target=_server_watch, args=(server, _started(server)), daemon=True).start()
    last = 0.0

    def report(done: int, total: int) -> None:
        nonlocal last
        now = time.monotonic()
        if now - last >= _PROGRESS_EVERY_S or done >= total:
            last = now
            _send(connection, ("progress", int(done), int(total)))

    try:
        result = fn(*args, progress=report, **kwargs)
    except BaseException as error:  # noqa: BLE001 - every failure goes back to the runner as text
        _send(connection, ("error", f"{type(error).__name__}: {error}"[:500]))
        return
    _send(connection, ("done", result))


def _send(connection: Connection, message: tuple[Any, ...]) -> None:
    try:
        connection.send(message)
    except (BrokenPipeError, OSError):  # the runner is gone: nobody wants the result
        _end_group()


def _started(pid: int) -> str | None:
    """When process ``pid`` started (Linux ``/proc``; ``None`` elsewhere or when it is gone), so that a
    new process given the same pid is not taken for it."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return None


def _server_watch(server: int, started: str | None) -> None:
    while True:
        try:
            os.kill(server, 0)
        except ProcessLookupError:
            break
        except PermissionError:  # pragma: no cover - a process of another user took the pid
            break
        if _started(server) != started:
            break
        time.sleep(1.0)
    _end_group()


def _end_group() -> None:
    try:
        os.killpg(0, signal.SIGKILL)
    finally:
        os._exit(1)


def _demo_sum(values: Sequence[int], progress: Progress) -> int:
    """A tiny job for the examples and tests: the sum of ``values``, reporting each step."""
    total = 0
    for i, value in enumerate(values, start=1):
        total += value
        progress(i, len(values))
    return total
