"""The one home of the server's background work: its threads, its child processes, their priorities, and the stop.

Thirteen places in eleven files started threads or processes of their own, each with its own way to end (issue 33,
item 2). Now a server's background work is started here and nowhere else, and :meth:`Home.stop` ends all of it:

- **Lanes** (:class:`Lane`, declared once in :data:`LANES`): a few named threads taking work from one bounded
  queue, at one CPU priority: ``interactive`` lanes for work a visitor waits for or is about to (Drill questions,
  Play deals' studies, a class table's deal), the ``idle`` lane at a lower priority (Linux ``nice``, per thread)
  for work nobody waits for (assignments graded ahead, bank questions' opponents dealt ahead). A lane whose queue
  is full refuses more (the future comes back cancelled, and the caller makes it itself when it needs it).
- **Jobs** (:meth:`Home.jobs`): long runs in processes of their own, one per session, each in its own process
  group (:class:`background.jobs.JobRunner`: the Sandbox's many deals).
- **Children** (:meth:`Home.spawn`): commands in a session of their own (the bank's idle top-up,
  :mod:`background.topup`).
- **The kernel's warm-up** stays the engine's (:mod:`maubinh.strategy.kernel`: its compile in a child process); the
  home starts it (:meth:`Home.warm_kernel`) and ends it.

:meth:`Home.stop` (the server's SIGTERM, :mod:`ui.serve`) refuses new work, cancels what is queued, kills every
job's and child's process group and the kernel's compile, all within :data:`STOP_WITHIN_S`; the lanes' threads are
daemons, not waited for past that: what they store is stored in one transaction or not at all.

Why a package of its own (``background/``) and not ``ui/`` or ``classroom/``: the work it runs uses the engine
(:mod:`maubinh`) and the database (:mod:`classroom`), and the pages use it; below ``ui/`` (no Streamlit here) and
above ``classroom/``, which only stores. The engine imports neither.

>>> lane = Lane("demo", workers=1)
>>> lane.submit(sum, (1, 2, 3)).result(timeout=10)
6
>>> lane.stop()
"""

from __future__ import annotations

import atexit
import logging
import os
import queue
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from background.jobs import JobRunner

__all__ = ["LANES", "STOP_WITHIN_S", "Home", "Lane", "LaneSpec", "home"]

_log = logging.getLogger(__name__)
T = TypeVar("T")

STOP_WITHIN_S = 1.5
"""How long :meth:`Home.stop` may take (issue 32: a server asked to stop is gone within 2 s, whatever it computes)."""
_TERM_S = 0.5
"""How long a child process has to end after SIGTERM before its process group is killed."""


@dataclass(frozen=True)
class LaneSpec:
    """A lane's threads, CPU priority (``nice``: 0 as the server, higher is lower) and queue bound, and what for."""

    workers: int
    nice: int
    bound: int
    what: str


LANES: dict[str, LaneSpec] = {
    "drill": LaneSpec(2, 0, 100_000, "Drill questions a session waits for, shows, or will show next"),
    "play": LaneSpec(1, 0, 4_096, "a Play deal's study, made while its player arranges"),
    "tables": LaneSpec(1, 0, 4_096, "a class table's deal: computer players and study, made while learners arrange"),
    "grading": LaneSpec(1, 0, 4_096, "an assignment's questions, made and stored when it is assigned"),
    "rooms": LaneSpec(2, 10, 4_096, "a room's deal: each person's study and computer players, made while the deal is "
                                    "arranged for the showdown's analysis, each on one core below the pages"),
    "showdown": LaneSpec(1, 0, 4_096, "a room's analyses at its showdown, each on one core, while the pages of every "
                                      "room draw their showdowns"),
    "idle": LaneSpec(1, 10, 4_096, "work nobody waits for: a bank question's opponents dealt ahead"),
}
"""The server's lanes. One worker for Play, tables and grading: the engine's solver already spreads one piece of work
over the cores (:mod:`maubinh.strategy.kernel`); two for the Drill, whose questions are smaller, and two for the
rooms, whose work runs in the lane's own threads (:func:`maubinh.strategy.kernel.in_calling_thread`: many rooms
deal at once, and the pages their people arrange on come first). A room's showdown has a lane of one thread at the
pages' priority for the analyses not prepared by then (:func:`background.rooms.start_analysis`): made there one at a
time on one core, not in the pages' runs, where forty at once took the cores from the showdowns still to draw."""


class Lane:
    """Threads of one CPU priority taking work from one bounded queue, first in, first out (see the module).

    Threads start on the first submission. Args: ``name`` (the threads are ``<name>-<n>``), ``workers``, ``nice``
    (added to each thread's priority on Linux), ``bound`` (queued work refused beyond it).
    """

    def __init__(self, name: str, workers: int = 1, nice: int = 0, bound: int = 4_096) -> None:
        self.name = name
        self._workers, self._nice = max(1, workers), nice
        self._queue: queue.Queue[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]] | None] = \
            queue.Queue(maxsize=bound)
        self._threads: list[threading.Thread] = []
        self._lock = threading.Lock()
        self._stopping = False
        self.refused = 0
        """Submissions refused (queue full, or the lane stopped)."""

    def submit(self, fn: Callable[..., T], *args: Any) -> Future[T]:
        """Run ``fn(*args)`` in one of the lane's threads; its future. Refused (the future comes back cancelled)
        when the queue is full or the lane is stopped."""
        future: Future[T] = Future()
        with self._lock:
            if not self._stopping:
                try:
                    self._queue.put_nowait((future, fn, args))
                except queue.Full:
                    pass
                else:
                    self._start_threads()
                    return future
            self.refused += 1
        future.cancel()
        return future

    def queued(self) -> int:
        """How much work waits for a thread."""
        return self._queue.qsize()

    def _start_threads(self) -> None:
        while len(self._threads) < self._workers:
            thread = threading.Thread(target=self._work, name=f"{self.name}-{len(self._threads)}", daemon=True)
            self._threads.append(thread)
            thread.start()

    def _work(self) -> None:
        if self._nice and hasattr(os, "setpriority"):
            try:  # Linux: a thread is a task of its own, with its own priority
                os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), min(19, os.nice(0) + self._nice))
            except OSError:
                pass
        while (item := self._queue.get()) is not None:
            future, fn, args = item
            if not future.set_running_or_notify_cancel():
                continue
            try:
                result = fn(*args)
            except BaseException as error:  # noqa: BLE001 - handed to whoever holds the future
                future.set_exception(error)
            else:
                future.set_result(result)

    def stop(self, timeout: float = 0.0) -> None:
        """Refuse new work, cancel the queued work, and end the threads after the piece under way (waited for at most
        ``timeout`` seconds in all: they are daemons)."""
        with self._lock:
            self._stopping = True
            threads = list(self._threads)
        while True:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                break
            if item is not None:
                item[0].cancel()
        for _ in threads:
            try:
                self._queue.put_nowait(None)
            except queue.Full:  # pragma: no cover - drained just above
                break
        deadline = time.monotonic() + timeout
        for thread in threads:
            if thread is not threading.current_thread():
                thread.join(max(0.0, deadline - time.monotonic()))


class Home:
    """The server's background work (see the module). One per process: :func:`home`."""

    def __init__(self, lanes: dict[str, LaneSpec] | None = None) -> None:
        self._specs = dict(LANES if lanes is None else lanes)
        self._lanes: dict[str, Lane] = {}
        self._children: dict[subprocess.Popen[bytes], Callable[[], object] | None] = {}
        self._jobs: JobRunner | None = None
        self._lock = threading.Lock()
        self._stopping = False

    @property
    def stopping(self) -> bool:
        """Whether :meth:`stop` was called (new work is refused)."""
        return self._stopping

    def lane(self, name: str) -> Lane:
        """The lane ``name`` of :data:`LANES` (made on first use; a stopped home's lanes refuse work).

        Raises:
            KeyError: for a lane not declared.
        """
        with self._lock:
            found = self._lanes.get(name)
            if found is None:
                spec = self._specs[name]
                found = self._lanes[name] = Lane(name, spec.workers, spec.nice, spec.bound)
                if self._stopping:
                    found.stop()
            return found

    def submit(self, lane: str, fn: Callable[..., T], *args: Any) -> Future[T]:
        """``fn(*args)`` in lane ``lane`` (:meth:`Lane.submit`)."""
        return self.lane(lane).submit(fn, *args)

    def jobs(self, alive: Callable[[str], bool] | None = None) -> JobRunner:
        """The server's job runner (made on first use with ``alive``, whether a job's owner is still there).

        Raises:
            RuntimeError: once the home is stopping.
        """
        from background.jobs import MAX_RUNNING, JobRunner

        with self._lock:
            if self._jobs is None:
                if self._stopping:
                    raise RuntimeError("the server is stopping")
                self._jobs = JobRunner(MAX_RUNNING, alive=alive)
            return self._jobs

    def spawn(self, command: Sequence[str], on_end: Callable[[], object] | None = None,
              **options: Any) -> subprocess.Popen[bytes]:
        """Start ``command`` in a session (and process group) of its own, ended with the home (:meth:`end`,
        :meth:`stop`), then ``on_end()`` (e.g. a lock released); ``options`` go to :class:`subprocess.Popen`.

        Raises:
            RuntimeError: once the home is stopping; OSError: as :class:`subprocess.Popen`.
        """
        with self._lock:
            if self._stopping:
                raise RuntimeError("the server is stopping")
            process: subprocess.Popen[bytes] = subprocess.Popen(list(command), start_new_session=True, **options)
            self._children[process] = on_end
            return process

    def end(self, process: subprocess.Popen[bytes], wait_s: float = _TERM_S) -> None:
        """End a child and its process group: SIGTERM, then SIGKILL after ``wait_s`` seconds."""
        with self._lock:
            on_end = self._children.pop(process, None)
        _end_group(process, wait_s, on_end)

    def thread(self, name: str, target: Callable[[], None]) -> threading.Thread:
        """Start a long-lived daemon thread of the server's own (a watcher, not work: the server's stop watch)."""
        started = threading.Thread(target=target, name=name, daemon=True)
        started.start()
        return started

    def warm_kernel(self) -> None:
        """Start loading (or compiling, in a child process) the engine's kernel in the background."""
        from maubinh.strategy import kernel

        kernel.warm_up(background=True)

    def stop(self, wait_s: float = 0.0) -> float:
        """End every piece of background work now (see the module); the seconds it took (at most about
        :data:`STOP_WITHIN_S` plus ``wait_s``, how long the lanes' threads may take to finish the piece under way:
        0 for the server's stop, which ends the process anyway; longer at an ordinary exit, so that no thread is cut
        off inside compiled code). Each step runs even when an earlier one fails (logged)."""
        started = time.monotonic()
        with self._lock:
            self._stopping = True
            lanes, children, jobs = list(self._lanes.values()), list(self._children.items()), self._jobs
            self._children.clear()
        from maubinh.strategy import kernel

        steps: list[Callable[[], None]] = [kernel.stop]
        if jobs is not None:
            steps.append(jobs.shutdown)
        for child, on_end in children:
            steps.append(lambda child=child, on_end=on_end: _end_group(child, _TERM_S, on_end))  # type: ignore[misc]
        deadline = time.monotonic() + wait_s
        for lane in lanes:
            steps.append(lambda lane=lane: lane.stop(max(0.0, deadline - time.monotonic())))  # type: ignore[misc]
        for step in steps:
            try:
                step()
            except Exception:  # noqa: BLE001 - the server stops all the same
                _log.exception("stopping the background work: a step failed")
        return time.monotonic() - started


def _end_group(process: subprocess.Popen[bytes], wait_s: float, on_end: Callable[[], object] | None = None) -> None:
    try:
        if process.poll() is None:
            _signal_group(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=wait_s)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        _signal_group(process.pid, signal.SIGKILL)  # a worker of its group left behind
    finally:
        if on_end is not None:
            on_end()


def _signal_group(group: int, number: int) -> None:
    try:
        os.killpg(group, number)
    except (ProcessLookupError, PermissionError):
        pass


_EXIT_WAIT_S = 30.0
"""At an ordinary exit of the process, how long the lanes' threads may take to finish the piece under way."""
_HOME: Home | None = None
_HOME_LOCK = threading.Lock()


def home() -> Home:
    """The server's home of background work (a module-level singleton, made on first use: never in
    ``st.cache_resource``, which any client can clear)."""
    global _HOME
    with _HOME_LOCK:
        if _HOME is None:
            _HOME = Home()
            atexit.register(_HOME.stop, _EXIT_WAIT_S)  # an ordinary exit (the server's stop ends the process first)
        return _HOME
