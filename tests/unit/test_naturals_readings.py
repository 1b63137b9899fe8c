"""The December 2026 readings of the instant wins (digest §2.4, issue 31 part 6), each on hands written out
card by card, settled by hand, and checked on every path that pays them: :func:`maubinh.settle.settle`, the
compiled kernel (:func:`maubinh.strategy.kernel.settle_tables`, :func:`~maubinh.strategy.kernel.split_totals`)
and the numpy path (:func:`maubinh.strategy.vector.heads_up`), the instant-win screen, Xếp bài and the drill
"spot the instant win".

- Counting pairs for six pairs and for five pairs and trips, a quad is two pairs.
- A hand matching several patterns is one pattern everywhere: under ``luckywin`` (its list is a rank order) the
  highest-listed one, elsewhere the one paid most (equal amounts: the one listed first).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from maubinh import Arrangement, find_instant_win, load_rule_set, matching_patterns, parse_cards, settle
from maubinh.cards import FULL_DECK
from maubinh.drills.natural import Build, make_natural_question
from maubinh.drills.sets import Level
from maubinh.house import edit, from_link_token, link_token
from maubinh.naturals import contest
from maubinh.rules import NaturalPattern as P
from maubinh.rules import RuleSet, SeveralPatterns
from maubinh.strategy import kernel
from maubinh.strategy.rule_arrays import settle_arrays
from maubinh.strategy.screen import may_hold_instant_win
from maubinh.strategy.seats import opponent_arrays, table_arrays
from maubinh.strategy.vector import SPLITS, hand_splits, heads_up, side_of, table_totals

# Hands written out card by card (back | middle | front as a player might set them; the instant wins are
# found from the 13 cards whatever the split).
THREE_QUADS = ("2h 2c 2d 2s 5d", "5s 5c 5h 9c 9d", "9s 9h Ad")  # 4+4+4+1: also six pairs
FOUR_TRIPS = ("3h 3c 3d 4h 4c", "4d 6h 6c 6d 7h", "7c 7d Kd")  # 3+3+3+3+1
PLAIN = ("Ah Ac Kh Kc 3s", "Qh Qc Jh Jc 4s", "Th 8h 6s")  # two pairs, two pairs, ten high: no instant win
QUAD_TRIPS_PAIRS = ("8h 8c 8d 8s Th", "Tc Td Jh Jc Qh", "Qc Kh Kc")  # 4+3+2+2+2: five pairs and trips
TWELVE_RED_SIX_PAIRS = ("2h 2d 3h 3d 4h", "4d 5h 5d 6h 6d", "7h 7d As")  # 12 red and six pairs
FIVE_PAIRS_TRIPS = ("8h 8c 8s 9h 9c", "Th Tc Jh Jc Qh", "Qc Kh Kc")  # 3+2+2+2+2+2, 6 red, 7 black
THIRTEEN_RED_SIX_PAIRS = ("2h 2d 3h 3d 4h", "4d 5h 5d 6h 6d", "7h 7d Ah")  # 13 red and six pairs
TWELVE_BLACK_TRIPS_PAIRS = ("8c 8s 8h 9c 9s", "Tc Ts Jc Js Qc", "Qs Kc Ks")  # 12 black and 5 pairs + trips


def arrangement(chis: tuple[str, str, str]) -> Arrangement:
    return Arrangement.parse(*chis)


def cards(chis: tuple[str, str, str]) -> list:
    return parse_cards(" ".join(chis))


def win(chis: tuple[str, str, str], rule_set_id: str) -> tuple[P, int] | None:
    found = find_instant_win(cards(chis), load_rule_set(rule_set_id))
    return None if found is None else (found.pattern, found.chi)


# --------------------------------------------------------------------------- counting pairs


@pytest.mark.parametrize(
    ("hand", "patterns"),
    [
        (QUAD_TRIPS_PAIRS, {P.NAM_DOI_SAM, P.LUC_PHE_BON}),  # 4 = two pairs: 2 + 3 pairs = 5 pairs and the trips
        (("8h 8c 8d 8s Th", "Tc Td Jh Jc Jd", "Js Kh Kc"), {P.NAM_DOI_SAM, P.LUC_PHE_BON}),  # 4+4+3+2
        (("8h 8c 8d 8s Th", "Tc Jh Jc Qh Qc", "Kh Kc 2s"), {P.LUC_PHE_BON}),  # 4+2+2+2+2+1: six pairs
        (THREE_QUADS, {P.BA_TU_QUY, P.LUC_PHE_BON}),  # 4+4+4+1: six pairs
        (("8h 8c 8d Th Tc", "Td Jh Jc Jd Qh", "Qc Kh 2s"), set()),  # 3+3+3+2+1+1: five pairs at most
    ],
)
def test_a_quad_counts_as_two_pairs_for_six_pairs_and_for_five_pairs_and_trips(hand, patterns):
    assert set(matching_patterns(cards(hand))) == patterns
    assert may_hold_instant_win(np.array([[c.index for c in cards(hand)]])).tolist() == [bool(patterns)]


@pytest.mark.parametrize(
    ("rule_set_id", "expected"),
    [
        ("chi-at", (P.NAM_DOI_SAM, 24)),  # the digest's own example: 4+3+2+2+2 paid 24 under chi-at
        ("luckywin", (P.NAM_DOI_SAM, 24)),  # listed 6th, above six pairs (7th)
        ("tinh-chi", (P.LUC_PHE_BON, 12)),  # no five-pairs-and-trips pattern: six pairs
        ("guide-2026", (P.LUC_PHE_BON, 18)),
    ],
)
def test_four_three_two_two_two_is_five_pairs_and_trips_where_listed(rule_set_id, expected):
    assert win(QUAD_TRIPS_PAIRS, rule_set_id) == expected


# --------------------------------------------------------------------------- one pattern, by each rule set's choice


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        # luckywin: the highest-listed pattern, whatever it pays.
        ((THREE_QUADS, "luckywin"), (P.LUC_PHE_BON, 18)),  # six pairs 7th, three quads 9th (75)
        ((TWELVE_RED_SIX_PAIRS, "luckywin"), (P.DONG_MAU_12, 9)),  # 12 one colour 5th, six pairs 7th (18)
        ((THIRTEEN_RED_SIX_PAIRS, "luckywin"), (P.DONG_MAU_13, 39)),
        ((TWELVE_BLACK_TRIPS_PAIRS, "luckywin"), (P.DONG_MAU_12, 9)),  # above five pairs and trips (24)
        # elsewhere: the one paid most; on an equal amount the one listed first.
        ((TWELVE_RED_SIX_PAIRS, "chi-at"), (P.LUC_PHE_BON, 18)),  # six pairs 18 > 12 one colour 9
        ((TWELVE_RED_SIX_PAIRS, "tinh-chi"), (P.LUC_PHE_BON, 12)),  # 12 > 9
        ((THIRTEEN_RED_SIX_PAIRS, "tinh-chi"), (P.DONG_MAU_13, 12)),  # 12 = 12: one colour is listed first
        ((TWELVE_BLACK_TRIPS_PAIRS, "chi-at"), (P.NAM_DOI_SAM, 24)),
    ],
)
def test_a_hand_matching_several_patterns_is_the_one_its_rule_set_picks(hand, expected):
    assert win(*hand) == expected


def test_the_rule_is_data_and_a_house_may_change_it():
    luckywin = load_rule_set("luckywin")
    assert luckywin.several_patterns is SeveralPatterns.HIGHEST_LISTED
    assert {load_rule_set(r).several_patterns for r in ("chi-at", "tinh-chi", "guide-2026")} == {
        SeveralPatterns.PAID_MOST}
    paid = edit(luckywin, {"several_patterns.rule": "paid_most"}, rule_set_id="nha-toi")
    hand = cards(THREE_QUADS)
    assert (find_instant_win(hand, paid).pattern, find_instant_win(hand, paid).chi) == (P.BA_TU_QUY, 75)
    listed = edit(load_rule_set("chi-at"), {"several_patterns.rule": "highest_listed"}, rule_set_id="nha-ban")
    # chi-at lists six pairs (5th) above 12 one colour (8th) and five pairs and trips (4th) above six pairs.
    assert find_instant_win(cards(TWELVE_RED_SIX_PAIRS), listed).pattern is P.LUC_PHE_BON
    assert find_instant_win(cards(QUAD_TRIPS_PAIRS), listed).pattern is P.NAM_DOI_SAM
    assert from_link_token(link_token(listed)).several_patterns is SeveralPatterns.HIGHEST_LISTED  # a link keeps it


# --------------------------------------------------------------------------- paid and ranked as that pattern, on every path


def _paths(table: list[Arrangement], rule_set: RuleSet) -> tuple[tuple[int, ...], tuple[int, ...], int, int]:
    """Totals of ``table`` settled by ``settle`` and by the kernel, and seat 0's total by the kernel's split
    totals and by the numpy path (seat 0 declares its instant win, so any split of it gives the same)."""
    expected = settle(table, rule_set).totals
    kernel_totals = tuple(int(x) for x in kernel.settle_tables(table_arrays([table], rule_set),
                                                               settle_arrays(rule_set)).totals[0])
    mine = hand_splits(list(table[0].cards), rule_set)
    assert mine.natural is not None
    others = table[1:]
    opponents = opponent_arrays([others], rule_set, mine.natural)
    picks = [0, 4_321, 72_071]
    values = (mine.key5, mine.class5, mine.key3, mine.class3)
    split_totals, _ = kernel.split_totals(SPLITS[picks], values, True, mine.aces, opponents, settle_arrays(rule_set))
    assert len(set(split_totals[:, 0].tolist())) == 1
    among = [len(s) for s in settle(others, rule_set).scoops] if len(others) > 1 else [0]
    result = heads_up(mine.side(rule_set, picks), mine.natural, mine.aces, side_of(others, rule_set),
                      [find_instant_win(a.cards, rule_set) for a in others],
                      [sum(c.rank == 14 for c in a.cards) for a in others], rule_set)
    numpy_totals = table_totals(result, among, rule_set)
    assert len(set(numpy_totals.tolist())) == 1
    return expected, kernel_totals, int(split_totals[0, 0]), int(numpy_totals[0])


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    assert kernel.ready(wait=True), kernel.status()


@pytest.mark.parametrize(
    ("rule_set_id", "seats", "totals"),
    [
        # luckywin: three quads are six pairs (7th), so they beat four trips (8th) and take six pairs' 18, not 75;
        # four trips take 75 from the plain hand. 18 + 18 | -18 + 75 | -18 - 75.
        ("luckywin", (THREE_QUADS, FOUR_TRIPS, PLAIN), (36, 57, -93)),
        # chi-at (six pairs 18, four trips 75, instant wins not compared) and its ace rule: aces 1, 0, 2
        # (+1 A over B, +1 C over A, +2 C over B). A: 18 + 1 - 1, B: 75 - 1 - 2, C: -18 - 75 + 1 + 2.
        ("chi-at", (THREE_QUADS, FOUR_TRIPS, PLAIN), (18, 72, -90)),
        # luckywin: 12 red that are also six pairs are 12 one colour (5th), above five pairs and trips (6th):
        # they win 12 one colour's 9, not six pairs' 18.
        ("luckywin", (TWELVE_RED_SIX_PAIRS, FIVE_PAIRS_TRIPS), (9, -9)),
        # chi-at: the same hand is six pairs (18, paid most), five pairs and trips 24, not compared; ace 1-0.
        ("chi-at", (TWELVE_RED_SIX_PAIRS, FIVE_PAIRS_TRIPS), (1, -1)),
        # tinh-chi: 13 red six pairs are one colour (12, listed before six pairs at 12); 12 black with five pairs
        # and trips are six pairs (12 > 12 one colour's 9), listed after: one colour takes 12, and 1 for its ace.
        ("tinh-chi", (THIRTEEN_RED_SIX_PAIRS, TWELVE_BLACK_TRIPS_PAIRS), (13, -13)),
    ],
)
def test_the_one_pattern_is_paid_and_ranked_on_every_path(rule_set_id, seats, totals):
    rule_set = load_rule_set(rule_set_id)
    table = [arrangement(seat) for seat in seats]
    assert _paths(table, rule_set) == (totals, totals, totals[0], totals[0])


def test_ranked_by_the_pattern_it_is_paid_as():
    luckywin = load_rule_set("luckywin")
    quads, trips = (find_instant_win(cards(h), luckywin) for h in (THREE_QUADS, FOUR_TRIPS))
    assert (quads.pattern, quads.rank, quads.chi) == (P.LUC_PHE_BON, 6, 18)
    assert contest(quads, trips, luckywin) == 1 and contest(trips, quads, luckywin) == -1
    # chi-at never compares two instant wins.
    chi_at = load_rule_set("chi-at")
    assert contest(*(find_instant_win(cards(h), chi_at) for h in (THREE_QUADS, FOUR_TRIPS)), chi_at) == 0


def test_xep_bai_weighs_the_pattern_it_would_be_paid():
    from maubinh.strategy.decide import decide

    choice = decide(cards(THREE_QUADS), "luckywin", samples=4)
    assert (choice.natural.pattern, choice.amount) == (P.LUC_PHE_BON, 18)


# --------------------------------------------------------------------------- named in "spot the instant win"


def test_spot_the_instant_win_keys_the_pattern_that_is_paid():
    luckywin = load_rule_set("luckywin")
    seen: set[P] = set()
    for seed in range(400):
        q = make_natural_question(seed, luckywin, Level.EXPERT)
        if q.build is not Build.SEVERAL:
            continue
        # Six pairs that are also 12 or 13 cards of one colour: the colour, listed above six pairs, is the key.
        assert P.LUC_PHE_BON in q.matches and q.key in (P.DONG_MAU_12, P.DONG_MAU_13), seed
        rest = [c for c in FULL_DECK if c not in set(q.cards)]
        opponent = Arrangement.from_cards(random.Random(seed).sample(rest, 13))
        if find_instant_win(opponent.cards, luckywin) is not None:
            continue
        paid = settle([Arrangement.from_cards(q.cards), opponent], luckywin).totals[0]
        assert paid == q.win.chi == luckywin.natural(q.key).chi, seed
        seen.add(q.key)
    assert seen, "no 'several patterns' question among the seeds"
