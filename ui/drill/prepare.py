"""Questions prepared ahead, in background threads, shared by every session of the server (no Streamlit).

Grading some kinds settles hundreds of sampled deals against opponents set by the solver (about half
a second), so the page asks for the next questions of the set while the learner is still thinking
(:meth:`Preparer.prepare`), and the click on "next" finds them ready. A question is a pure function
of its set and number (:func:`maubinh.drills.make_question`), so one prepared copy serves everyone
working through the same set; the most recent :data:`KEEP` are kept.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable
from concurrent.futures import Future, ThreadPoolExecutor

from maubinh.drills import DrillSet, Question, make_question

__all__ = ["AHEAD", "KEEP", "Preparer", "preparer"]

AHEAD = 2
"""Questions prepared beyond the one shown."""
KEEP = 256
"""Prepared questions kept (oldest dropped first)."""
WORKERS = 2


class Preparer:
    """Makes questions in worker threads and keeps them, keyed by (set, number)."""

    def __init__(self, workers: int = WORKERS, keep: int = KEEP) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="drill-prepare")
        self._lock = threading.Lock()
        self._futures: OrderedDict[tuple[DrillSet, int], Future[Question]] = OrderedDict()
        self._keep = keep

    def _future(self, drill_set: DrillSet, index: int) -> Future[Question]:
        key = (drill_set, index)
        with self._lock:
            future = self._futures.get(key)
            if future is None:
                future = self._pool.submit(make_question, drill_set, index)
                self._futures[key] = future
                while len(self._futures) > self._keep:
                    self._futures.popitem(last=False)
            else:
                self._futures.move_to_end(key)
            return future

    def get(self, drill_set: DrillSet, index: int) -> Question:
        """Question ``index`` of ``drill_set``, waiting for it if it is still being made.

        Raises:
            IndexError: for an index outside the set; whatever making the question raised.
        """
        drill_set.kind_at(index)
        return self._future(drill_set, index).result()

    def ready(self, drill_set: DrillSet, index: int) -> bool:
        """Whether question ``index`` is made (without starting it)."""
        with self._lock:
            future = self._futures.get((drill_set, index))
        return future is not None and future.done()

    def prepare(self, drill_set: DrillSet, indexes: Iterable[int]) -> None:
        """Start making the given questions (those inside the set) if they are not made or under way."""
        for index in indexes:
            if 0 <= index < drill_set.count:
                self._future(drill_set, index)


_PREPARER: Preparer | None = None
_PREPARER_LOCK = threading.Lock()


def preparer() -> Preparer:
    """The server's one :class:`Preparer` (a module-level singleton, not ``st.cache_resource``: any
    client can clear Streamlit's caches, which would start a new pool and drop every prepared question)."""
    global _PREPARER
    with _PREPARER_LOCK:
        if _PREPARER is None:
            _PREPARER = Preparer()
        return _PREPARER
