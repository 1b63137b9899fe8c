"""A whole class at once, against a real server: N learners join, open the assignment and answer it.

Starts ``streamlit run app.py`` on a free port with a fresh SQLite database of its own
(``MAUBINH_DATABASE_URL``; ``--database-url`` for PostgreSQL). The teacher makes the class and the
assignment through the classroom API, graded up front as the app does (:class:`background.grading.Grader`),
and keeps the board open (its fragment reruns every few seconds, as in a browser). Then ``--learners``
simulated browser tabs (:mod:`bench.st_client`, Streamlit's own websocket protocol) each:

- load the join link ``/classes?join=<code>`` ("join page");
- all at the same moment, give their name ("join": until their personal page with its Start link is drawn);
- all at the same moment, follow Start ("open": until question 1 and its answer buttons are drawn);
- answer ``--questions`` questions: one click on a choice ("answer": until the script has finished
  and the right/wrong box is there), then "Next question" ("next": until the next question's buttons are
  there), with ``--think`` seconds (mean, jittered) of reading before each click; the assignment's
  kinds are choice kinds (chi, foul, natural), so each answer is one click.

Prints p50 / p95 / max per step, the errors, the answers stored at the end (must be learners x questions),
the server process's memory (RSS now and peak) and CPU, this client's own CPU, and the load average.
Targets with 40 learners: open p95 <= 3 s, answer p95 <= 1 s, 0 errors, 400 answers stored.

``--free-drill``: issue 14's "learners practising at once": ``--learners`` (say 20) tabs on ``/drill``
with free sets of every kind, each its own seed (so every question is made for one learner only; ``--bank``: new
sets with no seed, dealt from the question bank, issue 23), answer
and click "Next question"; "set it yourself" is answered with one "Confirm" of the arranging component (the
cards are placed in the browser, no round trip) and
"how many chi" with the number shown. Target with 20 learners: next question p95 <= 3 s.

``--browser-check``: the client checked against a real browser: one headless Chromium (Playwright)
and one simulated tab answer the same questions with the same choices; both must store the same answers.

What it found: Streamlit's ``runner.postScriptGC`` (a full ``gc.collect(2)`` after every run, under the GIL)
cost 0.2 s of CPU per click with this app's objects loaded; it is off in .streamlit/config.toml
(``--server-env STREAMLIT_RUNNER_POST_SCRIPT_GC=true`` measures it again). What is left is about 35 ms of
server CPU per click, spread over Streamlit's rerun machinery, the Drill's widgets and the answer's save;
the figures then follow the CPU the server gets: on a shared machine, ``--server-nice -10`` shows what a
machine of its own would give.

Usage: ``python bench/class_load.py [--learners 40] [--questions 10] [--think 2] [--database-url URL]``,
``python bench/class_load.py --free-drill --learners 20``, ``python bench/class_load.py --browser-check``.
The machine is shared: the load average is printed; repeat a run before trusting one figure.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import resource
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Self

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from background.grading import Grader
from bench.st_client import Node, RunResult, Session
from classroom.service import AssignmentInfo, ClassroomStore, NewClass
from maubinh.drills import KINDS, DrillSet, Kind, Level, parse_kinds
from maubinh.rules import load_rule_set
from tests.e2e.conftest import start_server, stop_server

CHOICE_KINDS = (Kind.CHI, Kind.FOUL, Kind.NATURAL)
RULES = "chi-at"
TARGETS = {"open": 3.0, "answer": 1.0}
"""p95 targets in seconds with 40 learners (issue 15); free drills: next question <= 3 s (issue 14)."""
FREE_TARGETS = {"next": 3.0, "open": 2.0}
"""Free drills: next question <= 3 s (issue 14); 20 learners opening sets at once, open <= 2 s (issue 23)."""


# --------------------------------------------------------------------------- figures


@dataclass
class Figures:
    """Step timings (seconds) and errors of every learner."""

    steps: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    warm_cpu: float = 0.0
    """Server CPU seconds used before the learners started (start-up, the teacher's page, warm-up)."""

    by_question: dict[str, dict[int, list[float]]] = field(default_factory=dict)
    """Answer and next timings by question number (1-based)."""

    def add(self, step: str, seconds: float, question: int = 0) -> None:
        self.steps.setdefault(step, []).append(seconds)
        if question:
            self.by_question.setdefault(step, {}).setdefault(question, []).append(seconds)

    def error(self, who: str, step: str, what: str) -> None:
        self.errors.append(f"{who} {step}: {what}")


def percentile(values: list[float], share: float) -> float:
    """Nearest-rank percentile (``share`` in 0..1) of a non-empty list."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def print_table(steps: dict[str, list[float]], targets: dict[str, float]) -> None:
    """One line per step: how many, p50, p95, max (seconds) and whether its p95 target (if any) is met."""
    width = max([10, *(len(step) for step in steps)])
    print(f"{'step':{width}s} {'n':>5s} {'p50 s':>7s} {'p95 s':>7s} {'max s':>7s}  target")
    for step, values in steps.items():
        target = targets.get(step)
        verdict = ""
        if target is not None:
            verdict = f"p95 <= {target:g} s: {'met' if percentile(values, 0.95) <= target else 'MISSED'}"
        print(f"{step:{width}s} {len(values):5d} {percentile(values, 0.5):7.2f} {percentile(values, 0.95):7.2f} "
              f"{max(values):7.2f}  {verdict}")


def print_steps(figures: Figures, targets: dict[str, float]) -> None:
    print_table(figures.steps, targets)
    for step in ("answer", "next"):
        questions = figures.by_question.get(step, {})
        if len(questions) > 1:
            print(f"{step} p95 by question: " + ", ".join(
                f"{n}: {percentile(v, 0.95):.2f}" for n, v in sorted(questions.items())))
    print_errors(figures.errors)


def print_errors(errors: list[str]) -> None:
    """How many errors a run met (the target is none), and the first ten."""
    print(f"errors: {len(errors)} (target: 0)")
    for line in errors[:10]:
        print(f"  {line}")


# --------------------------------------------------------------------------- the server process


class ProcessWatch:
    """RSS (sampled) and CPU of one process, read from /proc (Linux)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.peak_rss = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._cpu0 = self.cpu()
        self._wall0 = time.perf_counter()
        self.rss_start = self.rss()

    def _status(self, field_name: str) -> int:
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith(field_name + ":"):
                return int(line.split()[1]) * 1024
        return 0

    def rss(self) -> int:
        return self._status("VmRSS")

    def cpu(self) -> float:
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def _sample(self) -> None:
        while not self._stop.wait(0.5):
            try:
                self.peak_rss = max(self.peak_rss, self.rss())
            except OSError:
                return

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._stop.set()
        self._thread.join()

    def used(self) -> float:
        """CPU seconds the process used since the watch began."""
        return self.cpu() - self._cpu0

    def report(self) -> str:
        wall = time.perf_counter() - self._wall0
        cpu = self.used()
        mib = 1024 * 1024
        return (f"server process: RSS {self.rss_start / mib:.0f} MiB before, {self.rss() / mib:.0f} MiB after, "
                f"peak {max(self.peak_rss, self._status('VmHWM')) / mib:.0f} MiB (VmHWM since start); "
                f"CPU {cpu:.1f} s in {wall:.1f} s = {cpu / wall:.2f} cores on average")


def raise_priority(pid: int, nice: int) -> None:
    """Give every thread of process ``pid`` the niceness ``nice`` (threads started later inherit it from
    the thread that starts them). Root only; for a run that approximates a machine of its own."""
    for task in Path(f"/proc/{pid}/task").iterdir():
        os.setpriority(os.PRIO_PROCESS, int(task.name), nice)


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def client_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


# --------------------------------------------------------------------------- the teacher


@dataclass
class Lesson:
    """The class, its assignment and the store the teacher used."""

    store: ClassroomStore
    created: NewClass
    assignment: AssignmentInfo


def prepare_class(url: str, questions: int, seed: int, kinds: tuple[Kind, ...] = CHOICE_KINDS,
                  store: ClassroomStore | None = None, name: str = "Lớp tải thử") -> Lesson:
    """The teacher's part, through the classroom API: a class and an assignment, graded before anyone starts
    (``store``: an open store of ``url`` to use, e.g. for several classes)."""
    store = store or ClassroomStore.open(url)
    created = store.create_class(name, "vi", load_rule_set(RULES))
    drill_set = DrillSet(kinds, Level.INTERMEDIATE, RULES, seed=seed, count=questions)
    assignment = store.assign(created.info.id, "Bài tập chung", drill_set)
    start = time.perf_counter()
    Grader(store).grade(assignment).result()
    ready = store.assignment(assignment.id)
    assert ready is not None and ready.ready, "grading failed"
    print(f"teacher: {name}: class and assignment of {questions} questions ({', '.join(k.value for k in kinds)}) "
          f"graded up front in {time.perf_counter() - start:.2f} s")
    return Lesson(store, created, ready)


# --------------------------------------------------------------------------- one learner


class Learner:
    """One simulated tab working through the class, its timings going into ``figures``."""

    def __init__(self, number: int, base_url: str, figures: Figures, think: float, seed: int) -> None:
        self.name = f"Học viên {number + 1}"
        self.tab = Session(base_url, timeout=300.0)
        self.figures = figures
        self.think = think
        self.random = random.Random(seed)
        self.question = 0
        """The question being answered (1-based; 0 before the first)."""

    async def pause(self) -> None:
        if self.think > 0:
            await asyncio.sleep(self.think * self.random.uniform(0.5, 1.5))

    async def step(self, name: str, action: Callable[[], Awaitable[RunResult]],
                   check: Callable[[], str | None]) -> bool:
        """Time ``action``; the step counts only if the run finished and ``check`` finds nothing wrong."""
        start = time.perf_counter()
        try:
            result = await action()
        except Exception as exc:  # noqa: BLE001 - every failure is a counted error
            self.figures.error(self.name, name, f"{type(exc).__name__}: {exc}")
            return False
        seconds = time.perf_counter() - start
        problem = "; ".join(result.exceptions) or check()
        if problem:
            self.figures.error(self.name, name, problem)
            return False
        self.figures.add(name, seconds, self.question)
        return True

    def choice(self) -> Node | None:
        buttons = [n for n in self.tab.find_all(kind="button") if n.key.startswith("drill_choice_") and not n.disabled]
        return self.random.choice(buttons) if buttons else None

    def question_shown(self) -> str | None:
        return None if self._answer_controls() else "no answer buttons drawn"

    def _answer_controls(self) -> bool:
        return any(not n.disabled and (n.key.startswith("drill_choice_") or n.key == "drill_settle_submit")
                   for n in self.tab.find_all(kind="button")) or any(
            n.key.startswith("drill_arrange_") for n in self.tab.find_all(kind="bidi_component"))

    def feedback_shown(self) -> str | None:
        return None if self.tab.feedback() is not None else "no right/wrong box after the answer"

    async def answer_choice(self) -> bool:
        button = self.choice()
        if button is None:
            self.figures.error(self.name, "answer", "no choice button")
            return False
        return await self.step("answer", lambda: self.tab.click(button), self.feedback_shown)

    async def next_question(self, last: bool) -> bool:
        key = "drill_finish" if last else "drill_next"
        button = self.tab.find(key=key)
        if button is None:
            self.figures.error(self.name, "next", f"no {key} button")
            return False
        if last:
            return await self.step("finish", lambda: self.tab.click(button), lambda: None)
        return await self.step("next", lambda: self.tab.click(button), self.question_shown)


async def class_learner(learner: Learner, lesson: Lesson, questions: int, joined: asyncio.Barrier,
                        opened: asyncio.Barrier) -> None:
    """join page -> (everyone) join -> (everyone) open -> answer and next, ``questions`` times."""
    tab = learner.tab
    code = lesson.created.info.join_code
    ok = False
    try:
        await tab.open()
        ok = await learner.step("join page", lambda: tab.load("classes", f"join={code}&lang=vi"),
                                lambda: None if tab.find(key="classes_learner_name") else "no name box")
    except Exception as exc:  # noqa: BLE001
        learner.figures.error(learner.name, "connect", repr(exc))
    await joined.wait()
    if ok:
        name = tab.find(key="classes_learner_name")
        assert name is not None
        submit = tab.find(kind="button", form=name.form_id)
        ok = submit is not None and await learner.step(
            "join", lambda: tab.submit(submit, {name: learner.name}),
            lambda: None if _start_link(tab) else "no Start link on the personal page")
    await opened.wait()
    if not ok:
        return
    link = _start_link(tab)
    assert link is not None
    if not await learner.step("open", lambda: tab.follow(link), learner.question_shown):
        return
    await answer_all(learner, questions)


async def answer_all(learner: Learner, questions: int) -> None:
    """Think, answer, think, next question (or finish), ``questions`` times; stops at the first error."""
    for number in range(questions):
        learner.question = number + 1
        await learner.pause()
        if not await answer_any(learner):
            return
        await learner.pause()
        if not await learner.next_question(last=number + 1 == questions):
            return


def _start_link(tab: Session) -> Node | None:
    return next((n for n in tab.find_all(kind="page_link") if "assignment=" in n.proto.query_string), None)


async def free_learner(learner: Learner, questions: int, seed: int | None, kinds: str,
                       started: asyncio.Barrier) -> None:
    """A free set of ``kinds`` with its own seed (``None``: a new set, dealt from the question bank): open, then
    answer and next, ``questions`` times."""
    tab = learner.tab
    ok = False
    try:
        await tab.open()
        ok = True
    except Exception as exc:  # noqa: BLE001
        learner.figures.error(learner.name, "connect", repr(exc))
    await started.wait()
    if not ok or not await learner.step(
            "open", lambda: tab.load("drill", f"kinds={kinds}&level=intermediate&rules={RULES}"
                                              f"{'' if seed is None else f'&seed={seed}'}&n={questions}&lang=vi"),
            learner.question_shown):
        return
    await answer_all(learner, questions)


async def answer_any(learner: Learner) -> bool:
    """Answer the question shown, whatever its kind: a choice, the number 0, or the cards one by one."""
    tab = learner.tab
    settle = tab.find(key="drill_settle_submit")
    if settle is not None:  # the box starts empty (nothing typed is not graded): type 0 and submit
        box = next((n for n in tab.find_all(kind="number_input") if n.key.startswith("drill_settle_value_")), None)
        values = {} if box is None else {box: 0}
        return await learner.step("answer", lambda: tab.submit(settle, values), learner.feedback_shown)
    arranger = next((n for n in tab.find_all(kind="bidi_component") if n.proto.component_name == "maubinh_arrange"),
                    None)
    if arranger is None:
        return await learner.answer_choice()
    # "Set it yourself": the cards are placed in the browser (no round trip), then one "Confirm" sends them.
    ids = [card["id"] for card in json.loads(arranger.proto.json)["cards"]]
    await asyncio.sleep(learner.random.uniform(3, 8) if learner.think > 0 else 0)
    value = {"back": ids[:5], "middle": ids[5:10], "front": ids[10:], "seconds": 5.0}
    return await learner.step("answer", lambda: tab.send_event(arranger, "confirm", value), learner.feedback_shown)


# --------------------------------------------------------------------------- runs


def fresh_url(folder: str, given: str | None) -> str:
    return given or f"sqlite:///{Path(folder) / 'class_load.sqlite'}"


async def _teacher_tab(base_url: str, lesson: Lesson) -> Session:
    """The teacher's board, open through the whole run (its fragment reruns every few seconds)."""
    tab = Session(base_url, timeout=300.0)
    await tab.open()
    result = await tab.load("classes", f"teacher={lesson.created.teacher_token}&lang=vi")
    if result.exceptions:
        raise RuntimeError(f"the teacher's page failed: {result.exceptions}")
    return tab


async def _warm_drill(base_url: str, bank: bool = False) -> None:
    """Load the Drill page once with a wrong link (its modules imported, nothing prepared); with ``bank``, once more
    as a visitor opening a free set (the database opened and the starter bank stored, as on any server that has
    run before: on a new database that load, ~2.5 s, is the first visitor's)."""
    async with Session(base_url, timeout=300.0) as tab:
        await tab.load("drill", "me=x.y&assignment=1&lang=vi")
        if bank:
            await tab.load("drill", "lang=vi")


BOARD_REFRESHES = 5


async def board_refreshes(teacher: Session, watch: ProcessWatch) -> list[tuple[float, float]]:
    """The teacher's board refreshed :data:`BOARD_REFRESHES` times in a row, alone on the server:
    (wall seconds, server CPU seconds) each."""
    timings = []
    fragments = teacher.stop_auto_reruns()
    await asyncio.sleep(1.5)  # a refresh under way when the timer stopped is over
    for fragment in fragments:
        for _ in range(BOARD_REFRESHES):
            cpu = watch.used()
            result = await teacher.rerun(fragment_id=fragment, auto=True)
            await asyncio.sleep(0.2)  # the last messages leave the server
            timings.append((result.seconds, watch.used() - cpu))
    return timings


async def run_class(base_url: str, lesson: Lesson, args: argparse.Namespace,
                    watch: ProcessWatch) -> tuple[Figures, int, list[tuple[float, float]]]:
    figures = Figures()
    teacher = await _teacher_tab(base_url, lesson)
    await _warm_drill(base_url, args.bank)
    figures.warm_cpu = watch.used()
    joined, opened = asyncio.Barrier(args.learners), asyncio.Barrier(args.learners)
    learners = [Learner(n, base_url, figures, args.think, args.seed + n) for n in range(args.learners)]
    await asyncio.gather(*(class_learner(learner, lesson, args.questions, joined, opened) for learner in learners))
    for learner in learners:
        await learner.tab.close()
    board = await board_refreshes(teacher, watch)
    reruns = teacher.auto_reruns
    await teacher.close()
    return figures, reruns, board


async def run_free(base_url: str, args: argparse.Namespace, watch: ProcessWatch) -> Figures:
    figures = Figures()
    await _warm_drill(base_url, args.bank)
    figures.warm_cpu = watch.used()
    started = asyncio.Barrier(args.learners)
    learners = [Learner(n, base_url, figures, args.think, args.seed + n) for n in range(args.learners)]
    await asyncio.gather(*(free_learner(learner, args.questions, None if args.bank else args.seed + 1000 + n,
                                        args.kinds, started)
                           for n, learner in enumerate(learners)))
    for learner in learners:
        await learner.tab.close()
    return figures


async def loop_lag(lags: list[float], period: float = 0.05) -> None:
    """How late this client's event loop wakes (its own delay, in every figure), until cancelled."""
    while True:
        start = time.perf_counter()
        await asyncio.sleep(period)
        lags.append(time.perf_counter() - start - period)


async def with_lag(work: Awaitable[Any], lags: list[float]) -> Any:
    """``work``, with :func:`loop_lag` measuring alongside."""
    watcher = asyncio.create_task(loop_lag(lags))
    try:
        return await work
    finally:
        watcher.cancel()


def stored_answers(lesson: Lesson) -> tuple[int, int]:
    """(answers stored, distinct (learner, question) pairs among them)."""
    answers = lesson.store.answers(lesson.assignment.id)
    return len(answers), len({(a.learner_id, a.number) for a in answers})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=None, help="default 40 (20 with --free-drill)")
    parser.add_argument("--questions", type=int, default=10)
    parser.add_argument("--think", type=float, default=2.0,
                        help="mean seconds of reading before each click (0: everyone clicks at once)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--database-url", default=None, help="e.g. postgresql://... (default: a fresh SQLite file)")
    parser.add_argument("--free-drill", action="store_true", help="free drills of every kind, not an assignment")
    parser.add_argument("--bank", action="store_true",
                        help="with --free-drill: new sets dealt from the question bank (no seed in the link)")
    parser.add_argument("--kinds", default=None,
                        help="drill kinds, comma-separated (default: chi,foul,natural; every kind with --free-drill)")
    parser.add_argument("--browser-check", action="store_true", help="one Chromium and one simulated tab, same answers")
    parser.add_argument("--server-nice", type=int, default=None, metavar="N",
                        help="run the server at niceness N (e.g. -10, root only): other work on a shared machine "
                             "then waits for it, which approximates a machine of its own")
    parser.add_argument("--server-env", action="append", default=[], metavar="NAME=VALUE",
                        help="an environment variable for the server (e.g. a STREAMLIT_... option), repeatable")
    args = parser.parse_args()
    args.learners = args.learners or (20 if args.free_drill else 40)
    args.kinds = args.kinds or ",".join(k.value for k in (KINDS if args.free_drill else CHOICE_KINDS))
    if args.browser_check:
        from bench.browser_check import browser_check

        sys.exit(browser_check(args.questions, args.seed, args.database_url))
    print(f"load average before: {load_average()} (2 cores shared with other work: repeat runs)")
    with tempfile.TemporaryDirectory() as folder:
        url = fresh_url(folder, args.database_url)
        board: list[tuple[float, float]] = []
        lesson = None if args.free_drill else prepare_class(url, args.questions, args.seed, parse_kinds(args.kinds))
        extra = dict(item.split("=", 1) for item in args.server_env)
        server, base_url = start_server({"MAUBINH_DATABASE_URL": url, **extra}, Path(folder) / "server.log")
        try:
            if args.server_nice is not None:
                raise_priority(server.pid, args.server_nice)
            with ProcessWatch(server.pid) as watch:
                cpu0, wall0 = client_cpu(), time.perf_counter()
                lags: list[float] = []
                if lesson is None:
                    figures = asyncio.run(with_lag(run_free(base_url, args, watch), lags))
                    reruns = 0
                else:
                    figures, reruns, board = asyncio.run(with_lag(run_class(base_url, lesson, args, watch), lags))
                wall = time.perf_counter() - wall0
                server_line, server_cpu = watch.report(), watch.used()
        finally:
            stop_server(server)
        mode = f"{'free drills' if lesson is None else 'an assignment'} of {args.kinds}" + (" (bank)" if args.bank else "")
        print(f"{args.learners} learners x {args.questions} questions, {mode}, think {args.think:g} s, "
              f"{'PostgreSQL' if url.startswith('postgres') else 'SQLite'}; run took {wall:.1f} s"
              + "".join(f"; server {item}" for item in args.server_env)
              + ("" if args.server_nice is None else f"; server at niceness {args.server_nice}"))
        print_steps(figures, FREE_TARGETS if lesson is None else TARGETS)
        if lesson is not None:
            stored, distinct = stored_answers(lesson)
            expected = args.learners * args.questions
            print(f"answers stored: {stored} ({distinct} distinct learner x question; expected {expected}: "
                  f"{'ok' if stored == distinct == expected else 'WRONG'})")
            print(f"teacher's board: {reruns} live refreshes during the run")
            if board:
                print(f"teacher's board afterwards ({args.learners} learners x {args.questions} questions answered), "
                      f"refreshed alone {len(board)} times: median {1000 * statistics.median(w for w, _ in board):.0f} ms"
                      f" wall, {1000 * statistics.median(c for _, c in board):.0f} ms server CPU "
                      "(target: <= 300 ms server time)")
            lesson.store.engine.dispose()
        print(server_line)
        runs = sum(len(v) for v in figures.steps.values()) + reruns + len(board)
        counted = "the questions made in the background included" if lesson is None else "the teacher's refreshes too"
        print(f"server CPU per run: {1000 * (server_cpu - figures.warm_cpu) / runs:.0f} ms ({runs} runs: every step "
              f"above, {counted}; what one click costs, whatever the machine's load)")
        print(f"this client: CPU {client_cpu() - cpu0:.1f} s for {args.learners} simulated tabs; its event loop woke "
              f"late by {1000 * percentile(lags, 0.5):.0f} ms p50, {1000 * percentile(lags, 0.95):.0f} ms p95 "
              "(its own share of every figure above)")
        print(f"load average after: {load_average()}")
        _log_tail(Path(folder) / "server.log")


def _log_tail(log: Path) -> None:
    """Tracebacks the server logged, if any (they count as a problem to look at)."""
    text = log.read_text(errors="replace") if log.exists() else ""
    if "Traceback" in text:
        print("server log has tracebacks; the last lines:")
        print("\n".join(text.splitlines()[-15:]))


if __name__ == "__main__":
    main()
