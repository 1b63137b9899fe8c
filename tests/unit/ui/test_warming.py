"""ui.warming (issue 32): a hand confirmed while the kernel is being prepared waits for it, saying about how long,
instead of running on the numpy path; nothing is waited for or shown once it is ready."""

from __future__ import annotations

import threading
import time

import pytest

from background.deals import kernel_ready_then
from maubinh.strategy import kernel
from ui import warming


class FakeWarmUp:
    """A kernel warm-up under way for ``seconds``, then ready."""

    def __init__(self, seconds: float) -> None:
        self.done = threading.Event()
        self.ends = time.monotonic() + seconds

    def warming(self) -> bool:
        return not self.done.is_set() and time.monotonic() < self.ends

    def seconds_left(self) -> float | None:
        return max(1.0, self.ends - time.monotonic()) if self.warming() else None

    def wait_ready(self, timeout_s: float) -> bool:
        time.sleep(max(0.0, min(timeout_s, self.ends - time.monotonic())))
        return not self.warming()


def _fake(monkeypatch: pytest.MonkeyPatch, seconds: float) -> list[str]:
    fake, shown = FakeWarmUp(seconds), []

    class Toast:
        def toast(self, text: str, **_: object) -> Toast:
            shown.append(text)
            return self

    monkeypatch.setattr(kernel, "warming", fake.warming)
    monkeypatch.setattr(kernel, "seconds_left", fake.seconds_left)
    monkeypatch.setattr(kernel, "wait_ready", fake.wait_ready)
    monkeypatch.setattr(warming.st, "toast", Toast().toast)
    monkeypatch.setattr(warming, "t", lambda key, seconds: f"{key} {seconds}")
    return shown


def test_a_hand_waits_for_the_kernel_and_says_about_how_long(monkeypatch: pytest.MonkeyPatch) -> None:
    shown = _fake(monkeypatch, 2.5)
    began = time.monotonic()
    warming.wait_for_kernel()
    assert time.monotonic() - began >= 2.4  # waited until ready, not run on the numpy path
    assert shown[0] == "engine.preparing 3" and shown[-1] in ("engine.preparing 1", "engine.preparing 2")
    assert len(shown) >= 2  # kept up to date


def test_nothing_is_shown_or_waited_for_once_the_kernel_is_ready(monkeypatch: pytest.MonkeyPatch) -> None:
    shown = _fake(monkeypatch, 0.0)
    began = time.monotonic()
    warming.wait_for_kernel()
    assert shown == [] and time.monotonic() - began < 0.5
    assert kernel_ready_then(lambda a, b: a + b, 2, 3) == 5


def test_background_work_starts_once_the_kernel_is_ready(monkeypatch: pytest.MonkeyPatch) -> None:
    _fake(monkeypatch, 1.5)
    began = time.monotonic()
    assert kernel_ready_then(lambda: time.monotonic() - began) >= 1.4


class Beside:
    """A container beside the pressed button: what its one line showed, in order (``None``: made or emptied)."""

    def __init__(self) -> None:
        self.lines: list[str | None] = []

    def empty(self) -> Beside:
        self.lines.append(None)
        return self

    def info(self, text: str, **_: object) -> None:
        self.lines.append(text)


def test_the_wait_is_said_beside_the_button_too_and_the_line_goes_when_ready(monkeypatch: pytest.MonkeyPatch) -> None:
    toasts = _fake(monkeypatch, 2.5)
    beside = Beside()
    warming.wait_for_kernel(beside)  # type: ignore[arg-type]
    texts = [line for line in beside.lines if line is not None]
    assert texts[0] == "engine.preparing 3" and texts == toasts  # the same words, kept up to date
    assert beside.lines[-1] is None  # gone once the kernel is ready
    quiet = Beside()
    _fake(monkeypatch, 0.0)
    warming.wait_for_kernel(quiet)  # type: ignore[arg-type]
    assert quiet.lines == []
