"""Shared by the browser benchmarks: a Streamlit server of this checkout on a free port, and its page state."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def server(compiled: bool = True, cwd: Path = ROOT, env: dict[str, str] | None = None,
           warm: bool = True) -> Iterator[int]:
    """Start the app as ``make run`` does (``python -m ui.serve``: warm before it listens) or, without ``warm``,
    as ``streamlit run app.py`` (``MAUBINH_KERNEL=0`` unless ``compiled``); yield its port once healthy."""
    port = free_port()
    environment = {**os.environ, **(env or {}), "MAUBINH_KERNEL": "1" if compiled else "0"}
    start = ["-m", "ui.serve"] if warm else ["-m", "streamlit", "run", str(cwd / "app.py")]
    process = subprocess.Popen(
        [sys.executable, *start, "--server.port", str(port),
         "--server.headless", "true", "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false",
         "--server.fileWatcherType", "none"],
        cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=environment,
    )
    try:
        for _ in range(1200):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        yield port
    finally:
        process.terminate()
        process.wait(timeout=10)


def idle(page: Page) -> None:
    """Wait until the script has finished running and no skeleton is left."""
    page.wait_for_selector("[data-testid=stApp][data-test-script-state=notRunning]", state="attached")
    page.wait_for_function("() => document.querySelector('[data-testid=stSkeleton]') === null")


CLICK_AND_WAIT = """(selector) => new Promise((resolve, reject) => {
  const app = document.querySelector('[data-testid=stApp]');
  let ran = false;
  const start = performance.now();
  const check = () => {
    if (app.getAttribute('data-test-script-state') === 'running') ran = true;
    if (ran && app.getAttribute('data-test-script-state') === 'notRunning') {
      observer.disconnect();
      resolve(performance.now() - start);
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(app, {attributes: true});
  setTimeout(() => { observer.disconnect(); reject(new Error('no rerun after 60 s')); }, 60000);
  document.querySelector(selector).click();
})"""
"""Click the element matching the CSS selector and resolve the ms until the rerun it starts has finished."""
