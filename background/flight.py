"""A single-flight cache of futures: each key's value computed once in the process, however many threads ask at once.

Four hand-made caches did this each their own way (issue 33, item 2: the class tables' shared work, the question
source, Play's studies, the Drill's preparer); :class:`Flights` is the one helper, over ``cachetools``:

- the first to ask for a key computes it (in its own thread, :meth:`Flights.get`; or in a lane of the background
  home, :meth:`Flights.start`); everyone else asking meanwhile waits for that one future;
- work **under way is never evicted** (issue 32, item 1: a preparer that dropped a queued question left the
  session waiting for it forever): a future not yet done is held apart from the bounded cache, and only values
  made enter ``cachetools.LRUCache``, bounded by count or by the bytes the values hold
  (``size``, e.g. :func:`background.sized.deep_size`); a value larger than the whole budget is handed out, not kept;
- a failed or cancelled computation is not kept (asked again, it is computed again);
- ``ttl``: a made value is kept that many seconds at most (``cachetools.TTLCache``): a read shared by the pages of a
  server for a moment (:func:`ui.live.recent`: one read for forty pages asking at once);
- every wait ends: :meth:`Flights.get` waits at most ``wait_s`` (:class:`FlightTimeout`, a message naming the key);
- statistics: ``hits`` (found made or under way), ``misses`` and ``computed`` (values made).

>>> squares: Flights[int, int] = Flights(maxsize=2)
>>> squares.get(3, lambda k: k * k), squares.get(3, lambda k: -1), squares.computed, squares.hits
(9, 9, 1, 1)
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable
from concurrent.futures import CancelledError, Future
from concurrent.futures import TimeoutError as FuturesTimeout
from dataclasses import dataclass
from typing import Generic, TypeVar

import cachetools

__all__ = ["WAIT_S", "FlightTimeout", "Flights"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

WAIT_S = 120.0
"""The longest :meth:`Flights.get` waits for a value another thread computes (a backstop: the slowest shared value,
a deal's study, takes a few seconds)."""


class FlightTimeout(TimeoutError):
    """A value being computed elsewhere was not ready within the wait (the server is busy); it stays under way."""


@dataclass(frozen=True)
class _Made(Generic[V]):
    """A made value's future and the size it counts for."""

    future: Future[V]
    size: int


class Flights(Generic[K, V]):
    """Futures by key, each computed once (see the module).

    Args:
        maxsize: what the made values may hold: a count, or bytes with ``size``.
        size: the size of one made value (bytes); default: each value counts one.
        wait_s: the longest :meth:`get` waits for a value under way elsewhere.
        ttl: seconds a made value is kept at most (``None``: until evicted).
        timer: the clock of ``ttl`` (seconds; :func:`time.monotonic`).
    """

    def __init__(self, maxsize: int, size: Callable[[V], int] | None = None, wait_s: float = WAIT_S,
                 ttl: float | None = None, timer: Callable[[], float] = time.monotonic) -> None:
        self._size = size
        getsizeof = (lambda made: made.size) if size is not None else None
        self._made: cachetools.Cache[K, _Made[V]] = cachetools.LRUCache(maxsize=maxsize, getsizeof=getsizeof) \
            if ttl is None else cachetools.TTLCache(maxsize=maxsize, ttl=ttl, timer=timer, getsizeof=getsizeof)
        self._pending: dict[K, Future[V]] = {}
        self._lock = threading.Lock()
        self._wait_s = wait_s
        self.hits = 0
        """Asks that found the value made or under way."""
        self.misses = 0
        """Asks that started the computation."""
        self.computed = 0
        """Values made (a failure is not counted)."""

    @property
    def maxsize(self) -> int:
        """The bound of the made values (a count, or bytes)."""
        return int(self._made.maxsize)

    @property
    def currsize(self) -> int:
        """What the made values hold now (a count, or bytes)."""
        return int(self._made.currsize)

    def __contains__(self, key: object) -> bool:
        """Whether ``key``'s value is made or under way."""
        with self._lock:
            return key in self._pending or key in self._made

    def keys(self) -> list[K]:
        """The keys made or under way."""
        with self._lock:
            return [*self._made.keys(), *self._pending]

    def under_way(self) -> int:
        """How many values are being computed or waited for (none of them is evicted)."""
        with self._lock:
            return len(self._pending)

    def pending(self, key: K) -> Future[V] | None:
        """``key``'s future while it is being computed or waited for (claimed, not done), else ``None``."""
        with self._lock:
            return self._pending.get(key)

    def ready(self, key: K) -> bool:
        """Whether ``key``'s value is made (without starting it or marking it used)."""
        with self._lock:
            return key in self._made

    def claim(self, key: K) -> tuple[Future[V], bool]:
        """``key``'s future and whether the caller is the one to compute it (then it must call :meth:`run` with
        it, or :meth:`drop` it). A made value is marked the most recently used."""
        with self._lock:
            made = self._made.get(key)
            future = made.future if made is not None else self._pending.get(key)
            if future is not None:
                self.hits += 1
                return future, False
            future = self._pending[key] = Future()
            self.misses += 1
            return future, True

    def run(self, key: K, future: Future[V], compute: Callable[[K], V]) -> None:
        """Compute ``key`` into its claimed ``future`` here (nothing happens when it was cancelled meanwhile). The
        value is kept before it is handed out, so an ask after this finds it made; an error is handed out, not kept."""
        if not future.set_running_or_notify_cancel():
            self.drop(key, future)
            return
        try:
            value = compute(key)
        except BaseException as error:  # noqa: BLE001 - handed to whoever waits for the value
            self.drop(key, future)
            future.set_exception(error)
            return
        try:  # measured unlocked
            made = _Made(future, max(1, self._size(value)) if self._size is not None else 1)
        except Exception:  # noqa: BLE001 - not measurable: handed out, not kept
            made = _Made(future, int(self._made.maxsize) + 1)
        future.set_result(value)  # still found under way meanwhile: an ask gets this done future
        with self._lock:
            if self._pending.get(key) is future:
                del self._pending[key]
                try:
                    self._made[key] = made
                except ValueError:  # larger than the whole budget: handed out, not kept
                    pass
            self.computed += 1

    def drop(self, key: K, future: Future[V] | None = None) -> None:
        """Forget ``key`` (only while its entry is ``future``, when given): asked again, it is computed again."""
        with self._lock:
            if future is None or self._pending.get(key) is future:
                self._pending.pop(key, None)
            made = self._made.get(key)
            if made is not None and (future is None or made.future is future):
                self._made.pop(key, None)

    def start(self, key: K, compute: Callable[[K], V], submit: Callable[[Callable[[], None]], object]) -> Future[V]:
        """``key``'s future, its computation handed to ``submit`` (e.g. a lane of :mod:`background.home`) when no
        one started it."""
        future, mine = self.claim(key)
        if mine:
            submitted = submit(lambda: self.run(key, future, compute))
            if isinstance(submitted, Future):  # refused (a full lane, a server stopping): not left pending
                submitted.add_done_callback(lambda done: self._abandon(key, future) if done.cancelled() else None)
        return future

    def _abandon(self, key: K, future: Future[V]) -> None:
        self.drop(key, future)
        future.cancel()

    def get(self, key: K, compute: Callable[[K], V], timeout: float | None = None) -> V:
        """``key``'s value: made at most once in the process, here when no one else is making it, else waited for
        (at most ``timeout``, default the cache's ``wait_s``). A value still queued elsewhere (not started) is made
        here at once: the caller waits for it now.

        Raises:
            FlightTimeout: made elsewhere, and not within the wait (it stays under way); whatever ``compute`` raised.
        """
        while True:
            future, mine = self.claim(key)
            if mine or future.cancel():  # mine, or queued elsewhere and taken back: made here
                if not mine:
                    self.drop(key, future)
                    continue
                self.run(key, future, compute)
                return future.result()
            try:
                return future.result(timeout=self._wait_s if timeout is None else timeout)
            except FuturesTimeout:
                raise FlightTimeout(f"{key!r} not made within {self._wait_s if timeout is None else timeout:g} s") \
                    from None
            except CancelledError:
                continue  # dropped as it was asked for: asked again
