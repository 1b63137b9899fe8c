"""classroom.board by hand: three learners, four questions, every number worked out here."""

from __future__ import annotations

from datetime import UTC, datetime

from classroom.board import board, export_rows
from classroom.service import LearnerInfo, StoredAnswer

T = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
PEOPLE = [LearnerInfo(f"l{n}", "c", name, T, None) for n, name in enumerate(["Lan", "Minh", "Tú"])]
RECORDS = [
    {"number": 0, "kind": "better", "key": "A", "values": {"A": 1.2, "B": 0.2}},
    {"number": 1, "kind": "chi", "key": "tie", "values": {}},
    {"number": 2, "kind": "arrange", "key": "As Ks Qs Js Ts | ... | ...", "values": {}},
    {"number": 3, "kind": "chi", "key": "a", "values": {}},
]


def _a(learner: str, number: int, code: str, correct: bool, lost: float | None, seconds: float) -> StoredAnswer:
    return StoredAnswer(1, learner, number, code, correct, lost, seconds, T)


ANSWERS = [
    _a("l0", 0, "A", True, 0.0, 10), _a("l0", 1, "tie", True, None, 5), _a("l0", 2, "X", False, 0.8, 60),
    _a("l1", 0, "B", False, 1.0, 8), _a("l1", 1, "a", False, None, 4),
    _a("l2", 0, "B", False, 1.0, 12), _a("l2", 1, "b", False, None, 6), _a("l2", 2, "X", False, 0.4, 30),
    _a("l2", 3, "a", True, None, 3),
    _a("ghost", 0, "A", True, 0.0, 1),  # a learner not on the list (removed): left out
]


def test_each_learner_s_totals() -> None:
    result = board(PEOPLE, RECORDS, ANSWERS)
    rows = {r.name: r for r in result.learners}
    assert (rows["Lan"].answered, rows["Lan"].right, rows["Lan"].decisions) == (3, 2, 2)
    assert rows["Lan"].chi_lost == 0.8 and rows["Lan"].error_rate == 0.4
    assert rows["Minh"].per_kind == {"better": (0, 1), "chi": (0, 1)}
    assert rows["Tú"].chi_lost == 1.4 and rows["Tú"].seconds == 51
    assert rows["Tú"].per_kind == {"better": (0, 1), "chi": (1, 2), "arrange": (0, 1)}
    assert result.answered == 9


def test_each_question_s_spread_the_most_common_wrong_answer_and_the_hardest_first() -> None:
    result = board(PEOPLE, RECORDS, ANSWERS)
    first, second, third, fourth = result.questions
    assert first.spread == {"B": 2, "A": 1} and first.common_wrong == ("B", 2)
    assert first.mean_chi_lost == 2.0 / 3
    assert second.spread == {"tie": 1, "a": 1, "b": 1} and second.share_right == 1 / 3
    assert third.common_wrong == ("X", 2) and third.share_right == 0.0
    assert fourth.answered == 1 and fourth.common_wrong is None
    assert [q.number for q in result.hardest()] == [2, 0, 1, 3]
    kinds = {k.kind: (k.answered, k.right) for k in result.kinds}
    assert kinds == {"better": (3, 1), "chi": (4, 2), "arrange": (2, 0)}


def test_the_export_has_one_row_per_learner_and_question() -> None:
    rows = export_rows(board(PEOPLE, RECORDS, ANSWERS), "chi-at", "expert")
    assert len(rows) == len(PEOPLE) * len(RECORDS)
    minh_last = next(r for r in rows if r["learner"] == "Minh" and r["question"] == 4)
    assert minh_last["answer"] == "" and minh_last["correct"] is None and minh_last["best"] == "a"
    assert minh_last["status"] == "not_answered"  # the empty cells are explained (issue 22, item 15)
    lan_first = rows[0]
    assert lan_first["status"] == "answered"
    assert (lan_first["rule_set"], lan_first["level"], lan_first["kind"], lan_first["chi_lost"]) == (
        "chi-at", "expert", "better", 0.0)
