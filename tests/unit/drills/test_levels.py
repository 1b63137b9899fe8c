"""maubinh.drills.levels: the measured reference players are in the order their play implies, and every
error rate falls in exactly one named level."""

from __future__ import annotations

import pytest

from maubinh.drills import Kind
from maubinh.drills.levels import (
    MEASURED_KINDS,
    MIN_DECISIONS,
    PLAYERS,
    kind_level,
    level_of,
    levels,
    reference_note,
    reference_players,
)


def test_the_reference_players_rank_as_their_play_implies() -> None:
    players = reference_players()
    assert set(players) == set(PLAYERS)
    random, simple, solver = (players[p] for p in ("random", "strongest_back_first", "solver"))
    assert random.chi_lost - 2 * random.stderr > simple.chi_lost + 2 * simple.stderr
    assert simple.chi_lost - 2 * simple.stderr > solver.chi_lost + 2 * solver.stderr
    assert min(p.decisions for p in players.values()) >= 50
    assert reference_note()["rule_set"] == "chi-at"


def test_levels_are_ordered_and_cover_every_error_rate() -> None:
    bounds = [level.up_to for level in levels()]
    finite = [b for b in bounds if b is not None]
    assert bounds[-1] is None and len(finite) == len(bounds) - 1 and finite == sorted(set(finite))
    simple = reference_players()["strongest_back_first"].chi_lost
    assert level_of(simple).id == "solid"
    assert level_of(0.0).id == "engine"
    assert level_of(100.0).id == "new"


@pytest.mark.parametrize("rate", [0.0, 0.2, 0.5, 1.0, 2.0, 5.0])
def test_a_rate_is_in_the_first_level_that_admits_it(rate: float) -> None:
    level = level_of(rate)
    earlier = levels()[: levels().index(level)]
    assert all(lv.up_to is not None and rate > lv.up_to for lv in earlier)


@pytest.mark.parametrize("kind", MEASURED_KINDS)
def test_each_measured_kind_has_ordered_levels_of_its_own(kind: Kind) -> None:
    players = reference_players(kind)
    assert set(players) == set(PLAYERS) and min(p.decisions for p in players.values()) >= 40
    assert players["solver"].chi_lost < min(players["random"].chi_lost, players["strongest_back_first"].chi_lost)
    bounds = [level.up_to for level in levels(kind)]
    finite = [b for b in bounds if b is not None]
    assert bounds[-1] is None and len(finite) == 4 and finite == sorted(set(finite))
    assert levels(kind) != levels()  # not the average of both kinds


def test_the_issue_s_case_two_hard_hands_missed_is_not_engine_like() -> None:
    """Issue 20, item 10: three easy "which is better" answers right and both "set it yourself" hands missed
    by 0.70 and 0.87 chi averaged to 0.31 chi per decision, "engine-like" over all kinds together."""
    lost = {Kind.BETTER: [0.0, 0.0, 0.0], Kind.ARRANGE: [0.70, 0.87]}
    assert level_of(sum(lost[Kind.BETTER] + lost[Kind.ARRANGE]) / 5).id == "engine"  # the old, averaged label
    arrange = kind_level(Kind.ARRANGE, lost[Kind.ARRANGE])
    assert (arrange.level.id, arrange.decisions, arrange.enough) == ("new", 2, False)
    assert arrange.error_rate == pytest.approx(0.785)
    # ten such misses are a level of their own in "set it yourself": between a quarter and half of the way
    # from the solver (0.015) to the simple arranger (1.873), so "strong", not "engine"
    assert kind_level(Kind.ARRANGE, [0.70, 0.87] * (MIN_DECISIONS // 2)).level.id == "strong"
    assert kind_level(Kind.BETTER, [0.0] * MIN_DECISIONS).level.id == "engine"
    with pytest.raises(ValueError, match="no decisions"):
        kind_level(Kind.BETTER, [])
