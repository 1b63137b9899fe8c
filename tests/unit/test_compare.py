"""maubinh.compare: the "how the sources differ" table is the rule sets' data, cell by cell as in the digest.

The expected values are the digest's tables (§2.1-2.7), written out by hand here; the table itself is
built from the rule-set files and maubinh.settle.bonus_for, so a change to either shows up here.
"""

from __future__ import annotations

import doctest

import pytest

import maubinh.compare
from maubinh.compare import Row, Topic, bonus_row, differences, effective_bonus
from maubinh.hands import WheelRank
from maubinh.rules import (
    RULE_SET_IDS,
    AceRule,
    BonusHand,
    NaturalPattern,
    NaturalsVersus,
    Position,
    SeveralPatterns,
    load_rule_set,
    parse_rule_set,
)

SOURCES = [load_rule_set(i) for i in RULE_SET_IDS]
ROWS = differences(SOURCES)
B, M, F = Position.BACK, Position.MIDDLE, Position.FRONT


def _row(topic: Topic) -> Row:
    return next(row for row in ROWS if row.topic is topic)


def _values(row: Row) -> list[object]:
    return [cell.value for cell in row.cells]


# Digest §2.3, columns chi-at, luckywin, tinh-chi, guide-2026 (luckywin: guide-2026's numbers as defaults).
BONUS_TABLE = [
    (BonusHand.THUNG_PHA_SANH_THUONG, B, [10, 5, 10, 5]),
    (BonusHand.THUNG_PHA_SANH_THUONG, M, [20, 10, 20, 10]),
    (BonusHand.THUNG_PHA_SANH_HA, B, [5, 5, 7, 5]),
    (BonusHand.THUNG_PHA_SANH_HA, M, [10, 10, 14, 10]),
    (BonusHand.THUNG_PHA_SANH, B, [5, 5, 5, 5]),
    (BonusHand.THUNG_PHA_SANH, M, [10, 10, 10, 10]),
    (BonusHand.TU_QUY_A, B, [12, 4, 12, 4]),
    (BonusHand.TU_QUY_A, M, [24, 8, 24, 8]),
    (BonusHand.TU_QUY, B, [4, 4, 4, 4]),
    (BonusHand.TU_QUY, M, [8, 8, 8, 8]),
    (BonusHand.CU_LU, M, [4, 2, 2, 2]),
    (BonusHand.SAM_CO_A, F, [9, 3, 9, 3]),
    (BonusHand.SAM_CO, F, [6, 3, 3, 3]),
]

# Digest §2.4 (None: the source does not know the pattern; luckywin and guide-2026: the defaults).
NATURALS_TABLE = [
    # chi-at: "N chi / 1 chi" read as N x 3 per opponent (reading revised); the defaults follow.
    (NaturalPattern.RONG_CUON, [78, 78, 39, 78]),
    (NaturalPattern.SANH_RONG, [39, 39, 13, 39]),
    (NaturalPattern.BA_THUNG_PHA_SANH, [None, 39, None, None]),
    (NaturalPattern.DONG_MAU_13, [39, 39, 12, None]),
    (NaturalPattern.DONG_MAU_12, [9, 9, 9, None]),
    (NaturalPattern.NAM_DOI_SAM, [24, 24, None, None]),
    (NaturalPattern.LUC_PHE_BON, [18, 18, 12, 18]),
    (NaturalPattern.BON_SAM, [75, 75, None, None]),
    (NaturalPattern.BA_TU_QUY, [None, 75, None, None]),
    (NaturalPattern.BA_THUNG, [18, 18, 9, 18]),
    (NaturalPattern.BA_SANH, [18, 18, 6, 18]),
]


@pytest.mark.parametrize(("hand", "position", "expected"), BONUS_TABLE, ids=lambda v: getattr(v, "value", None))
def test_bonus_cells_are_the_digests(hand: BonusHand, position: Position, expected: list[int]) -> None:
    assert _values(bonus_row(ROWS, hand, position)) == expected


def test_bonus_rows_are_exactly_the_hands_some_source_lists() -> None:
    listed = [(row.hand, row.position) for row in ROWS if row.topic is Topic.BONUS]
    assert listed == [(hand, position) for hand, position, _ in BONUS_TABLE]


def test_a_hand_without_its_own_entry_is_paid_as_the_general_one() -> None:
    """Digest §2.3 "(as SF) 5", "(as quads) 4": the via marks the general entry."""
    ha_back = bonus_row(ROWS, BonusHand.THUNG_PHA_SANH_HA, B)
    assert [cell.via for cell in ha_back.cells] == [
        BonusHand.THUNG_PHA_SANH, BonusHand.THUNG_PHA_SANH, None, BonusHand.THUNG_PHA_SANH,
    ]
    four_aces = bonus_row(ROWS, BonusHand.TU_QUY_A, M).cell("guide-2026")
    assert four_aces.via is BonusHand.TU_QUY and four_aces.value == 8


def test_a_hand_no_source_pays_a_bonus_for_there_wins_an_ordinary_chi() -> None:
    cell = effective_bonus(load_rule_set("tinh-chi"), BonusHand.CU_LU, B)
    assert (cell.value, cell.special, cell.via) == (1, False, None)


@pytest.mark.parametrize(("pattern", "expected"), NATURALS_TABLE, ids=lambda v: getattr(v, "value", None))
def test_instant_win_cells_are_the_digests(pattern: NaturalPattern, expected: list[int | None]) -> None:
    row = next(row for row in ROWS if row.topic is Topic.NATURAL and row.pattern is pattern)
    assert _values(row) == expected


def test_main_rules_are_the_digests() -> None:
    # §2.2, tinh-chi reading (revised): its payouts thượng 10 > hạ 7 > thường 5 put the wheel second.
    assert _values(_row(Topic.WHEEL)) == [WheelRank.SECOND, WheelRank.LOWEST, WheelRank.SECOND, WheelRank.LOWEST]
    assert _values(_row(Topic.FOUL)) == [3, 3, 3, 6]  # §2.7
    assert _values(_row(Topic.SCOOP)) == [(2, 2, 2, 2), (2, 2, 2, 1), (2, 3, 4, 1), (1, 1, 1, 1)]  # §2.5
    assert _values(_row(Topic.CLASH)) == [2, 1, 1, 1]  # §2.3 chặt chồng
    assert _values(_row(Topic.ACES)) == [AceRule.PAIRWISE, AceRule.NONE, AceRule.PER_ACE, AceRule.NONE]  # §2.6
    assert _values(_row(Topic.ACES_FOUR_EXCLUDED)) == [False, None, True, None]
    assert _values(_row(Topic.NATURALS_VERSUS)) == [
        NaturalsVersus.NONE, NaturalsVersus.TIEBREAK, NaturalsVersus.RANK, NaturalsVersus.RANK,
    ]
    # §2.4, reading December 2026: luckywin's list is a rank order; elsewhere the pattern paid most. A reading
    # in every rule set, shown as one.
    several = _row(Topic.SEVERAL_PATTERNS)
    assert _values(several) == [
        SeveralPatterns.PAID_MOST, SeveralPatterns.HIGHEST_LISTED, SeveralPatterns.PAID_MOST, SeveralPatterns.PAID_MOST,
    ]
    assert all(cell.reading for cell in several.cells) and several.differs


def test_chi_names_show_the_clash() -> None:
    """Digest §2.1: "Chi đầu" is luckywin's back and tinh-chi's front."""
    names = {row.position: [cell.value["vi"] for cell in row.cells] for row in ROWS if row.topic is Topic.NAME}
    assert names[B] == ["Chi 1", "Chi đầu", "Chi cuối", "Chi 1"]
    assert names[F] == ["Chi 3", "Chi cuối", "Chi đầu", "Chi 3"]


def test_readings_and_house_defaults_are_marked() -> None:
    """Unclear sources carry the project's reading; values left to the table are house defaults."""
    wheel = _row(Topic.WHEEL)
    # chi-at: §2 and §4 disagree, §2 applied; tinh-chi: order not stated.
    assert [cell.reading for cell in wheel.cells] == [True, False, True, False]
    foul = _row(Topic.FOUL)
    assert [cell.house_default for cell in foul.cells] == [False, True, True, False]
    assert foul.cell("guide-2026").reading  # "usually double" read as 6
    rong_cuon = next(row for row in ROWS if row.pattern is NaturalPattern.RONG_CUON)
    assert rong_cuon.cell("chi-at").reading  # "26 chi / 1 chi" read with its total, 78
    assert all(cell.house_default for cell in
               (r.cell("luckywin") for r in ROWS if r.topic is Topic.NATURAL and r.cell("luckywin").value))


def test_differs_marks_only_rows_where_the_sources_disagree() -> None:
    assert not bonus_row(ROWS, BonusHand.TU_QUY, B).differs
    assert bonus_row(ROWS, BonusHand.CU_LU, M).differs
    assert _row(Topic.FOUL).differs
    assert next(row for row in ROWS if row.pattern is NaturalPattern.SANH_RONG).differs
    assert not bonus_row(ROWS, BonusHand.TU_QUY, M).differs


def test_revised_readings_carry_the_other_reading_beside_them() -> None:
    """Digest "Reading (revised)": chi-at's N x 3 with the literal N beside it; tinh-chi's wheel with "lowest"."""
    sanh_rong = next(row for row in ROWS if row.pattern is NaturalPattern.SANH_RONG).cell("chi-at")
    assert sanh_rong.value == 39 and sanh_rong.reading
    assert sanh_rong.provenance is not None and "13" in (sanh_rong.provenance.other_in("en") or "")
    twelve = next(row for row in ROWS if row.pattern is NaturalPattern.DONG_MAU_12).cell("chi-at")
    assert twelve.value == 9 and twelve.provenance is not None and "3 chi" in (twelve.provenance.other_in("vi") or "")
    wheel = _row(Topic.WHEEL).cell("tinh-chi")
    assert wheel.provenance is not None and "lowest" in (wheel.provenance.other_in("en") or "")
    order = _row(Topic.ORDER)
    assert [cell.value for cell in order.cells] == [False] * 4 and not order.differs  # §1, revised again
    assert all(cell.reading and cell.provenance and cell.provenance.other_in("en") for cell in order.cells)


def test_house_rules_become_one_more_column() -> None:
    text = (maubinh.compare.__file__.replace("compare.py", "rulesets/guide-2026.toml"))
    with open(text, encoding="utf-8") as source:
        toml = source.read().replace('id = "guide-2026"', 'id = "my-house"').replace("penalty = 6", "penalty = 4")
    house = parse_rule_set(toml)
    rows = differences([*SOURCES, house])
    foul = next(row for row in rows if row.topic is Topic.FOUL)
    assert _values(foul) == [3, 3, 3, 6, 4]
    assert foul.cell("my-house").value == 4
    with pytest.raises(KeyError):
        foul.cell("nobody")


def test_one_rule_set_alone_differs_nowhere_and_none_is_refused() -> None:
    assert not any(row.differs for row in differences([SOURCES[0]]))
    with pytest.raises(ValueError, match="at least one"):
        differences([])


def test_docstring_examples() -> None:
    result = doctest.testmod(maubinh.compare, optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
