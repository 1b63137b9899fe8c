"""Questions by reference, for the server: from the question bank when it holds them, else made live; kept in memory.

:class:`QuestionSource` answers "the question this reference names" (:class:`maubinh.drills.QuestionRef`): read from
the bank (:meth:`classroom.bank.QuestionBank.question`) when it holds it, else made live (house rules, sets made
before the bank, ordinals not banked yet), each made once in the process however many sessions ask at once
(:class:`background.flight.Flights`), the most recent kept within :data:`CACHE_BYTES` of memory (a "set it yourself"
question holds ~420 KiB with its sampled opponents: 256 of them by count were ~100 MiB). A banked "set it yourself" question keeps
its opponents as a recipe: they are dealt in the home's idle lane while the learner reads the question
(:func:`deal_ahead`), so grading the split finds them dealt. Moved here from :mod:`classroom.bank` (issue 33,
item 2: ``classroom`` only stores).
"""

from __future__ import annotations

import logging
import time

from background.flight import Flights
from background.home import home
from background.sized import MiB, deep_size
from classroom.bank import QuestionBank
from maubinh.drills import DrillSet, Question, QuestionList, QuestionRef, make_from_ref
from maubinh.rules import RuleSet
from maubinh.strategy import kernel
from maubinh.strategy.field import RedealtField

__all__ = ["CACHE_BYTES", "KERNEL_WAIT_S", "QuestionSource", "deal_ahead", "question_size"]

CACHE_BYTES = 48 * MiB
"""Memory the questions kept by a :class:`QuestionSource` may hold, and the server's Drill preparer's (mostly the same
questions: a "set it yourself" question ~420 KiB, a "which rule set" ~115 KiB, the others 2-45 KiB; work under way is
never dropped for room)."""
KERNEL_WAIT_S = 300.0
"""How long dealing ahead waits for the compiled kernel before it deals on the numpy path."""
_log = logging.getLogger(__name__)


def question_size(question: Question) -> int:
    """The bytes ``question`` holds (its rule set, shared by every question, not counted)."""
    return deep_size(question, (RuleSet,))


def _deal(field: RedealtField) -> None:
    """Deal ``field``'s opponents (in the idle lane). While the kernel's warm-up is under way (at most
    :data:`KERNEL_WAIT_S`) it waits for it, half a second at a time, so that the server's stop never waits: a fresh
    install compiles its kernel for minutes, and deals made meanwhile on the numpy path held the interpreter while
    the server drew its first visitor's page (grading deals on demand if sooner)."""
    deadline = time.monotonic() + KERNEL_WAIT_S
    while not home().stopping and kernel.warming() and time.monotonic() < deadline:
        kernel.wait_ready(0.5)
    if "hands" in vars(field) or home().stopping:
        return  # dealt meanwhile (graded already), or the server is stopping
    try:
        field.samples  # noqa: B018 - deals it
    except Exception:  # noqa: BLE001 - grading deals them on demand, and reports an error there
        _log.warning("bank question's opponents could not be dealt again", exc_info=True)


def deal_ahead(question: Question) -> None:
    """Start dealing ``question``'s opponents if the bank kept them as a recipe (a "set it yourself" question):
    ~0.15-0.3 s in the home's idle lane, so grading the learner's split finds them dealt."""
    field = getattr(getattr(question, "opponents", None), "field", None)
    if isinstance(field, RedealtField) and "hands" not in vars(field):
        home().submit("idle", _deal, field)


class QuestionSource:
    """Questions by reference: from the bank when it holds them, else made live; the most recent kept within
    ``budget`` bytes.

    ``bank`` may be ``None`` (no database: every question is made live, and kept).
    """

    def __init__(self, bank: QuestionBank | None, budget: int = CACHE_BYTES) -> None:
        self.bank = bank
        self._kept: Flights[str, Question] = Flights(maxsize=budget, size=question_size)
        self._found = {"bank": 0, "live": 0}

    @property
    def hits(self) -> dict[str, int]:
        """How each question was found: ``memory`` (kept, or being made for another session), ``bank``, ``live``
        (for the bench and the tests)."""
        return {"memory": self._kept.hits, **self._found}

    def question(self, ref: QuestionRef) -> Question:
        """The question ``ref`` names (the same as :func:`maubinh.drills.make_from_ref` gives).

        Raises:
            maubinh.drills.UnavailableError: as :func:`~maubinh.drills.make_from_ref`;
            background.flight.FlightTimeout: made for another session and not within the wait.
        """

        def make(_key: str) -> Question:
            found = self.bank.question(ref) if self.bank is not None else None
            self._found["bank" if found is not None else "live"] += 1
            if found is None:
                return make_from_ref(ref)
            deal_ahead(found)
            return found

        return self._kept.get(ref.key, make)

    def of(self, drill_set: DrillSet | QuestionList, index: int) -> Question:
        """Question ``index`` of ``drill_set`` (a set or a question list), as :func:`maubinh.drills.make_question`.

        Raises:
            IndexError: for an index outside the set; as :meth:`question`.
        """
        return self.question(drill_set.ref(index))
