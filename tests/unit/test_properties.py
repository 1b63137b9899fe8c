"""Properties over random deals of 2-4 players under every rule set (hypothesis)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from maubinh import RULE_SET_IDS, Arrangement, load_rule_set, settle
from maubinh.cards import FULL_DECK

rule_sets = st.sampled_from(RULE_SET_IDS).map(load_rule_set)


@st.composite
def deals(draw, legal_only=False):
    """2-4 arrangements of disjoint cards; random splits (many foul) or simple legal arrangements."""
    players = draw(st.integers(2, 4))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    hands = [deck[13 * i : 13 * (i + 1)] for i in range(players)]
    if legal_only or draw(st.booleans()):
        from maubinh.hands import WheelRank
        from maubinh.strategy.arrangers import arrange_many_simple

        return arrange_many_simple(hands, WheelRank.LOWEST, strict=False)
    return [Arrangement.from_cards(hand) for hand in hands]


@settings(max_examples=150, deadline=None)
@given(deals(), rule_sets)
def test_totals_sum_to_zero(arrangements, rule_set):
    s = settle(arrangements, rule_set)
    assert sum(s.totals) == 0
    for pair in s.pairs:
        assert pair.total == sum(item.amount for item in pair.items)


@settings(max_examples=100, deadline=None)
@given(deals(), rule_sets, st.data())
def test_swapping_two_players_negates_their_result(arrangements, rule_set, data):
    n = len(arrangements)
    a = data.draw(st.integers(0, n - 1))
    b = data.draw(st.integers(0, n - 1).filter(lambda x: x != a))
    s = settle(arrangements, rule_set)
    assert s.pair(a, b).total == -s.pair(b, a).total
    swapped = list(arrangements)
    swapped[a], swapped[b] = swapped[b], swapped[a]
    t = settle(swapped, rule_set)
    assert t.pair(b, a).total == s.pair(a, b).total
    assert t.totals[a] == s.totals[b] and t.totals[b] == s.totals[a]


@settings(max_examples=100, deadline=None)
@given(deals(), rule_sets, st.randoms(use_true_random=False))
def test_seat_order_and_card_order_change_nothing(arrangements, rule_set, rnd):
    s = settle(arrangements, rule_set)
    order = list(range(len(arrangements)))
    rnd.shuffle(order)

    def shuffled(arr):
        chis = [list(arr.back), list(arr.middle), list(arr.front)]
        for chi in chis:
            rnd.shuffle(chi)
        return Arrangement(*map(tuple, chis))

    t = settle([shuffled(arrangements[i]) for i in order], rule_set)
    for new_seat, old_seat in enumerate(order):
        assert t.totals[new_seat] == s.totals[old_seat]


@settings(max_examples=60, deadline=None)
@given(deals(legal_only=True), rule_sets)
def test_simple_arranger_never_fouls(arrangements, rule_set):
    from maubinh.strategy.arrangers import arrange_many_simple

    rearranged = arrange_many_simple([arr.cards for arr in arrangements], rule_set.wheel, strict=rule_set.strict_order)
    assert not any(settle(rearranged, rule_set).fouls)
