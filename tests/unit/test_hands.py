"""Hand values on one scale (digest §1, §2.2), hand-checked."""

import itertools
import random

import numpy as np
import pytest

from maubinh import Category, HandSizeError, WheelRank, evaluate, parse_cards
from maubinh.cards import FULL_DECK, Card
from maubinh.strategy.fast import evaluate_many


def v(text, wheel=WheelRank.LOWEST):
    return evaluate(parse_cards(text), wheel)


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("9h Th Jh Qh Kh", Category.THUNG_PHA_SANH),
        ("7s 7h 7d 7c 2s", Category.TU_QUY),
        ("Ks Kd Kc 9h 9c", Category.CU_LU),
        ("2d 7d 9d Jd Ad", Category.THUNG),
        ("9s Td Jc Qh Ks", Category.SANH),
        ("As 2d 3c 4h 5s", Category.SANH),
        ("Qs Qc Qh 9d 3s", Category.SAM_CO),
        ("Js Jd 8c 8s 2h", Category.THU),
        ("Ts Th 9c 5s 3h", Category.DOI),
        ("As Qc 9h 5s 3h", Category.MAU_THAU),
        ("Qs Qc Qh", Category.SAM_CO),
        ("Qs Qc Kh", Category.DOI),
        ("As Qc 7h", Category.MAU_THAU),
        ("As Ks Qs", Category.MAU_THAU),  # no flushes or straights in the 3-card hand
        ("Qs Ks As", Category.MAU_THAU),
    ],
)
def test_categories(text, category):
    assert v(text).category is category


def test_category_order_is_the_digest_order():
    ladder = [
        "As Qc 9h 5s 3h", "Ts Th 9c 5s 3h", "Js Jd 8c 8s 2h", "Qs Qc Qh 9d 3s", "9s Td Jc Qh Ks",
        "2d 7d 9d Jd Ad", "Ks Kd Kc 9h 9c", "7s 7h 7d 7c 2s", "9h Th Jh Qh Kh",
    ]
    keys = [v(t).key for t in ladder]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)


def test_front_against_middle_on_one_scale():
    middle = v("Qh Qd 9c 5s 3h")
    assert v("Qs Qc Kh") > middle
    assert not v("Qs Qc 9d") > middle
    assert v("Qs Qc 9d") < middle  # the missing kickers count below any card
    assert v("2s 2c 2d") > v("As Ad Kc Qh Jh")  # trips beat a pair whatever the size


def test_wheel_is_a_straight_ranked_per_rule_set():
    wheel, nine_high, broadway = "As 2d 3c 4h 5s", "9s Td Jc Qh Ks", "Ts Jd Qc Kh As"
    six_high = "2s 3d 4c 5h 6s"
    # chi-at: 10-A > A-5 > 9-K (sảnh thượng > sảnh hạ > sảnh thường)
    assert v(broadway, WheelRank.SECOND) > v(wheel, WheelRank.SECOND) > v(nine_high, WheelRank.SECOND)
    # luckywin / guide-2026: A-5 is the lowest straight
    assert v(nine_high) > v(six_high) > v(wheel)
    assert v(wheel).ranks == (5,) and v(wheel).is_wheel
    sf_wheel = "Ah 2h 3h 4h 5h"
    assert v(sf_wheel).category is Category.THUNG_PHA_SANH
    assert v(sf_wheel, WheelRank.SECOND) > v("9d Td Jd Qd Kd", WheelRank.SECOND)
    assert v(sf_wheel) < v("2d 3d 4d 5d 6d")


def test_kickers_decide_pairs_and_flushes():
    assert v("Ts Th Ac 5s 3h") > v("Td Tc Kc Qs Jh")
    assert v("Ts Th Ac 5s 4h") > v("Td Tc Ad 5c 3h")
    assert v("2d 7d 9d Jd Ad") > v("3h 6h 9h Jh Ah")
    assert v("2d 7d 9d Jd Ad") < v("2h 8h 9h Jh Ah")
    assert v("Js Jd 8c 8s Ah") > v("Jh Jc 8d 8h Kh")
    assert v("Ks Kd Kc 2h 2c") > v("Qs Qd Qc Ah Ac")  # full house: the trips decide
    assert v("5s 5h 5d 5c 2s") > v("4s 4h 4d 4c As")  # quads: the quad decides


def test_suits_never_break_ties():
    assert v("Ts Th Ac 5s 3h") == v("Td Tc Ad 5c 3s")
    assert v("2d 7d 9d Jd Ad") == v("2s 7s 9s Js As")


def test_card_order_never_changes_a_value():
    rng = random.Random(7)
    for _ in range(200):
        hand = rng.sample(FULL_DECK, rng.choice((3, 5)))
        values = {evaluate(list(p)).key for p in itertools.islice(itertools.permutations(hand), 20)}
        assert len(values) == 1


@pytest.mark.parametrize("count", [0, 2, 4, 6, 13])
def test_wrong_sizes_are_refused(count):
    with pytest.raises(HandSizeError, match=f"got {count}"):
        evaluate(FULL_DECK[:count])


def test_repeated_card_is_refused():
    with pytest.raises(HandSizeError, match="same card twice"):
        evaluate([FULL_DECK[0], FULL_DECK[0], FULL_DECK[1]])


@pytest.mark.parametrize("wheel", list(WheelRank))
def test_fast_tables_agree_with_the_plain_evaluator(wheel):
    rng = np.random.default_rng(3)
    hands = np.array([rng.permutation(52)[:5] for _ in range(5000)])
    fast = evaluate_many(hands, wheel)
    plain = [evaluate([Card.from_index(int(i)) for i in h], wheel).key for h in hands]
    assert fast.tolist() == plain
    fronts = hands[:, :3]
    assert evaluate_many(fronts, wheel).tolist() == [
        evaluate([Card.from_index(int(i)) for i in h], wheel).key for h in fronts
    ]
