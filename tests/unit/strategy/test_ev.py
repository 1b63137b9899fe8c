"""Expected chi: reproducible, common random numbers, and equal to settle() averaged by hand."""

import random

import pytest

from maubinh import FULL_DECK, load_rule_set, settle
from maubinh.strategy.arrangers import arrange_simple, random_legal
from maubinh.strategy.ev import expected_value, sample_tables, simple_arranger


@pytest.mark.parametrize(("rule_set_id", "opponents"), [("chi-at", 1), ("tinh-chi", 2), ("luckywin", 3)])
def test_mean_equals_settle_averaged_over_the_same_deals(rule_set_id, opponents):
    rule_set = load_rule_set(rule_set_id)
    cards = random.Random(3).sample(FULL_DECK, 13)
    arrangement = arrange_simple(cards, rule_set)
    (result,) = expected_value([arrangement], cards, rule_set, opponents=opponents, samples=40, seed=9,
                               arranger=simple_arranger)
    tables = sample_tables(cards, rule_set, opponents=opponents, samples=40, seed=9, arranger=simple_arranger)
    by_hand = [settle([arrangement, *table], rule_set).totals[0] for table in tables.arrangements]
    assert result.mean == pytest.approx(sum(by_hand) / 40)


def test_same_seed_same_numbers_and_a_worse_arrangement_scores_lower():
    rule_set = load_rule_set("guide-2026")
    cards = random.Random(11).sample(FULL_DECK, 13)
    good = arrange_simple(cards, rule_set)
    bad = random_legal(cards, rule_set, random.Random(2))
    first = expected_value([good, bad], cards, rule_set, samples=200, seed=4, arranger=simple_arranger)
    again = expected_value([good, bad], cards, rule_set, samples=200, seed=4, arranger=simple_arranger)
    assert [r.mean for r in first] == [r.mean for r in again]
    assert first[0].mean > first[1].mean + 2 * first[0].diffs_stderr[1]
    assert first[0].diffs_stderr[1] < first[0].stderr + first[1].stderr  # common random numbers help


def test_bad_input():
    rule_set = load_rule_set("chi-at")
    cards = random.Random(1).sample(FULL_DECK, 13)
    arrangement = arrange_simple(cards, rule_set)
    with pytest.raises(ValueError, match="opponents must be 1-3"):
        expected_value([arrangement], cards, rule_set, opponents=4)
    with pytest.raises(ValueError, match="does not hold the 13 cards"):
        expected_value([arrangement], random.Random(2).sample(FULL_DECK, 13), rule_set)
