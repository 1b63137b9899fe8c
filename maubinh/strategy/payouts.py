"""The payout table changes the right play: one hand's best split under each rule set, compared.

For each rule set, the best of every legal split is found against opponents who arrange for that rule
set (:func:`maubinh.strategy.field.best_splits` on one sample), then every rule set's best split is
settled under every rule set on another, independent sample (each rule set's own opponents), so the
table says what each split is worth under the others and what playing one rule set's split costs under
another, with its standard error (common random numbers within a rule set). :func:`find_contrast`
deals hands until two rule sets disagree on the best split by a clear margin (a lesson example and a
drill are chosen this way); :func:`settle_again` measures the same splits on other deals (the drill decides
its key on deals independent of those that chose the splits).

>>> from maubinh.cards import parse_cards
>>> from maubinh.rules import load_rule_set
>>> hand = parse_cards("As Ks Qs Js Ts 9s 9c 8s 8c 7s 7c 2c Ah")
>>> play = compare_rules(hand, [load_rule_set("chi-at"), load_rule_set("guide-2026")], samples=100, seed=1)
>>> play.worth.shape, len(play.best)
((2, 2), 2)
"""

from __future__ import annotations

import contextvars
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from maubinh.arrangement import Arrangement
from maubinh.cards import FULL_DECK, Card
from maubinh.naturals import find_instant_win
from maubinh.rules import POSITIONS, RuleSet
from maubinh.strategy.field import best_splits, field_values, sample_field
from maubinh.strategy.screen import may_hold_instant_win
from maubinh.strategy.solver import solve, solve_many
from maubinh.strategy.vector import split_arrangement

__all__ = ["PlayByRules", "compare_rules", "find_contrast", "same_split", "settle_again"]

F64 = npt.NDArray[np.float64]
_T = TypeVar("_T")


def same_split(a: Arrangement, b: Arrangement) -> bool:
    """Whether two arrangements put the same cards in each chi (the order inside a chi aside)."""
    return all(set(a.chi(p)) == set(b.chi(p)) for p in POSITIONS)


@dataclass(frozen=True, eq=False)
class PlayByRules:
    """One hand's best split under each of several rule sets, each settled under all of them.

    Attributes:
        cards: the hand.
        rule_sets: the rule sets, in order.
        best: per rule set, its best split (found on one sample of opponents set for it).
        worth: ``(R, R)``: ``worth[i, j]`` is the mean chi per deal of rule set ``i``'s best split
            settled under rule set ``j`` (against opponents set for ``j``, on an independent sample).
        cost_stderr: ``(R, R)``: the standard error of ``worth[j, j] - worth[i, j]`` (what playing rule set
            ``i``'s split costs under ``j``; the same deals).
        samples: deals per sample.
    """

    cards: tuple[Card, ...]
    rule_sets: tuple[RuleSet, ...]
    best: tuple[Arrangement, ...]
    worth: F64
    cost_stderr: F64
    samples: int

    def __eq__(self, other: object) -> bool:
        """Equal when the same hand, rule sets, splits and numbers (a stored question read back equals the one made)."""
        if not isinstance(other, PlayByRules):
            return NotImplemented
        return (self.cards, self.rule_sets, self.best, self.samples) == (
            other.cards, other.rule_sets, other.best, other.samples) and bool(
            np.array_equal(self.worth, other.worth) and np.array_equal(self.cost_stderr, other.cost_stderr))

    def __hash__(self) -> int:
        return hash((self.cards, self.rule_sets, self.best, self.samples))

    def cost(self, played: int, under: int) -> float:
        """What playing rule set ``played``'s best split costs under rule set ``under``, chi per deal."""
        return float(self.worth[under, under] - self.worth[played, under])

    def groups(self) -> list[list[int]]:
        """The rule sets grouped by the split they play (same split, same group), in order."""
        found: list[list[int]] = []
        for i, split in enumerate(self.best):
            for group in found:
                if same_split(self.best[group[0]], split):
                    group.append(i)
                    break
            else:
                found.append([i])
        return found

    @property
    def differs(self) -> bool:
        """Whether the rule sets do not all play the same split."""
        return len(self.groups()) > 1


def compare_rules(cards: Sequence[Card], rule_sets: Sequence[RuleSet], *, samples: int = 1000,
                  seed: int = 0) -> PlayByRules:
    """:class:`PlayByRules` of ``cards`` under ``rule_sets`` (sampled from ``seed``; the same seed, the same numbers).

    Raises:
        ValueError: for no rule set, or not 13 distinct cards.
    """
    if not rule_sets:
        raise ValueError("compare at least one rule set")
    hand = tuple(cards)
    return _settled(hand, rule_sets, _best_splits(hand, rule_sets, samples, seed), samples, seed)


def _best_splits(hand: tuple[Card, ...], rule_sets: Sequence[RuleSet], samples: int, seed: int) -> list[Arrangement]:
    """Each rule set's best split of ``hand`` on its own sample of opponents (:func:`compare_rules`'s first half)."""
    idx = np.array([c.index for c in hand], dtype=np.int64)

    def best(k: int, rule_set: RuleSet) -> Arrangement:
        natural = find_instant_win(hand, rule_set) if rule_set.naturals else None
        if natural is not None:  # declared: every split is worth the same; show the solver's
            return solve(hand, rule_set)
        choose = sample_field(hand, rule_set, opponents=1, samples=samples, seed=2 * (seed * 16 + k))
        rows, _ = best_splits(choose)
        return split_arrangement(idx, int(rows[0]))

    return _each(rule_sets, best)


def _each(rule_sets: Sequence[RuleSet], job: Callable[[int, RuleSet], _T]) -> list[_T]:
    """``[job(k, rule_set) for k, rule_set in enumerate(rule_sets)]``, the rule sets in threads: one's Python work
    (dealing, instant wins) runs while the kernel solves another's (1.4 of 2 cores were busy one after another).
    Each job is a function of its rule set alone, so the results are the same (each runs in a copy of the
    caller's context)."""
    if len(rule_sets) < 2:
        return [job(k, rule_set) for k, rule_set in enumerate(rule_sets)]
    with ThreadPoolExecutor(max_workers=len(rule_sets), thread_name_prefix="maubinh-rules") as pool:
        futures = [pool.submit(contextvars.copy_context().run, job, k, rule_set) for k, rule_set in enumerate(rule_sets)]
        return [future.result() for future in futures]


def _settled(hand: tuple[Card, ...], rule_sets: Sequence[RuleSet], best: list[Arrangement], samples: int,
             seed: int) -> PlayByRules:
    """Every rule set's best split settled under every rule set on other samples (:func:`compare_rules`'s second
    half)."""
    n = len(rule_sets)
    worth = np.zeros((n, n))
    stderr = np.zeros((n, n))

    def totals_under(j: int, rule_set: RuleSet) -> npt.NDArray[np.int64]:
        score = sample_field(hand, rule_set, opponents=1, samples=samples, seed=2 * (seed * 16 + j) + 1)
        return field_values(best, score)[0]

    for j, totals in enumerate(_each(rule_sets, totals_under)):
        worth[:, j] = totals.mean(axis=1)
        diffs = totals[j][None, :] - totals
        stderr[:, j] = diffs.std(axis=1, ddof=1) / np.sqrt(samples) if samples > 1 else np.inf
    return PlayByRules(hand, tuple(rule_sets), tuple(best), worth, stderr, samples)


def settle_again(play: PlayByRules, samples: int, seed: int) -> PlayByRules:
    """``play``'s splits settled again under every rule set on ``samples`` other deals (from ``seed``; use a seed
    that none of ``play``'s deals came from, and the measurement is independent of the one that chose the splits):
    the same hand, rule sets and splits, new ``worth`` and ``cost_stderr``.

    Raises:
        ValueError: for fewer than 1 sample.
    """
    if samples < 1:
        raise ValueError(f"samples must be at least 1, got {samples}")
    return _settled(play.cards, play.rule_sets, list(play.best), samples, seed)


def find_contrast(rule_sets: Sequence[RuleSet], seed: int, *, samples: int = 600, min_cost: float = 0.3,
                  tries: int = 400, alone: bool = False) -> PlayByRules:
    """Deal hands from ``seed`` until the rule sets' best splits differ and playing one's split under another
    costs at least ``min_cost`` chi per deal beyond three standard errors; the first such hand's comparison.

    With ``alone``, one rule set must also play a split no other one plays (the drill asks for it). The
    solver screens the hands first: a hand where its splits agree, or where its own estimate of the cost is
    well below ``min_cost``, is skipped without sampling.

    Raises:
        RuntimeError: if no hand in ``tries`` shows a contrast.
    """
    rng = random.Random(seed)
    for start in range(0, tries, _SCREEN_BATCH):  # dealt and screened a batch at a time: the same hands, in order
        batch = [rng.sample(FULL_DECK, 13) for _ in range(min(_SCREEN_BATCH, tries - start))]
        for offset in _screened(batch, rule_sets, min_cost, alone):
            hand, attempt = tuple(batch[offset]), seed * 1000 + start + offset
            best = _best_splits(hand, rule_sets, samples, attempt)
            # the settling's half is skipped where the splits chosen already decide: no split alone (asked for),
            # or one split for all (nothing costs anything)
            if (min_cost > 0 and _all_same(best)) or (alone and not _one_alone(best)):
                continue
            play = _settled(hand, rule_sets, best, samples, attempt)
            n = len(rule_sets)
            if any(play.cost(i, j) >= max(min_cost, 3 * play.cost_stderr[i, j]) for i in range(n) for j in range(n)):
                return play
    raise RuntimeError(f"no hand of seed {seed} shows the rule sets playing differently")  # pragma: no cover


_SCREEN_BATCH = 32
"""Hands screened together by :func:`find_contrast` (the solver's splits of a batch in one call per rule set)."""


def _all_same(splits: Sequence[Arrangement]) -> bool:
    """Whether every split puts the same cards in each chi."""
    return all(same_split(splits[0], other) for other in splits[1:])


def _one_alone(splits: Sequence[Arrangement]) -> bool:
    """Whether some split is played by no other (a group of one in :meth:`PlayByRules.groups`)."""
    return any(sum(same_split(a, b) for b in splits) == 1 for a in splits)


def _screened(batch: Sequence[list[Card]], rule_sets: Sequence[RuleSet], min_cost: float, alone: bool) -> list[int]:
    """The hands of ``batch`` (their indexes, in order) worth sampling: no instant win under any rule set, the
    solver's splits differ (one of them alone, with ``alone``), the solver's own cost estimate near ``min_cost``."""
    idx = np.array([[card.index for card in cards] for cards in batch], dtype=np.int64)
    flagged = may_hold_instant_win(idx) if any(rule_set.naturals for rule_set in rule_sets) else np.zeros(len(batch), bool)
    plain = [k for k, cards in enumerate(batch)
             if not (flagged[k] and any(rule_set.naturals and find_instant_win(cards, rule_set) for rule_set in rule_sets))]
    if not plain:
        return []
    solved_by_rules = [solve_many([batch[k] for k in plain], rule_set) for rule_set in rule_sets]
    found = []
    for position, k in enumerate(plain):
        solved = [by_rules[position] for by_rules in solved_by_rules]
        if _all_same(solved) or (alone and not _one_alone(solved)):
            continue
        if _estimated_cost(batch[k], solved, rule_sets) < 0.7 * min_cost:
            continue
        found.append(k)
    return found


def _estimated_cost(cards: Sequence[Card], solved: Sequence[Arrangement], rule_sets: Sequence[RuleSet]) -> float:
    """The largest cost of playing one rule set's solver split under another, by the solver's own tables."""
    from maubinh.strategy.solver import split_scores
    from maubinh.strategy.tables import load_tables
    from maubinh.strategy.vector import hand_splits

    worst = 0.0
    rows_in: dict[tuple[int, ...], list[int]] = {}  # by the hand's card order (the same for every rule set)
    for j, rule_set in enumerate(rule_sets):
        hand = hand_splits(cards, rule_set, natural=False)  # the screen let no instant win through
        order = tuple(hand.cards.tolist())
        if order not in rows_in:
            rows_in[order] = [_row_of(hand.cards, arrangement) for arrangement in solved]
        scores = split_scores(hand, load_tables(rule_set), rows_in[order])  # the solved splits' scores only
        worst = max(worst, *(float(scores[j] - score) for score in scores))
    return worst


def _row_of(cards: npt.NDArray[np.int64], arrangement: Arrangement) -> int:
    from maubinh.strategy.field import subsets_of
    from maubinh.strategy.vector import SPLITS

    back, middle, _ = subsets_of([Card.from_index(int(i)) for i in cards], arrangement)
    first = back * 56  # SPLITS is grouped by back, 56 rows each (checked by rule_arrays.split_columns)
    return first + int(np.flatnonzero(SPLITS[first : first + 56, 1] == middle)[0])
