"""maubinh.drills.levels: the measured reference players are in the order their play implies, and every
error rate falls in exactly one named level."""

from __future__ import annotations

import pytest

from maubinh.drills.levels import PLAYERS, level_of, levels, reference_note, reference_players


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
