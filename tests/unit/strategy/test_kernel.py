"""The compiled kernel gives the numpy path's numbers (issue 14): the same subset values, the same split as
the numpy solver (and the exhaustive argmax, ties to the lowest split), the same settlement as ``settle``
on thousands of random hands and tables, for every rule set and for house rules."""

from __future__ import annotations

import random
import threading

import numpy as np
import pytest

from maubinh import RULE_SET_IDS, Arrangement, load_rule_set, settle
from maubinh.cards import FULL_DECK, Card, Rank, Suit
from maubinh.hands import WheelRank
from maubinh.house import edit
from maubinh.rules import POSITIONS, RuleSet
from maubinh.strategy import kernel
from maubinh.strategy.arrangers import arrange_simple
from maubinh.strategy.prepared import prepare
from maubinh.strategy.rule_arrays import settle_arrays, solver_arrays, subset_tables
from maubinh.strategy.seats import opponent_arrays, table_arrays
from maubinh.strategy.simulate import CHI_SOURCES, seat_sources
from maubinh.strategy.solver import solve_splits, split_scores
from maubinh.strategy.tables import load_tables
from maubinh.strategy.vector import SPLITS, hand_splits

SOURCES = [load_rule_set(rule_set_id) for rule_set_id in RULE_SET_IDS]
HOUSE = [
    edit(load_rule_set("tinh-chi"), {"foul.penalty": 6, "bonus_clash.multiplier": 2, "aces.rule": "pairwise"},
         rule_set_id="nha-toi", names={"vi": "Nhà tôi", "en": "Our house"}),
    edit(load_rule_set("chi-at"), {"scoop.multipliers": [3, 3, 3], "scoop.sweep_multiplier": 1, "wheel.value": "lowest"},
         rule_set_id="nha-ban", names={"vi": "Nhà bạn", "en": "Friends"}),
]
ALL = [*SOURCES, *HOUSE]
IDS = [rule_set.id for rule_set in ALL]


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    assert kernel.ready(wait=True), kernel.status()


def _hands(seed: object, n: int) -> list[list[Card]]:
    rng = random.Random(str(seed))
    return [rng.sample(FULL_DECK, 13) for _ in range(n)]


def _indexes(hands: list[list[Card]]) -> np.ndarray:
    return np.array([[card.index for card in hand] for hand in hands], dtype=np.int64)


@pytest.mark.parametrize("wheel", list(WheelRank))
def test_subset_values_equal_the_numpy_tables(wheel):
    rule_set = next(r for r in ALL if r.wheel is wheel)
    hands = _hands(wheel, 300)
    key5, class5, key3, class3 = kernel.value_hands(_indexes(hands), subset_tables(wheel))
    for h, cards in enumerate(hands):
        hand = hand_splits(cards, rule_set)
        assert (hand.key5 == key5[h]).all() and (hand.key3 == key3[h]).all()
        assert (hand.class5 == class5[h]).all() and (hand.class3 == class3[h]).all()


@pytest.mark.parametrize("rule_set", ALL, ids=IDS)
def test_the_kernel_solves_to_the_numpy_split(rule_set: RuleSet):
    hands = _hands(rule_set.id, 1000)
    tables = load_tables(rule_set)
    rows, scores, keys, classes = kernel.solve_rows(_indexes(hands), subset_tables(rule_set.wheel),
                                                    prepare(rule_set).solver)
    for h, cards in enumerate(hands):
        hand = hand_splits(cards, rule_set)
        assert rows[h] == solve_splits(hand, tables), (rule_set.id, h)
        back, middle, front = SPLITS[rows[h]]
        assert keys[h].tolist() == [hand.key5[back], hand.key5[middle], hand.key3[front]]
        assert classes[h].tolist() == [hand.class5[back], hand.class5[middle], hand.class3[front]]
        if h < 60:  # the exhaustive argmax: the same score to the last bit, ties to the lowest split
            all_scores = split_scores(hand, tables)
            assert rows[h] == int(np.argmax(all_scores)) and scores[h] == all_scores.max()



@pytest.mark.parametrize("rule_set", ALL, ids=IDS)
def test_the_scoop_risk_floor_prunes_to_the_same_split(rule_set: RuleSet):
    # The bound with the scoop's losing side (what lets weak hands prune) picks the split and score of the bound
    # without it; the weakest hands, whose scoop risk is most of their score, to the exhaustive argmax too.
    hands = _hands(("floor", rule_set.id), 3000)
    subsets, arrays = subset_tables(rule_set.wheel), prepare(rule_set).solver
    rows, scores, keys, _ = kernel.solve_rows(_indexes(hands), subsets, arrays)
    loose_rows, loose_scores, loose_keys, _ = kernel.solve_rows(_indexes(hands), subsets, arrays, scoop_floor=False)
    assert (rows == loose_rows).all() and (scores == loose_scores).all() and (keys == loose_keys).all()
    tables = load_tables(rule_set)
    for h in np.argsort(scores)[:15].tolist():
        all_scores = split_scores(hand_splits(hands[h], rule_set), tables)
        assert rows[h] == int(np.argmax(all_scores)) and scores[h] == all_scores.max(), (rule_set.id, h)
    if arrays.scoop != 1:
        assert scores.min() < -2.5  # weak hands were dealt: a scoop's risk weighs on them


def test_ties_go_to_the_lowest_split_in_hand_order():
    # Two sevens of the same colour in different chi: swapping them scores the same.
    rule_set = load_rule_set("guide-2026")
    cards = [Card(Rank(r), s) for r, s in [(14, Suit.SPADES), (14, Suit.HEARTS), (13, Suit.CLUBS), (7, Suit.SPADES),
                                            (7, Suit.HEARTS), (7, Suit.CLUBS), (9, Suit.DIAMONDS), (4, Suit.CLUBS),
                                            (5, Suit.HEARTS), (11, Suit.SPADES), (2, Suit.CLUBS), (3, Suit.DIAMONDS),
                                            (10, Suit.HEARTS)]]
    tables = load_tables(rule_set)
    for order in range(5):
        shuffled = random.Random(order).sample(cards, 13)
        hand = hand_splits(shuffled, rule_set)
        scores = split_scores(hand, tables)
        assert (scores == scores.max()).sum() > 1  # a real tie
        rows, *_ = kernel.solve_rows(_indexes([shuffled]), subset_tables(rule_set.wheel), solver_arrays(tables))
        assert rows[0] == int(np.argmax(scores)) == solve_splits(hand, tables)


def _natural_hands(rng: random.Random) -> list[Card]:
    """A hand built to hold an instant win: a dragon, six pairs, five pairs and trips, or three flushes."""
    kind = rng.randrange(4)
    if kind == 0:
        return [Card(Rank(r), rng.choice(list(Suit))) for r in range(2, 15)]
    if kind == 3:
        suits = rng.sample(list(Suit), 3)
        by_suit = [[c for c in FULL_DECK if c.suit is s] for s in suits]
        return rng.sample(by_suit[0], 5) + rng.sample(by_suit[1], 5) + rng.sample(by_suit[2], 3)
    ranks = rng.sample(range(2, 15), 7)
    cards = []
    for i, rank in enumerate(ranks[:6]):
        cards += [Card(Rank(rank), s) for s in rng.sample(list(Suit), 3 if kind == 2 and i == 0 else 2)]
    cards += [Card(Rank(ranks[6]), rng.choice(list(Suit)))]
    return cards[:13]


def _random_tables(rule_set: RuleSet, n: int) -> list[list[Arrangement]]:
    """Random tables of 2-4 seats: random splits (often binh lủng), some built around an instant win."""
    rng = random.Random(rule_set.id)
    tables = []
    for _ in range(n):
        seats = rng.randint(2, 4)
        first = _natural_hands(rng) if rng.random() < 0.15 else []
        rest = [c for c in FULL_DECK if c not in set(first)]
        cards = first + rng.sample(rest, 13 * seats - len(first))
        hands = [cards[13 * s : 13 * s + 13] for s in range(seats)]
        table = []
        for hand in hands:
            if rng.random() < 0.5:  # a sensible split: strongest back first
                table.append(arrange_simple(hand, rule_set))
            else:
                table.append(Arrangement.from_cards(rng.sample(hand, 13)))
        tables.append(table)
    return tables


@pytest.mark.parametrize("rule_set", ALL, ids=IDS)
def test_the_kernel_settles_tables_as_settle_does(rule_set: RuleSet):
    tables = _random_tables(rule_set, 1500)
    by_size: dict[int, list[int]] = {}
    for t, table in enumerate(tables):
        by_size.setdefault(len(table), []).append(t)
    seen = np.zeros(3, dtype=np.int64)
    for picked in by_size.values():
        group = [tables[t] for t in picked]
        arrays = table_arrays(group, rule_set)
        settled = kernel.settle_tables(arrays, settle_arrays(rule_set))
        totals, sources, events = settled.totals, settled.sources, settled.events
        for k, table in enumerate(group):
            expected = settle(table, rule_set)
            assert tuple(totals[k]) == expected.totals, (rule_set.id, picked[k])
            assert sources[k].tolist() == seat_sources(expected, rule_set)
            scooped = sum(len(s) for s in expected.scoops)
            declared = sum(n is not None for n in expected.naturals)
            assert events[k].tolist() == [declared, scooped, sum(expected.fouls)]
            assert settled.scoops[k].tolist() == [len(s) for s in expected.scoops]
        seen += events.sum(axis=0)
    assert len(CHI_SOURCES) == sources.shape[2]
    assert (seen[[0, 2]] > 50).all() and (seen[1] > 50 or not rule_set.scoop.active), seen  # every rule was met


@pytest.mark.parametrize("rule_set", ALL, ids=IDS)
def test_splits_against_sampled_tables_as_settle_does(rule_set: RuleSet):
    rng = random.Random(f"tables {rule_set.id}")
    rules = settle_arrays(rule_set)
    for case in range(12):
        opponents = 1 + case % 3
        first = _natural_hands(rng) if case % 6 == 5 else []
        rest = [c for c in FULL_DECK if c not in set(first)]
        cards = first + rng.sample(rest, 13 - len(first))
        others = [c for c in FULL_DECK if c not in set(cards)]
        tables = []
        for _ in range(20):
            drawn = rng.sample(others, 13 * opponents)
            tables.append([arrange_simple(drawn[13 * j : 13 * j + 13], rule_set) if rng.random() < 0.7
                           else Arrangement.from_cards(drawn[13 * j : 13 * j + 13]) for j in range(opponents)])
        hand = hand_splits(cards, rule_set)
        opp = opponent_arrays(tables, rule_set, hand.natural)
        picks = rng.sample(range(72_072), 20)
        values = (hand.key5, hand.class5, hand.key3, hand.class3)
        totals, lines = kernel.split_totals(SPLITS[picks], values, hand.natural is not None, hand.aces, opp, rules)
        for k, split in enumerate(picks):
            for t, table in enumerate(tables):
                expected = settle([hand.arrangement(split), *table], rule_set)
                assert totals[k, t] == expected.totals[0], (rule_set.id, case, split, t)
                assert lines[k, t, :7].sum() == totals[k, t]
                chi = [sum(item.amount for pair in expected.pairs if pair.a == 0 for item in pair.items
                           if item.position is position) for position in POSITIONS]
                assert lines[k, t, :3].tolist() == chi
        legal = np.flatnonzero(hand.legal(strict=rule_set.strict_order))[:: 1 + 10 * (opponents > 1)]
        sums = kernel.split_sums(legal, values, hand.natural is not None, hand.aces, opp, rules)
        full, _ = kernel.split_totals(SPLITS[legal], values, hand.natural is not None, hand.aces, opp, rules)
        assert (sums == full.sum(axis=1)).all()



@pytest.mark.parametrize("rule_set", [SOURCES[0], SOURCES[1], HOUSE[1]], ids=lambda r: r.id)
def test_heads_up_sums_over_shares_of_the_deals_add_up_to_every_deal(rule_set: RuleSet, monkeypatch):
    # a field of 1,300 deals is cut between the threads by deals (each works out its own deals' chi); the
    # shares' sums are each split's sum over every deal, deal by deal, and what one thread finds alone
    from maubinh.strategy.field import hand_values, sample_field

    cards = random.Random(rule_set.id).sample(FULL_DECK, 13)
    field = sample_field(cards, rule_set, samples=1300, seed=4)
    values = hand_values(field.cards, rule_set)
    legal = np.flatnonzero(hand_splits(cards, rule_set).legal(strict=rule_set.strict_order))
    rows, rules, opp = legal[::37], settle_arrays(rule_set), field.against(None)
    aces = sum(card.rank == Rank.ACE for card in cards)
    shared = kernel.split_sums(rows, values, False, aces, opp, rules)
    full, _ = kernel.split_totals(SPLITS[rows], values, False, aces, opp, rules)
    assert (shared == full.sum(axis=1)).all()
    monkeypatch.setattr(kernel, "_workers", lambda: 1)
    assert (kernel.split_sums(rows, values, False, aces, opp, rules) == shared).all()


def test_solve_many_gives_the_same_arrangements_with_or_without_the_kernel(monkeypatch):
    from maubinh.strategy.solver import solve_many

    hands = _hands("either way", 40) + [_natural_hands(random.Random(k)) for k in range(8)]
    for rule_set in (SOURCES[0], HOUSE[0]):
        fast = solve_many(hands, rule_set)
        monkeypatch.setenv("MAUBINH_KERNEL", "0")
        assert not kernel.ready()
        slow = solve_many(hands, rule_set)
        monkeypatch.delenv("MAUBINH_KERNEL")
        assert [str(a) for a in fast] == [str(a) for a in slow]


@pytest.mark.parametrize("seed", [0, 1, 2**40 + 3, -17, "a string seed"])
@pytest.mark.parametrize("k", [13, 26, 39])
def test_random_samples_draw_what_random_sample_draws(seed, k):
    population = [card.index for card in FULL_DECK[:39]]
    python, compiled = random.Random(seed), random.Random(seed)
    wanted = [python.sample(population, k) for _ in range(900)]  # 900 x up to 39 draws: the generator refills
    assert kernel.random_samples(compiled, population, k, 900).tolist() == wanted
    assert compiled.getstate() == python.getstate()  # left where the Python loop leaves it
    assert compiled.random() == python.random()


def test_random_samples_leave_other_cases_to_python():
    rng = random.Random(3)
    assert kernel.random_samples(rng, list(range(52)), 5, 10) is None  # random.sample's set method there
    assert kernel.random_samples(random.SystemRandom(), list(range(39)), 13, 2) is None
    assert rng.getstate() == random.Random(3).getstate()
    with pytest.raises(ValueError, match="sample of 40 from a population of 39"):
        kernel.random_samples(rng, list(range(39)), 40, 1)
    small, python = random.Random(4), random.Random(4)  # a population within the pool limit: compiled
    assert kernel.random_samples(small, list(range(20)), 5, 50).tolist() == [python.sample(range(20), 5) for _ in range(50)]


def test_the_install_step_marks_the_cache_compiled_for_this_source(tmp_path, monkeypatch):
    """Issue 32: ``python -m maubinh.strategy.kernel`` (the install step) marks numba's cache compiled, so that a
    server only loads it (no compile process); another cache folder is not compiled."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert not kernel.compiled()
    kernel._marker().touch()
    assert kernel.compiled() and kernel._marker().parent == tmp_path
    assert kernel._marker().name.startswith("kernel-compiled-")
    monkeypatch.setitem(kernel._STATE, "thread", None)
    assert kernel.seconds_left() is None  # nothing under way


def test_in_the_calling_thread_a_batch_runs_there_and_the_same(monkeypatch):
    """A big batch is cut over the pool's threads; within ``in_calling_thread`` (a low-priority lane's work) every
    slice runs in the caller's thread, the whole range once, and the setting ends with the block."""
    monkeypatch.setattr(kernel, "_workers", lambda: 2)

    def run() -> tuple[set[int], list[tuple[int, int]]]:
        threads: set[int] = set()
        slices: list[tuple[int, int]] = []

        def job(start: int, stop: int) -> None:
            threads.add(threading.get_ident())
            slices.append((start, stop))

        kernel.map_threads(job, 1000)
        return threads, sorted(slices)

    pooled, cut = run()
    assert threading.get_ident() not in pooled and cut == [(0, 500), (500, 1000)]
    with kernel.in_calling_thread():
        assert run() == ({threading.get_ident()}, [(0, 1000)])
    assert run()[1] == cut
