"""daudiachu.scoring: bid x multiplier, doubled per bomb and rocket, spring cases as read, zero-sum
(source 003, "Tính điểm bình thường", "Được điểm gấp đôi trường hợp đặc biệt", "Có người chơi bỏ cuộc";
digest §4)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from daudiachu.scoring import (
    MAX_BOMBS,
    DoublingKind,
    Game,
    ScoreError,
    Side,
    Spring,
    score,
    spring_case,
)


@st.composite
def games(draw) -> Game:
    landlord = draw(st.integers(0, 2))
    bid = draw(st.sampled_from([1, 2, 3]))
    bombs = draw(st.integers(0, MAX_BOMBS))
    rocket = draw(st.booleans())
    if draw(st.integers(0, 9)) == 0:
        return Game(bid=bid, landlord=landlord, quit=draw(st.integers(0, 2)), bombs=bombs, rocket=rocket)
    went_out = draw(st.integers(0, 2))
    spring = Spring.NONE
    if draw(st.booleans()):
        spring = Spring.SPRING if went_out == landlord else Spring.ANTI_SPRING
    return Game(bid=bid, landlord=landlord, went_out=went_out, bombs=bombs, rocket=rocket, spring=spring)


@given(games())
def test_every_game_is_zero_sum(game):
    assert sum(score(game).points) == 0


@given(games())
def test_each_farmer_gets_bid_times_multiplier_and_the_landlord_the_opposite_of_both(game):
    result = score(game)
    farmers = [result.points[seat] for seat in game.farmers]
    if game.winner is None:
        assert result.points == (0, 0, 0)
        return
    sign = 1 if game.winner is Side.FARMERS else -1
    assert farmers == [sign * game.bid * result.multiplier] * 2
    assert result.points[game.landlord] == -2 * sign * game.bid * result.multiplier


@given(games())
def test_the_multiplier_doubles_per_bomb_and_for_the_rocket_and_spring(game):
    result = score(game)
    expected = 2**game.bombs * (2 if game.rocket else 1) * (1 if game.spring is Spring.NONE else 2)
    assert result.multiplier == expected
    kinds = [step.kind for step in result.doublings]
    assert kinds.count(DoublingKind.BOMB) == game.bombs
    assert kinds.count(DoublingKind.ROCKET) == int(game.rocket)
    assert all(step.factor == 2 for step in result.doublings)


@pytest.mark.parametrize("bombs", range(MAX_BOMBS))
def test_one_more_bomb_doubles_every_players_points(bombs):
    base = Game(bid=2, landlord=1, went_out=0, bombs=bombs)
    more = Game(bid=2, landlord=1, went_out=0, bombs=bombs + 1)
    assert score(more).points == tuple(2 * p for p in score(base).points)


def test_the_rocket_and_the_spring_each_double_once():
    plain = score(Game(bid=1, landlord=0, went_out=0))
    assert plain.points == (2, -1, -1) and plain.multiplier == 1 and plain.doublings == ()
    assert score(Game(bid=1, landlord=0, went_out=0, rocket=True)).points == (4, -2, -2)
    assert score(Game(bid=1, landlord=0, went_out=0, spring=Spring.SPRING)).points == (4, -2, -2)
    both = score(Game(bid=1, landlord=0, went_out=0, rocket=True, spring=Spring.SPRING))
    assert both.points == (8, -4, -4)
    assert [step.kind for step in both.doublings] == [DoublingKind.ROCKET, DoublingKind.SPRING]


def test_worked_cases_by_hand():
    # bid 3, one bomb, landlord out first: x2 -> each farmer -6, landlord +12
    assert score(Game(bid=3, landlord=2, went_out=2, bombs=1)).points == (-6, -6, 12)
    # bid 2, two bombs and the rocket, a farmer out first: x8 -> each farmer +16, landlord -32
    assert score(Game(bid=2, landlord=0, went_out=2, bombs=2, rocket=True)).points == (-32, 16, 16)
    # bid 1, anti-spring: x2 -> each farmer +2, landlord -4
    assert score(Game(bid=1, landlord=1, went_out=0, spring=Spring.ANTI_SPRING)).points == (2, -4, 2)


def test_a_player_who_quits_ends_the_game_at_zero_for_everyone():
    for quitter in range(3):
        result = score(Game(bid=3, landlord=0, quit=quitter, bombs=4, rocket=True))
        assert result.points == (0, 0, 0) and result.unit == 0 and result.winner is None


def test_the_winner_comes_from_who_went_out():
    assert Game(bid=1, landlord=1, went_out=1).winner is Side.LANDLORD
    assert Game(bid=1, landlord=1, went_out=2).winner is Side.FARMERS
    assert Game(bid=1, landlord=1, went_out=2).farmers == (0, 2)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"bid": 0, "landlord": 0, "went_out": 0}, "bid"),
        ({"bid": 4, "landlord": 0, "went_out": 0}, "bid"),
        ({"bid": True, "landlord": 0, "went_out": 0}, "bid"),
        ({"bid": 1, "landlord": 3, "went_out": 0}, "landlord"),
        ({"bid": 1, "landlord": 0, "went_out": -1}, "went_out"),
        ({"bid": 1, "landlord": 0, "quit": 5}, "quit"),
        ({"bid": 1, "landlord": 0}, "went_out"),
        ({"bid": 1, "landlord": 0, "went_out": 1, "quit": 1}, "went_out"),
        ({"bid": 1, "landlord": 0, "went_out": 0, "bombs": -1}, "bombs"),
        ({"bid": 1, "landlord": 0, "went_out": 0, "bombs": MAX_BOMBS + 1}, "bombs"),
        ({"bid": 1, "landlord": 0, "went_out": 0, "rocket": 1}, "rocket"),
        ({"bid": 1, "landlord": 0, "went_out": 0, "spring": "spring"}, "spring"),
        ({"bid": 1, "landlord": 0, "went_out": 1, "spring": Spring.SPRING}, "spring"),
        ({"bid": 1, "landlord": 0, "went_out": 0, "spring": Spring.ANTI_SPRING}, "spring"),
        ({"bid": 1, "landlord": 0, "quit": 0, "spring": Spring.SPRING}, "spring"),
    ],
)
def test_impossible_facts_name_the_field(kwargs, field):
    with pytest.raises(ScoreError) as caught:
        Game(**kwargs)
    assert caught.value.field == field
    assert str(caught.value).startswith(field)


def test_spring_case_from_how_often_each_side_played():
    assert spring_case(landlord_won=True, landlord_plays=5, farmer_plays=0) is Spring.SPRING
    assert spring_case(landlord_won=True, landlord_plays=5, farmer_plays=1) is Spring.NONE
    assert spring_case(landlord_won=False, landlord_plays=1, farmer_plays=7) is Spring.ANTI_SPRING
    assert spring_case(landlord_won=False, landlord_plays=2, farmer_plays=7) is Spring.NONE
    with pytest.raises(ValueError, match="landlord_plays"):
        spring_case(landlord_won=True, landlord_plays=0, farmer_plays=0)
    with pytest.raises(ValueError, match="farmer_plays"):
        spring_case(landlord_won=False, landlord_plays=1, farmer_plays=0)
