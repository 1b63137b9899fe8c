"""Who is asking: the client's address, for the classroom's rate limits (issue 22, item 12).

Streamlit gives the address of the connection (``st.context.ip_address``; ``None`` from the same machine).
Behind a reverse proxy that is the proxy's address for everyone: set ``MAUBINH_TRUST_PROXY=1`` and the
first address of the ``X-Forwarded-For`` header is used instead. Only set it when a proxy you run always
writes that header: without one, any client could send a made-up header and get a fresh limit each time.

The address goes to the classroom as a plain string (:mod:`classroom.throttle` stores only its hash).
"""

from __future__ import annotations

import ipaddress
import os

import streamlit as st

__all__ = ["LOCAL", "TRUST_PROXY_ENV", "client_address", "pick_address"]

TRUST_PROXY_ENV = "MAUBINH_TRUST_PROXY"
"""Environment variable: ``1`` when a trusted reverse proxy sets ``X-Forwarded-For``."""
LOCAL = "local"
"""The client key of a connection with no address (the same machine, or a test)."""


def pick_address(connection: str | None, forwarded: str | None, trust_proxy: bool) -> str:
    """The client's address: the first of ``forwarded`` (``X-Forwarded-For``) when the proxy is trusted and
    it holds a valid address, else ``connection``, else :data:`LOCAL`.

    >>> pick_address("10.0.0.2", "203.0.113.7, 10.0.0.2", trust_proxy=True)
    '203.0.113.7'
    >>> pick_address("10.0.0.2", "203.0.113.7", trust_proxy=False)
    '10.0.0.2'
    >>> pick_address(None, "not an address", trust_proxy=True)
    'local'
    """
    if trust_proxy and forwarded:
        first = forwarded.split(",")[0].strip()
        try:
            return str(ipaddress.ip_address(first))
        except ValueError:
            pass
    return connection or LOCAL


def client_address() -> str:
    """This session's client address (see :func:`pick_address`)."""
    trusted = os.environ.get(TRUST_PROXY_ENV, "").strip().lower() in ("1", "true", "yes")
    forwarded = None
    if trusted:
        try:
            forwarded = st.context.headers.get("X-Forwarded-For")
        except (AttributeError, RuntimeError):
            forwarded = None
    try:
        connection = st.context.ip_address
    except (AttributeError, RuntimeError):
        connection = None
    return pick_address(connection if isinstance(connection, str) else None,
                        forwarded if isinstance(forwarded, str) else None, trusted)
