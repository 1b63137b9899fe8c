"""Drill "how many chi": the key is settle()'s itemised pair total, confirmed by the vectorised settlement."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from maubinh.cards import Rank
from maubinh.drills import Level
from maubinh.drills.settle import LEVEL_SEATS, make_settle_question
from maubinh.naturals import find_instant_win
from maubinh.rules import RULE_SET_IDS, RuleSet, load_rule_set
from maubinh.settle import ItemKind, seat_facts, settle, settle_facts
from maubinh.strategy.vector import heads_up, side_of, table_totals

SEEDS = range(40)


def _vector_total(arrangements, seat: int, rule_set: RuleSet, declares) -> int:
    """Seat ``seat``'s total against the others through maubinh.strategy.vector (another path than settle())."""
    mine = arrangements[seat]
    others = [arr for k, arr in enumerate(arrangements) if k != seat]
    declaring = {id(arr) for arr, flag in zip(arrangements, declares) if flag}

    def natural(arr):
        return find_instant_win(arr.cards, rule_set) if rule_set.naturals and id(arr) in declaring else None

    def aces(arr):
        return sum(c.rank == Rank.ACE for c in arr.cards)

    result = heads_up(side_of([mine], rule_set), natural(mine), aces(mine), side_of(others, rule_set),
                      [natural(a) for a in others], [aces(a) for a in others], rule_set)
    if len(others) == 1:
        scoop = np.where(result.win_all | result.lose_all, rule_set.scoop.factor(1, 1), 1)
        return int((result.compared * scoop + result.other + result.aces).sum())
    among = settle_facts([seat_facts(a, rule_set, id(a) in declaring) for a in others], rule_set).scoops
    return int(table_totals(result, [len(s) for s in among], rule_set)[0])


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
@pytest.mark.parametrize("level", list(Level))
def test_key_is_the_itemised_pair_total_and_the_vector_agrees(rule_set_id: str, level: Level) -> None:
    rule_set = load_rule_set(rule_set_id)
    found: Counter[ItemKind] = Counter()
    for seed in SEEDS:
        q = make_settle_question(seed, rule_set, level)
        assert len(q.arrangements) in LEVEL_SEATS[level] and q.a != q.b
        table = settle(q.arrangements, rule_set, q.declares)
        pair = table.pair(q.a, q.b)
        assert q.key == pair.total == sum(item.amount for item in pair.items), seed
        assert table.pair(q.b, q.a).total == -q.key
        totals = table.totals
        assert sum(totals) == 0
        assert totals[q.a] == sum(table.pair(q.a, k).total for k in range(len(q.arrangements)) if k != q.a)
        assert _vector_total(q.arrangements, q.a, rule_set, q.declares) == totals[q.a], seed
        found.update(q.found)
    if level is Level.BEGINNER:
        assert set(found) <= {ItemKind.CHI, ItemKind.ACES}
    elif level is Level.INTERMEDIATE:
        assert found[ItemKind.BONUS] + found[ItemKind.SCOOP] + found[ItemKind.FOUL] >= len(SEEDS)
    else:
        assert found[ItemKind.NATURAL] >= 3


def test_experts_meet_chat_chong_and_growing_scoops() -> None:
    chi_at = Counter(k for s in range(60) for k in make_settle_question(s, load_rule_set("chi-at"), Level.EXPERT).found)
    assert chi_at[ItemKind.CLASH] >= 2
    tinh_chi = load_rule_set("tinh-chi")
    factors = {item.factor for s in range(80) for item in make_settle_question(s, tinh_chi, Level.EXPERT).pair.items
               if item.kind is ItemKind.SCOOP}
    assert factors & {3, 4}, factors


@pytest.mark.parametrize(("rule_set_id", "seed", "declaring", "declared_key", "played_key"), [
    ("chi-at", 689587744970, 0, -6, -11),  # 12 one colour (9 chi) held by seat 1, asked from seat 2's side
    ("tinh-chi", 232259500581, 0, 6, 5),  # three straights (6 chi) held by seat 1, asked from its side
    ("tinh-chi", 146027881315, 2, -10, -11),  # three flushes (9 chi) held by seat 3
])
def test_a_declared_instant_win_is_shown_with_the_seat_and_the_key_counts_what_is_shown(
        rule_set_id: str, seed: int, declaring: int, declared_key: int, played_key: int) -> None:
    """Issue 31: these bank seeds (expert) showed the seat's split alone and keyed the instant win as declared.
    Declaring is the player's choice: the question now says the seat declares, and the key is that settlement."""
    from ui.questions import question_text, settle_seat_note

    rule_set = load_rule_set(rule_set_id)
    q = make_settle_question(seed, rule_set, Level.EXPERT)
    assert q.declares == tuple(seat == declaring for seat in range(len(q.arrangements)))
    assert q.key == declared_key == settle(q.arrangements, rule_set, q.declares).pair(q.a, q.b).total
    assert settle(q.arrangements, rule_set, [False] * len(q.arrangements)).pair(q.a, q.b).total == played_key
    held = find_instant_win(q.arrangements[declaring].cards, rule_set)
    assert held is not None
    note = settle_seat_note(q, declaring, rule_set, "vi")
    assert note is not None and note.startswith("Báo mậu binh:") and f"({held.chi} chi mỗi nhà)" in note
    assert settle_seat_note(q, declaring, rule_set, "en").startswith("Declares an instant win")
    assert all(settle_seat_note(q, seat, rule_set, "en") is None for seat in range(len(q.arrangements))
               if seat != declaring)
    assert note in question_text(q, rule_set, "vi")  # the CSV's and the board's words say it too


def test_a_seat_set_binh_lung_on_purpose_plays_its_instant_win_out_and_says_so() -> None:
    """The one seat that does not declare: a hand fouled on purpose is settled as the split shown (its instant win,
    if it holds one, is not counted), and the question says it holds one and plays it out."""
    from maubinh.arrangement import Arrangement
    from maubinh.drills.settle import SettleQuestion, features
    from ui.questions import settle_seat_note

    rule_set = load_rule_set("chi-at")
    dragon = Arrangement.parse("Th 8d 7c 6s 5h", "Ah Kd Qc Js 9h", "4d 3c 2s")  # sảnh rồng, the middle above the back
    other = Arrangement.parse("Kh Kc 5d 5c 3d", "Qh Qs 6d 6h 4h", "Jd Tc 2d")
    table = settle([dragon, other], rule_set, [False, True])
    # binh lủng pays 3, its one ace takes 1 (chi Át); declared, the dragon would take 13 x 3 + 1 = 40
    assert [(item.kind, item.amount) for item in table.pair(0, 1).items] == [(ItemKind.FOUL, -3), (ItemKind.ACES, 1)]
    assert settle([dragon, other], rule_set).pair(0, 1).total == 40
    q = SettleQuestion(1, Level.EXPERT, (dragon, other), 0, 1, table.pair(0, 1).total, table, table.pair(0, 1),
                       features(table.pair(0, 1)))
    assert q.declares == (False, False)
    assert settle_seat_note(q, 0, rule_set, "en").startswith("Holds Sảnh rồng")
    assert settle_seat_note(q, 1, rule_set, "en") is None
