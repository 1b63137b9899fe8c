"""Scoring a finished game: the bid times a multiplier, landlord against the two farmers, zero-sum.

Source: ``003_5df2ac094b3959af.txt``, "Tính điểm bình thường", "Được điểm gấp đôi trường hợp đặc
biệt" and "Có người chơi bỏ cuộc"; digest §4. The base score is the landlord's bid (1, 2 or 3 points).
The multiplier starts at 1 and doubles for every bomb and for the rocket played during the game.
Each farmer (nông dân, a player who is not the landlord) loses ``bid x multiplier`` when the landlord
wins and gains it when the farmers win.

Readings (``rules.toml``, shown to users as readings):

- :attr:`Topic.LANDLORD_SHARE <daudiachu.rules.Topic.LANDLORD_SHARE>`: the source gives only the
  farmers' points; the landlord gets the opposite of both together, so a game adds up to 0.
- :attr:`Topic.SPRING <daudiachu.rules.Topic.SPRING>`: the unclear double-points sentence is read as two
  cases, each doubling once more: :attr:`Spring.SPRING` (the landlord goes out before either farmer
  has played) and :attr:`Spring.ANTI_SPRING` (a farmer goes out while the landlord has played only once).
- :attr:`Topic.ABANDON <daudiachu.rules.Topic.ABANDON>`: when a player quits, everyone gets 0.

>>> result = score(Game(bid=3, landlord=0, went_out=0, bombs=1))
>>> result.multiplier, result.unit, result.points
(2, 6, (12, -6, -6))
>>> score(Game(bid=2, landlord=1, went_out=2, bombs=1, rocket=True, spring=Spring.ANTI_SPRING)).points
(16, -32, 16)
>>> Game(bid=4, landlord=0, went_out=0)
Traceback (most recent call last):
...
daudiachu.scoring.ScoreError: bid: 4 is not a bid; the landlord bids 1, 2 or 3
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from daudiachu.rules import load_rules

__all__ = [
    "MAX_BOMBS",
    "Doubling",
    "DoublingKind",
    "Game",
    "Score",
    "ScoreError",
    "Side",
    "Spring",
    "score",
    "spring_case",
]

MAX_BOMBS = 13
"""The most bombs one game can hold: one per rank 3..2 (the pack has four of each of 13 ranks)."""


class Side(StrEnum):
    """The two sides of a game: the landlord alone, and the two farmers together."""

    LANDLORD = "landlord"
    FARMERS = "farmers"


class Spring(StrEnum):
    """The source's double-points cases, as read (:attr:`Topic.SPRING <daudiachu.rules.Topic.SPRING>`)."""

    NONE = "none"
    """Neither case."""
    SPRING = "spring"
    """Case a): the landlord went out and neither farmer played a single card."""
    ANTI_SPRING = "anti_spring"
    """Case b): a farmer went out and the landlord played only once (the opening lead)."""


class ScoreError(ValueError):
    """Facts of a game that cannot be; the message names the field and the value.

    Attributes:
        field: the name of the offending :class:`Game` field (``"bid"``, ``"bombs"``, ``"spring"``...).
        value: the offending value.
    """

    def __init__(self, message: str, field: str, value: object) -> None:
        super().__init__(message)
        self.field = field
        self.value = value


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Game:
    """The facts of a finished game that decide its score.

    Seats are 0, 1, 2 in the order of play. Exactly one of ``went_out`` and ``quit`` is set.

    Attributes:
        bid: the landlord's bid, 1, 2 or 3 points (the base score).
        landlord: the landlord's seat.
        went_out: the seat of the player who emptied their hand first, or ``None`` if someone quit.
        bombs: how many bombs were played during the game (0..13).
        rocket: whether the rocket (both jokers) was played.
        spring: the double-points case, :attr:`Spring.NONE` unless it happened; :attr:`Spring.SPRING`
            needs the landlord to have gone out, :attr:`Spring.ANTI_SPRING` a farmer.
        quit: the seat of a player who quit (bỏ cuộc) before the end, else ``None``.

    Raises:
        ScoreError: naming the first field that cannot be (a bid not in the rules, a seat outside 0..2,
            bombs outside 0..13, neither or both of ``went_out`` and ``quit``, a spring case that does
            not fit who went out).
    """

    bid: int
    landlord: int
    went_out: int | None = None
    bombs: int = 0
    rocket: bool = False
    spring: Spring = Spring.NONE
    quit: int | None = None

    def __post_init__(self) -> None:
        rules = load_rules()
        if not _whole(self.bid) or self.bid not in rules.bids:
            bids = ", ".join(str(b) for b in rules.bids[:-1]) + f" or {rules.bids[-1]}"
            raise ScoreError(f"bid: {self.bid!r} is not a bid; the landlord bids {bids}", "bid", self.bid)
        for name in ("landlord", "went_out", "quit"):
            seat = getattr(self, name)
            if seat is not None and (not _whole(seat) or not 0 <= seat < rules.players):
                raise ScoreError(f"{name}: {seat!r} is not a seat 0..{rules.players - 1}", name, seat)
        if (self.went_out is None) == (self.quit is None):
            raise ScoreError(
                "went_out/quit: give exactly one: who went out first, or who quit", "went_out", self.went_out
            )
        if not _whole(self.bombs) or not 0 <= self.bombs <= MAX_BOMBS:
            raise ScoreError(
                f"bombs: {self.bombs!r} is not a number of bombs 0..{MAX_BOMBS}", "bombs", self.bombs
            )
        if not isinstance(self.rocket, bool):
            raise ScoreError(f"rocket: expected True or False, got {self.rocket!r}", "rocket", self.rocket)
        if not isinstance(self.spring, Spring):
            raise ScoreError(f"spring: {self.spring!r} is not a Spring case", "spring", self.spring)
        if self.spring is not Spring.NONE:
            if self.went_out is None:
                raise ScoreError("spring: a game someone quit has no spring case", "spring", self.spring)
            if self.spring is Spring.SPRING and self.went_out != self.landlord:
                raise ScoreError("spring: case a) needs the landlord to go out first", "spring", self.spring)
            if self.spring is Spring.ANTI_SPRING and self.went_out == self.landlord:
                raise ScoreError("spring: case b) needs a farmer to go out first", "spring", self.spring)

    @property
    def winner(self) -> Side | None:
        """The winning side, from who went out; ``None`` when someone quit."""
        if self.went_out is None:
            return None
        return Side.LANDLORD if self.went_out == self.landlord else Side.FARMERS

    @property
    def farmers(self) -> tuple[int, int]:
        """The two farmers' seats, in seat order."""
        first, second = (seat for seat in range(load_rules().players) if seat != self.landlord)
        return first, second


class DoublingKind(StrEnum):
    """What doubled the multiplier."""

    BOMB = "bomb"
    ROCKET = "rocket"
    SPRING = "spring"
    ANTI_SPRING = "anti_spring"


@dataclass(frozen=True)
class Doubling:
    """One step of the multiplier: ``kind`` multiplied it by ``factor`` (2)."""

    kind: DoublingKind
    factor: int


@dataclass(frozen=True)
class Score:
    """A scored game.

    Attributes:
        game: the facts scored.
        doublings: every step of the multiplier in order: one per bomb, the rocket, the spring case.
        multiplier: the product of the steps' factors (1 with none): "bội số".
        unit: ``bid x multiplier``, the points each farmer wins or loses (0 when someone quit).
        points: each seat's points, seat 0 first; they add up to 0.
    """

    game: Game
    doublings: tuple[Doubling, ...]
    multiplier: int
    unit: int
    points: tuple[int, int, int]

    @property
    def winner(self) -> Side | None:
        """The winning side (``None`` when someone quit)."""
        return self.game.winner


def spring_case(landlord_won: bool, landlord_plays: int, farmer_plays: int) -> Spring:
    """The spring case (as read) from how many times each side played cards during the game.

    Args:
        landlord_won: whether the landlord went out first.
        landlord_plays: how many times the landlord played cards (passes not counted), at least 1 (the lead).
        farmer_plays: how many times the two farmers together played cards (passes not counted).

    Raises:
        ValueError: for counts that cannot be (the landlord always leads once; the side that went out
            played at least once).

    >>> spring_case(True, 6, 0), spring_case(False, 1, 9), spring_case(False, 2, 9)
    (<Spring.SPRING: 'spring'>, <Spring.ANTI_SPRING: 'anti_spring'>, <Spring.NONE: 'none'>)
    """
    if landlord_plays < 1:
        raise ValueError(f"landlord_plays: the landlord leads at least once, got {landlord_plays}")
    if farmer_plays < 0 or (not landlord_won and farmer_plays < 1):
        raise ValueError(
            f"farmer_plays: {farmer_plays} cannot be when "
            f"{'the landlord' if landlord_won else 'a farmer'} went out"
        )
    if landlord_won:
        return Spring.SPRING if farmer_plays == 0 else Spring.NONE
    return Spring.ANTI_SPRING if landlord_plays == 1 else Spring.NONE


def score(game: Game) -> Score:
    """Score a finished game (the module docstring gives the rules and readings).

    Returns:
        The :class:`Score`: each step of the multiplier, the multiplier, the unit and every seat's points.

    >>> score(Game(bid=1, landlord=2, went_out=2, spring=Spring.SPRING)).points
    (-2, -2, 4)
    >>> score(Game(bid=3, landlord=0, quit=1, bombs=2)).points
    (0, 0, 0)
    """
    rules = load_rules()
    steps = [Doubling(DoublingKind.BOMB, rules.bomb_factor)] * game.bombs
    if game.rocket:
        steps.append(Doubling(DoublingKind.ROCKET, rules.rocket_factor))
    if game.spring is not Spring.NONE:
        steps.append(Doubling(DoublingKind(game.spring.value), rules.spring_factor))
    multiplier = 1
    for step in steps:
        multiplier *= step.factor
    winner = game.winner
    unit = 0 if winner is None else game.bid * multiplier
    farmer_points = unit if winner is Side.FARMERS else -unit
    points = [farmer_points] * rules.players
    points[game.landlord] = -farmer_points * (rules.players - 1)
    first, second, third = points
    return Score(game, tuple(steps), multiplier, unit, (first, second, third))
