"""An answer to a question of any kind as plain text, and what it cost in chi against the engine's best.

Stored answers (the classroom, a learner's history) keep the answer as a short, language-free code:

- which arrangement is better: the option's letter, ``"A"``, ``"B"``, ``"C"``;
- questions with fixed choices (which chi wins, binh lủng or not, spot the instant win...): the
  choice's value (``"a"``, ``"tie"``, ``"foul_front"``, ``"sanh_rong"``), ``"none"`` for no choice,
  ``"yes"`` / ``"no"`` for a yes-or-no choice;
- how many chi: the whole number, ``"-6"``;
- set it yourself: the arrangement, ``"As Ks Qs Js Ts | ... | ..."``.

:func:`chi_lost` is the chi an answer gave up on average against the best answer, for the kinds graded
by expected chi (which arrangement is better, set it yourself, and any kind whose question says so
through a ``chi_lost(answer)`` or ``cost(answer)`` method: declare or play it out); ``None`` for kinds where an
answer is only right or wrong.

>>> from maubinh.drills import DrillSet, Kind, make_question
>>> q = make_question(DrillSet((Kind.CHI,), seed=3, count=1), 0)
>>> answer_code(q, q.key) in {"a", "b", "tie"}, parse_answer(q, answer_code(q, q.key)) is q.key
(True, True)
>>> parse_answer(q, "maybe")
Traceback (most recent call last):
...
ValueError: 'maybe' is not an answer to a chi question; answers: a, b, tie
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from maubinh.arrangement import Arrangement, ArrangementError
from maubinh.cards import CardParseError
from maubinh.drills.arrange import ArrangeQuestion, ArrangeResult
from maubinh.drills.better import BetterQuestion
from maubinh.drills.chi import Outcome
from maubinh.drills.declare import DeclareAnswer
from maubinh.drills.foul import FoulAnswer
from maubinh.drills.sets import Kind
from maubinh.drills.settle import SettleQuestion
from maubinh.rules import RULE_SET_IDS, NaturalPattern

__all__ = ["LETTERS", "answer_code", "best_answer", "chi_lost", "could_answer", "option_values", "parse_answer"]

LETTERS = "ABCDEFGH"
"""The letters naming a "which is better" question's options."""
_LONGEST = 200


def _choice_code(choice: object) -> str:
    if choice is None:
        return "none"
    if isinstance(choice, bool):
        return "yes" if choice else "no"
    if isinstance(choice, Enum):
        return str(choice.value)
    return str(choice)


def answer_code(question: Any, given: object) -> str:
    """``given`` (an answer to ``question``, as the Drill page holds it) as a short code (see the module).

    Raises:
        TypeError: for an answer of the wrong type for the question's kind (not an arrangement, a number...).
        ValueError: for an option or choice the question does not have.
    """
    if isinstance(question, BetterQuestion):
        if not isinstance(given, int) or not 0 <= given < len(question.options):
            raise ValueError(f"{given!r} is not an option of this question")
        return LETTERS[given]
    if isinstance(question, ArrangeQuestion):
        if not isinstance(given, Arrangement):
            raise TypeError(f"{given!r} is not an arrangement")
        return str(given)
    if isinstance(question, SettleQuestion):
        if isinstance(given, bool) or not isinstance(given, int):
            raise TypeError(f"{given!r} is not a whole number")
        return str(given)
    choices = getattr(question, "choices", None)
    if choices is None or given not in choices:
        raise ValueError(f"{given!r} is not a choice of this question")
    return _choice_code(given)


_CHOICE_CODES: dict[Kind, frozenset[str]] = {
    Kind.CHI: frozenset(o.value for o in Outcome),
    Kind.FOUL: frozenset(f.value for f in FoulAnswer),
    Kind.NATURAL: frozenset([*(p.value for p in NaturalPattern), "none"]),
    Kind.DECLARE: frozenset(d.value for d in DeclareAnswer),
    Kind.RULES: frozenset(RULE_SET_IDS),
}
_LONGEST_NUMBER = 6


def could_answer(kind: Kind, code: str) -> bool:
    """Whether ``code`` has the shape of an answer to a question of ``kind``, told without the question (so
    that a code that cannot be one costs no question made): a letter of :data:`LETTERS`, an arrangement of
    13 cards, a whole number, or one of the kind's choice values. :func:`parse_answer` still decides against
    the question itself (the option's letter in range, the question's own cards, its own choices).

    >>> could_answer(Kind.CHI, "tie"), could_answer(Kind.CHI, "x"), could_answer(Kind.SETTLE, "-6")
    (True, False, True)
    """
    if not isinstance(code, str) or not 0 < len(code) <= _LONGEST:
        return False
    if kind is Kind.BETTER:
        return len(code) == 1 and code in LETTERS
    if kind is Kind.ARRANGE:
        parts = code.split("|")
        try:
            return len(parts) == 3 and len(Arrangement.parse(*parts).cards) == 13
        except (ValueError, CardParseError, ArrangementError):
            return False
    if kind is Kind.SETTLE:
        digits = code.removeprefix("-")
        return 0 < len(digits) <= _LONGEST_NUMBER and digits.isascii() and digits.isdigit()
    return code in _CHOICE_CODES.get(kind, frozenset())


def parse_answer(question: Any, code: str) -> object:
    """The answer that :func:`answer_code` wrote as ``code``.

    Raises:
        ValueError: naming ``code`` when it is no answer to ``question`` (too long, another kind's shape,
            cards that are not the question's...).
    """
    if not isinstance(code, str) or len(code) > _LONGEST:
        raise ValueError("an answer code is a short text")
    if isinstance(question, BetterQuestion):
        index = LETTERS.find(code) if len(code) == 1 else -1
        if not 0 <= index < len(question.options):
            raise ValueError(f"{code!r} is not an option; options: {', '.join(LETTERS[:len(question.options)])}")
        return index
    if isinstance(question, ArrangeQuestion):
        parts = code.split("|")
        try:
            if len(parts) != 3:
                raise ValueError("three chi separated by |")
            arrangement = Arrangement.parse(*parts)
        except (ValueError, CardParseError, ArrangementError) as exc:
            raise ValueError(f"{code!r} is not an arrangement: {exc}") from None
        if set(arrangement.cards) != set(question.cards):
            raise ValueError(f"{code!r} holds other cards than the question's")
        return arrangement
    if isinstance(question, SettleQuestion):
        try:
            return int(code)
        except ValueError:
            raise ValueError(f"{code!r} is not a whole number") from None
    choices = getattr(question, "choices", ())
    for choice in choices:
        if _choice_code(choice) == code:
            return choice
    raise ValueError(
        f"{code!r} is not an answer to a {question.kind.value} question; answers: "
        + ", ".join(_choice_code(c) for c in choices)
    )


def chi_lost(question: Any, given: object, result: ArrangeResult | None = None) -> float | None:
    """Chi given up on average by answering ``given`` rather than the best answer (0 for the best), or
    ``None`` for a kind graded only right or wrong.

    Args:
        question: the question.
        given: the answer, as for :func:`answer_code`.
        result: for "set it yourself", the graded arrangement (:func:`maubinh.drills.assess`); required there.

    Raises:
        ValueError: for "set it yourself" without its ``result``.
    """
    if isinstance(question, BetterQuestion):
        return max(0.0, question.results[question.key].mean - question.results[int(given)].mean)  # type: ignore[call-overload]
    if isinstance(question, ArrangeQuestion):
        if result is None:
            raise ValueError("a 'set it yourself' answer needs its graded result")
        return max(0.0, result.cost)
    method = getattr(question, "chi_lost", None) or getattr(question, "cost", None)  # cost: declare or play
    if callable(method):
        value = method(given)
        return None if value is None else float(value)
    return None


def best_answer(question: Any) -> object:
    """The right answer to ``question`` in the shape :func:`answer_code` takes (for "set it yourself": the
    solver's arrangement)."""
    if isinstance(question, ArrangeQuestion):
        return question.best
    return question.key


def option_values(question: Any) -> dict[str, float]:
    """The expected chi of each option by its code, for the kinds graded by expected chi ({} otherwise).

    "Which is better": each option's mean; "set it yourself": the best arrangement's mean.
    """
    if isinstance(question, BetterQuestion):
        return {LETTERS[k]: result.mean for k, result in enumerate(question.results)}
    if isinstance(question, ArrangeQuestion):
        return {str(question.best): question.best_breakdown.mean}
    values = getattr(question, "option_values", None)
    return dict(values()) if callable(values) else {}
