"""background.sized: caches bounded by the bytes their values hold (issue 32, item 5: Play's caches by count reached
~330 MiB a server)."""

from __future__ import annotations

import numpy as np

from background.sized import MiB, deep_size, memo


def test_a_value_counts_its_arrays_buffers_once_and_nothing_for_shared_objects() -> None:
    block = np.zeros(100_000)  # 800,000 bytes
    assert 800_000 < deep_size(block) < 801_000
    assert 800_000 < deep_size((block, block[:10], [block])) < 802_000  # a view and a repeat: counted once
    assert deep_size((block,), shared=(np.ndarray,)) < 1_000


def test_memo_keeps_at_most_its_budget_the_most_recent_first() -> None:
    calls: list[int] = []

    @memo(MiB)
    def made(key: int, size: int = 200_000) -> np.ndarray:
        calls.append(key)
        return np.zeros(size, dtype=np.uint8)

    for key in range(10):  # 10 x ~200 KB against 1 MiB: the oldest leave
        made(key)
    assert made.cache.currsize <= MiB and len(made.cache) == 5  # type: ignore[attr-defined]
    made(9)
    made(0)
    assert calls == [*range(10), 0]  # 9 kept, 0 made again
    big = made(99, 2 * MiB)  # larger than the whole budget: returned, not kept
    assert big.nbytes == 2 * MiB and len(made.cache) == 5  # type: ignore[attr-defined]


def test_plays_caches_hold_128_mib_at_most() -> None:
    from ui.play import state

    assert sum(state.CACHE_BYTES.values()) == 128 * MiB
    assert state._PREPARED.maxsize == state.CACHE_BYTES["studies"]
    assert state.analysis_of.cache.maxsize == state.CACHE_BYTES["analyses"]  # type: ignore[attr-defined]
    assert state.bot_plays.cache.maxsize == state.CACHE_BYTES["bot_plays"]  # type: ignore[attr-defined]
