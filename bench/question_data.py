"""Questions stored as plain data against the pickles they replaced (issue 33 §4): bytes stored and time to read one
back, per kind, in the same run.

- ``bank``: questions of the starter bank (``--per-kind`` of each kind, every rule set and level in turn), in the
  bank's compact form: the bytes in the database (zlib) and the median time of :func:`classroom.snapshot.unpack`
  against the old :func:`classroom.legacy_pickle.legacy_unpack` of the same question packed the old way.
- ``whole``: an assignment's form (rule sets and deals kept whole), for one question of each kind made live under
  ``chi-at`` at beginner.

Usage: ``python bench/question_data.py [--per-kind 20] [--repeat 5]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from classroom.bank import read_file
from classroom.legacy_pickle import legacy_pack, legacy_unpack
from classroom.snapshot import pack, unpack
from maubinh.drills import Kind, Level, Question, QuestionRef, make_from_ref


def _median_ms(read: Callable[[bytes], object], blob: bytes, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        read(blob)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def _row(name: str, questions: list[Question], compact: bool, repeat: int) -> None:
    new = [pack(q, compact=compact) for q in questions]
    old = [legacy_pack(q, compact=compact) for q in questions]
    new_ms = statistics.mean(_median_ms(unpack, b, repeat) for b in new)
    old_ms = statistics.mean(_median_ms(legacy_unpack, b, repeat) for b in old)
    print(f"{name:10} {len(questions):4} {statistics.mean(map(len, old)):10.0f} {statistics.mean(map(len, new)):10.0f} "
          f"{old_ms:10.2f} {new_ms:10.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-kind", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    entries = read_file()
    header = f"{'kind':10} {'n':>4} {'pickle B':>10} {'data B':>10} {'pickle ms':>10} {'data ms':>10}"
    print("bank (compact form, zlib; read = unpack one question)")
    print(header)
    for kind in Kind:
        of_kind = [e for e in entries if e.kind == kind.value]
        step = max(1, len(of_kind) // args.per_kind)
        _row(kind.value, [unpack(e.blob) for e in of_kind[::step][: args.per_kind]], True, args.repeat)
    print("\nwhole (an assignment's form), one question made live per kind under chi-at, beginner")
    print(header)
    for kind in Kind:
        _row(kind.value, [make_from_ref(QuestionRef(kind, Level.BEGINNER, "chi-at", 3))], False, args.repeat)


if __name__ == "__main__":
    main()
