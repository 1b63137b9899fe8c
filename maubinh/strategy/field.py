"""The field: opponent tables sampled for one hand and set by the solver, kept as arrays.

Expected chi is measured against sampled opponents (common random numbers: every arrangement of the
hand meets the same deals). :func:`sample_field` deals ``samples`` tables of ``opponents`` hands from
the 39 cards not in the hand (one ``random.Random(seed)`` stream, the same deals as
:func:`maubinh.strategy.ev.sample_tables`), sets every opponent with the solver in one compiled batch
(:func:`maubinh.strategy.kernel.solve_rows`; the numpy solver when the kernel is not ready) and keeps
their chi keys and classes, fouls, aces and instant wins, without building an object per opponent.
:func:`field_values` then settles any splits of the hand against the whole field
(:func:`maubinh.strategy.kernel.split_totals`), and :func:`best_splits` finds the best of *every*
legal split (:func:`maubinh.strategy.kernel.split_sums`).

>>> from maubinh.cards import parse_cards
>>> from maubinh.rules import load_rule_set
>>> hand = parse_cards("As Ks Qs Js 9h 8h 7d 6d 5c 4c 3c 2s 2h")
>>> field = sample_field(hand, load_rule_set("guide-2026"), opponents=1, samples=50, seed=1)
>>> field.keys.shape, field.samples
((50, 1, 3), 50)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from dataclasses import field as dataclass_field
from functools import cache, lru_cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

from maubinh.arrangement import Arrangement
from maubinh.cards import FULL_DECK, Card, Rank
from maubinh.naturals import InstantWin, find_instant_win
from maubinh.rules import POSITIONS, RuleSet
from maubinh.settle import ItemKind, seat_facts, settle_facts
from maubinh.strategy import kernel
from maubinh.strategy.fast import evaluate_many
from maubinh.strategy.prepared import Prepared, backend, prepare
from maubinh.strategy.results import EVResult, results_from
from maubinh.strategy.screen import instant_wins, may_hold_instant_win
from maubinh.strategy.search import (
    DECLARE_BAND,
    DeclarePolicy,
    plain_declare,
    quick_declare,
    solve_splits,
    split_scores,
)
from maubinh.strategy.seats import Opponents, TableArrays, chi_classes, natural_pairs
from maubinh.strategy.vector import SPLITS, _natural_amount, hand_splits, in_order, split_arrangement

__all__ = [
    "DECIDE_HANDS",
    "Field",
    "FieldRecipe",
    "HandValues",
    "Measured",
    "RedealtError",
    "RedealtField",
    "best_splits",
    "declare_choice",
    "ev_results",
    "field_values",
    "hand_values",
    "measure",
    "measured_samples",
    "sample_field",
    "subsets_of",
]

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]


@dataclass(frozen=True, eq=False)
class Field:
    """Sampled opponent tables for one hand, set by the solver (see :func:`sample_field`).

    Attributes:
        cards: the hand they were sampled against.
        rule_set: the rules they were set and are settled under.
        seed: the sampling seed.
        hands: ``(D, m, 13)`` each opponent's card indexes, as dealt.
        rows: ``(D, m)`` the solver's split of each (a row of :data:`~maubinh.strategy.vector.SPLITS` of
            the hand as dealt), or -1 where an instant win's own split is shown.
        keys, classes: ``(D, m, 3)`` their chi (back, middle, front).
        naturals: ``{(deal, seat): InstantWin}`` the opponents' instant wins.
        among: ``(D, m)`` how many other opponents each one scoops (the opponents settled among themselves).
    """

    cards: tuple[Card, ...]
    rule_set: RuleSet
    seed: int
    hands: I64
    rows: I64
    keys: I64
    classes: I64
    naturals: dict[tuple[int, int], InstantWin]
    among: I64
    _splits: dict[tuple[int, int], Arrangement] = dataclass_field(default_factory=dict, repr=False)

    def _identity(self) -> tuple[object, ...]:
        return (self.cards, self.rule_set, self.seed, self.hands.shape)

    def __eq__(self, other: object) -> bool:
        """Equal when sampled for the same hand, rules, seed and size (the deals and the solver's splits
        are a function of those; a stored question read back equals the one made), and holding the same
        deals and chi."""
        if not isinstance(other, Field):
            return NotImplemented
        return self._identity() == other._identity() and bool(
            np.array_equal(self.hands, other.hands) and np.array_equal(self.keys, other.keys))

    def __hash__(self) -> int:
        return hash(self._identity())

    @property
    def samples(self) -> int:
        """Number of deals."""
        return int(self.hands.shape[0])

    @property
    def opponents(self) -> int:
        """Opponents per deal."""
        return int(self.hands.shape[1])

    def arrangement(self, deal: int, seat: int = 0) -> Arrangement:
        """Opponent ``seat``'s arrangement in deal ``deal`` (the solver's, or its instant win's split)."""
        natural = self.naturals.get((deal, seat))
        if natural is not None and natural.split is not None:
            return natural.split
        return split_arrangement(self.hands[deal, seat], int(self.rows[deal, seat]))

    def against(self, mine: InstantWin | None) -> Opponents:
        """The field as the kernel settles it against a hand whose own instant win is ``mine``."""
        d, m = self.rows.shape
        natural_any = np.zeros((d, m), dtype=np.bool_)
        natural_chi = np.zeros((d, m), dtype=np.int64)
        if mine is not None:
            natural_any[:] = True
            natural_chi[:] = _natural_amount(mine, None, self.rule_set)
        for (t, j), theirs in self.naturals.items():
            natural_any[t, j] = True
            natural_chi[t, j] = _natural_amount(mine, theirs, self.rule_set)
        fouls = ~in_order(self.keys[..., 0], self.keys[..., 1], self.keys[..., 2], strict=self.rule_set.strict_order)
        aces = (self.hands // 4 == Rank.ACE - 2).sum(axis=2).astype(np.int64)
        return Opponents(self.keys, self.classes, fouls, aces, natural_any, natural_chi, self.among)


@dataclass(frozen=True)
class FieldRecipe:
    """What :func:`sample_field` needs to deal a field again, and a fingerprint of what it dealt.

    Attributes:
        cards: the hand (13 cards); ``rule_set``: the rules; ``seed``, ``samples``, ``opponents``: as
            :func:`sample_field`'s.
        fingerprint: 16 hex digits of a SHA-256 of the field's deals and the solver's splits
            (:meth:`of`), so a field dealt again with other tables is caught, not used.
    """

    cards: tuple[Card, ...]
    rule_set: RuleSet
    seed: int
    samples: int
    opponents: int
    fingerprint: str

    @staticmethod
    def of(field: Field) -> FieldRecipe:
        """The recipe of ``field`` (a field :func:`sample_field` made)."""
        return FieldRecipe(field.cards, field.rule_set, field.seed, field.samples, field.opponents,
                           _fingerprint(field.hands, field.rows))

    def deal(self) -> Field:
        """The field dealt and set again (the same as the first time: :func:`sample_field` is a function of the
        recipe and the solver's tables).

        Raises:
            RedealtError: when the field dealt differs from the one fingerprinted (the solver's tables changed).
        """
        field = sample_field(self.cards, self.rule_set, opponents=self.opponents, samples=self.samples,
                             seed=self.seed)
        found = _fingerprint(field.hands, field.rows)
        if found != self.fingerprint:
            raise RedealtError(f"the field dealt again for seed {self.seed} differs from the one stored "
                               f"({found} != {self.fingerprint}): the solver's tables changed")
        return field


class RedealtError(ValueError):
    """A field dealt again from its :class:`FieldRecipe` is not the field it was made from."""


def _fingerprint(hands: I64, rows: I64) -> str:
    digest = hashlib.sha256(np.ascontiguousarray(hands, dtype=np.int64).tobytes())
    digest.update(np.ascontiguousarray(rows, dtype=np.int64).tobytes())
    return digest.hexdigest()[:16]


class RedealtField(Field):
    """A :class:`Field` kept as its :class:`FieldRecipe` (a stored question's few bytes instead of its deals),
    dealt again on first use of its arrays: ``cards``, ``rule_set`` and ``seed`` are at hand, anything else
    (``hands``, ``samples``, ...) deals it (~0.15 s per 2,000 deals). It equals, settles and pickles as the
    field it was made from (pickled, it is a plain :class:`Field` again).

    Raises (on first use of the arrays):
        RedealtError: the solver's tables changed since the recipe was taken.
    """

    _recipe: FieldRecipe

    def __init__(self, recipe: FieldRecipe) -> None:
        object.__setattr__(self, "cards", recipe.cards)
        object.__setattr__(self, "rule_set", recipe.rule_set)
        object.__setattr__(self, "seed", recipe.seed)
        object.__setattr__(self, "_recipe", recipe)

    def __getattr__(self, name: str) -> object:
        """The dealt field's attribute (dealt on first use; two threads may both deal, to the same values)."""
        if name.startswith("__") or name == "_recipe":
            raise AttributeError(name)
        dealt = self._recipe.deal()
        for key, value in vars(dealt).items():
            object.__setattr__(self, key, value)
        return object.__getattribute__(self, name)

    @property
    def recipe(self) -> FieldRecipe:
        """Its recipe."""
        return self._recipe

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickled as the plain :class:`Field` (dealt if it was not yet)."""
        return (Field, (self.cards, self.rule_set, self.seed, self.hands, self.rows, self.keys, self.classes,
                        self.naturals, self.among))


def _deal(cards: Sequence[Card], opponents: int, samples: int, seed: int, compiled: bool = False) -> I64:
    """The sampled opponents' card indexes ``(samples, opponents, 13)`` (the deals of
    :func:`maubinh.strategy.ev.sample_tables`: ``random.Random(seed).sample`` of the other cards); ``compiled``:
    drawn by :func:`maubinh.strategy.kernel.random_samples`, the same numbers ~12x faster."""
    rng = random.Random(seed)
    held = set(cards)
    rest = [c.index for c in FULL_DECK if c not in held]
    drawn = kernel.random_samples(rng, rest, 13 * opponents, samples) if compiled else None
    if drawn is not None:
        return drawn.reshape(samples, opponents, 13)
    out = np.empty((samples, opponents * 13), dtype=np.int64)
    for s in range(samples):
        out[s] = rng.sample(rest, 13 * opponents)
    return out.reshape(samples, opponents, 13)


def sample_field(cards: Sequence[Card], rule_set: RuleSet, *, opponents: int = 1, samples: int = 300,
                 seed: int = 0, compiled: bool | None = None, declare: DeclarePolicy | None = None) -> Field:
    """Deal ``samples`` tables of ``opponents`` hands from the cards not in ``cards`` and set them with the solver.

    Args:
        cards: my 13 cards.
        rule_set: the rules the opponents arrange for.
        opponents: opponents per deal (1-3).
        samples: deals.
        seed: the same seed gives the same field.
        compiled: ``True``: solve with the kernel; ``False``: with the numpy solver; ``None``: the kernel
            when it is ready (:func:`~maubinh.strategy.prepared.backend`). The same splits either way.
        declare: how an opponent holding an instant win chooses to declare it (default :func:`declare_choice`,
            the solver's; a measurement passes :func:`~maubinh.strategy.search.plain_declare`).

    Raises:
        ValueError: for 1-3 opponents not given, fewer than 1 sample, or not 13 distinct cards.
    """
    if not 1 <= opponents <= 3:
        raise ValueError(f"opponents must be 1-3, got {opponents}")
    if samples < 1:
        raise ValueError(f"samples must be at least 1, got {samples}")
    if len(set(cards)) != 13 or len(cards) != 13:
        raise ValueError(f"a hand has 13 distinct cards, got {len(set(cards))} of {len(cards)}")
    use_kernel = backend(compiled)
    ready = prepare(rule_set)
    policy = declare or declare_choice
    hands = _deal(cards, opponents, samples, seed, use_kernel)
    flat = hands.reshape(-1, 13)
    rows, scores, keys, classes = _solve(flat, ready, use_kernel)
    naturals: dict[tuple[int, int], InstantWin] = {}
    if rule_set.naturals:
        for h in np.flatnonzero(may_hold_instant_win(flat)).tolist():
            natural = find_instant_win([Card.from_index(int(i)) for i in flat[h]], rule_set)
            if natural is None:
                continue
            if scores is None:  # the numpy path: the estimate of quick_declare
                hand = replace(hand_splits([Card.from_index(int(i)) for i in flat[h]], rule_set, natural=False),
                               natural=natural)
                chosen, _ = quick_declare(hand, ready.tables, declare=policy, rule_set=rule_set)
            else:  # the same choice from the kernel's estimate of the best split
                chosen = policy(flat[h], natural, float(scores[h]), rule_set, 2)
            if chosen:  # held and declared: the solver's quick choice (digest §2.4)
                naturals[(h // opponents, h % opponents)] = natural
    for (t, j), natural in naturals.items():
        if natural.split is not None:
            h = t * opponents + j
            shown = np.array([[c.index for c in natural.split.cards]], dtype=np.int64)
            keys[h] = [int(evaluate_many(shown[:, :5], rule_set.wheel)[0]),
                       int(evaluate_many(shown[:, 5:10], rule_set.wheel)[0]),
                       int(evaluate_many(shown[:, 10:], rule_set.wheel)[0])]
            classes[h] = chi_classes(keys[h], rule_set)
            rows[h] = -1
    keys = keys.reshape(samples, opponents, 3)
    classes = classes.reshape(samples, opponents, 3)
    rows = rows.reshape(samples, opponents)
    among = np.zeros((samples, opponents), dtype=np.int64)
    if opponents > 1:
        declared = np.zeros((samples, opponents), dtype=np.bool_)
        pairs = np.zeros((samples, opponents, opponents), dtype=np.int64)
        for t in sorted({t for t, _ in naturals}):
            found = [naturals.get((t, j)) for j in range(opponents)]
            declared[t] = [natural is not None for natural in found]
            pairs[t] = natural_pairs(found, rule_set)
        table = TableArrays(keys, classes, ~in_order(keys[..., 0], keys[..., 1], keys[..., 2], strict=rule_set.strict_order),
                            (hands // 4 == Rank.ACE - 2).sum(axis=2).astype(np.int64), declared, pairs)
        if use_kernel:
            among = kernel.settle_tables(table, ready.settle).scoops
        else:
            among = _among_numpy(hands, rows, naturals, rule_set)
    return Field(tuple(cards), rule_set, seed, hands, rows, keys, classes, naturals, among)


def _solve(flat: I64, ready: Prepared, use_kernel: bool) -> tuple[I64, F64 | None, I64, I64]:
    """The solver's split of each hand: rows, the kernel's estimate of each (``None`` on the numpy path), the
    chosen chi's keys and classes."""
    if use_kernel:
        return kernel.solve_rows(flat, ready.subsets, ready.solver)
    rows = np.empty(len(flat), dtype=np.int64)
    keys = np.empty((len(flat), 3), dtype=np.int64)
    classes = np.empty((len(flat), 3), dtype=np.int64)
    for h, idx in enumerate(flat):
        hand = hand_splits([Card.from_index(int(i)) for i in idx], ready.rule_set, natural=False)
        rows[h] = solve_splits(hand, ready.tables)
        b, m, f = SPLITS[rows[h]]
        keys[h] = (hand.key5[b], hand.key5[m], hand.key3[f])
        classes[h] = (hand.class5[b], hand.class5[m], hand.class3[f])
    return rows, None, keys, classes


def _among_numpy(hands: I64, rows: I64, naturals: dict[tuple[int, int], InstantWin], rule_set: RuleSet) -> I64:
    """How many other opponents each one scoops, with :func:`maubinh.settle.settle_facts` (the numpy path)."""
    from maubinh.settle import seat_facts, settle_facts

    among = np.zeros(rows.shape, dtype=np.int64)
    for t in range(rows.shape[0]):
        table = []
        for j in range(rows.shape[1]):
            natural = naturals.get((t, j))
            table.append(natural.split if natural is not None and natural.split is not None
                         else split_arrangement(hands[t, j], int(rows[t, j])))
        facts = [seat_facts(a, rule_set, (t, j) in naturals) for j, a in enumerate(table)]
        among[t] = [len(s) for s in settle_facts(facts, rule_set).scoops]
    return among


HandValues = kernel.Hand
"""A hand's subset keys and classes (``key5, class5, key3, class3``) in its own card order."""


def hand_values(cards: Sequence[Card], rule_set: RuleSet, compiled: bool | None = None) -> HandValues:
    """The keys and classes of every subset of ``cards`` (in their order) under ``rule_set``'s straight order
    (``compiled``: the backend, :func:`~maubinh.strategy.prepared.backend`; the same values either way)."""
    idx = np.array([[c.index for c in cards]], dtype=np.int64)
    if backend(compiled):
        key5, class5, key3, class3 = kernel.value_hands(idx, prepare(rule_set).subsets)
        return key5[0], class5[0], key3[0], class3[0]
    hand = hand_splits(cards, rule_set, natural=False)
    return hand.key5, hand.class5, hand.key3, hand.class3


@cache
def _subset_index(size: int) -> dict[int, int]:
    return {sum(1 << i for i in combo): k for k, combo in enumerate(combinations(range(13), size))}


def subsets_of(cards: Sequence[Card], arrangement: Arrangement) -> tuple[int, int, int]:
    """The subset indexes (back, middle, front) of ``arrangement`` among ``cards``' subsets
    (:data:`~maubinh.strategy.vector.COMB5` / ``COMB3`` order).

    Raises:
        KeyError: if the arrangement holds other cards.
    """
    where = {card: i for i, card in enumerate(cards)}

    def mask(chi: Sequence[Card]) -> int:
        return sum(1 << where[card] for card in chi)

    return (_subset_index(5)[mask(arrangement.back)], _subset_index(5)[mask(arrangement.middle)],
            _subset_index(3)[mask(arrangement.front)])


def field_values(arrangements: Sequence[Arrangement], field: Field, compiled: bool | None = None,
                 declared: Sequence[bool] | None = None) -> tuple[I64, I64]:
    """Each arrangement of the field's hand settled against every sampled table.

    Args:
        arrangements: arrangements of the field's hand.
        field: the sampled tables.
        compiled: ``True``: the kernel (:func:`maubinh.strategy.kernel.split_totals`); ``False``:
            :func:`maubinh.settle.settle_facts` deal by deal; ``None``: the kernel when it is ready.
            The same numbers either way.
        declared: per arrangement, whether the hand's instant win (if it holds one) is declared with it
            (:func:`maubinh.settle.settle`'s ``declared``, digest §2.4); ``None``: declared with every one.

    Returns:
        ``totals (n, D)`` chi per deal, and ``lines (n, D, kernel.LINES)`` (each chi, scoop, foul,
        instant wins, aces; the opponents compared and the chi won and lost, see :data:`kernel.LINES`).

    Raises:
        ValueError: if an arrangement does not hold the field's 13 cards.
    """
    for arrangement in arrangements:
        if set(arrangement.cards) != set(field.cards):
            raise ValueError(f"arrangement {arrangement} does not hold the 13 cards given")
    flags = [True] * len(arrangements) if declared is None else [bool(flag) for flag in declared]
    if len(flags) != len(arrangements):
        raise ValueError(f"declared needs one flag per arrangement ({len(arrangements)}), got {len(flags)}")
    if not backend(compiled):
        return _field_values_numpy(arrangements, field, flags)
    held = instant_wins([field.cards], field.rule_set)[0]
    values = hand_values(field.cards, field.rule_set, True)
    aces = sum(c.rank == Rank.ACE for c in field.cards)
    totals = np.zeros((len(arrangements), field.samples), dtype=np.int64)
    lines = np.zeros((len(arrangements), field.samples, kernel.LINES), dtype=np.int64)
    for flag in sorted(set(flags)):
        rows = [k for k, f in enumerate(flags) if f == flag]
        mine = held if flag else None
        splits = np.array([subsets_of(field.cards, arrangements[k]) for k in rows], dtype=np.int64).reshape(-1, 3)
        totals[rows], lines[rows] = kernel.split_totals(splits, values, mine is not None, aces, field.against(mine),
                                                        prepare(field.rule_set).settle)
    return totals, lines


_LINE_COLUMN = {ItemKind.SCOOP: 3, ItemKind.FOUL: 4, ItemKind.BOTH_FOUL: 4, ItemKind.NATURAL: 5,
                ItemKind.NATURALS_EVEN: 5, ItemKind.ACES: 6}


def _field_values_numpy(arrangements: Sequence[Arrangement], field: Field, flags: Sequence[bool]) -> tuple[I64, I64]:
    """:func:`field_values` with :func:`maubinh.settle.settle_facts`, deal by deal (the reference)."""
    rule_set = field.rule_set
    tables = [[seat_facts(field.arrangement(t, j), rule_set, (t, j) in field.naturals) for j in range(field.opponents)]
              for t in range(field.samples)]
    totals = np.zeros((len(arrangements), field.samples), dtype=np.int64)
    lines = np.zeros((len(arrangements), field.samples, kernel.LINES), dtype=np.int64)
    for k, arrangement in enumerate(arrangements):
        mine = seat_facts(arrangement, rule_set, flags[k])
        for t, table in enumerate(tables):
            result = settle_facts([mine, *table], rule_set)
            totals[k, t] = result.totals[0]
            for pair in result.pairs:
                if pair.a != 0:
                    continue
                compared = False
                for item in pair.items:
                    if item.position is not None:
                        p = POSITIONS.index(item.position)
                        lines[k, t, p] += item.amount
                        lines[k, t, 8 + p] += item.amount > 0
                        lines[k, t, 11 + p] += item.amount < 0
                        compared = True
                    else:
                        lines[k, t, _LINE_COLUMN[item.kind]] += item.amount
                lines[k, t, 7] += compared
    return totals, lines


def best_splits(field: Field, count: int = 1, compiled: bool | None = None) -> tuple[I64, F64]:
    """The ``count`` legal splits of the field's hand with the highest mean chi against it, best first
    (ties: the lower split first).

    Every legal split is settled against every deal: with the kernel, :func:`maubinh.strategy.kernel.split_sums`
    (fast heads-up sums, or deal by deal for larger tables); otherwise the vectorised settlement of
    :mod:`maubinh.strategy.vector`. The same numbers either way.

    Returns:
        ``rows (count,)`` (rows of :data:`~maubinh.strategy.vector.SPLITS` of the hand in its order) and
        their ``means (count,)`` in chi per deal. A hand that declares an instant win is worth the same
        whatever its split: its first legal splits are returned.
    """
    use_kernel = backend(compiled)
    values = hand_values(field.cards, field.rule_set, use_kernel)
    key5, _, key3, _ = values
    legal = np.flatnonzero(in_order(key5[SPLITS[:, 0]], key5[SPLITS[:, 1]], key3[SPLITS[:, 2]],
                                    strict=field.rule_set.strict_order))
    if use_kernel:
        mine = instant_wins([field.cards], field.rule_set)[0]
        aces = sum(c.rank == Rank.ACE for c in field.cards)
        sums = kernel.split_sums(legal, values, mine is not None, aces, field.against(mine),
                                 prepare(field.rule_set).settle)
    else:
        sums = _split_sums_numpy(legal, field)
    top = np.argsort(-sums, kind="stable")[:count]
    return legal[top], sums[top] / field.samples


def _split_sums_numpy(legal: I64, field: Field) -> I64:
    from maubinh.strategy.vector import heads_up, side_of, table_totals

    rule_set = field.rule_set
    hand = hand_splits(field.cards, rule_set)
    sums = np.zeros(len(legal), dtype=np.int64)
    factor = rule_set.scoop.factor(1, 1)
    for t in range(field.samples) if field.opponents > 1 else [None]:
        deals = range(field.samples) if t is None else [t]
        table = [field.arrangement(d, j) for d in deals for j in range(field.opponents)]
        side = side_of(table, rule_set)
        nats = [field.naturals.get((d, j)) for d in deals for j in range(field.opponents)]
        aces = [sum(c.rank == Rank.ACE for c in a.cards) for a in table]
        for start in range(0, len(legal), 2000):
            rows = legal[start : start + 2000]
            result = heads_up(hand.side(rule_set, rows), hand.natural, hand.aces, side, nats, aces, rule_set)
            if t is None:
                scoop = np.where(result.win_all | result.lose_all, factor, 1)
                sums[start : start + len(rows)] += (result.compared * scoop + result.other + result.aces).sum(axis=1)
            else:
                sums[start : start + len(rows)] += table_totals(result, field.among[t].tolist(), rule_set)
    return sums


def ev_results(totals: I64, lines: I64, opponents: int) -> list[EVResult]:
    """:class:`~maubinh.strategy.results.EVResult` values from :func:`field_values`' totals and lines."""
    wins, losses = lines[:, :, 8:11].sum(axis=1), lines[:, :, 11:14].sum(axis=1)
    ties = lines[:, :, 7:8].sum(axis=1) - wins - losses
    counts = np.stack([wins, ties, losses], axis=2).astype(np.float64)
    return results_from(totals.astype(np.float64), counts, totals.shape[1] * opponents)


DECIDE_HANDS = 240
"""Opponent hands sampled for one measured declare choice by default: 240 deals against one opponent, 80 against
three (a bounded cost; the standard error is part of the answer)."""


@dataclass(frozen=True)
class Measured:
    """A declare choice measured (:func:`measure`): declaring an instant win against playing the best split out,
    on the same sampled deals.

    Attributes:
        split: the solver's best split (the heads-up tables'), the one played when not declaring.
        estimate: the tables' estimate of ``split``, chi against one opponent.
        play: expected chi per deal of playing ``split`` out.
        declared: expected chi per deal of declaring, on the same deals.
    """

    split: Arrangement
    estimate: float
    play: EVResult
    declared: EVResult

    @property
    def declare(self) -> bool:
        """Whether declaring takes at least as much per deal as playing out (digest §2.4, reading revised)."""
        return self.declared.mean >= self.play.mean


def measure(cards: Sequence[Card], rule_set: RuleSet, *, opponents: int = 1, samples: int | None = None,
            seed: int = 0) -> Measured:
    """Declaring the instant win of ``cards`` against playing their best split out, measured on the same
    ``samples`` deals of ``opponents`` opponents (default :data:`DECIDE_HANDS` // ``opponents``), the opponents set
    by the solver and declaring their own instant wins by the plain choice (so a measurement never nests). Cached
    (a bounded number of hands): :func:`declare_choice` and :func:`maubinh.strategy.decide.decide` share it.

    Raises:
        ValueError: for 1-3 opponents not given, fewer than 2 samples, or not 13 distinct cards.
    """
    return _measure(tuple(sorted(cards, reverse=True)), rule_set, opponents, measured_samples(opponents, samples),
                    seed)


def measured_samples(opponents: int, samples: int | None) -> int:
    """The deals a measurement samples: ``samples``, by default :data:`DECIDE_HANDS` // ``opponents``.

    Raises:
        ValueError: for fewer than 2.
    """
    count = max(2, DECIDE_HANDS // opponents) if samples is None else samples
    if count < 2:
        raise ValueError(f"samples must be at least 2, got {count}")
    return count


@lru_cache(maxsize=256)
def _measure(cards: tuple[Card, ...], rule_set: RuleSet, opponents: int, samples: int, seed: int) -> Measured:
    tables = prepare(rule_set).tables
    hand = hand_splits(cards, rule_set, natural=False)
    row = solve_splits(hand, tables)
    split = hand.arrangement(row)
    estimate = float(split_scores(hand, tables, [row])[0])
    use_kernel = backend()
    field = sample_field(cards, rule_set, opponents=opponents, samples=samples, seed=seed, compiled=use_kernel,
                         declare=plain_declare)
    play, declared = ev_results(*field_values([split, split], field, compiled=use_kernel, declared=[False, True]),
                                opponents)
    return Measured(split, estimate, play, declared)


def declare_choice(cards: npt.ArrayLike, natural: InstantWin, estimate: float, rule_set: RuleSet | None,
                   seats: int = 2) -> bool:
    """Whether to declare the instant win ``natural`` held by ``cards`` (13 card indexes): the solver's declare
    policy (:data:`~maubinh.strategy.search.DeclarePolicy`), the one declare rule of the engine (digest §2.4,
    reading revised: declaring is the player's choice).

    Outside :data:`~maubinh.strategy.search.DECLARE_BAND` the choice is the clear one (the amount per opponent
    against the tables' ``estimate`` of the best split, chi against one opponent). Inside it, the choice is
    measured (:func:`measure`, at this table size with its default sampled deals, so
    :func:`~maubinh.strategy.solver.solve`, the simulation and sampled opponents make the choice that
    :func:`~maubinh.strategy.decide.decide` reports). Without ``rule_set``, the plain comparison (a tie declares).
    """
    margin = DECLARE_BAND[0] + DECLARE_BAND[1] * abs(estimate)
    lead = natural.chi - estimate
    if abs(lead) > margin or rule_set is None:
        return lead >= 0
    hand = [Card.from_index(int(i)) for i in np.asarray(cards).tolist()]
    return measure(hand, rule_set, opponents=min(max(seats - 1, 1), 3)).declare
