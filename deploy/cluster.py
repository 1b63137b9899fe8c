"""One command for a school on one machine: N app servers on one PostgreSQL behind HAProxy (issue 21).

    make serve SERVERS=3                       # or: .venv/bin/python deploy/cluster.py --servers 3

Each server is ``python -m ui.serve`` (``streamlit run app.py``, warm before it listens) on 127.0.0.1 (ports ``--first-port`` on), with the settings of
``deploy/production.toml``; HAProxy (Debian's ``haproxy``) listens on ``--bind`` (default 0.0.0.0:8500) with
the config ``deploy/render.py`` makes, cookie affinity and health checks on ``/_stcore/health``.

The database is ``--database-url`` or ``MAUBINH_DATABASE_URL`` (PostgreSQL). Without either, a local
PostgreSQL cluster of Debian's ``postgresql`` package is started in ``data/postgres`` (port 55433, kept
between runs, stopped at the end). The cookie secret is ``MAUBINH_COOKIE_SECRET``, or a random one for this
run. Ctrl-C (or SIGTERM) stops HAProxy, then the servers, then a PostgreSQL it started, and returns.
Every child's output is printed with its name (``[app1] ...``, ``[haproxy] ...``).
"""

from __future__ import annotations

import argparse
import os
import secrets
import shlex
import shutil
import signal
import subprocess
import sys
import threading
import time
import tomllib
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from deploy.render import local_servers, render, server_name

PRODUCTION = ROOT / "deploy" / "production.toml"
LOCAL_PG_DIR = ROOT / "data" / "postgres"
LOCAL_PG_PORT = 55433
HAPROXY = "haproxy"
HAPROXY_MISSING = "HAProxy is missing: sudo apt-get install haproxy"


def streamlit_options(path: Path = PRODUCTION) -> list[str]:
    """The settings of a Streamlit config file as command-line options, e.g. ``['--server.headless=true']``.

    Args:
        path: a TOML file in Streamlit's config format (sections of ``key = value``).
    Returns:
        One ``--section.key=value`` per value (booleans as ``true``/``false``), in the file's order.
    """
    options: list[str] = []

    def walk(prefix: str, table: Mapping[str, Any]) -> None:
        for key, value in table.items():
            if isinstance(value, Mapping):
                walk(f"{prefix}{key}.", value)
            else:
                text = str(value).lower() if isinstance(value, bool) else str(value)
                options.append(f"--{prefix}{key}={text}")

    with path.open("rb") as handle:
        walk("", tomllib.load(handle))
    return options


def wait_healthy(url: str, timeout_s: float, process: subprocess.Popen[bytes] | None = None) -> None:
    """Poll ``url`` until it answers 200; raise RuntimeError after ``timeout_s`` seconds or if ``process``
    (the one that should answer) exits first."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"{process.args!r} exited with code {process.returncode} before {url} answered")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {timeout_s:.0f} s")


def _relay(name: str, stream: IO[bytes], out: IO[str]) -> None:
    for raw in iter(stream.readline, b""):
        out.write(f"[{name}] {raw.decode(errors='replace')}")
        out.flush()


def spawn(name: str, command: Sequence[str], env: Mapping[str, str] | None = None,
          log: IO[str] | None = sys.stdout) -> subprocess.Popen[bytes]:
    """Start ``command`` in its own session (a Ctrl-C reaches only this script, which stops the children in
    order) with ``env`` added; its output goes to ``log`` line by line as ``[name] ...`` (``None``: dropped)."""
    process = subprocess.Popen(
        list(command), cwd=ROOT, env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE if log else subprocess.DEVNULL,
        stderr=subprocess.STDOUT, start_new_session=True,
    )
    if log is not None and process.stdout is not None:
        threading.Thread(target=_relay, args=(name, process.stdout, log), daemon=True).start()
    return process


def stop(process: subprocess.Popen[bytes], timeout_s: float = 15.0) -> None:
    """SIGTERM ``process``, then SIGKILL if it is still running after ``timeout_s``; waits for it."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=timeout_s)


def start_app_server(port: int, env: Mapping[str, str], name: str = "app",
                     log: IO[str] | None = sys.stdout) -> subprocess.Popen[bytes]:
    """Start one app server on 127.0.0.1:``port`` with the production settings and ``env`` (the database URL,
    the cookie secret...); returns at once (see :func:`wait_healthy`)."""
    command = [sys.executable, "-m", "ui.serve",  # warm before it listens (ui/serve.py)
               *streamlit_options(), "--server.address=127.0.0.1", f"--server.port={port}"]
    return spawn(name, command, env, log)


def start_haproxy(servers: Sequence[str], config: Path, bind: str, stats_bind: str,
                  log: IO[str] | None = sys.stdout) -> subprocess.Popen[bytes]:
    """Write the config for ``servers`` (``host:port`` each) to ``config``, check it (``haproxy -c``) and
    start HAProxy in the foreground (``-db``); returns its process. RuntimeError without haproxy or for a
    config it refuses."""
    binary = shutil.which(HAPROXY) or next((p for p in ("/usr/sbin/haproxy",) if Path(p).exists()), None)
    if binary is None:
        raise RuntimeError(HAPROXY_MISSING)
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(render(servers, bind=bind, stats_bind=stats_bind), encoding="utf-8")
    check = subprocess.run([binary, "-c", "-q", "-f", str(config)], capture_output=True, text=True, check=False)
    if check.returncode != 0:
        raise RuntimeError(f"haproxy refuses {config}:\n{check.stdout}{check.stderr}")
    return spawn("haproxy", [binary, "-db", "-f", str(config)], log=log)


class LocalPostgres:
    """A PostgreSQL cluster of Debian's package in ``directory`` on 127.0.0.1:``port`` (trust authentication
    on loopback only), made on first use and kept; :meth:`start` returns the URL of its ``maubinh`` database."""

    def __init__(self, directory: Path = LOCAL_PG_DIR, port: int = LOCAL_PG_PORT) -> None:
        self.directory, self.port = directory, port
        found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: int(p.parts[-3]))
        if not found:
            raise RuntimeError("no PostgreSQL: set MAUBINH_DATABASE_URL or sudo apt-get install postgresql")
        self.bin = found[-1].parent
        self.started = False

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        subprocess.run([*prefix, *command], check=True, stdout=subprocess.DEVNULL)

    def start(self) -> str:
        """Start the cluster (initdb the first time; nothing if it already runs); returns the database's URL."""
        if os.geteuid() == 0:
            subprocess.run(["id", "postgres"], check=True, stdout=subprocess.DEVNULL)
        if not (self.directory / "PG_VERSION").exists():
            self.directory.mkdir(parents=True, exist_ok=True)
            if os.geteuid() == 0:
                shutil.chown(self.directory, "postgres", "postgres")
            self._run(str(self.bin / "initdb"), "-D", str(self.directory), "-U", "postgres", "--auth=trust",
                      "--encoding=UTF8", "--locale=C.UTF-8")
        status = subprocess.run(
            (["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else [])
            + [str(self.bin / "pg_ctl"), "-D", str(self.directory), "status"], stdout=subprocess.DEVNULL, check=False)
        if status.returncode != 0:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.directory), "-l", str(self.directory / "server.log"),
                      "-w", "-t", "60", "-o",
                      f"-p {self.port} -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=300", "start")
            self.started = True
        admin = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        from sqlalchemy import create_engine, text

        from classroom.database import database_url as normalised_url

        engine = create_engine(normalised_url(admin), isolation_level="AUTOCOMMIT")
        with engine.connect() as connection:
            if connection.execute(text("SELECT 1 FROM pg_database WHERE datname = 'maubinh'")).first() is None:
                connection.execute(text("CREATE DATABASE maubinh"))
        engine.dispose()
        return f"postgresql://postgres@127.0.0.1:{self.port}/maubinh"

    def stop(self) -> None:
        """Stop the cluster if :meth:`start` started it."""
        if self.started:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.directory), "stop", "-m", "fast")
            self.started = False


def serve(count: int, first_port: int, bind: str, stats_bind: str, database_url: str | None) -> int:
    """Run the whole set until Ctrl-C or SIGTERM (see the module's docstring); returns the exit status."""
    stopping = threading.Event()

    def on_signal(signum: int, _frame: object) -> None:
        stopping.set()

    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    postgres: LocalPostgres | None = None
    servers: list[subprocess.Popen[bytes]] = []
    haproxy: subprocess.Popen[bytes] | None = None
    try:
        if not database_url:
            postgres = LocalPostgres()
            database_url = postgres.start()
            print(f"[cluster] local PostgreSQL in {postgres.directory}: {database_url}", flush=True)
        elif not database_url.startswith("postgresql"):
            print(f"[cluster] {database_url.split(':', 1)[0]} is not PostgreSQL: several servers on one SQLite file "
                  "work on one machine only, one writer at a time", flush=True)
        secret = os.environ.get("MAUBINH_COOKIE_SECRET") or secrets.token_hex(32)
        if "MAUBINH_COOKIE_SECRET" not in os.environ:
            print("[cluster] MAUBINH_COOKIE_SECRET is not set: a random secret for this run", flush=True)
        env = {"MAUBINH_DATABASE_URL": database_url, "STREAMLIT_SERVER_COOKIE_SECRET": secret,
               "MAUBINH_TRUST_PROXY": "1", "MAUBINH_BANK_TOPUP": os.environ.get("MAUBINH_BANK_TOPUP", "100")}
        addresses = local_servers(count, first_port)
        for index, address in enumerate(addresses):
            servers.append(start_app_server(first_port + index, env, server_name(index)))
        for index, (address, process) in enumerate(zip(addresses, servers, strict=True)):
            wait_healthy(f"http://{address}/_stcore/health", 120, process)
            print(f"[cluster] {server_name(index)} ready on {address}", flush=True)
        haproxy = start_haproxy(addresses, ROOT / "data" / "haproxy.cfg", bind, stats_bind)
        host, _, port = bind.rpartition(":")
        public = f"http://{'127.0.0.1' if host in ('', '0.0.0.0', '*') else host}:{port}"
        wait_healthy(f"{public}/_stcore/health", 30, haproxy)
        print(f"[cluster] {count} servers behind HAProxy: open {public} (status page http://{stats_bind}); "
              "Ctrl-C stops everything", flush=True)
        reported: set[int] = set()
        while not stopping.wait(1.0):
            if haproxy.poll() is not None:
                print(f"[cluster] haproxy exited with code {haproxy.returncode}", flush=True)
                return 1
            for index, process in enumerate(servers):
                if process.poll() is not None and index not in reported:
                    reported.add(index)
                    print(f"[cluster] {server_name(index)} exited with code {process.returncode}: HAProxy sends its "
                          "browsers to the others (restart the set to bring it back)", flush=True)
        return 0
    except RuntimeError as error:
        print(f"[cluster] {error}", file=sys.stderr, flush=True)
        return 1
    finally:
        print("[cluster] stopping", flush=True)
        if haproxy is not None:
            stop(haproxy)
        for process in servers:
            process.terminate()
        for process in servers:
            stop(process)
        if postgres is not None:
            postgres.stop()
        print("[cluster] stopped", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Command line (see the module's docstring); returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--servers", type=int, default=2, help="app servers (default 2)")
    parser.add_argument("--first-port", type=int, default=8601, help="the first server's port (default 8601)")
    parser.add_argument("--bind", default="0.0.0.0:8500", help="HAProxy's address (default 0.0.0.0:8500)")
    parser.add_argument("--stats-bind", default="127.0.0.1:8404", help="HAProxy's status page")
    parser.add_argument("--database-url", default=os.environ.get("MAUBINH_DATABASE_URL"),
                        help="PostgreSQL URL (default MAUBINH_DATABASE_URL, else a local cluster)")
    parser.add_argument("--print-options", action="store_true",
                        help="print production.toml as streamlit options, shell-quoted, and exit")
    args = parser.parse_args(argv)
    if args.print_options:
        print(shlex.join(streamlit_options()))
        return 0
    return serve(args.servers, args.first_port, args.bind, args.stats_bind, args.database_url)


if __name__ == "__main__":
    raise SystemExit(main())
