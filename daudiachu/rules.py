"""The source's rules as data: ``daudiachu/rules.toml``, read once into a frozen :class:`Rules`.

The numbers the engine uses (hand sizes, the bids, the shortest chains, the doubling factors) and,
for every :class:`Topic`, a :class:`Note` with the place in the source it comes from and, where the
source is unclear or silent, the project's reading in Vietnamese and English (shown to users as a
reading). Source: ``003_5df2ac094b3959af.txt``, digest §4.

>>> rules = load_rules()
>>> rules.hand_size, rules.kitty_size, rules.bids
(17, 3, (1, 2, 3))
>>> rules.note(Topic.SPRING).reading_in("en").startswith("Read as two cases")
True
>>> rules.note(Topic.DECK).reading is None
True
>>> parse_rules(RULES_FILE.read_text(encoding="utf-8").replace("players = 3", 'players = "three"'))
Traceback (most recent call last):
...
daudiachu.rules.RulesError: deck.players: expected a whole number, got 'three'
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

__all__ = ["RULES_FILE", "Note", "Rules", "RulesError", "Topic", "load_rules", "parse_rules"]

RULES_FILE = Path(__file__).resolve().parent / "rules.toml"
"""The data file read by :func:`load_rules`."""
LANGUAGES = ("vi", "en")


class Topic(StrEnum):
    """The parts of the rules the source describes; values are the TOML table names."""

    DECK = "deck"
    ORDER = "order"
    WINNING = "winning"
    BIDDING = "bidding"
    FIRST_BIDDER = "first_bidder"
    KITTY = "kitty"
    PLAY = "play"
    TYPES = "types"
    AIRPLANE = "airplane"
    BEATS = "beats"
    SCORING = "scoring"
    LANDLORD_SHARE = "landlord_share"
    SPRING = "spring"
    ABANDON = "abandon"


@dataclass(frozen=True)
class Note:
    """Where a rule comes from.

    Attributes:
        source: the source's heading and a short paraphrase of what it says there (Vietnamese).
        reading: the project's reading of an unclear or silent text, ``{"vi": ..., "en": ...}``, or
            ``None`` where the source is plain.
    """

    source: str
    reading: Mapping[str, str] | None = field(default=None, hash=False)

    def reading_in(self, lang: str) -> str | None:
        """The reading in ``lang`` (``"vi"`` or ``"en"``; Vietnamese for another), or ``None``."""
        if self.reading is None:
            return None
        return self.reading.get(lang) or self.reading.get("vi")


@dataclass(frozen=True)
class Rules:
    """Everything the engine reads from the data file.

    Attributes:
        name: the game's name per language.
        source_file: the source text's file name in ``shared/sources/``.
        players: players at the table (3).
        deck_size: cards in the pack (54, two jokers included).
        hand_size: cards dealt to each player (17).
        kitty_size: face-down cards that go to the landlord (3).
        bids: the bids a player may call, in points (1, 2, 3); passing is not a bid.
        straight_min: the fewest cards in a straight (5).
        pair_straight_min: the fewest pairs in a pair straight (3).
        trio_straight_min: the fewest trios in a trio straight, and in an airplane (2).
        bomb_factor: what each bomb played multiplies the multiplier by (2).
        rocket_factor: what the rocket played multiplies it by (2).
        spring_factor: what a spring case (the reading of :attr:`Topic.SPRING`) multiplies it by (2).
        notes: a :class:`Note` for every :class:`Topic`.
    """

    name: Mapping[str, str]
    source_file: str
    players: int
    deck_size: int
    hand_size: int
    kitty_size: int
    bids: tuple[int, ...]
    straight_min: int
    pair_straight_min: int
    trio_straight_min: int
    bomb_factor: int
    rocket_factor: int
    spring_factor: int
    notes: Mapping[Topic, Note] = field(hash=False)

    def note(self, topic: Topic) -> Note:
        """The :class:`Note` of ``topic``."""
        return self.notes[topic]

    @property
    def max_bid(self) -> int:
        """The highest bid (3): calling it ends the bidding."""
        return max(self.bids)


class RulesError(ValueError):
    """The data file is malformed; the message names the field (``"deck.players"``) and what was found."""


def _table(data: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    value = data.get(name)
    if not isinstance(value, dict):
        raise RulesError(f"{name}: expected a table, got {value!r}")
    return value


def _int(table: Mapping[str, Any], where: str, key: str) -> int:
    value = table.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise RulesError(f"{where}.{key}: expected a whole number, got {value!r}")
    return value


def _texts(value: Any, where: str) -> Mapping[str, str]:
    if not isinstance(value, dict) or any(not isinstance(value.get(lang), str) for lang in LANGUAGES):
        raise RulesError(f"{where}: expected text in {', '.join(LANGUAGES)}, got {value!r}")
    return MappingProxyType({lang: value[lang] for lang in LANGUAGES})


def _note(table: Mapping[str, Any], where: str) -> Note:
    source = table.get("source")
    if not isinstance(source, str) or not source:
        raise RulesError(f"{where}.source: expected text, got {source!r}")
    reading = table.get("reading")
    return Note(source, None if reading is None else _texts(reading, f"{where}.reading"))


def parse_rules(text: str) -> Rules:
    """Read the rules from TOML text (the format of ``rules.toml``).

    Raises:
        RulesError: naming the first missing or malformed field.
        tomllib.TOMLDecodeError: for text that is not TOML.
    """
    data = tomllib.loads(text)
    deck, types, scoring = _table(data, "deck"), _table(data, "types"), _table(data, "scoring")
    bidding, spring = _table(data, "bidding"), _table(data, "spring")
    bids = bidding.get("bids")
    if not isinstance(bids, list) or not bids or any(not isinstance(b, int) or b < 1 for b in bids):
        raise RulesError(f"bidding.bids: expected whole numbers from 1 up, got {bids!r}")
    if bids != sorted(set(bids)):
        raise RulesError(f"bidding.bids: expected rising numbers, got {bids!r}")
    source_file = data.get("source_file")
    if not isinstance(source_file, str):
        raise RulesError(f"source_file: expected text, got {source_file!r}")
    notes = {topic: _note(_table(data, topic.value), topic.value) for topic in Topic}
    return Rules(
        name=_texts(data.get("name"), "name"),
        source_file=source_file,
        players=_int(deck, "deck", "players"),
        deck_size=_int(deck, "deck", "cards"),
        hand_size=_int(deck, "deck", "hand"),
        kitty_size=_int(deck, "deck", "kitty"),
        bids=tuple(bids),
        straight_min=_int(types, "types", "straight_min"),
        pair_straight_min=_int(types, "types", "pair_straight_min"),
        trio_straight_min=_int(types, "types", "trio_straight_min"),
        bomb_factor=_int(scoring, "scoring", "bomb_factor"),
        rocket_factor=_int(scoring, "scoring", "rocket_factor"),
        spring_factor=_int(spring, "spring", "factor"),
        notes=MappingProxyType(notes),
    )


@cache
def load_rules() -> Rules:
    """The rules of ``rules.toml``, read once per process (``RulesError`` if the file is malformed)."""
    return parse_rules(RULES_FILE.read_text(encoding="utf-8"))
