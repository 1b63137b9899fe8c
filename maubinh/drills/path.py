"""The beginner's Drill follows the lesson path (issue 36, "Smaller findings"): what a set at "Mới học" (beginner)
may ask before the learner has done the lessons it needs.

- The basic steps (:data:`OPEN_STEPS`: the deck, the chi, the 5-card and 3-card categories, binh lủng (foul),
  settling) are open from the start: a drill is one way to learn them. Each later step (bonuses (chi đặc biệt),
  instant wins (mậu binh), sập (scoop), the ace rule (chi Át), how the sources differ) opens when its lesson is
  finished (:func:`reached`).
- A beginner's first set asks its kinds in the order of the lesson path and leaves out the kinds whose lesson is
  not reached (:func:`path_kinds`); its questions are those whose lesson and themes are all reached
  (:func:`suits`: no ace-rule settling, no scoop deciding a split, before those lessons). A kind the learner names
  is asked all the same, with its own lesson's questions.
- "Which rule set" (:class:`~maubinh.drills.payouts.RulesQuestion`) is dealt to a beginner only when its key is
  clear under its own rule set too (:func:`clear_key`): no other source's split within
  :data:`~maubinh.drills.better.GAP_IN_STDERRS` standard errors of the one shown there. Of the starter bank's 200
  beginner questions of the kind (the four sources), 41 fail that (6 within one standard error; chi-at: 12 of 50): measured on
  ``maubinh/drills/data/bank.jsonl.xz``.

>>> path_kinds((Kind.BETTER, Kind.ARRANGE, Kind.CHI, Kind.FOUL, Kind.SETTLE, Kind.NATURAL), reached(()))
(<Kind.BETTER: 'better'>, <Kind.ARRANGE: 'arrange'>, <Kind.CHI: 'chi'>, <Kind.FOUL: 'foul'>, <Kind.SETTLE: 'settle'>)
>>> Lesson.NATURALS in reached(["naturals"]), Lesson.ACES in reached(["naturals"])
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from maubinh.drills import Question
from maubinh.drills.better import GAP_IN_STDERRS
from maubinh.drills.payouts import RulesQuestion, clear_keys
from maubinh.drills.sets import LESSON_STEPS, Kind, Lesson, Level
from maubinh.drills.themes import LESSONS

__all__ = ["KIND_STEPS", "OPEN_STEPS", "Facts", "clear_key", "facts", "path_kinds", "reached", "suits"]

OPEN_STEPS: frozenset[Lesson] = frozenset(Lesson(step) for step in LESSON_STEPS[: LESSON_STEPS.index("settle") + 1])
"""The lesson steps open from the start: the path up to settling."""
KIND_STEPS: dict[Kind, Lesson] = {
    Kind.BETTER: Lesson.CHI,
    Kind.ARRANGE: Lesson.CHI,
    Kind.CHI: Lesson.FIVE,
    Kind.FOUL: Lesson.FOUL,
    Kind.SETTLE: Lesson.SETTLE,
    Kind.NATURAL: Lesson.NATURALS,
    Kind.DECLARE: Lesson.NATURALS,
    Kind.RULES: Lesson.SOURCES,
}
"""The lesson step each kind needs as a whole (its questions may need later ones: :func:`facts`)."""


def reached(finished: Iterable[str]) -> frozenset[Lesson]:
    """The steps a learner has reached: :data:`OPEN_STEPS` and the steps ``finished`` (step ids; unknown ones are
    ignored)."""
    done = {Lesson(step) for step in finished if step in LESSON_STEPS}
    return OPEN_STEPS | done


def _order(kind: Kind) -> int:
    return LESSON_STEPS.index(KIND_STEPS[kind].value)


def path_kinds(kinds: Sequence[Kind], steps: frozenset[Lesson]) -> tuple[Kind, ...]:
    """``kinds`` whose step is in ``steps`` (:func:`reached`), in the order of the lesson path (the order of
    ``kinds`` within one step); all of ``kinds`` in that order when none is reached."""
    ordered = sorted(kinds, key=_order)
    return tuple(kind for kind in ordered if KIND_STEPS[kind] in steps) or tuple(ordered)


def clear_key(question: RulesQuestion) -> bool:
    """Whether a "which rule set" question's key is clear under its own rule set too: every other source's split
    is worse there than the one shown by more than :data:`~maubinh.drills.better.GAP_IN_STDERRS` standard errors
    of the difference (on the question's own independent deals, :attr:`RulesQuestion.play`)."""
    return question.choices.index(question.key) in clear_keys(question.play, best_within=-GAP_IN_STDERRS)


@dataclass(frozen=True)
class Facts:
    """What a question needs to be dealt to a beginner: its kind, the lesson steps it draws on (its own lesson
    and its themes'), and whether its key is clear (always, but for :func:`clear_key`)."""

    kind: Kind
    steps: frozenset[Lesson]
    clear: bool = True


def facts(question: Question) -> Facts:
    """The :class:`Facts` of a drill question of any kind."""
    steps = frozenset({question.lesson, *(LESSONS[theme] for theme in question.themes)})
    return Facts(question.kind, steps, clear_key(question) if isinstance(question, RulesQuestion) else True)


def suits(found: Facts, level: Level, steps: frozenset[Lesson]) -> bool:
    """Whether a question (its :func:`facts`) may be dealt at ``level`` to a learner who reached ``steps``: above
    beginner, any; at beginner, one with a clear key whose steps are all reached, or of a kind whose own step is
    not reached (asked for by name: its own lesson's questions)."""
    if level is not Level.BEGINNER:
        return True
    if not found.clear:
        return False
    return KIND_STEPS[found.kind] not in steps or found.steps <= steps
