"""Render ``deploy/haproxy.cfg.template`` for N maubinh servers (issue 21).

One machine::

    python deploy/render.py --servers 3 --first-port 8601 > haproxy.cfg     # 127.0.0.1:8601..8603

Several machines (the same config, other addresses)::

    python deploy/render.py --server 10.0.0.11:8501 --server 10.0.0.12:8501 --bind :80 > haproxy.cfg

Check the result with ``haproxy -c -f haproxy.cfg``; run it with ``haproxy -f haproxy.cfg``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from string import Template

TEMPLATE = Path(__file__).resolve().parent / "haproxy.cfg.template"
COOKIE = "MAUBINH_SERVER"


def server_name(index: int) -> str:
    """The name of the ``index``-th server (0-based) in HAProxy's config, log and cookie: ``app1``, ``app2``...

    >>> server_name(0), server_name(2)
    ('app1', 'app3')
    """
    return f"app{index + 1}"


def local_servers(count: int, first_port: int, host: str = "127.0.0.1") -> list[str]:
    """``count`` addresses ``host:port`` on consecutive ports from ``first_port``.

    >>> local_servers(2, 8601)
    ['127.0.0.1:8601', '127.0.0.1:8602']
    """
    if count < 1:
        raise ValueError(f"at least one server is needed, not {count}")
    return [f"{host}:{first_port + i}" for i in range(count)]


def render(servers: Sequence[str], bind: str = "127.0.0.1:8500", stats_bind: str = "127.0.0.1:8404",
           log: str = "stdout format raw") -> str:
    """The HAProxy config for ``servers`` (addresses ``host:port``, in order: ``app1`` is the first).

    Args:
        servers: one ``host:port`` per Streamlit server, at least one.
        bind: where HAProxy listens for browsers (``host:port``, ``:80`` for every address).
        stats_bind: where HAProxy's status page listens (keep it private).
        log: HAProxy's log target (``stdout format raw`` in the foreground, ``/dev/log`` under systemd).

    Returns:
        The config text. Raises ValueError for no server or an address without a port.

    >>> text = render(["127.0.0.1:8601", "127.0.0.1:8602"])
    >>> [line.strip() for line in text.splitlines() if line.strip().startswith("server ")]
    ['server app1 127.0.0.1:8601 cookie app1', 'server app2 127.0.0.1:8602 cookie app2']
    >>> "cookie MAUBINH_SERVER insert indirect nocache" in text
    True
    """
    if not servers:
        raise ValueError("at least one server is needed")
    lines = []
    for index, address in enumerate(servers):
        host, _, port = address.rpartition(":")
        if not host or not port.isdigit():
            raise ValueError(f"a server address is host:port, not {address!r}")
        name = server_name(index)
        lines.append(f"    server {name} {address} cookie {name}")
    return Template(TEMPLATE.read_text(encoding="utf-8")).substitute(
        bind=bind, stats_bind=stats_bind, log=log, servers="\n".join(lines))


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: print the config (see the module's docstring); returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--servers", type=int, default=2, help="N servers on this machine (default 2)")
    parser.add_argument("--first-port", type=int, default=8501, help="the first one's port (default 8501)")
    parser.add_argument("--server", action="append", default=[], metavar="HOST:PORT",
                        help="a server's address (repeat it; replaces --servers)")
    parser.add_argument("--bind", default="127.0.0.1:8500", help="HAProxy's address for browsers")
    parser.add_argument("--stats-bind", default="127.0.0.1:8404", help="HAProxy's status page")
    parser.add_argument("--log", default="stdout format raw", help="HAProxy's log target")
    args = parser.parse_args(argv)
    servers = args.server or local_servers(args.servers, args.first_port)
    sys.stdout.write(render(servers, args.bind, args.stats_bind, args.log))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
