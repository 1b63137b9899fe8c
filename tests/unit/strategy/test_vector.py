"""The vectorised settlement agrees with settle() deal by deal, under every rule set."""

import random

import numpy as np
import pytest

from maubinh import RULE_SET_IDS, Arrangement, load_rule_set, settle
from maubinh.cards import FULL_DECK
from maubinh.strategy.vector import SPLITS, hand_splits, heads_up, side_of, table_totals


def test_splits_cover_every_way_to_set_13_cards():
    assert SPLITS.shape == (72_072, 3)
    assert len({tuple(row) for row in SPLITS.tolist()}) == 72_072


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_vectorised_totals_match_settle(rule_set_id):
    rule_set = load_rule_set(rule_set_id)
    rng = random.Random(rule_set_id)
    for _ in range(25):
        players = rng.randint(2, 4)
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        hands = [deck[13 * i : 13 * (i + 1)] for i in range(players)]
        mine = hand_splits(hands[0], rule_set)
        picks = rng.sample(range(72_072), 40)
        opponents = [Arrangement.from_cards(h) for h in hands[1:]]
        opp_side = side_of(opponents, rule_set)
        opp_settle = settle(opponents, rule_set) if len(opponents) > 1 else None
        among = [len(opp_settle.scoops[j]) for j in range(len(opponents))] if opp_settle else [0]
        from maubinh.naturals import find_instant_win

        result = heads_up(
            mine.side(rule_set, picks), mine.natural, mine.aces, opp_side,
            [find_instant_win(o.cards, rule_set) for o in opponents],
            [sum(c.rank == 14 for c in o.cards) for o in opponents], rule_set,
        )
        totals = table_totals(result, among, rule_set)
        for k, split in enumerate(picks):
            expected = settle([mine.arrangement(split), *opponents], rule_set).totals[0]
            assert totals[k] == expected, (rule_set_id, split)


def test_legal_mask_matches_is_foul():
    from maubinh import is_foul

    rule_set = load_rule_set("chi-at")
    hand = random.Random(1).sample(FULL_DECK, 13)
    mine = hand_splits(hand, rule_set)
    legal = mine.legal(strict=rule_set.strict_order)
    for split in np.random.default_rng(0).choice(72_072, 300, replace=False):
        assert legal[split] == (not is_foul(mine.arrangement(int(split)), rule_set))
