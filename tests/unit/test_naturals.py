"""Instant wins (digest §2.4), searched over the 13 cards."""

import pytest

from maubinh import NaturalPattern as P
from maubinh import find_instant_win, load_rule_set, matching_patterns, parse_cards
from maubinh.naturals import natural_split


def pats(text):
    return set(matching_patterns(parse_cards(text)))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As",
         {P.RONG_CUON, P.SANH_RONG, P.BA_THUNG_PHA_SANH, P.DONG_MAU_13, P.BA_THUNG, P.BA_SANH}),
        ("2h 3h 4h 5h 6h 9s Ts Js Qs Ks Qd Kd Ad", {P.BA_THUNG_PHA_SANH, P.BA_THUNG, P.BA_SANH}),
        ("2h 2c 2d 5h 5d 5s 9s 9c 9d Kd Kc Ks Ad", {P.BON_SAM}),
        ("2h 2c 2d 2s 5d 5s 5c 5h 9c 9d 9s 9h Ad", {P.BA_TU_QUY, P.LUC_PHE_BON}),
        ("2s 2h 5d 5c 7s 7h 9d 9c Js Jh Kd Kc Ks", {P.NAM_DOI_SAM, P.LUC_PHE_BON}),
        ("2s 2h 5d 5c 7s 7h 9d 9c Js Jh Kd Kc As", {P.LUC_PHE_BON}),
        ("2h 3h 5h 7h 9h Jh Kh 4d 6d 8d Td Qd Kd", {P.DONG_MAU_13}),
        ("2h 3h 5h 7h 9h Jh Kh 4d 6d 8d Td Qd Ks", {P.DONG_MAU_12}),
        ("2h 3h 5h 7h 9h Jh Kh 4d 6d 8d Td Qd Qh", {P.DONG_MAU_13, P.BA_THUNG}),
        ("2h 3c 5h 7d 9h Jc Kh 4d 6s 8s Td Qd Qs", set()),
    ],
)
def test_patterns(text, expected):
    assert pats(text) == expected


def test_one_colour_hand_that_is_not_a_dragon():
    hand = parse_cards("2h 3h 5h 7h 9h Jh Kh 4d 6d 8d Td Qd Kd")  # 7 hearts, 6 diamonds: no three flushes
    win = find_instant_win(hand, load_rule_set("chi-at"))
    assert win.pattern is P.DONG_MAU_13 and win.chi == 39  # "13 chi / 1 chi", read as 13 x 3
    assert find_instant_win(hand, load_rule_set("tinh-chi")).chi == 12
    assert find_instant_win(hand, load_rule_set("guide-2026")) is None  # not listed there


def test_three_flushes_hidden_in_a_split_the_player_did_not_choose():
    # Dealt in an order whose naive 5/5/3 cut mixes suits; the search still finds 5 spades, 5 hearts, 3 diamonds.
    hand = parse_cards("As Kh 2d Qs 7h 9s 3d 5h Js 6h 4s Th Kd")
    win = find_instant_win(hand, load_rule_set("tinh-chi"))
    assert win.pattern is P.BA_THUNG and win.chi == 9
    split = win.split
    assert {c.suit for c in split.back} != {c.suit for c in split.middle}
    assert len({c.suit for c in split.front}) == 1 and len(split.front) == 3


def test_hand_matching_two_patterns_is_paid_the_first_in_the_list():
    five_pairs_trips = parse_cards("2s 2h 5d 5c 7s 7h 9d 9c Js Jh Kd Kc Ks")
    assert find_instant_win(five_pairs_trips, load_rule_set("luckywin")).pattern is P.NAM_DOI_SAM
    assert find_instant_win(five_pairs_trips, load_rule_set("chi-at")).pattern is P.NAM_DOI_SAM
    # tinh-chi has no five-pairs-and-trips pattern: the trips count as a pair (reading), six pairs pays 12.
    win = find_instant_win(five_pairs_trips, load_rule_set("tinh-chi"))
    assert (win.pattern, win.chi) == (P.LUC_PHE_BON, 12)
    dragon_flush = parse_cards("2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As")
    assert [(find_instant_win(dragon_flush, load_rule_set(r)).chi) for r in ("chi-at", "tinh-chi")] == [78, 39]


def test_three_straights_with_low_ace_front_and_wheel_order():
    hand = parse_cards("Ah 2c 3h 4h 5d 9s Ts Jc Qs Kd Qd Kc Ad")
    split = natural_split(hand, P.BA_SANH)
    assert split is not None
    chi_at = find_instant_win(hand, load_rule_set("chi-at")).split
    # chi-at ranks A-2-3-4-5 above 9-K, so the wheel is set in the back there.
    assert min(c.rank for c in chi_at.back) == 2


def test_wrong_card_count_is_refused():
    with pytest.raises(ValueError, match="13 distinct cards"):
        find_instant_win(parse_cards("As Kd"), load_rule_set("chi-at"))


# --- two players' instant wins compared by the best-listed pattern each shows (luckywin) ------

def _lw_totals(a, b):
    from maubinh import Arrangement, settle

    return settle([Arrangement.parse(*a), Arrangement.parse(*b)], load_rule_set("luckywin")).totals


def test_luckywin_dragon_that_is_also_three_straight_flushes_ties_a_plain_dragon():
    assert _lw_totals(("6h 7h 8h 9h Th", "As 2s 3s 4s 5s", "Jd Qd Kd"),
                      ("Ac 2c 3c 4c 5c", "6c 7c 8c 9c Tc", "Jc Qc Kh")) == (0, 0)


def test_luckywin_six_pairs_and_twelve_red_ties_twelve_red():
    assert _lw_totals(("2h 2d 3h 3d 4h", "4d 5h 5d 6h 6d", "7h 7d As"),
                      ("8h 9h Th Jh Qh", "Kh Ah 8d 9d Td", "Jd Kd 2s")) == (0, 0)


def test_luckywin_three_straights_tiebreak_ranks_the_wheel_and_a23_lowest():
    # Y's 2-6 beats X's wheel under luckywin's order, so Y wins its 18 chi (the default).
    assert _lw_totals(("6s 7d 8c 9h Ts", "As 2d 3c 4h 5s", "Ah 2c 3h"),
                      ("6h 7s 8d 9c Td", "2h 3d 4c 5d 6c", "4s 5h 6d")) == (-18, 18)


def test_luckywin_three_flushes_tiebreak_compares_chi_values_back_first():
    # Y's back is a straight flush, X's a flush: Y wins.
    assert _lw_totals(("Ah Qh Th 8h 6h", "Kc Jc 9c 7c 5c", "Ad 4d 2d"),
                      ("9s Ts Js Qs Ks", "Kd Qd Td 8d 6d", "4c 3c 2c")) == (-18, 18)
