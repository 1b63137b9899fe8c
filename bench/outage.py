"""Issue 22's rerun through real servers and real browsers: the database stopped, the server killed.

A class and an assignment of choice questions are made through the classroom API (graded up front, as the
app does); ``streamlit run app.py`` serves it on a port of its own; ``--learners`` headless Chromium pages
(Playwright, one context each, so one Streamlit session each) join the class and answer, a click on a
choice then "Next question", ``--think`` seconds (jittered) before each click. A real browser runs the
page's timers, so the "not saved yet" retry (``ui/unsaved.py``, every 3 s) runs as it does for a person.

- ``outage`` (PostgreSQL only): a throwaway cluster of this run's own (``initdb`` by ``.ci/postgres`` in a
  temporary folder on a free port; the shared cluster is never touched) is stopped ``--down`` seconds
  while the learners answer (once they have given 2 x learners + 1 answers, out of step by then), then
  started again. Counted: answers given (a click that got its right/wrong
  box), answers given under the "not saved yet" warning, and once every warning is gone (or ``--settle``
  seconds passed), the answers on the class's board and in the learners' profiles. Target: none lost.
- ``kill`` (SQLite and PostgreSQL): the server is SIGKILLed mid-answer (``--kills`` times, each once the
  learners have given a random ``learners``-``2 x learners`` answers, plus up to ``--think`` seconds, while
  others are clicking) and started again on the same port. Counted: answers confirmed before the kill
  (the right/wrong box drawn with no "not saved yet" warning), and how many of them are on the board and in
  the profiles after the restart. Target: every confirmed answer present in both.

A learner never reloads a page with answers not saved yet (it says to keep it open); one that shows an
error and nothing unsaved is reloaded after a few seconds, as a person would (the assignment resumes).

Usage: ``python bench/outage.py [--learners 6] [--questions 12] [--think 1.0] [--down 10] [--kills 3]
[--only outage|kill] [--sqlite-only]``. The shared machine makes the timings vary; the counts are what
matter.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from playwright.async_api import Browser, Locator, Page, async_playwright
from playwright.async_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.class_load import Lesson, prepare_class
from classroom.practice import Practice
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS

UNSAVED = re.compile(r"Not saved yet: (\d+)")
CHOICES = "[class*='st-key-drill_choice_'] button:not([disabled])"
AFTER_ANSWER = ".st-key-drill_next button, .st-key-drill_finish button"
IDLE = "[data-testid=stApp][data-test-script-state=notRunning]"
STUCK_RELOAD_S = 8.0
"""A learner who sees neither a question nor its next button, and no unsaved answers, reloads after this."""


# --------------------------------------------------------------------------- servers


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class AppServer:
    """``streamlit run app.py`` on a fixed port (kept across a kill and restart), logging to ``log``."""

    def __init__(self, database_url: str, log: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.database_url = database_url
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> float:
        """Start and wait until healthy; the seconds it took."""
        began = time.perf_counter()
        command = [sys.executable, "-m", "streamlit", "run", str(ROOT / "app.py"), "--server.port", str(self.port),
                   "--server.headless", "true", "--server.address", "127.0.0.1",
                   "--browser.gatherUsageStats", "false", "--server.fileWatcherType", "none"]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(command, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=out,
                                            stderr=subprocess.STDOUT,
                                            env={**os.environ, "PYTHONUNBUFFERED": "1",
                                                 "MAUBINH_DATABASE_URL": self.database_url})
        for _ in range(1200):
            try:
                urllib.request.urlopen(f"{self.url}/_stcore/health", timeout=1)
                return time.perf_counter() - began
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(f"the server ended at start; see {self.log}") from None
                time.sleep(0.1)
        raise RuntimeError("the server did not answer in 120 s")

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind runs."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


class ThrowawayPostgres:
    """A PostgreSQL cluster of this run's own (``.ci/postgres`` with its own folder and port): it may be stopped."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="maubinh-outage-pg-"))
        self.env = {**os.environ, "PGTEST_DIR": str(self.folder / "data"), "PGTEST_PORT": str(free_port())}
        if os.getuid() == 0:
            shutil.chown(self.folder, "postgres")

    def start(self) -> str:
        done = subprocess.run([str(ROOT / ".ci" / "postgres"), "start"], env=self.env, check=True,
                              capture_output=True, text=True)
        return done.stdout.strip()

    def stop(self) -> None:
        subprocess.run([str(ROOT / ".ci" / "postgres"), "stop"], env=self.env, check=True, capture_output=True)

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


# --------------------------------------------------------------------------- learners


@dataclass
class Tally:
    """What the learners saw."""

    answered: int = 0
    """Answers that got their right/wrong box."""
    warned: int = 0
    """Of those, answers given with the "not saved yet" warning on (their save failed)."""
    confirmed: int = 0
    """Answers that got their box with no warning (saved when the box was drawn)."""
    stuck: int = 0
    """Times a learner found neither a question nor its next button (an error on the page) and reloaded."""
    errors: list[str] = field(default_factory=list)


async def idle(page: Page, timeout: float = 60_000) -> None:
    await page.wait_for_selector(IDLE, state="attached", timeout=timeout)


async def unsaved(page: Page) -> int:
    """The count in the "not saved yet" warning (0 when none is shown)."""
    texts = await page.get_by_text("Not saved yet").all_inner_texts()
    return max((int(m.group(1)) for text in texts if (m := UNSAVED.search(text))), default=0)


async def join(page: Page, base_url: str, code: str, name: str) -> None:
    await page.goto(f"{base_url}/classes?join={code}&lang=en", timeout=180_000)
    await idle(page, 180_000)
    await page.get_by_label("Your display name", exact=True).and_(page.locator("input")).fill(name)
    await page.get_by_role("button", name="Enter the class").click()
    start = page.get_by_role("link", name="Start")
    await start.wait_for(timeout=180_000)
    await page.goto(f"{base_url}/{await start.get_attribute('href')}", timeout=180_000)  # the Start link
    await page.locator(CHOICES).first.wait_for(timeout=180_000)


async def answer(page: Page, rng: random.Random, tally: Tally, think: float, questions: int,
                 stop: asyncio.Event) -> None:
    """Answer until ``questions`` are answered or ``stop`` is set; never reloads (a reload starts a new session)."""
    given, stuck_since = 0, None
    while given < questions and not stop.is_set():
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        if stop.is_set():
            return
        choices = page.locator(CHOICES)
        if await choices.count() == 0:
            nxt = page.locator(AFTER_ANSWER)
            if await nxt.count():
                await _click(nxt.first)
            elif await unsaved(page) == 0:  # an error on the page and nothing unsaved: reload, as a person would
                stuck_since = stuck_since or time.perf_counter()
                if time.perf_counter() - stuck_since > STUCK_RELOAD_S:
                    tally.stuck += 1
                    stuck_since = None
                    with contextlib.suppress(PlaywrightError):
                        await page.reload(timeout=120_000)
            continue  # answers unsaved: the page says to keep it open, and its timer sends them again
        stuck_since = None
        before = await unsaved(page)
        await _click(choices.nth(rng.randrange(max(1, await choices.count()))))
        outcome = await _outcome(page, before)
        if outcome is None:  # neither its box nor "not saved yet": not given (an error on the page, say)
            continue
        if stop.is_set():  # the box came after the kill: not counted either way
            return
        given += 1
        tally.answered += 1
        if outcome == "unsaved":
            tally.warned += 1  # the page keeps it and sends it again; the learner waits, as it says
            continue
        tally.confirmed += 1
        await asyncio.sleep(think * rng.uniform(0.5, 1.5))
        nxt = page.locator(AFTER_ANSWER)
        if await nxt.count() and not stop.is_set():
            await _click(nxt.first)


async def _outcome(page: Page, unsaved_before: int, longest: float = 30.0) -> str | None:
    """What the answer's click led to within ``longest`` seconds: ``"unsaved"`` (the "not saved yet" count
    went up), ``"box"`` (its right/wrong box with the next button, saved), or ``None`` (neither)."""
    began = time.perf_counter()
    while time.perf_counter() - began < longest:
        with contextlib.suppress(PlaywrightError):
            if await unsaved(page) > unsaved_before:
                return "unsaved"
            if await page.locator(AFTER_ANSWER).count() and await page.locator(IDLE).count():
                return "unsaved" if await unsaved(page) > unsaved_before else "box"
        await asyncio.sleep(0.2)
    return None


async def _click(locator: Locator) -> None:
    with contextlib.suppress(PlaywrightError):  # the page changed under the click: the loop looks again
        await locator.click(timeout=10_000)


async def until_answered(tally: Tally, count: int, longest: float = 300.0) -> None:
    """Until the learners have given ``count`` answers (or ``longest`` seconds: a loaded machine)."""
    began = time.perf_counter()
    while tally.answered < count and time.perf_counter() - began < longest:
        await asyncio.sleep(0.05)


async def wait_saved(pages: list[Page], settle: float) -> float:
    """Until no page shows "not saved yet" (or ``settle`` seconds); the seconds it took."""
    began = time.perf_counter()
    while time.perf_counter() - began < settle:
        if not any([await unsaved(page) for page in pages]):
            return time.perf_counter() - began
        await asyncio.sleep(0.5)
    return time.perf_counter() - began


def stored(lesson: Lesson) -> tuple[int, int]:
    """(answers on the class's board, attempts of this assignment in the learners' profiles)."""
    store = lesson.store
    store.forget_cached()
    board = len(store.answers(lesson.assignment.id))
    practice = Practice(store)
    run = f"a{lesson.assignment.id}"
    profiles = sum(sum(1 for a in practice.history(learner.id) if a.run_id == run)
                   for learner in store.learners(lesson.created.info.id))
    return board, profiles


async def open_learners(browser: Browser, base_url: str, lesson: Lesson, learners: int) -> list[Page]:
    pages = []
    for _ in range(learners):
        context = await browser.new_context(viewport={"width": 1280, "height": 900})
        page = await context.new_page()
        page.set_default_timeout(120_000)  # a shared machine: the first load of a page can be slow
        pages.append(page)
    code = lesson.created.info.join_code
    for k, page in enumerate(pages):  # one after the other: the shared machine is slow enough as it is
        await join(page, base_url, code, f"Học viên {k + 1}")
    return pages


async def close_pages(pages: list[Page]) -> None:
    for page in pages:
        await page.context.close()


# --------------------------------------------------------------------------- the two runs


async def outage_run(browser: Browser, args: argparse.Namespace) -> None:
    pg = ThrowawayPostgres()
    folder = Path(tempfile.mkdtemp(prefix="maubinh-outage-"))
    try:
        url = pg.start()
        lesson = prepare_class(url, args.questions, args.seed)
        server = AppServer(url, folder / "server.log")
        server.start()
        try:
            pages = await open_learners(browser, server.url, lesson, args.learners)
            tally, stop = Tally(), asyncio.Event()
            rngs = [random.Random(args.seed + k) for k in range(args.learners)]
            work = asyncio.gather(*(answer(p, r, tally, args.think, args.questions, stop)
                                    for p, r in zip(pages, rngs, strict=True)))
            # under way and out of step (right after the first answers all would be on "Next", none answering)
            await until_answered(tally, 2 * args.learners + 1)
            before = tally.answered
            pg.stop()
            down_at = time.perf_counter()
            await asyncio.sleep(args.down)
            pg.start()
            print(f"outage: PostgreSQL stopped {time.perf_counter() - down_at:.1f} s after {before} answers")
            await work
            waited = await wait_saved(pages, args.settle)
            left = [await unsaved(page) for page in pages]
            board, profiles = stored(lesson)
            lesson.store.engine.dispose()
            await close_pages(pages)
        finally:
            server.stop()
        lost = tally.answered - min(board, profiles)
        print(f"outage, PostgreSQL, {args.learners} Chromium learners x {args.questions} questions, down {args.down:g} s:"
              f" answered {tally.answered}, warned 'not saved yet' {tally.warned}; "
              f"'not saved yet' gone after {waited:.1f} s (left on pages: {sum(left)}); "
              f"on the board {board}, in profiles {profiles}; lost {lost} "
              f"({'ok' if lost == 0 and board == profiles == tally.answered else 'WRONG'}); "
              f"learners reloaded a page that showed an error (nothing unsaved) {tally.stuck} times")
        _log_problems(folder / "server.log")
    finally:
        pg.remove()
        shutil.rmtree(folder, ignore_errors=True)


async def kill_run(browser: Browser, url: str, label: str, args: argparse.Namespace) -> tuple[int, int, int]:
    """``--kills`` rounds, each a fresh class; returns (confirmed, on the board of them, in profiles)."""
    folder = Path(tempfile.mkdtemp(prefix="maubinh-kill-"))
    totals = [0, 0, 0]
    server = AppServer(url, folder / "server.log")
    server.start()
    try:
        for round_ in range(args.kills):
            lesson = prepare_class(url, args.questions, args.seed + 100 * round_)
            pages = await open_learners(browser, server.url, lesson, args.learners)
            tally, stop = Tally(), asyncio.Event()
            rngs = [random.Random(args.seed + 100 * round_ + k) for k in range(args.learners)]
            work = asyncio.gather(*(answer(p, r, tally, args.think * 0.5, args.questions, stop)
                                    for p, r in zip(pages, rngs, strict=True)))
            await until_answered(tally, random.Random(args.seed + round_).randint(args.learners, 2 * args.learners))
            await asyncio.sleep(random.Random(args.seed - round_).uniform(0.0, args.think))  # mid-answer
            stop.set()
            confirmed = tally.confirmed  # counted before the kill: a box drawn after it is not counted
            server.kill()
            await asyncio.wait_for(work, timeout=90)
            restart = server.start()
            board, profiles = stored(lesson)
            lesson.store.engine.dispose()
            await close_pages(pages)
            print(f"kill {round_ + 1}, {label}: {confirmed} answers confirmed before the SIGKILL "
                  f"({tally.answered} answered); after the restart ({restart:.1f} s): on the board {board}, "
                  f"in profiles {profiles}")
            totals[0] += confirmed
            totals[1] += min(board, confirmed)
            totals[2] += min(profiles, confirmed)
            if board < confirmed or profiles < confirmed:
                print("  LOST: a confirmed answer is missing")
    finally:
        server.stop()
        _log_problems(folder / "server.log")
        shutil.rmtree(folder, ignore_errors=True)
    return totals[0], totals[1], totals[2]


def _log_problems(log: Path) -> None:
    text = log.read_text(errors="replace") if log.exists() else ""
    count = text.count("Traceback")
    if count:
        print(f"  server log: {count} tracebacks (database down or killed: expected while it is); last lines:")
        print("    " + "\n    ".join(text.splitlines()[-6:]))


async def main_async(args: argparse.Namespace) -> None:
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        try:
            if args.only in (None, "outage") and not args.sqlite_only:
                await outage_run(browser, args)
            if args.only in (None, "kill"):
                with tempfile.TemporaryDirectory() as folder:
                    found = await kill_run(browser, f"sqlite:///{folder}/kill.sqlite", "SQLite", args)
                    print(f"kill, SQLite, {args.kills} kills: {found[0]} confirmed, {found[1]} on the board, "
                          f"{found[2]} in profiles ({'ok' if found[0] == found[1] == found[2] else 'LOST'})")
                if not args.sqlite_only:
                    pg = ThrowawayPostgres()
                    try:
                        found = await kill_run(browser, pg.start(), "PostgreSQL", args)
                    finally:
                        pg.remove()
                    print(f"kill, PostgreSQL, {args.kills} kills: {found[0]} confirmed, {found[1]} on the board, "
                          f"{found[2]} in profiles ({'ok' if found[0] == found[1] == found[2] else 'LOST'})")
        finally:
            await browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=6)
    parser.add_argument("--questions", type=int, default=12)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds before each click")
    parser.add_argument("--down", type=float, default=10.0, help="seconds PostgreSQL is stopped")
    parser.add_argument("--settle", type=float, default=60.0, help="longest wait for the warnings to go")
    parser.add_argument("--kills", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2222)
    parser.add_argument("--only", choices=("outage", "kill"), default=None)
    parser.add_argument("--sqlite-only", action="store_true", help="no PostgreSQL (no outage run)")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # a timeout still stops the throwaway cluster
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} before")
    asyncio.run(main_async(args))
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
