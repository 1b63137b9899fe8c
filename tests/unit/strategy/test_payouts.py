"""The payout table changes the right play (issue 14): each rule set's best split, settled under every rule set."""

from __future__ import annotations

import numpy as np
import pytest

from maubinh import RULE_SET_IDS, load_rule_set
from maubinh.cards import parse_cards
from maubinh.strategy.field import best_splits, field_values, sample_field
from maubinh.strategy.payouts import compare_rules, find_contrast, same_split
from maubinh.strategy.vector import hand_splits

SOURCES = [load_rule_set(rule_set_id) for rule_set_id in RULE_SET_IDS]


def test_each_rule_sets_best_split_is_the_best_of_every_split_and_scored_on_other_deals():
    hand = parse_cards("Qh Qd 9d 9s 9h 6d Kd 6h Kc 6s 7c 3s 2d")
    play = compare_rules(hand, SOURCES[:2], samples=150, seed=4)
    for k, rule_set in enumerate(play.rule_sets):
        choose = sample_field(hand, rule_set, opponents=1, samples=150, seed=2 * (4 * 16 + k))
        rows, _ = best_splits(choose)
        assert str(hand_splits(hand, rule_set).arrangement(int(rows[0]))) == str(play.best[k])
        score = sample_field(hand, rule_set, opponents=1, samples=150, seed=2 * (4 * 16 + k) + 1)
        totals, _ = field_values(list(play.best), score)
        assert np.allclose(play.worth[:, k], totals.mean(axis=1))
        assert play.cost(k, k) == 0 and play.cost_stderr[k, k] == 0
    assert sum(len(group) for group in play.groups()) == 2


def test_a_contrast_is_found_where_the_sources_play_differently():
    play = find_contrast(SOURCES, seed=1, samples=300)
    assert play.differs
    n = len(SOURCES)
    assert any(play.cost(i, j) >= max(0.3, 3 * play.cost_stderr[i, j]) for i in range(n) for j in range(n))
    for i, j in ((i, j) for group in play.groups() for i in group for j in group):
        assert same_split(play.best[i], play.best[j])


def test_bad_input():
    with pytest.raises(ValueError, match="at least one"):
        compare_rules(parse_cards("Qh Qd 9d 9s 9h 6d Kd 6h Kc 6s 7c 3s 2d"), [])


def test_the_batched_screen_keeps_the_hands_the_hand_by_hand_screen_keeps():
    """find_contrast screens a batch at a time (the solver's splits of the batch in one call per rule set): the
    same hands pass, in the same order, as when each hand is solved alone (so a seed deals the same question)."""
    import random

    from maubinh.cards import FULL_DECK
    from maubinh.naturals import find_instant_win
    from maubinh.strategy.payouts import _estimated_cost, _screened
    from maubinh.strategy.solver import solve

    rng = random.Random(7)
    batch = [rng.sample(FULL_DECK, 13) for _ in range(96)]
    for alone, min_cost in ((False, 0.3), (True, 0.3), (True, 1.0)):
        expected = []
        for k, cards in enumerate(batch):
            if any(find_instant_win(cards, rule_set) for rule_set in SOURCES):
                continue
            solved = [solve(cards, rule_set) for rule_set in SOURCES]
            if all(same_split(solved[0], other) for other in solved[1:]):
                continue
            if alone and not any(sum(same_split(a, b) for b in solved) == 1 for a in solved):
                continue
            if _estimated_cost(cards, solved, SOURCES) >= 0.7 * min_cost:
                expected.append(k)
        assert _screened(batch, SOURCES, min_cost, alone) == expected
        assert 0 < len(expected) < len(batch)  # some pass, some do not: the screen is tested both ways


@pytest.mark.parametrize(("seed", "alone", "min_cost"), [(1, False, 0.3), (3, True, 0.3), (5, True, 1.0)])
def test_a_contrast_is_the_one_compare_rules_finds_hand_after_hand(seed, alone, min_cost):
    """find_contrast skips what cannot pass (the screen; the settling when the chosen splits already decide): the
    comparison it returns is compare_rules' of the first dealt hand that passes, attempt after attempt."""
    import random

    from maubinh.cards import FULL_DECK
    from maubinh.strategy.payouts import _screened

    found = find_contrast(SOURCES, seed, samples=120, min_cost=min_cost, alone=alone)
    rng = random.Random(seed)
    for attempt in range(400):
        cards = rng.sample(FULL_DECK, 13)
        if not _screened([cards], SOURCES, min_cost, alone):
            continue
        play = compare_rules(cards, SOURCES, samples=120, seed=seed * 1000 + attempt)
        if alone and not any(len(group) == 1 for group in play.groups()):
            continue
        n = len(SOURCES)
        if any(play.cost(i, j) >= max(min_cost, 3 * play.cost_stderr[i, j]) for i in range(n) for j in range(n)):
            break
    assert play == found


def test_rule_sets_compared_in_threads_give_the_numbers_of_one_after_another(monkeypatch):
    from maubinh.strategy import payouts

    hand = parse_cards("As Ks Qs Js Ts 9s 9c 8s 8c 7s 7c 2c Ah")
    rule_sets = [load_rule_set(rule_set_id) for rule_set_id in RULE_SET_IDS]
    threaded = compare_rules(hand, rule_sets, samples=300, seed=3)
    monkeypatch.setattr(payouts, "_each", lambda rs, job: [job(k, r) for k, r in enumerate(rs)])
    assert compare_rules(hand, rule_sets, samples=300, seed=3) == threaded  # the same splits and numbers, exactly
