"""maubinh.drills.answers: every kind's answers written as codes and read back; chi lost by hand."""

from __future__ import annotations

import pytest

from maubinh.drills import KINDS, ArrangeQuestion, BetterQuestion, DrillSet, Level, assess, make_question
from maubinh.drills.answers import answer_code, best_answer, chi_lost, could_answer, parse_answer

SET = DrillSet(KINDS, Level.INTERMEDIATE, "chi-at", seed=21, count=len(KINDS) * 2)


@pytest.mark.parametrize("number", range(SET.count))
def test_every_answer_reads_back_as_itself(number: int) -> None:
    question = make_question(SET, number)
    answers = [best_answer(question)]
    if isinstance(question, BetterQuestion):
        answers = list(range(len(question.options)))
    elif hasattr(question, "choices"):
        answers = list(question.choices)
    for given in answers:
        code = answer_code(question, given)
        assert len(code) <= 200
        assert parse_answer(question, code) == given
        assert could_answer(question.kind, code)  # told without the question: every real answer passes


@pytest.mark.parametrize("code", ["x", "", "A" * 3, "yes", "12345678", "-", "a" * 201, "As Ks | Qs"])
def test_a_code_of_no_kind_is_told_without_making_a_question(code: str) -> None:
    # Issue 32, item 2: a crafted ?ans= link made every question before reading its junk codes.
    assert not any(could_answer(kind, code) for kind in KINDS)


def test_a_code_that_is_no_answer_is_refused_with_its_reason() -> None:
    better = next(q for n in range(SET.count) if isinstance(q := make_question(SET, n), BetterQuestion))
    with pytest.raises(ValueError, match="not an option"):
        parse_answer(better, "Z")
    arrange = next(q for n in range(SET.count) if isinstance(q := make_question(SET, n), ArrangeQuestion))
    with pytest.raises(ValueError, match="other cards"):
        parse_answer(arrange, "2c 3c 4c 5c 6c | 7c 8c 9c Tc Jc | Qc Kc Ac")
    with pytest.raises(ValueError, match="not an arrangement"):
        parse_answer(arrange, "As | Ks")
    with pytest.raises(ValueError):
        parse_answer(arrange, "x" * 10_000)


def test_chi_lost_is_the_gap_to_the_best_option_and_zero_for_it() -> None:
    better = next(q for n in range(SET.count) if isinstance(q := make_question(SET, n), BetterQuestion))
    means = [r.mean for r in better.results]
    assert chi_lost(better, better.key) == 0.0
    for k in range(len(means)):
        assert chi_lost(better, k) == pytest.approx(max(0.0, means[better.key] - means[k]))


def test_set_it_yourself_costs_what_the_grade_says_and_right_or_wrong_kinds_cost_none() -> None:
    arrange = next(q for n in range(SET.count) if isinstance(q := make_question(SET, n), ArrangeQuestion))
    result = assess(arrange, arrange.best, SET.rule_set)
    assert chi_lost(arrange, arrange.best, result) == 0.0
    with pytest.raises(ValueError):
        chi_lost(arrange, arrange.best)
    chi = next(q for n in range(SET.count) if (q := make_question(SET, n)).kind.value == "chi")
    assert chi_lost(chi, chi.key) is None


def test_declare_or_play_costs_its_gap_in_chi() -> None:
    declare = next(q for n in range(SET.count) if (q := make_question(SET, n)).kind.value == "declare")
    assert chi_lost(declare, declare.key) == 0.0
    other = next(c for c in declare.choices if c is not declare.key)
    assert chi_lost(declare, other) == pytest.approx(declare.gap) and declare.gap > 0
