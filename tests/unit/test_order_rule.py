"""The order rule (digest §1, reading revised again): back >= middle >= front. A back and a middle of
exactly equal value are legal in every source; the strict order, a house rule (``order.strict``), makes
them binh lủng.

Every place that decides legality must agree, under both orders: the rules core (``in_order``,
``foul_reason``, ``is_foul``, ``settle``), the split tables and vectorised settlement of the strategy layer
(``HandSplits.legal``, ``Side.foul``, ``side_of``), the solver (numpy and kernel) and the simple arranger
(never binh lủng), the drills (the foul drill's key, the partial check while placing cards) and the words
the app shows.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from maubinh.arrangement import Arrangement, foul_reason, in_order, is_foul, keys_in_order
from maubinh.cards import FULL_DECK, parse_cards
from maubinh.drills import FoulAnswer, foul_answer, partial_foul
from maubinh.hands import evaluate
from maubinh.house import dump_rule_set, edit, from_link_token, link_token, load_house_rules
from maubinh.rules import ORDER_PROVENANCE, RULE_SET_IDS, Position, RuleSet, load_rule_set
from maubinh.settle import ItemKind, settle
from maubinh.strategy.arrangers import arrange_simple, random_legal
from maubinh.strategy.fast import strongest_back_first
from maubinh.strategy.simulate import play_deal
from maubinh.strategy.solver import solve, split_scores
from maubinh.strategy.tables import load_tables
from maubinh.strategy.vector import SPLITS, hand_splits, side_of
from ui.labels import describe_foul

EQUAL = Arrangement.parse("9s 8h 7d 6c 5s", "9h 8d 7c 6s 5h", "Ks Qh 2c")
"""The same straight in back and middle: equal chi."""
DIGEST_EXAMPLE = Arrangement.parse("As Ks 9s 5s 2s", "Ah Kh 9h 5h 2h", "3c 4d 6c")
"""Issue 24 / digest §1: two equal flushes in back and middle, legal."""
# Hands whose strongest back leaves an equal middle among the other eight cards.
TWIN_HANDS = [
    "9s 8h 7d 6c 5s 9h 8d 7c 6s 5h Ks Qh 2c",
    "Ks Kd 9c 5s 3h Kh Kc 9d 5c 3d Qs Jc 2d",
    "As Qs 9s 7s 4s Ah Qh 9h 7h 4h 3c 3d 2c",
    "Js Th 9d 8c 7s Jh Td 9c 8s 7h 4c 4d 2h",
]


def strict(rule_set: RuleSet) -> RuleSet:
    """``rule_set`` with the strict order on (a house rule)."""
    return edit(rule_set, {"order.strict": True}, rule_set_id=f"strict-{rule_set.id}")


def both_orders() -> list[RuleSet]:
    return [rs for i in RULE_SET_IDS for rs in (load_rule_set(i), strict(load_rule_set(i)))]


def _split_row(hand, arrangement):
    from maubinh.drills.sampling import split_of

    return split_of(hand, arrangement)


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_every_source_lets_an_equal_back_and_middle_stand_digest_1(rule_set_id: str) -> None:
    rule_set = load_rule_set(rule_set_id)
    assert rule_set.strict_order is False
    assert foul_reason(DIGEST_EXAMPLE, rule_set) is None and not is_foul(DIGEST_EXAMPLE, rule_set)
    assert foul_reason(EQUAL, rule_set) is None
    assert is_foul(DIGEST_EXAMPLE, strict(rule_set))
    reading = rule_set.provenance["order"]
    assert reading.reading_in("en") and "equal" in reading.reading_in("en") and "strict" in (reading.other_in("en") or "")


def test_a_royal_flush_in_the_middle_can_be_paid_digest_1_and_2_3() -> None:
    royal_twice = Arrangement.parse("As Ks Qs Js Ts", "Ah Kh Qh Jh Th", "2c 3d 5c")
    opponent = Arrangement.parse("Ad Ac Qd Qc 3s", "Td Tc 4h 4s 2d", "Jd 8c 7s")
    for rule_set_id in ("chi-at", "tinh-chi"):
        result = settle([royal_twice, opponent], load_rule_set(rule_set_id))
        assert result.fouls == (False, False)
        # back royal 10, middle royal 20, front lost 1 (jack high beats 5 high): 29, doubled? no scoop (front lost)
        assert result.totals[0] == 10 + 20 - 1


def test_the_strict_order_is_a_house_option_in_files_and_links() -> None:
    house = strict(load_rule_set("guide-2026"))
    assert house.strict_order and load_house_rules(dump_rule_set(house)) == house
    assert from_link_token(link_token(house)).strict_order
    # a file saved before the option existed has no [order] table: the source's reading, not strict
    text = dump_rule_set(edit(load_rule_set("chi-at"), {"foul.penalty": 4}, rule_set_id="old"))
    start = text.index("[order]")
    old = text[:start] + text[text.index("[chi_win]"):]
    loaded = load_house_rules(old)
    assert loaded.strict_order is False and loaded.provenance["order"] == ORDER_PROVENANCE


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_the_order_rule_everywhere(rule_set_id: str) -> None:
    for rule_set in (load_rule_set(rule_set_id), strict(load_rule_set(rule_set_id))):
        _check_everywhere(rule_set)


def _check_everywhere(rule_set: RuleSet) -> None:
    fouls = rule_set.strict_order
    back, middle, front = (evaluate(EQUAL.chi(p), rule_set.wheel) for p in (Position.BACK, Position.MIDDLE,
                                                                           Position.FRONT))
    # The rules core.
    assert back == middle and in_order(back, middle, strict=fouls) is not fouls
    assert in_order(middle, front, strict=fouls)
    assert (foul_reason(EQUAL, rule_set) == (Position.BACK, Position.MIDDLE)) is fouls
    assert is_foul(EQUAL, rule_set) is fouls
    opponent = Arrangement.parse("Ad Ac Qd Qc 3s", "Td Tc 4h 4s 2d", "Jd 8c 7s")
    result = settle([EQUAL, opponent], rule_set)
    assert result.fouls == (fouls, False)
    assert (next(i.kind for i in result.pair(0, 1).items) is ItemKind.FOUL) is fouls
    # The split tables and the vectorised settlement.
    hand = hand_splits(EQUAL.cards, rule_set)
    row = _split_row(hand, EQUAL)
    assert bool(hand.legal(strict=fouls)[row]) is not fouls
    assert bool(hand.side(rule_set, [row]).foul[0]) is fouls
    assert bool(side_of([EQUAL], rule_set).foul[0]) is fouls
    assert bool(split_scores(hand, load_tables(rule_set))[row] == -np.inf) is fouls
    # The drills.
    assert foul_answer(EQUAL, rule_set) is (FoulAnswer.BACK_MIDDLE if fouls else FoulAnswer.LEGAL)
    chis = {p: EQUAL.chi(p) for p in (Position.BACK, Position.MIDDLE)}
    assert (partial_foul(chis, rule_set) == (Position.BACK, Position.MIDDLE)) is fouls
    # The words shown.
    for lang in ("vi", "en"):
        words = describe_foul(EQUAL, rule_set, lang)
        assert rule_set.position_name(Position.BACK, lang) in words
    if fouls:
        assert "=" not in describe_foul(EQUAL, rule_set, "en") and "equal" in describe_foul(EQUAL, rule_set, "en")


@pytest.mark.parametrize("rule_set", both_orders(), ids=lambda rs: rs.id)
def test_split_tables_agree_with_the_core_split_by_split(rule_set: RuleSet) -> None:
    rng = np.random.default_rng(7)
    for text in TWIN_HANDS:
        hand = hand_splits(parse_cards(text), rule_set)
        legal = hand.legal(strict=rule_set.strict_order)
        equal_rows = np.flatnonzero(hand.key5[SPLITS[:, 0]] == hand.key5[SPLITS[:, 1]])
        assert len(equal_rows)
        assert not legal[equal_rows].any() if rule_set.strict_order else legal[equal_rows].any()
        rows = np.concatenate([equal_rows[:50], rng.choice(len(SPLITS), 300, replace=False)])
        side = hand.side(rule_set, rows)
        for k, split in enumerate(rows.tolist()):
            fouled = is_foul(hand.arrangement(split), rule_set)
            assert legal[split] == (not fouled) == (not side.foul[k]), (text, split)


@pytest.mark.parametrize("rule_set", [strict(load_rule_set(i)) for i in RULE_SET_IDS], ids=lambda rs: rs.id)
def test_arrangers_never_set_equal_chi_under_the_strict_order(rule_set: RuleSet) -> None:
    rng = random.Random(3)
    hands = [parse_cards(text) for text in TWIN_HANDS] + [rng.sample(FULL_DECK, 13) for _ in range(40)]
    for cards in hands:
        for arrangement in (solve(cards, rule_set), arrange_simple(cards, rule_set),
                            random_legal(cards, rule_set, rng)):
            values = [evaluate(arrangement.chi(p), rule_set.wheel) for p in (Position.BACK, Position.MIDDLE)]
            assert values[0] > values[1], (arrangement, rule_set.id)
            assert not is_foul(arrangement, rule_set)
    idx = np.array([[c.index for c in parse_cards(text)] for text in TWIN_HANDS])
    for row in strongest_back_first(idx, rule_set.wheel, strict=True):
        from maubinh.cards import Card

        assert not is_foul(Arrangement.from_cards([Card.from_index(int(i)) for i in row]), rule_set)


def test_a_deal_played_out_never_fouls_on_equal_chi() -> None:
    rule_sets = both_orders()
    hands = [parse_cards(TWIN_HANDS[0]), [c for c in FULL_DECK if c not in set(parse_cards(TWIN_HANDS[0]))][:13]]
    for settlement in play_deal(hands, rule_sets):
        assert settlement.fouls == (False, False)


def test_keys_in_order_works_on_arrays_like_on_values() -> None:
    keys = np.array([[5, 4, 3], [5, 5, 3], [5, 4, 4], [3, 4, 1]])
    assert keys_in_order(keys[:, 0], keys[:, 1], keys[:, 2], strict=True).tolist() == [True, False, False, False]
    assert keys_in_order(keys[:, 0], keys[:, 1], keys[:, 2], strict=False).tolist() == [True, True, True, False]


def test_the_order_rule_is_shown_as_a_reading_with_the_other_one() -> None:
    assert ORDER_PROVENANCE.reading_in("vi") and ORDER_PROVENANCE.reading_in("en")
    assert "strict" in (ORDER_PROVENANCE.other_in("en") or "")
