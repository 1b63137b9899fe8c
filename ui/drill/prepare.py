"""Questions prepared ahead, in the background home's ``drill`` lane, shared by every session of the server (no Streamlit).

Grading some kinds settles hundreds of sampled deals against opponents set by the solver (about half
a second), so the page asks for the next questions of the set while the learner is still thinking
(:meth:`Preparer.prepare`), and the click on "next" finds them ready. A question is a pure function
of its set and number (:func:`maubinh.drills.make_question`), so one prepared copy serves everyone
working through the same set; the most recent made ones are kept (within
:data:`background.questions.CACHE_BYTES` of memory).

Work under way is never dropped to make room (issue 32, item 1: with at most 256 questions of any state kept,
~86 sessions opening sets at once evicted questions that sessions were blocked on, and those pages waited for
good): a question queued, being made or waited for stays until it is made; only made questions are bounded
(:class:`background.flight.Flights`, over ``cachetools.LRUCache``), and a question that failed is not kept (asked
again, it is made again). A session waits at most :data:`WAIT_SECONDS` for its question (:class:`QuestionTimeout`,
shown as a plain "busy" message by :mod:`ui.errors`); the question stays first in the queue for its next run.

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

import heapq
import itertools
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import CancelledError, Future
from concurrent.futures import TimeoutError as FuturesTimeout

from background.deals import kernel_ready_then
from background.flight import Flights
from background.home import LANES, Lane, home
from background.questions import CACHE_BYTES, QuestionSource, question_size
from maubinh.drills import DrillSet, Question, QuestionList, make_question

__all__ = ["AHEAD", "KEEP", "STALE_SECONDS", "WAIT_SECONDS", "Preparer", "QuestionTimeout", "preparer", "use_source"]

AHEAD = 2
"""Questions prepared beyond the one shown."""
KEEP = 256
"""Made questions kept by a preparer bounded by count (tests, benches; the least recently asked dropped first); the
server's is bounded by memory (:data:`background.questions.CACHE_BYTES`). Work under way is never dropped for room."""
WORKERS = LANES["drill"].workers
"""Threads making questions (the home's ``drill`` lane)."""
STALE_SECONDS = 60.0
"""Work queued this long that no session waits for is dropped."""
WAIT_SECONDS = 90.0
"""The longest a session waits for one question before it is told the server is busy (a backstop: a
question takes about half a second; 200 sessions opening sets at once on one server waited 22 s at the median)."""

WAITED, SHOWN, AHEAD_OF_TIME = 0, 1, 2
"""Priorities: a session waits for it; a session shows it; prepared ahead."""

_Set = DrillSet | QuestionList
"""A set or a question list (the review queue, a level's list): a question is a pure function of either."""
_Key = tuple[_Set, int]


class QuestionTimeout(TimeoutError):
    """A question was not made within :data:`WAIT_SECONDS` (the server is busy); it stays queued first."""


class Preparer:
    """Makes questions in a lane of the background home and keeps them, keyed by (set, number); see the module for
    the order. ``lane``: the home's ``drill`` lane for the server's (:func:`preparer`); by default a lane of its own
    with ``workers`` threads (tests, benches). ``keep``: made questions kept, a count, or bytes with ``size`` (the
    server's: :data:`background.questions.CACHE_BYTES`)."""

    def __init__(self, workers: int = WORKERS, keep: int = KEEP, stale: float = STALE_SECONDS,
                 make: Callable[[_Set, int], Question] = make_question, wait: float = WAIT_SECONDS,
                 lane: Lane | None = None, size: Callable[[Question], int] | None = None) -> None:
        self._lock = threading.Lock()
        self._questions: Flights[_Key, Question] = Flights(keep, size, wait)  # under way: never dropped
        self._queue: list[tuple[int, float, int, _Key]] = []  # (priority, -asked at, tie, key): a heap
        self._queued: dict[_Key, tuple[int, float]] = {}  # the live entry of each queued key
        self._tie = itertools.count()
        self._stale, self._make, self._wait = stale, make, wait
        self._own = lane is None
        self._lane = lane if lane is not None else Lane("drill-prepare", workers)

    def stop(self, timeout: float = 30.0) -> None:
        """Let the lane's threads finish the question under way and end (queued work is dropped); a lane of the
        home is left to the home (:meth:`background.home.Home.stop`)."""
        if self._own:
            self._lane.stop(timeout)

    def _future(self, drill_set: _Set, index: int, priority: int, asked: float | None = None) -> Future[Question]:
        key = (drill_set, index)
        asked = time.monotonic() if asked is None else asked
        future, _ = self._questions.claim(key)  # a made one is also marked the most recently asked
        with self._lock:
            queued = self._queued.get(key)
            if future.done() or future.running() or (queued is not None and priority > queued[0]):
                return future
            self._queued[key] = (priority, asked)  # (re)queued: a better or equal priority, asked now
            heapq.heappush(self._queue, (priority, -asked, next(self._tie), key))
        self._lane.submit(self._one)  # one piece of work for one entry: the best queued when a thread takes it
        return future

    def _next(self) -> tuple[_Key, Future[Question]] | None:
        """The best piece of work queued now, or ``None``; drops stale work nobody waits for."""
        with self._lock:
            while self._queue:
                priority, minus_asked, _, key = heapq.heappop(self._queue)
                if self._queued.get(key) != (priority, -minus_asked):
                    continue  # superseded by a later entry for the same key
                del self._queued[key]
                future = self._questions.pending(key)
                if future is None:
                    continue  # made meanwhile by another entry
                if priority != WAITED and time.monotonic() + minus_asked > self._stale:
                    self._questions.drop(key, future)  # nobody waits for it: made again if asked for later
                    future.cancel()
                    continue
                return key, future
        return None

    def _one(self) -> None:
        work = self._next()
        if work is not None:
            key, future = work
            self._questions.run(key, future, lambda found: self._make(*found))

    def get(self, drill_set: _Set, index: int) -> Question:
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

    def ready(self, drill_set: _Set, index: int) -> bool:
        """Whether question ``index`` is made (without starting it)."""
        return self._questions.ready((drill_set, index))

    def under_way(self) -> int:
        """How many questions are queued or being made (none of them is dropped for room)."""
        return self._questions.under_way()

    def prepare(self, drill_set: _Set, indexes: Iterable[int]) -> None:
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
    results kept (:class:`background.questions.QuestionSource`); ``None``: always live."""
    global _SOURCE
    _SOURCE = source


def _make(drill_set: _Set, index: int) -> Question:
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
            _PREPARER = Preparer(make=_make, lane=home().lane("drill"), keep=CACHE_BYTES, size=question_size)
        return _PREPARER
