"""The strongest split of a split pattern (digest §2.4, reading; issue 12 §3), checked by brute force.

For three flushes, three straights and three straight flushes, the split an instant win shows (and that
``luckywin`` compares chi by chi when two players hold the same pattern) is the strongest of all 72,072
splits that make the pattern: back first as an ordinary hand, then middle, then front (a run's top for
the runs). The brute force values every split with numpy; the engine searches ranks and suits together.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from maubinh.arrangement import Arrangement
from maubinh.cards import FULL_DECK, Card, parse_cards
from maubinh.drills.build import BuildError, Pool
from maubinh.drills.natural import pattern_hand
from maubinh.hands import Category, WheelRank, evaluate
from maubinh.naturals import find_instant_win, natural_split
from maubinh.rules import NaturalPattern, load_rule_set
from maubinh.settle import settle
from maubinh.strategy.fast import evaluate_many
from maubinh.strategy.vector import COMB3, COMB5, SPLITS

SPLIT_PATTERNS = (NaturalPattern.BA_THUNG, NaturalPattern.BA_SANH, NaturalPattern.BA_THUNG_PHA_SANH)
RUNS3 = [{14, 2, 3}] + [set(range(lo, lo + 3)) for lo in range(2, 13)]


def _run_top(ranks: set[int]) -> int:
    return 3 if ranks == {14, 2, 3} else max(ranks)


def brute_force(cards: list[Card], pattern: NaturalPattern, wheel: WheelRank) -> tuple[int, int, int] | None:
    """The largest (back, middle, front) key over every split that makes ``pattern``, or ``None``."""
    idx = np.array([c.index for c in cards], dtype=np.int64)
    key5 = evaluate_many(idx[COMB5], wheel)
    category = key5 >> 20
    flush5 = (category == Category.THUNG) | (category == Category.THUNG_PHA_SANH)
    run5 = (category == Category.SANH) | (category == Category.THUNG_PHA_SANH)
    fronts = [[cards[i] for i in combo] for combo in COMB3.tolist()]
    flush3 = np.array([len({c.suit for c in f}) == 1 for f in fronts])
    run3 = np.array([{int(c.rank) for c in f} in RUNS3 for f in fronts])
    if pattern is NaturalPattern.BA_THUNG:
        ok5, ok3 = flush5, flush3
        front_key = evaluate_many(idx[COMB3], wheel)
    else:
        ok5 = run5 & flush5 if pattern is NaturalPattern.BA_THUNG_PHA_SANH else run5
        ok3 = run3 & flush3 if pattern is NaturalPattern.BA_THUNG_PHA_SANH else run3
        front_key = np.array([_run_top({int(c.rank) for c in f}) for f in fronts])
    b, m, f = SPLITS[:, 0], SPLITS[:, 1], SPLITS[:, 2]
    rows = np.flatnonzero(ok5[b] & ok5[m] & ok3[f])
    if not len(rows):
        return None
    keys = np.stack([key5[b[rows]], key5[m[rows]], front_key[f[rows]]], axis=1)
    best = keys[np.lexsort((keys[:, 2], keys[:, 1], keys[:, 0]))[-1]]
    return (int(best[0]), int(best[1]), int(best[2]))


def _engine_key(split: Arrangement, pattern: NaturalPattern, wheel: WheelRank) -> tuple[int, int, int]:
    front = ({int(c.rank) for c in split.front})
    front_key = evaluate(split.front, wheel).key if pattern is NaturalPattern.BA_THUNG else _run_top(front)
    return (evaluate(split.back, wheel).key, evaluate(split.middle, wheel).key, front_key)


def _hands(count: int) -> list[tuple[NaturalPattern, list[Card]]]:
    rng = random.Random(2026)
    hands = []
    while len(hands) < count:
        pattern = SPLIT_PATTERNS[len(hands) % 3]
        try:
            cards = list(pattern_hand(Pool(rng), pattern))
        except BuildError:  # the runs drawn overlap too much: draw again
            continue
        if len(set(cards)) == 13:
            hands.append((pattern, cards))
    return hands


@pytest.mark.parametrize("wheel", list(WheelRank))
def test_pattern_split_is_strongest_brute_force(wheel: WheelRank) -> None:
    for pattern, cards in _hands(150):
        expected = brute_force(cards, pattern, wheel)
        split = natural_split(cards, pattern, wheel)
        assert (split is None) == (expected is None), (pattern, cards)
        if split is None:
            continue
        assert sorted(split.cards) == sorted(cards)
        assert _engine_key(split, pattern, wheel) == expected, (pattern, " ".join(map(str, cards)), str(split))


def test_hands_that_are_not_the_pattern_have_no_split() -> None:
    rng = random.Random(5)
    for _ in range(60):
        cards = rng.sample(FULL_DECK, 13)
        for pattern in SPLIT_PATTERNS:
            assert (natural_split(cards, pattern) is None) == (brute_force(cards, pattern, WheelRank.LOWEST) is None)


def test_luckywin_three_straights_strongest_split_bug() -> None:
    # Issue 12 §3: backs and middles equal (royal flush, ace-high straight), Y's front 5-6-7 beats 2-3-4.
    rule_set = load_rule_set("luckywin")
    x = parse_cards("As Ks Qs Js Ts Ac Kh Qc Jh Tc 2h 3d 4h")
    y = parse_cards("Ad Kd Qd Jd Td Ah Kc Qh Jc Th 5s 6c 7s")
    wx, wy = find_instant_win(x, rule_set), find_instant_win(y, rule_set)
    assert wx is not None and wy is not None and wx.pattern is wy.pattern is NaturalPattern.BA_SANH
    assert wx.split is not None and wy.split is not None
    assert str(wy.split) == "Ad Kd Qd Jd Td | Ah Kc Qh Jc Th | 7s 6c 5s"
    assert settle([wx.split, wy.split], rule_set).totals == (-18, 18)


def test_luckywin_three_flushes_strongest_split_bug() -> None:
    # Issue 12 §3: Y can show Qd Jd Td 9d 8d | Kc 7c 6c 5c 2c | Ad 3d 2d, a straight flush Q-high in the back.
    rule_set = load_rule_set("luckywin")
    x = parse_cards("9h 8h 7h 6h 5h 4h 3h 2h Ts 8s 6s 4s 3s")
    y = parse_cards("Ad Qd Jd Td 9d 8d 3d 2d Kc 7c 6c 5c 2c")
    wx, wy = find_instant_win(x, rule_set), find_instant_win(y, rule_set)
    assert wx is not None and wy is not None and wy.split is not None and wx.split is not None
    assert str(wy.split) == "Qd Jd Td 9d 8d | Kc 7c 6c 5c 2c | Ad 3d 2d"
    assert settle([wx.split, wy.split], rule_set).totals == (-18, 18)
