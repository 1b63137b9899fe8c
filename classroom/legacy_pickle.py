"""LEGACY: questions stored as pickles, before they were stored as plain data (issue 33 §4).

Until migration ``0013_questions_as_data`` every stored question (``bank_questions.blob``,
``assigned_questions.blob``) and the starter bank file held a zlib-compressed pickle of the engine's classes. This
module keeps the reader of those pickles (:func:`legacy_unpack`: an unpickler that accepts only the engine's own
classes and numpy's, so a tampered database cannot run code through it) for that migration only, the writer
(:func:`legacy_pack`) for its tests, which write rows as the code before it did, and :func:`convert_bank_file`, which
converted the starter bank (``python -m classroom.legacy_pickle OLD NEW``; a bank file exported before can be converted
the same way). Nothing else may import it
(``tests/unit/classroom/test_questions_as_data.py`` checks): questions are stored with
:mod:`maubinh.drills.codec`.

A compact pickle (the bank's) kept a source's rule set as its id and data digest and a sampled field of opponents as
its recipe (persistent ids); an assignment's pickle held the whole question.
"""

from __future__ import annotations

import base64
import io
import json
import lzma
import pickle
import zlib
from pathlib import Path
from typing import Any

from maubinh.cards import Card
from maubinh.drills import Question
from maubinh.drills.versions import rules_digest
from maubinh.rules import RULE_SET_IDS, RuleSet, load_rule_set
from maubinh.strategy.field import Field, FieldRecipe, RedealtField

__all__ = ["LegacyPickleError", "convert_bank_file", "legacy_pack", "legacy_unpack", "legacy_unpickle"]

_ALLOWED_ROOTS = {"maubinh", "numpy"}
_ALLOWED = {
    ("builtins", name) for name in ("frozenset", "set", "tuple", "list", "dict", "int", "float", "str", "bytes",
                                    "bool", "complex", "slice", "range", "object", "getattr")
} | {("copyreg", "_reconstructor"), ("collections", "OrderedDict"), ("types", "MappingProxyType")}
_LONGEST = 8 * 1024 * 1024
"""Largest unpacked question accepted (bytes)."""


class LegacyPickleError(ValueError):
    """A pickled question that cannot be read back (damaged, or made under rules data that changed since)."""


class _EngineUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if module.split(".")[0] in _ALLOWED_ROOTS or (module, name) in _ALLOWED:
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not allowed in a stored question")

    def persistent_load(self, pid: Any) -> Any:
        """A compact pack's rule set or field (see :class:`_CompactPickler`)."""
        if isinstance(pid, tuple) and len(pid) == 3 and pid[0] == "rules":
            return _rules(pid[1], pid[2])
        if isinstance(pid, tuple) and len(pid) == 8 and pid[0] == "field":
            _, rule_set_id, digest, cards, seed, samples, opponents, fingerprint = pid
            if not (isinstance(cards, tuple) and len(cards) == 13 and all(isinstance(c, int) and 0 <= c < 52
                                                                         for c in cards)
                    and all(isinstance(v, int) for v in (seed, samples, opponents)) and 1 <= samples <= 20_000
                    and 1 <= opponents <= 3 and isinstance(fingerprint, str)):
                raise LegacyPickleError("stored question has a damaged field recipe")
            rule_set = _rules(rule_set_id, digest)
            return RedealtField(FieldRecipe(tuple(Card.from_index(c) for c in cards), rule_set, seed, samples,
                                            opponents, fingerprint))
        raise LegacyPickleError(f"stored question holds an unknown reference {str(pid)[:40]!r}")


class _CompactPickler(pickle.Pickler):
    """Keeps a source's rule set as ``("rules", id, digest)`` and a sampled field as ``("field", recipe)``."""

    def persistent_id(self, obj: Any) -> Any:
        if isinstance(obj, RuleSet) and _is_source(obj):
            return ("rules", obj.id, rules_digest(obj.id))
        if isinstance(obj, Field) and _is_source(obj.rule_set):
            recipe = obj.recipe if isinstance(obj, RedealtField) else FieldRecipe.of(obj)
            return ("field", recipe.rule_set.id, rules_digest(recipe.rule_set.id), tuple(c.index for c in recipe.cards),
                    recipe.seed, recipe.samples, recipe.opponents, recipe.fingerprint)
        return None


def legacy_pack(question: Question, compact: bool = False) -> bytes:
    """``question`` as the code before migration 0013 stored it (for that migration's tests only)."""
    if not compact:
        return zlib.compress(pickle.dumps(question, protocol=5), 6)
    out = io.BytesIO()
    _CompactPickler(out, protocol=5).dump(question)
    return zlib.compress(out.getvalue(), 9)


def _is_source(rule_set: RuleSet) -> bool:
    return rule_set.id in RULE_SET_IDS and rule_set == load_rule_set(rule_set.id)


def _rules(rule_set_id: object, digest: object) -> RuleSet:
    if not isinstance(rule_set_id, str) or rule_set_id not in RULE_SET_IDS:
        raise LegacyPickleError(f"stored question names an unknown rule set {rule_set_id!r}")
    if digest != rules_digest(rule_set_id):
        raise LegacyPickleError(f"stored question was made under other data of {rule_set_id}")
    return load_rule_set(rule_set_id)


def legacy_unpickle(data: bytes) -> Question:
    """The question of an uncompressed pickle (a line of an old bank file)."""
    try:
        question = _EngineUnpickler(io.BytesIO(data)).load()
    except LegacyPickleError:
        raise
    except Exception as exc:
        raise LegacyPickleError(f"stored question unreadable: {exc}") from exc
    if not hasattr(question, "kind") or not hasattr(question, "is_correct") and not hasattr(question, "best"):
        raise LegacyPickleError("stored object is not a question")
    return question  # type: ignore[no-any-return]


def legacy_unpack(blob: bytes) -> Question:
    """The question :func:`legacy_pack` stored (a zlib-compressed pickle).

    Raises:
        LegacyPickleError: for damaged bytes, a class outside the engine, an engine that changed its classes, or a
            compact pickle made under rules data that changed since.
    """
    try:
        inflater = zlib.decompressobj()
        data = inflater.decompress(blob, _LONGEST)
    except zlib.error as exc:
        raise LegacyPickleError(f"stored question unreadable: {exc}") from exc
    if inflater.unconsumed_tail:
        raise LegacyPickleError("stored question too large")
    return legacy_unpickle(data)


def convert_bank_file(old: Path, new: Path) -> tuple[int, int]:
    """Write the bank file ``old`` (lines holding ``"pickle"``, a base64 compact pickle, or ``"blob"``, a zlib-compressed
    one) as a bank file of questions as plain data (:func:`classroom.bank.write_file`), the same questions in the same
    order with the same keys, cells, seeds, themes and records; every question is checked to read back equal from its
    plain data, byte for byte. Returns ``(questions, lines)``.

    Raises:
        LegacyPickleError: for a question that cannot be read, or reads back otherwise (naming its key).
    """
    from classroom.bank import Banked, read_file, write_file
    from classroom.snapshot import pack, unpack

    entries = []
    lines = lzma.decompress(old.read_bytes()).decode("utf-8").splitlines()
    for line in lines:
        data = json.loads(line)
        question = (legacy_unpickle(base64.b64decode(data["pickle"], validate=True)) if "pickle" in data
                    else legacy_unpack(base64.b64decode(data["blob"], validate=True)))
        entries.append(Banked(data["key"], data["rule_set_id"], data["level"], data["kind"], data["version"],
                              data["ordinal"], data["seed"], tuple(data["themes"]), data["record"],
                              pack(question, compact=True)))
    write_file(new, entries)
    back = read_file(new)
    if back != entries:
        raise LegacyPickleError("the file written holds other questions")
    for entry, read in zip(entries, back):
        if read.blob != entry.blob or read.record != entry.record or pack(unpack(read.blob), compact=True) != read.blob:
            raise LegacyPickleError(f"{entry.key} reads back otherwise from its plain data")
    return len(entries), len(lines)


if __name__ == "__main__":  # python -m classroom.legacy_pickle OLD NEW
    import sys

    converted, read = convert_bank_file(Path(sys.argv[1]), Path(sys.argv[2]))
    print(f"{converted} questions of {read} lines written to {sys.argv[2]}")
