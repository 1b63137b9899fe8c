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


def test_a_value_is_measured_as_held_without_computing_what_it_holds_lazily() -> None:
    # a bank question keeps its opponents as a recipe, dealt on first use (~1 s): measuring it must not deal them
    import dataclasses

    from maubinh.drills import DrillSet, Kind, Level
    from maubinh.strategy.field import RedealtField

    @dataclasses.dataclass
    class Lazy:
        small: bytes
        big: bytes = dataclasses.field(init=False)

        def __getattr__(self, name: str) -> bytes:
            raise AssertionError(f"{name} computed to be measured")

    assert 1_000 < deep_size(Lazy(bytes(1_000))) < 2_000
    question = _banked_arrange(DrillSet((Kind.ARRANGE,), Level.INTERMEDIATE, "chi-at", seed=3, count=1))
    field = question.opponents.field
    assert isinstance(field, RedealtField) and "hands" not in vars(field)
    assert deep_size(question) < 200_000 and "hands" not in vars(field)  # the recipe measured, nothing dealt


def _banked_arrange(drill_set):  # type: ignore[no-untyped-def]
    """Question 0 of ``drill_set`` as the bank stores and reads it back (its opponents kept as a recipe)."""
    from classroom.snapshot import pack, unpack
    from maubinh.drills import make_question

    return unpack(pack(make_question(drill_set, 0), compact=True))


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


def test_the_deal_caches_and_plays_analyses_hold_144_mib_at_most() -> None:
    """Play's and the class tables' deal work share one set of caches (issue 32: Play's reached ~330 MiB by count,
    and the class tables kept 256 studies of ~535 KiB whatever their size)."""
    from background import deals
    from ui.play import state

    assert sum(deals.CACHE_BYTES.values()) + sum(state.CACHE_BYTES.values()) == 144 * MiB
    made = deals.Deals()
    assert made.studies.maxsize == deals.CACHE_BYTES["studies"] and made.graded.maxsize == deals.CACHE_BYTES["graded"]
    assert made.bot_plays.maxsize == deals.CACHE_BYTES["bot_plays"]
    assert made.solver_splits.maxsize == deals.CACHE_BYTES["solver_splits"]
    assert state.analysis_of.cache.maxsize == state.CACHE_BYTES["analyses"]  # type: ignore[attr-defined]
