"""One declare rule everywhere (issue 24, items 2-5; digest §2.4, readings revised and revised again).

- The compiled kernel and the numpy path of ``solve`` make the same declare-or-play choice and give the same
  split on every split-pattern hand (three flushes, three straights, three straight flushes) of a random
  sample, at 2, 3 and 4 seats; a hand played out is never binh lủng, under either order.
- ``solve``, the sampled opponents and the simulation declare as ``decide`` measures, within its error.
- The sources' examples: guide-2026 ranks instant wins in its own list (three flushes and three straights
  above lục phé bôn), and a split pattern shows its strongest legal split.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from maubinh.arrangement import Arrangement, is_foul
from maubinh.cards import parse_cards
from maubinh.drills.build import BuildError, Pool
from maubinh.drills.natural import pattern_hand
from maubinh.house import edit
from maubinh.naturals import find_instant_win
from maubinh.rules import RULE_SET_IDS, NaturalPattern, load_rule_set
from maubinh.settle import settle
from maubinh.strategy import kernel
from maubinh.strategy.decide import decide
from maubinh.strategy.solver import declared_instant_win, quick_declare, solve_many
from maubinh.strategy.tables import load_tables
from maubinh.strategy.vector import hand_splits

SPLIT_PATTERNS = (NaturalPattern.BA_THUNG, NaturalPattern.BA_SANH, NaturalPattern.BA_THUNG_PHA_SANH)


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    assert kernel.ready(wait=True), kernel.status()


def _split_pattern_hands(n: int, seed: int) -> list[tuple]:
    rng = random.Random(seed)
    hands: list[tuple] = []
    while len(hands) < n:
        try:
            cards = pattern_hand(Pool(rng), rng.choice(SPLIT_PATTERNS))
        except BuildError:
            continue
        if len(set(cards)) == 13:
            hands.append(tuple(cards))
    return hands


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_kernel_and_numpy_agree_on_split_pattern_hands(seats: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # (bench/declare_paths.py runs the same check on several thousand hands per table size)
    hands = _split_pattern_hands(300, seats)
    strict = edit(load_rule_set("chi-at"), {"order.strict": True}, rule_set_id="strict")
    for rule_set in (load_rule_set("tinh-chi"), strict):
        fast = solve_many(hands, rule_set, seats=seats)
        monkeypatch.setenv("MAUBINH_KERNEL", "0")
        assert not kernel.ready()
        slow = solve_many(hands, rule_set, seats=seats)
        monkeypatch.delenv("MAUBINH_KERNEL")
        assert [str(a) for a in fast] == [str(a) for a in slow], rule_set.id
        for cards, arranged in zip(hands, fast):
            natural = find_instant_win(cards, rule_set)
            declared = natural is not None and natural.split is not None and arranged == natural.split
            assert declared or not is_foul(arranged, rule_set), (rule_set.id, arranged)


def test_a_hand_worth_more_played_out_is_played_by_both_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 24, item 4: tinh-chi's three flushes (9 chi) are worth less than 9-high trips set out.
    cards = parse_cards("5s 5h 6s 6h 7s 7h 7d 8s 8h 8d 9s 9h 9d")
    rule_set = load_rule_set("tinh-chi")
    fast = solve_many([cards], rule_set)[0]
    monkeypatch.setenv("MAUBINH_KERNEL", "0")
    slow = solve_many([cards], rule_set)[0]
    monkeypatch.delenv("MAUBINH_KERNEL")
    assert fast == slow and not is_foul(fast, rule_set)
    assert fast != find_instant_win(cards, rule_set).split and not decide(cards, rule_set).declare


def test_the_example_hand_that_declares_is_declared_everywhere() -> None:
    # Issue 24, item 5: chi-at, three straights (18 chi) that the tables' estimate (19) would play out;
    # decide measures declaring better by about 1.5 chi per deal.
    cards = parse_cards("4c 4h 5d 5s 6c 6d 6s 7c 7h 7s 8d 8h 8s")
    rule_set = load_rule_set("chi-at")
    decision = decide(cards, rule_set)
    assert decision.declare and decision.declare_mean - decision.play_mean > 3 * decision.gap_stderr
    natural = find_instant_win(cards, rule_set)
    assert solve_many([cards], rule_set)[0] == natural.split
    assert declared_instant_win(cards, rule_set) == natural
    assert quick_declare(hand_splits(cards, rule_set), load_tables(rule_set), rule_set=rule_set)[0]


def _instant_win_hands(rule_set, n: int, seed: int) -> list[tuple]:
    rng = random.Random(seed)
    patterns = [rule.pattern for rule in rule_set.naturals]
    hands: list[tuple] = []
    while len(hands) < n:
        try:
            cards = tuple(pattern_hand(Pool(rng), rng.choice(patterns)))
        except BuildError:
            continue
        if len(set(cards)) == 13 and find_instant_win(cards, rule_set) is not None:
            hands.append(cards)
    return hands


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_the_declare_rule_agrees_with_decide_within_its_error(rule_set_id: str) -> None:
    rule_set = load_rule_set(rule_set_id)
    tables = load_tables(rule_set)
    for cards in _instant_win_hands(rule_set, 12, 24):
        measured = decide(cards, rule_set)
        gap = measured.declare_mean - measured.play_mean
        chosen, _ = quick_declare(hand_splits(cards, rule_set), tables, rule_set=rule_set)
        if abs(gap) > 3 * measured.gap_stderr:
            assert chosen is measured.declare, (rule_set_id, cards, gap)


def test_guide_2026_ranks_instant_wins_in_its_own_list_digest_2_4() -> None:
    rule_set = load_rule_set("guide-2026")
    three_flushes = Arrangement.parse("3s 6s 9s Qs As", "2h 5h 8h Jh Kh", "4d 7d 9d")
    six_pairs = Arrangement.parse("Ts Th 8s 8c 2s", "7s 7c 5s 5c 4s", "4c 2c Ah")
    assert settle([three_flushes, six_pairs], rule_set).totals == (18, -18)
    three_straights = Arrangement.parse("9d Td Jc Qs Kd", "5c 6c 7c 8d 9c", "Ac 2d 3d")
    six_pairs_b = Arrangement.parse("Ts Th 8s 8h 2s", "7s 7h 5s 5h 4s", "4h 2h As")
    assert settle([three_straights, six_pairs_b], rule_set).totals == (18, -18)


def test_tinh_chi_one_colour_hands_rank_first_on_an_equal_amount_digest_2_4() -> None:
    order = [rule.pattern for rule in load_rule_set("tinh-chi").naturals]
    assert order.index(NaturalPattern.DONG_MAU_13) < order.index(NaturalPattern.LUC_PHE_BON)
    assert order.index(NaturalPattern.DONG_MAU_12) < order.index(NaturalPattern.BA_THUNG)


def test_a_split_pattern_shows_its_strongest_legal_split_digest_2_4() -> None:
    cards = parse_cards("2c 3d 4h 5s 5h 6s 6d 7c 7h 8s 8d 9c 9h")
    plain = find_instant_win(cards, load_rule_set("luckywin"))
    assert str(plain.split) == "9c 8s 7c 6s 5s | 9h 8d 7h 6d 5h | 4h 3d 2c"  # equal straights: legal
    strict = edit(load_rule_set("luckywin"), {"order.strict": True}, rule_set_id="strict")
    shown = find_instant_win(cards, strict)
    assert str(shown.split) == "9c 8s 7c 6s 5s | 6d 5h 4h 3d 2c | 9h 8d 7h"
    assert not is_foul(shown.split, strict)
    # luckywin's tie-break "chi one by one" compares the splits shown: these keys are the shown split's
    assert shown.tiebreak != plain.tiebreak


def test_a_house_that_moves_the_wheel_keeps_every_hand_count_under_its_own_key() -> None:
    # Issue 24, item 6: the source's opponent counts are renumbered for the edited straight order.
    from maubinh.cards import parse_cards as cards_of
    from maubinh.strategy.fast import evaluate_many
    from maubinh.strategy.vector import classes

    def key(text: str, wheel) -> int:
        return int(evaluate_many(np.array([[c.index for c in cards_of(text)]]), wheel)[0])

    source = load_rule_set("chi-at")  # the wheel second
    house = edit(source, {"wheel.value": "lowest"}, rule_set_id="wheel-low")
    before, after = load_tables(source), load_tables(house)
    for text in ("As 2h 3d 4c 5s", "As 2s 3s 4s 5s", "9s 8h 7d 6c 5s", "Ks Kh Kd 2c 2s", "Ts Js Qs Ks As"):
        old = int(np.searchsorted(classes(source, 5)[0], key(text, source.wheel)))
        new = int(np.searchsorted(classes(house, 5)[0], key(text, house.wheel)))
        for position in (0, 1):
            assert after.counts[position][new] == before.counts[position][old], text
    assert after.counts[0].sum() == pytest.approx(before.counts[0].sum())
    # and a wheel straight in the middle now loses to 6-high more often than under chi-at's order
    wheel = int(np.searchsorted(classes(house, 5)[0], key("As 2h 3d 4c 5s", house.wheel)))
    old_wheel = int(np.searchsorted(classes(source, 5)[0], key("As 2h 3d 4c 5s", source.wheel)))
    assert after.win[1][wheel] < before.win[1][old_wheel]
