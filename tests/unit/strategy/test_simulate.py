"""Many deals (issue 7): reproducible from the seed, zero-sum per deal, sources adding up to the totals,
the same arrangements and settlements as the solver and ``settle``, and hand-checked source splits."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from maubinh import RULE_SET_IDS, Arrangement, load_rule_set, settle
from maubinh.cards import FULL_DECK, Card
from maubinh.house import edit
from maubinh.naturals import find_instant_win
from maubinh.play import Strength, bot_play
from maubinh.strategy.simulate import (
    CHI_SOURCES,
    ChiSource,
    deal_cards,
    estimate_seconds,
    play_deal,
    seat_sources,
    simulate,
    value_hands,
    work_units,
)
from maubinh.strategy.solver import hand_bounds, solve, solve_splits
from maubinh.strategy.tables import load_tables
from maubinh.strategy.vector import hand_splits

ROOT = Path(__file__).resolve().parents[3]
A = Arrangement.parse
SOURCES = [load_rule_set(rule_set_id) for rule_set_id in RULE_SET_IDS]
HOUSE = edit(load_rule_set("tinh-chi"), {"foul.penalty": 6, "bonus_clash.multiplier": 2, "aces.rule": "pairwise"},
             rule_set_id="nha-toi", names={"vi": "Nhà tôi", "en": "Our house"})


@pytest.fixture(scope="module")
def run():
    return simulate([*SOURCES, HOUSE], deals=40, seats=4, seed=11)


def test_the_same_seed_gives_the_same_result(run):
    again = simulate([*SOURCES, HOUSE], deals=40, seats=4, seed=11)
    for rule_set_id in run.rule_set_ids:
        assert (again.totals[rule_set_id] == run.totals[rule_set_id]).all()
        assert (again.sources[rule_set_id] == run.sources[rule_set_id]).all()
        assert (again.events[rule_set_id] == run.events[rule_set_id]).all()


def test_a_shorter_run_plays_the_first_deals_of_a_longer_one(run):
    short = simulate(SOURCES[:1], deals=7, seats=4, seed=11, chunk_size=3)
    assert (short.totals["chi-at"] == run.totals["chi-at"][:7]).all()
    other = simulate(SOURCES[:1], deals=7, seats=4, seed=12)
    assert (other.totals["chi-at"] != run.totals["chi-at"][:7]).any()


def test_every_deal_is_zero_sum_and_every_source_too(run):
    for rule_set_id in run.rule_set_ids:
        totals, sources = run.totals[rule_set_id], run.sources[rule_set_id]
        assert totals.shape == (40, 4) and sources.shape == (40, 4, len(CHI_SOURCES))
        assert (totals.sum(axis=1) == 0).all()
        assert (sources.sum(axis=1) == 0).all()


def test_the_sources_add_up_to_the_totals(run):
    for rule_set_id in run.rule_set_ids:
        assert (run.sources[rule_set_id].sum(axis=2) == run.totals[rule_set_id]).all()
        shares = run.shares(rule_set_id)
        assert sum(shares.values()) == pytest.approx(1.0)
        assert all(0 <= share <= 1 for share in shares.values())


def test_rule_sets_without_a_rule_get_no_chi_from_it(run):
    guide = run.sources["guide-2026"]
    for source in (ChiSource.CLASH, ChiSource.SCOOP, ChiSource.ACES):
        assert (guide[:, :, CHI_SOURCES.index(source)] == 0).all(), source
    assert (run.sources["chi-at"][:, :, CHI_SOURCES.index(ChiSource.ACES)] != 0).any()
    # The solver never fouls.
    for rule_set_id in run.rule_set_ids:
        assert (run.sources[rule_set_id][:, :, CHI_SOURCES.index(ChiSource.FOUL)] == 0).all()
        assert (run.events[rule_set_id][:, 2] == 0).all()


def test_summaries(run):
    totals = run.totals["chi-at"]
    assert run.swing("chi-at") == pytest.approx(np.abs(totals).mean())
    assert run.percentiles("chi-at", (0, 50, 100)) == [totals.min(), np.median(totals), totals.max()]
    rows = list(run.records())
    assert len(rows) == 40 * 4 * 5
    assert rows[0][:3] == (1, "chi-at", 1)
    assert all(row[3] == sum(row[4:]) for row in rows)


def test_deals_are_played_as_the_solver_and_settle_would():
    rng = random.Random(3)
    for _ in range(6):
        cards = rng.sample(FULL_DECK, 52)
        hands = [cards[13 * s : 13 * s + 13] for s in range(4)]
        for rule_set, got in zip([*SOURCES, HOUSE], play_deal(hands, [*SOURCES, HOUSE])):
            if rule_set is HOUSE:
                expected = settle([solve(h, rule_set) for h in hands], rule_set)
            else:
                expected = settle([solve(h, rule_set) for h in hands], rule_set)
            assert got == expected


def test_bounds_shared_across_rule_sets_find_the_solvers_split():
    rng = random.Random(5)
    for _ in range(40):
        cards = rng.sample(FULL_DECK, 13)
        for rule_set in SOURCES:
            hand = hand_splits(cards, rule_set)
            valued = value_hands([cards], rule_set)[0]
            assert (valued.key5 == hand.key5).all() and (valued.class3 == hand.class3).all()
            assert valued.aces == hand.aces
            tables = load_tables(rule_set)
            assert solve_splits(hand, tables, hand_bounds(valued)) == solve_splits(hand, tables)


def test_worker_processes_give_the_same_result():
    one = simulate(SOURCES[2:], deals=12, seats=3, seed=4, chunk_size=4)
    two = simulate(SOURCES[2:], deals=12, seats=3, seed=4, chunk_size=4, workers=2)
    assert two.workers in (1, 2)
    for rule_set_id in one.rule_set_ids:
        assert (one.totals[rule_set_id] == two.totals[rule_set_id]).all()
        assert (one.sources[rule_set_id] == two.sources[rule_set_id]).all()


def test_progress_is_reported_up_to_the_number_of_deals():
    seen = []
    simulate(SOURCES[:1], deals=5, seats=2, seed=1, chunk_size=2, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(2, 5), (4, 5), (5, 5)]


def test_bad_arguments():
    with pytest.raises(ValueError, match="2-4 seats"):
        simulate(SOURCES, deals=2, seats=5)
    with pytest.raises(ValueError, match="deals must be"):
        simulate(SOURCES, deals=-1)
    with pytest.raises(ValueError, match="same id"):
        simulate([SOURCES[0], SOURCES[0]], deals=1)
    assert len(list(deal_cards(3, 2, 1))) == 3


# --------------------------------------------------------------------------- sources, hand-checked


def _row(**amounts):
    return [amounts.get(source.value, 0) for source in CHI_SOURCES]


def test_a_scoop_splits_into_plain_chi_and_the_scoop():
    # digest §2.6: X wins all 3 chi from Y (3 -> x2 = 6); Y holds 2 aces, X none -> X takes 4.
    x = A("Td 8h Ts Tc 8d", "4h 3h 2c 6h 5s", "4c Ks Qs")
    y = A("5d Ah 5c 5h Ac", "Jd 9s 8s 8c 9c", "2s 7h 4s")
    rule_set = load_rule_set("tinh-chi")
    settlement = settle([x, y], rule_set)
    assert settlement.totals == (4, -4)
    assert seat_sources(settlement, rule_set) == [_row(plain=3, scoop=3, aces=-2), _row(plain=-3, scoop=-3, aces=2)]


def test_chat_chong_splits_into_plain_bonus_and_clash():
    # chi-at: four kings beat four sevens at the back: 4 chi, doubled (chặt chồng) = 8.
    x = A("Ks Kd Kc Kh 2d", "Qs Qd 9c 8s 2h", "3h 3c 4d")
    y = A("7s 7d 7c 7h 2c", "Js Jd 9d 8h 4h", "5s 5c 6d")
    rule_set = load_rule_set("chi-at")
    settlement = settle([x, y], rule_set)
    assert settlement.pair(0, 1).items[0].amount == 8
    assert seat_sources(settlement, rule_set)[0] == _row(plain=1 + 1 - 1, bonus=3, clash=4)
    assert sum(seat_sources(settlement, rule_set)[0]) == settlement.totals[0]


def test_a_foul_and_an_instant_win():
    six_pairs = A("Jh Jc 9h 9c Ah", "6h 6c 5h 5c 2h", "4h 4c 2d")
    fouled = A("Ks Kd Js 8s 2s", "As Ad Ac 7h 7d", "Qs Qc 3d")
    legal = A("Ts Td 4s 4d 3s", "9s 9d 6s 5s 3h", "8h 7c 2c")
    rule_set = load_rule_set("guide-2026")
    settlement = settle([six_pairs, fouled, legal], rule_set)
    rows = seat_sources(settlement, rule_set)
    natural = settlement.naturals[0].chi
    assert rows[0] == _row(natural=2 * natural)
    assert rows[1] == _row(natural=-natural, foul=-6)
    assert rows[2] == _row(natural=-natural, foul=6)


def test_the_benchmark_runs_and_prints_its_figure():
    done = subprocess.run(
        [sys.executable, "bench/simulate_speed.py", "--deals", "4", "--numpy-deals", "2", "--seats", "2",
         "--workers", "1"],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "target: 2,000 deals <= 3 s" in done.stdout and "same totals, kernel and numpy: True" in done.stdout


@pytest.mark.parametrize("seats", [2, 4])
def test_the_kernel_plays_every_deal_as_the_numpy_path(seats):
    # issue 14: the same solver splits, instant wins and settlement, every rule set and house rules.
    rule_sets = [*SOURCES, HOUSE]
    fast = simulate(rule_sets, deals=60, seats=seats, seed=21, compiled=True, chunk_size=25)
    slow = simulate(rule_sets, deals=60, seats=seats, seed=21, compiled=False)
    for rule_set_id in fast.rule_set_ids:
        assert (fast.totals[rule_set_id] == slow.totals[rule_set_id]).all(), rule_set_id
        assert (fast.sources[rule_set_id] == slow.sources[rule_set_id]).all(), rule_set_id
        assert (fast.events[rule_set_id] == slow.events[rule_set_id]).all(), rule_set_id


def test_the_kernel_path_declares_instant_wins_as_settle_does():
    # Deals where seat 1 holds six pairs (dealt from a seed found by search).
    seed = next(s for s in range(500) if find_instant_win(
        [Card.from_index(i) for i in random.Random(s).sample(range(52), 26)[:13]], SOURCES[3]) is not None)
    fast = simulate(SOURCES, deals=1, seats=2, seed=seed, compiled=True)
    slow = simulate(SOURCES, deals=1, seats=2, seed=seed, compiled=False)
    assert fast.events["guide-2026"][0, 0] == 1
    for rule_set_id in fast.rule_set_ids:
        assert (fast.sources[rule_set_id] == slow.sources[rule_set_id]).all(), rule_set_id


def test_a_run_can_be_stopped_from_its_progress_callback_and_estimated():
    def stop(done, total):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(SOURCES, deals=30, seats=2, seed=1, chunk_size=10, progress=stop)
    assert 0 < estimate_seconds(4, 100_000, 4) < estimate_seconds(4, 100_000, 4, compiled=False)


def test_an_estimate_from_a_measured_rate() -> None:
    """Issue 20, item 13: the estimate divides the run's work by the rate measured on real runs."""
    assert work_units(2, 2000, 4) == 16_000
    assert estimate_seconds(2, 2000, 4, rate=300.0) == pytest.approx(16_000 / 300)
    assert estimate_seconds(2, 2000, 4, compiled=False, rate=None) == estimate_seconds(2, 2000, 4, compiled=False)
    mixed = (Strength.SOLVER, Strength.MEDIUM, Strength.BEGINNER, Strength.SOLVER)
    assert estimate_seconds(2, 2000, 4, players=mixed) > estimate_seconds(2, 2000, 4, compiled=False)
    assert estimate_seconds(2, 2000, 4, players=(Strength.SOLVER,) * 4) == estimate_seconds(2, 2000, 4)


def test_house_minus_base_and_other_players_show_who_gains() -> None:
    """Issue 20, item 13: per deal and seat, a rule set's chi minus the base's; different players seated."""
    base = load_rule_set("guide-2026")
    double = load_rule_set("chi-at")
    players = (Strength.SOLVER, Strength.MEDIUM, Strength.BEGINNER)
    mixed = simulate([base, double], deals=12, seats=3, seed=4, players=players)
    assert mixed.players == ("solver", "medium", "beginner")
    gains = mixed.gains("chi-at", "guide-2026")
    assert gains.shape == (12, 3) and (gains.sum(axis=1) == 0).all()  # zero-sum: one seat's gain, another's loss
    assert (gains == mixed.totals["chi-at"] - mixed.totals["guide-2026"]).all()
    means = mixed.mean_gains("chi-at", "guide-2026")
    assert [round(m, 9) for m, _ in means] == [round(float(gains[:, s].mean()), 9) for s in range(3)]
    assert all(error > 0 for _, error in means)
    # deal 0 as played, and every seat's play the player's own (beginners: strongest back first)
    cards = next(iter(deal_cards(1, 3, 4)))
    hands = [cards[13 * s: 13 * s + 13] for s in range(3)]
    assert play_deal(hands, [base], players, "4:0")[0].totals == tuple(int(v) for v in mixed.totals["guide-2026"][0])
    bots = [bot_play(hand, Strength.BEGINNER, base, 3) for hand in hands]
    by_hand = settle([bot.arrangement for bot in bots], base,
                     [bot.declare and find_instant_win(hand, base) is not None for bot, hand in zip(bots, hands)])
    assert play_deal(hands, [base], (Strength.BEGINNER,) * 3)[0].totals == by_hand.totals
    # the same deals with the solver everywhere: the seats are alike, so the solver-only run differs
    solver_only = simulate([base, double], deals=12, seats=3, seed=4, compiled=False)
    assert solver_only.players == ("solver",) * 3
    assert simulate([base], deals=2, seats=3, seed=4, players=(Strength.SOLVER,) * 3, compiled=False).totals[
        "guide-2026"].tolist() == solver_only.totals["guide-2026"][:2].tolist()
    with pytest.raises(ValueError, match="one per seat"):
        simulate([base], deals=1, seats=3, players=(Strength.SOLVER,))
