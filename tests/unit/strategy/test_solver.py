"""Xếp bài: the solver never fouls, equals the exhaustive argmax of its own score, beats naive
arrangers, and the command line reports bad input (issue 4)."""

import random
import subprocess
import sys
from pathlib import Path

import pytest

from maubinh import FULL_DECK, RULE_SET_IDS, is_foul, load_rule_set
from maubinh.__main__ import main
from maubinh.strategy.arrangers import sort_and_split
from maubinh.strategy.ev import expected_value
from maubinh.strategy.solver import solve, solve_splits, split_scores
from maubinh.strategy.tables import load_tables
from maubinh.strategy.vector import hand_splits

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_never_fouls_and_matches_exhaustive_search(rule_set_id):
    rule_set = load_rule_set(rule_set_id)
    tables = load_tables(rule_set)
    rng = random.Random(rule_set_id)
    for _ in range(60):
        cards = rng.sample(FULL_DECK, 13)
        arrangement = solve(cards, rule_set)
        assert not is_foul(arrangement, rule_set)
        assert sorted(arrangement.cards) == sorted(cards)
        hand = hand_splits(cards, rule_set)
        scores = split_scores(hand, tables)
        assert scores[solve_splits(hand, tables)] == scores.max()


def test_instant_win_hand_returns_the_split_that_shows_it():
    hearts = [c for c in FULL_DECK if c.suit.value == "h"]
    spades = [c for c in FULL_DECK if c.suit.value == "s"]
    diamonds = [c for c in FULL_DECK if c.suit.value == "d"]
    cards = hearts[:5] + spades[2:7] + diamonds[4:7]
    arrangement = solve(cards, "tinh-chi")  # 5 hearts, 5 spades, 3 diamonds: three flushes (ba thùng)
    assert len({c.suit for c in arrangement.front}) == 1 and len({c.suit for c in arrangement.back}) == 1


def test_solver_beats_sort_and_split_on_expected_chi():
    rule_set = load_rule_set("chi-at")
    cards = random.Random(12).sample(FULL_DECK, 13)
    naive = sort_and_split(cards)
    best = solve(cards, rule_set)
    if is_foul(naive, rule_set):
        naive = solve(cards, load_rule_set("guide-2026"))
    good, worse = expected_value([best, naive], cards, rule_set, samples=200, seed=1)
    assert good.mean >= worse.mean - 2 * good.diffs_stderr[1]


def test_command_line_solves_and_reports_bad_input(capsys):
    assert main(["solve", "As Kh Qd Jc 10s 9h 8d 7c 6s 5h 4d 3c 3s", "--rules", "tinh-chi", "--samples", "50"]) == 0
    out = capsys.readouterr().out
    assert "Chi đầu (front)" in out and "expected chi per deal" in out
    assert main(["solve", "As Kh Qd", "--rules", "chi-at"]) == 2
    assert "expected 13 cards, got 3" in capsys.readouterr().err
    assert main(["solve", "As Kh Qd Jc 10s 9h 8d 7c 6s 5h 4d 3c 3s", "--rules", "nope"]) == 2
    assert "known: chi-at" in capsys.readouterr().err
    assert main(["solve", "As Zh Qd Jc 10s 9h 8d 7c 6s 5h 4d 3c 3s"]) == 2
    assert "'Zh': unknown rank" in capsys.readouterr().err


def test_module_entry_point_exit_status():
    done = subprocess.run(
        [sys.executable, "-m", "maubinh", "solve", "As As"], check=False, cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 2 and "duplicate card" in done.stderr
