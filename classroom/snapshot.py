"""Questions kept as they were asked: packed for storage, and a language-free record of each.

An assignment's questions are made and graded once, when it is assigned (the grading is the slow part:
hundreds of sampled deals set by the solver). :func:`pack` keeps the whole question so that a learner's
Drill view shows it exactly as graded without grading it again; :func:`record` keeps, in plain JSON,
what was asked and what the engine found (the key, each option's expected chi), so the board and the
CSV never depend on the engine's later versions.

Packed questions are pickles, zlib-compressed, written by this server only; :func:`unpack` still reads
them with an unpickler that accepts only the engine's own classes and numpy's, so a tampered database
cannot run code through it.

The question bank packs *compactly* (``pack(question, compact=True)``, issue 23): a source's rule set is
kept as its id and data digest (read back with :func:`maubinh.rules.load_rule_set`, refused when that
source's data changed), and a sampled field of opponents as its :class:`~maubinh.strategy.field.FieldRecipe`
(dealt again on first use, refused when the solver's tables changed). A "set it yourself" question shrinks
from ~70-130 KB to ~2 KB. Assignments keep the whole question (their snapshot outlives any change of the
rules or the tables).
"""

from __future__ import annotations

import io
import pickle
import zlib
from typing import Any

from maubinh.cards import Card, cards_text
from maubinh.drills import Question
from maubinh.drills.answers import LETTERS, answer_code, best_answer, option_values
from maubinh.drills.better import BetterQuestion
from maubinh.drills.versions import rules_digest
from maubinh.rules import RULE_SET_IDS, RuleSet, load_rule_set
from maubinh.strategy.field import Field, FieldRecipe, RedealtField

__all__ = ["SnapshotError", "choice_codes", "pack", "record", "unpack"]

_ALLOWED_ROOTS = {"maubinh", "numpy"}
_ALLOWED = {
    ("builtins", name) for name in ("frozenset", "set", "tuple", "list", "dict", "int", "float", "str", "bytes",
                                    "bool", "complex", "slice", "range", "object", "getattr")
} | {("copyreg", "_reconstructor"), ("collections", "OrderedDict"), ("types", "MappingProxyType")}
_LONGEST = 8 * 1024 * 1024
"""Largest unpacked question accepted (bytes)."""


class SnapshotError(ValueError):
    """A stored question that cannot be read back (damaged, or written by an incompatible engine)."""


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
                raise SnapshotError("stored question has a damaged field recipe")
            rule_set = _rules(rule_set_id, digest)
            return RedealtField(FieldRecipe(tuple(Card.from_index(c) for c in cards), rule_set, seed, samples,
                                            opponents, fingerprint))
        raise SnapshotError(f"stored question holds an unknown reference {str(pid)[:40]!r}")


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


def pack(question: Question, compact: bool = False) -> bytes:
    """``question`` as bytes for the database; ``compact`` for the bank (see the module: sources' rule sets
    by id, sampled fields by recipe)."""
    if not compact:
        return zlib.compress(pickle.dumps(question, protocol=5), 6)
    out = io.BytesIO()
    _CompactPickler(out, protocol=5).dump(question)
    return zlib.compress(out.getvalue(), 9)


def _is_source(rule_set: RuleSet) -> bool:
    """Whether ``rule_set`` is a source's own (not a house that kept a source's id)."""
    return rule_set.id in RULE_SET_IDS and rule_set == load_rule_set(rule_set.id)


def _rules(rule_set_id: object, digest: object) -> RuleSet:
    if not isinstance(rule_set_id, str) or rule_set_id not in RULE_SET_IDS:
        raise SnapshotError(f"stored question names an unknown rule set {rule_set_id!r}")
    if digest != rules_digest(rule_set_id):
        raise SnapshotError(f"stored question was made under other data of {rule_set_id}")
    return load_rule_set(rule_set_id)


def unpack(blob: bytes) -> Question:
    """The question :func:`pack` stored.

    Raises:
        SnapshotError: for damaged bytes, a class outside the engine, or an engine that changed its classes.
    """
    try:
        inflater = zlib.decompressobj()
        data = inflater.decompress(blob, _LONGEST)
        if inflater.unconsumed_tail:
            raise SnapshotError("stored question too large")
        question = _EngineUnpickler(io.BytesIO(data)).load()
    except SnapshotError:
        raise
    except Exception as exc:
        raise SnapshotError(f"stored question unreadable: {exc}") from exc
    if not hasattr(question, "kind") or not hasattr(question, "is_correct") and not hasattr(question, "best"):
        raise SnapshotError("stored object is not a question")
    return question  # type: ignore[no-any-return]


def choice_codes(question: Question) -> list[str]:
    """The codes of a question's fixed options, in order ([] for "set it yourself" and "how many chi")."""
    if isinstance(question, BetterQuestion):
        return list(LETTERS[: len(question.options)])
    choices = getattr(question, "choices", None)
    return [answer_code(question, choice) for choice in choices] if choices is not None else []


def _text(value: object) -> str:
    if isinstance(value, tuple) and value and isinstance(value[0], Card):
        return cards_text(value)
    if isinstance(value, tuple):
        return " / ".join(_text(part) for part in value)
    return str(value)


def _shown(question: Question) -> str:
    """The cards a question shows: the hand dealt, the two hands, the arrangement or every seat's."""
    for name in ("cards", "hands", "arrangement", "arrangements"):
        value = getattr(question, name, None)
        if value is not None:
            return _text(value)
    return ""


def record(question: Question) -> dict[str, Any]:
    """What was asked and what the engine found, language-free, as JSON-ready data.

    Keys: ``kind``, ``level``, ``seed``, ``lesson``, ``key`` (the right answer's code), ``choices`` (the
    options' codes), ``values`` (expected chi by option code, for kinds graded by expected chi), ``cards``
    (the hand dealt, or the chi shown), and for "which is better" the ``options`` as arrangements.
    """
    found: dict[str, Any] = {
        "kind": question.kind.value,
        "level": question.level.value,
        "seed": question.seed,
        "lesson": question.lesson.value,
        "key": answer_code(question, best_answer(question)),
        "choices": choice_codes(question),
        "values": {code: round(value, 4) for code, value in option_values(question).items()},
        "cards": _shown(question),
    }
    if isinstance(question, BetterQuestion):
        found["options"] = [str(option) for option in question.options]
    return found
