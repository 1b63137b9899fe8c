"""Shared by the browser benchmarks: a Streamlit server of this checkout on a free port, and its page state."""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
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
    with server_process(compiled, cwd, env, warm) as (port, _):
        yield port


@contextmanager
def server_process(compiled: bool = True, cwd: Path = ROOT, env: dict[str, str] | None = None,
                   warm: bool = True) -> Iterator[tuple[int, subprocess.Popen[bytes]]]:
    """:func:`server`, yielding its port and its process (whose CPU a bench reads)."""
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
        yield port, process
    finally:
        process.terminate()
        process.wait(timeout=10)


@dataclass
class Servers:
    """App servers on one database: ``url`` is where the tabs connect (HAProxy's address when there are
    several, the server's own when one), ``processes`` the servers' (their CPU is the figure)."""

    url: str
    processes: list[subprocess.Popen[bytes]]

    def cpu(self) -> float:
        """CPU seconds the servers have used so far (user + system, from ``/proc``)."""
        return sum(self.cpus())

    def cpus(self) -> list[float]:
        """CPU seconds each server has used so far."""
        seconds = []
        for process in self.processes:
            fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
            seconds.append((int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"))
        return seconds


@contextmanager
def servers(count: int, database_url: str, env: dict[str, str] | None = None) -> Iterator[Servers]:
    """``count`` app servers on ``database_url`` (one: alone; more: behind HAProxy with the deployed config,
    ``deploy/haproxy.cfg.template``: round robin, cookie affinity, which a tab without cookies does not have, so
    each tab's websocket goes to the next server); all stopped afterwards."""
    from deploy.cluster import start_haproxy, stop, wait_healthy

    environment = {"MAUBINH_DATABASE_URL": database_url, "PYTHONUNBUFFERED": "1", **(env or {})}
    if count > 1:
        environment.setdefault("MAUBINH_TRUST_PROXY", "1")
    with ExitStack() as stack:
        started = [stack.enter_context(server_process(env=environment)) for _ in range(count)]
        if count == 1:
            yield Servers(f"http://127.0.0.1:{started[0][0]}", [started[0][1]])
            return
        folder = Path(tempfile.mkdtemp(prefix="bench_haproxy_"))
        port = free_port()
        haproxy = start_haproxy([f"127.0.0.1:{p}" for p, _ in started], folder / "haproxy.cfg",
                                f"127.0.0.1:{port}", f"127.0.0.1:{free_port()}", log=None)
        stack.callback(stop, haproxy)
        wait_healthy(f"http://127.0.0.1:{port}/_stcore/health", 60, haproxy)
        time.sleep(4)  # HAProxy marks each server up after two health checks (2 s apart)
        yield Servers(f"http://127.0.0.1:{port}", [process for _, process in started])


def add_server_options(parser: argparse.ArgumentParser, at_once: int) -> None:
    """The options of a bench on :func:`servers` and :func:`database`: ``--servers``, ``--at-once`` (pages opening
    at the same time), ``--database-url``, ``--postgres``."""
    parser.add_argument("--servers", type=int, default=1, help="app servers (more than one: behind HAProxy)")
    parser.add_argument("--at-once", type=int, default=at_once, help="pages opening at the same time")
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--postgres", action="store_true", help="a fresh database on MAUBINH_TEST_POSTGRES_URL")


@contextmanager
def database(given: str | None, postgres: bool, prefix: str) -> Iterator[str]:
    """The database URL of a run: ``given``, a fresh PostgreSQL database on ``MAUBINH_TEST_POSTGRES_URL``
    (``postgres``; dropped after), or a fresh SQLite file."""
    if given:
        yield given
        return
    if not postgres:
        yield f"sqlite:///{Path(tempfile.mkdtemp(prefix=prefix)) / 'classroom.sqlite'}"
        return
    from tests.conftest import POSTGRES_ENV, drop_postgres_database, fresh_postgres_database

    if not os.environ.get(POSTGRES_ENV):
        raise SystemExit(f"--postgres needs {POSTGRES_ENV}=postgresql://user@host:port/postgres (a role that may create "
                         "databases)")
    url, name = fresh_postgres_database()
    try:
        yield url
    finally:
        drop_postgres_database(name)


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
