"""Drill "binh lủng or not": the key against foul_reason and against an independent reading of the order."""

from __future__ import annotations

from collections import Counter

import pytest

from maubinh.arrangement import Arrangement, foul_reason, is_foul
from maubinh.drills import FoulAnswer, Level, foul_answer
from maubinh.drills.foul import LEVEL_TRAPS, make_foul_question
from maubinh.hands import WheelRank
from maubinh.rules import RULE_SET_IDS, Position, load_rule_set
from maubinh.settle import ItemKind, settle
from tests.unit.drills.test_reference import compare

SEEDS = range(60)


def _reference(arrangement: Arrangement, second: bool, strict: bool = False) -> FoulAnswer:
    # Digest §1, reading (revised again): a chi placed above must not be weaker; an equal back and
    # middle foul only under the strict order (a house rule).
    first = compare(arrangement.back, arrangement.middle, second) < (1 if strict else 0)
    other = compare(arrangement.middle, arrangement.front, second) < (1 if strict else 0)
    return {(False, False): FoulAnswer.LEGAL, (True, False): FoulAnswer.BACK_MIDDLE,
            (False, True): FoulAnswer.MIDDLE_FRONT, (True, True): FoulAnswer.BOTH}[(first, other)]


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
@pytest.mark.parametrize("level", list(Level))
def test_key_agrees_with_foul_reason_and_the_reference(rule_set_id: str, level: Level) -> None:
    rule_set = load_rule_set(rule_set_id)
    answers: Counter[FoulAnswer] = Counter()
    for seed in SEEDS:
        q = make_foul_question(seed, rule_set, level)
        arrangement = q.arrangement
        assert len(set(arrangement.cards)) == 13
        assert q.key is _reference(arrangement, rule_set.wheel is WheelRank.SECOND), seed
        reason = foul_reason(arrangement, rule_set)
        assert (q.key is FoulAnswer.LEGAL) == (reason is None) == (not is_foul(arrangement, rule_set))
        if q.key is FoulAnswer.MIDDLE_FRONT:
            assert reason == (Position.MIDDLE, Position.FRONT)
        elif q.key in (FoulAnswer.BACK_MIDDLE, FoulAnswer.BOTH):
            assert reason == (Position.BACK, Position.MIDDLE)
        assert q.trap in LEVEL_TRAPS[level]
        answers[q.key] += 1
    assert answers[FoulAnswer.LEGAL] >= 10 and answers[FoulAnswer.BACK_MIDDLE] >= 5
    assert answers[FoulAnswer.MIDDLE_FRONT] >= 5, answers


def test_a_fouled_question_pays_the_foul_penalty_in_settlement() -> None:
    rule_set = load_rule_set("guide-2026")
    legal = Arrangement.parse("As Ad Ac 7h 7d", "Ks Kd 9c 8s 2h", "Qs Qc 3d")
    for seed in range(20):
        q = make_foul_question(seed, rule_set, Level.INTERMEDIATE)
        if set(q.arrangement.cards) & set(legal.cards):
            continue
        items = settle([q.arrangement, legal], rule_set).pair(0, 1).items
        fouled = any(item.kind is ItemKind.FOUL for item in items)
        assert fouled == (q.key is not FoulAnswer.LEGAL)


def test_the_wheel_decides_the_same_arrangement_differently() -> None:
    arrangement = Arrangement.parse("As 2d 3c 4h 5s", "9s Td Jc Qh Kd", "7c 7d 2c")
    assert foul_answer(arrangement, load_rule_set("chi-at")) is FoulAnswer.LEGAL
    assert foul_answer(arrangement, load_rule_set("tinh-chi")) is FoulAnswer.LEGAL  # reading (revised): second
    assert foul_answer(arrangement, load_rule_set("luckywin")) is FoulAnswer.BACK_MIDDLE


def test_equal_chi_are_legal_but_binh_lung_under_the_strict_order_and_both_ways_is_both() -> None:
    tie = Arrangement.parse("Ks Kd 9c 5s 3h", "Kh Kc 9d 5c 3d", "Qs Jc 2d")
    for rule_set_id in RULE_SET_IDS:
        assert foul_answer(tie, load_rule_set(rule_set_id)) is FoulAnswer.LEGAL
        assert foul_answer(tie, _strict(rule_set_id)) is FoulAnswer.BACK_MIDDLE
    both = Arrangement.parse("9s 7d 5c 4s 2h", "Ks Qd 8c 6s 3h", "Ah Ac Ad")
    assert foul_answer(both, load_rule_set("chi-at")) is FoulAnswer.BOTH


def _strict(rule_set_id: str):
    from maubinh.house import edit

    return edit(load_rule_set(rule_set_id), {"order.strict": True}, rule_set_id="strict")


def test_the_tie_trap_is_legal_and_binh_lung_only_under_the_strict_order() -> None:
    for rule_set, fouled in ((load_rule_set("luckywin"), False), (_strict("luckywin"), True)):
        ties = [q for q in (make_foul_question(s, rule_set, Level.EXPERT) for s in range(120)) if q.trap.value == "tie"]
        assert len(ties) >= 5
        expected = (FoulAnswer.BACK_MIDDLE, FoulAnswer.BOTH) if fouled else (FoulAnswer.LEGAL,)
        assert all(q.key in expected for q in ties)
        assert all(q.values[0] == q.values[1] for q in ties)
        assert all(q.key is _reference(q.arrangement, False, fouled) for q in ties)


def test_experts_meet_the_front_and_the_wheel() -> None:
    rule_set = load_rule_set("chi-at")
    traps = Counter(make_foul_question(s, rule_set, Level.EXPERT).trap.value for s in SEEDS)
    assert traps["front"] >= 10 and traps["wheel"] >= 3
    beginner = {make_foul_question(s, rule_set, Level.BEGINNER).verdicts[0].decider.value for s in range(30)}
    assert "kicker" not in beginner
