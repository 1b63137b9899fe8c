"""House rules: a rule set written back to TOML, checked for people, compared and edited key by key.

A table's own rules start from one of the sources (digest §2) and change some of its values. This
module gives the engine's side of that:

- :func:`dump_rule_set` writes any :class:`~maubinh.rules.RuleSet` as a TOML text in the format of
  ``maubinh/rulesets/*.toml`` (with ``tomli_w``); :func:`load_house_rules` reads it back.
  ``load_house_rules(dump_rule_set(r)) == r`` for every house rule set ``r``.
- :func:`check_house_rules` validates a file as a person wrote it: every wrong value is one
  :class:`FileProblem` with its key (``"foul.penalty"``, ``"bonus[3].chi"``), what was expected
  (an :class:`Expected`, so the UI can word it in any language) and what the file holds.
- :func:`values_of` flattens the values a table may change into :data:`EDITABLE_KEYS`;
  :func:`diff` compares two rule sets key by key; :func:`edit` returns a new rule set with some
  values changed, every changed value's provenance replaced by a note of the change.
- :func:`base_source` finds the source a house rule set started from (by its ``source_file``);
  the solver (:func:`maubinh.strategy.tables.load_tables`) sets hands for house rules with that source's
  opponent distribution and the house's own payouts.
- :func:`link_token` / :func:`from_link_token` carry a house rule set in a URL (its changes from
  the source, compressed).

Amounts are chi per opponent, as everywhere in the engine.

>>> from maubinh.rules import load_rule_set
>>> chi_at = load_rule_set("chi-at")
>>> house = edit(chi_at, {"foul.penalty": 6, "aces.rule": "none"}, rule_set_id="nha-minh",
...              names={"vi": "Nhà mình", "en": "Our table"})
>>> [(d.key, d.before, d.after) for d in diff(chi_at, house)]
[('foul.penalty', 3, 6), ('aces.rule', 'pairwise', 'none')]
>>> load_house_rules(dump_rule_set(house)) == house
True
>>> base_source(house)
'chi-at'
>>> load_house_rules('id = "x"\\n[foul]\\npenalty = -1')
Traceback (most recent call last):
...
maubinh.house.HouseRulesError: based_on: missing: expected ...
"""

from __future__ import annotations

import base64
import binascii
import functools
import json
import re
import unicodedata
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from enum import Enum
from typing import Any

import tomli_w

from maubinh.rules import (
    BONUS_SLOTS,
    ENTRY_OPTIONS,
    FILE_TABLES,
    HOUSE_ID,
    LANGUAGES,
    MAX_RULES_CHARS,
    POSITIONS,
    RULE_SET_IDS,
    NaturalPattern,
    Provenance,
    RuleSet,
    RuleSetError,
    check_rule_set_data,
    load_rule_set,
    options,
    read_toml,
    source_files,
)
from maubinh.schema import MAX_PROBLEMS, Expected, ExpectedKind, FileProblem, option_of
from maubinh.schema import toml_text as _toml_text

__all__ = [
    "BONUS_SLOTS",
    "EDITABLE_KEYS",
    "MAX_FILE_BYTES",
    "MAX_LINK_BYTES",
    "MAX_LINK_CHARS",
    "MAX_PROBLEMS",
    "Difference",
    "Expected",
    "ExpectedKind",
    "FileProblem",
    "HouseRulesError",
    "Mark",
    "base_source",
    "check_house_rules",
    "default_mark",
    "diff",
    "dump_rule_set",
    "edit",
    "from_link_token",
    "house_id",
    "link_token",
    "load_house_rules",
    "problem_count",
    "rule_set_data",
    "source_files",
    "stored_rule_set",
    "values_of",
]

# --------------------------------------------------------------------------- the editable values

_BONUS_KEYS = tuple(f"bonus.{hand.value}.{position.value}" for hand, position in BONUS_SLOTS)
_NATURAL_KEYS = tuple(f"natural.{pattern.value}" for pattern in NaturalPattern)


def _editable_keys() -> tuple[str, ...]:
    """The chi names, then every option in file order, a list of tables' entries (and the instant wins' order)
    where the list stands in the file."""
    keys = ["positions"]
    for table in FILE_TABLES:
        if table.name == "bonus":
            keys += _BONUS_KEYS
        elif table.name == "natural":
            keys += [*_NATURAL_KEYS, "naturals.order"]
        else:
            keys += [option.key for option, _ in options() if option.table == table.name]
    return tuple(keys)


EDITABLE_KEYS: tuple[str, ...] = _editable_keys()
"""The values a house may change, in the order :func:`diff` lists them: the chi names, every rule option
declared in :class:`~maubinh.rules.RuleSet` (:func:`maubinh.rules.options`), the bonus slots and the instant
wins, in the file's order (:data:`~maubinh.rules.FILE_TABLES`). Each value's shape (see :func:`values_of`):

- ``positions``: the three chi names, ``((vi, en) back, (vi, en) middle, (vi, en) front)``;
- a rule option (``wheel.value``, ``order.strict``, ``foul.penalty``, ``scoop.multipliers``, ``aces.rule``...)
  as its :class:`~maubinh.schema.Option` declares it: a flag ``True`` / ``False``, an amount a whole number
  (chi, or a multiplier), three amounts a tuple (the scoop multipliers for one, two and three opponents
  scooped), a choice its enum's value (``"lowest"``, ``"per_ace"``...); what each one means is its field's
  text in :class:`~maubinh.rules.RuleSet`;
- ``bonus.<hand>.<position>``: chi, or ``None`` where the table has no entry (the hand is then paid as
  its general kind or 1 chi);
- ``natural.<pattern>``: chi, or ``None`` where the instant win is not recognised;
- ``naturals.order``: the recognised patterns, highest first (decides two instant wins, digest §2.4).
"""

Value = object
"""One editable value: ``int``, ``bool``, ``str``, ``None`` or a tuple of these (see :data:`EDITABLE_KEYS`)."""


@dataclass(frozen=True)
class Difference:
    """One key whose value differs between two rule sets (see :func:`diff`).

    Attributes:
        key: one of :data:`EDITABLE_KEYS`.
        before, after: the value in the first and in the second rule set (shapes as in
            :func:`values_of`; ``None`` for a bonus or an instant win one of them does not have).
    """

    key: str
    before: Value
    after: Value


def values_of(rule_set: RuleSet) -> dict[str, Value]:
    """Every editable value of ``rule_set`` by key, in :data:`EDITABLE_KEYS` order.

    >>> from maubinh.rules import load_rule_set
    >>> values = values_of(load_rule_set("tinh-chi"))
    >>> values["scoop.multipliers"], values["bonus.sam_co.front"], values["natural.bon_sam"]
    ((2, 3, 4), 3, None)
    >>> values["naturals.order"][:2]
    ('rong_cuon', 'sanh_rong')
    """
    values: dict[str, Value] = {
        "positions": tuple(
            tuple(rule_set.position_name(position, lang) for lang in LANGUAGES) for position in POSITIONS
        ),
    }
    for option, read in options():
        value = read(rule_set)
        values[option.key] = value.value if isinstance(value, Enum) else value
    for (hand, position), key in zip(BONUS_SLOTS, _BONUS_KEYS):
        entry = rule_set.bonus(hand, position)
        values[key] = None if entry is None else entry.chi
    for pattern, key in zip(NaturalPattern, _NATURAL_KEYS):
        natural = rule_set.natural(pattern)
        values[key] = None if natural is None else natural.chi
    values["naturals.order"] = tuple(natural.pattern.value for natural in rule_set.naturals)
    return {key: values[key] for key in EDITABLE_KEYS}


def diff(first: RuleSet, second: RuleSet) -> tuple[Difference, ...]:
    """The editable values that differ between two rule sets, key by key, in :data:`EDITABLE_KEYS` order.

    Names, summaries and provenance are not compared (only what changes a settlement, and the chi
    names). ``naturals.order`` is listed only when the patterns both rule sets recognise come in a
    different order.

    >>> from maubinh.rules import load_rule_set
    >>> [d.key for d in diff(load_rule_set("luckywin"), load_rule_set("guide-2026"))][:3]
    ['positions', 'foul.penalty', 'scoop.multipliers']
    >>> diff(load_rule_set("chi-at"), load_rule_set("chi-at"))
    ()
    """
    a, b = values_of(first), values_of(second)
    found = []
    for key in EDITABLE_KEYS:
        before, after = a[key], b[key]
        if key == "naturals.order":
            assert isinstance(before, tuple) and isinstance(after, tuple)
            common = set(before) & set(after)
            if [p for p in before if p in common] == [p for p in after if p in common]:
                continue
        if before != after:
            found.append(Difference(key, before, after))
    return tuple(found)


# --------------------------------------------------------------------------- writing TOML


def _provenance_data(provenance: Provenance) -> dict[str, Any]:
    data: dict[str, Any] = {"source": provenance.source}
    if provenance.reading is not None:
        data["reading"] = {lang: provenance.reading.get(lang, "") for lang in LANGUAGES}
    if provenance.house_default:
        data["house_default"] = True
    if provenance.other is not None:
        data["other_reading"] = {lang: provenance.other.get(lang, "") for lang in LANGUAGES}
    return data


def _texts(texts: Mapping[str, str]) -> dict[str, str]:
    return {lang: texts.get(lang) or texts.get(LANGUAGES[0]) or "" for lang in LANGUAGES}


def rule_set_data(rule_set: RuleSet, *, canonical: bool = False) -> dict[str, Any]:
    """``rule_set`` as the TOML data of a rule-set file (plain dicts, lists, strings, numbers, booleans).

    Keys and tables as in ``maubinh/rulesets/*.toml``, in :data:`~maubinh.rules.FILE_TABLES` order, each option
    as its declaration writes it (:func:`maubinh.rules.options`; an option declared ``omitted_at_default`` is left
    out at that value); each value's provenance (``source``, ``reading``, ``house_default``) sits in its table or
    entry. With ``canonical``, a table declared ``digest_omits_default`` that holds the value a file without it
    reads as is left out (``[several_patterns]`` at ``paid_most``, with its provenance): the data
    :func:`maubinh.drills.versions.rules_digest` digests, so that a value added to the format changes no rule
    set's version where it changes nothing.
    """
    p = rule_set.provenance
    base = base_source(rule_set)
    origin = {"based_on": base} if base is not None and rule_set.id not in RULE_SET_IDS else {
        "source_file": rule_set.source_file}
    data: dict[str, Any] = {
        "id": rule_set.id,
        **origin,
        "name": _texts(rule_set.names),
        "summary": _texts(rule_set.summaries),
    }
    for table in FILE_TABLES:
        if table.name == "positions":
            data["positions"] = {
                **{position.value: _texts(rule_set.positions[position]) for position in POSITIONS},
                **_provenance_data(p["positions"]),
            }
        elif table.record is not None:
            data[table.name] = [_record_data(entry) for entry in getattr(rule_set, _LISTS[table.name])]
        else:
            held = [(option, read(rule_set)) for option, read in options() if option.table == table.name]
            if canonical and table.digest_omits_default and all(value == option.absent for option, value in held):
                continue
            data[table.name] = {
                **{option.name: option.plain(value) for option, value in held
                   if not (option.omitted_at_default and value == option.absent)},
                **_provenance_data(p[table.name]),
            }
    return data


_LISTS = {declared.metadata["table"]: declared.name for declared in fields(RuleSet)
          if declared.metadata.get("table") in ENTRY_OPTIONS}
"""The :class:`~maubinh.rules.RuleSet` field holding each list of tables: ``{"bonus": "bonuses", ...}``."""


def _record_data(record: Any) -> dict[str, Any]:
    """One ``[[bonus]]`` / ``[[natural]]`` entry's data: its options, then its provenance."""
    return {
        **{option.name: option.plain(getattr(record, declared.name))
           for declared in fields(record) if (option := option_of(declared)) is not None},
        **_provenance_data(record.provenance),
    }


_HEADER = """\
# Mậu Binh rule set "{id}" ({name}), in the format of maubinh/rulesets/*.toml.
# {origin} Amounts are chi per opponent.
# Each value keeps where it comes from: "source", "reading" (vi, en) and "house_default".

"""


def dump_rule_set(rule_set: RuleSet, *, canonical: bool = False) -> str:
    """``rule_set`` as a TOML text that :func:`load_house_rules` (or :func:`~maubinh.rules.parse_rule_set`)
    reads back into an equal rule set (values, names and provenance).

    >>> from maubinh.rules import load_rule_set, parse_rule_set
    >>> text = dump_rule_set(load_rule_set("tinh-chi"))
    >>> text.splitlines()[0]
    '# Mậu Binh rule set "tinh-chi" (Binh tính chi), in the format of maubinh/rulesets/*.toml.'
    >>> parse_rule_set(text) == load_rule_set("tinh-chi")
    True

    With ``canonical``, the text of :func:`rule_set_data`'s canonical data (what a rule set's version digests).
    """
    base = base_source(rule_set)
    if rule_set.id in RULE_SET_IDS:
        origin = "One of the sources."
    elif base is not None:
        source = load_rule_set(base)
        origin = f"Started from {source.name('vi')} / {source.name('en')} ({base})."
    else:
        origin = "Started from none of the sources."
    header = _HEADER.format(
        id=rule_set.id.replace("\n", " "),
        name=rule_set.name(LANGUAGES[0]).replace("\n", " ").replace("\r", " "),
        origin=origin,
    )
    return header + tomli_w.dumps(rule_set_data(rule_set, canonical=canonical))


# --------------------------------------------------------------------------- checking a file


class HouseRulesError(RuleSetError):
    """A house-rules file (or link, or edit) is not valid.

    Attributes:
        details: one :class:`FileProblem` per wrong value, in file order.
        problems: the same as ``(key, message)`` pairs (as :class:`~maubinh.rules.RuleSetError`).
    """

    def __init__(self, details: Sequence[FileProblem]) -> None:
        self.details = tuple(details)
        super().__init__([(p.key, p.message) for p in self.details])


MAX_FILE_BYTES = MAX_RULES_CHARS
"""The largest house-rules file read (64 KiB; a file with every value changed is about 12 KB): a
larger upload is refused before it is decoded or parsed."""
MAX_LINK_CHARS = 2048
"""The longest ``?house=`` link token read (one with every value changed and long names: about 700)."""
MAX_LINK_BYTES = 8192
"""The most a link token may inflate to (its JSON); a token that inflates further is refused
as soon as that much has been inflated."""

def check_house_rules(text: str) -> tuple[RuleSet | None, tuple[FileProblem, ...]]:
    """Read a house-rules TOML text: the rule set, or ``None`` and every problem found.

    Beyond :func:`~maubinh.rules.parse_rule_set`'s checks, a house file must have an id of its own
    (not a source's), name the source it started from (``based_on = "<id>"``, or in files saved before
    that the source's ``source_file``), and hold no unknown keys (a mistyped key would otherwise be
    silently ignored). A text longer than :data:`MAX_FILE_BYTES` characters is refused unread; a text
    that nests too deeply or holds a number of thousands of digits is one ``toml`` problem.

    >>> rule_set, problems = check_house_rules(dump_rule_set(load_rule_set("chi-at")).replace(
    ...     "penalty = 3", "penalty = -3"))
    >>> rule_set is None, [(p.key, p.message) for p in problems]
    (True, [('id', 'expected an id of your own (a-z, 0-9, -), not chi-at, luckywin, tinh-chi, guide-2026, \
got "chi-at"'), ('foul.penalty', 'expected a whole number from 0 to 100, got -3')])
    """
    if isinstance(text, str) and len(text) > MAX_RULES_CHARS:
        return None, (FileProblem("toml", Expected(ExpectedKind.SMALL_FILE, maximum=MAX_FILE_BYTES), f"{len(text):,}"),)
    try:
        data = read_toml(text)
    except RuleSetError as exc:
        return None, (FileProblem("toml", Expected(ExpectedKind.TOML), exc.problems[0][1]),)
    return check_rule_set_data(data, house=True)


def problem_count(problems: Sequence[FileProblem]) -> int:
    """How many problems ``problems`` stands for (a last :attr:`ExpectedKind.MORE` one counts the rest)."""
    return sum(p.expected.maximum if p.expected.kind is ExpectedKind.MORE else 1 for p in problems)


def load_house_rules(text: str) -> RuleSet:
    """The rule set in a house-rules TOML text (see :func:`check_house_rules`).

    Raises:
        HouseRulesError: listing every wrong value with its key and what was expected.
    """
    rule_set, problems = check_house_rules(text)
    if rule_set is None:
        raise HouseRulesError(problems)
    return rule_set


@functools.lru_cache(maxsize=256)
def stored_rule_set(rule_set_id: str, house_toml: str | None) -> RuleSet:
    """The rule set a stored record names (a class, a table session, a room, a live session, a Play hand): its
    house rules when ``house_toml`` is given, else the source ``rule_set_id``. Read once per distinct pair and
    process (a polling page reads its room's rules every second; a ``RuleSet`` is frozen).

    Raises:
        HouseRulesError: for house rules that no longer load; KeyError/ValueError as :func:`load_rule_set`.
    """
    return load_house_rules(house_toml) if house_toml else load_rule_set(rule_set_id)


def base_source(rule_set: RuleSet) -> str | None:
    """The source rule-set id a rule set started from (the one with its ``source_file``), or ``None``.

    >>> base_source(load_rule_set("luckywin"))
    'luckywin'
    """
    for rule_set_id, name in source_files().items():
        if name == rule_set.source_file:
            return rule_set_id
    return None


# --------------------------------------------------------------------------- editing


Mark = Callable[[str, Sequence[Difference]], Provenance]
"""Makes the provenance of a changed value: called with the provenance slot (``"foul"``, ``"scoop"``,
``"bonus.tu_quy.back"``, ``"natural.rong_cuon"``, ``"naturals"``, ``"aces"``...) and its differences."""


def _show(value: Value) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return ", ".join("/".join(v) if isinstance(v, tuple) else _show(v) for v in value)
    return str(value)


def default_mark(slot: str, changes: Sequence[Difference]) -> Provenance:
    """A plain note of the changes: ``Provenance("house rules: foul.penalty 3 -> 6")``."""
    text = "; ".join(f"{c.key} {_show(c.before)} -> {_show(c.after)}" for c in changes)
    return Provenance(f"house rules: {text}")


def _slot(key: str) -> str:
    if key.startswith(("bonus.", "natural.")):
        return key
    return key.split(".")[0]


def _plain(value: Any) -> Any:
    """Enums to their values and tuples to lists, as TOML data holds them."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def _apply(data: dict[str, Any], changes: Mapping[str, Any], problems: list[FileProblem]) -> None:
    """Write ``changes`` (keys of :data:`EDITABLE_KEYS`) into a rule set's TOML data."""
    for key, raw in changes.items():
        value = _plain(raw)
        if key not in EDITABLE_KEYS:
            problems.append(FileProblem(_toml_text(key) if not isinstance(key, str) else key[:60],
                                        Expected(ExpectedKind.KNOWN_KEY, choices=EDITABLE_KEYS), _toml_text(value)))
        elif key == "positions":
            if not (isinstance(value, list) and len(value) == 3
                    and all(isinstance(v, list) and len(v) == len(LANGUAGES) for v in value)):
                problems.append(FileProblem(key, Expected(ExpectedKind.LANGUAGE_TEXTS, choices=LANGUAGES),
                                            _toml_text(value)))
                continue
            for position, names in zip(POSITIONS, value):
                data["positions"][position.value] = dict(zip(LANGUAGES, names))
        elif key.startswith("bonus."):
            _, hand, where = key.split(".")
            entries = data["bonus"]
            at = [i for i, e in enumerate(entries) if (e["hand"], e["position"]) == (hand, where)]
            if value is None:
                data["bonus"] = [e for i, e in enumerate(entries) if i not in at]
            elif at:
                entries[at[0]]["chi"] = value
            else:
                entries.append({"hand": hand, "position": where, "chi": value, "source": ""})
        elif key.startswith("natural."):
            pattern = key.split(".")[1]
            entries = data["natural"]
            at = [i for i, e in enumerate(entries) if e["pattern"] == pattern]
            if value is None:
                data["natural"] = [e for i, e in enumerate(entries) if i not in at]
            elif at:
                entries[at[0]]["chi"] = value
            else:
                entries.append({"pattern": pattern, "chi": value, "source": ""})
        elif key != "naturals.order":
            table, field = key.split(".")
            data[table][field] = value
    if "naturals.order" not in changes:
        return
    order = _plain(changes["naturals.order"])
    patterns = tuple(pattern.value for pattern in NaturalPattern)
    if not (isinstance(order, list) and all(isinstance(p, str) and p in patterns for p in order)
            and len(set(order)) == len(order)):
        problems.append(FileProblem("naturals.order", Expected(ExpectedKind.INSTANT_WIN_ORDER, choices=patterns),
                                    _toml_text(order)))
        return
    rank = {pattern: i for i, pattern in enumerate(order)}
    if all(isinstance(e, dict) for e in data["natural"]):
        data["natural"] = sorted(data["natural"], key=lambda e: rank.get(e.get("pattern"), len(order)))


def edit(
    start: RuleSet,
    changes: Mapping[str, Any],
    *,
    rule_set_id: str | None = None,
    names: Mapping[str, str] | None = None,
    summaries: Mapping[str, str] | None = None,
    mark: Mark = default_mark,
) -> RuleSet:
    """A copy of ``start`` with some values changed: house rules.

    Args:
        start: the rule set to start from (a source, or house rules).
        changes: new values by key of :data:`EDITABLE_KEYS`, shaped as :func:`values_of` returns them
            (enum members are accepted for enum values). Values equal to ``start``'s change nothing.
            A new bonus or instant win is added at the end of its list; ``naturals.order`` sorts the
            recognised instant wins (patterns it leaves out go last, in their old order).
        rule_set_id, names, summaries: the new rule set's id and texts (``start``'s by default).
        mark: makes the provenance of every changed value (default: :func:`default_mark`).

    Returns:
        The new :class:`~maubinh.rules.RuleSet`. Unchanged values keep ``start``'s provenance, so a
        rule set edited with no changes settles every deal exactly as ``start``.

    Raises:
        HouseRulesError: for an unknown key or a value the rule-set format does not accept, each with
            its key of :data:`EDITABLE_KEYS` (``"foul.penalty"``, ``"natural.rong_cuon"``; the file's
            terms for the id and names) and what was expected.

    >>> chi_at = load_rule_set("chi-at")
    >>> edit(chi_at, {"scoop.multipliers": (2, 3, 4)}).scoop.provenance.source
    'house rules: scoop.multipliers 2, 2, 2 -> 2, 3, 4'
    >>> edit(chi_at, {"foul.penalty": -1})
    Traceback (most recent call last):
    ...
    maubinh.house.HouseRulesError: foul.penalty: expected a whole number from 0 to 100, got -1
    """
    data = rule_set_data(start)
    if rule_set_id is not None:
        data["id"] = rule_set_id
    if names is not None:
        data["name"] = _texts(names)
    if summaries is not None:
        data["summary"] = _texts(summaries)
    problems: list[FileProblem] = []
    _apply(data, changes, problems)
    if problems:
        raise HouseRulesError(problems)
    changed, found = check_rule_set_data(data, house=False)
    if changed is None:
        raise HouseRulesError([replace(p, key=_edit_key(p.key, data)) for p in found])
    return _marked(start, changed, mark)


_ENTRY = re.compile(r"(bonus|natural)\[(\d+)\]")


def _edit_key(path: str, data: Mapping[str, Any]) -> str:
    """A problem's file path as the editable key it comes from: ``bonus[3].chi`` -> ``bonus.cu_lu.back``,
    ``natural[0].chi`` -> ``natural.rong_cuon``, ``positions.back.en`` -> ``positions``."""
    if path.startswith("positions."):
        return "positions"
    found = _ENTRY.match(path)
    if found is None:
        return path
    entries = data.get(found.group(1))
    index = int(found.group(2))
    if not isinstance(entries, list) or index >= len(entries) or not isinstance(entries[index], dict):
        return path
    entry = entries[index]
    parts = [entry.get("hand"), entry.get("position")] if found.group(1) == "bonus" else [entry.get("pattern")]
    if not all(isinstance(part, str) for part in parts):
        return path
    key = ".".join([found.group(1), *parts])
    return key if key in EDITABLE_KEYS else path


def _marked(start: RuleSet, changed: RuleSet, mark: Mark) -> RuleSet:
    """``changed`` with the provenance of every value that differs from ``start`` made by ``mark``."""
    slots: dict[str, list[Difference]] = {}
    for difference in diff(start, changed):
        slots.setdefault(_slot(difference.key), []).append(difference)
    if not slots:
        return changed
    provenance = dict(changed.provenance)
    for slot, changes in slots.items():
        if slot in provenance:
            provenance[slot] = mark(slot, changes)
    bonuses = tuple(
        replace(b, provenance=mark(key, slots[key])) if (key := f"bonus.{b.hand.value}.{b.position.value}") in slots
        else b
        for b in changed.bonuses
    )
    naturals = tuple(
        replace(n, provenance=mark(key, slots[key])) if (key := f"natural.{n.pattern.value}") in slots else n
        for n in changed.naturals
    )
    return replace(
        changed,
        provenance=provenance,
        scoop=replace(changed.scoop, provenance=provenance["scoop"]),
        bonuses=bonuses,
        naturals=naturals,
    )


_ACCENTS = str.maketrans({"đ": "d", "Đ": "D"})


def house_id(name: str) -> str:
    """An id for house rules named ``name``: lowercase ASCII letters, digits and ``-``, never a source's id.

    >>> house_id("Luật nhà Tư Đen!"), house_id("chi-at"), house_id("  ")
    ('luat-nha-tu-den', 'house-chi-at', 'house')
    """
    plain = unicodedata.normalize("NFKD", name.translate(_ACCENTS))
    ascii_only = "".join(c for c in plain if not unicodedata.combining(c)).lower()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_only).strip("-")[:34].strip("-")
    if not slug:
        return "house"
    return f"house-{slug}" if slug in RULE_SET_IDS else slug


# --------------------------------------------------------------------------- links


def link_token(rule_set: RuleSet) -> str:
    """A short URL-safe text that :func:`from_link_token` turns back into ``rule_set``'s values.

    It holds the source it started from, the id, the names and the changed values (not the
    provenance texts: a rule set read from a link marks its changes with :func:`default_mark`
    or the given ``mark``).

    Raises:
        ValueError: for a rule set that did not start from a source (no known ``source_file``).
    """
    base = base_source(rule_set)
    if base is None:
        raise ValueError(f"rule set {rule_set.id!r} did not start from a source")
    changes = {d.key: _plain(d.after) for d in diff(load_rule_set(base), rule_set)}
    if "naturals.order" not in changes and any(k.startswith("natural.") for k in changes):
        changes["naturals.order"] = _plain(values_of(rule_set)["naturals.order"])
    payload = {"b": base, "i": rule_set.id, "n": [rule_set.names.get(lang, "") for lang in LANGUAGES],
               "c": changes}
    packed = zlib.compress(json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode(), 9)
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def from_link_token(token: str, mark: Mark = default_mark) -> RuleSet:
    """The house rule set a :func:`link_token` carries.

    A token longer than :data:`MAX_LINK_CHARS`, or one that inflates to more than
    :data:`MAX_LINK_BYTES`, is refused before it is read further (key ``"link"``, :attr:`ExpectedKind.SHORT_LINK`).

    Raises:
        HouseRulesError: for a token this app did not make (key ``"link"``), or values the format
            refuses (keys as :func:`edit` gives them).

    >>> house = edit(load_rule_set("guide-2026"), {"foul.penalty": 4}, rule_set_id="bon", names={"vi": "Bốn"})
    >>> from_link_token(link_token(house)).foul_penalty
    4
    >>> from_link_token("nonsense")
    Traceback (most recent call last):
    ...
    maubinh.house.HouseRulesError: link: expected a house-rules link made by this app, got "nonsense"
    """
    shown = _toml_text(token if isinstance(token, str) else repr(token), 40)
    too_long = HouseRulesError([FileProblem("link", Expected(ExpectedKind.SHORT_LINK, maximum=MAX_LINK_CHARS), shown)])
    if not isinstance(token, str) or len(token) > MAX_LINK_CHARS:
        raise too_long
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        inflate = zlib.decompressobj()
        text = inflate.decompress(raw, MAX_LINK_BYTES)
    except (ValueError, binascii.Error, zlib.error):
        raise HouseRulesError([FileProblem("link", Expected(ExpectedKind.LINK), shown)]) from None
    if inflate.unconsumed_tail:
        raise too_long
    try:
        payload = json.loads(text.decode())
        base, rule_set_id, names, changes = payload["b"], payload["i"], payload["n"], payload["c"]
        if (base not in RULE_SET_IDS or not isinstance(changes, dict) or not isinstance(rule_set_id, str)
                or not isinstance(names, list) or not all(isinstance(n, str) for n in names)
                or _depth(changes) > _MAX_LINK_DEPTH):
            raise ValueError(base)
        texts = dict(zip(LANGUAGES, names))
    except (ValueError, KeyError, TypeError, RecursionError, binascii.Error, zlib.error, UnicodeDecodeError):
        raise HouseRulesError([FileProblem("link", Expected(ExpectedKind.LINK), shown)]) from None
    if rule_set_id in RULE_SET_IDS or not HOUSE_ID.fullmatch(rule_set_id):
        raise HouseRulesError([FileProblem("id", Expected(ExpectedKind.OWN_ID, choices=RULE_SET_IDS),
                                           _toml_text(rule_set_id))])
    return edit(load_rule_set(base), changes, rule_set_id=rule_set_id, names=texts, mark=mark)


_MAX_LINK_DEPTH = 6
"""How deeply a link's changes may nest (the chi names, the deepest value, nest 3 deep)."""


def _depth(value: Any, limit: int = _MAX_LINK_DEPTH) -> int:
    """How deeply lists and dicts nest in ``value`` (counted no further than ``limit + 1``)."""
    if limit < 0 or not isinstance(value, (list, dict)):
        return 0
    items = value.values() if isinstance(value, dict) else value
    return 1 + max((_depth(item, limit - 1) for item in items), default=0)


# --------------------------------------------------------------------------- the solver for house rules
