"""ui.learn.check: "check my hand" reads what a learner types and reports the engine's verdict.

Hand-checked cases: one chi (category, the bonus it would earn where), three chi in either order
(binh lủng and which pair, the instant win), 13 cards not split (the instant win, the solver's split),
and every kind of bad input named, never raised.
"""

from __future__ import annotations

import doctest

import pytest

import ui.learn.check
from maubinh.arrangement import foul_reason
from maubinh.hands import Category
from maubinh.rules import BonusHand, NaturalPattern, Position, load_rule_set
from ui.learn.check import CheckMode, ProblemKind, check_hand, read_groups

CHI_AT, TINH_CHI, GUIDE = (load_rule_set(i) for i in ("chi-at", "tinh-chi", "guide-2026"))


def test_one_three_card_chi_gets_its_category_and_front_bonus() -> None:
    result = check_hand("9s 9h 9d", CHI_AT)
    assert result.mode is CheckMode.CHI and not result.problems
    (chi,) = result.chis
    assert chi.value.category is Category.SAM_CO
    ((position, bonus),) = chi.bonuses
    assert position is Position.FRONT and bonus is not None and bonus.chi == 6  # digest §2.3 chi-at trips front
    assert check_hand("9s 9h 9d", GUIDE).chis[0].bonuses[0][1].chi == 3  # type: ignore[union-attr]


def test_one_five_card_chi_gets_its_bonus_in_the_back_and_the_middle() -> None:
    (chi,) = check_hand("Ks Kh Kd 2c 2s", CHI_AT).chis
    assert chi.value.category is Category.CU_LU
    assert [(p, b.chi if b else None) for p, b in chi.bonuses] == [(Position.BACK, None), (Position.MIDDLE, 4)]


def test_a_three_card_run_is_mau_thau() -> None:
    assert check_hand("Ah 2d 3c", CHI_AT).chis[0].value.category is Category.MAU_THAU


def test_three_chi_back_first_and_the_front_middle_trap() -> None:
    result = check_hand("Js Jd 8h 8c 4d | Qh Qd 9c 5s 3h | Qs Qc Kh", TINH_CHI)
    assert result.mode is CheckMode.SPLIT and not result.front_first
    assert result.foul == (Position.MIDDLE, Position.FRONT)
    assert [c.position for c in result.chis] == [Position.BACK, Position.MIDDLE, Position.FRONT]
    assert result.natural is None
    assert result.suggestion is not None and foul_reason(result.suggestion, TINH_CHI) is None
    assert sorted(result.suggestion.cards) == sorted(result.cards)


def test_three_chi_front_first_on_new_lines() -> None:
    """A tinh-chi player writes chi đầu (3 cards) first."""
    result = check_hand("Qs Qc 4d\nQh Qd 9c 5s 3h\nJs Jd 8h 8c Kh\n", TINH_CHI)
    assert result.front_first and result.foul is None and result.suggestion is None
    assert result.arrangement is not None and len(result.arrangement.front) == 3


def test_the_wheel_decides_a_foul_by_the_rule_set() -> None:
    text = "9s Td Jc Qh Kd / As 2d 3c 4h 5s / Qs Qc 3d"
    assert check_hand(text, CHI_AT).foul == (Position.BACK, Position.MIDDLE)
    assert check_hand(text, GUIDE).foul is None


def test_an_instant_win_stands_in_a_fouled_split() -> None:
    result = check_hand("2s 2h 5d 5c 3s | 9d 9c Js Jh 7s | Kd Kc 7h", GUIDE)
    assert result.foul is not None
    assert result.natural is not None and result.natural.pattern is NaturalPattern.LUC_PHE_BON
    assert result.natural.chi == 18  # the default that follows chi-at's 6 x 3


def test_thirteen_cards_not_split() -> None:
    result = check_hand("2s2h5d5c7s7h9d9cJsJhKdKcAs", CHI_AT)  # glued, as people paste them
    assert result.mode is CheckMode.CARDS and len(result.cards) == 13
    assert result.natural is not None and (result.natural.pattern, result.natural.chi) == (NaturalPattern.LUC_PHE_BON, 18)
    assert NaturalPattern.LUC_PHE_BON in result.patterns
    assert result.suggestion is not None and foul_reason(result.suggestion, CHI_AT) is None


def test_suit_glyphs_and_ten_spellings_read() -> None:
    result = check_hand("A♠ K♥ 10♦ Td", CHI_AT)
    assert [p.kind for p in result.problems] == [ProblemKind.DUPLICATE]
    assert check_hand("A♠ K♥ 10♦", CHI_AT).chis[0].value.category is Category.MAU_THAU


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("", [ProblemKind.EMPTY]),
        ("   \n ", [ProblemKind.EMPTY]),
        ("As Zs Kd", [ProblemKind.RANK]),
        ("As Kx Qd", [ProblemKind.SUIT]),
        ("As K Qd", [ProblemKind.SUIT]),
        ("As Kd As", [ProblemKind.DUPLICATE]),
        ("As Kd", [ProblemKind.COUNT]),
        ("As Kd Qd Jd", [ProblemKind.COUNT]),
        ("As Kd Qd | Jd Td 9d", [ProblemKind.GROUPS]),
        ("As | Kd | Qd | Jd", [ProblemKind.GROUPS]),
        ("As Ks Qs Js | 9s 8s 7s 6s 5s | 2h 3h 4h 5h", [ProblemKind.CHI_SIZE, ProblemKind.CHI_SIZE]),
        ("joker As Kd", [ProblemKind.RANK]),
    ],
)
def test_bad_input_is_named_not_raised(text: str, kinds: list[ProblemKind]) -> None:
    result = check_hand(text, CHI_AT)
    assert [p.kind for p in result.problems] == kinds
    assert result.mode is None and result.chis == ()


def test_problems_carry_what_the_page_needs_to_word_them() -> None:
    (rank,) = check_hand("As Zs Kd", CHI_AT).problems
    assert rank.token == "Zs"
    (dup,) = check_hand("As Kd As", CHI_AT).problems
    assert dup.card is not None and dup.card.pretty == "A♠"
    (count,) = check_hand("As Kd", CHI_AT).problems
    assert count.got == 2
    sizes = check_hand("As Ks Qs Js | 9s 8s 7s 6s 5s | 2h 3h 4h 5h", CHI_AT).problems
    assert [(p.group, p.position, p.got) for p in sizes] == [(1, Position.BACK, 4), (3, Position.FRONT, 4)]


def test_every_bad_token_is_reported_and_good_cards_kept() -> None:
    groups, problems = read_groups("As Zs Kd Q | 2c 2c")
    assert [[str(c) for c in g] for g in groups] == [["As", "Kd"], ["2c"]]
    assert [p.kind for p in problems] == [ProblemKind.RANK, ProblemKind.SUIT, ProblemKind.DUPLICATE]


def test_a_bonus_hand_in_a_split_shows_its_bonus() -> None:
    result = check_hand("As Ah Ad Ac 2c | Ks Kh Kd 3c 3s | Qs Qh 4d", CHI_AT)
    back = result.chis[0]
    assert back.bonuses[0][1] is not None and back.bonuses[0][1].hand is BonusHand.TU_QUY_A
    assert result.chis[1].bonuses[0][1] is not None and result.chis[1].bonuses[0][1].chi == 4


def test_no_solver_call_when_not_asked() -> None:
    assert check_hand("2s 2h 5d 5c 7s 7h 9d 9c Js Jh Kd Kc As", CHI_AT, suggest=False).suggestion is None


def test_docstring_examples() -> None:
    result = doctest.testmod(ui.learn.check, optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


def test_a_text_past_the_box_limit_is_one_problem_unread():
    from maubinh.rules import load_rule_set
    from ui.learn.check import MAX_CHECK_TEXT, ProblemKind, check_hand

    result = check_hand("As " * 3_000_000, load_rule_set("chi-at"))
    assert [(p.kind, p.got) for p in result.problems] == [(ProblemKind.LONG, 9_000_000)]
    assert 9_000_000 > MAX_CHECK_TEXT
