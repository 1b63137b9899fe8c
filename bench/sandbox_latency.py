"""Sandbox: the time from a click to the page settled again, in a real browser, with the compiled kernel and on
the numpy path (issue 14, the twin of ``bench/drill_latency.py``).

A four-seat table: "Deal" (a new deal, settled under the four source rule sets side by side) and "Xếp bài" for
everyone (four hands set by the solver, then settled), each clicked ``--clicks`` times; the clock runs in the page
(``performance.now``) from the click until the rerun it starts has finished. Usage:
``python bench/sandbox_latency.py [--clicks 10] [--kernel-only]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _server import CLICK_AND_WAIT, ROOT, idle, server

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS

ACTIONS = {"deal": ".st-key-sandbox_deal button", "xep ca ban": ".st-key-sandbox_solve_all button"}


def _run(clicks: int, compiled: bool) -> dict[str, list[float]]:
    timings: dict[str, list[float]] = {name: [] for name in ACTIONS}
    with server(compiled) as port, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.set_default_timeout(120_000)
        page.goto(f"http://127.0.0.1:{port}/sandbox?lang=en&seats=4&seed=7")
        idle(page)
        page.wait_for_timeout(3000)  # the kernel loads from its cache in the background meanwhile
        for _ in range(clicks):
            for name, selector in ACTIONS.items():
                timings[name].append(page.evaluate(CLICK_AND_WAIT, selector))
                idle(page)
        browser.close()
    return timings


def _p95(values: list[float]) -> float:
    return sorted(values)[int(0.95 * (len(values) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clicks", type=int, default=10)
    parser.add_argument("--kernel-only", action="store_true")
    args = parser.parse_args()
    subprocess.run([sys.executable, "-m", "maubinh.strategy.kernel"], cwd=ROOT, check=False, stdout=subprocess.DEVNULL)
    print(f"four seats, {args.clicks} clicks each; load average {os.getloadavg()[0]:.2f} (other programs share the cores)")
    runs = {"kernel": _run(args.clicks, True)}
    if not args.kernel_only:
        runs["numpy path"] = _run(args.clicks, False)
    for name in ACTIONS:
        line = [f"{path}: median {statistics.median(t[name]):5.0f} ms, p95 {_p95(t[name]):5.0f} ms"
                for path, t in runs.items()]
        ratio = (f"   x{_p95(runs['numpy path'][name]) / max(1.0, _p95(runs['kernel'][name])):.1f}"
                 if "numpy path" in runs else "")
        print(f"Sandbox {name:<11} {'   '.join(line)}{ratio}   target: <= 300 ms p95")


if __name__ == "__main__":
    main()
