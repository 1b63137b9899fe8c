"""Questions kept as they were asked: packed for storage, and a language-free record of each.

An assignment's questions are made and graded once, when it is assigned (the grading is the slow part:
hundreds of sampled deals set by the solver). :func:`pack` keeps the whole question so that a learner's
Drill view shows it exactly as graded without grading it again; :func:`record` keeps, in plain JSON,
what was asked and what the engine found (the key, each option's expected chi), so the board and the
CSV never depend on the engine's later versions.

Packed questions are pickles, zlib-compressed, written by this server only; :func:`unpack` still reads
them with an unpickler that accepts only the engine's own classes and numpy's, so a tampered database
cannot run code through it.
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


def pack(question: Question) -> bytes:
    """``question`` as bytes for the database."""
    return zlib.compress(pickle.dumps(question, protocol=5), 6)


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
