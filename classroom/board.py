"""The class board as numbers: per learner, per question and per kind, from stored answers only.

Pure functions of what the store returns (no database, no Streamlit), so the board is the same on
every server and its numbers can be tested by hand. "Chi lost" is what an answer gave up on average
against the engine's best answer (:func:`maubinh.drills.answers.chi_lost`), counted for the kinds
graded by expected chi (decisions); an unanswered question counts for nothing.

>>> from datetime import datetime, UTC
>>> t = datetime(2026, 1, 1, tzinfo=UTC)
>>> people = [LearnerInfo("l1", "c", "Lan", t, None), LearnerInfo("l2", "c", "Minh", t, None)]
>>> recs = [{"number": 0, "kind": "better", "key": "A", "choices": ["A", "B"], "values": {"A": 1.0, "B": 0.5}}]
>>> given = [StoredAnswer(1, "l1", 0, "A", True, 0.0, 5.0, t), StoredAnswer(1, "l2", 0, "B", False, 0.5, 9.0, t)]
>>> b = board(people, recs, given)
>>> [(r.name, r.right, r.chi_lost) for r in b.learners]
[('Lan', 1, 0.0), ('Minh', 0, 0.5)]
>>> b.questions[0].spread, b.questions[0].share_right
({'A': 1, 'B': 1}, 0.5)
>>> b.learners[1].grade.band.value, b.questions[0].grade.band.value, b.grade.cost
('good', 'excellent', 0.25)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from classroom.service import LearnerInfo, StoredAnswer
from maubinh.bands import Grade, grade, level_with, mean_grade

__all__ = ["Board", "KindRow", "LearnerRow", "QuestionRow", "Rates", "Standing", "board", "export_rows", "graded_cells",
           "standings", "summary_rows"]


class Rates:
    """The shares of anything that counts ``answered``, ``right``, ``decisions`` (answers graded by
    expected chi) and the ``chi_lost`` over them: a board row, a learner's progress summary."""

    answered: int
    right: int
    decisions: int
    chi_lost: float

    @property
    def share_right(self) -> float | None:
        """Right answers over answers (``None`` before any)."""
        return self.right / self.answered if self.answered else None

    @property
    def error_rate(self) -> float | None:
        """The error rate: mean chi lost per decision graded by expected chi (``None`` before any)."""
        return self.chi_lost / self.decisions if self.decisions else None


@dataclass(frozen=True)
class LearnerRow(Rates):
    """One learner's totals: answered, right, chi lost over decisions, seconds; per kind (right, answered)."""

    learner_id: str
    name: str
    answered: int
    right: int
    decisions: int
    chi_lost: float
    seconds: float
    per_kind: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    losses: tuple[float, ...] = ()
    """Chi lost by each decision, in the order answered (:attr:`grade`)."""

    @property
    def grade(self) -> Grade | None:
        """The learner's typical decision on the one scale (:func:`maubinh.bands.mean_grade`; ``None`` before any)."""
        return mean_grade(self.losses)


@dataclass(frozen=True)
class QuestionRow:
    """How the class answered one question: the spread of answers by code, the right share, chi lost."""

    number: int
    kind: str
    key: str
    answered: int
    right: int
    spread: Mapping[str, int]
    chi_lost: float
    decisions: int
    values: Mapping[str, float]
    record: Mapping[str, Any]
    losses: tuple[float, ...] = ()
    """Chi lost by each decision on this question (:attr:`grade`)."""

    @property
    def share_right(self) -> float | None:
        return self.right / self.answered if self.answered else None

    @property
    def mean_chi_lost(self) -> float | None:
        return self.chi_lost / self.decisions if self.decisions else None

    @property
    def grade(self) -> Grade | None:
        """The class's typical decision on this question, on the one scale (``None`` before any)."""
        return mean_grade(self.losses)

    @property
    def common_wrong(self) -> tuple[str, int] | None:
        """The most common wrong answer and how many gave it (ties: the first given), or ``None``."""
        wrong = [(code, n) for code, n in self.spread.items() if code != self.key]
        return max(wrong, key=lambda item: item[1]) if wrong else None


@dataclass(frozen=True)
class KindRow:
    """The class on one kind: answered, right, chi lost over decisions."""

    kind: str
    answered: int
    right: int
    decisions: int
    chi_lost: float

    @property
    def share_right(self) -> float | None:
        return self.right / self.answered if self.answered else None


@dataclass(frozen=True)
class Board:
    """The whole board: learners in join order, questions in order, kinds in order of first question."""

    learners: tuple[LearnerRow, ...]
    questions: tuple[QuestionRow, ...]
    kinds: tuple[KindRow, ...]
    by_learner: Mapping[str, Mapping[int, StoredAnswer]]

    def hardest(self) -> list[QuestionRow]:
        """Questions answered by someone, hardest first: the lowest share right, then the most chi lost."""
        answered = [q for q in self.questions if q.answered]
        return sorted(answered, key=lambda q: (q.share_right or 0.0, -(q.mean_chi_lost or 0.0), q.number))

    @property
    def answered(self) -> int:
        return sum(row.answered for row in self.learners)

    @property
    def grade(self) -> Grade | None:
        """The class's typical decision over the assignment, on the one scale (``None`` before any)."""
        return mean_grade([loss for row in self.learners for loss in row.losses])


def board(learners: Sequence[LearnerInfo], records: Sequence[Mapping[str, Any]],
          answers: Sequence[StoredAnswer]) -> Board:
    """The board of one assignment from its learners, its questions' records and the answers stored.

    Answers of learners not in ``learners`` (removed ones, when the caller leaves them out) are ignored.
    """
    ids = {learner.id for learner in learners}
    by_learner: dict[str, dict[int, StoredAnswer]] = {learner.id: {} for learner in learners}
    for answer in answers:
        if answer.learner_id in ids:
            by_learner[answer.learner_id][answer.number] = answer
    kind_of = {int(rec["number"]): str(rec["kind"]) for rec in records}

    rows = []
    for learner in learners:
        mine = by_learner[learner.id].values()
        per_kind: dict[str, tuple[int, int]] = {}
        for answer in mine:
            kind = kind_of.get(answer.number, "?")
            right, total = per_kind.get(kind, (0, 0))
            per_kind[kind] = (right + answer.correct, total + 1)
        lost = [a.chi_lost for a in mine if a.chi_lost is not None]
        rows.append(LearnerRow(learner.id, learner.name, len(mine), sum(a.correct for a in mine), len(lost),
                               sum(lost), sum(a.seconds for a in mine), per_kind, tuple(lost)))

    questions = []
    for rec in records:
        number = int(rec["number"])
        given = [by_learner[lid][number] for lid in by_learner if number in by_learner[lid]]
        lost = [a.chi_lost for a in given if a.chi_lost is not None]
        spread = Counter(a.code for a in given)
        questions.append(QuestionRow(number, str(rec["kind"]), str(rec["key"]), len(given),
                                     sum(a.correct for a in given), dict(spread.most_common()), sum(lost), len(lost),
                                     dict(rec.get("values") or {}), rec, tuple(lost)))

    kinds: dict[str, list[QuestionRow]] = {}
    for q in questions:
        kinds.setdefault(q.kind, []).append(q)
    kind_rows = tuple(
        KindRow(kind, sum(q.answered for q in qs), sum(q.right for q in qs), sum(q.decisions for q in qs),
                sum(q.chi_lost for q in qs))
        for kind, qs in kinds.items()
    )
    return Board(tuple(rows), tuple(questions), kind_rows, by_learner)


def export_rows(result: Board, rule_set_id: str, level: str) -> list[dict[str, Any]]:
    """One row per learner x question (unanswered ones too, their ``status`` ``"not_answered"`` and their
    answer's cells empty): what the CSV export holds, language-free."""
    rows = []
    for learner in result.learners:
        mine = result.by_learner.get(learner.learner_id, {})
        for q in result.questions:
            answer = mine.get(q.number)
            rows.append({
                "learner": learner.name,
                "question": q.number + 1,
                "rule_set": rule_set_id,
                "level": q.record.get("level") or level,
                "kind": q.kind,
                "status": "answered" if answer else "not_answered",
                "answer": answer.code if answer else "",
                "best": q.key,
                "correct": None if answer is None else answer.correct,
                "chi_lost": None if answer is None or answer.chi_lost is None else round(answer.chi_lost, 4),
                "seconds": None if answer is None else round(answer.seconds, 1),
                "band": None if answer is None or answer.chi_lost is None else grade(answer.chi_lost).band,
                "answered_at": None if answer is None else answer.answered_at,
            })
    return rows


def graded_cells(losses: Sequence[float]) -> dict[str, Any]:
    """A learner's typical decision as the CSV's summary holds it: ``decisions`` (how many were graded by expected
    chi), ``chi_per_decision`` (chi lost per decision, rounded to 4 places), ``stderr`` (its standard error) and ``band``
    (:class:`maubinh.bands.Band`), by :func:`maubinh.bands.mean_grade`; the last three ``None`` before any decision.

    >>> cells = graded_cells([0.9, 0.1, 0.5, 0.5])
    >>> cells["decisions"], cells["chi_per_decision"], cells["stderr"], cells["band"].value
    (4, 0.5, 0.1633, 'good')
    """
    typical = mean_grade(losses)
    return {"decisions": len(losses),
            "chi_per_decision": None if typical is None else round(typical.cost, 4),
            "stderr": None if typical is None else round(typical.stderr, 4),
            "band": None if typical is None else typical.band}


def summary_rows(result: Board, asked: int | None = None) -> list[dict[str, Any]]:
    """One row per learner (join order) for the CSV's summary: ``learner``, ``answered`` of ``asked`` (the questions
    asked; default: all of the board's), ``right``, then :func:`graded_cells` over their decisions; language-free."""
    asked = len(result.questions) if asked is None else asked
    return [{"learner": row.name, "answered": row.answered, "asked": asked, "right": row.right,
             **graded_cells(row.losses)} for row in result.learners]


@dataclass(frozen=True)
class Standing:
    """A learner's place on a live session's leaderboard (:func:`standings`): ``place`` (learners level share one),
    their board row (right answers, chi lost) and ``level``: whether they share the place with the learner above."""

    place: int
    row: LearnerRow
    level: bool = False


def standings(result: Board) -> list[Standing]:
    """The leaderboard between a live session's questions: the learners who answered something, by right answers
    (more first), then chi lost over their decisions (fewer first); never by speed (seconds are not read). A learner
    with the same right answers as the first of the group above and a chi lost level with theirs
    (:func:`maubinh.bands.level_with` with no standard error: within the "best" band, 0.05 chi) shares its place
    (1, 1, 3...); level learners stay in join order.

    >>> from datetime import datetime, UTC
    >>> t = datetime(2026, 1, 1, tzinfo=UTC)
    >>> people = [LearnerInfo(f"l{n}", "c", name, t, None) for n, name in enumerate(["An", "Bo", "Cu", "Do"])]
    >>> recs = [{"number": 0, "kind": "better", "key": "A"}, {"number": 1, "kind": "better", "key": "A"}]
    >>> given = [StoredAnswer(1, "l0", 0, "B", False, 1.0, 2.0, t), StoredAnswer(1, "l1", 0, "B", False, 0.5, 9.0, t),
    ...          StoredAnswer(1, "l2", 0, "B", False, 0.52, 1.0, t), StoredAnswer(1, "l2", 1, "A", True, 0.0, 1.0, t),
    ...          StoredAnswer(1, "l3", 0, "B", False, 0.53, 0.5, t)]
    >>> [(s.place, s.row.name, s.level) for s in standings(board(people, recs, given))]
    [(1, 'Cu', False), (2, 'Bo', False), (2, 'Do', True), (4, 'An', False)]
    """
    ranked = sorted((row for row in result.learners if row.answered), key=lambda row: (-row.right, row.chi_lost))
    found: list[Standing] = []
    leader: Standing | None = None
    for position, row in enumerate(ranked, start=1):
        if leader is not None and row.right == leader.row.right and level_with(row.chi_lost - leader.row.chi_lost, 0.0):
            found.append(Standing(leader.place, row, True))
            continue
        leader = Standing(position, row)
        found.append(leader)
    return found
