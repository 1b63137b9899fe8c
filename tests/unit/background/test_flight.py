"""background.flight: one computation per key however many threads ask at once, work under way never evicted however
full the cache, every wait bounded, failures not kept, a byte budget, and work a lane refuses not left pending."""

from __future__ import annotations

import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor

import pytest

from background.flight import Flights, FlightTimeout


def test_many_threads_asking_for_one_key_at_once_compute_it_once() -> None:
    calls: list[int] = []
    cache: Flights[int, list[int]] = Flights(maxsize=4)

    def slow(key: int) -> list[int]:
        calls.append(key)
        time.sleep(0.2)
        return [key, key]

    start = threading.Barrier(12)

    def ask(_: int) -> list[int]:
        start.wait()
        return cache.get(5, slow)

    with ThreadPoolExecutor(max_workers=12) as pool:
        found = list(pool.map(ask, range(12)))
    assert calls == [5] and all(value is found[0] for value in found) and found[0] == [5, 5]
    assert (cache.computed, cache.misses, cache.hits) == (1, 1, 11)


def test_a_value_under_way_or_awaited_is_never_evicted_however_full_the_cache() -> None:
    cache: Flights[int, int] = Flights(maxsize=2)
    release = threading.Event()
    computing: Future[int] = Future()
    waiting: Future[int] = Future()
    threading.Thread(target=lambda: computing.set_result(cache.get(0, lambda key: release.wait(10) and 123)),
                     daemon=True).start()
    while cache.under_way() == 0:
        time.sleep(0.01)
    threading.Thread(target=lambda: waiting.set_result(cache.get(0, lambda key: -1, timeout=10)), daemon=True).start()
    for key in range(1, 50):  # far past the bound
        assert cache.get(key, lambda key: key * 10) == key * 10
    assert cache.under_way() == 1 and 0 in cache and len([k for k in range(50) if cache.ready(k)]) == 2
    release.set()
    assert computing.result(5) == 123 and waiting.result(5) == 123  # the waiting session got it, not a hang
    assert cache.under_way() == 0 and cache.ready(0) and cache.computed == 50


def test_a_wait_for_a_value_made_elsewhere_ends_with_a_message_and_the_value_is_still_made() -> None:
    cache: Flights[str, str] = Flights(maxsize=4, wait_s=0.05)
    future, _ = cache.claim("slow")
    future.set_running_or_notify_cancel()  # taken by a worker: it cannot be taken back
    began = time.monotonic()
    with pytest.raises(FlightTimeout, match="'slow' not made within 0.05 s"):
        cache.get("slow", lambda key: "again")
    assert time.monotonic() - began < 1.0 and isinstance(FlightTimeout(), TimeoutError)
    future.set_result("made")
    assert future.result() == "made"


def test_a_value_queued_elsewhere_is_made_by_the_one_who_waits_for_it() -> None:
    cache: Flights[int, int] = Flights(maxsize=4)
    queued = cache.start(3, lambda key: -1, lambda work: None)  # a lane that has not reached it yet
    assert cache.get(3, lambda key: key + 1) == 4 and queued.cancelled()
    assert cache.computed == 1


def test_a_failure_is_handed_out_not_kept_and_made_again() -> None:
    cache: Flights[int, int] = Flights(maxsize=4)
    with pytest.raises(ZeroDivisionError):
        cache.get(1, lambda key: key // 0)
    assert 1 not in cache and cache.get(1, lambda key: key + 1) == 2


def test_a_byte_budget_keeps_the_most_recent_and_never_a_value_larger_than_it() -> None:
    cache: Flights[int, bytes] = Flights(maxsize=1000, size=len)
    for key in range(5):
        cache.get(key, lambda key: bytes(300))
    assert [k for k in range(5) if cache.ready(k)] == [2, 3, 4] and cache.currsize == 900
    assert len(cache.get(9, lambda key: bytes(5000))) == 5000 and not cache.ready(9)  # handed out, not kept


def test_work_a_lane_refuses_is_not_left_pending() -> None:
    cache: Flights[int, int] = Flights(maxsize=4)
    refused: Future[None] = Future()
    refused.cancel()
    future = cache.start(1, lambda key: key, lambda work: refused)
    assert future.cancelled() and cache.under_way() == 0
    assert cache.get(1, lambda key: 11) == 11


def test_a_ttl_keeps_a_made_value_that_long_only() -> None:
    """A read shared by a server's pages for a moment (``ttl``): the same value within it, read again after it."""
    now = [100.0]
    cache: Flights[str, int] = Flights(maxsize=8, ttl=0.2, timer=lambda: now[0])
    reads = iter(range(1, 10))
    assert cache.get("pulse", lambda _: next(reads)) == 1
    now[0] += 0.15
    assert cache.get("pulse", lambda _: next(reads)) == 1 and cache.computed == 1
    now[0] += 0.1
    assert cache.get("pulse", lambda _: next(reads)) == 2 and cache.computed == 2
