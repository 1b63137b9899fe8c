"""Start the app server warm: ``python -m ui.serve [streamlit options]`` (what ``make run`` and ``make serve`` run).

``streamlit run app.py`` imports a page's modules, opens the classroom database and stores the starter question
bank when the first visitor arrives, so the first learner waited 2.7 s (a restarted server) to 5.6 s (a new
database) for the Drill's first question (``bench/drill_first.py``, issue 23). Here that work is done before the
server listens: :func:`warm` imports every module the entry script and the pages import, opens the classroom
(migrations, the starter bank, the grader's resumed work: :func:`ui.store.classroom`) and starts the kernel's
warm-up; then Streamlit runs ``app.py`` in this same process, with the options given (``--server.port 8502``...).
A load balancer sees the server healthy only once it is warm. The compiled kernel is waited for too, at most
:data:`KERNEL_WAIT_S` (so the first answers are graded with it, not with the numpy path: a "set it yourself"
answer on a server's first minute took 1.4-6.7 s to grade, 0.24 s with the kernel).

``streamlit run app.py`` keeps working (each first use is then paid by its first visitor).
"""

from __future__ import annotations

import ast
import importlib
import logging
import sys
import time
from collections.abc import Sequence
from pathlib import Path

__all__ = ["ROOT", "main", "page_imports", "warm"]

_log = logging.getLogger("ui.serve")  # not __name__: "__main__" under python -m ui.serve

ROOT = Path(__file__).resolve().parent.parent
"""The checkout: ``app.py`` and ``pages/`` are here."""
KERNEL_WAIT_S = 10.0
"""How long the start waits for the compiled kernel once the imports and the database are done (it loads from its
cache in ~2 s, beside them; a first compile in a fresh checkout takes minutes, and the engine uses its numpy path
until then)."""


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
    """Import the pages' modules, open the classroom, start the kernel's warm-up and wait for it (at most
    :data:`KERNEL_WAIT_S` more); seconds spent on each (``imports``, ``classroom``, ``kernel``).

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
    started = time.perf_counter()
    for name in page_imports(root):
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001 - the page shows the error to its visitor; the server still starts
            _log.exception("warm start: importing %s failed", name)
    seconds["imports"] = time.perf_counter() - started
    from maubinh.strategy import kernel

    kernel.warm_up(background=True)  # compiled (or loaded) in a daemon thread, as the first page would
    started = time.perf_counter()
    try:
        from ui.store import classroom

        classroom()  # migrations, the starter bank (what is missing), assignments left half graded
    except Exception:  # noqa: BLE001 - the Classes and Drill pages report a database they cannot open
        _log.exception("warm start: the classroom database could not be opened")
    seconds["classroom"] = time.perf_counter() - started
    started = time.perf_counter()
    kernel.wait_ready(KERNEL_WAIT_S)
    seconds["kernel"] = time.perf_counter() - started


def main(argv: Sequence[str] | None = None) -> None:
    """Warm this process (:func:`warm`), then ``streamlit run app.py`` in it with ``argv`` (Streamlit's options)."""
    options = list(sys.argv[1:] if argv is None else argv)
    seconds = warm()
    from maubinh.strategy import kernel
    print(f"warm start: imports {seconds['imports']:.1f} s, classroom {seconds['classroom']:.1f} s, kernel "
          f"{seconds['kernel']:.1f} s more ({'ready' if kernel.ready(wait=False) else 'still loading'})", file=sys.stderr)
    from streamlit.web import cli

    sys.argv = ["streamlit", "run", str(ROOT / "app.py"), *options]
    cli.main()


if __name__ == "__main__":
    main()
