"""Many deals: what each rule set does to the chi that change hands, over seeded deals set by the solver.

:func:`simulate` deals ``deals`` tables of ``seats`` players from one seed, lets the solver set every
seat for each rule set (each rule set arranges for its own rules, as players would), settles each
table with :func:`maubinh.settle.settle` and splits every seat's total by where its chi came from
(:class:`ChiSource`): plain chi, bonuses, chặt chồng, instant wins, fouls, scoops and the ace rule.

Invariants (tests check them): the deals depend only on the seed (the first ``n`` deals of a longer run
are the same ``n`` deals), every deal's totals add up to 0 under every rule set, and every seat's
sources add up to its total.

Who a house rule favours (issue 20, item 13): ``players`` seats other players than the solver, one
:class:`maubinh.play.Strength` per seat (the Play page's medium and beginner players, :func:`maubinh.play.bot_play`),
and :meth:`Simulation.gains` is each seat's chi per deal under one rule set minus under another (house minus
base): with the solver in every seat the seats are alike and the gains average 0; with different players
they show who gains.

Amounts are chi; rule sources are those of each rule set (digest §2.3-2.7).

>>> from maubinh.rules import load_rule_set
>>> result = simulate([load_rule_set("guide-2026")], deals=3, seats=2, seed=5)
>>> result.totals["guide-2026"].shape, int(result.totals["guide-2026"].sum())
((3, 2), 0)
>>> bool((result.sources["guide-2026"].sum(axis=2) == result.totals["guide-2026"]).all())
True
"""

from __future__ import annotations

import multiprocessing
import random
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace
from enum import Enum
from itertools import islice
from pickle import PicklingError

import numpy as np
import numpy.typing as npt

from maubinh.arrangement import hand_values, out_of_order
from maubinh.cards import FULL_DECK, Card, Rank
from maubinh.hands import WheelRank
from maubinh.naturals import InstantWin, find_instant_win
from maubinh.play import Strength, bot_play
from maubinh.rules import RuleSet
from maubinh.settle import ItemKind, SeatFacts, Settlement, settle_facts
from maubinh.strategy import kernel
from maubinh.strategy.fast import evaluate_many
from maubinh.strategy.field import declare_choice
from maubinh.strategy.prepared import backend, prepare
from maubinh.strategy.screen import instant_wins, may_hold_instant_win
from maubinh.strategy.seats import TableArrays, chi_classes, natural_pairs
from maubinh.strategy.solver import Bounds, hand_bounds, quick_declare
from maubinh.strategy.vector import COMB3, COMB5, HandSplits, classes, in_order

__all__ = [
    "CHI_SOURCES",
    "DEFAULT_DEALS",
    "MAX_DEALS",
    "ChiSource",
    "Simulation",
    "deal_cards",
    "estimate_seconds",
    "play_deal",
    "seat_sources",
    "simulate",
    "value_hands",
    "work_units",
]

I64 = npt.NDArray[np.int64]

DEFAULT_DEALS = 2000
"""Deals per run unless told otherwise (issue 7)."""
MAX_DEALS = 100_000
"""The most deals one run may ask for (issue 14: 100,000 in about a minute and a half on 2 cores)."""


class ChiSource(str, Enum):
    """Where a seat's chi came from, one column of :attr:`Simulation.sources`."""

    PLAIN = "plain"
    """Chi won or lost one at a time (``chi_win`` each), including the plain part of a special chi."""
    BONUS = "bonus"
    """What a special chi pays beyond a plain chi (bonus table, digest §2.3)."""
    CLASH = "clash"
    """What chặt chồng adds on top of the bonus (digest §2.3, ``chi-at``)."""
    NATURAL = "natural"
    """Instant wins, mậu binh (digest §2.4)."""
    FOUL = "foul"
    """Binh lủng penalties (digest §2.7)."""
    SCOOP = "scoop"
    """What a scoop's multiplier adds, sập (digest §2.5)."""
    ACES = "aces"
    """The ace rule, chi Át (digest §2.6)."""


CHI_SOURCES: tuple[ChiSource, ...] = tuple(ChiSource)
"""The columns of :attr:`Simulation.sources`, in order."""
_COLUMN = {source: i for i, source in enumerate(CHI_SOURCES)}
_KIND_SOURCE = {
    ItemKind.CHI: ChiSource.PLAIN,
    ItemKind.NATURAL: ChiSource.NATURAL,
    ItemKind.NATURALS_EVEN: ChiSource.NATURAL,
    ItemKind.FOUL: ChiSource.FOUL,
    ItemKind.BOTH_FOUL: ChiSource.FOUL,
    ItemKind.SCOOP: ChiSource.SCOOP,
    ItemKind.ACES: ChiSource.ACES,
}
EVENTS = ("naturals", "scoops", "fouls")
"""The columns of :attr:`Simulation.events`: instant wins declared, pairs scooped, fouled seats."""


def seat_sources(settlement: Settlement, rule_set: RuleSet) -> list[list[int]]:
    """Each seat's total split by :class:`ChiSource`: ``[seat][source]`` chi; each row sums to the seat's total.

    A chi won with a special hand counts ``chi_win`` as plain and the rest as bonus; chặt chồng counts
    the bonus once as bonus and the extra as clash.

    >>> from maubinh.arrangement import Arrangement
    >>> from maubinh.rules import load_rule_set
    >>> from maubinh.settle import settle
    >>> x = Arrangement.parse("Ks Kd Kc Kh 7d", "Qs Qd 9c 8s 2h", "Js Jc 3d")
    >>> y = Arrangement.parse("Ts Td 4c 4h 2d", "9s 9d 6c 5s 3h", "8h 7c 2c")
    >>> rule_set = load_rule_set("guide-2026")
    >>> settle([x, y], rule_set).totals
    (6, -6)
    >>> seat_sources(settle([x, y], rule_set), rule_set)
    [[3, 3, 0, 0, 0, 0, 0], [-3, -3, 0, 0, 0, 0, 0]]
    """
    rows = [[0] * len(CHI_SOURCES) for _ in settlement.totals]
    for pair in settlement.pairs:
        for item in pair.items:
            parts: list[tuple[ChiSource, int]]
            if item.kind in (ItemKind.BONUS, ItemKind.CLASH):
                sign = 1 if item.amount > 0 else -1
                bonus = item.amount // item.factor if item.kind is ItemKind.CLASH else item.amount
                plain = sign * rule_set.chi_win
                parts = [(ChiSource.PLAIN, plain), (ChiSource.BONUS, bonus - plain),
                         (ChiSource.CLASH, item.amount - bonus)]
            else:
                parts = [(_KIND_SOURCE[item.kind], item.amount)]
            for source, amount in parts:
                rows[pair.a][_COLUMN[source]] += amount
                rows[pair.b][_COLUMN[source]] -= amount
    return rows


def deal_cards(deals: int, seats: int, seed: int) -> Iterator[list[Card]]:
    """The cards of each deal, ``13 * seats`` per deal (seat ``s`` holds ``[13 s, 13 s + 13)``).

    One ``random.Random(seed)`` stream: deal ``i`` is the same whatever the number of deals asked.

    Raises:
        ValueError: for fewer than 2 or more than 4 seats, or a negative number of deals.
    """
    if not 2 <= seats <= 4:
        raise ValueError(f"a table has 2-4 seats, got {seats}")
    if deals < 0:
        raise ValueError(f"the number of deals must be >= 0, got {deals}")
    rng = random.Random(seed)
    for _ in range(deals):
        yield rng.sample(FULL_DECK, 13 * seats)


def value_hands(hands: Sequence[Sequence[Card]], rule_set: RuleSet) -> list[HandSplits]:
    """:func:`maubinh.strategy.vector.hand_splits` for several hands at once, without their instant wins.

    The subsets of every hand are valued in one call per size (the same keys and classes as
    ``hand_splits``, which a test checks); ``natural`` is left ``None`` for the caller to fill, since
    only the straight order (``rule_set.wheel``) matters here.
    """
    idx = np.array([[card.index for card in cards] for cards in hands], dtype=np.int64)
    if idx.shape[1:] != (13,) or any(len(set(row)) != 13 for row in idx.tolist()):
        raise ValueError("each hand has 13 distinct cards")
    key5 = evaluate_many(idx[:, COMB5], rule_set.wheel)
    key3 = evaluate_many(idx[:, COMB3], rule_set.wheel)
    class5 = np.searchsorted(classes(rule_set, 5)[0], key5)
    class3 = np.searchsorted(classes(rule_set, 3)[0], key3)
    aces = (idx // 4 == Rank.ACE - 2).sum(axis=1)
    return [
        HandSplits(idx[s], key5[s], key3[s], class5[s], class3[s], None, int(aces[s])) for s in range(len(hands))
    ]


def play_deal(hands: Sequence[Sequence[Card]], rule_sets: Sequence[RuleSet], players: Sequence[Strength] = (),
              noise: str = "") -> list[Settlement]:
    """One deal under each rule set: every hand set by the solver for that rule set (or by the seat's player,
    ``players[seat]``, :func:`maubinh.play.bot_play` with the seed ``f"{noise}:{seat}"``), then settled.

    The same arrangements as :func:`maubinh.strategy.solver.solve` (house rules included), an instant
    win declared where the solver's quick choice declares it (:func:`~maubinh.strategy.solver.quick_declare`,
    digest §2.4: declaring is the player's choice), and the same settlement as :func:`maubinh.settle.settle`;
    each hand's subsets are valued once per straight order and its instant win found once per rule set.

    Returns:
        One :class:`~maubinh.settle.Settlement` per rule set, in order.
    """
    shared: dict[WheelRank, list[tuple[HandSplits, Bounds | None]]] = {}
    settlements = []
    for rule_set in rule_sets:
        if rule_set.wheel not in shared:
            shared[rule_set.wheel] = [(valued, None) for valued in value_hands(hands, rule_set)]
        facts: list[SeatFacts] = []
        naturals = instant_wins(hands, rule_set)
        for seat, (cards, (valued, bounds)) in enumerate(zip(hands, shared[rule_set.wheel])):
            natural = naturals[seat]
            if bounds is None:
                bounds = hand_bounds(valued)
                shared[rule_set.wheel][seat] = (valued, bounds)
            hand = replace(valued, natural=natural)
            strength = players[seat] if seat < len(players) else Strength.SOLVER
            if strength is Strength.SOLVER:
                declare, split = quick_declare(hand, prepare(rule_set, len(hands)).tables, bounds, rule_set=rule_set,
                                               seats=len(hands))
                played = hand.arrangement(split)
            else:
                bot = bot_play(cards, strength, rule_set, len(hands), f"{noise}:{seat}")
                declare, played = bot.declare and natural is not None, bot.arrangement
            shown = natural.split if declare and natural is not None else None
            arrangement = shown if shown is not None else played
            values = hand_values(arrangement, rule_set.wheel)
            facts.append(SeatFacts(arrangement, values, out_of_order(values, strict=rule_set.strict_order) is not None,
                                   natural if declare else None, valued.aces))
        settlements.append(settle_facts(facts, rule_set))
    return settlements


_Chunk = tuple[list[I64], list[I64], list[I64]]


def _run_chunk(rule_sets: Sequence[RuleSet], seats: int, indexes: Sequence[Sequence[int]],
               players: Sequence[Strength] = (), first: int = 0, seed: int = 0) -> _Chunk:
    """Play the deals given as card indexes (deal numbers from ``first``: the medium player's noise is drawn
    from ``seed``, the deal and the seat); per rule set: totals, sources and events arrays."""
    n = len(indexes)
    totals = [np.zeros((n, seats), dtype=np.int64) for _ in rule_sets]
    sources = [np.zeros((n, seats, len(CHI_SOURCES)), dtype=np.int64) for _ in rule_sets]
    events = [np.zeros((n, len(EVENTS)), dtype=np.int64) for _ in rule_sets]
    for d, deal in enumerate(indexes):
        cards = [Card.from_index(i) for i in deal]
        hands = [cards[13 * s : 13 * s + 13] for s in range(seats)]
        played = play_deal(hands, rule_sets, players, f"{seed}:{first + d}")
        for r, (rule_set, settlement) in enumerate(zip(rule_sets, played)):
            totals[r][d] = settlement.totals
            sources[r][d] = seat_sources(settlement, rule_set)
            events[r][d] = (
                sum(natural is not None for natural in settlement.naturals),
                sum(len(scooped) for scooped in settlement.scoops),
                sum(settlement.fouls),
            )
    return totals, sources, events


def _kernel_chunk(rule_sets: Sequence[RuleSet], seats: int, indexes: Sequence[Sequence[int]]) -> _Chunk:
    """:func:`_run_chunk` with the compiled kernel: every hand of the chunk solved in one batch per rule
    set (in threads), every table settled in one batch (:func:`maubinh.strategy.kernel.settle_tables`).

    The same arrangements and settlements as :func:`play_deal` (a test checks): the same solver splits,
    instant wins found once per hand and rule set (only on the hands
    :func:`~maubinh.strategy.screen.may_hold_instant_win` lets through) and declared where the solver's quick
    choice declares them (:func:`~maubinh.strategy.field.declare_choice` on the kernel's estimate of the best
    split, as :func:`maubinh.strategy.solver.solve` does), as :func:`play_deal` does.
    """
    idx = np.asarray(indexes, dtype=np.int64).reshape(len(indexes), seats, 13)
    n = idx.shape[0]
    flat = idx.reshape(n * seats, 13)
    screened = np.flatnonzero(may_hold_instant_win(flat)).tolist()
    held = {h: [Card.from_index(int(i)) for i in flat[h]] for h in screened}
    aces = (idx // 4 == Rank.ACE - 2).sum(axis=2).astype(np.int64)
    totals, sources, events = [], [], []
    # every rule set's hands solved one after another in a thread of their own (the kernel releases the
    # interpreter), while this thread finds the instant wins and settles the rule sets solved: the same numbers,
    # the Python work overlapped with the kernel's
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="maubinh-simulate") as ahead:
        solving = [_solve_ahead(ahead, flat, rule_set, seats) for rule_set in rule_sets]
        held_wins = [{h: find_instant_win(cards, rule_set) for h, cards in held.items()} if rule_set.naturals else {}
                     for rule_set in rule_sets]
        for rule_set, wins, future in zip(rule_sets, held_wins, solving):
            settled = _settle_chunk(rule_set, seats, flat, aces, wins, future.result())
            totals.append(settled.totals)
            sources.append(settled.sources)
            events.append(settled.events)
    return totals, sources, events


def _solve_ahead(ahead: ThreadPoolExecutor, flat: I64, rule_set: RuleSet, seats: int,
                 ) -> Future[tuple[I64, npt.NDArray[np.float64], I64, I64]]:
    """:func:`kernel.solve_rows` of ``flat`` for ``rule_set`` started in ``ahead``; solved here and now while the
    interpreter shuts down (its thread pools take no more work then)."""
    ready = prepare(rule_set, seats)
    try:
        return ahead.submit(kernel.solve_rows, flat, ready.subsets, ready.solver)
    except RuntimeError:  # "cannot schedule new futures after (interpreter) shutdown"
        done: Future[tuple[I64, npt.NDArray[np.float64], I64, I64]] = Future()
        done.set_result(kernel.solve_rows(flat, ready.subsets, ready.solver))
        return done


def _settle_chunk(rule_set: RuleSet, seats: int, flat: I64, aces: I64, wins: dict[int, InstantWin | None],
                  solved: tuple[I64, npt.NDArray[np.float64], I64, I64]) -> kernel.Settled:
    """One rule set's part of :func:`_kernel_chunk`: the solver's splits (``solved``, :func:`kernel.solve_rows` of
    ``flat``), the instant wins held (``wins``) declared where the solver declares them, every table settled."""
    n = flat.shape[0] // seats
    ready = prepare(rule_set, seats)
    _, scores, keys, classes_ = solved
    naturals: dict[int, InstantWin] = {}
    for h, natural in wins.items():  # each hand's instant win found once, declared as quick_declare would
        if natural is not None and declare_choice(flat[h], natural, float(scores[h]), rule_set, seats):
            naturals[h] = natural
    shown = [h for h, natural in naturals.items() if natural.split is not None]
    if shown:
        splits = [naturals[h].split for h in shown]
        chosen = np.array([[card.index for card in arrangement.cards] for arrangement in splits if arrangement],
                          dtype=np.int64)
        keys[shown] = np.stack([evaluate_many(chosen[:, :5], rule_set.wheel),
                                evaluate_many(chosen[:, 5:10], rule_set.wheel),
                                evaluate_many(chosen[:, 10:], rule_set.wheel)], axis=1)
        classes_[shown] = chi_classes(keys[shown], rule_set)
    declared = np.zeros(n * seats, dtype=np.bool_)
    declared[list(naturals)] = True
    pairs = np.zeros((n, seats, seats), dtype=np.int64)
    for d in sorted({h // seats for h in naturals}):
        pairs[d] = natural_pairs([naturals.get(d * seats + s) for s in range(seats)], rule_set)
    keys3 = keys.reshape(n, seats, 3)
    tables = TableArrays(keys3, classes_.reshape(n, seats, 3),
                         ~in_order(keys3[..., 0], keys3[..., 1], keys3[..., 2], strict=rule_set.strict_order), aces,
                         declared.reshape(n, seats), pairs)
    return kernel.settle_tables(tables, ready.settle)


@dataclass(frozen=True, eq=False)
class Simulation:
    """The result of :func:`simulate`; arrays by rule-set id.

    Attributes:
        seed, deals, seats: what was played.
        rule_set_ids: the rule sets, in the order asked.
        totals: ``(deals, seats)`` chi per seat per deal; each row sums to 0.
        sources: ``(deals, seats, len(CHI_SOURCES))`` the totals split by :class:`ChiSource`.
        events: ``(deals, 3)`` per deal: instant wins declared, pairs scooped, fouled seats (:data:`EVENTS`).
        seconds: wall time of the run; workers: processes used.
        players: who sat at each seat (:class:`maubinh.play.Strength` values; the solver everywhere by default).
    """

    seed: int
    deals: int
    seats: int
    rule_set_ids: tuple[str, ...]
    totals: dict[str, I64]
    sources: dict[str, I64]
    events: dict[str, I64]
    seconds: float = field(default=0.0)
    workers: int = field(default=1)
    players: tuple[str, ...] = field(default=())

    def gains(self, rule_set_id: str, base_id: str) -> I64:
        """House minus base: ``(deals, seats)`` each seat's chi per deal under ``rule_set_id`` minus under
        ``base_id`` (the same deals); each row sums to 0. ``KeyError`` for a rule set not simulated."""
        return self.totals[rule_set_id] - self.totals[base_id]

    def mean_gains(self, rule_set_id: str, base_id: str) -> list[tuple[float, float]]:
        """Per seat, the mean of :meth:`gains` over the deals (chi per deal) and its standard error."""
        gains = self.gains(rule_set_id, base_id).astype(np.float64)
        if self.deals < 2:
            return [(float(gains[:, s].mean()) if self.deals else 0.0, 0.0) for s in range(self.seats)]
        errors = gains.std(axis=0, ddof=1) / np.sqrt(self.deals)
        return [(float(gains[:, s].mean()), float(errors[s])) for s in range(self.seats)]

    def swing(self, rule_set_id: str) -> float:
        """Average swing: the mean over deals and seats of the chi a seat wins or pays, ``|total|``."""
        return float(np.abs(self.totals[rule_set_id]).mean()) if self.deals else 0.0

    def shares(self, rule_set_id: str) -> dict[ChiSource, float]:
        """Of all chi won (the positive parts of every seat's sources, over all deals), the share from
        each source; the shares add up to 1 (all 0 when no chi changed hands)."""
        won = np.clip(self.sources[rule_set_id], 0, None).sum(axis=(0, 1))
        total = int(won.sum())
        return {source: (int(won[i]) / total if total else 0.0) for i, source in enumerate(CHI_SOURCES)}

    def per_deal(self, rule_set_id: str) -> dict[ChiSource, float]:
        """Mean chi won per seat per deal from each source (positive parts)."""
        won = np.clip(self.sources[rule_set_id], 0, None).sum(axis=(0, 1))
        scale = self.deals * self.seats or 1
        return {source: float(won[i]) / scale for i, source in enumerate(CHI_SOURCES)}

    def percentiles(self, rule_set_id: str, qs: Sequence[float] = (5, 25, 50, 75, 95)) -> list[float]:
        """Percentiles of a seat's chi per deal (all seats pooled: the solver plays every seat alike)."""
        if not self.deals:
            return [0.0 for _ in qs]
        return [float(v) for v in np.percentile(self.totals[rule_set_id], qs)]

    def records(self) -> Iterator[tuple[int, str, int, int, *tuple[int, ...]]]:
        """One row per deal, rule set and seat: ``(deal, rule_set_id, seat, total, *sources)`` (deal and
        seat from 1), for a CSV file with the columns ``deal, rule_set, seat, total`` and :data:`CHI_SOURCES`."""
        for rule_set_id in self.rule_set_ids:
            totals, sources = self.totals[rule_set_id], self.sources[rule_set_id]
            for d in range(self.deals):
                for s in range(self.seats):
                    yield (d + 1, rule_set_id, s + 1, int(totals[d, s]), *(int(v) for v in sources[d, s]))


Progress = Callable[[int, int], None]
"""Called with (deals done, deals asked) as chunks finish."""


def simulate(
    rule_sets: Sequence[RuleSet],
    deals: int = DEFAULT_DEALS,
    seats: int = 4,
    seed: int = 1,
    *,
    workers: int = 1,
    chunk_size: int | None = None,
    progress: Progress | None = None,
    compiled: bool | None = None,
    players: Sequence[Strength] = (),
) -> Simulation:
    """Play ``deals`` seeded deals of ``seats`` players under each rule set, every seat set by the solver
    (or by ``players``).

    Args:
        rule_sets: the rule sets to compare (sources or house rules; ids must differ).
        deals: how many deals (0..:data:`MAX_DEALS`).
        seats: players per table, 2-4.
        seed: the deals' seed (see :func:`deal_cards`).
        workers: processes for the numpy path (``1``: in this process); the compiled kernel uses one
            thread per core instead. The result does not depend on it.
        chunk_size: deals per task and per progress call (default 1,000 with the kernel, 50 without).
        progress: see :data:`Progress`; it may raise to stop the run (the exception goes to the caller).
        compiled: ``True``: the compiled kernel (:mod:`maubinh.strategy.kernel`); ``False``: the numpy
            path (the solver's numpy search and :func:`maubinh.settle.settle_facts`, deal by deal);
            ``None``: the kernel when it is ready. Both give the same result (a test checks).
        players: one :class:`maubinh.play.Strength` per seat (empty: the solver everywhere); any other player
            than the solver plays on the numpy path (:func:`maubinh.play.bot_play`, the medium player about
            50 ms a hand).

    Returns:
        A :class:`Simulation`.

    Raises:
        ValueError: for a bad number of seats or deals, two rule sets with the same id, or ``players`` not
            one per seat.

    With the kernel, about 0.1 ms per seat and rule set on one core (``bench/simulate_speed.py``;
    :func:`estimate_seconds` says how long a run will take); the numpy path, about 3 ms.
    """
    if not 0 <= deals <= MAX_DEALS:
        raise ValueError(f"deals must be 0..{MAX_DEALS}, got {deals}")
    ids = tuple(rule_set.id for rule_set in rule_sets)
    if len(set(ids)) != len(ids):
        raise ValueError(f"two rule sets with the same id among {', '.join(ids)}")
    seated = tuple(Strength(player) for player in players)
    if seated and len(seated) != seats:
        raise ValueError(f"players: one per seat ({seats}), got {len(seated)}")
    if all(player is Strength.SOLVER for player in seated):
        seated = ()
    use_kernel = backend(compiled) and not seated
    size = max(1, chunk_size or (1000 if use_kernel else 50 if not seated else 10))
    started = time.perf_counter()
    dealt = _deal_indexes(deals, seats, seed, compiled=use_kernel)
    results: list[_Chunk | None] = []
    used = kernel.threads() if use_kernel else 1
    if not use_kernel and workers > 1 and deals > size:
        chunks = [list(islice(dealt, size)) for _ in range(0, deals, size)]
        try:
            results = _in_processes(tuple(rule_sets), seats, chunks, workers, progress, seated, seed)
            used = workers
        except (OSError, BrokenProcessPool, PicklingError):  # no processes here: play in this one
            dealt = iter([deal for chunk in chunks for deal in chunk])
            results = []
    done = sum(len(result[0][0]) for result in results if result is not None)
    while done < deals:
        chunk = list(islice(dealt, size))
        results.append(_kernel_chunk(rule_sets, seats, chunk) if use_kernel
                       else _run_chunk(rule_sets, seats, chunk, seated, done, seed))
        done += len(chunk)
        if use_kernel:
            _RATE.record(done * seats * len(rule_sets), time.perf_counter() - started)
        if progress is not None:
            progress(done, deals)

    def joined(part: int, r: int, shape: tuple[int, ...]) -> I64:
        arrays = [result[part][r] for result in results if result is not None]
        return np.concatenate(arrays) if arrays else np.zeros((0, *shape), dtype=np.int64)

    return Simulation(
        seed=seed,
        deals=deals,
        seats=seats,
        rule_set_ids=ids,
        totals={rid: joined(0, r, (seats,)) for r, rid in enumerate(ids)},
        sources={rid: joined(1, r, (seats, len(CHI_SOURCES))) for r, rid in enumerate(ids)},
        events={rid: joined(2, r, (len(EVENTS),)) for r, rid in enumerate(ids)},
        seconds=time.perf_counter() - started,
        workers=used,
        players=tuple(player.value for player in seated) or (Strength.SOLVER.value,) * seats,
    )


def _deal_indexes(deals: int, seats: int, seed: int, *, compiled: bool = False) -> Iterator[Sequence[int]]:
    """:func:`deal_cards` as card indexes (the same deals: ``FULL_DECK[i].index == i``), made lazily; ``compiled``:
    drawn in blocks by :func:`maubinh.strategy.kernel.random_samples` (CPython's numbers, ~20x faster)."""
    if not 2 <= seats <= 4:
        raise ValueError(f"a table has 2-4 seats, got {seats}")
    rng = random.Random(seed)
    positions = range(len(FULL_DECK))
    done = 0
    while compiled and done < deals:
        block = kernel.random_samples(rng, positions, 13 * seats, min(_DEAL_BLOCK, deals - done))
        if block is None:  # pragma: no cover - CPython's other method: deal in Python
            break
        yield from block
        done += len(block)
    for _ in range(deals - done):
        yield rng.sample(positions, 13 * seats)


_DEAL_BLOCK = 1000
"""Deals drawn at once on the kernel path."""


class _Rate:
    """The kernel's recent speed in this process: seats solved and settled (per rule set) a second."""

    def __init__(self) -> None:
        self.per_second = 0.0

    def record(self, seats: int, seconds: float) -> None:
        if seconds > 0.2 and seats >= 4000:  # short runs measure their start-up more than their speed
            self.per_second = seats / seconds


_RATE = _Rate()
_DEFAULT_RATE = 6000.0
"""Seats a second with the kernel on a 2-core machine shared with other work, before any run is timed."""
_NUMPY_RATE = 300.0
"""Seats a second on the numpy path (one process)."""
_PLAYERS_RATE = 60.0
"""Seats a second with other players than the solver seated (a medium player weighs every split: about 50 ms
a hand), before any run is timed."""


def work_units(rule_sets: int, deals: int, seats: int) -> int:
    """The work of a run, in seats solved and settled (one per seat, deal and rule set): what
    :func:`estimate_seconds` divides by a rate in seats a second."""
    return deals * seats * max(1, rule_sets)


def estimate_seconds(rule_sets: int, deals: int, seats: int, compiled: bool | None = None,
                     rate: float | None = None, players: Sequence[Strength] = ()) -> float:
    """About how long :func:`simulate` will take, in seconds: :func:`work_units` over ``rate`` (seats a
    second measured on real runs, e.g. by the server's job runner: a run in a process of its own, its start
    included), else this process's last runs, else a typical rate: for the "this will take about..." line
    before a run starts. Other ``players`` than the solver play on the numpy path, slower still."""
    if (rate is None or rate <= 0) and any(Strength(player) is not Strength.SOLVER for player in players):
        rate = _PLAYERS_RATE
    if rate is None or rate <= 0:
        use_kernel = backend(compiled, wait=False)
        rate = (_RATE.per_second or _DEFAULT_RATE) if use_kernel else _NUMPY_RATE
    return work_units(rule_sets, deals, seats) / rate


def _in_processes(
    rule_sets: tuple[RuleSet, ...],
    seats: int,
    chunks: Sequence[Sequence[Sequence[int]]],
    workers: int,
    progress: Progress | None,
    players: tuple[Strength, ...] = (),
    seed: int = 0,
) -> list[_Chunk | None]:
    """Play the chunks in ``workers`` processes (``forkserver``: safe in a threaded server)."""
    results: list[_Chunk | None] = [None] * len(chunks)
    total = sum(len(chunk) for chunk in chunks)
    context = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        futures: dict[Future[_Chunk], int] = {
            pool.submit(_run_chunk, rule_sets, seats, chunk, players, sum(map(len, chunks[:i])), seed): i
            for i, chunk in enumerate(chunks)
        }
        done = 0
        for future in as_completed(futures):
            i = futures[future]
            results[i] = future.result()
            done += len(chunks[i])
            if progress is not None:
                progress(done, total)
    return results
