"""Play on a phone (issue 36): from "Confirm" to the showdown on the screen, and to the analysis, in the browser.

A warm server (``python -m ui.serve``, as ``make run``) and Chromium at 390 x 844 (touch): ``--deals`` deals at a
four-seat table (``chi-at``, solver, medium, beginner), each arranged by taps (the beginner's split, strongest back
first: a learner's own, often imperfect one) after ``--think`` seconds (a learner arranging: the analysis's preparation
runs meanwhile, as on the page), then confirmed. Measured from the Confirm tap: the compact showdown on the screen
(``.mb-showdown``; target <= 0.3 s) and the analysis's numbers (``.st-key-play_analysis_numbers``). The page draws the
showdown first and the analysis after it (``ui/play/views.py``). The first showdown after a fresh install is
``bench/cold_start.py``'s (target <= 2 s).

Usage: ``python bench/play_showdown.py [--deals 5] [--think 8]``. The machine is shared: the load average is printed;
repeat a run before trusting one figure.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _server import idle, server

from maubinh.play import Strength, Table
from maubinh.rules import load_rule_set
from maubinh.strategy.arrangers import arrange_simple
from tests.e2e.arrange import place_by_taps
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS

SEED, BOTS = 11, (Strength.SOLVER, Strength.MEDIUM, Strength.BEGINNER)
TARGET_S = 0.3
WATCH = """(selectors) => { window.mbShown = selectors.map((selector) => new Promise((resolve) => {
  const seen = () => document.querySelector(selector);
  if (seen()) { resolve(performance.now()); return; }
  const observer = new MutationObserver(() => { if (seen()) { observer.disconnect(); resolve(performance.now()); } });
  observer.observe(document.body, {childList: true, subtree: true});
})); }"""
"""Keep in ``window.mbShown`` one promise per selector, resolved with the page's clock (ms) when an element matching it
is in the page (a mutation observer: no polling)."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=5)
    parser.add_argument("--think", type=float, default=8.0, help="seconds between the cards shown and Confirm")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} (other programs share the cores)")
    table = Table(load_rule_set("chi-at"), SEED, BOTS)
    showdowns: list[float] = []
    analyses: list[float] = []
    with server(True) as port, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()
        page.set_default_timeout(300_000)
        for number in range(1, args.deals + 1):
            page.goto(f"http://127.0.0.1:{port}/play?lang=vi&seed={SEED}&deal={number}&rules=chi-at&bots="
                      + ",".join(b.value for b in BOTS))
            idle(page)
            page.locator(".mb-hand button.mb-card").first.wait_for()
            time.sleep(args.think)
            place_by_taps(page, arrange_simple(table.deal(number)[0], table.rule_set))
            page.evaluate(WATCH, [".mb-showdown", ".st-key-play_analysis_numbers"])  # watching before the tap
            tapped = page.locator("button[data-confirm]").evaluate("(b) => { b.click(); return performance.now(); }")
            shown, analysed = page.evaluate("() => Promise.all(window.mbShown)")
            showdowns.append((float(shown) - tapped) / 1000)
            analyses.append((float(analysed) - tapped) / 1000)
            print(f"deal {number}: showdown {showdowns[-1]:.2f} s, analysis {analyses[-1]:.2f} s after Confirm")
            idle(page)
        browser.close()
    print(f"showdown after Confirm: median {statistics.median(showdowns):.2f} s, max {max(showdowns):.2f} s   "
          f"target: <= {TARGET_S} s")
    print(f"analysis after Confirm: median {statistics.median(analyses):.2f} s, max {max(analyses):.2f} s")


if __name__ == "__main__":
    main()
