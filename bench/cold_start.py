"""Cold start after a fresh install (issues 14, 32): a copy of this checkout with no compiled kernel in its cache
and no database, started as a new user's ``make run`` starts it.

Steps: the install step (``python -m maubinh.strategy.kernel``: the kernel compiled once into numba's cache, as the
Makefile does after installing the requirements), then the server (``python -m ui.serve``), then Chromium. Prints:

- the install step's compile (seconds);
- the server's start until it listens (the pages' imports and a new database with the starter bank);
- the first page on screen, from the moment the server listens (target <= 3 s), in a browser already running (as a
  visitor's is: until 2026-12 this figure included Chromium's own launch, 1-3 s on the loaded machine);
- a Play hand at four seats (390 px), arranged by taps and confirmed at once: from the Confirm to the showdown on
  screen (target <= 2 s), and whether the kernel was ready then.

``--no-install``: the server started without the install step (``streamlit run``'s users, or a skipped step): it
compiles the kernel in a child process; a hand confirmed meanwhile waits for it ("preparing the engine, about N s")
instead of running on the numpy path, so the showdown then takes about the rest of the compile.
Usage: ``python bench/cold_start.py [--no-install]``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _server import ROOT, idle, server

from maubinh.play import Strength, Table
from maubinh.rules import load_rule_set
from maubinh.strategy.arrangers import arrange_simple
from tests.e2e.arrange import place_by_taps
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE
from tests.e2e.conftest import SCREENSHOTS as SHOTS

SEED, BOTS = 7, (Strength.SOLVER, Strength.MEDIUM, Strength.BEGINNER)


def _fresh_copy(into: Path) -> Path:
    """The checkout's tracked files (and uncommitted edits) copied to ``into``, without any ``__pycache__``."""
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    for name in files:
        source = ROOT / name
        if source.is_file():
            target = into / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    return into


def _kernel_ready(copy: Path) -> bool:
    """Whether the copy's cache holds the compiled kernel (the install step's or the server's child's mark)."""
    return any((copy / "maubinh" / "strategy" / "__pycache__").glob("kernel-compiled-*"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--no-install", action="store_true", help="start the server without the install step")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} (other programs share the cores)")
    with tempfile.TemporaryDirectory(prefix="maubinh-cold-") as folder:
        copy = _fresh_copy(Path(folder))
        env = {"MAUBINH_DATABASE_URL": f"sqlite:///{folder}/classroom.sqlite"}
        if not args.no_install:
            began = time.perf_counter()
            subprocess.run([sys.executable, "-m", "maubinh.strategy.kernel"], cwd=copy, check=True,
                           stdout=subprocess.DEVNULL)
            print(f"install step: the kernel compiled in {time.perf_counter() - began:.1f} s")
        with sync_playwright() as pw:  # the visitor's browser is open before the server starts (its own start,
            began = time.perf_counter()  # 1-3 s on a loaded machine, is no part of the app's first page)
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport=PHONE)
            page.set_default_timeout(300_000)
            launch = time.perf_counter() - began
            started = time.perf_counter()
            with server(True, cwd=copy, env=env) as port:
                listening = time.perf_counter()
                page.goto(f"http://127.0.0.1:{port}/?lang=en")
                idle(page)
                first_page = time.perf_counter() - listening
                again = browser.new_page(viewport=PHONE)  # the same page in a new tab: what any page costs now
                began = time.perf_counter()
                again.goto(f"http://127.0.0.1:{port}/?lang=en")
                idle(again)
                second_page = time.perf_counter() - began
                again.close()
                page.goto(f"http://127.0.0.1:{port}/play?lang=en&seed={SEED}&deal=1&rules=chi-at&bots="
                          + ",".join(b.value for b in BOTS))
                idle(page)
                try:
                    expect(page.locator(".mb-hand button.mb-card")).to_have_count(13, timeout=60_000)
                except AssertionError:
                    page.screenshot(path="/tmp/ops-cold.png", full_page=True)
                    raise
                table = Table(load_rule_set("chi-at"), SEED, BOTS)
                place_by_taps(page, arrange_simple(table.deal(1)[0], table.rule_set))
                ready_at_confirm = _kernel_ready(copy)
                confirmed = time.perf_counter()
                page.locator("button[data-confirm]").click()
                if not ready_at_confirm:  # what the player sees meanwhile
                    page.wait_for_timeout(1500)
                    SHOTS.mkdir(parents=True, exist_ok=True)
                    page.screenshot(path=str(SHOTS / "cold_start_preparing_en_390.png"))
                expect(page.locator(".mb-showdown")).to_be_visible(timeout=600_000)  # drawn before the analysis
                showdown = time.perf_counter() - confirmed
                expect(page.locator(".st-key-play_analysis_numbers")).to_be_visible(timeout=600_000)
                analysed = time.perf_counter() - confirmed
                hand_at = confirmed - listening
                browser.close()
    print(f"server listening {listening - started:.1f} s after its start (imports, a new database with the starter "
          "bank)")
    print(f"first page on screen {first_page:.2f} s after the server listens   target: <= 3 s (the same page in a "
          f"second tab then: {second_page:.2f} s; the browser, started before the server: {launch:.1f} s)")
    print(f"Play (4 seats, 390 px), confirmed {hand_at:.1f} s after it listens (kernel compiled in the cache: "
          f"{'yes' if ready_at_confirm else 'no'}): showdown {showdown:.2f} s after Confirm   target: <= 2 s; "
          f"the analysis {analysed:.2f} s after it")


if __name__ == "__main__":
    main()
