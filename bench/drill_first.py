"""The Drill's first question on a cold server (issue 23): how long a learner waits for something to answer.

Starts a fresh copy of this checkout (no compiled kernel in its cache, a new SQLite database: the starter bank
is loaded on the first page that needs it) and opens the Drill as a new learner would (``/drill?lang=vi``, the
default free set, dealt from the question bank). Timed from the navigation to the first question's answer
control on screen (a choice button, the "how many chi" box or the cards to arrange): "first" on the new server
and database (the starter bank loaded then), the server stopped and started again on that database ("restarted":
a new process, the bank already stored), "again" for a second learner (a new browser context) on that server,
then a set of every kind. Each is timed for a server started as ``streamlit run app.py`` (the baseline) and as
``python -m ui.serve`` (what ``make run`` starts: :mod:`ui.serve` imports and opens the database before it
listens), with the seconds from launch to healthy. Target (quiet machine): first question usable <= 2 s.
Usage: ``python bench/drill_first.py [--runs 3]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _server import server
from cold_start import _fresh_copy

from maubinh.drills import KINDS
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS

USABLE = ".st-key-drill_choice_0 button, [class*='st-key-drill_settle_value_'] input, .mb-hand button.mb-card"
"""Any answer control of the first question."""


def _usable_after(browser: Browser, url: str) -> float:
    """Seconds from the navigation to ``url`` (a new learner: a fresh context) to an answer control on screen."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(120_000)
    started = time.perf_counter()
    page.goto(url)
    try:
        page.locator(USABLE).first.wait_for(state="visible")
    except Exception:
        page.screenshot(path="/tmp/drill_first_failed.png", full_page=True)
        print("no answer control; the page is in /tmp/drill_first_failed.png", file=sys.stderr)
        raise
    seconds = time.perf_counter() - started
    context.close()
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3, help="cold servers started, one after the other")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} (other programs share the cores)")
    kinds = ",".join(kind.value for kind in KINDS)
    for warm in (False, True):
        firsts, restarted, agains, every, starts = [], [], [], [], []
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory(prefix="maubinh-first-") as folder:
                copy = _fresh_copy(Path(folder))
                url = f"sqlite:///{Path(folder) / 'classroom.sqlite'}"
                for run in ("new database", "restarted"):
                    launched = time.perf_counter()
                    with server(True, cwd=copy, env={"MAUBINH_DATABASE_URL": url}, warm=warm) as port, \
                            sync_playwright() as pw:
                        starts.append(time.perf_counter() - launched)
                        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
                        base = f"http://127.0.0.1:{port}/drill?lang=vi"
                        (firsts if run == "new database" else restarted).append(_usable_after(browser, base))
                        if run == "restarted":
                            agains.append(_usable_after(browser, base))
                            every.append(_usable_after(browser, f"{base}&kinds={kinds}&level=expert&rules=tinh-chi"))
                        browser.close()
        print("python -m ui.serve (warm before it listens; make run)" if warm
              else "streamlit run app.py (baseline: the first visitor pays every first use)")
        for name, values in (("server start to healthy", starts), ("first, new server and database", firsts),
                             ("first, server restarted", restarted), ("again, second learner", agains),
                             ("every kind, expert, tinh-chi", every)):
            print(f"  {name:30s} median {statistics.median(values):5.2f} s, max {max(values):5.2f} s "
                  f"({', '.join(f'{v:.2f}' for v in values)})" + ("" if name.startswith("server") else "   target: <= 2 s"))

if __name__ == "__main__":
    main()
