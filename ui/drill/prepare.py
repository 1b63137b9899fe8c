"""Questions prepared ahead, in background threads, shared by every session of the server (no Streamlit).

Grading some kinds settles hundreds of sampled deals against opponents set by the solver (about half
a second), so the page asks for the next questions of the set while the learner is still thinking
(:meth:`Preparer.prepare`), and the click on "next" finds them ready. A question is a pure function
of its set and number (:func:`maubinh.drills.make_question`), so one prepared copy serves everyone
working through the same set; the most recent :data:`KEEP` made ones are kept.

Work under way is never dropped to make room (issue 32, item 1: with at most 256 questions of any state kept,
~86 sessions opening sets at once evicted questions that sessions were blocked on, and those pages waited for
good): a question queued, being made or waited for stays until it is made; only made questions are bounded
(``cachetools.LRUCache``), and a question that failed is not kept (asked again, it is made again). A session
waits at most :data:`WAIT_SECONDS` for its question (:class:`QuestionTimeout`, shown as a plain "busy"
message by :mod:`ui.errors`); the question stays first in the queue for its next run.

A question the question bank holds (issue 23) is read from it rather than made: :func:`use_source`.

Work nobody waits for does not hold up work someone waits for (issue 22, item 13: visitors who open the
Drill and leave at once stalled the next one for 43-102 s). The workers take, in this order: questions a
session is waiting for (:meth:`Preparer.get`), then the question each session shows, then the ones
prepared ahead; within each, the most recently asked first. Work that has waited :data:`STALE_SECONDS`
without anyone waiting for it is dropped (made again if it is asked for later). Measured: 60 visitors each
leaving 3 questions queued, then one more opens the Drill: the old first-in-first-out pool gave them their
first question after 34.8 s, this one after 0.6 s (one process each, kernel warm).
"""

from __future__ import annotations

import atexit
import heapq
import itertools
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import CancelledError, Future
from concurrent.futures import TimeoutError as FuturesTimeout
from typing import TYPE_CHECKING

from cachetools import LRUCache

from maubinh.drills import DrillSet, Question, make_question
from ui.warming import kernel_ready_then

if TYPE_CHECKING:
    from classroom.bank import QuestionSource

__all__ = ["AHEAD", "KEEP", "STALE_SECONDS", "WAIT_SECONDS", "Preparer", "QuestionTimeout", "preparer", "use_source"]

AHEAD = 2
"""Questions prepared beyond the one shown."""
KEEP = 256
"""Made questions kept (the least recently asked dropped first); work under way is never dropped for room."""
WORKERS = 2
STALE_SECONDS = 60.0
"""Work queued this long that no session waits for is dropped."""
WAIT_SECONDS = 90.0
"""The longest a session waits for one question before it is told the server is busy (a backstop: a
question takes about half a second; 200 sessions opening sets at once on one server waited 22 s at the median)."""

WAITED, SHOWN, AHEAD_OF_TIME = 0, 1, 2
"""Priorities: a session waits for it; a session shows it; prepared ahead."""

_Key = tuple[DrillSet, int]


class QuestionTimeout(TimeoutError):
    """A question was not made within :data:`WAIT_SECONDS` (the server is busy); it stays queued first."""


class Preparer:
    """Makes questions in worker threads and keeps them, keyed by (set, number); see the module for the order."""

    def __init__(self, workers: int = WORKERS, keep: int = KEEP, stale: float = STALE_SECONDS,
                 make: Callable[[DrillSet, int], Question] = make_question, wait: float = WAIT_SECONDS) -> None:
        self._lock = threading.Condition()
        self._made: LRUCache[_Key, Future[Question]] = LRUCache(maxsize=keep)  # done: bounded
        self._pending: dict[_Key, Future[Question]] = {}  # queued or being made: never dropped for room
        self._queue: list[tuple[int, float, int, _Key]] = []  # (priority, -asked at, tie, key): a heap
        self._queued: dict[_Key, tuple[int, float]] = {}  # the live entry of each queued key
        self._tie = itertools.count()
        self._stale, self._make, self._wait = stale, make, wait
        self._stopping = False
        self._threads = [threading.Thread(target=self._work, name=f"drill-prepare-{number}", daemon=True)
                         for number in range(workers)]
        for thread in self._threads:
            thread.start()
        atexit.register(self.stop)  # the workers end between questions, never in the middle of compiled code

    def stop(self, timeout: float = 30.0) -> None:
        """Let the workers finish the question under way and end (at the process's exit; queued work is dropped)."""
        with self._lock:
            self._stopping = True
            self._lock.notify_all()
        for thread in self._threads:
            if thread is not threading.current_thread():
                thread.join(timeout)

    def _future(self, drill_set: DrillSet, index: int, priority: int, asked: float | None = None) -> Future[Question]:
        key = (drill_set, index)
        asked = time.monotonic() if asked is None else asked
        with self._lock:
            future = self._made.get(key)  # also marks it the most recently asked
            if future is not None:
                return future
            future = self._pending.get(key)
            if future is None:
                future = self._pending[key] = Future()
            queued = self._queued.get(key)
            if not future.done() and not future.running() and (queued is None or priority <= queued[0]):
                self._queued[key] = (priority, asked)  # (re)queued: a better or equal priority, asked now
                heapq.heappush(self._queue, (priority, -asked, next(self._tie), key))
                self._lock.notify()
            return future

    def _next(self) -> tuple[_Key, Future[Question]] | None:
        """The next piece of work (waits for one), or ``None`` when stopping; drops stale work nobody waits for."""
        with self._lock:
            while True:
                while not self._queue and not self._stopping:
                    self._lock.wait()
                if self._stopping:
                    return None
                priority, minus_asked, _, key = heapq.heappop(self._queue)
                if self._queued.get(key) != (priority, -minus_asked):
                    continue  # superseded by a later entry for the same key
                del self._queued[key]
                future = self._pending.get(key)
                if future is None:
                    continue  # made meanwhile by another entry
                if priority != WAITED and time.monotonic() + minus_asked > self._stale:
                    del self._pending[key]  # nobody waits for it: made again if asked for later
                    future.cancel()
                    continue
                if future.set_running_or_notify_cancel():
                    return key, future

    def _work(self) -> None:
        while (work := self._next()) is not None:
            key, future = work
            try:
                question = self._make(*key)
            except BaseException as error:  # noqa: BLE001 - handed to whoever waits for the question, not kept
                with self._lock:
                    self._pending.pop(key, None)
                future.set_exception(error)
                continue
            with self._lock:  # kept before it is handed out: a get() after this finds it made
                self._pending.pop(key, None)
                self._made[key] = future
            future.set_result(question)

    def get(self, drill_set: DrillSet, index: int) -> Question:
        """Question ``index`` of ``drill_set``, waiting for it if it is still being made (it goes first), at
        most the preparer's wait (:data:`WAIT_SECONDS` by default).

        Raises:
            IndexError: for an index outside the set; QuestionTimeout: not made in time (it stays queued
            first); whatever making the question raised.
        """
        drill_set.kind_at(index)
        deadline = time.monotonic() + self._wait
        while True:
            future = self._future(drill_set, index, WAITED)
            if future.cancelled():
                continue  # dropped as stale just before it was asked for: queued again
            try:
                return future.result(timeout=max(0.0, deadline - time.monotonic()))
            except FuturesTimeout:
                raise QuestionTimeout(f"question {index} of the set not made in {self._wait:g} s") from None
            except CancelledError:
                if time.monotonic() >= deadline:
                    raise QuestionTimeout(f"question {index} of the set not made in {self._wait:g} s") from None

    def ready(self, drill_set: DrillSet, index: int) -> bool:
        """Whether question ``index`` is made (without starting it)."""
        with self._lock:
            return (drill_set, index) in self._made

    def under_way(self) -> int:
        """How many questions are queued or being made (none of them is dropped for room)."""
        with self._lock:
            return len(self._pending)

    def prepare(self, drill_set: DrillSet, indexes: Iterable[int]) -> None:
        """Start making the given questions (those inside the set) if they are not made or under way: the
        first as the one shown, the others ahead of time."""
        asked = time.monotonic()  # one time for the call: its questions go in their order
        for position, index in enumerate(indexes):
            if 0 <= index < drill_set.count:
                self._future(drill_set, index, SHOWN if position == 0 else AHEAD_OF_TIME, asked)


_PREPARER: Preparer | None = None
_PREPARER_LOCK = threading.Lock()
_SOURCE: QuestionSource | None = None


def use_source(source: QuestionSource | None) -> None:
    """Make questions through ``source`` from now on: the question bank first, then live generation, with the
    results kept (:class:`classroom.bank.QuestionSource`); ``None``: always live."""
    global _SOURCE
    _SOURCE = source


def _make(drill_set: DrillSet, index: int) -> Question:
    """Question ``index`` of ``drill_set``: through the source in use (:func:`use_source`), else made live."""
    source = _SOURCE
    if source is not None:  # made live on a miss: never on the numpy path while the kernel is being prepared
        return kernel_ready_then(source.of, drill_set, index)
    return kernel_ready_then(make_question, drill_set, index)


def preparer() -> Preparer:
    """The server's one :class:`Preparer` (a module-level singleton, not ``st.cache_resource``: any
    client can clear Streamlit's caches, which would start a new pool and drop every prepared question)."""
    global _PREPARER
    with _PREPARER_LOCK:
        if _PREPARER is None:
            _PREPARER = Preparer(make=_make)
        return _PREPARER
