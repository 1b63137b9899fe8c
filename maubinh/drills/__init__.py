"""Drills: eight kinds of question, each generated from a seed and graded by the engine.

Modules (one per kind, each documents its levels and traps; then the shared parts):

- :mod:`maubinh.drills.better`: which of two or three arrangements wins more chi (expected chi);
- :mod:`maubinh.drills.arrange`: set the 13 cards yourself, graded against the solver;
- :mod:`maubinh.drills.chi`: which of two hands wins a chi;
- :mod:`maubinh.drills.foul`: binh lủng or not, and why;
- :mod:`maubinh.drills.settle`: how many chi seat A collects from seat B;
- :mod:`maubinh.drills.natural`: which instant win, if any, 13 cards hold;
- :mod:`maubinh.drills.declare`: báo hay đánh? declare an instant win, or play the hand out (graded in chi);
- :mod:`maubinh.drills.payouts`: for which rule set a split is the best play;
- :mod:`maubinh.drills.sets`: drill sets as data (kinds, levels, lesson steps);
- :mod:`maubinh.drills.build`: hands built to order (a pool of cards, hands of a chosen category);
- :mod:`maubinh.drills.sampling`: opponents sampled once per question, reused for every option;
- :mod:`maubinh.drills.progress`: a session's progress (score, streaks, the kind to practise next);
- :mod:`maubinh.drills.path`: the beginner's sets follow the lesson path (kinds and questions by lessons reached);
- :mod:`maubinh.drills.answers`: an answer of any kind as a short code, and the chi it cost;
- :mod:`maubinh.drills.levels`: error-rate levels named from measured reference players (``data/``);
- :mod:`maubinh.drills.themes`: what decides a question (a fixed vocabulary of themes, each with its lesson),
  computed from its numbers where it is built (``question.themes``);
- :mod:`maubinh.drills.by_theme`: questions of one theme (:func:`~maubinh.drills.by_theme.questions_for_theme`),
  for "practise this theme" and the review queue;
- :mod:`maubinh.drills.explain`: the sentence naming what decided an answer, as i18n keys with numbers.
- :mod:`maubinh.drills.daily`: today's question, one a day from the UTC date, the same for everyone;
- :mod:`maubinh.drills.versions`: a rule set's data version and the seeds of the question bank's questions;
- :mod:`maubinh.drills.codec`: every kind of question as versioned plain data (JSON), written and read back checked;
- :mod:`maubinh.drills.bank`: the bank's cells, what its question ``n`` of a cell is (built by the app:
  ``python -m background.bank``).

A :class:`DrillSet` (kinds, level, rule set, seed, count) fixes every question:
:func:`make_question` gives question ``index`` of a set, the same for everyone. Every kind is asked at every
level under every rule set except where :func:`available` gives a reason (:class:`Unavailable`).
:mod:`maubinh.drills.progress` sums up a session's answers.

>>> s = DrillSet((Kind.CHI, Kind.NATURAL), Level.BEGINNER, "luckywin", seed=3, count=4)
>>> [make_question(s, i).kind.value for i in range(4)]
['chi', 'natural', 'chi', 'natural']
>>> make_question(s, 1) == make_question(s, 1)
True
"""

from __future__ import annotations

from collections.abc import Callable

from maubinh.drills.arrange import ArrangeQuestion, ArrangeResult, assess, make_arrange_question, partial_foul
from maubinh.drills.better import GAP_IN_STDERRS, BetterQuestion, make_better_question
from maubinh.drills.chi import ChiQuestion, Decider, Outcome, Trap, Verdict, decide, make_chi_question
from maubinh.drills.declare import DeclareAnswer, DeclareQuestion, make_declare_question
from maubinh.drills.declare import unavailable as declare_unavailable
from maubinh.drills.foul import FoulAnswer, FoulQuestion, foul_answer, make_foul_question
from maubinh.drills.natural import NaturalQuestion, make_natural_question
from maubinh.drills.payouts import RulesQuestion, make_rules_question
from maubinh.drills.sets import (
    DEFAULT_COUNT,
    DEFAULT_KINDS,
    KINDS,
    LESSON_STEPS,
    MAX_QUESTIONS,
    MAX_SEED,
    DrillSet,
    Kind,
    Lesson,
    Level,
    QuestionList,
    QuestionRef,
    Unavailable,
    UnavailableError,
    parse_kinds,
    parse_level,
)
from maubinh.drills.settle import SettleQuestion, make_settle_question
from maubinh.rules import RuleSet

__all__ = [
    "DEFAULT_COUNT",
    "DEFAULT_KINDS",
    "GAP_IN_STDERRS",
    "KINDS",
    "LESSON_STEPS",
    "MAX_QUESTIONS",
    "MAX_SEED",
    "ArrangeQuestion",
    "ArrangeResult",
    "BetterQuestion",
    "ChiQuestion",
    "Decider",
    "DeclareAnswer",
    "DeclareQuestion",
    "DrillSet",
    "FoulAnswer",
    "FoulQuestion",
    "Kind",
    "Lesson",
    "Level",
    "NaturalQuestion",
    "Outcome",
    "Question",
    "QuestionList",
    "QuestionRef",
    "RulesQuestion",
    "SettleQuestion",
    "Trap",
    "Unavailable",
    "UnavailableError",
    "Verdict",
    "assess",
    "available",
    "decide",
    "foul_answer",
    "make_from_ref",
    "make_question",
    "parse_kinds",
    "parse_level",
    "partial_foul",
]

Question = (
    BetterQuestion | ArrangeQuestion | ChiQuestion | FoulQuestion | SettleQuestion | NaturalQuestion | DeclareQuestion
    | RulesQuestion
)
"""A question of any kind; each has ``kind``, ``seed``, ``level``, ``key`` and ``lesson``."""

_MAKERS: dict[Kind, Callable[[int, RuleSet, Level], Question]] = {
    Kind.BETTER: make_better_question,
    Kind.ARRANGE: make_arrange_question,
    Kind.CHI: make_chi_question,
    Kind.FOUL: make_foul_question,
    Kind.SETTLE: make_settle_question,
    Kind.NATURAL: make_natural_question,
    Kind.DECLARE: make_declare_question,
    Kind.RULES: make_rules_question,
}


def available(kind: Kind, level: Level, rule_set: RuleSet) -> Unavailable | None:
    """Whether ``kind`` is asked at ``level`` under ``rule_set`` (a source or house rules): ``None`` when it is,
    else why not. Cheap after the first call per rule set ("báo hay đánh?" builds a few hands once, about half a
    second).

    - "spot the instant win" needs an instant win listed; "báo hay đánh?" one other than rồng cuốn, and at
      expert and master a hand close enough to playing out (:func:`maubinh.drills.declare.unavailable`);
    - every other kind is asked everywhere ("which rule set" compares the four sources whatever the set's).

    >>> from maubinh.rules import load_rule_set
    >>> available(Kind.DECLARE, Level.EXPERT, load_rule_set("guide-2026"))
    <Unavailable.NO_CLOSE_CALL: 'no_close_call'>
    >>> [k.value for k in KINDS if available(k, Level.MASTER, load_rule_set("chi-at")) is not None]
    []
    """
    if kind is Kind.NATURAL and not rule_set.naturals:
        return Unavailable.NO_INSTANT_WINS
    if kind is Kind.DECLARE:
        return declare_unavailable(rule_set, level)
    return None


def _make(kind: Kind, seed: int, rule_set: RuleSet, level: Level) -> Question:
    reason = available(kind, level, rule_set)
    if reason is not None:
        raise UnavailableError(kind, level, rule_set.id, reason)
    return _MAKERS[kind](seed, rule_set, level)


def make_question(drill_set: DrillSet | QuestionList, index: int) -> Question:
    """Question ``index`` (0-based) of ``drill_set``: its kind in turn, from the set's seed, graded under its rule set
    (or, for a :class:`QuestionList`, the question it names).

    Deterministic: the same set and index give the same question, on any machine.

    Raises:
        IndexError: for an index outside ``0..count - 1``.
        UnavailableError: when the question's kind is not asked at its level under its rule set (:func:`available`).
    """
    if isinstance(drill_set, QuestionList):
        return make_from_ref(drill_set.ref(index))
    kind = drill_set.kind_at(index)
    return _make(kind, drill_set.question_seed(index), drill_set.rule_set, drill_set.level)


def make_from_ref(ref: QuestionRef) -> Question:
    """The question ``ref`` names (the same as the set's question it was taken from).

    >>> s = DrillSet((Kind.CHI, Kind.NATURAL), Level.BEGINNER, "luckywin", seed=3, count=4)
    >>> make_from_ref(s.ref(2)) == make_question(s, 2)
    True

    Raises:
        UnavailableError: as :func:`make_question`.
    """
    return _make(ref.kind, ref.seed, ref.rule_set, ref.level)
