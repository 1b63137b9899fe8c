"""One command for a school on one machine: N app servers on one PostgreSQL behind HAProxy (issue 21).

    make serve SERVERS=3                       # or: .venv/bin/python deploy/cluster.py --servers 3

Each server is ``python -m ui.serve`` (``streamlit run app.py``, warm before it listens) on 127.0.0.1 (ports
``--first-port`` on), with the settings of
``deploy/production.toml``, kept running by supervisord (a server that dies is started again at once; its
files, logs and socket in ``data/supervisor``: ``.venv/bin/supervisorctl -c data/supervisor/supervisord.conf
status``); HAProxy (Debian's ``haproxy``) listens on ``--bind`` (default 0.0.0.0:8500) with
the config ``deploy/render.py`` makes, cookie affinity and health checks on ``/_stcore/health``.

The database is ``--database-url`` or ``MAUBINH_DATABASE_URL`` (PostgreSQL). Without either, a local
PostgreSQL cluster of Debian's ``postgresql`` package is started in ``data/postgres`` (port 55433, kept
between runs, stopped at the end). The cookie secret is ``MAUBINH_COOKIE_SECRET``, or a random one for this
run. Ctrl-C (or SIGTERM) stops HAProxy, then supervisord and the servers, then a PostgreSQL it started, and
returns. Every child's output is printed with its name (``[app1] ...``, ``[haproxy] ...``).

``--exec-server PORT [--address A]`` runs one app server with the production settings in this process's
place (what ``deploy/systemd/maubinh@.service`` starts on a host of its own).
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
from typing import IO, Any, NoReturn

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


def server_command(port: int, address: str = "127.0.0.1") -> list[str]:
    """The command of one app server on ``address:port`` with the production settings (``python -m ui.serve``:
    warm before it listens)."""
    return [sys.executable, "-m", "ui.serve", *streamlit_options(), f"--server.address={address}",
            f"--server.port={port}"]


def start_app_server(port: int, env: Mapping[str, str], name: str = "app",
                     log: IO[str] | None = sys.stdout) -> subprocess.Popen[bytes]:
    """Start one app server on 127.0.0.1:``port`` with the production settings and ``env`` (the database URL,
    the cookie secret...), unsupervised; returns at once (see :func:`wait_healthy`)."""
    return spawn(name, server_command(port), env, log)


def server_environment(database_url: str, secret: str) -> dict[str, str]:
    """What every app server of a set gets in its environment (see ``deploy/production.toml``)."""
    return {"MAUBINH_DATABASE_URL": database_url, "STREAMLIT_SERVER_COOKIE_SECRET": secret,
            "MAUBINH_TRUST_PROXY": "1", "MAUBINH_BANK_TOPUP": os.environ.get("MAUBINH_BANK_TOPUP", "100")}


def supervisor_config(programs: Mapping[str, Sequence[str]], folder: Path) -> str:
    """supervisord's config for ``programs`` (name -> command), its socket, logs and pid file in ``folder``.

    Each program is restarted when it exits unexpectedly (killed, crashed: anything but exit status 0, which a
    server gives when asked to stop), stopped with SIGTERM and then, after 10 s, SIGKILL, both to its whole
    process group; its output goes to ``<folder>/<name>.log`` (10 MB, 3 kept).
    """
    def quoted(text: str) -> str:
        return text.replace("%", "%%")  # supervisord expands %(name)s in values

    lines = ["[supervisord]", "nodaemon=true", f"logfile={quoted(str(folder / 'supervisord.log'))}",
             "logfile_maxbytes=10MB", "logfile_backups=3", f"pidfile={quoted(str(folder / 'supervisord.pid'))}",
             f"childlogdir={quoted(str(folder))}", f"directory={quoted(str(ROOT))}", "",
             "[unix_http_server]", f"file={quoted(str(folder / 'supervisor.sock'))}", "chmod=0700", "",
             "[rpcinterface:supervisor]",
             "supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface", "",
             "[supervisorctl]", f"serverurl=unix://{quoted(str(folder / 'supervisor.sock'))}", ""]
    for name, command in programs.items():
        lines += [f"[program:{name}]", f"command={quoted(shlex.join(command))}", f"directory={quoted(str(ROOT))}",
                  "autostart=true", "autorestart=unexpected", "exitcodes=0", "startsecs=5", "startretries=20",
                  "stopsignal=TERM", "stopwaitsecs=10", "stopasgroup=true", "killasgroup=true",
                  "redirect_stderr=true", f"stdout_logfile={quoted(str(folder / f'{name}.log'))}",
                  "stdout_logfile_maxbytes=10MB", "stdout_logfile_backups=3", ""]
    return "\n".join(lines)


class Supervisor:
    """supervisord running ``programs`` (name -> command) with ``env`` added to their environment, its files in
    ``folder``; each program's log is relayed to ``log`` line by line as ``[name] ...`` (``None``: not relayed).
    """

    def __init__(self, programs: Mapping[str, Sequence[str]], folder: Path, env: Mapping[str, str],
                 log: IO[str] | None = sys.stdout) -> None:
        self.programs, self.folder, self.env, self.log = dict(programs), folder, dict(env), log
        self.config = folder / "supervisord.conf"
        self.process: subprocess.Popen[bytes] | None = None
        self._stopping = threading.Event()

    def start(self) -> None:
        """Write the config and start supervisord in the foreground (it starts every program)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        for name in self.programs:
            (self.folder / f"{name}.log").write_bytes(b"")  # this run's lines only
        self.config.write_text(supervisor_config(self.programs, self.folder), encoding="utf-8")
        self.process = spawn("supervisord", [sys.executable, "-m", "supervisor.supervisord", "-c", str(self.config)],
                             self.env, self.log)
        if self.log is not None:
            for name in self.programs:
                threading.Thread(target=_follow, args=(name, self.folder / f"{name}.log", self.log, self._stopping),
                                 daemon=True).start()

    def pid(self, name: str) -> int | None:
        """The process id of program ``name`` while it runs (``None`` while it is down or starting again)."""
        done = subprocess.run([sys.executable, "-m", "supervisor.supervisorctl", "-c", str(self.config), "pid", name],
                              capture_output=True, text=True, check=False)
        text = done.stdout.strip()
        return int(text) if text.isdigit() and int(text) > 0 else None

    def stop(self) -> None:
        """Stop supervisord, which stops every program first (SIGTERM to each, SIGKILL 10 s later)."""
        if self.process is not None:
            stop(self.process, timeout_s=30)
        self._stopping.set()


def _follow(name: str, path: Path, out: IO[str], stopping: threading.Event) -> None:
    """Relay the lines written to ``path`` as ``[name] ...`` until ``stopping`` (a file rotated is reopened)."""
    handle: IO[bytes] | None = None
    try:
        while not stopping.is_set():
            if handle is None or not path.exists() or os.stat(path).st_ino != os.fstat(handle.fileno()).st_ino:
                if handle is not None:
                    handle.close()
                handle = path.open("rb") if path.exists() else None
            line = handle.readline() if handle is not None else b""
            if line:
                out.write(f"[{name}] {line.decode(errors='replace')}")
                out.flush()
            else:
                stopping.wait(0.2)
    finally:
        if handle is not None:
            handle.close()


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
    supervisor: Supervisor | None = None
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
        addresses = local_servers(count, first_port)
        supervisor = Supervisor({server_name(i): server_command(first_port + i) for i in range(count)},
                                ROOT / "data" / "supervisor", server_environment(database_url, secret))
        supervisor.start()
        for index, address in enumerate(addresses):
            wait_healthy(f"http://{address}/_stcore/health", 120, supervisor.process)
            print(f"[cluster] {server_name(index)} ready on {address}", flush=True)
        haproxy = start_haproxy(addresses, ROOT / "data" / "haproxy.cfg", bind, stats_bind)
        host, _, port = bind.rpartition(":")
        public = f"http://{'127.0.0.1' if host in ('', '0.0.0.0', '*') else host}:{port}"
        wait_healthy(f"{public}/_stcore/health", 30, haproxy)
        print(f"[cluster] {count} servers behind HAProxy: open {public} (status page http://{stats_bind}); "
              "Ctrl-C stops everything", flush=True)
        while not stopping.wait(1.0):
            for name, process in (("haproxy", haproxy), ("supervisord", supervisor.process)):
                if process is not None and process.poll() is not None:
                    print(f"[cluster] {name} exited with code {process.returncode}", flush=True)
                    return 1
        return 0
    except RuntimeError as error:
        print(f"[cluster] {error}", file=sys.stderr, flush=True)
        return 1
    finally:
        print("[cluster] stopping", flush=True)
        if haproxy is not None:
            stop(haproxy)
        if supervisor is not None:
            supervisor.stop()
        if postgres is not None:
            postgres.stop()
        print("[cluster] stopped", flush=True)


def exec_server(port: int, address: str) -> NoReturn:
    """Replace this process with one app server (:func:`server_command`), ``MAUBINH_COOKIE_SECRET`` given to it as
    Streamlit's cookie secret: the process a service manager watches is the server itself."""
    env = dict(os.environ)
    if env.get("MAUBINH_COOKIE_SECRET"):
        env["STREAMLIT_SERVER_COOKIE_SECRET"] = env["MAUBINH_COOKIE_SECRET"]
    os.chdir(ROOT)
    command = server_command(port, address)
    os.execve(command[0], command, env)


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
    parser.add_argument("--exec-server", type=int, metavar="PORT",
                        help="run one app server on PORT with the production settings, in this process's place")
    parser.add_argument("--address", default="127.0.0.1", help="with --exec-server: its address (default 127.0.0.1)")
    args = parser.parse_args(argv)
    if args.print_options:
        print(shlex.join(streamlit_options()))
        return 0
    if args.exec_server is not None:
        exec_server(args.exec_server, args.address)
    return serve(args.servers, args.first_port, args.bind, args.stats_bind, args.database_url)


if __name__ == "__main__":
    raise SystemExit(main())
