"""A class at one table (duplicate deals), as figures: ``--learners`` learners submit their hand of the same deal
at the same moment (threads), on a fresh SQLite file (or ``--database-url``).

Printed: the wall time until every hand is stored with its analysis, each submission's latency (p50 / p95 /
max), how many times the deal's heavy work (computer players, :func:`maubinh.play.study`) was computed (1:
shared), and the board's numbers for the class. Half the learners play the simple split, half the same with
back and middle swapped; one distinct split is graded once.

Usage: ``python bench/table_session.py [--learners 20] [--bots 3] [--database-url URL]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from background.deals import Deals
from classroom.service import ClassroomStore
from classroom.table_board import table_board
from classroom.tables import TableSessions
from maubinh.arrangement import Arrangement
from maubinh.play import Strength, Table, analyse, study
from maubinh.rules import load_rule_set
from maubinh.strategy.arrangers import arrange_simple


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=20)
    parser.add_argument("--bots", type=int, default=3, choices=(1, 2, 3))
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    url = args.database_url or f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite"
    store = ClassroomStore.open(url)
    rules = load_rule_set("tinh-chi")
    klass = store.create_class("Bench", "vi", rules).info
    learners = [store.join(klass.id, f"Học viên {n}").info.id for n in range(args.learners)]
    bots = [Strength.SOLVER, Strength.BEGINNER, Strength.BEGINNER][: args.bots]
    work = Deals()
    tables = TableSessions(store, work=work)
    info = tables.start(klass.id, rules, bots, deals=1, timer=0, seed=2**62 + 7)
    simple = arrange_simple(tables.cards(info, 1), rules)
    swapped = Arrangement(simple.middle, simple.back, simple.front)
    warm = time.perf_counter()  # the engine's first use in a process loads its tables: not part of a deal
    other = Table(rules, 1, tuple(bots))
    analyse(other, 1, arrange_simple(other.deal(1)[0], rules), studied=study(other, 1))
    other.bot_plays(1)
    print(f"engine warm-up (once per server): {time.perf_counter() - warm:.2f} s")
    start = threading.Barrier(args.learners)

    def play(index: int) -> float:
        start.wait()
        began = time.perf_counter()
        tables.submit(info.id, learners[index], 1, simple if index % 2 else swapped, False, 10.0)
        return time.perf_counter() - began

    began = time.perf_counter()
    with ThreadPoolExecutor(max_workers=args.learners) as pool:
        latencies = sorted(pool.map(play, range(args.learners)))
    wall = time.perf_counter() - began
    p95 = latencies[min(len(latencies) - 1, int(0.95 * len(latencies)))]
    print(f"{args.learners} learners, {args.bots} computer players, {store.engine.dialect.name}: every hand stored "
          f"in {wall:.2f} s; submission p50 {statistics.median(latencies):.2f} s, p95 {p95:.2f} s, "
          f"max {latencies[-1]:.2f} s")
    print(f"shared work computed: computer players x{work.bot_plays.computed}, study x{work.studies.computed}, "
          f"distinct splits graded x{work.graded.computed}")
    began = time.perf_counter()
    result = table_board(store.learners(klass.id), info.deals, tables.hands(info.id))
    print(f"board: {len(result.deals[0].splits)} distinct splits, read and counted in "
          f"{1000 * (time.perf_counter() - began):.1f} ms")
    store.engine.dispose()


if __name__ == "__main__":
    main()
