"""Settlement: the digest §3 worked checks and hand-checked cases, per rule set."""

import pytest

from maubinh import (
    Arrangement,
    BonusHand,
    ItemKind,
    NaturalPattern,
    Position,
    SettlementError,
    compare_hands,
    foul_reason,
    is_foul,
    load_rule_set,
    parse_cards,
    settle,
)

A = Arrangement.parse

# A four-seat deal in which X scoops the three others with plain chi (no bonus,
# no instant win) under every rule set. Aces: X 0, Y1 1, Y2 1, Y3 2.
X = A("Td 8h Ts Tc 8d", "4h 3h 2c 6h 5s", "4c Ks Qs")
Y1 = A("7d 6d 2d Qd Ad", "9h Jh Jc Kh Qh", "3c 7c 6c")
Y2 = A("6s 3s Js 7s As", "Qc 9d Th Kc Kd", "4d 3d 2h")
Y3 = A("5d Ah 5c 5h Ac", "Jd 9s 8s 8c 9c", "2s 7h 4s")


def ace_totals(settlement):
    totals = [0] * len(settlement.totals)
    for pair in settlement.pairs:
        for item in pair.items:
            if item.kind is ItemKind.ACES:
                totals[pair.a] += item.amount
                totals[pair.b] -= item.amount
    return totals


def without_aces(pair):
    return sum(item.amount for item in pair.items if item.kind is not ItemKind.ACES)


# --- digest §3 / §2.6: the ace rule's worked examples ---------------------------------

def test_chi_at_ace_rule_four_players_2_1_1_0():
    s = settle([Y3, Y1, Y2, X], load_rule_set("chi-at"))
    assert ace_totals(s) == [4, 0, 0, -4]


def test_chi_at_ace_rule_three_players_2_1_1():
    s = settle([Y3, Y1, Y2], load_rule_set("chi-at"))
    assert ace_totals(s) == [2, -1, -1]


def test_tinh_chi_aces_counted_after_the_scoop_x_takes_4():
    # X wins all 3 chi from Y (3 -> x2 = 6); Y holds 2 aces, X none -> X takes 4.
    s = settle([X, Y3], load_rule_set("tinh-chi"))
    kinds = [item.kind for item in s.pair(0, 1).items]
    assert kinds == [ItemKind.CHI] * 3 + [ItemKind.SCOOP, ItemKind.ACES]
    assert without_aces(s.pair(0, 1)) == 6
    assert s.totals == (4, -4)


# --- digest §3 / §2.5: the tinh-chi scoop ladder ------------------------------------------

@pytest.mark.parametrize(("others", "taken"), [([Y1], 6), ([Y1, Y2], 18), ([Y1, Y2, Y3], 36)])
def test_tinh_chi_scoop_ladder(others, taken):
    s = settle([X, *others], load_rule_set("tinh-chi"))
    assert s.scoops[0] == tuple(range(1, len(others) + 1))
    assert sum(without_aces(s.pair(0, k)) for k in range(1, len(others) + 1)) == taken
    factor = len(others) + 1
    assert all(s.pair(0, k).items[3].factor == factor for k in range(1, len(others) + 1))


@pytest.mark.parametrize(("others", "each"), [([Y1], 6), ([Y1, Y2], 12), ([Y1, Y2, Y3], 12)])
def test_chi_at_sap_3_chi_and_sap_ca_lang(others, each):
    # sập 3 chi x2; sập cả làng (every opponent, two or more) x2 again.
    s = settle([X, *others], load_rule_set("chi-at"))
    assert [without_aces(s.pair(0, k)) for k in range(1, len(others) + 1)] == [each] * len(others)


def test_guide_2026_has_no_scoop():
    s = settle([X, Y1, Y2, Y3], load_rule_set("guide-2026"))
    assert s.pair(0, 1).total == 3 and s.totals[0] == 9


@pytest.mark.parametrize("others", [[Y1], [Y1, Y2], [Y1, Y2, Y3]])
def test_luckywin_default_scoop_x2_each_no_extra_for_sap_lang(others):
    s = settle([X, *others], load_rule_set("luckywin"))
    assert [s.pair(0, k).total for k in range(1, len(others) + 1)] == [6] * len(others)


@pytest.mark.parametrize("others", [[Y1], [Y1, Y2], [Y1, Y2, Y3]])
def test_guide_2026_no_scoop_with_any_table_size(others):
    s = settle([X, *others], load_rule_set("guide-2026"))
    assert [s.pair(0, k).total for k in range(1, len(others) + 1)] == [3] * len(others)


def test_chi_at_scoop_of_two_of_three_is_not_sap_ca_lang():
    strong = A("5d 5c 5h 9s 9c", "Ah Ac Jd 7h 2s", "8s 8c 4s")  # Y3's cards, winning the front against X
    s = settle([X, Y1, Y2, strong], load_rule_set("chi-at"))
    assert s.scoops[0] == (1, 2)
    assert without_aces(s.pair(0, 1)) == 6 and without_aces(s.pair(0, 2)) == 6


# --- digest §3 / §2.2: the wheel per rule set ---------------------------------------------

def test_chi_at_broadway_beats_wheel_beats_king_high():
    rs = load_rule_set("chi-at")
    broadway, wheel, king = parse_cards("Ts Jd Qc Kh As"), parse_cards("Ac 2d 3c 4h 5s"), parse_cards("9s Td Jc Qh Ks")
    assert compare_hands(broadway, wheel, rs) == 1
    assert compare_hands(wheel, king, rs) == 1
    assert compare_hands(king, wheel, rs) == -1


def test_luckywin_king_high_beats_wheel():
    rs = load_rule_set("luckywin")
    assert compare_hands(parse_cards("9s Td Jc Qh Ks"), parse_cards("Ac 2d 3c 4h 5s"), rs) == 1


def test_compare_ties_and_front_against_middle():
    rs = load_rule_set("guide-2026")
    assert compare_hands(parse_cards("Ts Th Ac 5s 3h"), parse_cards("Td Tc Ad 5c 3s"), rs) == 0
    assert compare_hands(parse_cards("Qs Qc Kh"), parse_cards("Qh Qd 9c 5s 3h"), rs) == 1
    assert compare_hands(parse_cards("Qs Qc 9d"), parse_cards("Qh Qd 9c 5s 3h"), rs) == -1


# --- plain chi, ties, fouls -----------------------------------------------------------------

def test_tied_chi_pay_nothing():
    a = A("Ks Kd 9c 8s 2h", "Qs Qd 7c 6s 3h", "Js Tc 4d")
    b = A("Kh Kc 9d 8h 2c", "Qh Qc 7d 6h 3c", "Jh Td 4s")
    s = settle([a, b], load_rule_set("guide-2026"))
    assert s.totals == (0, 0)
    assert [item.amount for item in s.pair(0, 1).items] == [0, 0, 0]


def test_one_chi_each_way():
    a = A("Ks Kd 9c 8s 2h", "Qs Qd 7c 6s 3h", "4s 3c 2d")
    b = A("Kh Kc 9d 8h 3d", "Qh Qc 7d 6h 2c", "Jh Ts 4d")
    s = settle([a, b], load_rule_set("luckywin"))
    assert s.pair(0, 1).chi_results() == {Position.BACK: -1, Position.MIDDLE: 1, Position.FRONT: -1}
    assert s.totals == (-1, 1)


FOUL = A("Qs Qd 7c 6s 3h", "Ks Kd 9c 8s 2h", "Js Tc 4d")  # middle beats back


@pytest.mark.parametrize(("rule_set", "penalty"), [("chi-at", 3), ("luckywin", 3), ("tinh-chi", 3), ("guide-2026", 6)])
def test_foul_pays_the_penalty_to_each_opponent(rule_set, penalty):
    other = A("Kh Kc 9d 8h 3d", "Qh Qc 7d 6h 2c", "Jh Td 4s")
    third = A("As Ah Ac 5d 5c", "9s 9h 7s 6d 2d", "Jc 8c 4c")
    s = settle([FOUL, other, third], load_rule_set(rule_set))
    assert s.fouls == (True, False, False)
    foul_items = [i for i in s.pair(0, 1).items if i.kind is ItemKind.FOUL]
    assert [i.amount for i in foul_items] == [-penalty]
    assert [i.amount for i in s.pair(0, 2).items if i.kind is ItemKind.FOUL] == [-penalty]


def test_two_fouls_pay_each_other_nothing():
    other_foul = A("Qh Qc 7d 6h 2c", "Kh Kc 9d 8h 3d", "Jh Td 4s")
    s = settle([FOUL, other_foul], load_rule_set("guide-2026"))
    assert s.totals == (0, 0)
    assert [i.kind for i in s.pair(0, 1).items] == [ItemKind.BOTH_FOUL]


def test_front_beating_middle_is_a_foul():
    rs = load_rule_set("luckywin")
    assert foul_reason(A("As Ad 9c 8s 2h", "Ks Kd 7c 6s 3h", "Kh Kc 9d"), rs) == (Position.MIDDLE, Position.FRONT)
    assert foul_reason(A("As Ad 9c 8s 2h", "Ks Kd 7c 6s 3h", "Kh Kc 4d"), rs) is None
    assert foul_reason(FOUL, rs) == (Position.BACK, Position.MIDDLE)


def test_wheel_order_decides_a_foul():
    arr = A("9s Td Jc Qh Ks", "Ac 2d 3c 4h 5s", "7s 7c 2c")
    assert is_foul(arr, load_rule_set("chi-at")) and not is_foul(arr, load_rule_set("luckywin"))


# --- bonuses and chặt chồng ---------------------------------------------------------------

QUADS_MIDDLE = A("9h Th Jh Qh Kh", "7s 7h 7d 7c 2s", "Qs Qc 3d")
PLAIN = A("As Ad 9c 8s 2h", "Ks Kd 6c 5s 3h", "Jd Tc 4d")


@pytest.mark.parametrize(("rule_set", "back", "middle"), [("chi-at", 5, 8), ("tinh-chi", 5, 8), ("guide-2026", 5, 8)])
def test_straight_flush_back_and_quads_middle_bonuses(rule_set, back, middle):
    s = settle([QUADS_MIDDLE, PLAIN], load_rule_set(rule_set))
    items = {i.position: i for i in s.pair(0, 1).items if i.position}
    assert (items[Position.BACK].kind, items[Position.BACK].bonus, items[Position.BACK].amount) == (
        ItemKind.BONUS, BonusHand.THUNG_PHA_SANH, back)
    assert (items[Position.MIDDLE].bonus, items[Position.MIDDLE].amount) == (BonusHand.TU_QUY, middle)


def test_bonus_table_per_source_for_royal_and_trips_of_aces():
    royal = A("Ts Js Qs Ks As", "9h 9d 9c 4h 4d", "Ah Ad Ac")
    low = A("2s 2h 3d 3c 5c", "6s 6h 7d 8c Tc", "4s 4c 7s")
    expected = {"chi-at": (10, 4, 9), "tinh-chi": (10, 2, 9), "guide-2026": (5, 2, 3), "luckywin": (5, 2, 3)}
    for rule_set, amounts in expected.items():
        items = [i for i in settle([royal, low], load_rule_set(rule_set)).pair(0, 1).items if i.position]
        assert tuple(i.amount for i in items) == amounts, rule_set


def test_tinh_chi_steel_wheel_pays_7_in_the_back():
    steel = A("Ah 2h 3h 4h 5h", "Ks Kd 6c 6s 3s", "Js Tc 4d")
    other = A("Ac Ad 9c 8s 2c", "Qs Qd 7c 5s 3c", "Jd Td 4c")
    assert settle([steel, other], load_rule_set("tinh-chi")).pair(0, 1).items[0].amount == 7
    assert settle([steel, other], load_rule_set("chi-at")).pair(0, 1).items[0].amount == 5


def test_chi_at_chat_chong_doubles_the_bonus():
    a = A("7s 7h 7d 7c 2s", "Ks Kd 9c 8s 2h", "Qs Qc 3d")
    b = A("6s 6h 6d 6c 3s", "Kh Kc 9d 8h 2c", "Qh Qd 3c")
    s = settle([a, b], load_rule_set("chi-at"))
    back = s.pair(0, 1).items[0]
    assert (back.kind, back.factor, back.amount) == (ItemKind.CLASH, 2, 8)
    s = settle([a, b], load_rule_set("tinh-chi"))
    assert (s.pair(0, 1).items[0].kind, s.pair(0, 1).items[0].amount) == (ItemKind.BONUS, 4)


def test_tinh_chi_four_aces_paid_as_bonus_do_not_count_again():
    aces = A("As Ah Ad Ac 2s", "Ks Kd 9c 8s 2h", "Qs Qc 3d")
    plain = A("Kh Kc 9d 8h 3c", "Jh Jd 7d 6h 2c", "Js Tc 4d")
    s = settle([aces, plain], load_rule_set("tinh-chi"))
    pair = s.pair(0, 1)
    assert pair.items[0].bonus is BonusHand.TU_QUY_A and pair.items[0].amount == 12
    ace_item = pair.items[-1]
    assert ace_item.kind is ItemKind.ACES and ace_item.aces == (0, 0) and ace_item.amount == 0
    # chi-at counts them: 4 aces more than the opponent.
    s = settle([aces, plain], load_rule_set("chi-at"))
    assert s.pair(0, 1).items[-1].amount == 4


# --- instant wins ---------------------------------------------------------------------------

SIX_PAIRS = A("2s 2h 5d 5c 7s", "7h 9d 9c Js Jh", "Kd Kc As")
DRAGON = A("7d 8s 9s Ts Jd", "2d 3h 4s 5s 6s", "Qs Ks Ac")
FOUL_2 = A("Qs Qd 7c 6s 3h", "Kh Ks 9h 8s 4h", "Ts Tc 4d")  # shares no card with SIX_PAIRS


def test_instant_win_pays_its_amount_without_comparing():
    weak = A("Th Td 3c 4c 6c", "8h 8d 3d 4d 6d", "Ah Qh 2c")
    expected = {"chi-at": 18, "tinh-chi": 12, "guide-2026": 18, "luckywin": 18}  # chi-at: 6 x 3
    for rule_set, chi in expected.items():
        s = settle([SIX_PAIRS, weak], load_rule_set(rule_set))
        item = s.pair(0, 1).items[0]
        assert item.kind is ItemKind.NATURAL and item.amount == chi, rule_set
        assert s.naturals[0].pattern is NaturalPattern.LUC_PHE_BON


def test_instant_win_against_a_foul_pays_the_instant_win():
    s = settle([SIX_PAIRS, FOUL_2], load_rule_set("guide-2026"))
    assert s.pair(0, 1).items[0].kind is ItemKind.NATURAL and s.totals == (18, -18)


def test_chi_at_two_instant_wins_are_not_compared():
    s = settle([DRAGON, SIX_PAIRS], load_rule_set("chi-at"))
    assert s.pair(0, 1).items[0].kind is ItemKind.NATURALS_EVEN
    assert s.totals == (0, 0)  # aces: 1 each


def test_tinh_chi_higher_instant_win_takes_its_own_amount():
    s = settle([DRAGON, SIX_PAIRS], load_rule_set("tinh-chi"))
    assert s.pair(0, 1).items[0].amount == 13
    assert s.totals == (13, -13)


def test_luckywin_same_instant_win_decided_by_tiebreak():
    high = A("2s 2h 5d 5c 7s", "7h 9d 9c Js Jh", "Kd Kc As")
    low = A("3s 3h 6d 6c 8s", "8h Td Tc Qs Qh", "4d 4c Ad")
    s = settle([high, low], load_rule_set("luckywin"))
    assert s.pair(0, 1).items[0].kind is ItemKind.NATURAL and s.totals == (18, -18)
    s = settle([high, low], load_rule_set("tinh-chi"))
    assert s.totals[0] == 0  # the same pattern ties where there is no tie-break (aces 1-1)


# --- input errors -----------------------------------------------------------------------------

def test_table_size_and_shared_cards_are_refused():
    with pytest.raises(SettlementError, match="2-4 players, got 1"):
        settle([X], load_rule_set("chi-at"))
    with pytest.raises(SettlementError, match="held by seat 1 and seat 2"):
        settle([X, X], load_rule_set("chi-at"))


@pytest.mark.parametrize("bad", [None, 3, object()])
def test_a_rule_set_that_is_not_one_is_named(bad):
    # Issue 22, item 14: settle(arrangements, None) raised AttributeError.
    from maubinh.arrangement import Arrangement as A

    table = [A.parse("As Ad Ac 7h 7d", "Ks Kd 9c 8s 2h", "Qs Qc 3d"), A.parse("9h 9d 4d 3h 2d", "8h 8d 5c 4h 2s", "7c 6s 5h")]
    with pytest.raises(TypeError, match=f"rule_set must be a RuleSet or a rule-set id, got {type(bad).__name__}"):
        settle(table, bad)
