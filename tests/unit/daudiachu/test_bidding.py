"""daudiachu.bidding: 1, 2 or 3 points, each player once, must outbid, 3 ends it, all pass means a redeal
(source 003, "Gọi đất thổ cư", "Người chơi đầu tiên gọi Đất Thổ Cư của mỗi ván"; digest §4)."""

from __future__ import annotations

from itertools import product

import pytest

from daudiachu.bidding import (
    PASS,
    BiddingError,
    bidding_result,
    first_bidder,
    is_over,
    legal_calls,
    next_bidder,
)


def _all_legal_biddings():
    """Every finished legal list of calls, built call by call from legal_calls."""
    finished, frontier = [], [[]]
    while frontier:
        calls = frontier.pop()
        if is_over(calls):
            finished.append(calls)
            continue
        frontier += [[*calls, call] for call in legal_calls(calls)]
    return finished


def test_the_highest_bidder_becomes_landlord_for_their_bid():
    biddings = _all_legal_biddings()
    assert len(biddings) == 20  # counted by hand: 1 (3 first) + 3 (2 first) + 6 (1 first) + 10 (pass first)
    for first in range(3):
        for calls in biddings:
            result = bidding_result(calls, first=first)
            if all(call == PASS for call in calls):
                assert result.redeal and result.bid == 0 and len(calls) == 3
                continue
            bid = max(calls)
            assert result.bid == bid
            assert result.landlord == (first + calls.index(bid)) % 3
            assert result.seat_of(calls.index(bid)) == result.landlord


def test_bids_only_rise():
    for calls in _all_legal_biddings():
        bids = [call for call in calls if call != PASS]
        assert bids == sorted(set(bids))


def test_a_bid_of_3_ends_the_bidding_at_once():
    assert bidding_result([3]).landlord == 0
    assert bidding_result([PASS, 3]).landlord == 1
    assert legal_calls([1, 3]) == () and next_bidder([1, 3]) is None
    with pytest.raises(BiddingError) as caught:
        bidding_result([3, PASS])
    assert (caught.value.reason, caught.value.index) == ("after_end", 1)


def test_every_player_calls_once():
    with pytest.raises(BiddingError) as caught:
        bidding_result([1, PASS, 2, 3])
    assert (caught.value.reason, caught.value.index, caught.value.call) == ("after_end", 3, 3)


@pytest.mark.parametrize(
    ("calls", "index", "reason", "highest"),
    [
        ([2, 1], 1, "not_higher", 2),
        ([2, 2], 1, "not_higher", 2),
        ([1, PASS, 1], 2, "not_higher", 1),
        ([4], 0, "value", 0),
        ([-1], 0, "value", 0),
        ([1, True], 1, "value", 1),
    ],
)
def test_illegal_calls_are_named(calls, index, reason, highest):
    with pytest.raises(BiddingError) as caught:
        bidding_result(calls)
    error = caught.value
    assert (error.index, error.reason, error.highest) == (index, reason, highest)
    assert str(error).startswith(f"call {index + 1} ")


def test_the_message_says_what_is_still_allowed():
    with pytest.raises(BiddingError, match="bid 3 or pass"):
        bidding_result([2, 1])
    with pytest.raises(BiddingError, match="bid 2 or 3 or pass"):
        bidding_result([1, 1])


def test_an_unfinished_bidding_is_named():
    with pytest.raises(BiddingError) as caught:
        bidding_result([1, 2])
    assert (caught.value.reason, caught.value.index) == ("unfinished", 2)
    assert next_bidder([1, 2], first=1) == 0


def test_legal_calls_offer_pass_and_every_higher_bid():
    assert legal_calls([]) == (PASS, 1, 2, 3)
    assert legal_calls([PASS]) == (PASS, 1, 2, 3)
    assert legal_calls([2]) == (PASS, 3)
    assert legal_calls([PASS, PASS]) == (PASS, 1, 2, 3)


def test_the_first_bidder_rotates_in_the_order_of_play():
    assert [first_bidder(game) for game in range(1, 7)] == [0, 1, 2, 0, 1, 2]
    assert [first_bidder(game, first_seated=2) for game in range(1, 4)] == [2, 0, 1]
    for bad in (0, -1):
        with pytest.raises(ValueError, match="game"):
            first_bidder(bad)
    with pytest.raises(ValueError, match="first_seated"):
        first_bidder(1, first_seated=3)
    with pytest.raises(ValueError, match="first"):
        bidding_result([3], first=5)


def test_all_call_sequences_either_settle_or_raise():
    legal = {tuple(calls) for calls in _all_legal_biddings()}
    for length in range(5):
        for calls in product([PASS, 1, 2, 3], repeat=length):
            if calls in legal:
                bidding_result(list(calls))
            else:
                with pytest.raises(BiddingError):
                    bidding_result(list(calls))
