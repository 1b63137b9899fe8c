"""The rule-set schema's vocabulary: how one rule option is declared, checked, read and written (issue 33 §1).

Every rule option a rule set holds (``foul.penalty``, ``aces.exclude_bonus_four_aces``...) is declared once, as
the metadata of its field in :class:`maubinh.rules.RuleSet` (or of the records it holds: the scoop rule, a bonus
entry, an instant-win entry): an :class:`Option` names its TOML table and key, the kind of value, its range or
choices, the value a file without it reads as, and where the Sandbox's house-rules editor shows it. Everything
else is derived from those declarations: the reader of ``maubinh/rulesets/*.toml``
(:func:`maubinh.rules.parse_rule_set`), the house-rules checker with its located messages
(:func:`maubinh.house.check_house_rules`: ``foul.penalty: expected a whole number from 0 to 100, got -1``), the
TOML writer (:func:`maubinh.house.dump_rule_set`), the editable keys (:data:`maubinh.house.EDITABLE_KEYS`) and the
editor's fields (``ui/sandbox/house.py``). Adding an option is one field with its :class:`Option`, its use in the
engine, its lesson line and its test.

Why dataclasses with field metadata and not pydantic v2: a :class:`~maubinh.rules.RuleSet` is a frozen, hashable
dataclass that keys the engine's caches on every question made (its hash is kept once made), built from the
enums and records the whole engine already uses; the located messages are the project's own (an
:class:`Expected` the UI words in Vietnamese and English, the value shown as the file writes it, at most
:data:`MAX_PROBLEMS` listed), which pydantic's errors would have to be translated into anyway; and the engine
keeps one dependency less (pydantic is not in ``requirements.txt``). The checks here are a few lines per kind of
value; the metadata makes each option one declaration.

This module knows no rule set: the enums, ranges and tables are given to it by :mod:`maubinh.rules`.

>>> from enum import Enum
>>> option = Option("foul.penalty", Kind.AMOUNT, limits=(0, 100))
>>> option.table, option.name
('foul', 'penalty')
>>> problems = []
>>> option.check({"penalty": -1}, lambda *args: problems.append(args))
>>> problems[0][:2]
('foul.penalty', Expected(kind=<ExpectedKind.WHOLE_NUMBER: 'whole_number'>, minimum=0, choices=(), maximum=100))
>>> option.read({"penalty": 6}), Option("aces.exclude", Kind.FLAG, absent=False).read({})
(6, False)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import Field, dataclass
from enum import Enum
from typing import Any

__all__ = [
    "MAX_PROBLEMS",
    "REQUIRED",
    "Editor",
    "Expected",
    "ExpectedKind",
    "FileProblem",
    "Kind",
    "Option",
    "option_of",
    "rule",
    "toml_text",
]

MAX_PROBLEMS = 100
"""The most problems of one file, link or edit listed one by one; the rest are counted (one last
:attr:`ExpectedKind.MORE` problem), so a crafted file costs no more to report than a long one."""


# --------------------------------------------------------------------------- what was expected


class ExpectedKind(str, Enum):
    """What a file value should have been (see :class:`Expected`)."""

    TOML = "toml"
    """A TOML text (the file does not parse; ``FileProblem.got`` holds the parser's message and line)."""
    TABLE = "table"
    """A table (``[wheel]``...)."""
    LIST_OF_TABLES = "list_of_tables"
    """A list of ``[[bonus]]`` / ``[[natural]]`` tables."""
    TEXT = "text"
    """A text in quotes."""
    LANGUAGE_TEXTS = "language_texts"
    """A text per language: ``{ vi = "...", en = "..." }`` (``choices``: the languages)."""
    WHOLE_NUMBER = "whole_number"
    """A whole number from ``minimum`` to ``maximum`` (:data:`~maubinh.rules.AMOUNT_RANGES`)."""
    THREE_WHOLE_NUMBERS = "three_whole_numbers"
    """A list of three whole numbers from ``minimum`` to ``maximum`` (scoop multipliers)."""
    SHORT_TEXT = "short_text"
    """A text (or a text per language) of at most ``maximum`` characters (:data:`~maubinh.rules.TEXT_LIMITS`)."""
    INSTANT_WIN_ORDER = "instant_win_order"
    """A list of instant wins, each named once (``choices``: the instant wins)."""
    SMALL_FILE = "small_file"
    """A file of at most ``maximum`` bytes (``FileProblem.got``: its size)."""
    TRUE_FALSE = "true_false"
    """``true`` or ``false``."""
    ONE_OF = "one_of"
    """One of ``choices``."""
    KNOWN_KEY = "known_key"
    """A key the format knows: the file has one it does not (``choices``: the known keys there)."""
    LISTED_ONCE = "listed_once"
    """An entry listed once only (the same bonus slot or instant win twice)."""
    POSITION_FOR_HAND = "position_for_hand"
    """A position where that hand can be held (``choices``: those positions)."""
    OWN_ID = "own_id"
    """An id of the house's own: 1-40 lowercase letters, digits or ``-``, not a source's (``choices``)."""
    SOURCE_FILE = "source_file"
    """The source it started from, by id (``based_on = "chi-at"``; ``choices``: the source ids)."""
    LINK = "link"
    """A house-rules link made by this app."""
    MORE = "more"
    """Not a value: the count (``maximum``) of further problems found and not listed (past :data:`MAX_PROBLEMS`)."""
    SHORT_LINK = "short_link"
    """A house-rules link of at most ``maximum`` characters that inflates to at most
    :data:`~maubinh.house.MAX_LINK_BYTES` (a longer one is too long or damaged)."""
    VALID = "valid"
    """A value the engine accepts (``FileProblem.got`` holds the engine's message)."""


@dataclass(frozen=True)
class Expected:
    """What a value should have been: a kind and its parameters (``minimum``, ``choices``)."""

    kind: ExpectedKind
    minimum: int = 0
    choices: tuple[str, ...] = ()
    maximum: int = 0

    def describe(self) -> str:
        """In English, e.g. ``"a whole number from 1 to 10"``; the UI words it from the fields instead."""
        choices = ", ".join(self.choices)
        return {
            ExpectedKind.TOML: "a TOML text",
            ExpectedKind.TABLE: "a table",
            ExpectedKind.LIST_OF_TABLES: "a list of tables",
            ExpectedKind.TEXT: "a text in quotes",
            ExpectedKind.LANGUAGE_TEXTS: f"a text for each language ({choices})",
            ExpectedKind.WHOLE_NUMBER: f"a whole number from {self.minimum} to {self.maximum}",
            ExpectedKind.THREE_WHOLE_NUMBERS: f"three whole numbers from {self.minimum} to {self.maximum}",
            ExpectedKind.SHORT_TEXT: f"a text of at most {self.maximum} characters",
            ExpectedKind.INSTANT_WIN_ORDER: f"a list of instant wins, each once, from {choices}",
            ExpectedKind.SMALL_FILE: f"a file of at most {self.maximum:,} bytes",
            ExpectedKind.TRUE_FALSE: "true or false",
            ExpectedKind.ONE_OF: f"one of {choices}",
            ExpectedKind.KNOWN_KEY: f"one of the known keys {choices}",
            ExpectedKind.LISTED_ONCE: "each entry listed once",
            ExpectedKind.POSITION_FOR_HAND: f"a position that hand can be held in: {choices}",
            ExpectedKind.OWN_ID: f"an id of your own (a-z, 0-9, -), not {choices}",
            ExpectedKind.SOURCE_FILE: f"the source it started from: {choices}",
            ExpectedKind.LINK: "a house-rules link made by this app",
            ExpectedKind.MORE: f"{self.maximum:,} more problems, not listed",
            ExpectedKind.SHORT_LINK: f"a house-rules link of at most {self.maximum:,} characters (too long or damaged)",
            ExpectedKind.VALID: "a valid value",
        }[self.kind]


@dataclass(frozen=True)
class FileProblem:
    """One wrong value in a rule-set or house-rules file.

    Attributes:
        key: where, in the file's terms: ``"foul.penalty"``, ``"bonus[3].chi"``, ``"toml"`` for a text that
            does not parse.
        expected: what should be there.
        got: the value as the file writes it (``"-1"``, ``'"six"'``), or ``None`` when it is missing;
            for :attr:`ExpectedKind.TOML` and :attr:`ExpectedKind.VALID`, the parser's or engine's message.
    """

    key: str
    expected: Expected
    got: str | None

    @property
    def message(self) -> str:
        """In English: ``"expected a whole number >= 0, got -1"`` or ``"missing: expected ..."``."""
        if self.expected.kind in (ExpectedKind.TOML, ExpectedKind.VALID):
            return f"{self.got}"
        if self.expected.kind is ExpectedKind.MORE:
            return self.expected.describe()
        if self.got is None:
            return f"missing: expected {self.expected.describe()}"
        return f"expected {self.expected.describe()}, got {self.got}"


def toml_text(value: Any, limit: int = 60, depth: int = 0) -> str:
    """A value written as TOML writes it, cut to ``limit`` characters (only what is shown is written:
    a long list, a deep table or a huge number costs no more than a short one).

    >>> toml_text(True), toml_text("six"), toml_text([2, 2]), toml_text(2**400)
    ('true', '"six"', '[2, 2]', 'a number of about 120 digits')
    """
    if depth > 3:
        text = "…"
    elif isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, str):
        text = json.dumps(value[:limit], ensure_ascii=False) + ("…" if len(value) > limit else "")
    elif isinstance(value, (list, tuple)):
        text = "[" + ", ".join(toml_text(v, limit, depth + 1) for v in value[:limit]) + "]"
    elif isinstance(value, dict):
        items = list(value.items())[:limit]
        text = "{ " + ", ".join(f"{str(k)[:limit]} = {toml_text(v, limit, depth + 1)}" for k, v in items) + " }"
    elif isinstance(value, int) and value.bit_length() > 4 * limit:
        text = f"a number of about {int(value.bit_length() * 0.30103):,} digits"
    else:
        text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --------------------------------------------------------------------------- one option


class Kind(str, Enum):
    """The kind of value an option holds."""

    FLAG = "flag"
    """``true`` or ``false`` (a Python ``bool``)."""
    AMOUNT = "amount"
    """A whole number in :attr:`Option.limits` (chi, or a multiplier)."""
    AMOUNTS = "amounts"
    """Three whole numbers in :attr:`Option.limits` (a Python tuple; the scoop multipliers)."""
    CHOICE = "choice"
    """One value of the enum :attr:`Option.choices` (the enum member in Python, its value in the file)."""


class _Required:
    """The :data:`REQUIRED` marker's type."""

    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()
"""The :attr:`Option.absent` of an option every file must hold."""

Fail = Callable[[str, Expected, Any, bool], None]
"""Records one problem: ``fail(key, expected, got, present)`` (``present``: the key is in the file)."""


@dataclass(frozen=True)
class Editor:
    """Where and how the Sandbox's house-rules editor shows an option (plain words; the UI draws them).

    Attributes:
        section: the editor's section: ``"general"``, ``"penalties"``, ``"bonus"``, ``"naturals"``, ``"aces"``.
        widget: the widget's name: its session key is ``sandbox_house_<widget>``, its label the catalogue key
            ``house.<widget>`` and its help ``house.<widget>_help`` (a toggle also shows ``house.<widget>_on`` /
            ``_off`` under it).
        control: ``"toggle"``, ``"checkbox"``, ``"radio"``, ``"select"`` or ``"number"`` (three numbers for
            :attr:`Kind.AMOUNTS`).
    """

    section: str
    widget: str
    control: str


@dataclass(frozen=True)
class Option:
    """One rule option, declared once (see the module's text).

    Attributes:
        key: ``"<table>.<key>"`` as the file writes it (``"foul.penalty"``); for an entry of a list of tables,
            ``"<list>.<key>"`` (``"bonus.chi"``). The editable key of :data:`maubinh.house.EDITABLE_KEYS`.
        kind: the kind of value.
        limits: (lowest, highest) of an amount (:attr:`Kind.AMOUNT`, :attr:`Kind.AMOUNTS`).
        choices: the enum of a :attr:`Kind.CHOICE`.
        absent: the value a file without the key (or its table) reads as, or :data:`REQUIRED`.
        omitted_at_default: every text written (:func:`maubinh.house.dump_rule_set`, canonical or not) leaves the
            key out at its ``absent`` value, so an option added later changes no text written for a rule set that
            does not use it: not a source's digest (:func:`maubinh.drills.versions.rules_digest`, the bank's
            version), not a house rule set's stored key (:func:`maubinh.drills.sets.rules_key`).
        editor: where the house-rules editor shows it (``None``: not one field of its own, e.g. a bonus entry's
            chi, edited in the bonus table).
        unit: what an amount counts: ``"chi"`` (per opponent) or ``"times"`` (a multiplier).
    """

    key: str
    kind: Kind
    limits: tuple[int, int] | None = None
    choices: type[Enum] | None = None
    absent: Any = REQUIRED
    omitted_at_default: bool = False
    editor: Editor | None = None
    unit: str = "chi"

    @property
    def table(self) -> str:
        """The TOML table (or list of tables) holding it: ``"foul"``."""
        return self.key.split(".")[0]

    @property
    def name(self) -> str:
        """The key inside its table: ``"penalty"``."""
        return self.key.split(".", 1)[1]

    def check(self, table: Mapping[str, Any], fail: Fail, path: str | None = None) -> None:
        """Record through ``fail`` what is wrong with this option's value in ``table`` (nothing if it is right).

        ``path`` is where the problem is located (default: :attr:`key`; ``"bonus[3].chi"`` for an entry)."""
        where = self.key if path is None else path
        present = self.name in table
        if not present and self.absent is not REQUIRED:
            return
        value = table.get(self.name)
        expected = self.expected()
        if not self._fits(value):
            fail(where, expected, value, present)

    def expected(self) -> Expected:
        """What a value of this option must be."""
        low, high = self.limits or (0, 0)
        if self.kind is Kind.FLAG:
            return Expected(ExpectedKind.TRUE_FALSE)
        if self.kind is Kind.AMOUNT:
            return Expected(ExpectedKind.WHOLE_NUMBER, minimum=low, maximum=high)
        if self.kind is Kind.AMOUNTS:
            return Expected(ExpectedKind.THREE_WHOLE_NUMBERS, minimum=low, maximum=high)
        return Expected(ExpectedKind.ONE_OF, choices=self.values())

    def values(self) -> tuple[str, ...]:
        """The values a :attr:`Kind.CHOICE` may take, as the file writes them (``()`` for other kinds)."""
        return tuple(str(member.value) for member in self.choices) if self.choices is not None else ()

    def _fits(self, value: Any) -> bool:
        if self.kind is Kind.FLAG:
            return isinstance(value, bool)
        if self.kind is Kind.CHOICE:
            return isinstance(value, str) and value in self.values()
        low, high = self.limits or (0, 0)

        def whole(number: Any) -> bool:
            return isinstance(number, int) and not isinstance(number, bool) and low <= number <= high

        if self.kind is Kind.AMOUNT:
            return whole(value)
        return isinstance(value, list) and len(value) == 3 and all(whole(number) for number in value)

    def read(self, table: Mapping[str, Any]) -> Any:
        """The value in ``table`` (checked: see :meth:`check`) as the engine holds it: an enum member for a
        choice, a tuple of three for :attr:`Kind.AMOUNTS`; :attr:`absent` where the table does not hold it."""
        if self.name not in table:
            return self.absent
        value = table[self.name]
        if self.kind is Kind.CHOICE:
            assert self.choices is not None
            return self.choices(value)
        if self.kind is Kind.AMOUNTS:
            return (value[0], value[1], value[2])
        return value

    def plain(self, value: Any) -> Any:
        """A value as the engine holds it, written as the file writes it (the inverse of :meth:`read`)."""
        if isinstance(value, Enum):
            return value.value
        if isinstance(value, tuple):
            return list(value)
        return value


def rule(option: Option) -> dict[str, Option]:
    """The metadata of a dataclass field declaring ``option``: ``field(metadata=rule(Option(...)))``."""
    return {"rule": option}


def option_of(declared: Field[Any]) -> Option | None:
    """The :class:`Option` a dataclass field declares, or ``None``."""
    found = declared.metadata.get("rule")
    return found if isinstance(found, Option) else None
