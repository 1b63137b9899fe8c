"""Bidding for the landlord (gọi đất thổ cư): who becomes landlord and for how many points.

Source: ``003_5df2ac094b3959af.txt``, "Gọi đất thổ cư" and "Người chơi đầu tiên gọi Đất Thổ Cư
của mỗi ván"; digest §4. Each player calls once, in the order of play starting with the first
bidder: 1, 2 or 3 points ("mẫu"), or pass ("không theo"). A bid must be higher than every bid before
it. A bid of 3 ends the bidding at once; otherwise it ends after the third call. The highest bidder
becomes the landlord (địa chủ) and the bid is the game's base score; if all three pass, the cards are
dealt again.

Seats are numbered 0, 1, 2 in the order of play (counter-clockwise at the table); a call is a whole
number of points, :data:`PASS` (0) for a pass.

>>> result = bidding_result([1, PASS, 2])
>>> result.landlord, result.bid, result.redeal
(2, 2, False)
>>> bidding_result([PASS, 3], first=2).landlord
0
>>> bidding_result([PASS, PASS, PASS]).redeal
True
>>> bidding_result([2, 1])
Traceback (most recent call last):
...
daudiachu.bidding.BiddingError: call 2 (1): a bid must be higher than 2; bid 3 or pass
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from daudiachu.rules import load_rules

__all__ = [
    "PASS",
    "BiddingError",
    "BiddingResult",
    "bidding_result",
    "first_bidder",
    "is_over",
    "legal_calls",
    "next_bidder",
]

PASS = 0
"""A pass ("không theo") in a list of calls."""


class BiddingError(ValueError):
    """A list of calls that breaks the bidding rules; the message names the call (1-based) and why.

    Attributes:
        index: the 0-based position of the offending call in the list (``len(calls)`` for ``"unfinished"``).
        call: the offending call (``PASS`` for ``"unfinished"``).
        reason: ``"value"`` (not a pass nor a bid of the rules), ``"not_higher"`` (not above the highest bid
            so far), ``"after_end"`` (a call after the bidding ended) or ``"unfinished"`` (the bidding has
            not ended yet: someone still has to call).
        highest: the highest bid before the offending call (0 if none).
    """

    def __init__(self, message: str, index: int, call: int, reason: str, highest: int) -> None:
        super().__init__(message)
        self.index = index
        self.call = call
        self.reason = reason
        self.highest = highest


@dataclass(frozen=True)
class BiddingResult:
    """How a finished bidding came out.

    Attributes:
        calls: the calls in order, the first bidder's first (``PASS`` = 0 for a pass).
        first: the seat (0..2) of the first bidder.
        landlord: the seat of the landlord, or ``None`` when everyone passed.
        bid: the winning bid in points (the game's base score, "điểm thấp nhất"), 0 when everyone passed.
    """

    calls: tuple[int, ...]
    first: int
    landlord: int | None
    bid: int

    @property
    def redeal(self) -> bool:
        """True when all three passed: the cards are dealt again."""
        return self.landlord is None

    def seat_of(self, index: int) -> int:
        """The seat that made call ``index`` (0-based)."""
        return (self.first + index) % load_rules().players


def _check_seat(seat: int, name: str) -> None:
    players = load_rules().players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"{name} must be a seat 0..{players - 1}, got {seat!r}")


def _highest(calls: Sequence[int]) -> int:
    return max(calls, default=PASS)


def is_over(calls: Sequence[int]) -> bool:
    """True once the bidding has ended: someone bid the top bid (3), or every player has called.

    >>> is_over([1, 2]), is_over([PASS, 3]), is_over([1, PASS, PASS])
    (False, True, True)
    """
    rules = load_rules()
    return len(calls) >= rules.players or rules.max_bid in calls


def legal_calls(calls: Sequence[int]) -> tuple[int, ...]:
    """The calls the next player may make after ``calls`` (which must be legal): :data:`PASS` and every
    bid above the highest so far; ``()`` once the bidding is over.

    >>> legal_calls([]), legal_calls([1, PASS]), legal_calls([PASS, 3])
    ((0, 1, 2, 3), (0, 2, 3), ())
    """
    if is_over(calls):
        return ()
    highest = _highest(calls)
    return (PASS, *(bid for bid in load_rules().bids if bid > highest))


def next_bidder(calls: Sequence[int], first: int = 0) -> int | None:
    """The seat that calls next, or ``None`` once the bidding is over.

    >>> next_bidder([1], first=2), next_bidder([3])
    (0, None)
    """
    _check_seat(first, "first")
    if is_over(calls):
        return None
    return (first + len(calls)) % load_rules().players


def bidding_result(calls: Sequence[int], first: int = 0) -> BiddingResult:
    """Play out a finished bidding.

    Args:
        calls: the calls in order, starting with the first bidder: :data:`PASS` (0) or a bid (1, 2, 3).
        first: the first bidder's seat, 0..2.

    Returns:
        The :class:`BiddingResult`: landlord seat and bid, or a redeal.

    Raises:
        BiddingError: naming the first call that breaks the rules (a value that is not a call, a bid
            not above the highest so far, a call after the end) or saying that someone still has to call.
        ValueError: for a ``first`` that is not a seat.

    >>> bidding_result([1, 2, 3]).landlord
    2
    >>> bidding_result([3, PASS])
    Traceback (most recent call last):
    ...
    daudiachu.bidding.BiddingError: call 2 (pass): the bidding ended with call 1
    >>> bidding_result([1, 2])
    Traceback (most recent call last):
    ...
    daudiachu.bidding.BiddingError: the bidding is not over: call 3 is still to come
    """
    _check_seat(first, "first")
    rules = load_rules()
    made: list[int] = []
    for index, call in enumerate(calls):
        highest = _highest(made)
        shown = "pass" if call == PASS else str(call)
        if is_over(made):
            raise BiddingError(
                f"call {index + 1} ({shown}): the bidding ended with call {index}",
                index,
                call,
                "after_end",
                highest,
            )
        if isinstance(call, bool) or not isinstance(call, int) or (call != PASS and call not in rules.bids):
            raise BiddingError(
                f"call {index + 1} ({call!r}): not a call; pass or bid {', '.join(map(str, rules.bids))}",
                index, call, "value", highest,
            )  # fmt: skip
        if call != PASS and call <= highest:
            allowed = " or ".join(str(bid) for bid in rules.bids if bid > highest)
            advice = f"bid {allowed} or pass" if allowed else "pass"
            raise BiddingError(
                f"call {index + 1} ({shown}): a bid must be higher than {highest}; {advice}",
                index, call, "not_higher", highest,
            )  # fmt: skip
        made.append(call)
    if not is_over(made):
        raise BiddingError(
            f"the bidding is not over: call {len(made) + 1} is still to come",
            len(made), PASS, "unfinished", _highest(made),
        )  # fmt: skip
    bid = _highest(made)
    landlord = None if bid == PASS else (first + made.index(bid)) % rules.players
    return BiddingResult(tuple(made), first, landlord, bid)


def first_bidder(game: int, first_seated: int = 0) -> int:
    """The seat that calls first in game number ``game`` (1 for the first game at the table).

    The first game starts with the player who sat down first; each later game starts one seat further
    in the order of play (source "Người chơi đầu tiên gọi Đất Thổ Cư của mỗi ván").

    Raises:
        ValueError: for a game number below 1 or a seat outside 0..2.

    >>> [first_bidder(game, first_seated=1) for game in (1, 2, 3, 4)]
    [1, 2, 0, 1]
    """
    _check_seat(first_seated, "first_seated")
    if isinstance(game, bool) or not isinstance(game, int) or game < 1:
        raise ValueError(f"game must be a game number from 1, got {game!r}")
    return (first_seated + game - 1) % load_rules().players
