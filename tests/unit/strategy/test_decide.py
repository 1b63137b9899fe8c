"""decide(): xếp bài with the choice to declare an instant win or play it out (issue 12 §1)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from maubinh import Decision, Position, decide, load_rule_set, parse_cards, solve
from maubinh.hands import Category, evaluate
from maubinh.strategy.solver import quick_declare
from maubinh.strategy.tables import load_tables
from maubinh.strategy.vector import hand_splits

EXAMPLE = "As Ks Qs Js Ts 9s 9c 8s 8c 7s 7c 2c Ah"
"""The issue's hand: 12 black cards and a red one, holding a royal flush."""


def _chis(arrangement):
    return [set(arrangement.chi(p)) for p in (Position.BACK, Position.MIDDLE, Position.FRONT)]


def test_decide_plays_the_royal_flush_out_under_chi_at() -> None:
    choice = decide(parse_cards(EXAMPLE), load_rule_set("chi-at"))
    assert isinstance(choice, Decision)
    assert choice.natural is not None and choice.natural.pattern.value == "dong_mau_12" and choice.amount == 9
    assert not choice.declare
    assert choice.play_mean - choice.declare_mean > 3 * choice.gap_stderr  # resolved beyond the error
    assert choice.play_mean > choice.amount
    assert evaluate(choice.arrangement.back).category is Category.THUNG_PHA_SANH
    assert choice.arrangement == choice.split and choice.samples > 0 and choice.play_stderr > 0


def test_decide_declares_where_the_royal_flush_pays_little() -> None:
    # luckywin pays a straight flush in the back 5 (guide-2026's default), not chi-at's 10.
    choice = decide(parse_cards(EXAMPLE), load_rule_set("luckywin"))
    assert choice.declare and choice.declare_mean > choice.play_mean


def test_decide_on_a_hand_without_an_instant_win_is_the_solver() -> None:
    cards = parse_cards("As Kh Qd Jc Ts 9h 8d 7c 6s 5h 4d 3c 3s")
    choice = decide(cards, "tinh-chi")
    assert choice.natural is None and not choice.declare and choice.samples == 0
    assert _chis(choice.arrangement) == _chis(solve(cards, "tinh-chi"))


def test_decide_is_cached_and_the_same_for_the_same_inputs() -> None:
    cards = parse_cards(EXAMPLE)
    first = decide(cards, "chi-at", samples=40, seed=3)
    assert decide(list(reversed(cards)), "chi-at", samples=40, seed=3) is first


def test_decide_shows_the_pattern_split_when_it_declares_three_flushes() -> None:
    cards = parse_cards("2h 7h 4h 5h 6h 9s Ts Js Qs 2s 3d Kd Ad")
    choice = decide(cards, "chi-at", samples=40)
    assert choice.natural is not None and choice.natural.pattern.value == "ba_thung"
    assert choice.declare and choice.arrangement == choice.natural.split


def test_decide_refuses_bad_input() -> None:
    with pytest.raises(ValueError, match="13 distinct cards"):
        decide(parse_cards("As Ks Qs"), "chi-at")
    with pytest.raises(ValueError, match="opponents must be 1-3"):
        decide(parse_cards(EXAMPLE), "chi-at", opponents=4)
    with pytest.raises(ValueError, match="at least 2"):
        decide(parse_cards(EXAMPLE), "chi-at", samples=1)


def test_quick_declare_makes_the_same_choice_on_the_issue_hand() -> None:
    for rule_set_id, declare in (("chi-at", False), ("luckywin", True)):
        rule_set = load_rule_set(rule_set_id)
        assert quick_declare(hand_splits(parse_cards(EXAMPLE), rule_set), load_tables(rule_set))[0] is declare


def test_maubinh_exports_solve_and_decide_without_loading_the_strategy_layer_first() -> None:
    code = ("import sys, maubinh; assert 'maubinh.strategy' not in sys.modules; "
            "from maubinh import decide, solve, Decision; assert 'maubinh.strategy.decide' in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=str(__import__("pathlib").Path(__file__).parents[3]))
