"""Grading an assignment once, when it is assigned, in the background, and resuming after a restart.

Making a question of some kinds settles hundreds of sampled deals against opponents set by the solver;
a class of forty opening the same assignment must not do that forty times. So :class:`Grader` makes
every question of an assignment when the teacher assigns it and stores it
(:meth:`classroom.service.ClassroomStore.store_question`); the teacher sees the count grow; learners
only read. Questions already stored are skipped, so :meth:`Grader.resume` after a restart (or a second
server doing the same) finishes what was left without doing anything twice. The grading runs in the background
home's ``grading`` lane (:mod:`background.home`; moved here from ``classroom``, which only stores: issue 33, item 2).
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import Future

from background.home import Lane, home
from background.questions import QuestionSource
from classroom.bank import QuestionBank
from classroom.service import AssignmentInfo, ClassroomStore

__all__ = ["Grader"]

_log = logging.getLogger(__name__)


class Grader:
    """Grades assignments in ``lane`` (default: the home's ``grading`` lane), one job per assignment at a time;
    questions the question bank holds are copied from it (``source``, by default the store's bank), the others made."""

    def __init__(self, store: ClassroomStore, source: QuestionSource | None = None, lane: Lane | None = None) -> None:
        self.store = store
        self.source = source or QuestionSource(QuestionBank(store))
        self._lane = lane if lane is not None else home().lane("grading")
        self._lock = threading.Lock()
        self._jobs: dict[int, Future[None]] = {}

    def grade(self, assignment: AssignmentInfo) -> Future[None]:
        """Start grading ``assignment`` (or return the job already grading it)."""
        with self._lock:
            job = self._jobs.get(assignment.id)
            if job is None or job.done():
                job = self._lane.submit(self._run, assignment)
                self._jobs[assignment.id] = job
            return job

    def resume(self) -> int:
        """Start grading every assignment left unfinished; returns how many."""
        pending = self.store.pending_assignments()
        for assignment in pending:
            self.grade(assignment)
        return len(pending)

    def _run(self, assignment: AssignmentInfo) -> None:
        done = self.store.graded_numbers(assignment.id)
        for number in range(assignment.count):
            if number in done:
                continue
            try:
                question = self.source.of(assignment.drill_set, number)
                self.store.store_question(assignment.id, number, question)
            except Exception as exc:  # noqa: BLE001 - a failed question fails the assignment, shown to its teacher
                _log.exception("grading assignment %s question %s failed", assignment.id, number)
                self.store.grading_failed(assignment.id, f"question {number + 1}: {exc}")
                return

    def shutdown(self) -> None:
        """Cancel this grader's jobs still queued and wait for those running (the lane is the home's: it stops with
        the server)."""
        with self._lock:
            jobs = list(self._jobs.values())
        for job in jobs:
            if not job.cancel():
                job.exception()
