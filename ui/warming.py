"""The engine's compiled kernel still being prepared: a hand (Play, the Sandbox's Xếp bài, a Drill question made
live) waits for it, saying so, rather than run on the slow numpy path (issue 32: a Play hand confirmed in a fresh
server's first minute took 20-48 s on that path).

The kernel is compiled once at install (``make run`` / ``make test``), so a server only loads it, a second or two
after it listens (:mod:`ui.serve`); a server started without that step compiles it in a child process first (a
minute or so). Either way :func:`maubinh.strategy.kernel.seconds_left` says about how long is left.
"""

from __future__ import annotations

import math
import time

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from background.deals import KERNEL_WAIT_S
from maubinh.strategy import kernel
from ui.i18n import t

__all__ = ["LONGEST_WAIT_S", "wait_for_kernel"]

LONGEST_WAIT_S = KERNEL_WAIT_S
"""The longest a hand waits for the kernel (then it runs on the numpy path: a broken or very slow compile); work in
the background waits as long (:func:`background.deals.kernel_ready_then`)."""


def wait_for_kernel(beside: DeltaGenerator | None = None, line: bool = True) -> None:
    """While the kernel is being prepared, show "preparing the engine, about N s" where the run is (``beside``: a
    container next to the button pressed; default: here, in the page's flow) and in a toast (fixed on the screen,
    so seen on a phone wherever the pressed button was), both kept up to date, and wait for it; at once
    otherwise. The line goes once the kernel is ready. ``line=False``: the toast alone (a button's callback: a line
    drawn there would stand at the page's top, far from the button)."""
    left = kernel.seconds_left()
    if left is None:
        return
    icon = ":material/hourglass_top:"
    slot = (beside if beside is not None else st).empty() if line else None
    if slot is not None:
        slot.info(t("engine.preparing", seconds=math.ceil(left)), icon=icon)
    toast = st.toast(t("engine.preparing", seconds=math.ceil(left)), icon=icon, duration="long")
    deadline = time.monotonic() + LONGEST_WAIT_S
    while kernel.warming() and time.monotonic() < deadline:
        kernel.wait_ready(1.0)
        left = kernel.seconds_left()
        if left is not None:
            if slot is not None:
                slot.info(t("engine.preparing", seconds=math.ceil(left)), icon=icon)
            toast.toast(t("engine.preparing", seconds=math.ceil(left)), icon=icon)
    if slot is not None:
        slot.empty()

