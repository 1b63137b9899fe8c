"""Questions kept as they were asked: packed for storage, and a language-free record of each.

An assignment's questions are made and graded once, when it is assigned (the grading is the slow part:
hundreds of sampled deals set by the solver). :func:`pack` keeps the whole question so that a learner's
Drill view shows it exactly as graded without grading it again; :func:`record` keeps, in plain JSON,
what was asked and what the engine found (the key, each option's expected chi), so the board and the
CSV never depend on the engine's later versions.

Packed questions are plain data (issue 33 §4): the question's JSON form (:mod:`maubinh.drills.codec`, versioned,
every value checked when read back), zlib-compressed. Questions stored before as pickles were converted by
migration ``0013_questions_as_data``; nothing here reads a pickle.

The question bank packs *compactly* (``pack(question, compact=True)``, issue 23): a source's rule set is
kept as its id and data digest (read back with :func:`maubinh.rules.load_rule_set`, refused when that
source's data changed), and a sampled field of opponents as its :class:`~maubinh.strategy.field.FieldRecipe`
(dealt again on first use, refused when the solver's tables changed). A "set it yourself" question shrinks
from ~50-100 KB to ~2 KB. Assignments keep the whole question, rule sets and deals included (their snapshot outlives
any change of the rules or the tables).
"""

from __future__ import annotations

import zlib
from typing import Any

from maubinh.cards import Card, cards_text
from maubinh.drills import Question
from maubinh.drills.answers import LETTERS, answer_code, best_answer, option_values
from maubinh.drills.better import BetterQuestion
from maubinh.drills.codec import MAX_CHARS, QuestionDataError, loads, text_of, to_data

__all__ = ["SnapshotError", "choice_codes", "pack", "pack_data", "record", "unpack"]

_LONGEST = MAX_CHARS * 4
"""Largest unpacked question accepted (bytes of UTF-8: at most 4 per character)."""


class SnapshotError(ValueError):
    """A stored question that cannot be read back (damaged, or written by an incompatible engine)."""


def pack(question: Question, compact: bool = False) -> bytes:
    """``question`` as bytes for the database: its plain data (:func:`maubinh.drills.codec.dumps`), zlib-compressed;
    ``compact`` for the bank (see the module: sources' rule sets by id, sampled fields by recipe).

    Raises:
        TypeError: for an object that is not a question (as :func:`~maubinh.drills.codec.to_data`).
    """
    return pack_data(to_data(question, compact=compact))


def pack_data(data: dict[str, Any]) -> bytes:
    """A question's plain data (:func:`maubinh.drills.codec.to_data`'s, e.g. a bank file's line) as :func:`pack` stores
    it: its text (:func:`maubinh.drills.codec.text_of`), zlib-compressed (level 6: level 9 saves 2% at five times the
    time)."""
    return zlib.compress(text_of(data).encode("utf-8"), 6)


def unpack(blob: bytes) -> Question:
    """The question :func:`pack` stored.

    Raises:
        SnapshotError: for damaged bytes, or data :func:`maubinh.drills.codec.from_data` refuses (its message names
            the value that is wrong).
    """
    try:
        inflater = zlib.decompressobj()
        data = inflater.decompress(blob, _LONGEST)
    except (zlib.error, TypeError) as exc:
        raise SnapshotError(f"stored question unreadable: {exc}") from exc
    if inflater.unconsumed_tail:
        raise SnapshotError("stored question too large")
    if data[:1] == b"\x80":
        raise SnapshotError("stored question is a pickle written before questions were stored as data: migrate the "
                            "database (alembic upgrade head)")
    try:
        return loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise SnapshotError(f"stored question unreadable: {exc}") from exc
    except QuestionDataError as exc:
        raise SnapshotError(f"stored question refused: {exc}") from exc


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
