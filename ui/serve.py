"""Start the app server warm: ``python -m ui.serve [streamlit options]`` (what ``make run`` and ``make serve`` run).

``streamlit run app.py`` imports a page's modules, opens the classroom database and stores the starter question
bank when the first visitor arrives, so the first learner waited 2.7 s (a restarted server) to 5.6 s (a new
database) for the Drill's first question (``bench/drill_first.py``, issue 23). Here that work is done before the
server listens: :func:`warm` imports every module the entry script and the pages import, opens the classroom
(migrations, the starter bank, the grader's resumed work: :func:`ui.store.classroom`) and starts the kernel's
warm-up; then Streamlit runs ``app.py`` in this same process, with the options given (``--server.port 8502``...).
A load balancer sees the server healthy only once it is warm. The compiled kernel is not waited for (issue 32: a
fresh install answered nothing for ~15 s): it is compiled once at install (``make run`` / ``make test``), so a
server only loads it from numba's cache, in the background, in a second or two after it listens; where a visitor
could still come first (a server started without the install step compiles it in a child process), the Play page
says "preparing the engine, about N s" and waits for it rather than run a hand on the numpy path.

Stopping (SIGTERM, Ctrl-C): the one home of background work ends everything it started (:meth:`background.home.Home.stop`:
queued work dropped, the jobs' and children's process groups killed, the kernel's compile ended) and the process ends
:data:`STOP_GRACE_S` later, within 2 s, whatever its threads are computing.

``streamlit run app.py`` keeps working (each first use is then paid by its first visitor).
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import inspect
import logging
import os
import signal
import sys
import threading
import time
import types
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

__all__ = ["ROOT", "main", "page_imports", "warm"]

_log = logging.getLogger("ui.serve")  # not __name__: "__main__" under python -m ui.serve

ROOT = Path(__file__).resolve().parent.parent
"""The checkout: ``app.py`` and ``pages/`` are here."""


STOP_GRACE_S = 1.0
"""Once Streamlit is stopping, how long its own shutdown may take before the process ends anyway (issue 32: a
server asked to stop is gone within 2 s, whatever it is computing)."""


def page_imports(root: Path = ROOT) -> list[str]:
    """The modules ``app.py`` and ``pages/*.py`` import at their top level (``import x``, ``from x import y``;
    relative imports left out), sorted, each once."""
    found: set[str] = set()
    for script in [root / "app.py", *sorted((root / "pages").glob("*.py"))]:
        for node in ast.parse(script.read_text(encoding="utf-8"), filename=str(script)).body:
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module)
    return sorted(found)


def warm(root: Path = ROOT) -> dict[str, float]:
    """Start the kernel's warm-up (in the background: not waited for), import the pages' modules, open the
    classroom; seconds spent on each (``imports``, ``classroom``).

    Nothing here stops the server from starting: a module or a database that fails is logged, and the page
    that needs it reports it to its visitor as before (:mod:`ui.errors`).
    """
    seconds: dict[str, float] = {}
    quiet = logging.getLogger("streamlit.runtime.caching.cache_data_api")  # "No runtime found": not started yet
    level = quiet.level
    quiet.setLevel(logging.ERROR)
    try:
        _warm(root, seconds)
    finally:
        quiet.setLevel(level)
    return seconds


def _warm(root: Path, seconds: dict[str, float]) -> None:
    from background.home import home

    home().warm_kernel()  # loaded (or compiled, in a child process) in the background meanwhile
    started = time.perf_counter()
    for name in page_imports(root):
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - the page shows the error to its visitor; the server still starts
            _log.exception("warm start: importing %s failed", name)
    # Streamlit's first element of the process asks whether it runs in a REPL (``env_util.is_repl``:
    # ``inspect.stack()``, whose ``inspect.getmodule`` takes the real path of every module loaded, 2,000 and more
    # here, once): 0.3-0.7 s of the first page on a busy machine, paid here instead (later calls see only new
    # modules).
    inspect.stack()
    seconds["imports"] = time.perf_counter() - started
    started = time.perf_counter()
    try:
        from ui.store import classroom

        classroom()  # migrations, the starter bank (what is missing), assignments left half graded
    except Exception:  # noqa: BLE001 - the Classes and Drill pages report a database they cannot open
        _log.exception("warm start: the classroom database could not be opened")
    seconds["classroom"] = time.perf_counter() - started


def main(argv: Sequence[str] | None = None) -> None:
    """Warm this process (:func:`warm`), then ``streamlit run app.py`` in it with ``argv`` (Streamlit's options)."""
    options = list(sys.argv[1:] if argv is None else argv)
    _load_config(options)
    seconds = warm()
    from maubinh.strategy import kernel
    state = "ready" if kernel.ready(wait=False) else "compiling (no install step?)" if not kernel.compiled() else "loading"
    print(f"warm start: imports {seconds['imports']:.1f} s, classroom {seconds['classroom']:.1f} s; kernel {state}",
          file=sys.stderr)
    from streamlit.web import cli

    sys.argv = ["streamlit", "run", str(ROOT / "app.py"), *options]
    _chain_signal_handlers()
    from background.home import home

    home().thread("serve-stop-watch", _watch_stop)
    code: int | str | None = 0
    try:
        cli.main()
    except SystemExit as exit_:
        code = exit_.code
    _stop_now(code if isinstance(code, int) else 1)


def _load_config(options: list[str]) -> None:
    """Read Streamlit's configuration with ``options`` (its flags) before :func:`warm` touches it, as ``streamlit run``
    will read it again: the same values both times. Without this, the pages' imports read it without the flags
    (the default port...) and Streamlit, reading it again with them, printed "An update to the [server] config option
    section was detected" at every start (issue 36). Options Streamlit cannot parse are left to it to report."""
    import click
    from streamlit.web import bootstrap, cli

    try:
        context = cli.main_run.make_context("run", [str(ROOT / "app.py"), *options], resilient_parsing=True)
    except click.ClickException:
        return
    flags = {name: value for name, value in context.params.items() if name not in {"target", "args"}}
    bootstrap.load_config_options(flags)


_STOPPING = threading.Event()
"""Set by a stop signal (SIGTERM, Ctrl-C), before Streamlit's own handler runs."""


def _chain_signal_handlers() -> None:
    """Have SIGTERM and SIGINT set :data:`_STOPPING` and then run Streamlit's own handler (which it installs once
    it listens, :func:`streamlit.web.bootstrap._set_up_signal_handler`). Should a later Streamlit not have that
    function, :func:`_watch_stop` still sees its runtime stopping, a little later."""
    from streamlit.web import bootstrap

    original = getattr(bootstrap, "_set_up_signal_handler", None)
    if original is None:
        _log.warning("streamlit.web.bootstrap._set_up_signal_handler is gone: a stop is seen by the runtime's state")
        return

    def set_up(server: object) -> None:
        original(server)
        for number in (signal.SIGTERM, signal.SIGINT):
            theirs = signal.getsignal(number)

            def handler(signum: int, frame: types.FrameType | None, theirs: object = theirs) -> None:
                _STOPPING.set()
                if callable(theirs):
                    theirs(signum, frame)

            signal.signal(number, handler)

    bootstrap._set_up_signal_handler = set_up


def _watch_stop() -> None:
    """Once the server is asked to stop (a signal, or Streamlit's runtime stopping for another reason), end every
    child now and the process :data:`STOP_GRACE_S` later, whatever its threads are still computing."""
    from streamlit import runtime
    from streamlit.runtime.runtime import RuntimeState

    stopped = (RuntimeState.STOPPING, RuntimeState.STOPPED)
    while not _STOPPING.wait(0.05):
        if runtime.exists() and runtime.get_instance().state in stopped:
            break
    _stop_children()
    time.sleep(STOP_GRACE_S)
    _stop_now(0)


_STOP_LOCK = threading.Lock()


def _stop_children() -> None:
    """End what this server started (:meth:`background.home.Home.stop`: the kernel's compile process, the Sandbox's
    jobs and the bank's top-up with their process groups, the queued background work)."""
    from background.home import home

    with _STOP_LOCK:
        try:
            home().stop()
        except Exception:  # noqa: BLE001 - the server stops all the same
            _log.exception("stopping the background work failed")


def _stop_now(code: int) -> NoReturn:
    """End the process now with ``code``: its children first, the logs flushed; the threads still computing (a
    Play analysis, grading) are not waited for: what they store is stored in one transaction or not at all."""
    _stop_children()
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(code)


if __name__ == "__main__":
    main()
