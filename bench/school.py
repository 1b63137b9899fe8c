"""A school at once (issue 32, "Done when"): learners of ten classes arriving together through HAProxy, and free
Drill sets opened at once on one server, on three servers and PostgreSQL.

A fresh PostgreSQL database (on ``MAUBINH_TEST_POSTGRES_URL``'s server, dropped afterwards), ``--classes`` classes
each with an assignment of ``--questions`` choice questions graded up front (:func:`bench.class_load.prepare_class`),
``--servers`` app servers with the production settings behind HAProxy (as ``bench/scale.py``), each class's
teacher board open through the balancer. Then, all from one address (127.0.0.1, as a school behind its NAT):

- ``--learners`` simulated tabs (:mod:`bench.st_client`, Streamlit's own websocket protocol) arrive evenly within
  ``--arrive`` seconds through HAProxy; each loads its class's join link (learner n joins class n mod
  ``--classes``), gives a name ("join": until the personal page with its Start link is drawn), follows Start
  ("open": question 1 shown) and answers every question, with ``--think`` seconds (mean) before each click
  ("answer", then "next" until the next question is shown; "finish" after the last);
- ``--free-at`` seconds after the first learner, ``--free`` more tabs open free Drill sets (each its own seed, so
  every question is made for one tab only) all at the same moment on the first server, past the balancer
  (:func:`bench.many_sets._tab`: "shown" when question 1 is on the page, "busy" when the preparer's backstop said
  so, "hung" when no run finished within ``--timeout``).

Prints: sessions finished and hung (targets: every learner finishes, 0 hung), p50 / p95 / max per step (targets:
join p95 <= 2 s, next p95 <= 0.5 s), the answers stored in the database (rows counted) against the answers the
tabs were shown a verdict for (no lost answer), each server's memory (RSS before the learners, peak, after) and
CPU, and the load average before, at its highest during the run, and after (2 cores shared with other work: the
CPU the servers get sets the times).

Measured (2 cores shared with other work; the full size): every learner finished, 0 hung, 1,500 answers shown and
1,500 rows stored, 200/200 free sets shown (first question p95 7.6-9.2 s: 600 questions made on one server), each
server ~390 MiB before the learners and at most 400 MiB. ``--think 6``: join p95 0.43 s, next p95 0.13 s (load
average up to 7). ``--think 2`` (150 clicks a second at ~25 ms of server CPU each: more than the two cores): join p95
1.65-1.71 s, next p95 1.56-1.83 s, missed (load up to 12-13). A small run first: 12 learners of 3 classes, 10 free
sets: join p95 0.12 s, next p95 0.06 s.

Usage: ``MAUBINH_TEST_POSTGRES_URL=... python bench/school.py [--learners 300] [--free 200] [--classes 10]
[--servers 3] [--arrive 60] [--questions 5]``; a small run first: ``--learners 30 --free 20``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.class_load import (
    Figures,
    Learner,
    Lesson,
    ProcessWatch,
    _teacher_tab,
    _warm_drill,
    class_learner,
    load_average,
    percentile,
    prepare_class,
    stored_answers,
)
from bench.many_sets import _tab as free_tab
from bench.scale import _admin_url, behind_haproxy, fresh_database
from classroom.service import ClassroomStore

TARGETS = {"join": 2.0, "next": 0.5}
"""p95 targets in seconds (issue 32)."""


class LoadPeak:
    """The highest 1-minute load average seen while it runs (sampled every 5 s)."""

    def __init__(self) -> None:
        self.peak = os.getloadavg()[0]
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()

    def _sample(self) -> None:
        while not self._stop.wait(5.0):
            self.peak = max(self.peak, os.getloadavg()[0])

    def stop(self) -> float:
        self._stop.set()
        self._thread.join()
        return max(self.peak, os.getloadavg()[0])


async def _learner(learner: Learner, lesson: Lesson, questions: int, delay: float) -> None:
    await asyncio.sleep(delay)
    alone = asyncio.Barrier(1)  # no waiting for the others: each arrives at its own time
    await class_learner(learner, lesson, questions, alone, alone)


async def run_school(base_url: str, first_server: str, lessons: list[Lesson], args: argparse.Namespace,
                     servers: int, warm: list[ProcessWatch]) -> tuple[Figures, dict[str, list[float]], float]:
    """The teachers' boards, a warm-up load per server, then the learners and the free sets; returns the learners'
    figures, the free tabs' results by outcome and the wall seconds from the first arrival."""
    teachers = [await _teacher_tab(base_url, lesson) for lesson in lessons]
    for _ in range(servers):
        await _warm_drill(base_url)
    for watch in warm:
        watch.rss_start = watch.rss()
    figures = Figures()
    free: dict[str, list[float]] = {name: [] for name in ("shown", "busy", "hung", "other", "error")}
    learners = [Learner(n, base_url, figures, args.think, args.seed + n) for n in range(args.learners)]
    for learner in learners:
        learner.tab.timeout = args.timeout
    wall = time.perf_counter()
    query = "kinds={kinds}&level=intermediate&rules=chi-at&seed={seed}&n={n}&lang=en"  # many_sets._tab reads the English heading
    await asyncio.gather(
        *(_learner(learner, lessons[n % len(lessons)], args.questions, args.arrive * n / max(1, args.learners))
          for n, learner in enumerate(learners)),
        *(free_tab(f"http://{first_server}", query.format(kinds=args.free_kinds, seed=args.seed + 50_000 + n,
                                                          n=args.questions),
                   args.free_at, args.timeout, free)
          for n in range(args.free)))
    wall = time.perf_counter() - wall
    for tab in [learner.tab for learner in learners] + teachers:
        await tab.close()
    return figures, free, wall


def hung(figures: Figures) -> int:
    """Learners whose tab waited out the timeout, or lost its connection, at some step."""
    return sum(1 for line in figures.errors if "ScriptTimeout" in line or "ConnectionError" in line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=300, help="class learners arriving through HAProxy")
    parser.add_argument("--free", type=int, default=200, help="tabs opening free Drill sets at once on one server")
    parser.add_argument("--classes", type=int, default=10)
    parser.add_argument("--servers", type=int, default=3)
    parser.add_argument("--arrive", type=float, default=60.0, help="seconds within which the learners arrive")
    parser.add_argument("--free-at", type=float, default=20.0, help="seconds after the first learner")
    parser.add_argument("--free-kinds", default="chi,foul", help="the free sets' kinds (the first is question 1's)")
    parser.add_argument("--questions", type=int, default=5)
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds of reading before each click")
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds a run may take before it counts as hung")
    parser.add_argument("--seed", type=int, default=3200)
    args = parser.parse_args()
    _admin_url()
    print(f"{args.learners} learners of {args.classes} classes arriving within {args.arrive:g} s through HAProxy on "
          f"{args.servers} servers and PostgreSQL, {args.questions} questions each, think {args.think:g} s; "
          f"{args.free} free Drill sets ({args.free_kinds}) opened at once on one server at {args.free_at:g} s; "
          f"{os.cpu_count()} cores, load average before: {load_average()}", flush=True)
    with tempfile.TemporaryDirectory() as folder, fresh_database() as url:
        store = ClassroomStore.open(url)
        lessons = [prepare_class(url, args.questions, args.seed + 100 * k, store=store, name=f"Lớp {k + 1}")
                   for k in range(args.classes)]
        with behind_haproxy(url, args.servers, Path(folder)) as (processes, addresses, base_url):
            watches = [ProcessWatch(p.pid) for p in processes]
            for watch in watches:
                watch.__enter__()
            load = LoadPeak()
            figures, free, wall = asyncio.run(run_school(base_url, addresses[0], lessons, args, args.servers, watches))
            peak_load = load.stop()
            for watch in watches:
                watch.__exit__()
            memory = [(w.rss_start, max(w.peak_rss, w.rss()), w.rss(), w.used()) for w in watches]
        counts = [stored_answers(lesson) for lesson in lessons]
        store.engine.dispose()
    report(args, figures, free, wall, counts, memory, peak_load)


def report(args: argparse.Namespace, figures: Figures, free: dict[str, list[float]], wall: float,
           counts: list[tuple[int, int]], memory: list[tuple[int, int, int, float]], peak_load: float) -> None:
    """Print the run's figures against the targets."""
    finished = len(figures.steps.get("finish", []))
    print(f"\nrun took {wall:.1f} s from the first arrival")
    print(f"learners: {finished}/{args.learners} finished; hung (no run within {args.timeout:g} s, or the connection "
          f"lost): {hung(figures)} (target 0); errors {len(figures.errors)}")
    for line in figures.errors[:10]:
        print(f"  {line}")
    print(f"{'step':10s} {'n':>5s} {'p50 s':>7s} {'p95 s':>7s} {'max s':>7s}  target")
    for step, values in figures.steps.items():
        target = TARGETS.get(step)
        verdict = "" if target is None else (
            f"p95 <= {target:g} s: {'met' if percentile(values, 0.95) <= target else 'MISSED'}")
        print(f"{step:10s} {len(values):5d} {percentile(values, 0.5):7.2f} {percentile(values, 0.95):7.2f} "
              f"{max(values):7.2f}  {verdict}")
    stored, distinct = sum(c[0] for c in counts), sum(c[1] for c in counts)
    shown = len(figures.steps.get("answer", []))
    print(f"answers: {shown} shown a verdict, {stored} rows in the database ({distinct} distinct learner x question);"
          f" lost: {max(0, shown - distinct)} (target 0){'' if stored == distinct else '; DUPLICATES'}")
    shown_free = free["shown"]
    print(f"free sets: {len(shown_free)}/{args.free} showed question 1; told 'busy' {len(free['busy'])}; hung "
          f"{len(free['hung'])} (target 0); other page {len(free['other'])}; errors {len(free['error'])}"
          + (f"; first question p50 {percentile(shown_free, 0.5):.2f} s, p95 {percentile(shown_free, 0.95):.2f} s, "
             f"max {max(shown_free):.2f} s" if shown_free else ""))
    mib = 1024 * 1024
    for index, (before, peak, after, cpu) in enumerate(memory):
        print(f"server {index + 1}{' (the free sets too)' if index == 0 else ''}: RSS {before / mib:.0f} MiB before "
              f"the learners, peak {peak / mib:.0f} MiB, {after / mib:.0f} MiB at the end; CPU {cpu:.1f} s")
    print(f"load average: highest during the run {peak_load:.2f}, after {load_average()} "
          f"({os.cpu_count()} cores shared with other work)")


if __name__ == "__main__":
    main()
