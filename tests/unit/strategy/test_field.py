"""The field (sampled opponents as arrays) and expected chi through the kernel give the numpy path's numbers
(issue 14): the same deals and opponents' splits as ``sample_tables``, the same EVResult to the last bit, and
the best of every legal split equal to an exhaustive numpy settlement."""

from __future__ import annotations

import random

import numpy as np
import pytest

from maubinh import FULL_DECK, RULE_SET_IDS, load_rule_set, settle
from maubinh.house import edit
from maubinh.strategy import kernel
from maubinh.strategy.arrangers import arrange_simple, random_legal
from maubinh.strategy.ev import expected_value, sample_tables
from maubinh.strategy.field import best_splits, field_values, sample_field
from maubinh.strategy.vector import SPLITS, hand_splits, heads_up, side_of

HOUSE = edit(load_rule_set("luckywin"), {"bonus_clash.multiplier": 3, "aces.rule": "per_ace"},
             rule_set_id="nha-toi", names={"vi": "Nhà tôi", "en": "Our house"})
CASES = [("chi-at", 1), ("guide-2026", 2), ("tinh-chi", 3), ("luckywin", 1), ("house", 2)]


def _rules(rule_set_id):
    return HOUSE if rule_set_id == "house" else load_rule_set(rule_set_id)


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    assert kernel.ready(wait=True), kernel.status()


@pytest.mark.parametrize(("rule_set_id", "opponents"), CASES)
def test_the_field_holds_the_deals_and_splits_of_sample_tables(rule_set_id, opponents):
    rule_set = _rules(rule_set_id)
    cards = random.Random(rule_set_id).sample(FULL_DECK, 13)
    field = sample_field(cards, rule_set, opponents=opponents, samples=60, seed=5)
    slow = sample_field(cards, rule_set, opponents=opponents, samples=60, seed=5, compiled=False)
    tables = sample_tables(cards, rule_set, opponents=opponents, samples=60, seed=5)
    for t, table in enumerate(tables.arrangements):
        assert [str(field.arrangement(t, j)) for j in range(opponents)] == [str(a) for a in table]
        assert tables.among[t] == field.among[t].tolist() == slow.among[t].tolist()
    assert (field.hands == slow.hands).all()  # dealt by the kernel's generator and by random.sample: the same
    assert (field.rows == slow.rows).all() and (field.keys == slow.keys).all()


def test_opponents_declare_the_same_instant_wins_through_the_kernel():
    """The kernel path decides a sampled opponent's báo mậu binh from its estimate of the best split, the numpy
    path with :func:`~maubinh.strategy.solver.declared_instant_win`: the same hands declare (digest §2.4)."""
    from maubinh.cards import Card
    from maubinh.naturals import find_instant_win

    rule_set = load_rule_set("tinh-chi")
    cards = random.Random("naturals").sample(FULL_DECK, 13)
    fast = sample_field(cards, rule_set, opponents=1, samples=3000, seed=1)
    slow = sample_field(cards, rule_set, opponents=1, samples=3000, seed=1, compiled=False)
    held = sum(1 for hand in fast.hands.reshape(-1, 13) if find_instant_win([Card.from_index(int(i)) for i in hand], rule_set))
    assert held > len(fast.naturals) >= 40  # most instant wins held are declared, one is worth more played out
    assert {key: (n.pattern, n.split) for key, n in fast.naturals.items()} == {
        key: (n.pattern, n.split) for key, n in slow.naturals.items()}
    assert (fast.rows == slow.rows).all() and (fast.keys == slow.keys).all()


@pytest.mark.parametrize(("rule_set_id", "opponents"), CASES)
def test_expected_value_is_the_same_through_the_kernel(rule_set_id, opponents, monkeypatch):
    rule_set = _rules(rule_set_id)
    rng = random.Random(f"ev {rule_set_id}")
    for _ in range(3):
        cards = rng.sample(FULL_DECK, 13)
        options = [arrange_simple(cards, rule_set), random_legal(cards, rule_set, rng),
                   random_legal(cards, rule_set, rng)]
        fast = expected_value(options, cards, rule_set, opponents=opponents, samples=80, seed=3)
        monkeypatch.setenv("MAUBINH_KERNEL", "0")
        slow = expected_value(options, cards, rule_set, opponents=opponents, samples=80, seed=3)
        monkeypatch.delenv("MAUBINH_KERNEL")
        assert fast == slow


@pytest.mark.parametrize("rule_set_id", [*RULE_SET_IDS, "house"])
def test_the_best_of_every_legal_split_is_the_exhaustive_numpy_best(rule_set_id):
    rule_set = _rules(rule_set_id)
    cards = random.Random(f"best {rule_set_id}").sample(FULL_DECK, 13)
    field = sample_field(cards, rule_set, opponents=1, samples=120, seed=2)
    rows, means = best_splits(field, count=5)
    hand = hand_splits(cards, rule_set)
    legal = np.flatnonzero(hand.legal(strict=rule_set.strict_order))
    opponents = [field.arrangement(t) for t in range(field.samples)]
    result = heads_up(hand.side(rule_set, legal), hand.natural, hand.aces, side_of(opponents, rule_set),
                      [field.naturals.get((t, 0)) for t in range(field.samples)],
                      [sum(c.rank == 14 for c in a.cards) for a in opponents], rule_set)
    factor = rule_set.scoop.factor(1, 1)
    totals = result.compared * np.where(result.win_all | result.lose_all, factor, 1) + result.other + result.aces
    exhaustive = totals.mean(axis=1)
    order = np.argsort(-exhaustive, kind="stable")[:5]
    assert rows.tolist() == legal[order].tolist() and np.allclose(means, exhaustive[order], rtol=0, atol=1e-12)
    best = hand.arrangement(int(rows[0]))
    (totals_best,), _ = field_values([best], field)
    assert totals_best.mean() == pytest.approx(means[0])
    assert [settle([best, opponents[t]], rule_set).totals[0] for t in range(10)] == totals_best[:10].tolist()
    assert SPLITS[rows[0]].tolist() == SPLITS[legal[order[0]]].tolist()


@pytest.mark.parametrize(("rule_set_id", "opponents"), CASES)
def test_the_numpy_fallbacks_give_the_kernels_numbers(rule_set_id, opponents):
    rule_set = _rules(rule_set_id)
    rng = random.Random(f"fallback {rule_set_id}")
    cards = rng.sample(FULL_DECK, 13)
    field = sample_field(cards, rule_set, opponents=opponents, samples=25, seed=8)
    options = [arrange_simple(cards, rule_set), random_legal(cards, rule_set, rng)]
    fast, slow = field_values(options, field, compiled=True), field_values(options, field, compiled=False)
    assert (fast[0] == slow[0]).all() and (fast[1] == slow[1]).all()
    rows, means = best_splits(field, count=3, compiled=True)
    rows_np, means_np = best_splits(field, count=3, compiled=False)
    assert rows.tolist() == rows_np.tolist() and means.tolist() == means_np.tolist()
