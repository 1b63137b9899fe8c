"""A deal's heavy work, made once per process and shared by the Play page and every class table (no Streamlit).

The computer players' splits (:meth:`maubinh.play.Table.bot_plays`), the best split with its sampled tables
(:func:`maubinh.play.study`), the solver's split of the player's cards (Xếp bài, and the timer's split) and, for a
class table, each split's settlement and grade are the same for everyone at the same table: each is a
:class:`background.flight.Flights` keyed by ``(table, deal)``, made once even when a whole class asks at the same
moment, and bounded by the memory its values hold (:data:`CACHE_BYTES`; issue 32, item 5: 512 studies by count could
reach ~330 MiB a server). A deal's study starts in the background as soon as its cards are shown (:meth:`Deals.start`,
in a lane of :mod:`background.home`: ``play`` for the Play page, ``tables`` for a class table), so that it is ready
when the split arrives; a player waiting for one still queued makes it at once.

Moved here from ``classroom/tables.py`` (``Shared``) and ``ui/play/state.py`` (``_PREPARED``): issue 33, item 2.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import TypeVar

from background.flight import Flights
from background.sized import MiB, deep_size
from maubinh.arrangement import Arrangement
from maubinh.play import Analysis, BotPlay, DealResult, DealStudy, Table, analyse, play_deal, study
from maubinh.rules import RuleSet
from maubinh.strategy import kernel
from maubinh.strategy.decide import decide

__all__ = ["CACHE_BYTES", "KERNEL_WAIT_S", "Deals", "deals", "kernel_ready_then"]

CACHE_BYTES = {"studies": 96 * MiB, "graded": 16 * MiB, "bot_plays": 6 * MiB, "solver_splits": 2 * MiB}
"""Memory each of the process's deal caches may hold: 120 MiB in all (a deal's study holds ~535 KiB with three
opponents: about 180 deals studied; a class table's graded split ~40 KiB, the computer players' splits ~5 KiB, a
solver's split ~2 KiB)."""
_SHARED = (Table, RuleSet)
"""Held by every entry of a table alike: not counted in an entry's size."""
KERNEL_WAIT_S = 300.0
"""The longest background work waits for the kernel being prepared (then it runs on the numpy path: a broken or very
slow compile)."""

_log = logging.getLogger(__name__)
_T = TypeVar("_T")
_Key = tuple[Table, int]
_Graded = tuple[DealResult, Analysis]


def kernel_ready_then(work: Callable[..., _T], *args: object, one_core: bool = False) -> _T:
    """``work(*args)`` once the kernel is ready (waited for at most :data:`KERNEL_WAIT_S` while it is being
    prepared): for work in a background thread, which shows nothing; never a deal on the numpy path meanwhile.
    ``one_core``: its batches run in this thread (:func:`maubinh.strategy.kernel.in_calling_thread`: a lane of a
    lower priority keeps it, and it does not take the kernel's shared threads from the pages)."""
    if kernel.warming():
        kernel.wait_ready(KERNEL_WAIT_S)
    if one_core:
        with kernel.in_calling_thread():
            return work(*args)
    return work(*args)


def _size(value: object) -> int:
    return deep_size(value, _SHARED)


class Deals:
    """The process's shared deal work (see the module); the caches are public for tests and benches (their
    ``computed``, ``hits``)."""

    def __init__(self, budgets: dict[str, int] | None = None) -> None:
        sizes = {**CACHE_BYTES, **(budgets or {})}
        self.studies: Flights[_Key, DealStudy] = Flights(sizes["studies"], _size)
        self.bot_plays: Flights[_Key, tuple[BotPlay, ...]] = Flights(sizes["bot_plays"], _size)
        self.solver_splits: Flights[_Key, Arrangement] = Flights(sizes["solver_splits"], _size)
        self.graded: Flights[tuple[Table, int, Arrangement, bool, bool], _Graded] = Flights(
            sizes["graded"], _size)
        self._preparing: dict[_Key, Future[None]] = {}
        self._lock = threading.Lock()

    def study(self, table: Table, number: int) -> DealStudy:
        """:func:`maubinh.play.study` of deal ``number`` (made here at once when it is still queued in the background).

        Raises:
            background.flight.FlightTimeout: made in the background and not within the wait.
        """
        return self.studies.get((table, number), lambda key: study(*key))

    def bots(self, table: Table, number: int) -> tuple[BotPlay, ...]:
        """The computer players' splits of deal ``number``."""
        return self.bot_plays.get((table, number), lambda key: key[0].bot_plays(key[1]))

    def solver_split(self, table: Table, number: int) -> Arrangement:
        """The solver's split of the player's cards in deal ``number`` (Xếp bài; the timer's split)."""
        return self.solver_splits.get((table, number), lambda key: decide(
            key[0].deal(key[1])[0], key[0].rule_set, opponents=key[0].seats - 1).arrangement)

    def grade(self, table: Table, number: int, arrangement: Arrangement, declare: bool, missed: bool) -> _Graded:
        """Settle and grade ``arrangement`` (with ``declare``) of deal ``number`` on the deal's shared work: a split
        chosen by several learners, or shown again after a reload, is graded once. ``missed``: the timer played the
        solver's split (graded as a miss, :func:`maubinh.play.analyse`)."""

        def made(key: tuple[Table, int, Arrangement, bool, bool]) -> _Graded:
            bots = self.bots(table, number)
            result = play_deal(table, number, arrangement, declare, bots=bots)
            analysis = analyse(table, number, arrangement, declare, actual=result.player_total,
                               studied=self.study(table, number), missed=missed, bots=bots)
            return result, analysis

        return self.graded.get((table, number, arrangement, declare, missed), made)

    def start(self, table: Table, number: int, lane: str = "play", one_core: bool = False) -> Future[DealStudy]:
        """Start (once per process) the study of deal ``number`` in the home's ``lane``, after the kernel is ready;
        its future (shared by everyone at this table; the same future while it is queued, under way or kept).
        ``one_core``: on the lane's own thread (:func:`kernel_ready_then`)."""
        from background.home import home

        return self.studies.start((table, number), lambda key: kernel_ready_then(study, *key, one_core=one_core),
                                  lambda work: home().submit(lane, work))

    def start_bots(self, table: Table, number: int, lane: str = "play",
                   one_core: bool = False) -> Future[tuple[BotPlay, ...]]:
        """Start (once per process) the computer players' splits of deal ``number`` in the home's ``lane``, after the
        kernel is ready; their future. Started when the cards are shown, so that the showdown after a submission only
        settles (issue 36: the showdown on the screen within 0.3 s of "Confirm"). ``one_core``: as :meth:`start`."""
        from background.home import home

        return self.bot_plays.start(
            (table, number), lambda key: kernel_ready_then(key[0].bot_plays, key[1], one_core=one_core),
            lambda work: home().submit(lane, work))

    def prepare(self, table: Table, number: int) -> Future[None] | None:
        """Start a class table's deal work (computer players, study) in the home's ``tables`` lane if no one did:
        called when a learner is shown the deal, so that it is ready when the first split arrives. The future of
        the work started (``None`` when it is made or under way already)."""
        from background.home import home

        key = (table, number)
        with self._lock:
            if key in self._preparing or (key in self.studies and key in self.bot_plays):
                return None

            def work() -> None:
                try:
                    kernel_ready_then(self.bots, table, number)
                    kernel_ready_then(self.study, table, number)
                except Exception:  # noqa: BLE001 - not kept: the submission makes it again and reports the error
                    _log.warning("preparing deal %s of a class table failed", number, exc_info=True)
                finally:
                    with self._lock:
                        self._preparing.pop(key, None)

            future = self._preparing[key] = home().submit("tables", work)
        if future.cancelled():  # refused (the lane full, the server stopping): the submission makes it
            with self._lock:
                self._preparing.pop(key, None)
        return future


_DEALS: Deals | None = None
_DEALS_LOCK = threading.Lock()


def deals() -> Deals:
    """The process's :class:`Deals` (made on first use)."""
    global _DEALS
    with _DEALS_LOCK:
        if _DEALS is None:
            _DEALS = Deals()
        return _DEALS
