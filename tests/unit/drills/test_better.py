"""Drill "which arrangement is better": the key is the best expected chi, beyond the error, in the level's range;
the expected chi is confirmed deal by deal with settle()."""

from __future__ import annotations

import pytest

from maubinh.arrangement import foul_reason
from maubinh.drills import GAP_IN_STDERRS, Level
from maubinh.drills.better import LEVELS, make_better_question, same_split
from maubinh.drills.sampling import breakdown, sample_opponents
from maubinh.rules import RULE_SET_IDS, load_rule_set

CASES = [(level, RULE_SET_IDS[(seed + i) % 4], seed) for i, level in enumerate(Level) for seed in range(5)]


@pytest.mark.parametrize(("level", "rule_set_id", "seed"), CASES)
def test_key_is_the_best_mean_well_beyond_the_error(level: Level, rule_set_id: str, seed: int) -> None:
    rule_set = load_rule_set(rule_set_id)
    q = make_better_question(seed, rule_set, level)
    rules = LEVELS[level]
    assert len(q.options) == rules.options
    assert all(sorted(option.cards) == sorted(q.cards) for option in q.options)
    means = [r.mean for r in q.results]
    assert q.key == max(range(len(means)), key=means.__getitem__)
    for k, result in enumerate(q.results):
        if k != q.key:
            lead = means[q.key] - result.mean
            assert lead > GAP_IN_STDERRS * q.results[q.key].diffs_stderr[k]
            assert lead >= q.gap - 1e-12
    assert rules.min_gap <= q.gap <= rules.max_gap
    assert foul_reason(q.options[q.key], rule_set) is None
    assert q.fouls == tuple(foul_reason(option, rule_set) for option in q.options)


def test_the_means_are_settle_deal_by_deal() -> None:
    rule_set = load_rule_set("tinh-chi")
    q = make_better_question(4, rule_set, Level.EXPERT)
    opponents = sample_opponents(q.cards, rule_set, q.results[0].samples, q.sample_seed)
    for option, result, lines in zip(q.options, q.results, q.breakdowns):
        assert breakdown(option, opponents, rule_set).mean == pytest.approx(result.mean, abs=1e-12)
        assert sum(lines.lines.values()) == pytest.approx(result.mean, abs=1e-9)


def test_beginners_see_binh_lung_options_that_lose_big() -> None:
    rule_set = load_rule_set("chi-at")
    fouled = 0
    for seed in range(5):
        q = make_better_question(seed, rule_set, Level.BEGINNER)
        for k, foul in enumerate(q.fouls):
            if foul:
                fouled += 1
                assert k != q.key and q.results[k].mean < q.results[q.key].mean - 1.0
    assert fouled >= 2


def test_options_are_measured_against_the_best_of_every_split_chosen_on_other_deals() -> None:
    # issue 14: the best of every legal split, found on an independent sample, scored on the question's deals.
    from maubinh.drills.better import BEST_SAMPLES
    from maubinh.strategy.field import best_splits, sample_field
    from maubinh.strategy.vector import hand_splits

    rule_set = load_rule_set("chi-at")
    q = make_better_question(2, rule_set, Level.MASTER)
    choose = sample_field(q.cards, rule_set, opponents=1, samples=BEST_SAMPLES, seed=q.sample_seed + (1 << 40))
    rows, _ = best_splits(choose)
    assert str(hand_splits(q.cards, rule_set).arrangement(int(rows[0]))) == str(q.best)
    opponents = sample_opponents(q.cards, rule_set, q.results[0].samples, q.sample_seed)
    assert breakdown(q.best, opponents, rule_set).mean == pytest.approx(q.best_breakdown.mean)
    for k in range(len(q.options)):
        left, err = q.left(k)
        assert left == pytest.approx(q.best_breakdown.mean - q.results[k].mean)
        assert (err == 0) == same_split(q.options[k], q.best)
    assert 0.1 <= q.gap <= 0.5 and q.gap > GAP_IN_STDERRS * q.gap_stderr
