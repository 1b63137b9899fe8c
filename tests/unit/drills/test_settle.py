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


def _vector_total(arrangements, seat: int, rule_set: RuleSet) -> int:
    """Seat ``seat``'s total against the others through maubinh.strategy.vector (another path than settle())."""
    mine = arrangements[seat]
    others = [arr for k, arr in enumerate(arrangements) if k != seat]

    def natural(arr):
        return find_instant_win(arr.cards, rule_set) if rule_set.naturals else None

    def aces(arr):
        return sum(c.rank == Rank.ACE for c in arr.cards)

    result = heads_up(side_of([mine], rule_set), natural(mine), aces(mine), side_of(others, rule_set),
                      [natural(a) for a in others], [aces(a) for a in others], rule_set)
    if len(others) == 1:
        scoop = np.where(result.win_all | result.lose_all, rule_set.scoop.factor(1, 1), 1)
        return int((result.compared * scoop + result.other + result.aces).sum())
    among = settle_facts([seat_facts(a, rule_set) for a in others], rule_set).scoops
    return int(table_totals(result, [len(s) for s in among], rule_set)[0])


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
@pytest.mark.parametrize("level", list(Level))
def test_key_is_the_itemised_pair_total_and_the_vector_agrees(rule_set_id: str, level: Level) -> None:
    rule_set = load_rule_set(rule_set_id)
    found: Counter[ItemKind] = Counter()
    for seed in SEEDS:
        q = make_settle_question(seed, rule_set, level)
        assert len(q.arrangements) in LEVEL_SEATS[level] and q.a != q.b
        pair = settle(q.arrangements, rule_set).pair(q.a, q.b)
        assert q.key == pair.total == sum(item.amount for item in pair.items), seed
        assert settle(q.arrangements, rule_set).pair(q.b, q.a).total == -q.key
        totals = settle(q.arrangements, rule_set).totals
        assert sum(totals) == 0
        assert totals[q.a] == sum(settle(q.arrangements, rule_set).pair(q.a, k).total
                                  for k in range(len(q.arrangements)) if k != q.a)
        assert _vector_total(q.arrangements, q.a, rule_set) == totals[q.a], seed
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
