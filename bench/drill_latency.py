"""Drill page: time from the click on "Next question" to the next question on screen, in a real browser.

Starts ``streamlit run app.py`` on a free port and Debian's Chromium (as the browser tests do), works
through a set of every kind, answering each question, waiting ``--think`` seconds (reading the
feedback) and clicking "Next question". The clock runs in the page (``performance.now``): from the click
until the next question's heading is in the page ("on screen"), and until the script has finished
("done": the whole question, with its cards and buttons, drawn). Questions are prepared ahead in background threads
(ui/drill/prepare.py), so the figure is the page's own rerun and drawing, plus any wait for a question still being
made. Runs a server with the compiled kernel, then one on the numpy path (``MAUBINH_KERNEL=0``), and prints both.
Usage: ``python bench/drill_latency.py [--questions 18] [--think 2] [--level intermediate] [--kernel-only]``.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from maubinh.drills import KINDS, Kind
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS

KINDS_PARAM = ",".join(kind.value for kind in KINDS)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _idle(page: Page) -> None:
    page.wait_for_selector("[data-testid=stApp][data-test-script-state=notRunning]", state="attached")
    page.wait_for_function("() => document.querySelector('[data-testid=stSkeleton]') === null")


_CLICK_AND_TIME = """(n) => new Promise((resolve, reject) => {
  const app = document.querySelector('[data-testid=stApp]');
  const heading = () => [...document.querySelectorAll('h3')].some(e => e.textContent.trim() === 'Question ' + n);
  let shown = null;
  const start = performance.now();
  const check = () => {
    if (shown === null && heading()) shown = performance.now() - start;
    if (shown !== null && app.getAttribute('data-test-script-state') === 'notRunning') {
      observer.disconnect();
      resolve([shown, performance.now() - start]);
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
  setTimeout(() => { observer.disconnect(); reject(new Error('no question ' + n + ' after 30 s')); }, 30000);
  document.querySelector('.st-key-drill_next button').click();
})"""
"""Click "Next question" and resolve ``[on screen, done]`` in ms: the heading "Question n" is in the page, and
the script is no longer running with it there."""


def _answer(page: Page, kind: str, index: int) -> None:
    """Any answer will do: the first choice, a number typed in (an empty box is refused: the question stays), or
    the cards in the order shown (in the arranging component, in the browser: the back, the middle, then the
    front; one round trip on "Confirm"). ``index`` is the question's 0-based number (the key of its input)."""
    if kind == Kind.SETTLE.value:
        box = page.locator(f".st-key-drill_settle_value_{index} input")
        box.fill("0")
        box.press("Enter")
        _idle(page)
        page.locator(".st-key-drill_settle_submit button").click()
    elif kind == Kind.ARRANGE.value:
        for position, size in (("back", 5), ("middle", 5), ("front", 3)):
            for _ in range(size):
                page.locator(".mb-hand button.mb-card").first.click()
                page.locator(f'button.mb-chi-head[data-place="{position}"]').click()
        page.locator("button[data-confirm]").click()
    else:
        page.locator(".st-key-drill_choice_0 button").click()
    page.wait_for_selector("[data-testid=stAlertContentSuccess], [data-testid=stAlertContentError]")
    page.wait_for_timeout(60)
    _idle(page)


def _run(args: argparse.Namespace, compiled: bool) -> dict[str, list[tuple[float, float]]]:
    """Work through the set in a fresh server (``MAUBINH_KERNEL=0`` for the numpy path); timings per kind."""
    port = _free_port()
    env = {**os.environ, "MAUBINH_KERNEL": "1" if compiled else "0"}
    server = subprocess.Popen(
        [sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"), "--server.port", str(port),
         "--server.headless", "true", "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false",
         "--server.fileWatcherType", "none"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
    )
    timings: dict[str, list[tuple[float, float]]] = {}
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=1)
                break
            except OSError:
                time.sleep(0.2)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.set_default_timeout(600_000)  # a cold server on a loaded machine: minutes
            page.goto(f"http://127.0.0.1:{port}/drill?lang=en&kinds={KINDS_PARAM}&level={args.level}"
                      f"&rules=chi-at&seed={args.seed}&n={args.questions + 1}")
            _idle(page)
            for number in range(1, args.questions + 1):
                kind = KINDS[(number - 1) % len(KINDS)].value
                _answer(page, kind, number - 1)
                page.wait_for_timeout(int(args.think * 1000))
                shown, done = page.evaluate(_CLICK_AND_TIME, number + 1)
                next_kind = KINDS[number % len(KINDS)].value
                timings.setdefault(next_kind, []).append((shown, done))
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    return timings


def _report(name: str, timings: dict[str, list[tuple[float, float]]], think: float) -> float:
    shown = [t[0] for values in timings.values() for t in values]
    done = [t[1] for values in timings.values() for t in values]
    print(f"{name}: next question after the click ({len(shown)} clicks, think time {think:g} s), in ms:")
    for kind, values in timings.items():
        print(f"  {kind:8s} on screen median {statistics.median(v[0] for v in values):5.0f}, "
              f"max {max(v[0] for v in values):5.0f}; done median {statistics.median(v[1] for v in values):5.0f}")
    print(f"{name}: next-question latency: on screen median {statistics.median(shown):.0f} ms "
          f"(95th percentile {_p95(shown):.0f} ms, max {max(shown):.0f} ms); "
          f"fully drawn median {statistics.median(done):.0f} ms (95th percentile {_p95(done):.0f} ms)")
    return _p95(shown)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--questions", type=int, default=18)
    parser.add_argument("--think", type=float, default=2.0, help="seconds spent reading each answer")
    parser.add_argument("--level", default="intermediate")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--kernel-only", action="store_true", help="skip the numpy-path server")
    args = parser.parse_args()
    subprocess.run([sys.executable, "-m", "maubinh.strategy.kernel"], cwd=ROOT, check=False,
                   stdout=subprocess.DEVNULL)  # the kernel in the cache, as after the first start
    print(f"load average {os.getloadavg()[0]:.2f} (other programs share the cores)")
    fast = _report("kernel", _run(args, True), args.think)
    if not args.kernel_only:
        slow = _report("numpy path", _run(args, False), args.think)
        print(f"95th percentile, numpy path / kernel: x{slow / max(fast, 1.0):.1f}   target: <= 300 ms p95")


def _p95(values: list[float]) -> float:
    return sorted(values)[int(0.95 * (len(values) - 1))]


if __name__ == "__main__":
    main()
