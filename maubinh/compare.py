"""How the rule sets differ: a side-by-side table built from the rule-set data and the engine.

:func:`differences` turns any rule sets (the four sources, or house rules) into rows of cells, one
cell per rule set, each with the value the engine uses and the :class:`~maubinh.rules.Provenance`
it comes from, so a reading of an unclear source or a house default can be marked where it is shown
(digest §2). Nothing is copied by hand: names, the wheel, fouls, scoops, chặt chồng, bonuses (as
:func:`maubinh.settle.bonus_for` pays them), instant wins and the ace rule are all read from the
rule sets, so the table cannot drift from what the engine does.

>>> from maubinh.rules import RULE_SET_IDS, load_rule_set
>>> rows = differences([load_rule_set(i) for i in RULE_SET_IDS])
>>> foul = next(row for row in rows if row.topic is Topic.FOUL)
>>> [cell.value for cell in foul.cells], foul.differs
([3, 3, 3, 6], True)
>>> [cell.house_default for cell in foul.cells]
[False, True, True, False]
>>> ha_back = bonus_row(rows, BonusHand.THUNG_PHA_SANH_HA, Position.BACK)
>>> [(cell.value, cell.via) for cell in ha_back.cells][:3]
[(5, <BonusHand.THUNG_PHA_SANH: 'thung_pha_sanh'>), (5, <BonusHand.THUNG_PHA_SANH: 'thung_pha_sanh'>), (7, None)]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

from maubinh.cards import parse_cards
from maubinh.hands import WheelRank, evaluate
from maubinh.rules import (
    POSITIONS,
    AceRule,
    BonusHand,
    NaturalPattern,
    NaturalsVersus,
    Position,
    Provenance,
    RuleSet,
    SeveralPatterns,
)
from maubinh.settle import bonus_for

__all__ = [
    "CANONICAL_BONUS_HANDS",
    "Cell",
    "CellValue",
    "Row",
    "Topic",
    "bonus_row",
    "differences",
    "effective_bonus",
]


class Topic(str, Enum):
    """What a row of the comparison is about (the digest section in brackets)."""

    NAME = "name"
    """The rule set's name for one position (§2.1); the row's ``position`` says which."""
    ORDER = "order"
    """Whether a back equal to the middle is binh lủng (§1, reading revised again): ``False`` in every
    source; ``True`` under a house's strict order (:attr:`~maubinh.rules.RuleSet.strict_order`)."""
    WHEEL = "wheel"
    """Where A-2-3-4-5 ranks (§2.2)."""
    FOUL = "foul"
    """Chi a binh lủng hand pays each opponent (§2.7)."""
    SCOOP = "scoop"
    """Scoop multipliers for 1, 2, 3 opponents scooped, and the extra for scooping everyone (§2.5)."""
    CLASH = "clash"
    """Chặt chồng factor: both hold the same kind of special chi (§2.3); 1 = no such rule."""
    BONUS = "bonus"
    """Chi taken by a special hand winning its chi (§2.3); the row's ``hand`` and ``position`` say which."""
    NATURAL = "natural"
    """Chi taken by an instant win (§2.4), ``None`` where the rule set does not know the pattern."""
    NATURALS_VERSUS = "naturals_versus"
    """What two instant wins do against each other (§2.4)."""
    SEVERAL_PATTERNS = "several_patterns"
    """Which one pattern a hand matching several instant wins is (§2.4, reading December 2026)."""
    ACES = "aces"
    """The ace rule, chi Át (§2.6)."""
    ACES_FOUR_EXCLUDED = "aces_four_excluded"
    """Whether four aces already paid as a bonus are left out of the ace count (§2.6, ``tinh-chi``)."""


CellValue = (
    int | bool | None | WheelRank | NaturalsVersus | SeveralPatterns | AceRule | tuple[int, int, int, int]
    | Mapping[str, str]
)
"""A cell's value; its type follows the row's :class:`Topic`:

NAME: the names by language (``{"vi": ..., "en": ...}``); ORDER: bool (strict: an equal back and middle foul);
WHEEL: :class:`~maubinh.hands.WheelRank`;
FOUL, CLASH, BONUS: chi (int); SCOOP: ``(x1, x2, x3, sweep)``; NATURAL: chi or ``None``;
NATURALS_VERSUS: :class:`~maubinh.rules.NaturalsVersus`; SEVERAL_PATTERNS: :class:`~maubinh.rules.SeveralPatterns`;
ACES: :class:`~maubinh.rules.AceRule`;
ACES_FOUR_EXCLUDED: bool.
"""


@dataclass(frozen=True)
class Cell:
    """One rule set's value in one row.

    Attributes:
        rule_set_id: the rule set's id.
        value: the value the engine uses (see :data:`CellValue`).
        provenance: where it comes from, or ``None`` where the rule set has no entry (a hand that is
            not special, an instant win the source does not list).
        via: BONUS rows only: the more general entry the hand is paid as (e.g. A-2-3-4-5 straight
            flush paid as any straight flush), ``None`` when it has its own entry or none.
        special: BONUS rows only: ``False`` when the hand earns no bonus there (an ordinary chi).
    """

    rule_set_id: str
    value: CellValue
    provenance: Provenance | None
    via: BonusHand | None = None
    special: bool = True

    @property
    def reading(self) -> bool:
        """True when the value rests on the project's reading of an unclear source."""
        return self.provenance is not None and self.provenance.reading is not None

    @property
    def house_default(self) -> bool:
        """True when the source leaves the value to the table and this is the editable default."""
        return self.provenance is not None and self.provenance.house_default


@dataclass(frozen=True)
class Row:
    """One line of the comparison: a :class:`Topic` (and, for some, a hand, position or pattern).

    Attributes:
        topic: what the row is about.
        cells: one :class:`Cell` per rule set, in the order the rule sets were given.
        position: NAME and BONUS rows: the chi concerned.
        hand: BONUS rows: the special hand.
        pattern: NATURAL rows: the instant win.
    """

    topic: Topic
    cells: tuple[Cell, ...]
    position: Position | None = None
    hand: BonusHand | None = None
    pattern: NaturalPattern | None = None

    @property
    def differs(self) -> bool:
        """True when the rule sets do not all agree on this row's value."""
        values = [_comparable(cell.value) for cell in self.cells]
        return any(value != values[0] for value in values[1:])

    def cell(self, rule_set_id: str) -> Cell:
        """The cell of the rule set ``rule_set_id``; ``KeyError`` if it is not in the row."""
        for cell in self.cells:
            if cell.rule_set_id == rule_set_id:
                return cell
        raise KeyError(rule_set_id)


def _comparable(value: CellValue) -> object:
    return dict(value) if isinstance(value, Mapping) else value


CANONICAL_BONUS_HANDS: Mapping[BonusHand, str] = {
    BonusHand.THUNG_PHA_SANH_THUONG: "As Ks Qs Js Ts",
    BonusHand.THUNG_PHA_SANH_HA: "5h 4h 3h 2h Ah",
    BonusHand.THUNG_PHA_SANH: "9d 8d 7d 6d 5d",
    BonusHand.TU_QUY_A: "As Ah Ad Ac Ks",
    BonusHand.TU_QUY: "9s 9h 9d 9c 2s",
    BonusHand.CU_LU: "Ks Kh Kd 2c 2s",
    BonusHand.SAM_CO_A: "As Ah Ad",
    BonusHand.SAM_CO: "9s 9h 9d",
}
"""One hand of each special kind, valued by the engine to find what each rule set pays it."""


def effective_bonus(rule_set: RuleSet, hand: BonusHand, position: Position) -> Cell:
    """What ``hand`` takes from each opponent when it wins its chi in ``position`` under ``rule_set``.

    The amount comes from :func:`maubinh.settle.bonus_for` on :data:`CANONICAL_BONUS_HANDS`, so the
    general entry pays where the rule set has no specific one (``via``), and a hand with no entry
    at all wins an ordinary chi (``special=False``, ``chi_win``).

    >>> from maubinh.rules import load_rule_set
    >>> effective_bonus(load_rule_set("guide-2026"), BonusHand.TU_QUY_A, Position.MIDDLE).value
    8
    >>> cell = effective_bonus(load_rule_set("chi-at"), BonusHand.CU_LU, Position.BACK)
    >>> cell.value, cell.special
    (1, False)
    """
    value = evaluate(parse_cards(CANONICAL_BONUS_HANDS[hand]), rule_set.wheel)
    entry = bonus_for(value, position, rule_set)
    if entry is None:
        return Cell(rule_set.id, rule_set.chi_win, rule_set.provenance.get("chi_win"), special=False)
    via = entry.hand if entry.hand is not hand else None
    return Cell(rule_set.id, entry.chi, entry.provenance, via=via)


def differences(rule_sets: Sequence[RuleSet]) -> tuple[Row, ...]:
    """The comparison table of ``rule_sets``, topic by topic in the digest's order.

    Rows: the three chi names, the order rule (whether an equal back and middle foul: the strict order, a house
    option), the wheel, the foul penalty, the scoop, chặt chồng, one row per
    (special hand, position) that any of the rule sets lists (in :class:`~maubinh.rules.BonusHand`
    then position order), one row per instant win any of them lists (in
    :class:`~maubinh.rules.NaturalPattern` order), what two instant wins do, and the ace rule.

    Args:
        rule_sets: one or more rule sets; each becomes a column (cells keep this order).

    Returns:
        The rows; a row's :attr:`Row.differs` tells whether the rule sets disagree on it.

    Raises:
        ValueError: for an empty ``rule_sets``.
    """
    if not rule_sets:
        raise ValueError("compare at least one rule set")

    def row(topic: Topic, key: str, value_of: Callable[[RuleSet], CellValue]) -> Row:
        return Row(topic, tuple(Cell(rs.id, value_of(rs), rs.provenance.get(key)) for rs in rule_sets))

    rows: list[Row] = [
        Row(
            Topic.NAME,
            tuple(Cell(rs.id, rs.positions[position], rs.provenance.get("positions")) for rs in rule_sets),
            position=position,
        )
        for position in POSITIONS
    ]
    rows.append(row(Topic.ORDER, "order", lambda rs: rs.strict_order))
    rows.append(row(Topic.WHEEL, "wheel", lambda rs: rs.wheel))
    rows.append(row(Topic.FOUL, "foul", lambda rs: rs.foul_price))
    rows.append(row(Topic.SCOOP, "scoop", lambda rs: (*rs.scoop.multipliers, rs.scoop.sweep_multiplier)))
    rows.append(row(Topic.CLASH, "bonus_clash", lambda rs: rs.bonus_clash))

    listed = {(bonus.hand, bonus.position) for rs in rule_sets for bonus in rs.bonuses}
    for hand in BonusHand:
        for position in POSITIONS:
            if (hand, position) in listed:
                cells = tuple(effective_bonus(rs, hand, position) for rs in rule_sets)
                rows.append(Row(Topic.BONUS, cells, position=position, hand=hand))

    known = {natural.pattern for rs in rule_sets for natural in rs.naturals}
    for pattern in NaturalPattern:
        if pattern in known:
            natural_cells: list[Cell] = []
            for rs in rule_sets:
                rule = rs.natural(pattern)
                natural_cells.append(Cell(rs.id, rule.chi if rule else None, rule.provenance if rule else None))
            rows.append(Row(Topic.NATURAL, tuple(natural_cells), pattern=pattern))
    rows.append(row(Topic.NATURALS_VERSUS, "naturals", lambda rs: rs.naturals_versus))
    rows.append(row(Topic.SEVERAL_PATTERNS, "several_patterns", lambda rs: rs.several_patterns))
    rows.append(row(Topic.ACES, "aces", lambda rs: rs.ace_rule))
    rows.append(
        row(
            Topic.ACES_FOUR_EXCLUDED,
            "aces",
            lambda rs: rs.exclude_bonus_four_aces if rs.ace_rule is not AceRule.NONE else None,
        )
    )
    return tuple(rows)


def bonus_row(rows: Sequence[Row], hand: BonusHand, position: Position) -> Row:
    """The BONUS row of ``hand`` in ``position``; ``KeyError`` when no rule set lists it."""
    for candidate in rows:
        if candidate.topic is Topic.BONUS and candidate.hand is hand and candidate.position is position:
            return candidate
    raise KeyError((hand, position))
