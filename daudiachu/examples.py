"""The lesson's examples, read from ``daudiachu/examples.toml`` (data; the page draws them, a test checks
each against the engine).

Each example states what the engine must say: the play type, the fault of a look-alike, the verdict of
one play on another, the outcome of a bidding, each seat's points. :func:`load_examples` only reads and
validates the file; it computes no rule.

>>> examples = load_examples()
>>> [example.id for example in examples.plays][:3]
['single', 'single_joker', 'pair']
>>> examples.scores[0].points
(12, -6, -6)
>>> parse_examples('[[play]]\\nid = "x"\\ncards = "5h"\\ntype = "double"')
Traceback (most recent call last):
...
daudiachu.examples.ExamplesError: play[0].type: expected one of single, pair, ..., rocket, got 'double'
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from daudiachu.cards import Card, CardParseError, parse_cards
from daudiachu.plays import Fault, PlayType, Verdict
from daudiachu.scoring import Game, ScoreError, Spring

__all__ = [
    "EXAMPLES_FILE",
    "BiddingExample",
    "Examples",
    "ExamplesError",
    "FollowExample",
    "NotPlayExample",
    "PlayExample",
    "ScoreExample",
    "load_examples",
    "parse_examples",
]

EXAMPLES_FILE = Path(__file__).resolve().parent / "examples.toml"
"""The data file read by :func:`load_examples`."""

E = TypeVar("E", bound=StrEnum)


@dataclass(frozen=True)
class PlayExample:
    """Cards that form a play of ``type`` (``id`` names the example)."""

    id: str
    cards: tuple[Card, ...]
    type: PlayType


@dataclass(frozen=True)
class NotPlayExample:
    """Cards that look like a play but are none, for the reason ``fault``."""

    id: str
    cards: tuple[Card, ...]
    fault: Fault


@dataclass(frozen=True)
class FollowExample:
    """``play`` put on ``previous``, with the :class:`Verdict` the engine must give."""

    id: str
    play: tuple[Card, ...]
    previous: tuple[Card, ...]
    verdict: Verdict


@dataclass(frozen=True)
class BiddingExample:
    """A bidding: ``calls`` (0 = pass) from seat ``first``.

    Attributes:
        landlord: the landlord's seat, or ``None`` for a redeal or an illegal bidding.
        bid: the winning bid (0 for a redeal or an illegal bidding).
        error: the :class:`~daudiachu.bidding.BiddingError` reason for an illegal bidding, else ``None``.
    """

    id: str
    first: int
    calls: tuple[int, ...]
    landlord: int | None
    bid: int
    error: str | None


@dataclass(frozen=True)
class ScoreExample:
    """A finished game and each seat's points (seat 0 first)."""

    id: str
    game: Game
    points: tuple[int, ...]


@dataclass(frozen=True)
class Examples:
    """Every example of the file, in the order written."""

    plays: tuple[PlayExample, ...]
    not_plays: tuple[NotPlayExample, ...]
    follows: tuple[FollowExample, ...]
    biddings: tuple[BiddingExample, ...]
    scores: tuple[ScoreExample, ...]

    def plays_of(self, kind: PlayType) -> tuple[PlayExample, ...]:
        """The examples of one play type."""
        return tuple(example for example in self.plays if example.type is kind)


class ExamplesError(ValueError):
    """The examples file is malformed; the message names the entry and field (``play[2].cards``)."""


def _text(entry: Mapping[str, Any], where: str, key: str) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not value:
        raise ExamplesError(f"{where}.{key}: expected text, got {value!r}")
    return value


def _cards(entry: Mapping[str, Any], where: str, key: str) -> tuple[Card, ...]:
    try:
        return parse_cards(_text(entry, where, key))
    except CardParseError as error:
        raise ExamplesError(f"{where}.{key}: {error}") from error


def _member(enum: type[E], entry: Mapping[str, Any], where: str, key: str) -> E:
    value = _text(entry, where, key)
    try:
        return enum(value)
    except ValueError:
        names = [member.value for member in enum]
        shown = ", ".join(names) if len(names) <= 4 else f"{names[0]}, {names[1]}, ..., {names[-1]}"
        raise ExamplesError(f"{where}.{key}: expected one of {shown}, got {value!r}") from None


def _int(entry: Mapping[str, Any], where: str, key: str, default: int | None = None) -> int:
    value = entry.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise ExamplesError(f"{where}.{key}: expected a whole number, got {value!r}")
    return value


def _entries(data: Mapping[str, Any], name: str) -> list[tuple[str, Mapping[str, Any]]]:
    entries = data.get(name, [])
    if not isinstance(entries, list) or not all(isinstance(entry, dict) for entry in entries):
        raise ExamplesError(f"{name}: expected [[{name}]] tables")
    return [(f"{name}[{index}]", entry) for index, entry in enumerate(entries)]


def _bidding(entry: Mapping[str, Any], where: str) -> BiddingExample:
    calls = entry.get("calls")
    if not isinstance(calls, list) or not all(isinstance(c, int) and not isinstance(c, bool) for c in calls):
        raise ExamplesError(f"{where}.calls: expected a list of whole numbers, got {calls!r}")
    error = entry.get("error")
    if error is not None and not isinstance(error, str):
        raise ExamplesError(f"{where}.error: expected text, got {error!r}")
    redeal = entry.get("redeal", False) is True
    settled = error is None and not redeal
    return BiddingExample(
        id=_text(entry, where, "id"),
        first=_int(entry, where, "first"),
        calls=tuple(calls),
        landlord=_int(entry, where, "landlord") if settled else None,
        bid=_int(entry, where, "bid") if settled else 0,
        error=error,
    )


def _score(entry: Mapping[str, Any], where: str) -> ScoreExample:
    points = entry.get("points")
    if not isinstance(points, list) or not all(
        isinstance(p, int) and not isinstance(p, bool) for p in points
    ):
        raise ExamplesError(f"{where}.points: expected a list of whole numbers, got {points!r}")
    try:
        game = Game(
            bid=_int(entry, where, "bid"),
            landlord=_int(entry, where, "landlord"),
            went_out=entry.get("went_out"),
            bombs=_int(entry, where, "bombs", 0),
            rocket=entry.get("rocket", False),
            spring=Spring(entry.get("spring", Spring.NONE.value)),
            quit=entry.get("quit"),
        )
    except (ScoreError, ValueError) as error:
        raise ExamplesError(f"{where}: {error}") from error
    return ScoreExample(_text(entry, where, "id"), game, tuple(points))


def parse_examples(text: str) -> Examples:
    """Read examples from TOML text in the format of ``examples.toml``.

    Raises:
        ExamplesError: naming the first malformed entry and field, or a repeated id.
        tomllib.TOMLDecodeError: for text that is not TOML.
    """
    data = tomllib.loads(text)
    examples = Examples(
        plays=tuple(
            PlayExample(_text(e, w, "id"), _cards(e, w, "cards"), _member(PlayType, e, w, "type"))
            for w, e in _entries(data, "play")
        ),
        not_plays=tuple(
            NotPlayExample(_text(e, w, "id"), _cards(e, w, "cards"), _member(Fault, e, w, "fault"))
            for w, e in _entries(data, "not_play")
        ),
        follows=tuple(
            FollowExample(
                _text(e, w, "id"),
                _cards(e, w, "play"),
                _cards(e, w, "previous"),
                _member(Verdict, e, w, "verdict"),
            )
            for w, e in _entries(data, "follow")
        ),
        biddings=tuple(_bidding(e, w) for w, e in _entries(data, "bidding")),
        scores=tuple(_score(e, w) for w, e in _entries(data, "score")),
    )
    ids = [
        example.id
        for group in (
            examples.plays,
            examples.not_plays,
            examples.follows,
            examples.biddings,
            examples.scores,
        )
        for example in group
    ]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        raise ExamplesError(f"ids used twice: {', '.join(repeated)}")
    return examples


@cache
def load_examples() -> Examples:
    """The examples of ``examples.toml``, read once per process (``ExamplesError`` if it is malformed)."""
    return parse_examples(EXAMPLES_FILE.read_text(encoding="utf-8"))
