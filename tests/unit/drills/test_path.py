"""The beginner's Drill follows the lesson path (issue 36): measured on the shipped starter bank's beginner
questions: before the lessons, no ace-rule settling, no instant wins, no scoop deciding a split; "which rule set"
only with a key clear under its own rule set too; the kinds of a first set in the lesson path's order."""

from __future__ import annotations

import json
import lzma
from collections import Counter
from dataclasses import dataclass
from functools import cache

from classroom.bank import STARTER
from classroom.snapshot import pack_data, unpack
from maubinh.drills import DEFAULT_KINDS, Kind, Lesson, Level, Question, RulesQuestion
from maubinh.drills.path import OPEN_STEPS, clear_key, facts, path_kinds, reached, suits
from maubinh.drills.themes import Theme


@dataclass(frozen=True)
class _Entry:
    kind: str
    ordinal: int
    question: Question


@cache
def _beginner() -> tuple[_Entry, ...]:
    """chi-at's beginner questions of the starter bank (only their lines parsed: the whole file takes seconds)."""
    lines = lzma.decompress(STARTER.read_bytes()).decode("utf-8").splitlines()
    found = [json.loads(line) for line in lines if line.startswith('{"key":"chi-at:beginner:')]
    assert len(found) == 400  # 50 of each of the eight kinds
    return tuple(_Entry(data["kind"], data["ordinal"], unpack(pack_data(data["question"]))) for data in found)


def test_a_first_set_asks_the_basic_kinds_in_the_path_order_and_instant_wins_after_their_lesson() -> None:
    nothing = reached(())
    assert nothing == OPEN_STEPS and Lesson.ACES not in nothing and Lesson.NATURALS not in nothing
    assert path_kinds(DEFAULT_KINDS, nothing) == (Kind.BETTER, Kind.ARRANGE, Kind.CHI, Kind.FOUL, Kind.SETTLE)
    assert path_kinds((Kind.NATURAL, Kind.SETTLE, Kind.CHI), reached(["naturals"])) == (
        Kind.CHI, Kind.SETTLE, Kind.NATURAL)
    assert path_kinds((Kind.RULES,), nothing) == (Kind.RULES,)  # nothing else to ask: the kind named
    assert reached(["aces", "no-such-step"]) == OPEN_STEPS | {Lesson.ACES}


def test_before_the_lessons_a_beginner_gets_no_ace_rule_and_no_scoop_and_after_them_does() -> None:
    nothing, everything = reached(()), reached(step.value for step in Lesson)
    dealt: Counter[tuple[str, bool]] = Counter()
    for entry in _beginner():
        if entry.kind in ("natural", "declare", "rules"):
            continue
        question = entry.question
        found = facts(question)
        ok = suits(found, Level.BEGINNER, nothing)
        dealt[entry.kind, ok] += 1
        if ok:
            assert question.lesson in OPEN_STEPS
            assert not {Theme.ACES, Theme.SCOOP, Theme.BONUS, Theme.NATURAL} & set(question.themes)
        assert suits(found, Level.BEGINNER, everything) and suits(found, Level.INTERMEDIATE, nothing)
    # measured: 37 of the 50 settling questions turn on the ace rule, 35 of the 50 "which is better" on a scoop or a
    # bonus (33 counted before the six stored without themes were repaired: two of them turn on a bonus)
    assert (dealt["settle", True], dealt["settle", False]) == (13, 37)
    assert (dealt["better", True], dealt["better", False]) == (15, 35)
    assert dealt["chi", False] == dealt["foul", False] == dealt["arrange", False] == 0


def test_an_instant_win_question_is_asked_by_name_only_before_its_lesson() -> None:
    natural = next(e.question for e in _beginner() if e.kind == "natural")
    assert natural.kind is Kind.NATURAL and suits(facts(natural), Level.BEGINNER, reached(()))  # named: asked
    assert Kind.NATURAL not in path_kinds(DEFAULT_KINDS, reached(()))  # never in a first set on its own


def test_which_rule_set_is_dealt_to_a_beginner_only_with_a_key_clear_of_the_noise() -> None:
    verdicts: Counter[bool] = Counter()
    for entry in _beginner():
        if entry.kind != "rules":
            continue
        question = entry.question
        assert isinstance(question, RulesQuestion)
        k = question.choices.index(question.key)
        play = question.play
        margin = min(play.cost(i, k) / play.cost_stderr[i, k] for i in range(len(play.rule_sets)) if i != k)
        assert clear_key(question) == (margin > 3.0)
        verdicts[clear_key(question)] += 1
        assert suits(facts(question), Level.BEGINNER, reached(step.value for step in Lesson)) == clear_key(question)
        assert suits(facts(question), Level.INTERMEDIATE, reached(()))
    assert (verdicts[True], verdicts[False]) == (38, 12)  # measured on chi-at's 50
