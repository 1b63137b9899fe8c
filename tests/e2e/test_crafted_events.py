"""Crafted websocket messages against a real server (issue 32, item 5), spoken with the load scripts' client
(:mod:`bench.st_client`, Streamlit's own protocol, no browser):

- an arranging component's event nested too deeply to read (it overflowed the stack inside Streamlit's reading
  of the widget states, before any page code: Streamlit's English error box, no error id) is refused with the
  app's own message in the page's language, and the page goes on;
- a fragment rerun the server no longer holds (it drops it without a word) does not hold the client for its
  whole timeout.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import pytest
from streamlit.proto.WidgetStates_pb2 import WidgetState

from bench.st_client import Session

ARRANGE = "kinds=arrange&level=beginner&rules=chi-at&seed=5&n=3"
T = TypeVar("T")


def run_apart(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coroutine)`` in a thread of its own: in the whole suite the browser tests' Playwright (its
    sync API) keeps an event loop running in the main thread, where ``asyncio.run`` refuses to start."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


WORDS = {"vi": "Không đọc được thao tác vừa gửi", "en": "What was just sent could not be read"}


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_an_event_nested_too_deeply_is_refused_with_the_apps_message(app_url: str, lang: str) -> None:
    async def run() -> tuple[list[str], list[str], bool]:
        async with Session(app_url) as tab:
            await tab.load("drill", f"{ARRANGE}&lang={lang}")
            component = next(n for n in tab.find_all(kind="bidi_component"))
            widget = f"$$STREAMLIT_INTERNAL_KEY_{component.id}__events"
            depth = 50_000
            raw = '[{"event": "confirm", "value": ' + "[" * depth + "]" * depth + "}]"
            result = await tab.rerun({widget: WidgetState(id=widget, json_trigger_value=raw)}, component.fragment_id)
            still = any(n.kind == "bidi_component" for n in tab.nodes.values())  # the question is still asked
            return result.exceptions, [n.text for n in tab.alerts()], still

    exceptions, alerts, still = run_apart(run())
    assert exceptions == []  # Streamlit's own error box ("This app has encountered an error...") is not shown
    assert any(WORDS[lang] in text for text in alerts), alerts
    assert still


def test_a_fragment_the_server_dropped_does_not_hold_the_client(app_url: str) -> None:
    async def run() -> tuple[float, int, int]:
        async with Session(app_url, fragment_grace=2.0) as tab:
            await tab.load("drill", "kinds=chi&level=beginner&rules=chi-at&seed=5&n=3&lang=en")
            button = tab.find(key="drill_choice_0")
            assert button is not None and button.fragment_id
            button.fragment_id = "0" * 32  # a fragment this session never had: dropped by the server
            start = time.perf_counter()
            result = await tab.click(button)
            return time.perf_counter() - start, tab.dropped_fragments, result.status

    seconds, dropped, status = run_apart(run())
    assert dropped == 1 and status == 0 and seconds < 30  # it waited the whole 120 s before
