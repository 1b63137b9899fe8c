"""The compiled hot path: subset values, the solver's branch and bound, many settlements (numba).

The numpy path (:mod:`maubinh.strategy.fast`, :mod:`~maubinh.strategy.vector`,
:mod:`~maubinh.strategy.solver`, :func:`maubinh.settle.settle`) is the readable reference; this module
computes the same numbers in compiled loops (:mod:`maubinh.strategy.loops`) many times faster, and
tests check that both give the same split and the same settlement on thousands of random hands under
every rule set and house rules. No rule set is named here: each arrives as the arrays of
:mod:`maubinh.strategy.rule_arrays`, read from the data the numpy path reads (hand values, the order
that makes binh lủng, the splits, payouts, scoop multipliers, the solver's tables).

The typed functions here (each converts its arguments to the one signature its loop compiles for):

- :func:`value_hands`: the key and class of each hand's 1,287 five-card and 286 three-card subsets;
- :func:`solve_rows`: the solver's split of each hand, equal to
  :func:`maubinh.strategy.solver.solve_splits` (the same branch and bound, ties to the lowest split);
- :func:`settle_tables`: many tables settled at once, each seat's total split by where its chi came
  from (plain chi, bonuses, chặt chồng, instant wins, fouls, scoops, aces);
- :func:`random_samples`: many ``random.sample`` draws of one generator, the same numbers as CPython's;
- :func:`split_totals` / :func:`split_sums`: splits of one hand settled against many sampled opponent
  tables (expected chi with common random numbers; the exact best split over every legal one).

The loops release the GIL; big batches are cut into one slice per core and run in threads
(:func:`map_threads`), which also lets several users' requests run at once.

Compiling takes tens of seconds once per install (``cache=True``: then it loads from ``__pycache__``
in about a second). The server starts it in the background (:func:`warm_up`); until it is done
:func:`ready` is ``False`` and callers use the numpy path, so no click waits on a compile. Outside
the server the first call compiles or loads in place; ``MAUBINH_KERNEL=0`` turns the kernel off.
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import os
import platform
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from maubinh.strategy.rule_arrays import SettleArrays, SolverArrays, SubsetTables, split_columns
from maubinh.strategy.seat_arrays import Opponents, TableArrays

__all__ = [
    "COMPILE_S",
    "LINES",
    "LOAD_S",
    "Hand",
    "Settled",
    "compiled",
    "in_calling_thread",
    "map_threads",
    "random_samples",
    "ready",
    "seconds_left",
    "settle_tables",
    "solve_rows",
    "split_sums",
    "split_totals",
    "status",
    "stop",
    "threads",
    "value_hands",
    "warm_up",
    "warming",
]

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]

_N5, _N3 = 1287, 286
LINES = 14
"""Columns of :func:`split_totals`' lines: back, middle, front, scoop, foul, instant wins, aces (chi); then
the opponents compared chi by chi, and per chi the opponents it won against (8-10) and lost to (11-13)."""


# --------------------------------------------------------------------------- typed wrappers


def _loops() -> Any:
    """The compiled loops, imported on first use (importing numba takes a second or two: the pages that
    never need it do not wait for it). Untyped: called only here, with checked arguments."""
    from maubinh.strategy import loops

    if loops.LINES != LINES:  # pragma: no cover - the two modules out of step
        raise RuntimeError("maubinh.strategy.loops.LINES differs from maubinh.strategy.kernel.LINES")
    return loops

_Job = Callable[[int, int], None]


_CORES = max(1, min(4, os.cpu_count() or 1))
"""Threads a big batch is cut into: one per core, at most 4 (counted once: ``os.cpu_count`` is a system call)."""


def _workers() -> int:
    return _CORES


def threads() -> int:
    """How many threads big batches are cut into (one per core, at most 4)."""
    return _workers()


_POOL: ThreadPoolExecutor | None = None
_POOL_LOCK = threading.Lock()
_LOCAL = threading.local()
"""``calling``: this thread's batches run in it (:func:`in_calling_thread`)."""


@contextmanager
def in_calling_thread() -> Iterator[None]:
    """Within: :func:`map_threads` runs this thread's batches in this thread, on one core, not in the shared pool.
    For background work at a lower CPU priority (a ``nice`` thread): in the pool its batches would run at the
    pool's priority and take the cores from the work people wait for. The results are the same."""
    before = getattr(_LOCAL, "calling", False)
    _LOCAL.calling = True
    try:
        yield
    finally:
        _LOCAL.calling = before


def map_threads(job: _Job, n: int, minimum: int = 64) -> None:
    """Run ``job(start, stop)`` over ``range(n)`` cut in one slice per core, in threads (the kernels
    release the GIL). Small jobs (fewer than ``minimum`` items) run in the calling thread, and so does a job
    started while the interpreter shuts down (its thread pools take no more work then), and every job within
    :func:`in_calling_thread`."""
    global _POOL
    if n < minimum or getattr(_LOCAL, "calling", False):  # one hand from a page: no thread pool, no core count
        job(0, n)
        return
    workers = _workers()
    if workers == 1:
        job(0, n)
        return
    with _POOL_LOCK:
        if _POOL is None:
            _POOL = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="maubinh-kernel")
    cuts = np.linspace(0, n, workers + 1).astype(int)
    try:
        futures = [_POOL.submit(job, int(cuts[k]), int(cuts[k + 1])) for k in range(workers) if cuts[k] < cuts[k + 1]]
    except RuntimeError:  # "cannot schedule new futures after (interpreter) shutdown"
        job(0, n)
        return
    for future in futures:
        future.result()


def value_hands(cards: I64, tables: SubsetTables) -> tuple[I64, I64, I64, I64]:
    """Keys and classes of every subset of each hand: ``cards (H, 13)`` card indexes ->
    ``key5, class5 (H, 1287)``, ``key3, class3 (H, 286)`` in :data:`~maubinh.strategy.vector.COMB5` /
    ``COMB3`` order (equal to :func:`maubinh.strategy.fast.evaluate_many`'s keys, by test)."""
    cards = np.ascontiguousarray(cards, dtype=np.int64)
    h = cards.shape[0]
    key5, class5 = np.empty((h, _N5), np.int64), np.empty((h, _N5), np.int64)
    key3, class3 = np.empty((h, _N3), np.int64), np.empty((h, _N3), np.int64)
    _loops().value_batch(cards, tables.terms5, tables.terms3, tables.key5, tables.class5, tables.key3, tables.class3,
                 tables.mask5, tables.mask3, key5, class5, key3, class3)
    return key5, class5, key3, class3


def solve_rows(cards: I64, tables: SubsetTables, solver: SolverArrays, *, scoop_floor: bool = True,
               ) -> tuple[I64, F64, I64, I64]:
    """The solver's best split of each hand, in threads.

    Args:
        cards: ``(H, 13)`` card indexes (13 distinct cards a row; not checked here).
        tables: the hand values of the rule set's straight order.
        solver: the rule set's solver tables.
        scoop_floor: prune with the scoop term's losing side as well (``False``: the looser bound used before,
            ~1.6x slower where scoops pay; the same splits and scores, for a bench's baseline and a test).

    Returns:
        ``rows (H,)`` (indexes into :data:`~maubinh.strategy.vector.SPLITS`, equal to
        :func:`maubinh.strategy.solver.solve_splits`), ``scores (H,)``, and the chosen split's
        ``keys (H, 3)`` and ``classes (H, 3)`` (back, middle, front).
    """
    cards = np.ascontiguousarray(cards, dtype=np.int64)
    h = cards.shape[0]
    rows, scores = np.empty(h, np.int64), np.empty(h, np.float64)
    keys, classes = np.empty((h, 3), np.int64), np.empty((h, 3), np.int64)
    tie_bm, tie_mf = solver.tie_bm, solver.tie_mf
    splits = split_columns()

    def job(start: int, stop: int) -> None:
        _loops().solve_batch(cards[start:stop], tables.terms5, tables.terms3, tables.key5, tables.class5, tables.key3,
                     tables.class3, tables.mask5, tables.bits5, tables.rest8, solver.five, solver.three,
                     float(solver.scoop),
                     tie_bm, tie_mf, splits, rows[start:stop], scores[start:stop], keys[start:stop],
                     classes[start:stop], bool(scoop_floor))

    map_threads(job, h, minimum=16)
    return rows, scores, keys, classes


def random_samples(rng: random.Random, population: Sequence[int], k: int, samples: int) -> I64 | None:
    """``[rng.sample(population, k) for _ in range(samples)]`` as a ``(samples, k)`` array, compiled: the same
    numbers (CPython's Mersenne Twister and its pool method of ``sample``, by test), ~20x faster; ``rng`` is left
    where the Python loop leaves it. ``None`` where CPython would take its other method (a population larger
    than its pool limit) or ``rng`` is not a plain :class:`random.Random`: deal in Python then.

    Raises:
        ValueError: for ``k`` outside ``0..len(population)``, as ``sample`` does.
    """
    n = len(population)
    if not 0 <= k <= n:
        raise ValueError(f"sample of {k} from a population of {n}")
    limit = 21 + (4 ** math.ceil(math.log(k * 3, 4)) if k > 5 else 0)  # random.sample's choice of method
    if n > limit or type(rng) is not random.Random:
        return None
    version, words, gauss = rng.getstate()
    mt = np.array(words[:-1], dtype=np.int64)
    out = np.empty((samples, k), np.int64)
    pos = _loops().pool_samples(mt, int(words[-1]), np.asarray(population, dtype=np.int64), int(k), out)
    rng.setstate((version, (*(int(w) for w in mt), int(pos)), gauss))
    return out


def settle_tables(tables: TableArrays, rules: SettleArrays) -> Settled:
    """Settle ``D`` tables of ``S`` seats at once (the rules of :func:`maubinh.settle.settle_facts`), in threads.

    Args:
        tables: the tables (:func:`maubinh.strategy.seats.table_arrays`, or the solver's choices).
        rules: the rule set's arrays.

    Returns:
        A :class:`Settled`.
    """
    d, s = tables.keys.shape[0], tables.keys.shape[1]
    out = Settled(np.empty((d, s), np.int64), np.empty((d, s, 7), np.int64), np.empty((d, 3), np.int64),
                  np.empty((d, s), np.int64))
    args = (np.ascontiguousarray(tables.keys, dtype=np.int64), np.ascontiguousarray(tables.classes, dtype=np.int64),
            np.ascontiguousarray(tables.fouls, dtype=np.bool_), np.ascontiguousarray(tables.aces, dtype=np.int64),
            np.ascontiguousarray(tables.declared, dtype=np.bool_),
            np.ascontiguousarray(tables.natural_pairs, dtype=np.int64))

    def job(start: int, stop: int) -> None:
        _loops().settle_batch(*(a[start:stop] for a in args), rules.pay5, rules.family5, rules.aces5, rules.pay3,
                      rules.family3, rules.aces3, rules.params, rules.factors,
                      out.totals[start:stop], out.sources[start:stop], out.events[start:stop], out.scoops[start:stop])

    map_threads(job, d, minimum=2048)
    return out


@dataclass(frozen=True, eq=False)
class Settled:
    """What :func:`settle_tables` returns, per table.

    Attributes:
        totals: ``(D, S)`` chi per seat (each row sums to 0).
        sources: ``(D, S, 7)`` the totals split by where they came from, in
            :data:`maubinh.strategy.simulate.CHI_SOURCES` order (plain, bonus, clash, natural, foul, scoop, aces).
        events: ``(D, 3)`` instant wins declared, pairs scooped, fouled seats.
        scoops: ``(D, S)`` how many seats each seat scooped.
    """

    totals: I64
    sources: I64
    events: I64
    scoops: I64


Hand = tuple[I64, I64, I64, I64]
"""One hand's ``key5, class5, key3, class3`` (a row of each of :func:`value_hands`' results)."""


def _hand(hand: Hand) -> Hand:
    key5, class5, key3, class3 = (np.ascontiguousarray(a, dtype=np.int64) for a in hand)
    return key5, class5, key3, class3


def split_totals(splits: npt.ArrayLike, hand: Hand, declared: bool, my_aces: int, opponents: Opponents,
                 rules: SettleArrays) -> tuple[I64, I64]:
    """Given splits of one hand, each settled against every sampled table, deal by deal.

    Args:
        splits: ``(n, 3)`` subset indexes (back, middle, front), e.g. rows of
            :data:`~maubinh.strategy.vector.SPLITS`.
        hand: the hand's subset keys and classes.
        declared: whether I declare an instant win (then ``opponents.natural_any`` is true everywhere).
        my_aces: aces in my hand.
        opponents: the sampled tables.
        rules: the rule set's arrays.

    Returns:
        ``totals (n, D)`` chi, and ``lines (n, D, LINES)`` (see :data:`LINES`).
    """
    rows = np.asarray(splits, dtype=np.int64).reshape(-1, 3)
    n, d = rows.shape[0], opponents.keys.shape[0]
    totals = np.empty((n, d), np.int64)
    lines = np.empty((n, d, LINES), np.int64)
    _loops().split_totals(np.ascontiguousarray(rows[:, 0]), np.ascontiguousarray(rows[:, 1]),
                  np.ascontiguousarray(rows[:, 2]), *_hand(hand), bool(declared), int(my_aces),
                  *opponents.arrays(), np.ascontiguousarray(opponents.among, dtype=np.int64),
                  rules.pay5, rules.family5, rules.aces5, rules.pay3, rules.family3, rules.aces3,
                  rules.params, rules.factors, totals, lines)
    return totals, lines


def split_sums(rows: npt.ArrayLike, hand: Hand, declared: bool, my_aces: int, opponents: Opponents,
               rules: SettleArrays) -> I64:
    """The chi each split in ``rows`` (indexes into :data:`~maubinh.strategy.vector.SPLITS`) wins over all
    sampled tables, summed, in threads: the sums of :func:`split_totals` (a test checks) without keeping
    every deal. Heads-up fields of a hand that declares no instant win take a faster loop that works out
    each subset's chi against every opponent once and adds them up per split.
    """
    picked = np.ascontiguousarray(rows, dtype=np.int64)
    out = np.empty(len(picked), np.int64)
    splits = split_columns()
    hand_arrays, opp = _hand(hand), opponents.arrays()
    among = np.ascontiguousarray(opponents.among, dtype=np.int64)
    deals = opponents.keys.shape[0]
    if opponents.keys.shape[1] == 1 and not declared and _fits_int32(rules, deals):
        # each thread takes a share of the deals for every split (working out each subset's chi on its deals
        # once), and the shares' integer sums are added: cut by splits, every thread would work out every
        # subset's chi on every deal (x1.3-1.5 less CPU for a whole field, the same sums)
        shares: dict[int, I64] = {}

        def by_deals(start: int, stop: int) -> None:
            share = np.empty(len(picked), np.int64)
            _loops().heads_up_sums(picked, splits, *hand_arrays, int(my_aces), *(a[start:stop] for a in opp),
                                   rules.pay5, rules.family5, rules.aces5, rules.pay3, rules.family3, rules.aces3,
                                   rules.params, rules.factors, share)
            shares[start] = share

        map_threads(by_deals, deals, minimum=2 * _loops()._BLOCK)  # two of the loop's blocks of deals at least
        out[:] = sum(shares.values())
        return out

    def job(start: int, stop: int) -> None:
        _loops().split_sums(picked[start:stop], splits, *hand_arrays, bool(declared), int(my_aces), *opp, among,
                          rules.pay5, rules.family5, rules.aces5, rules.pay3, rules.family3, rules.aces3,
                          rules.params, rules.factors, out[start:stop])

    map_threads(job, len(picked), minimum=256)
    return out


def _fits_int32(rules: SettleArrays, deals: int) -> bool:
    """Whether the heads-up loop's 32-bit sums over a block of deals cannot overflow for these payouts."""
    most = 3 * max(int(rules.pay5.max()), int(rules.pay3.max())) * int(rules.params[2]) * int(rules.factors.max())
    return most * 256 < 2**31


# --------------------------------------------------------------------------- readiness

_STATE: dict[str, Any] = {"ready": False, "thread": None, "seconds": None, "error": None, "background": False,
                          "child": None, "stopped": False, "phase": None, "phase_at": None}
_STATE_LOCK = threading.Lock()


def _compile_all() -> None:
    """Call every kernel once on tiny inputs (compiles them, or loads them from the cache)."""
    from maubinh.hands import WheelRank
    from maubinh.rules import load_rule_set
    from maubinh.strategy.rule_arrays import settle_arrays, solver_arrays, subset_tables
    from maubinh.strategy.tables import load_tables
    from maubinh.strategy.vector import SPLITS

    started = time.perf_counter()
    rule_set = load_rule_set("chi-at")
    tables = subset_tables(WheelRank.SECOND)
    cards = np.arange(13, dtype=np.int64).reshape(1, 13)
    rows, _, keys, classes = solve_rows(cards, tables, solver_arrays(load_tables(rule_set)))
    key5, class5, key3, class3 = value_hands(cards, tables)
    hand = (key5[0], class5[0], key3[0], class3[0])
    rules = settle_arrays(rule_set)
    no = np.zeros((1, 2), np.bool_)
    settle_tables(TableArrays(np.repeat(keys[:, None, :], 2, axis=1), np.repeat(classes[:, None, :], 2, axis=1), no,
                              np.zeros((1, 2), np.int64), no, np.zeros((1, 2, 2), np.int64)), rules)
    zero = np.zeros((1, 1), np.int64)
    opponents = Opponents(keys[:, None, :], classes[:, None, :], no[:, :1], zero, no[:, :1], zero, zero)
    split_totals(SPLITS[rows], hand, False, 0, opponents, rules)
    split_sums(rows, hand, False, 0, opponents, rules)
    split_sums(rows, hand, True, 0, opponents, rules)
    _STATE["seconds"] = time.perf_counter() - started


COMPILE_S = 60.0
"""About how long a first compile takes in the server's child process (at the lowest priority: 15 s on an idle
core, a minute or more on a busy machine); what "about N s" says while it runs."""
LOAD_S = 3.0
"""About how long loading the compiled code from the cache takes (1-2 s on an idle core)."""


def _phase(name: str) -> None:
    _STATE["phase"], _STATE["phase_at"] = name, time.monotonic()


def _run_warm_up(in_process: bool) -> None:
    try:
        if not in_process and not compiled():
            # Compile in a child process first: a compile holds the interpreter lock for tens of seconds,
            # which would slow every page of the server meanwhile. Then load the cached code here.
            # At the lowest priority, so that the pages served meanwhile keep the cores.
            _phase("compile")
            _compile_in_child()
            if _STATE["stopped"]:
                return
        _phase("load")
        _compile_all()
        _STATE["ready"] = True
    except Exception as error:  # noqa: BLE001 - a broken numba install: stay on the numpy path
        _STATE["error"] = repr(error)


def _cache_folder() -> Path:
    """Where numba keeps the compiled loops: ``NUMBA_CACHE_DIR``, else ``__pycache__`` beside them."""
    configured = os.environ.get("NUMBA_CACHE_DIR")
    return Path(configured) if configured else Path(__file__).resolve().parent / "__pycache__"


def _marker() -> Path:
    """The file that says the loops of this source, numba and Python are compiled in the cache (the install step
    writes it, ``make run`` / ``make test``; so does a compile in the server's child process)."""
    from importlib.metadata import version

    source = (Path(__file__).resolve().parent / "loops.py").read_bytes()
    key = hashlib.sha256(source + f"|{version('numba')}|{sys.version}|{platform.machine()}".encode()).hexdigest()
    return _cache_folder() / f"kernel-compiled-{key[:16]}"


def compiled() -> bool:
    """Whether the kernel was compiled into the cache for this source (then a server only loads it, ~1-2 s)."""
    try:
        return _marker().exists()
    except OSError:
        return False


def seconds_left() -> float | None:
    """About how many seconds a :func:`warm_up` under way still needs (at least 1), ``None`` when none runs."""
    if not warming():
        return None
    estimate = COMPILE_S + LOAD_S if _STATE.get("phase") == "compile" else LOAD_S
    return max(1.0, estimate - (time.monotonic() - float(_STATE.get("phase_at") or time.monotonic())))


def _compile_in_child() -> None:
    with _STATE_LOCK:
        if _STATE["stopped"]:
            return
        setup = _child_setup(_prctl())
        child = subprocess.Popen([sys.executable, "-m", "maubinh.strategy.kernel"], stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL, cwd=Path(__file__).resolve().parents[2],
                                 preexec_fn=setup)  # noqa: PLW1509 - two system calls, nothing that locks
        _STATE["child"] = child
    try:
        child.wait(timeout=900)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
    finally:
        _STATE["child"] = None


def _prctl() -> Callable[[int, int], int] | None:
    """Linux's ``prctl`` from the C library (looked up here, in the parent: after a fork, only plain calls), or
    ``None`` elsewhere."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes

    try:
        function: Callable[[int, int], int] = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    return function


def _child_setup(prctl: Callable[[int, int], int] | None) -> Callable[[], None]:
    """What the compile process does before it starts: the lowest CPU priority and, on Linux, a SIGTERM when the
    thread that started it ends, so that a server killed outright (SIGKILL) does not leave it compiling."""

    def setup() -> None:  # pragma: no cover - runs in the child process
        if hasattr(os, "nice"):
            os.nice(19)
        if prctl is not None:
            prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)

    return setup


_PR_SET_PDEATHSIG = 1
"""Linux ``prctl`` option: the signal a process gets when the thread that started it ends."""


def stop() -> None:
    """End the compile process of a :func:`warm_up` under way, now, and start none after (the server stopping).
    The kernel stays usable where it is loaded already; a process that has not loaded it uses the numpy path."""
    with _STATE_LOCK:
        _STATE["stopped"] = True
        child = _STATE["child"]
    if child is not None and child.poll() is None:
        child.kill()
        child.wait()


def warm_up(background: bool = True) -> None:
    """Compile (or load from the cache) every kernel, once per process.

    With ``background`` (the server), in a daemon thread that first compiles in a child process and then
    loads the cached code: :func:`ready` turns ``True`` when it is done and callers keep using the numpy
    path meanwhile. Without, here and now. Safe to call many times and from many threads.
    """
    with _STATE_LOCK:
        thread = _STATE["thread"]
        if thread is None and not _STATE["ready"]:
            thread = threading.Thread(target=_run_warm_up, args=(not background,), name="maubinh-kernel-warm-up",
                                      daemon=True)
            _STATE["thread"] = thread
            _STATE["background"] = background
            thread.start()
    if not background and thread is not None:
        thread.join()


def ready(wait: bool | None = None) -> bool:
    """Whether the compiled kernels can be called now without waiting on a compile.

    Args:
        wait: ``True``: compile now if needed (blocks the first time); ``False``: never wait;
            ``None`` (default): wait unless a background :func:`warm_up` is running (the server starts
            one), i.e. library calls and tests use the kernel, the server never blocks a click on it.
            ``MAUBINH_KERNEL=0`` in the environment turns the kernel off (numpy path only).
    """
    if os.environ.get("MAUBINH_KERNEL", "1") == "0":
        return False
    if _STATE["ready"]:
        return True
    if _STATE["error"] is not None:
        return False
    thread = _STATE["thread"]
    if wait is False or (wait is None and thread is not None and thread.is_alive()):
        return False
    warm_up(background=False)
    return bool(_STATE["ready"])


def wait_ready(timeout_s: float) -> bool:
    """Wait at most ``timeout_s`` seconds for a :func:`warm_up` under way to finish; whether the kernel is ready
    then (``False`` at once when none was started or ``MAUBINH_KERNEL=0``)."""
    thread = _STATE["thread"]
    if thread is not None and os.environ.get("MAUBINH_KERNEL", "1") != "0":
        thread.join(timeout=max(0.0, timeout_s))
    return ready(wait=False)


def warming() -> bool:
    """Whether a :func:`warm_up` is under way (started, not yet done, not failed)."""
    thread = _STATE["thread"]
    return thread is not None and thread.is_alive() and not _STATE["ready"]


def status() -> dict[str, Any]:
    """``{"ready": bool, "seconds": compile or load time in this process, "error": text or None}``."""
    return {key: _STATE.get(key) for key in ("ready", "seconds", "error")}


def main() -> int:
    """``python -m maubinh.strategy.kernel``: compile every kernel into the cache (or load it), mark the cache
    compiled (:func:`compiled`) and say how long."""
    warm_up(background=False)
    print(f"kernel ready: {_STATE['ready']}, {_STATE['seconds'] or 0:.1f} s, error: {_STATE['error']}")
    if not _STATE["ready"]:
        return 1
    with contextlib.suppress(OSError):  # a read-only checkout: every server compiles in its child then
        _marker().parent.mkdir(parents=True, exist_ok=True)
        _marker().touch()
    return 0


if __name__ == "__main__":
    sys.exit(main())
