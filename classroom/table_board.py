"""The board of a table session as numbers (no database, no Streamlit): how the class split each deal, the best
split, each learner's chi lost, and a ranking by chi lost (skill), not by what the cards paid (luck).

Pure functions of what :class:`classroom.tables.TableSessions` returns, so the board is the same on every
server and can be checked by hand. A split's expected chi is the same for everyone who chose it (it is
scored on the deal's one set of sampled tables, :func:`maubinh.play.study`).

A hand the learner did not make is never ranked as theirs (issue 31): Xếp bài's is left out of the ranking and of
chi lost; a timed-out hand whose split was not complete and legal counts its charge (what binh lủng costs against
the best split) and is a play of its own in the deal's rows, apart from the solver's split the table played.
Each learner's chi lost has its standard error (the hands' errors added in quadrature, the deals being sampled
independently), and learners whose difference is inside the noise (:func:`level_with`: within
:data:`maubinh.bands.NOISE_SIGMAS` standard errors, or within the "best" band, 0.05 chi) share a place
(:attr:`RankRow.place`).

>>> from datetime import datetime, UTC
>>> from maubinh.arrangement import Arrangement
>>> t = datetime(2026, 1, 1, tzinfo=UTC)
>>> a = Arrangement.parse("As Ks Qs Js Ts", "9h 9d 9c 4h 4d", "7c 7s 2d")
>>> b = Arrangement.parse("9h 9d 9c 4h 4d", "As Ks Qs Js Ts", "7c 7s 2d")
>>> people = [LearnerInfo("l1", "c", "Lan", t, None), LearnerInfo("l2", "c", "Minh", t, None)]
>>> hands = [StoredHand(1, "l1", 1, a, False, 20.0, 3.5, a, False, 3.5, 0.0, 0.0, 6, t),
...          StoredHand(1, "l2", 1, b, False, 31.0, -2.0, a, False, 3.5, 5.5, 0.4, -6, t)]
>>> result = table_board(people, 2, hands)
>>> [(s.count, s.expected, s.best) for s in result.deals[0].splits]
[(1, 3.5, True), (1, -2.0, False)]
>>> [(r.place, r.name, r.chi_lost, r.actual) for r in result.ranking]
[(1, 'Lan', 0.0, 6), (2, 'Minh', 5.5, -6)]
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from classroom.board import graded_cells
from classroom.service import LearnerInfo
from classroom.tables import StoredHand
from maubinh.arrangement import Arrangement
from maubinh.bands import level_with
from maubinh.play import Origin

__all__ = ["DealRow", "RankRow", "SplitRow", "TableBoard", "export_rows", "level_with", "placed", "summary_rows", "table_board"]


@dataclass(frozen=True)
class SplitRow:
    """One distinct play of a deal: the split, declared or not, how many chose it, its expected chi (chi per
    deal at this table), the chi it loses against the best play, and whether it is the best play. ``missed``:
    the timer played the solver's split for these learners (no complete, legal split of theirs): ``expected``
    and ``chi_lost`` are binh lủng's, the charge of the miss."""

    arrangement: Arrangement
    declared: bool
    count: int
    expected: float
    chi_lost: float
    best: bool
    missed: bool = False


@dataclass(frozen=True)
class DealRow:
    """How the class played deal ``number``: its distinct plays (most chosen first, then the best expected
    chi), the best play (``None`` before anyone played), each learner's chi lost."""

    number: int
    played: int
    splits: tuple[SplitRow, ...]
    best: Arrangement | None
    best_declared: bool
    best_expected: float | None
    chi_lost: Mapping[str, float]

    @property
    def mean_chi_lost(self) -> float | None:
        """Mean chi lost over the learners who played it (``None`` before anyone)."""
        return sum(self.chi_lost.values()) / len(self.chi_lost) if self.chi_lost else None


@dataclass(frozen=True)
class RankRow:
    """One learner over the session: hands graded (all but Xếp bài's), chi lost (the sum of their gaps to the
    best play) with its standard error, chi won or paid at the table (the settlements: luck and skill together),
    seconds, hands the timer ran out on, and the learner's place (learners level within the noise share one)."""

    learner_id: str
    name: str
    hands: int
    chi_lost: float
    actual: int
    seconds: float
    chi_lost_stderr: float = 0.0
    timed_out: int = 0
    place: int = 0

    @property
    def mean_chi_lost(self) -> float | None:
        """Chi lost per hand (``None`` before any)."""
        return self.chi_lost / self.hands if self.hands else None


@dataclass(frozen=True)
class TableBoard:
    """The whole board: deals in order, the ranking (least chi lost first; learners who played nothing
    last), and every hand by learner and deal."""

    deals: tuple[DealRow, ...]
    ranking: tuple[RankRow, ...]
    by_learner: Mapping[str, Mapping[int, StoredHand]]

    @property
    def played(self) -> int:
        """Hands stored (of the learners on the board, Xếp bài's too)."""
        return sum(len(mine) for mine in self.by_learner.values())


def _deal_row(number: int, hands: Sequence[StoredHand]) -> DealRow:
    if not hands:
        return DealRow(number, 0, (), None, False, None, {})
    first = hands[0]
    groups: dict[tuple[str, bool, bool], list[StoredHand]] = {}
    for hand in hands:
        groups.setdefault((str(hand.arrangement), hand.declared, hand.origin is Origin.TIMER_SOLVER), []).append(hand)
    best_key = (str(first.best), first.best_declared, False)
    splits = [SplitRow(group[0].arrangement, group[0].declared, len(group), group[0].expected, group[0].chi_lost,
                       key == best_key, key[2]) for key, group in groups.items()]
    splits.sort(key=lambda s: (-s.count, -s.expected, str(s.arrangement)))
    return DealRow(number, len(hands), tuple(splits), first.best, first.best_declared, first.best_expected,
                   {hand.learner_id: hand.chi_lost for hand in hands if hand.graded})


def _rank_row(learner_id: str, name: str, mine: Sequence[StoredHand]) -> RankRow:
    graded = [h for h in mine if h.graded]
    return RankRow(learner_id, name, len(graded), sum(h.chi_lost for h in graded), sum(h.actual for h in mine),
                   sum(h.seconds for h in mine), math.sqrt(sum(h.chi_lost_stderr ** 2 for h in graded)),
                   sum(1 for h in mine if h.origin.timed_out))


def placed(rows: Sequence[RankRow]) -> list[RankRow]:
    """``rows`` in ranking order (least chi lost first, learners with no graded hand last) with their places:
    a learner whose chi lost is within the noise of the first of the group above (:func:`level_with`, the two
    standard errors added in quadrature) shares its place;
    otherwise the place is the learner's position (1, 1, 3...). Learners with no graded hand get no place (0).

    >>> from datetime import datetime, UTC
    >>> rows = [RankRow("a", "A", 2, 1.0, 0, 0.0, 0.3), RankRow("b", "B", 2, 1.4, 0, 0.0, 0.3),
    ...         RankRow("c", "C", 2, 3.0, 0, 0.0, 0.1), RankRow("d", "D", 0, 0.0, 0, 0.0)]
    >>> [(r.name, r.place) for r in placed(rows)]
    [('A', 1), ('B', 1), ('C', 3), ('D', 0)]
    """
    ordered = sorted(rows, key=lambda r: (r.hands == 0, r.chi_lost, -r.hands))
    found: list[RankRow] = []
    leader: RankRow | None = None
    for position, row in enumerate(ordered, start=1):
        if row.hands == 0:
            found.append(row)
            continue
        level = leader is not None and level_with(
            row.chi_lost - leader.chi_lost, math.hypot(row.chi_lost_stderr, leader.chi_lost_stderr))
        if not level:
            leader = replace(row, place=position)
        assert leader is not None
        found.append(replace(row, place=leader.place))
    return found


def table_board(learners: Sequence[LearnerInfo], deals: int, hands: Sequence[StoredHand]) -> TableBoard:
    """The board of a session of ``deals`` deals from its learners and the hands stored.

    Hands of learners not in ``learners`` (removed ones, when the caller leaves them out) are ignored.
    """
    names = {learner.id: learner.name for learner in learners}
    by_learner: dict[str, dict[int, StoredHand]] = {learner.id: {} for learner in learners}
    per_deal: dict[int, list[StoredHand]] = {n: [] for n in range(1, deals + 1)}
    for hand in hands:
        if hand.learner_id in names and hand.number in per_deal:
            by_learner[hand.learner_id][hand.number] = hand
            per_deal[hand.number].append(hand)
    ranking = placed([_rank_row(lid, names[lid], list(mine.values())) for lid, mine in by_learner.items()])
    return TableBoard(tuple(_deal_row(n, per_deal[n]) for n in sorted(per_deal)), tuple(ranking), by_learner)


def export_rows(result: TableBoard) -> list[dict[str, Any]]:
    """One row per learner x deal (deals not played too, their cells empty): what the CSV export holds,
    language-free (splits as card text, back | middle | front)."""
    names = {row.learner_id: row.name for row in result.ranking}
    rows = []
    for learner_id, name in names.items():
        mine = result.by_learner.get(learner_id, {})
        for deal in result.deals:
            hand = mine.get(deal.number)
            rows.append({
                "learner": name,
                "deal": deal.number,
                "split": "" if hand is None else str(hand.arrangement),
                "declared": None if hand is None else hand.declared,
                "origin": "" if hand is None else hand.origin.value,
                "expected_chi": None if hand is None else round(hand.expected, 4),
                "best_split": "" if deal.best is None else str(deal.best),
                "best_declared": None if deal.best is None else deal.best_declared,
                "best_expected_chi": None if deal.best_expected is None else round(deal.best_expected, 4),
                "chi_lost": None if hand is None else round(hand.chi_lost, 4),
                "chi_lost_stderr": None if hand is None else round(hand.chi_lost_stderr, 4),
                "band": None if hand is None or not hand.graded else hand.grade.band,
                "chi_at_table": None if hand is None else hand.actual,
                "seconds": None if hand is None else round(hand.seconds, 1),
                "played_at": None if hand is None else hand.played_at,
            })
    return rows


def summary_rows(result: TableBoard) -> list[dict[str, Any]]:
    """One row per learner (ranking order) for the CSV's summary: ``learner``, ``place`` (``None``: nothing graded),
    ``hands`` played of ``deals``, ``good_hands`` (graded hands at :data:`maubinh.bands.ERROR_BAND` or better: not an
    error), :func:`classroom.board.graded_cells` over the graded hands (Xếp bài's left out), ``timed_out`` and
    ``chi_at_table``; language-free."""
    rows = []
    for rank in result.ranking:
        mine = list(result.by_learner.get(rank.learner_id, {}).values())
        graded = [hand for hand in mine if hand.graded]
        rows.append({"learner": rank.name, "place": rank.place or None, "hands": len(mine), "deals": len(result.deals),
                     "good_hands": sum(1 for hand in graded if not hand.grade.error),
                     **graded_cells([hand.chi_lost for hand in graded]),
                     "timed_out": rank.timed_out, "chi_at_table": rank.actual})
    return rows
