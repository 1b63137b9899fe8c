"""Drill "which rule set is this split for?" (issue 14): the split shown is the best under exactly one source,
by a margin that grows easier at lower levels; the same seed gives the same question."""

from __future__ import annotations

import pytest

from maubinh.drills import DrillSet, Kind, Level, make_question
from maubinh.drills.payouts import MARGINS, make_rules_question
from maubinh.rules import RULE_SET_IDS, load_rule_set
from maubinh.strategy.payouts import same_split


@pytest.mark.parametrize(("level", "seed"), [(Level.BEGINNER, 1), (Level.INTERMEDIATE, 2), (Level.MASTER, 3)])
def test_the_split_is_the_best_under_exactly_one_source(level: Level, seed: int) -> None:
    q = make_rules_question(seed, load_rule_set("chi-at"), level)
    assert q.choices == RULE_SET_IDS and q.key in q.choices
    k = q.choices.index(q.key)
    assert same_split(q.play.best[k], q.split)
    assert [same_split(best, q.split) for best in q.play.best].count(True) == 1
    n = len(q.choices)
    assert any(q.play.cost(i, j) >= MARGINS[level] for i in range(n) for j in range(n))
    assert q.is_correct(q.key) and not q.is_correct(next(c for c in q.choices if c != q.key))


def test_the_kind_is_in_a_set_and_the_same_seed_gives_the_same_question() -> None:
    drill_set = DrillSet((Kind.RULES,), Level.BEGINNER, "guide-2026", seed=4, count=2)
    first, again = make_question(drill_set, 0), make_question(drill_set, 0)
    assert first.kind is Kind.RULES and str(first.split) == str(again.split) and first.key == again.key
