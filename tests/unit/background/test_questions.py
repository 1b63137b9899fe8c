"""background.questions: bank questions' opponents dealt ahead in the home's idle lane, never on the numpy path while
the kernel compiles, and never holding up the server's stop; a question asked by many at once made once."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

import pytest

from background import home as homes
from background import questions
from maubinh.drills import DrillSet, Kind, Level, make_question


@pytest.fixture
def fresh_home(monkeypatch: pytest.MonkeyPatch) -> homes.Home:
    made = homes.Home()
    monkeypatch.setattr(homes, "_HOME", made)
    yield made
    made.stop()


def test_dealing_ahead_waits_for_the_kernel_being_compiled_and_never_keeps_the_stop_waiting(
        fresh_home: homes.Home, monkeypatch: pytest.MonkeyPatch) -> None:
    # on a fresh install the kernel compiles for minutes: a bank question's opponents are not dealt on the numpy
    # path meanwhile (those deals held the interpreter while the first visitor's page was drawn)
    from maubinh.strategy import kernel

    compiling = threading.Event()
    compiling.set()
    monkeypatch.setattr(kernel, "warming", compiling.is_set)
    monkeypatch.setattr(kernel, "wait_ready", lambda timeout: time.sleep(min(timeout, 0.02)) or False)
    dealt = threading.Event()

    class Recipe:
        @property
        def samples(self) -> int:
            dealt.set()
            return 1

    monkeypatch.setattr(questions, "RedealtField", Recipe)
    questions.deal_ahead(SimpleNamespace(opponents=SimpleNamespace(field=Recipe())))  # type: ignore[arg-type]
    assert not dealt.wait(0.3)  # not while the kernel compiles
    compiling.clear()
    assert dealt.wait(5)  # dealt once it is ready
    dealt.clear()
    compiling.set()
    questions.deal_ahead(SimpleNamespace(opponents=SimpleNamespace(field=Recipe())))  # type: ignore[arg-type]
    time.sleep(0.1)  # waiting for the kernel in the idle lane's thread
    assert fresh_home.stop() < 2.0
    (thread,) = fresh_home.lane("idle")._threads
    thread.join(1.0)
    assert not thread.is_alive() and not dealt.is_set()  # the stop ended the wait, and nothing was dealt


def test_a_question_many_sessions_ask_at_once_is_made_once(fresh_home: homes.Home,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[object] = []

    def slow(ref: object) -> object:
        made.append(ref)
        time.sleep(0.3)
        return make_question(DrillSet((Kind.CHI,), Level.BEGINNER, "chi-at", seed=1, count=1), 0)

    monkeypatch.setattr(questions, "make_from_ref", slow)
    source = questions.QuestionSource(None)
    drill_set = DrillSet((Kind.CHI,), Level.BEGINNER, "chi-at", seed=5, count=2)
    with ThreadPoolExecutor(max_workers=8) as pool:
        found = list(pool.map(lambda _: source.of(drill_set, 1), range(8)))
    assert len(made) == 1 and all(q is found[0] for q in found)
    assert source.hits == {"memory": 7, "bank": 0, "live": 1}


def test_the_questions_kept_are_bounded_by_the_memory_they_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    # a "set it yourself" question holds ~420 KiB with its sampled opponents: 256 of them by count were ~100 MiB
    monkeypatch.setattr(questions, "make_from_ref", lambda ref: bytes(400_000))
    source = questions.QuestionSource(None, budget=1 << 20)
    sets = [DrillSet((Kind.CHI,), Level.BEGINNER, "chi-at", seed=seed, count=1) for seed in range(4)]
    for drill_set in sets:
        source.of(drill_set, 0)
    assert source._kept.currsize <= 1 << 20 and len(source._kept.keys()) == 2  # the two most recent
    source.of(sets[3], 0)
    assert source.hits == {"memory": 1, "bank": 0, "live": 4}
    assert 48 << 20 == questions.CACHE_BYTES and questions.question_size(make_question(sets[0], 0)) < 64 * 1024
