"""Questions as plain data (issue 33 §4): a versioned JSON form of every question kind, written and read here.

A question is stored as what it *is* (the cards, the splits, the numbers, the key and what its explanation is built
from), not as a pickle of today's classes, so that a refactor of the engine keeps every stored question readable
(the shipped bank, each assignment's questions). :func:`to_data` gives the JSON-ready data, :func:`from_data`
reads it back, checking every value; :func:`dumps` / :func:`loads` give and read the text (bounded:
:data:`MAX_CHARS`).

**The format** (version :data:`FORMAT`). One JSON object::

    {"format": 1, "kind": "<Kind value>", "<field>": <value>, ...}

with one key per field of the kind's question class (:data:`CLASSES`; the fields and their meaning are those of the
class's docstring: :class:`~maubinh.drills.better.BetterQuestion`, ...), every field present, nothing else. A value
is written by its declared type, recursively:

- ``int``, ``float``, ``bool``, ``str``: as JSON; a float that is not finite as the string ``"inf"``, ``"-inf"``
  or ``"nan"``;
- a card: its text, ``"Ah"``, ``"Td"``, ``"2c"`` (rank 2-9 T J Q K A, suit s h d c); a tuple of cards: one
  string, the cards' texts separated by spaces (``"Ah Kd 7c"``), in their order;
- an enum (level, kind, position, pattern, theme...): its value (``"beginner"``, ``"back"``...);
- a tuple or list: a JSON array (a fixed-length tuple has exactly that length); a frozenset: an array sorted by
  value; ``None``: ``null``;
- a dict or mapping: a JSON object keyed by the key's value (a string or an enum's value);
- a numpy array (a table of numbers, e.g. what each source's best split is worth under the others):
  ``{"shape": [...], "values": [...]}``, the values flat in row-major order;
- a dataclass (an arrangement ``{"back": "...", "middle": "...", "front": "..."}``, a hand's value, an EV result, a
  settlement's items with their provenance...): an object of its fields, as above;
- a rule set: a source's, in the compact form, ``{"source": "<id>", "digest": "<rules digest>"}`` (read back only
  while the source's data has that digest, :func:`maubinh.drills.versions.rules_digest`); otherwise
  ``{"rules": <its data>}``, the data of its TOML file (:func:`maubinh.house.rule_set_data`, read back by
  :func:`maubinh.rules.rule_set_from_data`: house rules, and an assignment's questions, which outlive any change
  of the rules);
- a sampled field of opponents (:class:`~maubinh.strategy.field.Field`): in the compact form, under a source's rule
  set, its recipe ``{"recipe": {"cards", "rule_set", "seed", "samples", "opponents", "fingerprint"}}`` (dealt again
  on first use and refused when the solver's tables changed, :class:`~maubinh.strategy.field.RedealtField`);
  otherwise the deals themselves: ``{"cards", "rule_set", "seed", "hands": [[<an opponent's 13 cards as
  dealt>, ...] per deal], "rows", "keys", "classes", "among": <arrays>, "naturals": [[deal, seat, <instant
  win>], ...]}``.

Every kind's keys and types, every object and every enum's values are listed by :func:`schema`
(``python -m maubinh.drills.codec``; format 1 is pinned in ``tests/unit/drills/data/question_format_1.txt``).

The compact form (``compact=True``) is the question bank's; an assignment keeps the whole question. A change of a
question class changes this form: bump :data:`FORMAT` and read the older versions here.

>>> from maubinh.drills import Kind, Level, QuestionRef, make_from_ref
>>> q = make_from_ref(QuestionRef(Kind.CHI, Level.BEGINNER, "chi-at", 7))
>>> data = to_data(q)
>>> list(data)
['format', 'kind', 'seed', 'level', 'trap', 'positions', 'hands', 'values', 'key', 'verdict', 'themes']
>>> data["format"], data["kind"], data["level"], data["hands"], data["key"]
(1, 'chi', 'beginner', ['Td Tc 3s 3d 3c', 'Ac Ks 8c 5c 3h'], 'a')
>>> data["values"][0]
{'key': 6529024, 'category': 6, 'ranks': [3, 10], 'size': 5, 'is_wheel': False}
>>> data["verdict"]
{'outcome': 'a', 'decider': 'category', 'at': -1}
>>> from_data(to_data(q)) == q == loads(dumps(q))
True
"""

from __future__ import annotations

import dataclasses
import json
import math
import re
import types
import typing
from collections.abc import Mapping
from enum import Enum
from functools import cache
from typing import Any, Union

import numpy as np

from maubinh.cards import FULL_DECK, Card, CardParseError, parse_card
from maubinh.drills import Question
from maubinh.drills.arrange import ArrangeQuestion
from maubinh.drills.better import BetterQuestion
from maubinh.drills.chi import ChiQuestion
from maubinh.drills.declare import DeclareQuestion
from maubinh.drills.foul import FoulQuestion
from maubinh.drills.natural import NaturalQuestion
from maubinh.drills.payouts import RulesQuestion
from maubinh.drills.sets import Kind
from maubinh.drills.settle import SettleQuestion
from maubinh.drills.versions import rules_digest
from maubinh.naturals import InstantWin
from maubinh.rules import RULE_SET_IDS, RuleSet, RuleSetError, load_rule_set, rule_set_from_data
from maubinh.strategy.field import Field, FieldRecipe, RedealtField

__all__ = ["CLASSES", "FORMAT", "MAX_CHARS", "QuestionDataError", "dumps", "from_data", "loads", "schema", "text_of",
           "to_data"]

FORMAT = 1
"""The version of the plain-data form written (and the only one read so far)."""
MAX_CHARS = 8 * 1024 * 1024
"""The longest question text :func:`loads` reads (characters; the largest question, a master's "set it yourself"
kept whole with 4,000 deals, is ~0.5 MB)."""
MAX_DEALS = 20_000
"""The most deals a stored field may hold (a question samples at most 16,000)."""

CLASSES: dict[Kind, type[Any]] = {
    Kind.BETTER: BetterQuestion,
    Kind.ARRANGE: ArrangeQuestion,
    Kind.CHI: ChiQuestion,
    Kind.FOUL: FoulQuestion,
    Kind.SETTLE: SettleQuestion,
    Kind.NATURAL: NaturalQuestion,
    Kind.DECLARE: DeclareQuestion,
    Kind.RULES: RulesQuestion,
}
"""Each kind's question class: its fields are the kind's keys in the plain-data form."""

_NON_FINITE = {"inf": math.inf, "-inf": -math.inf, "nan": math.nan}
_CARD_OF_TEXT = {str(card): card for card in FULL_DECK}
_TEXT_OF_INDEX = tuple(str(card) for card in FULL_DECK)
_INDEX_OF_TEXT = {text: index for index, text in enumerate(_TEXT_OF_INDEX)}
_PLAIN = (int, float, str, bool)
"""Types whose long tuples (a breakdown's chi per deal) are checked in one pass, not value by value."""
_HEX16 = re.compile(r"[0-9a-f]{16}")


class QuestionDataError(ValueError):
    """Stored question data that cannot be read back: the message names where (``"better.options[1].back"``) and what
    is wrong."""

    def __init__(self, path: str, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem


# --------------------------------------------------------------------------- writing


def to_data(question: Question, *, compact: bool = False) -> dict[str, Any]:
    """``question`` as JSON-ready plain data (see the module for the form).

    Args:
        question: a question of any kind.
        compact: the bank's form: a source's rule set by id and digest, a sampled field by its recipe.

    Raises:
        TypeError: for an object that is not a question of a known kind, or a value of a type the form has no
            place for (a question class holding something new: extend the form and bump :data:`FORMAT`).
    """
    kind = getattr(type(question), "kind", None)
    if not isinstance(kind, Kind) or CLASSES.get(kind) is not type(question):
        raise TypeError(f"{type(question).__name__} is not a question of a known kind")
    return {"format": FORMAT, "kind": kind.value, **_Writer(compact).fields(question, kind.value)}


def dumps(question: Question, *, compact: bool = False) -> str:
    """:func:`to_data` as compact JSON text (the same question gives the same text, byte for byte)."""
    return text_of(to_data(question, compact=compact))


def text_of(data: dict[str, Any]) -> str:
    """A question's data (:func:`to_data`'s, or read back from JSON in the same key order) as :func:`dumps` writes
    it: JSON without spaces, non-ASCII as is.

    Raises:
        ValueError: for a float that is not finite (the form writes those as strings).
    """
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


class _Writer:
    def __init__(self, compact: bool) -> None:
        self.compact = compact

    def fields(self, obj: Any, path: str) -> dict[str, Any]:
        cls: type = obj.__class__
        hints = _hints(cls)
        return {name: self.value(getattr(obj, name), hint, f"{path}.{name}") for name, hint in hints.items()}

    def value(self, value: Any, hint: Any, path: str) -> Any:
        origin = typing.get_origin(hint)
        if hint is type(None):
            if value is not None:
                raise TypeError(f"{path}: expected None, got {type(value).__name__}")
            return None
        if origin in (Union, types.UnionType):
            return self.union(value, typing.get_args(hint), path)
        if hint is bool:
            return _checked(value, bool, path)
        if hint is int:
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                raise TypeError(f"{path}: expected an int, got {type(value).__name__}")
            return int(value)
        if hint is float:
            if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
                raise TypeError(f"{path}: expected a float, got {type(value).__name__}")
            return _float(float(value))
        if hint is str:
            return _checked(value, str, path)
        if hint is Card:
            return str(_checked(value, Card, path))
        if isinstance(hint, type) and issubclass(hint, Enum):
            return _checked(value, hint, path).value
        if hint is RuleSet:
            return self.rule_set(_checked(value, RuleSet, path))
        if isinstance(hint, type) and issubclass(hint, Field):
            return self.field(_checked(value, Field, path), path)
        if origin is np.ndarray:
            array = _checked(value, np.ndarray, path)
            kind = _dtype(hint)
            return {"shape": list(array.shape),
                    "values": [_float(float(v)) if kind is float else int(v) for v in array.ravel().tolist()]}
        if origin is tuple:
            args = typing.get_args(hint)
            items = _checked(value, tuple, path)
            if len(args) == 2 and args[1] is Ellipsis:
                if args[0] is Card:
                    return " ".join(str(_checked(card, Card, f"{path}[{k}]")) for k, card in enumerate(items))
                if args[0] in _PLAIN and all(type(item) is args[0] for item in items):
                    return [_float(item) for item in items] if args[0] is float else list(items)
                return [self.value(item, args[0], f"{path}[{k}]") for k, item in enumerate(items)]
            if len(items) != len(args):
                raise TypeError(f"{path}: expected {len(args)} items, got {len(items)}")
            return [self.value(item, arg, f"{path}[{k}]") for k, (item, arg) in enumerate(zip(items, args))]
        if origin is frozenset:
            (arg,) = typing.get_args(hint)
            written = [self.value(item, arg, f"{path}[]") for item in _checked(value, frozenset, path)]
            return sorted(written, key=lambda item: json.dumps(item, sort_keys=True))
        if origin in (dict, Mapping):
            key_hint, value_hint = typing.get_args(hint)
            out: dict[str, Any] = {}
            for key, item in _checked(value, Mapping, path).items():
                name = self.value(key, key_hint, f"{path} key")
                if not isinstance(name, str):
                    raise TypeError(f"{path}: a key of type {type(key).__name__} has no place in the form")
                out[name] = self.value(item, value_hint, f"{path}.{name}")
            return out
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            return self.fields(_checked(value, hint, path), path)
        raise TypeError(f"{path}: the plain-data form has no place for {hint!r}")

    def union(self, value: Any, args: tuple[Any, ...], path: str) -> Any:
        if value is None and type(None) in args:
            return None
        others = [arg for arg in args if arg is not type(None)]
        for arg in others:
            if isinstance(arg, type) and isinstance(value, arg):
                return self.value(value, arg, path)
        if len(others) == 1:
            return self.value(value, others[0], path)
        raise TypeError(f"{path}: {type(value).__name__} is none of {others}")

    def rule_set(self, rule_set: RuleSet) -> dict[str, Any]:
        if self.compact and _is_source(rule_set):
            return {"source": rule_set.id, "digest": _digest(rule_set.id)}
        from maubinh.house import rule_set_data  # the TOML writer (house imports the rules core only)

        return {"rules": rule_set_data(rule_set)}

    def field(self, field: Field, path: str) -> dict[str, Any]:
        if self.compact and _is_source(field.rule_set):
            recipe = field.recipe if isinstance(field, RedealtField) else FieldRecipe.of(field)
            return {"recipe": {"cards": " ".join(map(str, recipe.cards)), "rule_set": self.rule_set(recipe.rule_set),
                               "seed": recipe.seed, "samples": recipe.samples, "opponents": recipe.opponents,
                               "fingerprint": recipe.fingerprint}}
        return {
            "cards": " ".join(map(str, field.cards)),
            "rule_set": self.rule_set(field.rule_set),
            "seed": int(field.seed),
            "hands": [[" ".join(_TEXT_OF_INDEX[i] for i in seat) for seat in deal] for deal in field.hands.tolist()],
            "rows": self.value(field.rows, _I64, f"{path}.rows"),
            "keys": self.value(field.keys, _I64, f"{path}.keys"),
            "classes": self.value(field.classes, _I64, f"{path}.classes"),
            "among": self.value(field.among, _I64, f"{path}.among"),
            "naturals": [[t, j, self.fields(win, f"{path}.naturals[{t},{j}]")]
                         for (t, j), win in sorted(field.naturals.items())],
        }


_I64 = np.ndarray[Any, np.dtype[np.int64]]
_F64 = np.ndarray[Any, np.dtype[np.float64]]


def _checked(value: Any, kind: Any, path: str) -> Any:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise TypeError(f"{path}: expected {getattr(kind, '__name__', kind)}, got {type(value).__name__}")
    return value


def _float(value: float) -> float | str:
    if math.isfinite(value):
        return value
    return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")


def _dtype(hint: Any) -> type:
    """``float`` or ``int``: the kind of numbers of a numpy array type."""
    dtype = typing.get_args(typing.get_args(hint)[1])[0]
    return float if np.issubdtype(dtype, np.floating) else int


def _is_source(rule_set: RuleSet) -> bool:
    """Whether ``rule_set`` is a source's own (not a house that kept a source's id)."""
    return rule_set.id in RULE_SET_IDS and rule_set == load_rule_set(rule_set.id)


@cache
def _digest(rule_set_id: str) -> str:
    """:func:`~maubinh.drills.versions.rules_digest`, once per process (a source's data is read once)."""
    return rules_digest(rule_set_id)


@cache
def _hints(cls: type) -> dict[str, Any]:
    """A dataclass's fields (those its constructor takes, in order) with their types."""
    hints = typing.get_type_hints(cls)
    return {f.name: hints[f.name] for f in dataclasses.fields(cls) if f.init}


# --------------------------------------------------------------------------- the form, described


def schema() -> str:
    """The plain-data form of every kind, as text: each kind's keys with their types, then each object (dataclass)
    they hold, then each enum's values, all derived from the question classes (what :func:`to_data` writes). A
    change here is a change of the form: ``tests/unit/drills/data/question_format_1.txt`` pins format 1.

    >>> print(schema().split("\\n\\n")[4])
    kind "chi" (ChiQuestion)
      seed: int
      level: Level
      trap: Trap
      positions: [Position, Position]
      hands: [cards, cards]
      values: [HandValue, HandValue]
      key: Outcome
      verdict: Verdict
      themes: [Theme, ...]
    """
    objects: dict[str, type] = {}
    enums: dict[str, type[Enum]] = {}

    def name(hint: Any) -> str:
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if hint is type(None):
            return "null"
        if origin in (Union, types.UnionType):
            return " | ".join(name(arg) for arg in args)
        if hint in (int, float, bool, str):
            return {int: "int", float: "number", bool: "bool", str: "text"}[hint]
        if hint is Card:
            return "card"
        if isinstance(hint, type) and issubclass(hint, Enum):
            enums[hint.__name__] = hint
            return hint.__name__
        if hint is RuleSet:
            return "rule set"
        if isinstance(hint, type) and issubclass(hint, Field):
            objects["InstantWin"] = InstantWin
            return "field"
        if origin is np.ndarray:
            return f"array of {'number' if _dtype(hint) is float else 'int'}"
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return "cards" if args[0] is Card else f"[{name(args[0])}, ...]"
            return "[" + ", ".join(name(arg) for arg in args) + "]"
        if origin is frozenset:
            return f"[{name(args[0])}, ...] (a set)"
        if origin in (dict, Mapping):
            return f"{{{name(args[0])}: {name(args[1])}}}"
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            objects.setdefault(hint.__name__, hint)
            return hint.__name__
        raise TypeError(f"no plain-data form for {hint!r}")  # pragma: no cover - as to_data

    def block(title: str, cls: type) -> str:
        return "\n".join([title, *(f"  {field}: {name(hint)}" for field, hint in _hints(cls).items())])

    parts = [f"format {FORMAT}", "every question: format: int, kind: text, then its kind's keys"]
    parts += [block(f"kind \"{kind.value}\" ({cls.__name__})", cls) for kind, cls in CLASSES.items()]
    done: set[str] = set()
    while len(done) < len(objects):
        for object_name in sorted(set(objects) - done):
            parts.append(block(f"object {object_name}", objects[object_name]))
            done.add(object_name)
    parts += [f"enum {enum_name}: " + ", ".join(json.dumps(member.value) for member in enums[enum_name])
              for enum_name in sorted(enums)]
    parts += [
        "rule set: {source: text, digest: text} (a source's, compact form) | {rules: <its rule-set file's data>}",
        ("field: {recipe: {cards: cards, rule_set: rule set, seed: int, samples: int, opponents: int, fingerprint: "
        "text}} (compact form, a source's) | {cards: cards, rule_set: rule set, seed: int, hands: [[cards, ...], ...], "
        "rows: array of int, keys: array of int, classes: array of int, among: array of int, naturals: [[int, int, "
        "InstantWin], ...]}"),
        ("array: {shape: [int, ...], values: [number, ...]}; number: a JSON number, or \"inf\", \"-inf\", \"nan\"; "
        "card: \"Ah\"; cards: \"Ah Kd 7c\""),
    ]
    return "\n\n".join(parts) + "\n"


if __name__ == "__main__":  # python -m maubinh.drills.codec: the form of format FORMAT
    print(schema(), end="")


# --------------------------------------------------------------------------- reading


def loads(text: str | bytes) -> Question:
    """The question :func:`dumps` wrote.

    Raises:
        QuestionDataError: for a text longer than :data:`MAX_CHARS`, not JSON, or data :func:`from_data` refuses.
    """
    if len(text) > MAX_CHARS:
        raise QuestionDataError("question", f"longer than {MAX_CHARS} characters")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise QuestionDataError("question", f"not JSON ({str(exc)[:80]})") from None
    return from_data(data)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON (a float that is not finite is written \"inf\", \"-inf\" or \"nan\")")


def from_data(data: Any) -> Question:
    """The question :func:`to_data` gave, every value checked against its declared type.

    Raises:
        QuestionDataError: naming the first value that is wrong: a key missing or unexpected, a value of the wrong
            type or out of range, a card that is not one, a fixed-length list of another length, an unknown kind,
            format or enum value, a rule set whose data changed since (compact form), or a question the engine's
            own checks refuse.
    """
    if not isinstance(data, dict):
        raise QuestionDataError("question", f"expected an object, got {_shown(data)}")
    version = data.get("format")
    if version != FORMAT or isinstance(version, bool):
        raise QuestionDataError("question.format", f"expected {FORMAT}, got {_shown(version)}")
    kind = data.get("kind")
    try:
        cls = CLASSES[Kind(kind)]
    except (ValueError, KeyError):
        raise QuestionDataError("question.kind", f"unknown kind {_shown(kind)}; expected one of "
                                + ", ".join(k.value for k in CLASSES)) from None
    body = {key: value for key, value in data.items() if key not in ("format", "kind")}
    return _Reader().dataclass(body, cls, str(kind))  # type: ignore[no-any-return]


def _shown(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, np.ndarray) else "an array"
    return text if len(text) <= 40 else text[:37] + "..."


class _Reader:
    def dataclass(self, data: Any, cls: type, path: str) -> Any:
        if not isinstance(data, dict):
            raise QuestionDataError(path, f"expected an object, got {_shown(data)}")
        hints = _hints(cls)
        unexpected = sorted(set(data) - set(hints))
        if unexpected:
            raise QuestionDataError(path, f"unexpected key {unexpected[0]!r}")
        missing = [name for name in hints if name not in data]
        if missing:
            raise QuestionDataError(path, f"missing key {missing[0]!r}")
        values = {name: self.value(data[name], hint, f"{path}.{name}") for name, hint in hints.items()}
        try:
            return cls(**values)
        except (ValueError, TypeError) as exc:
            raise QuestionDataError(path, f"refused by {cls.__name__}: {exc}") from None

    def value(self, data: Any, hint: Any, path: str) -> Any:
        origin = typing.get_origin(hint)
        if hint is type(None):
            if data is not None:
                raise QuestionDataError(path, f"expected null, got {_shown(data)}")
            return None
        if origin in (Union, types.UnionType):
            return self.union(data, typing.get_args(hint), path)
        if hint is bool:
            return self.plain(data, bool, "true or false", path)
        if hint is int:
            if isinstance(data, bool) or not isinstance(data, int):
                raise QuestionDataError(path, f"expected a whole number, got {_shown(data)}")
            return data
        if hint is float:
            return self.number(data, path)
        if hint is str:
            return self.plain(data, str, "a text", path)
        if hint is Card:
            return self.card(data, path)
        if isinstance(hint, type) and issubclass(hint, Enum):
            return self.enum(data, hint, path)
        if hint is RuleSet:
            return self.rule_set(data, path)
        if isinstance(hint, type) and issubclass(hint, Field):
            return self.field(data, path)
        if origin is np.ndarray:
            return self.array(data, _dtype(hint), path)
        if origin is tuple:
            args = typing.get_args(hint)
            if len(args) == 2 and args[1] is Ellipsis:
                if args[0] is Card:
                    return self.cards(data, path)
                items = self.items(data, path)
                if args[0] in _PLAIN and all(type(item) is args[0] for item in items):
                    return tuple(items)  # checked in one pass (a breakdown's chi per deal: up to 16,000)
                return tuple(self.value(item, args[0], f"{path}[{k}]") for k, item in enumerate(items))
            items = self.items(data, path)
            if len(items) != len(args):
                raise QuestionDataError(path, f"expected {len(args)} items, got {len(items)}")
            return tuple(self.value(item, arg, f"{path}[{k}]") for k, (item, arg) in enumerate(zip(items, args)))
        if origin is frozenset:
            (arg,) = typing.get_args(hint)
            return frozenset(self.value(item, arg, f"{path}[{k}]") for k, item in enumerate(self.items(data, path)))
        if origin in (dict, Mapping):
            key_hint, value_hint = typing.get_args(hint)
            if not isinstance(data, dict):
                raise QuestionDataError(path, f"expected an object, got {_shown(data)}")
            return {self.value(key, key_hint, f"{path} key {key!r}"): self.value(item, value_hint, f"{path}.{key}")
                    for key, item in data.items()}
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            return self.dataclass(data, hint, path)
        raise QuestionDataError(path, f"no reader for {hint!r}")  # pragma: no cover - every type written is read

    @staticmethod
    def plain(data: Any, kind: type, expected: str, path: str) -> Any:
        if not isinstance(data, kind) or (kind is not bool and isinstance(data, bool)):
            raise QuestionDataError(path, f"expected {expected}, got {_shown(data)}")
        return data

    @staticmethod
    def number(data: Any, path: str) -> float:
        if isinstance(data, str) and data in _NON_FINITE:
            return _NON_FINITE[data]
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise QuestionDataError(path, f"expected a number, got {_shown(data)}")
        return float(data)

    @staticmethod
    def items(data: Any, path: str) -> list[Any]:
        if not isinstance(data, list):
            raise QuestionDataError(path, f"expected a list, got {_shown(data)}")
        return data

    @staticmethod
    def card(data: Any, path: str) -> Card:
        found = _CARD_OF_TEXT.get(data) if isinstance(data, str) else None
        if found is not None:
            return found
        if not isinstance(data, str) or len(data) != 2:
            raise QuestionDataError(path, f"expected a card such as \"Ah\", got {_shown(data)}")
        try:
            card = parse_card(data)
        except CardParseError:
            raise QuestionDataError(path, f"{_shown(data)} is not a card") from None
        if str(card) != data:
            raise QuestionDataError(path, f"{_shown(data)} is not a card as written here (\"{card}\")")
        return card

    def cards(self, data: Any, path: str) -> tuple[Card, ...]:
        if not isinstance(data, str):
            raise QuestionDataError(path, f"expected cards as text such as \"Ah Kd 7c\", got {_shown(data)}")
        tokens = data.split(" ") if data else []
        try:
            return tuple(_CARD_OF_TEXT[token] for token in tokens)
        except KeyError:
            return tuple(self.card(token, f"{path}[{k}]") for k, token in enumerate(tokens))

    @staticmethod
    def enum(data: Any, cls: type[Enum], path: str) -> Any:
        try:
            return cls(data)
        except ValueError:
            names = ", ".join(str(member.value) for member in cls)
            raise QuestionDataError(path, f"{_shown(data)} is not a {cls.__name__} ({names})") from None

    def union(self, data: Any, args: tuple[Any, ...], path: str) -> Any:
        if data is None and type(None) in args:
            return None
        others = [arg for arg in args if arg is not type(None)]
        if len(others) == 1:
            return self.value(data, others[0], path)
        if all(isinstance(arg, type) and issubclass(arg, Enum) for arg in others):
            for arg in others:
                if data in {member.value for member in arg}:
                    return arg(data)
            names = ", ".join(str(member.value) for arg in others for member in arg)
            raise QuestionDataError(path, f"{_shown(data)} is none of {names}")
        raise QuestionDataError(path, f"no reader for {others}")  # pragma: no cover - no such field today

    def array(self, data: Any, kind: type, path: str) -> Any:
        if not isinstance(data, dict) or set(data) != {"shape", "values"}:
            raise QuestionDataError(path, "expected an object with \"shape\" and \"values\"")
        shape, values = data["shape"], self.items(data["values"], f"{path}.values")
        if (not isinstance(shape, list) or not 1 <= len(shape) <= 3
                or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_DEALS for n in shape)):
            raise QuestionDataError(f"{path}.shape", f"expected 1-3 sizes of 0-{MAX_DEALS}, got {_shown(shape)}")
        if len(values) != math.prod(shape):
            raise QuestionDataError(f"{path}.values", f"expected {math.prod(shape)} numbers, got {len(values)}")
        if all(type(v) is kind for v in values):
            numbers: list[Any] = values  # checked in one pass
        elif kind is float:
            numbers = [self.number(v, f"{path}.values[{k}]") for k, v in enumerate(values)]
        else:
            numbers = [self.value(v, int, f"{path}.values[{k}]") for k, v in enumerate(values)]
        return np.array(numbers, dtype=np.float64 if kind is float else np.int64).reshape(shape)

    def rule_set(self, data: Any, path: str) -> RuleSet:
        if isinstance(data, dict) and set(data) == {"source", "digest"}:
            rule_set_id = data["source"]
            if not isinstance(rule_set_id, str) or rule_set_id not in RULE_SET_IDS:
                raise QuestionDataError(f"{path}.source", f"{_shown(rule_set_id)} is not a source's rule set ("
                                        + ", ".join(RULE_SET_IDS) + ")")
            if data["digest"] != _digest(rule_set_id):
                raise QuestionDataError(f"{path}.digest", f"made under other data of {rule_set_id} (its rules "
                                        "changed since)")
            return load_rule_set(rule_set_id)
        if isinstance(data, dict) and set(data) == {"rules"}:
            if not isinstance(data["rules"], dict):
                raise QuestionDataError(f"{path}.rules", f"expected an object, got {_shown(data['rules'])}")
            try:
                return rule_set_from_data(data["rules"])
            except RuleSetError as exc:
                raise QuestionDataError(f"{path}.rules", str(exc)[:300]) from None
        raise QuestionDataError(path, "expected {\"source\", \"digest\"} or {\"rules\"}")

    def field(self, data: Any, path: str) -> Field:
        if isinstance(data, dict) and set(data) == {"recipe"}:
            return self.recipe(data["recipe"], f"{path}.recipe")
        keys = ("cards", "rule_set", "seed", "hands", "rows", "keys", "classes", "among", "naturals")
        if not isinstance(data, dict) or set(data) != set(keys):
            raise QuestionDataError(path, "expected {\"recipe\"} or the keys " + ", ".join(keys))
        cards = self.hand(data["cards"], f"{path}.cards")
        rule_set = self.rule_set(data["rule_set"], f"{path}.rule_set")
        seed = self.value(data["seed"], int, f"{path}.seed")
        deals = self.items(data["hands"], f"{path}.hands")
        if not 1 <= len(deals) <= MAX_DEALS:
            raise QuestionDataError(f"{path}.hands", f"expected 1-{MAX_DEALS} deals, got {len(deals)}")
        seats = len(self.items(deals[0], f"{path}.hands[0]"))
        if not 1 <= seats <= 3:
            raise QuestionDataError(f"{path}.hands[0]", f"expected 1-3 opponents, got {seats}")
        indexes: list[list[int]] = []
        for t, deal in enumerate(deals):
            if len(self.items(deal, f"{path}.hands[{t}]")) != seats:
                raise QuestionDataError(f"{path}.hands[{t}]", f"expected {seats} opponents, got {len(deal)}")
            for j, hand in enumerate(deal):
                try:
                    indexes.append([_INDEX_OF_TEXT[token] for token in hand.split(" ")])
                except (KeyError, AttributeError):
                    self.hand(hand, f"{path}.hands[{t}][{j}]")  # raises, naming the card
                if len(indexes[-1]) != 13:
                    self.hand(hand, f"{path}.hands[{t}][{j}]")
        hands = np.array(indexes, dtype=np.int64).reshape(len(deals), seats, 13)
        twice = (np.diff(np.sort(hands, axis=2), axis=2) == 0).any(axis=2)
        mine = np.isin(hands, [card.index for card in cards]).any(axis=2)
        for wrong, problem in ((twice, "holds a card twice"), (mine, "holds a card of the hand itself")):
            if wrong.any():
                t, j = (int(v) for v in np.argwhere(wrong)[0])
                raise QuestionDataError(f"{path}.hands[{t}][{j}]", problem)
        arrays = {}
        for name, shape in (("rows", (len(deals), seats)), ("keys", (len(deals), seats, 3)),
                            ("classes", (len(deals), seats, 3)), ("among", (len(deals), seats))):
            arrays[name] = self.array(data[name], int, f"{path}.{name}")
            if arrays[name].shape != shape:
                raise QuestionDataError(f"{path}.{name}", f"expected the shape {list(shape)}, got "
                                        f"{list(arrays[name].shape)}")
        naturals: dict[tuple[int, int], InstantWin] = {}
        for k, entry in enumerate(self.items(data["naturals"], f"{path}.naturals")):
            where = f"{path}.naturals[{k}]"
            if not isinstance(entry, list) or len(entry) != 3:
                raise QuestionDataError(where, "expected [deal, seat, instant win]")
            t, j = self.value(entry[0], int, where + "[0]"), self.value(entry[1], int, where + "[1]")
            if not (0 <= t < len(deals) and 0 <= j < seats) or (t, j) in naturals:
                raise QuestionDataError(where, f"no deal {t} seat {j}, or given twice")
            naturals[(t, j)] = self.dataclass(entry[2], InstantWin, where + "[2]")
        return Field(cards, rule_set, seed, hands, arrays["rows"], arrays["keys"], arrays["classes"], naturals,
                     arrays["among"])

    def hand(self, data: Any, path: str) -> tuple[Card, ...]:
        cards = self.cards(data, path)
        if len(cards) != 13 or len(set(cards)) != 13:
            raise QuestionDataError(path, f"expected 13 different cards, got {_shown(data)}")
        return cards

    def recipe(self, data: Any, path: str) -> RedealtField:
        keys = ("cards", "rule_set", "seed", "samples", "opponents", "fingerprint")
        if not isinstance(data, dict) or set(data) != set(keys):
            raise QuestionDataError(path, "expected the keys " + ", ".join(keys))
        cards = self.hand(data["cards"], f"{path}.cards")
        rule_set = self.rule_set(data["rule_set"], f"{path}.rule_set")
        seed, samples, opponents = (self.value(data[k], int, f"{path}.{k}") for k in ("seed", "samples", "opponents"))
        if not 1 <= samples <= MAX_DEALS:
            raise QuestionDataError(f"{path}.samples", f"expected 1-{MAX_DEALS}, got {samples}")
        if not 1 <= opponents <= 3:
            raise QuestionDataError(f"{path}.opponents", f"expected 1-3, got {opponents}")
        fingerprint = data["fingerprint"]
        if not isinstance(fingerprint, str) or not _HEX16.fullmatch(fingerprint):
            raise QuestionDataError(f"{path}.fingerprint", f"expected 16 hex digits, got {_shown(fingerprint)}")
        return RedealtField(FieldRecipe(cards, rule_set, seed, samples, opponents, fingerprint))
