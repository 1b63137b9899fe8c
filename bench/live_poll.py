"""What a live class's polling costs the database, and how soon a learner's poll sees the teacher's "next".

Each learner's class page polls (``ui.classes.live_learner``): idle, one :meth:`classroom.live.LiveSessions.pulse`
every 2 s; while a live session runs, every 1 s the pulse, the session, the answers in and the learner count. This
script runs those reads in threads, one per learner at its real pace, against a fresh database (SQLite by default;
``--url postgresql://...`` for PostgreSQL), while a teacher thread opens questions and every learner answers each one
after a random think time (``--url`` must name an empty database of its own: it is migrated and written to). It
prints the time of one idle poll and one live poll (p50, p95), the delay from the
teacher's "next" to each learner's poll seeing it (p50, p95: the poll period bounds it), the delay from an answer
stored to the wall's count including it, and whether every answer was stored once.

    .venv/bin/python bench/live_poll.py --learners 40 --questions 3 --seconds 6

Measured on the shared 2-core machine (load average 16): SQLite, 40 learners: idle poll p50 1.7 ms; live poll p50 24
ms, p95 273 ms; "next" seen p50 0.80 s, p95 1.07 s; an answer counted on the wall p95 1.19 s; 120 of 120 stored.
PostgreSQL: idle 3.7 ms; live p50 36 ms, p95 165 ms; "next" seen p95 1.04 s; counted p95 1.00 s; none lost.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from classroom.live import LivePick, LiveSessions
from classroom.service import ClassroomStore
from classroom.snapshot import pack, record
from maubinh.drills import DrillSet, Kind, Level, make_question
from maubinh.drills.answers import answer_code
from maubinh.rules import load_rule_set

IDLE_S, LIVE_S = 2.0, 1.0


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--learners", type=int, default=40)
    parser.add_argument("--questions", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=8.0, help="each question stays open this long")
    parser.add_argument("--url", default=None, help="a database URL (default: a fresh SQLite file)")
    args = parser.parse_args()

    url = args.url or f"sqlite:///{Path(tempfile.mkdtemp()) / 'live.sqlite'}"
    store = ClassroomStore.open(url)
    live = LiveSessions(store)
    klass = store.create_class("Bench", "vi", load_rule_set("chi-at")).info
    learners = [store.join(klass.id, f"L{n}").info.id for n in range(args.learners)]
    drill_set = DrillSet((Kind.CHI, Kind.FOUL), Level.BEGINNER, "chi-at", seed=7, count=args.questions)
    questions = [make_question(drill_set, n) for n in range(args.questions)]
    picks = [LivePick(f"q{n}", q.kind.value, (), record(q), pack(q)) for n, q in enumerate(questions)]

    idle_ticks: list[float] = []
    for _ in range(50):
        started = time.perf_counter()
        live.pulse(klass.id)
        idle_ticks.append(time.perf_counter() - started)

    info = live.start(klass.id, load_rule_set("chi-at"), picks, seconds=60)
    opened_at: dict[int, float] = {}
    seen: list[float] = []
    answer_sent: dict[tuple[str, int], float] = {}
    counted: list[float] = []
    live_ticks: list[float] = []
    lock = threading.Lock()
    done = threading.Event()

    def learner(learner_id: str) -> None:
        rng = random.Random(learner_id)
        answered: set[int] = set()
        last = -1
        time.sleep(rng.random() * LIVE_S)
        while not done.is_set():
            started = time.perf_counter()
            pulse = live.pulse(klass.id)
            current = live.session(pulse.live[0]) if pulse.live else None
            if current is not None and current.number >= 0:
                live.answer_count(current.id, current.number)
                live.learner_count(klass.id)
            with lock:
                live_ticks.append(time.perf_counter() - started)
            if current is not None and current.number > last and current.number in opened_at:
                last = current.number
                with lock:
                    seen.append(time.monotonic() - opened_at[current.number])
                threading.Timer(rng.uniform(0.5, args.seconds * 0.6), answer, (learner_id, current.number,
                                                                                 answered)).start()
            time.sleep(LIVE_S)

    def answer(learner_id: str, number: int, answered: set[int]) -> None:
        question = questions[number]
        live.answer(info.id, learner_id, number, answer_code(question, question.key), True, None)
        with lock:
            answer_sent[(learner_id, number)] = time.monotonic()
        answered.add(number)

    def wall() -> None:  # the projector: counts the answers in every second, notes when each is first counted
        known: set[tuple[str, int]] = set()
        while not done.is_set():
            for row in live.answers(info.id):
                key = (row.learner_id, row.number)
                if key not in known:
                    known.add(key)
                    with lock:
                        if key in answer_sent:
                            counted.append(time.monotonic() - answer_sent[key])
            time.sleep(LIVE_S)

    threads = [threading.Thread(target=learner, args=(lid,), daemon=True) for lid in learners]
    threads.append(threading.Thread(target=wall, daemon=True))
    for thread in threads:
        thread.start()
    for number in range(args.questions):
        opened_at[number] = time.monotonic()
        live.advance(klass.id, info.id, number - 1)
        time.sleep(args.seconds)
    time.sleep(1.5)
    done.set()
    for thread in threads:
        thread.join(timeout=5)
    stored = len(live.answers(info.id))
    backend = store.engine.dialect.name
    print(f"{backend}, {args.learners} learners, {args.questions} questions")
    print(f"idle poll (pulse): p50 {1000 * statistics.median(idle_ticks):.1f} ms, p95 {1000 * _p(idle_ticks, .95):.1f} ms"
          f" -> {args.learners / IDLE_S:.0f} polls/s for the class")
    print(f"live poll (pulse, session, answers in, learners): p50 {1000 * statistics.median(live_ticks):.1f} ms, "
          f"p95 {1000 * _p(live_ticks, .95):.1f} ms -> {args.learners / LIVE_S:.0f} polls/s")
    print(f"next -> seen by a learner's poll: p50 {statistics.median(seen):.2f} s, p95 {_p(seen, .95):.2f} s "
          f"({len(seen)} of {args.learners * args.questions})")
    print(f"answer stored -> counted on the wall: p50 {statistics.median(counted):.2f} s, p95 {_p(counted, .95):.2f} s")
    print(f"answers stored: {stored} of {len(answer_sent)} sent, lost {len(answer_sent) - stored}")
    store.engine.dispose()


if __name__ == "__main__":
    main()
