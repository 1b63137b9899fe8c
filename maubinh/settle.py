"""Settling a table: each pair of players, chi by chi, with every rule that applied.

``settle`` compares every pair of players separately ("so từng nhà", digest §1)
and returns the totals per player (chi, summing to zero) and an itemised
breakdown per pair, so the UI can show which rule produced each chi.

Order of the rules within a pair (digest §2.4-2.7):

1. instant wins (mậu binh) declared, found from the 13 cards; declaring is the
   player's choice (digest §2.4, reading revised: ``declared``); a declared one
   stands even when the holder's own split fouls, one not declared is played and
   settled like any other hand;
2. fouls (binh lủng): a fouled hand pays the rule set's penalty to each
   non-fouled opponent; two fouled hands pay each other nothing;
3. otherwise chi by chi: 1 chi, or the bonus for a special hand in that chi,
   doubled (``chi-at``) when both hold the same kind of special chi (chặt chồng);
4. scoops (sập): the chi comparison total times the scooper's multiplier;
5. the ace rule (chi Át), last, for every pair.

>>> from maubinh.arrangement import Arrangement
>>> from maubinh.rules import load_rule_set
>>> x = Arrangement.parse("Ks Kd Kc 7h 7d", "Qs Qd 9c 8s 2h", "Js Jc 3d")
>>> y = Arrangement.parse("Ts Td 4c 4h 2d", "9s 9d 6c 5s 3h", "8h 7c 2c")
>>> settle([x, y], load_rule_set("guide-2026")).totals
(3, -3)
>>> settle([x, y], load_rule_set("chi-at")).totals
(6, -6)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import Enum

from maubinh.arrangement import Arrangement, hand_values, out_of_order
from maubinh.cards import Card, Rank
from maubinh.hands import Category, HandValue, evaluate
from maubinh.naturals import InstantWin, contest, find_instant_win
from maubinh.rules import (
    POSITIONS,
    AceRule,
    Bonus,
    BonusHand,
    Position,
    Provenance,
    RuleSet,
    load_rule_set,
)

__all__ = [
    "Item",
    "ItemKind",
    "PairResult",
    "SeatFacts",
    "Settlement",
    "SettlementError",
    "bonus_for",
    "compare_hands",
    "seat_facts",
    "settle",
    "settle_facts",
]


class SettlementError(ValueError):
    """Raised for a table that cannot be settled: fewer than 2 or more than 4 players, or a card dealt twice."""


class ItemKind(str, Enum):
    """What produced one line of a pair's breakdown."""

    CHI = "chi"
    """A plain chi: won (1 chi), lost, or tied (0)."""
    BONUS = "bonus"
    """A chi won with a special hand: the bonus table's amount instead of 1."""
    CLASH = "clash"
    """Chặt chồng: a special chi won against the same kind, bonus multiplied."""
    NATURAL = "natural"
    """An instant win (mậu binh / tới trắng) against a hand without a higher one."""
    NATURALS_EVEN = "naturals_even"
    """Both hold instant wins that are not compared, or tie: 0."""
    FOUL = "foul"
    """Binh lủng: the fouled hand pays the penalty."""
    BOTH_FOUL = "both_foul"
    """Both hands fouled: 0 between them."""
    SCOOP = "scoop"
    """Sập: what the scooper took in the chi comparison is multiplied; this line is the extra."""
    ACES = "aces"
    """The ace rule (chi Át): 1 chi per ace more than the opponent."""


@dataclass(frozen=True)
class Item:
    """One line of a pair's breakdown, from the first player's side of the pair.

    Attributes:
        kind: the :class:`ItemKind`.
        amount: chi won by the pair's first player (negative when paid).
        position: the chi concerned, for CHI / BONUS / CLASH lines.
        bonus: the special hand that was paid (BONUS, CLASH).
        naturals: the instant wins of the pair's two players (NATURAL, NATURALS_EVEN).
        factor: the scoop multiplier (SCOOP) or the chặt chồng multiplier (CLASH).
        aces: the ace counts of the two players as counted (ACES).
        hands: the two players' values for ``position``.
        provenance: the rule-set entry that produced the line.
    """

    kind: ItemKind
    amount: int
    position: Position | None = None
    bonus: BonusHand | None = None
    naturals: tuple[InstantWin | None, InstantWin | None] | None = None
    factor: int = 1
    aces: tuple[int, int] | None = None
    hands: tuple[HandValue, HandValue] | None = None
    provenance: Provenance | None = None

    def flipped(self) -> Item:
        """The same line seen from the other player."""
        return replace(
            self,
            amount=-self.amount,
            naturals=None if self.naturals is None else (self.naturals[1], self.naturals[0]),
            aces=None if self.aces is None else (self.aces[1], self.aces[0]),
            hands=None if self.hands is None else (self.hands[1], self.hands[0]),
        )


@dataclass(frozen=True)
class PairResult:
    """Everything settled between players ``a`` and ``b``, seen from ``a``.

    Attributes:
        a, b: seat indexes.
        items: the breakdown, in the order the rules applied.
        total: chi ``a`` wins from ``b`` (negative when ``a`` pays); the sum of the items.
        scooped: ``"a"`` when ``a`` won all three chi, ``"b"`` when ``b`` did, else ``None``.
    """

    a: int
    b: int
    items: tuple[Item, ...]
    scooped: str | None = None
    total: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", sum(item.amount for item in self.items))

    def flipped(self) -> PairResult:
        """The same result seen from ``b``."""
        scooped = {"a": "b", "b": "a"}.get(self.scooped or "")
        return PairResult(self.b, self.a, tuple(i.flipped() for i in self.items), scooped)

    def chi_results(self) -> dict[Position, int]:
        """Per position: +1 when ``a`` won that chi, -1 when it lost, 0 tie (only where chi were compared)."""
        return {
            item.position: (item.amount > 0) - (item.amount < 0)
            for item in self.items
            if item.position is not None
        }


@dataclass(frozen=True)
class Settlement:
    """The result of :func:`settle`.

    Attributes:
        totals: chi per seat, summing to zero.
        pairs: one :class:`PairResult` per pair ``a < b``.
        fouls: per seat, whether the arrangement is binh lủng.
        naturals: per seat, the instant win declared, or ``None``.
        values: per seat, the value of each chi.
        scoops: per seat, the seats it scooped.
    """

    totals: tuple[int, ...]
    pairs: tuple[PairResult, ...]
    fouls: tuple[bool, ...]
    naturals: tuple[InstantWin | None, ...]
    values: tuple[dict[Position, HandValue], ...]
    scoops: tuple[tuple[int, ...], ...]

    def pair(self, a: int, b: int) -> PairResult:
        """The result between seats ``a`` and ``b`` seen from ``a``.

        Raises:
            KeyError: if ``a == b`` or either is not a seat.
        """
        for result in self.pairs:
            if (result.a, result.b) == (a, b):
                return result
            if (result.a, result.b) == (b, a):
                return result.flipped()
        raise KeyError(f"no pair ({a}, {b}) among {len(self.totals)} seats")


def compare_hands(a: Sequence[Card], b: Sequence[Card], rule_set: RuleSet) -> int:
    """Compare two chi under ``rule_set``'s straight order.

    Args:
        a, b: 3 or 5 cards each (a 3-card front may be compared with a 5-card hand).

    Returns:
        1 if ``a`` is stronger, -1 if ``b`` is, 0 for a tie (suits never break ties).

    Raises:
        HandSizeError: for a hand that is not 3 or 5 distinct cards.

    >>> from maubinh.cards import parse_cards as p
    >>> from maubinh.rules import load_rule_set
    >>> compare_hands(p("As 2d 3c 4h 5s"), p("9s Td Jc Qh Ks"), load_rule_set("chi-at"))
    1
    >>> compare_hands(p("As 2d 3c 4h 5s"), p("9s Td Jc Qh Ks"), load_rule_set("luckywin"))
    -1
    """
    va, vb = evaluate(a, rule_set.wheel), evaluate(b, rule_set.wheel)
    return (va > vb) - (va < vb)


def bonus_for(value: HandValue, position: Position, rule_set: RuleSet) -> Bonus | None:
    """The bonus-table entry a hand earns in ``position`` when its chi wins, or ``None`` (digest §2.3).

    The most specific entry wins: four aces before four of a kind, 10-J-Q-K-A
    or A-2-3-4-5 straight flushes before plain straight flushes.
    """
    for hand in _bonus_candidates(value):
        entry = rule_set.bonus(hand, position)
        if entry is not None:
            return entry
    return None


def _bonus_candidates(value: HandValue) -> tuple[BonusHand, ...]:
    aces = value.ranks[0] == Rank.ACE
    if value.category is Category.THUNG_PHA_SANH:
        if value.is_broadway:
            return (BonusHand.THUNG_PHA_SANH_THUONG, BonusHand.THUNG_PHA_SANH)
        if value.is_wheel:
            return (BonusHand.THUNG_PHA_SANH_HA, BonusHand.THUNG_PHA_SANH)
        return (BonusHand.THUNG_PHA_SANH,)
    if value.category is Category.TU_QUY:
        return (BonusHand.TU_QUY_A, BonusHand.TU_QUY) if aces else (BonusHand.TU_QUY,)
    if value.category is Category.CU_LU:
        return (BonusHand.CU_LU,)
    if value.category is Category.SAM_CO:
        return (BonusHand.SAM_CO_A, BonusHand.SAM_CO) if aces else (BonusHand.SAM_CO,)
    return ()


@dataclass(frozen=True)
class SeatFacts:
    """What settlement needs to know of one seat, computed once (see :func:`seat_facts`).

    Attributes:
        arrangement: the seat's arrangement.
        values: the value of each chi under the rule set's wheel order.
        foul: whether the arrangement is binh lủng.
        natural: the instant win declared, or ``None``.
        aces: the number of aces in the 13 cards.
    """

    arrangement: Arrangement
    values: dict[Position, HandValue]
    foul: bool
    natural: InstantWin | None
    aces: int


def seat_facts(arrangement: Arrangement, rule_set: RuleSet, declare: bool = True) -> SeatFacts:
    """Evaluate one seat for :func:`settle_facts`: chi values, foul, instant win and aces.

    With ``declare`` False the seat does not declare an instant win it holds (``natural`` is ``None``):
    it is settled on its split like any other hand.
    """
    values = hand_values(arrangement, rule_set.wheel)
    return SeatFacts(
        arrangement,
        values,
        out_of_order(values, strict=rule_set.strict_order) is not None,
        find_instant_win(arrangement.cards, rule_set) if declare and rule_set.naturals else None,
        sum(card.rank == Rank.ACE for card in arrangement.cards),
    )


def settle(
    arrangements: Sequence[Arrangement], rule_set: RuleSet | str, declared: Sequence[bool] | None = None
) -> Settlement:
    """Settle a table of 2-4 players under ``rule_set``.

    Args:
        arrangements: one :class:`~maubinh.arrangement.Arrangement` per seat.
        rule_set: the rules (bonuses, instant wins, scoops, aces, fouls), or a source id.
        declared: per seat, whether it declares the instant win it holds (báo mậu binh). Declaring is
            the player's choice (digest §2.4, reading revised): a seat that does not declare is settled
            on its split like any other hand, and may then foul. ``None`` declares every instant win
            found. A seat without an instant win is settled the same either way.

    Returns:
        A :class:`Settlement`: totals in chi per seat (summing to zero) and the
        itemised breakdown per pair. Seats that won all three chi are recorded
        as scoops only where the rule set has a scoop rule; ``naturals`` holds the
        instant wins declared.

    Raises:
        SettlementError: for fewer than 2 or more than 4 seats, a card held by two seats, or a
            ``declared`` of another length than ``arrangements``.
        UnknownRuleSetError: for an unknown rule-set id.
        TypeError: for a ``rule_set`` that is neither a :class:`RuleSet` nor a text, naming what it got.

    Twelve black cards and a red one (9 chi each opponent under ``chi-at``), or a royal flush played out:

    >>> from maubinh.arrangement import Arrangement
    >>> twelve_black = Arrangement.parse("As Ks Qs Js Ts", "9s 9c 8s 8c 2c", "Ah 7s 7c")
    >>> other = Arrangement.parse("Kd Kc 5d 5c 3d", "Qh Qc 6d 6h 4h", "Jd 3h 2d")
    >>> settle([twelve_black, other], "chi-at").totals, settle([twelve_black, other], "chi-at", [False, True]).totals
    ((11, -11), (12, -12))
    """
    if isinstance(rule_set, str):
        rule_set = load_rule_set(rule_set)
    if not isinstance(rule_set, RuleSet):
        raise TypeError(f"rule_set must be a RuleSet or a rule-set id, got {type(rule_set).__name__}")
    n = len(arrangements)
    if not 2 <= n <= 4:
        raise SettlementError(f"a table has 2-4 players, got {n}")
    if declared is not None and len(declared) != n:
        raise SettlementError(f"declared needs one flag per seat ({n}), got {len(declared)}")
    seen: dict[Card, int] = {}
    for seat, arrangement in enumerate(arrangements):
        for card in arrangement.cards:
            if card in seen:
                raise SettlementError(f"card {card.pretty} is held by seat {seen[card] + 1} and seat {seat + 1}")
            seen[card] = seat
    flags = [True] * n if declared is None else [bool(flag) for flag in declared]
    return settle_facts([seat_facts(arr, rule_set, flag) for arr, flag in zip(arrangements, flags)], rule_set)


def settle_facts(facts: Sequence[SeatFacts], rule_set: RuleSet) -> Settlement:
    """Settle seats already evaluated by :func:`seat_facts` (no card checks: use :func:`settle` for input).

    Lets a caller that settles one seat against many others (expected-value
    estimates) evaluate each seat once.
    """
    n = len(facts)
    seats = range(n)
    pairs = [(a, b) for a in seats for b in seats if a < b]
    base = {(a, b): _compare_pair(facts[a], facts[b], rule_set) for a, b in pairs}

    scoops: list[list[int]] = [[] for _ in seats]
    for (a, b), (_, scooped) in base.items():
        if scooped == "a":
            scoops[a].append(b)
        elif scooped == "b":
            scoops[b].append(a)

    results: list[PairResult] = []
    for a, b in pairs:
        items, scooped = base[(a, b)]
        if scooped is not None:
            winner = a if scooped == "a" else b
            factor = rule_set.scoop.factor(len(scoops[winner]), n - 1)
            if factor != 1:
                subtotal = sum(item.amount for item in items)
                items.append(
                    Item(ItemKind.SCOOP, subtotal * (factor - 1), factor=factor,
                         provenance=rule_set.scoop.provenance)
                )
        if rule_set.ace_rule is not AceRule.NONE:
            counts = (
                _aces_counted(facts[a].aces, items, +1, rule_set),
                _aces_counted(facts[b].aces, items, -1, rule_set),
            )
            items.append(
                Item(ItemKind.ACES, (counts[0] - counts[1]) * rule_set.chi_win, aces=counts,
                     provenance=rule_set.provenance["aces"])
            )
        results.append(PairResult(a, b, tuple(items), scooped))

    totals = [0] * n
    for result in results:
        totals[result.a] += result.total
        totals[result.b] -= result.total
    return Settlement(
        tuple(totals),
        tuple(results),
        tuple(f.foul for f in facts),
        tuple(f.natural for f in facts),
        tuple(f.values for f in facts),
        tuple(tuple(s) for s in scoops),
    )


def _compare_pair(fa: SeatFacts, fb: SeatFacts, rule_set: RuleSet) -> tuple[list[Item], str | None]:
    """The items before scoops and aces, and who scooped whom (``"a"``, ``"b"`` or ``None``)."""
    if fa.natural is not None or fb.natural is not None:
        return [_natural_item(fa.natural, fb.natural, rule_set)], None
    if fa.foul and fb.foul:
        return [Item(ItemKind.BOTH_FOUL, 0, provenance=rule_set.provenance["foul"])], None
    if fa.foul or fb.foul:
        sign = -1 if fa.foul else 1
        return [Item(ItemKind.FOUL, sign * rule_set.foul_price, provenance=rule_set.provenance["foul"])], None

    items = [_chi_item(fa.values[p], fb.values[p], p, rule_set) for p in POSITIONS]
    if not rule_set.scoop.active:
        return items, None
    signs = {(item.amount > 0) - (item.amount < 0) for item in items}
    scooped = "a" if signs == {1} else "b" if signs == {-1} else None
    return items, scooped


def _chi_item(va: HandValue, vb: HandValue, position: Position, rule_set: RuleSet) -> Item:
    hands = (va, vb)
    if va == vb:
        return Item(ItemKind.CHI, 0, position, hands=hands, provenance=rule_set.provenance["chi_win"])
    sign = 1 if va > vb else -1
    winner, loser = (va, vb) if sign > 0 else (vb, va)
    entry = bonus_for(winner, position, rule_set)
    if entry is None:
        return Item(ItemKind.CHI, sign * rule_set.chi_win, position, hands=hands,
                    provenance=rule_set.provenance["chi_win"])
    other = bonus_for(loser, position, rule_set)
    if rule_set.bonus_clash != 1 and other is not None and other.hand.family is entry.hand.family:
        return Item(ItemKind.CLASH, sign * entry.chi * rule_set.bonus_clash, position, entry.hand,
                    factor=rule_set.bonus_clash, hands=hands, provenance=rule_set.provenance["bonus_clash"])
    return Item(ItemKind.BONUS, sign * entry.chi, position, entry.hand, hands=hands,
                provenance=entry.provenance)


def _natural_item(nat_a: InstantWin | None, nat_b: InstantWin | None, rule_set: RuleSet) -> Item:
    pair = (nat_a, nat_b)
    if nat_a is None or nat_b is None:
        winner = nat_a or nat_b
        assert winner is not None
        sign = 1 if nat_a is not None else -1
        return Item(ItemKind.NATURAL, sign * winner.chi, naturals=pair, provenance=winner.rule.provenance)
    provenance = rule_set.provenance["naturals"]
    sign = contest(nat_a, nat_b, rule_set)
    if sign == 0:
        return Item(ItemKind.NATURALS_EVEN, 0, naturals=pair, provenance=provenance)
    winner = nat_a if sign > 0 else nat_b
    return Item(ItemKind.NATURAL, sign * winner.chi, naturals=pair, provenance=provenance)


def _aces_counted(aces: int, items: Sequence[Item], side: int, rule_set: RuleSet) -> int:
    """Aces counted for one player of a pair; ``side`` is +1 for the pair's ``a``, -1 for ``b``.

    ``tinh-chi``: four aces already paid as a bonus in this pair do not count again.
    """
    if rule_set.exclude_bonus_four_aces and any(
        item.bonus is BonusHand.TU_QUY_A and item.amount * side > 0 for item in items
    ):
        aces -= 4
    return aces
