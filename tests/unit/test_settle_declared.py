"""Declaring an instant win is the player's choice (digest §2.4, reading revised; issue 12 §1).

``settle(arrangements, rule_set, declared)``: ``None`` declares every instant win found; otherwise one
flag per seat, and a seat that does not declare is settled as an ordinary hand (its split may foul).
The vectorised settlement of the strategy layer follows the same flags.
"""

from __future__ import annotations

import random

import pytest

from maubinh import (
    RULE_SET_IDS,
    Arrangement,
    ItemKind,
    SettlementError,
    find_instant_win,
    load_rule_set,
    settle,
)
from maubinh.cards import FULL_DECK
from maubinh.drills.build import BuildError, Pool
from maubinh.drills.natural import pattern_hand
from maubinh.rules import NaturalPattern
from maubinh.strategy.arrangers import arrange_simple
from maubinh.strategy.vector import hand_splits, heads_up, side_of, table_totals

TWELVE_BLACK = Arrangement.parse("As Ks Qs Js Ts", "9s 9c 8s 8c 2c", "Ah 7s 7c")
OTHER = Arrangement.parse("Kd Kc 5d 5c 3d", "Qh Qc 6d 6h 4h", "Jd 3h 2d")
SIX_PAIRS_FOULED = Arrangement.parse("2s 2h 5d 5c 3s", "9d 9c Js Jh 7s", "Kd Kc 7h")  # the middle beats the back


def test_settle_declared_flags() -> None:
    rule_set = load_rule_set("chi-at")
    assert settle([TWELVE_BLACK, OTHER], rule_set).totals == settle([TWELVE_BLACK, OTHER], rule_set, None).totals
    declared = settle([TWELVE_BLACK, OTHER], rule_set, [True, True])
    assert declared.naturals[0] is not None and declared.pair(0, 1).items[0].kind is ItemKind.NATURAL
    assert declared.totals == (9 + 2, -(9 + 2))  # 3 x 3 chi, then the ace rule (two aces to none)
    played = settle([TWELVE_BLACK, OTHER], rule_set, [False, True])
    assert played.naturals == (None, None)
    kinds = [item.kind for item in played.pair(0, 1).items]
    assert kinds[:3] == [ItemKind.BONUS, ItemKind.CHI, ItemKind.CHI]  # the royal flush's 10, then two plain chi
    assert played.totals == (10 - 1 + 1 + 2, -12)


def test_a_seat_that_does_not_declare_plays_its_split_and_may_foul() -> None:
    rule_set = load_rule_set("guide-2026")
    other = Arrangement.parse("Qs Qh Th Td 4c", "8h 8d 6s 6c 3c", "Jc 4s 2d")
    declared = settle([SIX_PAIRS_FOULED, other], rule_set)
    assert declared.totals == (18, -18) and declared.fouls[0]  # declared: it stands though the split fouls
    played = settle([SIX_PAIRS_FOULED, other], rule_set, [False, True])
    assert played.pair(0, 1).items[0].kind is ItemKind.FOUL and played.totals == (-6, 6)


def test_declared_needs_one_flag_per_seat() -> None:
    with pytest.raises(SettlementError, match="one flag per seat"):
        settle([TWELVE_BLACK, OTHER], "chi-at", [True])


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_settlement_sums_to_zero_whatever_is_declared(rule_set_id: str) -> None:
    rule_set = load_rule_set(rule_set_id)
    rng = random.Random(rule_set_id)
    patterns = [rule.pattern for rule in rule_set.naturals if rule.pattern is not NaturalPattern.RONG_CUON]
    for _ in range(20):
        pool = Pool(rng)
        try:
            first = pattern_hand(pool, rng.choice(patterns))
        except BuildError:  # a build that did not fit: draw again
            continue
        rest = pool.draw(26)
        seats = [arrange_simple(first, rule_set), arrange_simple(rest[:13], rule_set),
                 arrange_simple(rest[13:], rule_set)]
        for flags in ([True, True, True], [False, True, True], [False, False, False]):
            assert sum(settle(seats, rule_set, flags).totals) == 0


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_vectorised_settlement_follows_the_declared_flags(rule_set_id: str) -> None:
    rule_set = load_rule_set(rule_set_id)
    rng = random.Random(7)
    found = 0
    while found < 6:
        pool = Pool(rng)
        try:
            mine_cards = list(pattern_hand(pool, rng.choice([r.pattern for r in rule_set.naturals])))
        except BuildError:
            continue
        if len(set(mine_cards)) != 13 or find_instant_win(mine_cards, rule_set) is None:
            continue
        found += 1
        others = [c for c in FULL_DECK if c not in set(mine_cards)]
        rng.shuffle(others)
        opponents = [arrange_simple(others[13 * i : 13 * i + 13], rule_set) for i in range(2)]
        mine = hand_splits(mine_cards, rule_set)
        picks = rng.sample(range(72_072), 20)
        theirs = [find_instant_win(o.cards, rule_set) for o in opponents]
        among = [len(s) for s in settle(opponents, rule_set).scoops]
        for my_flag in (True, False):
            result = heads_up(mine.side(rule_set, picks), mine.natural, mine.aces, side_of(opponents, rule_set), theirs,
                              [sum(c.rank == 14 for c in o.cards) for o in opponents], rule_set,
                              my_declared=my_flag, their_declared=[True, True])
            totals = table_totals(result, among, rule_set)
            for k, split in enumerate(picks):
                expected = settle([mine.arrangement(split), *opponents], rule_set, [my_flag, True, True]).totals[0]
                assert totals[k] == expected, (rule_set_id, my_flag, split)
