"""A school on one machine: the same class load through HAProxy on 1, 2, 3... app servers (issue 21).

For each server count in ``--servers`` (default ``1,2,3``): a fresh PostgreSQL database, that many
``streamlit run app.py`` servers with the production settings (``deploy/production.toml``) behind HAProxy
(``deploy/haproxy.cfg.template``), the teacher's board open, then ``--learners`` simulated tabs
(:mod:`bench.st_client`, as in ``bench/class_load.py``) join through the balancer (each tab's websocket goes to
the next server in turn and stays there), open the assignment and answer ``--questions`` questions with
``--think`` seconds of reading before each click.

Prints per server count: open / answer / next p50 and p95 (targets: open p95 <= 2 s, answer p95 <= 0.5 s),
errors, the answers stored (must be learners x questions), each server's CPU seconds and peak memory, the
memory per session (peak RSS above the server's once its pages are loaded, over its learners' sessions), the
database's share (seconds PostgreSQL spent executing statements while the learners worked, waits on locks
included, against the servers' CPU seconds) and the load average: on a 2-core
machine the figures stop improving where the cores run out, whatever the number of processes.

Needs PostgreSQL: ``MAUBINH_TEST_POSTGRES_URL`` (a server whose user may create databases; ``.ci/postgres``
starts one) and Debian's ``haproxy``. Not run by the tests.

Usage: ``python bench/scale.py [--servers 1,2,3] [--learners 40] [--questions 5] [--think 2]``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import secrets
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench._server import free_port
from bench.class_load import (
    Figures,
    Learner,
    Lesson,
    ProcessWatch,
    _teacher_tab,
    _warm_drill,
    class_learner,
    load_average,
    percentile,
    prepare_class,
    stored_answers,
)
from deploy.cluster import start_app_server, start_haproxy, stop, wait_healthy

TARGETS = {"open": 2.0, "answer": 0.5}
"""p95 targets in seconds (issue 21)."""


def _admin_url() -> str:
    url = os.environ.get("MAUBINH_TEST_POSTGRES_URL")
    if not url:
        sys.exit("set MAUBINH_TEST_POSTGRES_URL to a PostgreSQL server whose user may create databases "
                 "(MAUBINH_TEST_POSTGRES_URL=$(.ci/postgres) python bench/scale.py)")
    return url


@contextlib.contextmanager
def fresh_database() -> Iterator[str]:
    """A new PostgreSQL database on the test server, dropped afterwards; yields its URL."""
    from tests.conftest import drop_postgres_database, fresh_postgres_database

    _admin_url()
    url, name = fresh_postgres_database()
    try:
        yield url
    finally:
        drop_postgres_database(name)


def database_active_seconds(url: str, timeout_s: float = 5.0) -> float:
    """Seconds PostgreSQL spent executing statements in the database of ``url`` (``pg_stat_database.active_time``,
    PostgreSQL 14+; a connection reports its figures when it goes idle, at most once a second: polled for
    ``timeout_s`` until the figure stops growing)."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    from classroom.database import database_url

    name = make_url(url).database
    engine = create_engine(database_url(_admin_url()), isolation_level="AUTOCOMMIT")
    try:
        last, deadline = -1.0, time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            with engine.connect() as connection:
                connection.execute(text("SELECT pg_stat_clear_snapshot()"))
                found = connection.execute(text("SELECT active_time FROM pg_stat_database WHERE datname = :name"),
                                           {"name": name}).scalar()
            now = float(found or 0.0) / 1000
            if now == last:
                return now
            last = now
            time.sleep(1.0)
        return last
    finally:
        engine.dispose()


async def run_class(base_url: str, lesson: Lesson, learners: int, questions: int, think: float, seed: int,
                    servers: int, warm: Callable[[], None]) -> Figures:
    """The teacher's board open, ``servers`` warm-up loads (one per server, in turn), ``warm()``, then every
    learner; returns their timings."""
    figures = Figures()
    teacher = await _teacher_tab(base_url, lesson)
    for _ in range(servers):
        await _warm_drill(base_url)
    warm()
    joined, opened = asyncio.Barrier(learners), asyncio.Barrier(learners)
    tabs = [Learner(n, base_url, figures, think, seed + n) for n in range(learners)]
    await asyncio.gather(*(class_learner(tab, lesson, questions, joined, opened) for tab in tabs))
    for tab in tabs:
        await tab.tab.close()
    await teacher.close()
    return figures


@contextlib.contextmanager
def behind_haproxy(url: str, servers: int,
                   folder: Path) -> Iterator[tuple[list[subprocess.Popen[bytes]], list[str], str]]:
    """``servers`` app servers with the production settings on the database ``url`` behind HAProxy (its config in
    ``folder``), stopped afterwards; yields their processes, their ``host:port`` addresses and HAProxy's base URL."""
    env = {"MAUBINH_DATABASE_URL": url, "STREAMLIT_SERVER_COOKIE_SECRET": secrets.token_hex(32),
           "MAUBINH_TRUST_PROXY": "1"}
    processes: list[subprocess.Popen[bytes]] = []
    addresses: list[str] = []
    haproxy = None
    try:
        for index in range(servers):
            port = free_port()
            processes.append(start_app_server(port, env, f"app{index + 1}", log=None))
            addresses.append(f"127.0.0.1:{port}")
        for process, address in zip(processes, addresses, strict=True):
            wait_healthy(f"http://{address}/_stcore/health", 180, process)
        port = free_port()
        haproxy = start_haproxy(addresses, folder / "haproxy.cfg", f"127.0.0.1:{port}", f"127.0.0.1:{free_port()}",
                                log=None)
        base_url = f"http://127.0.0.1:{port}"
        wait_healthy(f"{base_url}/_stcore/health", 30, haproxy)
        yield processes, addresses, base_url
    finally:
        if haproxy is not None:
            stop(haproxy)
        for process in processes:
            stop(process)


def measure(servers: int, args: argparse.Namespace, folder: Path) -> dict[str, object]:
    """One run on ``servers`` servers; returns its figures (seconds, MiB) by name and prints its lines."""
    with fresh_database() as url:
        lesson = prepare_class(url, args.questions, args.seed)
        with behind_haproxy(url, servers, folder) as (processes, _, base_url):
            watches = [ProcessWatch(p.pid) for p in processes]
            idle_rss: list[int] = []  # each server's memory once its pages are loaded, before the learners
            database_before: list[float] = []  # the database's busy seconds then (start-up's bank load is not the run's)

            def warm(watches: list[ProcessWatch]) -> None:
                idle_rss.extend(w.rss() for w in watches)
                database_before.append(database_active_seconds(url))
            for watch in watches:
                watch.__enter__()
            wall = time.perf_counter()
            figures = asyncio.run(run_class(base_url, lesson, args.learners, args.questions, args.think, args.seed,
                                            servers, lambda: warm(watches)))
            wall = time.perf_counter() - wall
            for watch in watches:
                watch.__exit__()
            cpu = [w.used() for w in watches]
            peak = [max(w.peak_rss, w.rss()) for w in watches]
        stored, distinct = stored_answers(lesson)
        lesson.store.engine.dispose()
        database_s = database_active_seconds(url) - database_before[0]
    mib = 1024 * 1024
    sessions_per_server = args.learners / servers
    per_session = sum(p - i for p, i in zip(peak, idle_rss, strict=True)) / servers / sessions_per_server / mib
    steps = {step: figures.steps.get(step, [float("nan")]) for step in ("open", "answer", "next")}
    result: dict[str, object] = {
        "servers": servers, "wall": wall, "errors": len(figures.errors), "stored": stored,
        "expected": args.learners * args.questions, "distinct": distinct,
        **{f"{step} p50": percentile(v, 0.5) for step, v in steps.items()},
        **{f"{step} p95": percentile(v, 0.95) for step, v in steps.items()},
        "cpu": cpu, "peak": [p / mib for p in peak], "per_session": per_session, "load": load_average(),
        "database": database_s,
    }
    print(f"{servers} server(s): run {wall:.1f} s; open p50 {result['open p50']:.2f} p95 {result['open p95']:.2f} s; "
          f"answer p50 {result['answer p50']:.2f} p95 {result['answer p95']:.2f} s; next p95 {result['next p95']:.2f} s;"
          f" errors {len(figures.errors)}; answers stored {stored}/{args.learners * args.questions}"
          f"{'' if stored == distinct == args.learners * args.questions else ' WRONG'}; server CPU "
          + ", ".join(f"{c:.1f}" for c in cpu) + " s; peak RSS " + ", ".join(f"{p / mib:.0f}" for p in peak)
          + f" MiB; ~{per_session:.1f} MiB per session; database busy {database_s:.1f} s "
          f"({100 * database_s / max(sum(cpu), 1e-9):.0f}% of the servers' CPU); load {load_average()}", flush=True)
    for line in figures.errors[:5]:
        print(f"  {line}")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--servers", default="1,2,3", help="server counts to measure, comma-separated")
    parser.add_argument("--learners", type=int, default=40)
    parser.add_argument("--questions", type=int, default=5)
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds of reading before each click")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    _admin_url()
    counts = [int(n) for n in args.servers.split(",")]
    print(f"{args.learners} learners x {args.questions} questions, think {args.think:g} s, PostgreSQL, "
          f"through HAProxy; {os.cpu_count()} cores; load average before: {load_average()}", flush=True)
    results = []
    with tempfile.TemporaryDirectory() as folder:
        for count in counts:
            results.append(measure(count, args, Path(folder)))
    print()
    print(f"{'servers':>7s} {'open p50':>9s} {'open p95':>9s} {'answer p50':>11s} {'answer p95':>11s} "
          f"{'next p95':>9s} {'errors':>6s} {'stored':>7s} {'CPU s':>7s} {'DB s':>6s} {'MiB/session':>11s}  targets")
    for r in results:
        met = [f"{step} p95 <= {target:g} s: {'met' if r[f'{step} p95'] <= target else 'MISSED'}"  # type: ignore[operator]
               for step, target in TARGETS.items()]
        print(f"{r['servers']:>7d} {r['open p50']:9.2f} {r['open p95']:9.2f} {r['answer p50']:11.2f} "
              f"{r['answer p95']:11.2f} {r['next p95']:9.2f} {r['errors']:6d} {r['stored']:7d} "
              f"{sum(r['cpu']):7.1f} {r['database']:6.1f} {r['per_session']:11.1f}  {'; '.join(met)}")  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
