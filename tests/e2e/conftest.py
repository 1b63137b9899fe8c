"""Browser-test harness: a real ``streamlit run`` server and Debian's Chromium driven by Playwright.

Fixtures:
    app_url       (session) base URL of a server started from the repository root, e.g.
                  ``http://127.0.0.1:41234``; pages are ``f"{app_url}/drill?lang=en"``.
    browser_page  (per test) a fresh Playwright page (own context, viewport 1280x900).

Helpers (import them: ``from tests.e2e.conftest import wait_idle, screenshot, assert_no_exception``):
    wait_idle(page)             wait until the script has run and no skeleton is left.
    wait_until(condition, what) wait until a condition outside the page holds (a row stored...).
    screenshot(page, name)      full-page PNG to ``artifacts/screenshots/<name>.png``.
    assert_no_exception(page)   fail if Streamlit shows an exception box.
    assert_page_found(page)     fail if Streamlit shows its "Page not found" dialog (an unknown URL path
                                silently runs the main page, so a missing page would otherwise pass).

Environment:
    MAUBINH_E2E_APP   script to serve, relative to the repository root or absolute (default ``app.py``).

Every test in this folder is skipped when /usr/bin/chromium is missing. Playwright's own downloaded
browsers are never used (``playwright install`` is not part of the set-up); the pytest-playwright plugin
is disabled in pyproject.toml so that its ``page``/``browser`` fixtures cannot be picked up by mistake.
"""

from __future__ import annotations

import contextlib
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Generator, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Playwright, ViewportSize, expect, sync_playwright

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO_ROOT / "artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"
SERVER_LOG = ARTIFACTS / "e2e-server.log"

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_MISSING = "browser tests need Debian's chromium: sudo apt-get install chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
VIEWPORT: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}
"""A phone's window in CSS pixels: the checks at 390 px."""

SERVER_START_TIMEOUT_S = 60.0
IDLE_TIMEOUT_MS = 30_000
EXPECT_TIMEOUT_MS = 20_000
"""How long an ``expect`` waits: a submit's rerun may not have reached the server when ``wait_idle`` looks
(it then sees the old run finished), and on a loaded 2-core CI machine that rerun can take longer than
Playwright's default 5 s; a failing assertion only costs this much more time."""
expect.set_options(timeout=EXPECT_TIMEOUT_MS)

_E2E_DIR = Path(__file__).resolve().parent


# --------------------------------------------------------------------------- skipping without chromium


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip every test of this folder, with one clear message, when Debian's chromium is missing."""
    if CHROMIUM.exists():
        return
    skip = pytest.mark.skip(reason=CHROMIUM_MISSING)
    for item in items:
        if _E2E_DIR in Path(str(item.path)).resolve().parents:
            item.add_marker(skip)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Remember each phase's report on the item, so that fixtures can tell whether the test failed."""
    report = yield
    setattr(item, f"_e2e_report_{report.when}", report)
    return report


# --------------------------------------------------------------------------- the Streamlit server


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _app_script() -> Path:
    script = Path(os.environ.get("MAUBINH_E2E_APP", "app.py"))
    return script if script.is_absolute() else REPO_ROOT / script


def _log_tail(lines: int = 40) -> str:
    try:
        return "\n".join(SERVER_LOG.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no server log)"


def _wait_healthy(proc: subprocess.Popen[bytes], base_url: str, timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(
                f"streamlit exited with code {proc.returncode} before becoming healthy; "
                f"log {SERVER_LOG}:\n{_log_tail()}",
                pytrace=False,
            )
        try:
            with urllib.request.urlopen(f"{base_url}/_stcore/health", timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    pytest.fail(
        f"streamlit not healthy after {timeout_s:.0f} s at {base_url}; log {SERVER_LOG}:\n{_log_tail()}",
        pytrace=False,
    )


def start_server(env: dict[str, str], log_path: Path = SERVER_LOG,
                 new_session: bool = False, port: int | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """Start the app on a free port (or ``port``: a server started again where a balancer expects it) with ``env``
    added to the environment, as ``make run`` does (``python -m ui.serve``: warm before it listens; ``streamlit
    run`` for another script named by ``MAUBINH_E2E_APP``); returns the process and its base URL once it answers
    ``/_stcore/health`` (stop it with :func:`stop_server`). ``new_session``: in a session and process group of its
    own (its id is the server's pid), as a service manager starts it."""
    script = _app_script()
    if not script.exists():
        pytest.fail(f"no app script at {script} (set MAUBINH_E2E_APP to serve another one)", pytrace=False)
    port = port or _free_port()
    base_url = f"http://127.0.0.1:{port}"
    ARTIFACTS.mkdir(exist_ok=True)
    command = [
        sys.executable, "-m", *(("ui.serve",) if script == REPO_ROOT / "app.py" else ("streamlit", "run", str(script))),
        "--server.port", str(port),
        "--server.headless", "true",
        "--server.address", "127.0.0.1",
        "--browser.gatherUsageStats", "false",
        "--server.fileWatcherType", "none",
    ]  # fmt: skip
    with log_path.open("wb") as log:
        proc = subprocess.Popen(
            command, cwd=REPO_ROOT, env={**os.environ, "PYTHONUNBUFFERED": "1", **env},
            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, start_new_session=new_session,
        )
    try:
        _wait_healthy(proc, base_url, SERVER_START_TIMEOUT_S)
    except BaseException:
        stop_server(proc)
        raise
    return proc, base_url


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    """Stop a server started by :func:`start_server`."""
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)


@pytest.fixture(scope="session")
def app_database(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The classroom database the browser tests' server uses: a fresh SQLite file (never the repo's own)."""
    return f"sqlite:///{tmp_path_factory.mktemp('classroom') / 'classroom.sqlite'}"


@pytest.fixture(scope="session")
def app_url(app_database: str) -> Iterator[str]:
    """Start ``streamlit run`` on a free port from the repository root; yield its base URL."""
    if not CHROMIUM.exists():
        pytest.skip(CHROMIUM_MISSING)
    # A short Play timer (ui/table/timer.py: MAUBINH_TEST_TIMER_S): a test sees zero without waiting a minute; long
    # enough (12 s) that a loaded CI machine still shows the running clock and its rule before zero.
    proc, base_url = start_server({"MAUBINH_DATABASE_URL": app_database, "MAUBINH_TEST_TIMER_S": "12"})
    try:
        yield base_url
    finally:
        stop_server(proc)


# --------------------------------------------------------------------------- the browser


@pytest.fixture(scope="session")
def _playwright() -> Iterator[Playwright]:
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def e2e_browser(_playwright: Playwright) -> Iterator[Browser]:
    """One Debian chromium for the whole session (named so as not to clash with pytest-playwright)."""
    if not CHROMIUM.exists():
        pytest.skip(CHROMIUM_MISSING)
    for stale in SCREENSHOTS.glob("FAILED-*.png"):
        stale.unlink()
    browser = _playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@pytest.fixture(autouse=True)
def _pages_closed(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every browser context a test opened on the shared browser is closed after it, also when it failed half-way
    (then each of its pages is saved as ``FAILED-<test>-<context>-<page>.png`` first): a page left open would go on
    polling the shared server (a live wall every 0.5 s, a room every 0.75 s) for the rest of the run and slow every
    later test."""
    yield
    if "e2e_browser" not in request.fixturenames:
        return
    browser: Browser = request.getfixturevalue("e2e_browser")
    report = getattr(request.node, "_e2e_report_call", None)
    name = re.sub(r"[^\w.-]+", "_", request.node.name)
    for n, context in enumerate(list(browser.contexts)):
        if report is not None and report.failed:
            for m, page in enumerate(context.pages):
                with contextlib.suppress(Exception):  # best effort, never hide the real failure
                    screenshot(page, f"FAILED-{name}-{n}-{m}")
        with contextlib.suppress(Exception):
            context.close()


@pytest.fixture
def browser_page(e2e_browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A fresh page in its own browser context (no shared cookies or storage between tests).

    If the test fails, a full-page screenshot is saved as ``artifacts/screenshots/FAILED-<test>.png``.
    """
    context = e2e_browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(IDLE_TIMEOUT_MS)
    yield page
    report = getattr(request.node, "_e2e_report_call", None)
    if report is not None and report.failed:
        with contextlib.suppress(Exception):  # best effort, never hide the real failure
            screenshot(page, "FAILED-" + re.sub(r"[^\w.-]+", "_", request.node.name))
    context.close()


# --------------------------------------------------------------------------- helpers


def wait_idle(page: Page, timeout_ms: int = IDLE_TIMEOUT_MS, settle_ms: int = 100) -> None:
    """Wait until the script has finished running and no ``stSkeleton`` placeholder is left.

    ``settle_ms`` gives a rerun triggered by a click or a key press time to start before we look at
    the script state (Streamlit reports ``notRunning`` until the rerun request reaches the server).
    Right after ``page.goto`` the state is ``initial`` until the first run, so no extra wait is needed.
    """
    if settle_ms:
        page.wait_for_timeout(settle_ms)
    page.wait_for_selector(
        "[data-testid=stApp][data-test-script-state=notRunning]", state="attached", timeout=timeout_ms
    )
    page.wait_for_function(
        "() => document.querySelector('[data-testid=stSkeleton]') === null", timeout=timeout_ms
    )



def wait_until(condition: Callable[[], bool], what: str, timeout_s: float = 60.0) -> None:
    """Wait until ``condition()`` holds (looked at every 0.1 s: a state outside any page, e.g. a row in the
    database), failing with ``what`` after ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"{what}: not within {timeout_s:.0f} s", pytrace=False)
        time.sleep(0.1)


def open_many_deals(page: Page, deals: int, tab: str = "Many deals") -> None:
    """On the Sandbox page: open its many-deals tab (named ``tab`` in the page's language) and set ``deals``."""
    page.get_by_role("tab", name=tab, exact=True).click()
    wait_idle(page)
    box = page.locator(".st-key-sandbox_sim_deals input")
    box.fill(str(deals))
    box.press("Enter")
    wait_idle(page)

def screenshot(page: Page, name: str) -> Path:
    """Save a whole-page PNG to ``artifacts/screenshots/<name>.png`` and return its path.

    Streamlit scrolls inside its main block, so a plain full-page capture shows only the window: the
    window is grown to the content's height for the capture, then set back.
    """
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    size = page.viewport_size or {"width": 1280, "height": 900}
    height = page.evaluate(
        "() => Math.max(...[...document.querySelectorAll('[data-testid=stMain], [data-testid=stAppViewContainer]')]"
        ".map(e => e.scrollHeight), document.body.scrollHeight)"
    )
    page.set_viewport_size({"width": size["width"], "height": min(max(int(height), size["height"]), 12000)})
    page.wait_for_timeout(200)
    page.screenshot(path=str(path), full_page=True)
    page.set_viewport_size(size)
    return path


def assert_no_exception(page: Page) -> None:
    """Fail with the exception's text if Streamlit shows an ``stException`` box on the page."""
    exceptions = page.locator("[data-testid=stException]")
    count = exceptions.count()
    if count:
        text = exceptions.first.inner_text()
        pytest.fail(f"{count} Streamlit exception(s) on {page.url}:\n{text}", pytrace=False)


def assert_page_found(page: Page) -> None:
    """Fail if Streamlit answered the URL with its "Page not found" dialog.

    For a path that matches no page, Streamlit runs the main page instead and shows that dialog
    (``[data-testid=stDialog]``), so the page would otherwise look fine to the other checks.
    """
    dialogs = page.locator("[data-testid=stDialog]").filter(has_text="Page not found")
    if dialogs.count():
        text = dialogs.first.inner_text()
        pytest.fail(f"{page.url}: {text}", pytrace=False)


def assert_title_below_the_header(page: Page) -> None:
    """Fail unless the page title's text starts below Streamlit's header bar (its top sat under the bar once)."""
    header, title = page.evaluate("""() => [document.querySelector('[data-testid=stHeader]').getBoundingClientRect().bottom,
        (() => { const r = document.createRange(); r.selectNodeContents(document.querySelector('h1'));
                 return r.getBoundingClientRect().top; })()]""")
    assert title >= header, (title, header)
