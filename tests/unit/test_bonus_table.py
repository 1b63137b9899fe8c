"""Every cell of the digest's §2.3 bonus table, per rule set, settled hand by hand.

The expected numbers are typed from the digest (not read from the rule-set files), so a wrong
file value fails here. ``luckywin`` leaves amounts to the table; its defaults are guide-2026's.
"""

import random

import pytest

from maubinh import (
    FULL_DECK,
    Arrangement,
    ItemKind,
    Position,
    compare_hands,
    find_instant_win,
    is_foul,
    load_rule_set,
    settle,
)
from maubinh.strategy.arrangers import arrange_simple

# The special hand, the chi it sits in, and a legal arrangement holding it with weak other chi.
HANDS = {
    ("royal", "back"): ("Ts Js Qs Ks As", "9h 9d 4c 3h 2d", "8c 6d 5h"),
    ("royal", "middle"): ("Th Jh Qh Kh Ah", "Ts Js Qs Ks As", "8c 6d 5c"),
    ("steel", "back"): ("Ah 2h 3h 4h 5h", "9h 9d 4c 3d 2d", "8c 6d 5c"),
    ("steel", "middle"): ("Ts Js Qs Ks As", "Ah 2h 3h 4h 5h", "8c 6d 5c"),
    ("sf", "back"): ("5d 6d 7d 8d 9d", "Kh Kc 4c 3h 2c", "Qc Jh Th"),
    ("sf", "middle"): ("Ts Js Qs Ks As", "5d 6d 7d 8d 9d", "Qc Jh 4h"),
    ("four_aces", "back"): ("As Ah Ad Ac 2s", "Kh Kc 4c 3h 2c", "Qc Jh Th"),
    ("four_aces", "middle"): ("9s Ts Js Qs Ks", "As Ah Ad Ac 2s", "Qc Jh Th"),
    ("quads", "back"): ("7s 7h 7d 7c 2s", "Kh Kc 4c 3h 2c", "Qc Jh Th"),
    ("quads", "middle"): ("9s Ts Js Qs Ks", "7s 7h 7d 7c 2s", "Qc Jh Th"),
    ("full_house", "middle"): ("9s Ts Js Qs Ks", "7s 7h 7d 2c 2h", "Qc Jh 4h"),
    ("trips_aces", "front"): ("9s Ts Js Qs Ks", "Kh Kd Kc 2c 2h", "Ah Ad Ac"),
    ("trips", "front"): ("9s Ts Js Qs Ks", "Kh Kd Kc 2c 2h", "7h 7d 7c"),
}


def opponent_for(winner, position, rule_set):
    """A seeded opponent from the other cards, set strongest back first, with no instant win,
    whose chi at ``position`` loses to the winner's."""
    rng = random.Random(0)
    rest = [c for c in FULL_DECK if c not in set(winner.cards)]
    while True:
        opponent = arrange_simple(rng.sample(rest, 13), rule_set)
        if find_instant_win(opponent.cards, rule_set) is None and compare_hands(
            winner.chi(position), opponent.chi(position), rule_set
        ) > 0:
            return opponent

# digest §2.3: hand, position -> (chi-at, luckywin default, tinh-chi, guide-2026)
DIGEST = {
    ("royal", "back"): (10, 5, 10, 5),
    ("royal", "middle"): (20, 10, 20, 10),
    ("steel", "back"): (5, 5, 7, 5),
    ("steel", "middle"): (10, 10, 14, 10),
    ("sf", "back"): (5, 5, 5, 5),
    ("sf", "middle"): (10, 10, 10, 10),
    ("four_aces", "back"): (12, 4, 12, 4),
    ("four_aces", "middle"): (24, 8, 24, 8),
    ("quads", "back"): (4, 4, 4, 4),
    ("quads", "middle"): (8, 8, 8, 8),
    ("full_house", "middle"): (4, 2, 2, 2),
    ("trips_aces", "front"): (9, 3, 9, 3),
    ("trips", "front"): (6, 3, 3, 3),
}
RULE_SETS = ("chi-at", "luckywin", "tinh-chi", "guide-2026")


def cases():
    for (hand, position), amounts in DIGEST.items():
        for rule_set_id, amount in zip(RULE_SETS, amounts):
            yield pytest.param(hand, position, rule_set_id, amount, id=f"{rule_set_id}-{hand}-{position}")


@pytest.mark.parametrize(("hand", "position", "rule_set_id", "amount"), list(cases()))
def test_bonus_paid_when_that_chi_wins(hand, position, rule_set_id, amount):
    rule_set = load_rule_set(rule_set_id)
    winner = Arrangement.parse(*HANDS[(hand, position)])
    opponent = opponent_for(winner, Position(position), rule_set)
    result = settle([winner, opponent], rule_set)
    assert not result.fouls[0] and result.naturals[0] is None
    item = next(i for i in result.pair(0, 1).items if i.position is Position(position))
    assert item.amount == amount
    assert item.kind is (ItemKind.BONUS if amount > 1 else ItemKind.CHI)


@pytest.mark.parametrize("rule_set_id", RULE_SETS)
def test_a_royal_flush_in_the_middle_stands_on_an_equal_back_but_fouls_under_the_strict_order(rule_set_id):
    # Digest §1 (reading revised again): a back equal to the middle is legal, which is the only way the
    # table's "royal in the middle" (20 chi in chi-at and tinh-chi) can be held; the strict order, a house
    # rule, makes the same hand binh lủng.
    from maubinh.house import edit

    rule_set = load_rule_set(rule_set_id)
    equal = Arrangement.parse("Th Jh Qh Kh Ah", "Ts Js Qs Ks As", "8c 6d 4c")
    other = Arrangement.parse("9h 9d 4d 3h 2d", "8s 8d 5c 4h 2h", "7c 6s 5h")
    assert not is_foul(equal, rule_set) and not settle([equal, other], rule_set).fouls[0]
    strict = edit(rule_set, {"order.strict": True}, rule_set_id="strict")
    assert is_foul(equal, strict) and settle([equal, other], strict).fouls[0]
