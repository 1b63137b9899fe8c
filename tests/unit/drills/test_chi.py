"""Drill "which chi wins": the key against an independent reading of the hand order, the traps per level."""

from __future__ import annotations

from collections import Counter

import pytest
from phevaluator import evaluate_cards

from maubinh.cards import parse_cards
from maubinh.drills import Decider, Level, Outcome, Trap, decide
from maubinh.drills.chi import LEVEL_TRAPS, make_chi_question
from maubinh.hands import WheelRank
from maubinh.rules import RULE_SET_IDS, Position, load_rule_set
from tests.unit.drills.test_reference import compare

SEEDS = range(60)
OUTCOME = {1: Outcome.A, -1: Outcome.B, 0: Outcome.TIE}


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
@pytest.mark.parametrize("level", list(Level))
def test_key_equals_the_reference_comparison(rule_set_id: str, level: Level) -> None:
    rule_set = load_rule_set(rule_set_id)
    second = rule_set.wheel is WheelRank.SECOND
    traps: Counter[Trap] = Counter()
    for seed in SEEDS:
        q = make_chi_question(seed, rule_set, level)
        a, b = q.hands
        assert not set(a) & set(b), "both hands come from one deck"
        assert q.key is OUTCOME[compare(a, b, wheel_second=second)], (seed, a, b)
        assert q.trap in LEVEL_TRAPS[level]
        traps[q.trap] += 1
        if len(a) == len(b) == 5 and not second:  # a second, outside reading: phevaluator (lower is better)
            diff = evaluate_cards(*(str(c) for c in b)) - evaluate_cards(*(str(c) for c in a))
            assert q.key is OUTCOME[(diff > 0) - (diff < 0)]
        if q.trap is Trap.FRONT:
            assert q.positions == (Position.FRONT, Position.MIDDLE) and (len(a), len(b)) == (3, 5)
        else:
            assert q.positions[0] is q.positions[1]
    assert len(traps) >= len(set(LEVEL_TRAPS[level])) - 1, traps


def test_the_wheel_trap_answers_differently_under_chi_at() -> None:
    flips = 0
    for seed in range(120):
        q = make_chi_question(seed, load_rule_set("chi-at"), Level.EXPERT)
        if q.trap is not Trap.WHEEL:
            continue
        other = make_chi_question(seed, load_rule_set("luckywin"), Level.EXPERT)
        assert other.hands == q.hands and other.key is not q.key and Outcome.TIE not in (q.key, other.key)
        assert q.verdict.decider is Decider.WHEEL
        flips += 1
    assert flips >= 5


@pytest.mark.parametrize(
    ("a", "b", "rules", "outcome", "decider", "at"),
    [
        ("Ks Kd 9c 5s 3h", "Kh Kc 9d 5c 2h", "chi-at", Outcome.A, Decider.KICKER, 3),
        ("Ks Kd 9c 5s 3h", "Kh Kc 9d 5c 3d", "luckywin", Outcome.TIE, Decider.TIE, -1),
        ("Ks Qd 9c 5s 3h", "Kh Qc 8d 6c 2h", "chi-at", Outcome.A, Decider.CARD_BY_CARD, 2),
        ("3s 3d 3c Ks Kh", "2s 2d 2c As Ah", "tinh-chi", Outcome.A, Decider.MADE, 0),
        ("As 2d 3c 4h 5s", "6s 5d 4c 3h 2h", "chi-at", Outcome.A, Decider.WHEEL, -1),
        ("As 2d 3c 4h 5s", "6s 5d 4c 3h 2h", "guide-2026", Outcome.B, Decider.WHEEL, -1),
        ("As 2d 3c 4h 5s", "Ts Jd Qc Kh Ad", "chi-at", Outcome.B, Decider.MADE, 0),
        ("Qs Qc Kh", "Qh Qd Kd 5s 3h", "chi-at", Outcome.B, Decider.SHORT_FRONT, 2),
        ("Qs Qc Ah", "Qh Qd Kd 5s 3h", "chi-at", Outcome.A, Decider.KICKER, 1),
        ("7s 7c 7h", "Ks Kd 2c 2s 9h", "chi-at", Outcome.A, Decider.CATEGORY, -1),
    ],
)
def test_decide_hand_checked(a: str, b: str, rules: str, outcome: Outcome, decider: Decider, at: int) -> None:
    verdict = decide(parse_cards(a), parse_cards(b), load_rule_set(rules))
    assert (verdict.outcome, verdict.decider, verdict.at) == (outcome, decider, at)


def test_beginners_never_meet_kickers_and_experts_meet_the_traps() -> None:
    rule_set = load_rule_set("tinh-chi")
    beginner = {make_chi_question(s, rule_set, Level.BEGINNER).verdict.decider for s in SEEDS}
    assert beginner <= {Decider.CATEGORY, Decider.MADE}
    expert = {make_chi_question(s, rule_set, Level.EXPERT).verdict.decider for s in SEEDS}
    assert {Decider.WHEEL, Decider.SHORT_FRONT, Decider.KICKER, Decider.TIE} <= expert
