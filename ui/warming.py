"""The engine's compiled kernel still being prepared: a hand waits for it, saying so, rather than run on the slow
numpy path (issue 32: a Play hand confirmed in a fresh server's first minute took 20-48 s on that path).

The kernel is compiled once at install (``make run`` / ``make test``), so a server only loads it, a second or two
after it listens (:mod:`ui.serve`); a server started without that step compiles it in a child process first (a
minute or so). Either way :func:`maubinh.strategy.kernel.seconds_left` says about how long is left.
"""

from __future__ import annotations

import math
import time

import streamlit as st

from background.deals import KERNEL_WAIT_S
from maubinh.strategy import kernel
from ui.i18n import t

__all__ = ["LONGEST_WAIT_S", "wait_for_kernel"]

LONGEST_WAIT_S = KERNEL_WAIT_S
"""The longest a hand waits for the kernel (then it runs on the numpy path: a broken or very slow compile); work in
the background waits as long (:func:`background.deals.kernel_ready_then`)."""


def wait_for_kernel() -> None:
    """While the kernel is being prepared, show "preparing the engine, about N s" in a toast (fixed on the screen,
    so seen on a phone wherever the pressed button was), kept up to date, and wait for it; at once otherwise."""
    left = kernel.seconds_left()
    if left is None:
        return
    toast = st.toast(t("engine.preparing", seconds=math.ceil(left)), icon=":material/hourglass_top:",
                     duration="long")
    deadline = time.monotonic() + LONGEST_WAIT_S
    while kernel.warming() and time.monotonic() < deadline:
        kernel.wait_ready(1.0)
        left = kernel.seconds_left()
        if left is not None:
            toast.toast(t("engine.preparing", seconds=math.ceil(left)), icon=":material/hourglass_top:")
