"""The Learn page's lesson path as data: step texts, per-source texts and example hands (no Streamlit).

Everything lives in ``content/lessons/``:

- ``common/<lang>.toml``: what every source agrees on, step by step (``[step.<id>]`` with ``title``,
  ``lead``, ``body`` and an optional ``more``), the categories' descriptions (``[category.five.<NAME>]``,
  ``[category.front.<NAME>]``), the notes under the category examples (``[note]``) and the captions of
  the lesson examples (``[example.<id>]``);
- ``<rule-set id>/<lang>.toml``: what that source says, step by step (``[step.<id>] text``), in our own
  words; optional per-source captions (``[example.<id>] caption``);
- ``examples.toml``: the example hands of the steps (language-free), each with the result it states
  under each source (``expect.<rule-set id>``, or ``expect.all``), checked against the engine by
  ``tests/unit/ui/learn/test_content.py`` through :func:`engine_result`.

Texts may hold ``{fields}`` filled by :func:`lesson_values` from the rule set (its chi names and
numbers), so a number in a lesson is always the rule set's own.

>>> common = load_common("en")
>>> common.steps["deck"].title
'The deck and the order of the cards'
>>> from maubinh.rules import load_rule_set
>>> fill("{front} pays {foul}", lesson_values(load_rule_set("tinh-chi"), "vi"))
'Chi đầu pays 3'
>>> fill("{unknown} stays", {})
'{unknown} stays'
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from maubinh.arrangement import Arrangement, ArrangementError, foul_reason
from maubinh.cards import Card, CardParseError
from maubinh.compare import effective_bonus
from maubinh.drills.sets import LESSON_STEPS
from maubinh.naturals import find_instant_win
from maubinh.rules import POSITIONS, BonusHand, NaturalPattern, Position, RuleSet
from maubinh.settle import ItemKind, compare_hands, settle
from maubinh.strategy.decide import decide
from ui.examples import read_cards

__all__ = [
    "ALL_SOURCES",
    "LESSONS_DIR",
    "STEP_IDS",
    "TOOL_IDS",
    "CommonTexts",
    "ContentError",
    "ExampleKind",
    "Expect",
    "LessonExample",
    "SourceTexts",
    "StepText",
    "engine_result",
    "fill",
    "lesson_values",
    "load_common",
    "load_lesson_examples",
    "load_source",
    "matches",
    "parse_lesson_examples",
    "text_fields",
]

LESSONS_DIR = Path(__file__).resolve().parents[2] / "content" / "lessons"
STEP_IDS: tuple[str, ...] = LESSON_STEPS
"""The lesson path, in order: each step has texts, examples and a three-question quiz."""
TOOL_IDS: tuple[str, ...] = ("check",)
"""Entries of the step selector that are tools rather than lessons (no quiz)."""
ALL_SOURCES = "all"
"""The ``expect`` key that states a result for every source."""


class ContentError(ValueError):
    """A lesson file is invalid; ``problems`` lists ``(where, message)`` for every wrong value."""

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        self.problems = problems
        super().__init__("; ".join(f"{where}: {message}" for where, message in problems))


# --------------------------------------------------------------------------- texts


@dataclass(frozen=True)
class StepText:
    """The shared text of one step: heading, one-paragraph lead, Markdown before and after its examples."""

    title: str
    lead: str
    body: str
    more: str = ""


@dataclass(frozen=True)
class CommonTexts:
    """``content/lessons/common/<lang>.toml``.

    Attributes:
        steps: by step id.
        categories: ``(section, category name) -> (what it is, how ties break)``; section is
            ``"five"`` or ``"front"``.
        notes: the notes under ``content/examples.toml``'s hands, by note id.
        captions: the lesson examples' captions, by example id.
    """

    steps: Mapping[str, StepText]
    categories: Mapping[tuple[str, str], tuple[str, str]]
    notes: Mapping[str, str]
    captions: Mapping[str, str]


@dataclass(frozen=True)
class SourceTexts:
    """``content/lessons/<rule-set id>/<lang>.toml``: the source's own text per step, and captions."""

    steps: Mapping[str, str]
    captions: Mapping[str, str] = field(default_factory=dict)


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ContentError([(str(path.relative_to(LESSONS_DIR)), str(exc))]) from exc


def _table(data: Mapping[str, Any], key: str, where: str, problems: list[tuple[str, str]]) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        problems.append((f"{where}.{key}", "expected a table"))
        return {}
    return value


def _text(table: Mapping[str, Any], key: str, where: str, problems: list[tuple[str, str]], *,
          required: bool = True) -> str:
    value = table.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or not value.strip():
        problems.append((f"{where}.{key}", f"expected text, got {value!r}"))
        return ""
    return value.strip()


@cache
def load_common(lang: str) -> CommonTexts:
    """Read ``common/<lang>.toml`` (once per process); :class:`ContentError` lists every problem."""
    where = f"common/{lang}.toml"
    data = _read_toml(LESSONS_DIR / "common" / f"{lang}.toml")
    problems: list[tuple[str, str]] = []
    steps: dict[str, StepText] = {}
    for step_id, entry in _table(data, "step", where, problems).items():
        path = f"{where} step.{step_id}"
        if step_id not in STEP_IDS + TOOL_IDS:
            problems.append((path, f"unknown step; known: {', '.join(STEP_IDS + TOOL_IDS)}"))
            continue
        if not isinstance(entry, dict):
            problems.append((path, "expected a table"))
            continue
        steps[step_id] = StepText(
            _text(entry, "title", path, problems),
            _text(entry, "lead", path, problems),
            _text(entry, "body", path, problems, required=False),
            _text(entry, "more", path, problems, required=False),
        )
    categories: dict[tuple[str, str], tuple[str, str]] = {}
    for section, entries in _table(data, "category", where, problems).items():
        if not isinstance(entries, dict):
            problems.append((f"{where} category.{section}", "expected a table"))
            continue
        for name, entry in entries.items():
            path = f"{where} category.{section}.{name}"
            if not isinstance(entry, dict):
                problems.append((path, "expected a table"))
                continue
            categories[(section, name)] = (
                _text(entry, "what", path, problems),
                _text(entry, "ties", path, problems),
            )
    notes = {
        key: _text(data.get("note", {}), key, f"{where} note", problems)
        for key in _table(data, "note", where, problems)
    }
    captions = {
        key: _text(entry if isinstance(entry, dict) else {}, "caption", f"{where} example.{key}", problems)
        for key, entry in _table(data, "example", where, problems).items()
    }
    if problems:
        raise ContentError(problems)
    return CommonTexts(
        MappingProxyType(steps), MappingProxyType(categories), MappingProxyType(notes), MappingProxyType(captions)
    )


@cache
def load_source(rule_set_id: str, lang: str) -> SourceTexts | None:
    """Read ``<rule_set_id>/<lang>.toml`` (once per process), or ``None`` when the rule set has no
    lesson folder (e.g. house rules): the page then shows the shared text and the rule set's numbers."""
    path = LESSONS_DIR / rule_set_id / f"{lang}.toml"
    if not rule_set_id or "/" in rule_set_id or rule_set_id.startswith(".") or not path.is_file():
        return None
    where = f"{rule_set_id}/{lang}.toml"
    data = _read_toml(path)
    problems: list[tuple[str, str]] = []
    steps: dict[str, str] = {}
    for step_id, entry in _table(data, "step", where, problems).items():
        step_path = f"{where} step.{step_id}"
        if step_id not in STEP_IDS:
            problems.append((step_path, f"unknown step; known: {', '.join(STEP_IDS)}"))
        elif not isinstance(entry, dict):
            problems.append((step_path, "expected a table"))
        else:
            steps[step_id] = _text(entry, "text", step_path, problems)
    captions = {
        key: _text(entry if isinstance(entry, dict) else {}, "caption", f"{where} example.{key}", problems)
        for key, entry in _table(data, "example", where, problems).items()
    }
    if problems:
        raise ContentError(problems)
    return SourceTexts(MappingProxyType(steps), MappingProxyType(captions))


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def lesson_values(rule_set: RuleSet, lang: str) -> dict[str, str]:
    """The fields a lesson text may use, from ``rule_set`` (names in ``lang``).

    ``source`` (its name); ``back``, ``middle``, ``front`` (its chi names) and ``back_lc``... (the
    same, lower-case first letter, for the middle of a sentence); ``chi_win``, ``foul``, ``clash``;
    ``scoop1``..``scoop3`` and ``sweep`` (multipliers) and ``sc1``..``sc3`` (three plain chi times
    them); ``b_<hand>_<position>`` (what a special hand takes winning that chi, as the engine pays
    it, e.g. ``b_cu_lu_middle``); ``n_<pattern>`` (each instant win the rule set lists, e.g.
    ``n_luc_phe_bon``) and ``naturals_count``.

    >>> from maubinh.rules import load_rule_set
    >>> values = lesson_values(load_rule_set("chi-at"), "en")
    >>> values["front"], values["front_lc"], values["b_cu_lu_middle"], values["sc1"], values["n_rong_cuon"]
    ('Chi 3 (front)', 'chi 3 (front)', '4', '6', '78')
    """
    values = {"source": rule_set.name(lang)}
    for position in POSITIONS:
        name = rule_set.position_name(position, lang)
        values[position.value] = name
        values[f"{position.value}_lc"] = _lower_first(name)
    values["chi_win"] = str(rule_set.chi_win)
    values["foul"] = str(rule_set.foul_price)
    values["clash"] = str(rule_set.bonus_clash)
    for k, multiplier in enumerate(rule_set.scoop.multipliers, start=1):
        values[f"scoop{k}"] = str(multiplier)
        values[f"sc{k}"] = str(3 * rule_set.chi_win * multiplier)
    values["sweep"] = str(rule_set.scoop.sweep_multiplier)
    for hand in BonusHand:
        for position in POSITIONS:
            if (position is Position.FRONT) == (hand in (BonusHand.SAM_CO, BonusHand.SAM_CO_A)):
                values[f"b_{hand.value}_{position.value}"] = str(effective_bonus(rule_set, hand, position).value)
    for natural in rule_set.naturals:
        values[f"n_{natural.pattern.value}"] = str(natural.chi)
    values["naturals_count"] = str(len(rule_set.naturals))
    return values


class _Keep(dict[str, str]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def fill(text: str, values: Mapping[str, str]) -> str:
    """``text`` with its ``{fields}`` filled from ``values``; unknown fields are left as written.

    Never raises (a lesson with a field a house rule set lacks still reads); the tests check that
    every field of every text is known for every source.
    """
    try:
        return string.Formatter().vformat(text, (), _Keep(values))
    except (ValueError, IndexError, AttributeError):
        return text


def text_fields(text: str) -> set[str]:
    """The ``{fields}`` a text uses (for the tests).

    >>> sorted(text_fields("{front} beats {middle}, {{not a field}}"))
    ['front', 'middle']
    """
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


# --------------------------------------------------------------------------- examples


class ExampleKind(str, Enum):
    """What a lesson example shows, and so what it states."""

    COMPARE = "compare"
    """Two chi, ``a`` and ``b``: which wins (``winner``: ``"a"``, ``"b"`` or ``"tie"``)."""
    ARRANGEMENT = "arrangement"
    """One player's three chi: binh lủng or not (``foul``), and which pair is out of order (``reason``)."""
    TABLE = "table"
    """2-4 players settled: chi per player (``totals``), optionally the ace rule's share (``aces``)."""
    INSTANT = "instant"
    """Thirteen cards: the instant win they hold (``pattern``, ``"none"``) and its chi (``chi``); with
    ``decide = true``, also whether Xếp bài declares it or plays the hand out (``declare``)."""


@dataclass(frozen=True)
class Expect:
    """The result an example states (or, from :func:`engine_result`, the engine's).

    Only the fields of the example's kind are set; see :class:`ExampleKind`.
    """

    winner: str | None = None
    foul: bool | None = None
    reason: tuple[Position, Position] | None = None
    totals: tuple[int, ...] | None = None
    aces: tuple[int, ...] | None = None
    pattern: NaturalPattern | None = None
    chi: int | None = None
    declare: bool | None = None


@dataclass(frozen=True)
class LessonExample:
    """One example of a lesson step.

    Attributes:
        id: its id (captions are keyed by it).
        step: the step it belongs to.
        kind: the :class:`ExampleKind`.
        hands: COMPARE: the two chi; INSTANT: the 13 cards.
        seats: ARRANGEMENT: the one arrangement; TABLE: one per player.
        expect: the stated result by rule-set id (or :data:`ALL_SOURCES`).
        decide: INSTANT: whether the example also shows Xếp bài's choice, declare or play it out
            (:func:`maubinh.strategy.decide.decide`).
    """

    id: str
    step: str
    kind: ExampleKind
    hands: tuple[tuple[Card, ...], ...]
    seats: tuple[Arrangement, ...]
    expect: Mapping[str, Expect] = field(hash=False)
    decide: bool = False

    def expectation(self, rule_set_id: str) -> Expect | None:
        """What the example states under ``rule_set_id``: its own entry, else the one for every source."""
        return self.expect.get(rule_set_id) or self.expect.get(ALL_SOURCES)

    def shown_for(self, rule_set_id: str, known: Sequence[str]) -> bool:
        """Whether to show it for ``rule_set_id``: a source with a stated result; for a rule set that is
        not one of the ``known`` sources (house rules), every example (the engine's result is shown)."""
        return rule_set_id not in known or self.expectation(rule_set_id) is not None


_REASONS = {
    "back-middle": (Position.BACK, Position.MIDDLE),
    "middle-front": (Position.MIDDLE, Position.FRONT),
}


def engine_result(example: LessonExample, rule_set: RuleSet) -> Expect:
    """What the engine says of ``example`` under ``rule_set``, in the shape of :class:`Expect`.

    COMPARE: :func:`maubinh.settle.compare_hands`; ARRANGEMENT: :func:`maubinh.arrangement.foul_reason`;
    TABLE: :func:`maubinh.settle.settle` (``aces`` sums each player's ace-rule lines);
    INSTANT: :func:`maubinh.naturals.find_instant_win`, and where the example decides,
    :func:`maubinh.strategy.decide.decide`'s choice (``declare``).
    """
    if example.kind is ExampleKind.COMPARE:
        result = compare_hands(example.hands[0], example.hands[1], rule_set)
        return Expect(winner={1: "a", -1: "b", 0: "tie"}[result])
    if example.kind is ExampleKind.ARRANGEMENT:
        reason = foul_reason(example.seats[0], rule_set)
        return Expect(foul=reason is not None, reason=reason)
    if example.kind is ExampleKind.TABLE:
        settlement = settle(example.seats, rule_set)
        aces = [0] * len(example.seats)
        for pair in settlement.pairs:
            for item in pair.items:
                if item.kind is ItemKind.ACES:
                    aces[pair.a] += item.amount
                    aces[pair.b] -= item.amount
        return Expect(totals=settlement.totals, aces=tuple(aces))
    win = find_instant_win(example.hands[0], rule_set)
    declare = decide(example.hands[0], rule_set).declare if example.decide and win else None
    return Expect(pattern=win.pattern if win else None, chi=win.chi if win else 0, declare=declare)


def matches(stated: Expect, actual: Expect, kind: ExampleKind) -> bool:
    """Whether the engine's ``actual`` result agrees with what an example of ``kind`` ``stated``
    (fields the example leaves out, such as ``aces`` or ``reason``, are not compared)."""
    if kind is ExampleKind.COMPARE:
        return stated.winner == actual.winner
    if kind is ExampleKind.ARRANGEMENT:
        return stated.foul == actual.foul and (stated.reason is None or stated.reason == actual.reason)
    if kind is ExampleKind.TABLE:
        return stated.totals == actual.totals and (stated.aces is None or stated.aces == actual.aces)
    return stated.pattern == actual.pattern and stated.chi == actual.chi and (
        stated.declare is None or stated.declare == actual.declare
    )


@cache
def load_lesson_examples(path: Path = LESSONS_DIR / "examples.toml") -> tuple[LessonExample, ...]:
    """Read and validate ``examples.toml`` (once per process)."""
    return parse_lesson_examples(path.read_text(encoding="utf-8"))


def parse_lesson_examples(text: str) -> tuple[LessonExample, ...]:
    """The lesson examples in a TOML text; :class:`ContentError` lists every problem.

    >>> parse_lesson_examples('[[example]]\\nid = "x"\\nstep = "deck"\\na = "As Kd"\\nb = "Qs Qd 2c"')
    Traceback (most recent call last):
    ...
    ui.learn.content.ContentError: example[0].a: expected 3 or 5 cards, got 2; \
example[0].expect: expected a table of results by rule-set id
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError([("toml", str(exc))]) from exc
    problems: list[tuple[str, str]] = []
    entries = data.get("example", [])
    if not isinstance(entries, list) or not all(isinstance(entry, dict) for entry in entries):
        raise ContentError([("example", "expected a list of [[example]] tables")])
    examples: list[LessonExample] = []
    seen: set[str] = set()
    for i, entry in enumerate(entries):
        example = _parse_example(entry, f"example[{i}]", problems)
        if example is None:
            continue
        if example.id in seen:
            problems.append((f"example[{i}].id", f"{example.id!r} is used twice"))
        seen.add(example.id)
        examples.append(example)
    if problems:
        raise ContentError(problems)
    return tuple(examples)


def _arrangement(value: Any, path: str, problems: list[tuple[str, str]]) -> Arrangement | None:
    parts = value.split("|") if isinstance(value, str) else []
    if len(parts) != 3:
        problems.append((path, f"expected 'back | middle | front', got {value!r}"))
        return None
    try:
        return Arrangement.parse(*parts)
    except (CardParseError, ArrangementError) as exc:
        problems.append((path, str(exc)))
        return None


def _ints(value: Any, path: str, count: int, problems: list[tuple[str, str]]) -> tuple[int, ...] | None:
    if value is None:
        return None
    if not (isinstance(value, list) and len(value) == count
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        problems.append((path, f"expected {count} whole numbers, got {value!r}"))
        return None
    return tuple(value)


def _parse_example(entry: dict[str, Any], path: str, problems: list[tuple[str, str]]) -> LessonExample | None:
    example_id = entry.get("id")
    if not (isinstance(example_id, str) and example_id.isidentifier()):
        problems.append((f"{path}.id", f"expected a name of letters, digits and _, got {example_id!r}"))
        return None
    step = entry.get("step")
    if step not in STEP_IDS:
        problems.append((f"{path}.step", f"expected one of {', '.join(STEP_IDS)}, got {step!r}"))
    hands: tuple[tuple[Card, ...], ...] = ()
    seats: tuple[Arrangement, ...] = ()
    if "a" in entry or "b" in entry:
        kind = ExampleKind.COMPARE
        hands = (read_cards(entry.get("a"), f"{path}.a", (3, 5), problems),
                 read_cards(entry.get("b"), f"{path}.b", (3, 5), problems))
    elif "arrangement" in entry:
        kind = ExampleKind.ARRANGEMENT
        arrangement = _arrangement(entry["arrangement"], f"{path}.arrangement", problems)
        seats = (arrangement,) if arrangement else ()
    elif "seats" in entry:
        kind = ExampleKind.TABLE
        raw = entry["seats"]
        if not (isinstance(raw, list) and 2 <= len(raw) <= 4):
            problems.append((f"{path}.seats", f"expected 2-4 players, got {raw!r}"))
            raw = []
        found = [_arrangement(seat, f"{path}.seats[{j}]", problems) for j, seat in enumerate(raw)]
        seats = tuple(seat for seat in found if seat is not None)
        cards = [card for seat in seats for card in seat.cards]
        if len(cards) != len(set(cards)):
            problems.append((f"{path}.seats", "a card is held by two players"))
    elif "cards" in entry:
        kind = ExampleKind.INSTANT
        hands = (read_cards(entry["cards"], f"{path}.cards", (13,), problems),)
    else:
        problems.append((path, "expected a, b (compare), arrangement, seats (table) or cards (instant)"))
        return None
    raw_expect = entry.get("expect")
    if not isinstance(raw_expect, dict) or not raw_expect:
        problems.append((f"{path}.expect", "expected a table of results by rule-set id"))
        raw_expect = {}
    expect = {
        source: _parse_expect(kind, value, f"{path}.expect.{source}", len(seats), problems)
        for source, value in raw_expect.items()
    }
    decides = entry.get("decide", False)
    if not isinstance(decides, bool) or (decides and kind is not ExampleKind.INSTANT):
        problems.append((f"{path}.decide", f"expected true or false on 13 cards, got {decides!r}"))
        decides = False
    return LessonExample(example_id, str(step), kind, hands, seats, MappingProxyType(expect), decides)


def _parse_expect(kind: ExampleKind, value: Any, path: str, players: int,
                  problems: list[tuple[str, str]]) -> Expect:
    if not isinstance(value, dict):
        problems.append((path, "expected a table"))
        return Expect()
    if kind is ExampleKind.COMPARE:
        winner = value.get("winner")
        if winner not in ("a", "b", "tie"):
            problems.append((f"{path}.winner", f"expected a, b or tie, got {winner!r}"))
        return Expect(winner=winner)
    if kind is ExampleKind.ARRANGEMENT:
        foul = value.get("foul")
        if not isinstance(foul, bool):
            problems.append((f"{path}.foul", f"expected true or false, got {foul!r}"))
        reason = value.get("reason")
        if reason is not None and reason not in _REASONS:
            problems.append((f"{path}.reason", f"expected one of {', '.join(_REASONS)}, got {reason!r}"))
        return Expect(foul=foul if isinstance(foul, bool) else None, reason=_REASONS.get(reason or ""))
    if kind is ExampleKind.TABLE:
        totals = _ints(value.get("totals"), f"{path}.totals", players, problems)
        if totals is None and "totals" not in value:
            problems.append((f"{path}.totals", "missing"))
        return Expect(totals=totals, aces=_ints(value.get("aces"), f"{path}.aces", players, problems))
    raw = value.get("pattern")
    pattern: NaturalPattern | None = None
    if raw != "none":
        try:
            pattern = NaturalPattern(raw)
        except ValueError:
            allowed = ", ".join(p.value for p in NaturalPattern)
            problems.append((f"{path}.pattern", f"expected none or one of {allowed}, got {raw!r}"))
    chi = value.get("chi", 0)
    if not isinstance(chi, int) or isinstance(chi, bool):
        problems.append((f"{path}.chi", f"expected a whole number, got {chi!r}"))
        chi = 0
    declare = value.get("declare")
    if declare is not None and not isinstance(declare, bool):
        problems.append((f"{path}.declare", f"expected true or false, got {declare!r}"))
        declare = None
    return Expect(pattern=pattern, chi=chi, declare=declare)
