"""No traceback ever reaches a user (issue 20 item 2, issue 22 item 11).

Every page body and every fragment runs inside :func:`guarded`: an unexpected error is logged in full in
the server's log under a short error id, and the page shows a plain message in its language with that id,
so a person can report it and the one who runs the server can find it. A database that cannot be
reached or written gets its own message (tell the person who runs the server), never the SQL, the host
or a secret; work that waited too long (a ``TimeoutError``, e.g. a Drill question on a busy server) gets a
"busy, try again" message, logged in one line. Streamlit's own control flow (``st.rerun``, ``st.stop``, switching
pages) is not an error
and passes through (those are ``BaseException`` s). ``client.showErrorDetails = "none"`` in
``.streamlit/config.toml`` is the backstop for anything outside these guards.

Behind HAProxy (deploy/), each log line also names the request id HAProxy gave the tab's connection
(``X-Request-ID``, in HAProxy's own log too): ``error e-3f9a2c7d: OperationalError (request 7F000001:...)``.

A failure that repeats (the database down while every session sends its answers again every 3 s) is logged
with its traceback once per :data:`TRACEBACK_EVERY` seconds and in one line each time after that
(:func:`log_failure`; issue 32: a 10 s PostgreSQL outage with 30 learners wrote ~29,000 lines). The app's
loggers (:data:`APP_LOGGERS`) write in Streamlit's own format (``logger.messageFormat``: time, level and
logger in production, ``deploy/production.toml``); they had no handler, so their lines came bare.

A widget value nested too deeply to read (a crafted event, ``[[[[...]]]]`` as the arranging component's
"confirm") raised ``RecursionError`` inside Streamlit's own reading of the widget states, before any page
code, and reached Streamlit's English error box without an error id (issue 32). :func:`_guard_widget_values`
makes Streamlit read such a value as nothing sent (its ``WStates.__getitem__``, Streamlit 1.67, pinned), and
the page's guard then says, in the page's language, that what was sent could not be read.

``MAUBINH_SHOW_ERRORS=1`` in the environment (set by the tests, useful while developing) re-raises the
error after logging it, so Streamlit shows it as it is.
"""

from __future__ import annotations

import functools
import logging
import os
import secrets
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, ParamSpec, TypeVar

import streamlit as st

from ui.i18n import t

__all__ = ["APP_LOGGERS", "TRACEBACK_EVERY", "error_id", "guarded", "guarded_function", "is_database_error",
           "log_failure", "request_id"]

_log = logging.getLogger("maubinh.errors")
APP_LOGGERS = ("maubinh", "ui", "classroom")
"""The app's loggers (every module's ``logging.getLogger(__name__)`` is under one of them)."""
TRACEBACK_EVERY = 300.0
"""Seconds between two tracebacks of the same failure (its class and first line); one line each between."""
_SEEN: dict[str, tuple[float, int]] = {}  # failure -> (when its traceback was logged, lines since)
_SEEN_LOCK = threading.Lock()


def _log_like_streamlit() -> None:
    """Give the app's loggers Streamlit's handler and format (its level too, and both follow its config);
    their lines still reach the root logger's handlers, if any (pytest's among them)."""
    from streamlit.logger import get_logger

    for name in APP_LOGGERS:
        get_logger(name).propagate = True


_log_like_streamlit()
_REFUSED = threading.local()
"""``flag``: this script thread refused a widget value since the page's guard last looked."""


def _guard_widget_values() -> None:
    """Make a widget value Streamlit cannot read without overflowing the stack count as never sent (see
    the module); once per process."""
    from streamlit.runtime.state.session_state import Value, WStates

    original = WStates.__getitem__
    if getattr(original, "_maubinh_guard", False):
        return

    def getitem(self: WStates, key: str) -> Any:
        try:
            return original(self, key)
        except RecursionError:
            metadata = self.widget_metadata.get(key)
            try:  # what the widget holds when nothing was sent (a trigger: nothing happened)
                value = None if metadata is None else metadata.deserializer(None)
            except Exception:  # noqa: BLE001 - a widget that needs a value: none, as a cleared one
                value = None
            self.states[key] = Value(value)  # replaced in place: Streamlit may be iterating over the states
            _REFUSED.flag = True
            _log.warning("refused a widget value nested too deeply to read (request %s)", request_id())
            return value

    getitem._maubinh_guard = True  # type: ignore[attr-defined]
    WStates.__getitem__ = getitem  # type: ignore[method-assign]


_guard_widget_values()


def _say_refused() -> None:
    """Where this run refused a widget value, say so (once)."""
    if getattr(_REFUSED, "flag", False):
        _REFUSED.flag = False
        st.warning(t("error.unreadable_input"), icon="⚠️")


def log_failure(logger: logging.Logger, message: str, error: BaseException, *args: object) -> None:
    """Log ``message % args`` for ``error`` with its traceback if this failure (its class and first line) has
    not had one in the last :data:`TRACEBACK_EVERY` seconds, else as one line saying how many since."""
    text = str(error).strip()
    failure = f"{type(error).__name__}: {text.splitlines()[0][:160] if text else ''}"
    now = time.monotonic()
    with _SEEN_LOCK:
        logged, since = _SEEN.get(failure, (-TRACEBACK_EVERY, 0))
        fresh = now - logged >= TRACEBACK_EVERY
        if len(_SEEN) > 256:
            _SEEN.clear()
        _SEEN[failure] = (now, 0) if fresh else (logged, since + 1)
    if fresh:
        logger.error(f"{message} [{failure}]", *args, exc_info=error)
    else:
        logger.warning(f"{message} [{failure}; again: {since + 1} since its traceback "
                       f"{now - logged:.0f} s ago]", *args)
P = ParamSpec("P")
R = TypeVar("R")


def error_id() -> str:
    """A short random id for one error, e.g. ``"e-3f9a2c7d"`` (8 hex digits)."""
    return f"e-{secrets.token_hex(4)}"


def request_id() -> str:
    """The ``X-Request-ID`` header of the session's connection (set by the balancer, deploy/haproxy.cfg.template),
    or ``"-"`` without one (no balancer, no session)."""
    try:
        found = st.context.headers.get("X-Request-ID")
    except Exception:  # noqa: BLE001 - outside a session (or an older Streamlit): no id, never an error
        return "-"
    return str(found) if found else "-"


def is_database_error(error: BaseException) -> bool:
    """Whether ``error`` comes from the classroom database (SQLAlchemy's or the driver's), by its class."""
    for kind in type(error).__mro__:
        module = kind.__module__ or ""
        if module.startswith(("sqlalchemy", "psycopg", "sqlite3")):
            return True
    return False


def _report(error: Exception) -> str:
    """Log ``error`` with a new id and show the page's message; returns the id (re-raises under
    ``MAUBINH_SHOW_ERRORS=1``)."""
    found = error_id()
    busy = isinstance(error, TimeoutError)  # e.g. a Drill question not made in time: the server is busy
    if is_database_error(error):  # an outage fails every session's runs: the traceback once, then a line each
        log_failure(_log, "error %s: %s (request %s)", error, found, type(error).__name__, request_id())
    else:
        _log.log(logging.WARNING if busy else logging.ERROR, "error %s: %s (request %s)", found,
                 type(error).__name__, request_id(), exc_info=None if busy else error)
    if os.environ.get("MAUBINH_SHOW_ERRORS") == "1":
        raise error
    key = "error.database" if is_database_error(error) else "error.busy" if busy else "error.unexpected"
    try:
        st.error(t(key, id=found), icon="⚠️")
    except Exception:  # noqa: BLE001 - showing the message must not raise in its turn; it is logged
        _log.exception("error %s: the message could not be shown", found)
    return found


@contextmanager
def guarded() -> Iterator[None]:
    """Run a block so that an error in it shows a plain message with an id, not a traceback (see module)."""
    _say_refused()
    try:
        yield
    except Exception as error:  # noqa: BLE001 - every error ends here: logged in full, shown plainly
        _report(error)


def guarded_function(function: Callable[P, R]) -> Callable[P, R | None]:
    """``function`` run inside :func:`guarded` (for fragments: ``@st.fragment`` over ``@guarded_function``);
    it returns ``None`` where the body failed."""

    @functools.wraps(function)
    def run(*args: P.args, **kwargs: P.kwargs) -> R | None:
        _say_refused()
        try:
            return function(*args, **kwargs)
        except Exception as error:  # noqa: BLE001 - as guarded()
            _report(error)
            return None

    return run
