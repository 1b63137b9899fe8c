"""The Play table (maubinh.play): deals from a seed, computer players, settlement, score and analysis."""

from __future__ import annotations

import json

import numpy as np
import pytest

from maubinh.arrangement import Arrangement, foul_reason
from maubinh.cards import cards_text
from maubinh.play import (
    CANDIDATES,
    CHOOSE_SAMPLES,
    SCORE_SAMPLES,
    Analysis,
    Strength,
    Table,
    analyse,
    bot_play,
    deal_cards,
    fouled_split,
    play_deal,
    running_score,
    study,
)
from maubinh.rules import RULE_SET_IDS, Position, load_rule_set
from maubinh.settle import ItemKind, settle
from maubinh.strategy.arrangers import arrange_simple
from maubinh.strategy.decide import decide
from maubinh.strategy.field import best_splits, field_values, sample_field
from maubinh.strategy.vector import split_arrangement

CHI_AT = load_rule_set("chi-at")


def test_a_deal_is_fixed_by_seed_and_number() -> None:
    hands = deal_cards(7, 1, 4)
    assert cards_text(hands[0]) == "Ad Ac Kd 9s 8s 8h 7s 7c 6s 6c 5s 3h 2h"
    assert cards_text(hands[3]) == "Ah Ks Kh Qd Jd Td 8c 6h 4s 4d 3s 3c 2s"
    assert deal_cards(7, 1, 4) == hands
    assert deal_cards(7, 2, 4) != hands and deal_cards(8, 1, 4) != hands
    assert len({card for hand in hands for card in hand}) == 52
    assert deal_cards(7, 1, 2) == hands[:2]  # fewer seats: the same first hands


def test_table_sizes_are_checked() -> None:
    with pytest.raises(ValueError, match="1-3 computer players"):
        Table(CHI_AT, 1, ())
    with pytest.raises(ValueError, match="2-4 seats"):
        deal_cards(1, 1, 5)


def test_the_example_deal_settles_as_settle_does() -> None:
    table = Table(CHI_AT, 7, (Strength.BEGINNER,))
    mine = arrange_simple(table.deal(1)[0], CHI_AT)
    assert str(mine) == "9s 8s 7s 6s 5s | Ad Ac Kd 8h 7c | 6c 3h 2h"
    result = play_deal(table, 1, mine)
    assert str(result.arrangements[1]) == "Kc Tc 9c 5c 4c | Qh 9h 8d 7h 7d | 5h 3d 2d"
    # straight flush in the back 5, middle 1, front 1, scooped: (5 + 1 + 1) x 2 = 14, and two aces to none: 2
    assert result.settlement.totals == (16, -16)
    assert result.settlement == settle(result.arrangements, CHI_AT, result.declared)
    assert result.player_total == 16


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_settlement_is_zero_sum_and_the_score_adds_up(rule_set_id: str) -> None:
    rule_set = load_rule_set(rule_set_id)
    table = Table(rule_set, 11, (Strength.SOLVER, Strength.MEDIUM, Strength.BEGINNER))
    results = [play_deal(table, n, arrange_simple(table.deal(n)[0], rule_set)) for n in range(1, 5)]
    for result in results:
        assert sum(result.settlement.totals) == 0
        assert len(result.arrangements) == 4
    score = running_score(results, 4)
    assert sum(score) == 0
    assert score[0] == sum(r.player_total for r in results)


def test_the_same_seed_gives_the_same_deal_and_the_same_bots() -> None:
    table = Table(CHI_AT, 3, (Strength.SOLVER, Strength.MEDIUM, Strength.BEGINNER))
    assert table.bot_plays(2) == table.bot_plays(2)
    again = Table(CHI_AT, 3, (Strength.SOLVER, Strength.MEDIUM, Strength.BEGINNER))
    assert again.deal(2) == table.deal(2) and again.bot_plays(2) == table.bot_plays(2)


def test_bots_never_foul_and_hold_their_own_cards() -> None:
    for rule_set_id in RULE_SET_IDS:
        rule_set = load_rule_set(rule_set_id)
        table = Table(rule_set, 5, (Strength.SOLVER, Strength.MEDIUM, Strength.BEGINNER))
        for number in range(1, 9):
            hands = table.deal(number)
            for seat, play in enumerate(table.bot_plays(number), start=1):
                assert sorted(play.arrangement.cards) == sorted(hands[seat])
                assert play.declare or foul_reason(play.arrangement, rule_set) is None


def test_beginner_sets_strongest_back_first_and_medium_differs_from_it_sometimes() -> None:
    table = Table(CHI_AT, 5, (Strength.MEDIUM,))
    differ = 0
    for number in range(1, 13):
        cards = table.deal(number)[1]
        assert bot_play(cards, Strength.BEGINNER, CHI_AT, 2).arrangement == arrange_simple(cards, CHI_AT)
        medium = bot_play(cards, Strength.MEDIUM, CHI_AT, 2, seed=number).arrangement
        differ += medium != arrange_simple(cards, CHI_AT)
    assert differ > 0


def test_a_wrong_arrangement_is_refused() -> None:
    table = Table(CHI_AT, 7, (Strength.BEGINNER,))
    other = arrange_simple(table.deal(1)[1], CHI_AT)
    with pytest.raises(ValueError, match="does not hold the cards of deal 1"):
        play_deal(table, 1, other)
    with pytest.raises(ValueError, match="does not hold the cards of deal 1"):
        analyse(table, 1, other)


def test_the_best_split_loses_nothing() -> None:
    table = Table(CHI_AT, 7, (Strength.SOLVER, Strength.BEGINNER))
    first = analyse(table, 1, arrange_simple(table.deal(1)[0], CHI_AT))
    best = analyse(table, 1, first.best, first.best_declare)
    assert best.cost == 0.0 and best.cost_stderr == 0.0
    assert best.foul is None and best.worst is None
    assert all(best.cost_of(line) == 0.0 for line in best.lines)
    assert best.opponents == 2
    # the same inputs, the same analysis
    assert analyse(table, 1, first.best, first.best_declare).mine.totals == best.mine.totals


def test_a_deals_preparation_is_shared_by_every_split_and_changes_no_number() -> None:
    """The Play page prepares the analysis while the player arranges (issue 19): the same numbers as made at once."""
    table = Table(CHI_AT, 11, (Strength.SOLVER, Strength.MEDIUM, Strength.BEGINNER))
    good = arrange_simple(table.deal(2)[0], CHI_AT)
    fouled = Arrangement(good.middle, good.back, good.front)
    prepared = study(table, 2)
    for split in (good, fouled):
        assert analyse(table, 2, split, studied=prepared) == analyse(table, 2, split)
    assert prepared.scoring.field.samples == SCORE_SAMPLES and prepared.scoring.field.opponents == 3


def test_a_fouled_split_is_flagged_and_costs_chi() -> None:
    table = Table(CHI_AT, 7, (Strength.BEGINNER,))
    good = arrange_simple(table.deal(1)[0], CHI_AT)
    fouled = Arrangement(good.middle, good.back, good.front)
    assert foul_reason(fouled, CHI_AT) == (Position.BACK, Position.MIDDLE)
    result = analyse(table, 1, fouled)
    assert result.foul == (Position.BACK, Position.MIDDLE)
    assert result.cost > 1.0 and result.cost > 5 * result.cost_stderr
    assert result.cost_of(ItemKind.FOUL) > 1.0
    assert ItemKind.FOUL in result.lines[:2]
    good_result = analyse(table, 1, good)
    assert good_result.foul is None and 0.0 <= good_result.cost < result.cost
    # As JSON (a room's hand keeps the analysis one server made, classroom.rooms): read back equal, to the last deal.
    for made in (result, analyse(table, 1, fouled, actual=-6, missed=True)):
        again = Analysis.from_data(json.loads(json.dumps(made.to_data())))
        assert again == made and again.worst == made.worst and again.mine.totals == made.mine.totals
    assert again.missed and again.actual == -6 and again.best_actual is not None and again.mine_scoops is not None


def test_the_lines_add_up_to_the_cost() -> None:
    table = Table(CHI_AT, 7, (Strength.SOLVER, Strength.MEDIUM, Strength.BEGINNER))
    result = analyse(table, 2, arrange_simple(table.deal(2)[0], CHI_AT), actual=-3)
    assert sum(result.cost_of(line) for line in result.lines) == pytest.approx(result.cost)
    assert result.actual == -3
    for position in (Position.BACK, Position.MIDDLE, Position.FRONT):
        assert 0.0 <= result.win_share(position) <= 1.0


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_heads_up_the_analysis_agrees_with_grading_every_legal_split(number: int) -> None:
    """Issue 19, "the analysis's numbers are right": at a table of two, every legal split is scored on an
    independent sample of 4,000 deals (the exhaustive grading of "set it yourself"); the analysis's best split is
    worth the exhaustive best within three standard errors, and the cost it gives a plain split (strongest back
    first) is the exhaustive gap within three standard errors of the two estimates."""
    table = Table(CHI_AT, 5, (Strength.SOLVER,))
    cards = table.deal(number)[0]
    plain = arrange_simple(cards, CHI_AT)
    if study(table, number).held is not None:
        pytest.skip("an instant win: declared or not, not a split to grade")
    result = analyse(table, number, plain)
    field = sample_field(cards, CHI_AT, opponents=1, samples=4000, seed=990 + number)
    (row,), _ = best_splits(field)
    best = split_arrangement(np.array([c.index for c in cards], dtype=np.int64), int(row))
    totals, _ = field_values([best, result.best, plain], field, declared=[False] * 3)
    exhaustive, found, mine = (totals[i].astype(float) for i in range(3))

    def se(values: np.ndarray) -> float:
        return float(values.std(ddof=1) / np.sqrt(values.size))

    missed = exhaustive - found
    assert missed.mean() <= 3 * se(missed) + 1e-9, (number, missed.mean(), se(missed))
    gap = exhaustive - mine
    assert abs(gap.mean() - result.cost) <= 3 * float(np.hypot(se(gap), result.cost_stderr)) + 0.02, (
        number, gap.mean(), result.cost, result.cost_stderr)


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_a_timed_out_miss_is_charged_what_binh_lung_costs_against_the_best(rule_set_id: str) -> None:
    """Issue 31: the timer played the solver's split (no complete, legal split of the player's): the analysis
    scores the player as binh lủng (any fouled split of the cards settles the same) against the best split."""
    rule_set = load_rule_set(rule_set_id)
    table = Table(rule_set, 5, (Strength.BEGINNER,))
    cards = table.deal(2)[0]
    fouled = fouled_split(cards, rule_set)
    assert foul_reason(fouled, rule_set) is not None and sorted(fouled.cards) == sorted(cards)
    other = Arrangement(fouled.middle, fouled.back, fouled.front)  # another split, fouled or not
    solver = arrange_simple(cards, rule_set)  # what the timer plays here stands for any legal split
    missed = analyse(table, 2, solver, missed=True)
    foul = analyse(table, 2, fouled)
    assert missed.missed and not foul.missed and missed.foul is not None
    assert (missed.cost, missed.cost_stderr, missed.mine.totals) == (foul.cost, foul.cost_stderr, foul.mine.totals)
    assert missed.best == foul.best and missed.cost > analyse(table, 2, solver).cost
    if foul_reason(other, rule_set) is not None:  # every binh lủng of the same cards pays the same
        assert analyse(table, 2, other).mine.totals == foul.mine.totals


def test_a_declared_instant_win_is_no_miss_when_time_runs_out() -> None:
    """A declared instant win stands whatever the split (digest §2.4): the timer's solver split is then no miss."""
    rule_set = load_rule_set("chi-at")
    table = Table(rule_set, 43, (Strength.BEGINNER,))  # deal 1 holds an instant win
    split = decide(table.deal(1)[0], rule_set, opponents=1).arrangement
    declared = analyse(table, 1, split, True, missed=True)
    assert not declared.missed and declared.declare and declared.arrangement == split
    assert analyse(table, 1, split, False, missed=True).missed


def test_a_deals_spread_is_how_far_its_plausible_splits_fall_below_the_best() -> None:
    """The Play rating's opponent (issue 36): the mean shortfall of the 24 best legal splits against the best, chi per
    deal, heads-up; an independent sample of as many deals gives the same within a few hundredths, a hand with one
    right split (deal 1: 2.07 chi) far above one where any sensible split will do (deal 2: 0.04 chi)."""
    table = Table(CHI_AT, 5, (Strength.SOLVER,))
    spreads = []
    for number in (1, 2, 3):
        studied = study(table, number)
        cards = table.deal(number)[0]
        field = sample_field(cards, CHI_AT, opponents=1, samples=CHOOSE_SAMPLES, seed=777 + number)
        _, means = best_splits(field, count=CANDIDATES)
        assert studied.spread is not None and studied.spread >= 0.0
        assert studied.spread == pytest.approx(float(np.mean(means[0] - means)), abs=0.03)
        assert analyse(table, number, arrange_simple(cards, CHI_AT), studied=studied).spread == studied.spread
        spreads.append(studied.spread)
    assert spreads == pytest.approx([2.067, 0.044, 0.697], abs=0.001)
    held = Table(CHI_AT, 43, (Strength.BEGINNER,))  # deal 1 holds an instant win: whether to declare, not a split
    assert study(held, 1).spread is None
