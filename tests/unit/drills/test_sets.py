"""Drill sets: validation, the link parameters, kinds in turn, and the same set giving the same questions."""

from __future__ import annotations

import pytest

from maubinh.drills import (
    KINDS,
    ArrangeQuestion,
    BetterQuestion,
    DrillSet,
    Kind,
    Lesson,
    Level,
    make_question,
    parse_kinds,
    parse_level,
)
from maubinh.rules import RULE_SET_IDS
from ui.learn.content import STEP_IDS


def test_kinds_are_taken_in_turn() -> None:
    drill_set = DrillSet((Kind.FOUL, Kind.CHI, Kind.NATURAL), Level.BEGINNER, "luckywin", 5, 7)
    assert [drill_set.kind_at(i) for i in range(7)] == [Kind.FOUL, Kind.CHI, Kind.NATURAL] * 2 + [Kind.FOUL]
    assert [drill_set.question_seed(i) for i in (0, 6)] == [5000, 5006]
    with pytest.raises(IndexError):
        drill_set.kind_at(7)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"kinds": ()}, "at least one kind"),
        ({"kinds": (Kind.CHI, Kind.CHI)}, "each kind once"),
        ({"rule_set_id": "poker"}, "unknown rule set"),
        ({"seed": -1}, "seed"),
        ({"count": 0}, "count"),
        ({"count": 51}, "count"),
        ({"count": 1.5}, r"count 1\.5 is not a whole number \(1\.\.50\)"),
        ({"count": "2"}, r"count '2' is not a whole number"),
        ({"count": True}, r"count True is not a whole number"),
        ({"seed": 2.0}, r"seed 2\.0 is not a whole number"),
    ],
)
def test_a_broken_set_is_refused_with_a_message(kwargs: dict[str, object], message: str) -> None:
    values: dict[str, object] = {"kinds": (Kind.CHI,), "level": Level.EXPERT, "rule_set_id": "chi-at", "seed": 1,
                                 "count": 10}
    values.update(kwargs)
    with pytest.raises(ValueError, match=message):
        DrillSet(**values)  # type: ignore[arg-type]


def test_params_round_trip() -> None:
    drill_set = DrillSet((Kind.SETTLE, Kind.BETTER), Level.EXPERT, "tinh-chi", 42, 12)
    params = drill_set.params()
    assert params == {"kinds": "settle,better", "level": "expert", "rules": "tinh-chi", "seed": "42", "n": "12"}
    again = DrillSet(parse_kinds(params["kinds"]), parse_level(params["level"]), params["rules"],
                     int(params["seed"]), int(params["n"]))
    assert again == drill_set


def test_parse_errors_name_the_value() -> None:
    with pytest.raises(ValueError, match="'hard'.*beginner, intermediate, expert"):
        parse_level("hard")
    with pytest.raises(ValueError, match="no drill kind"):
        parse_kinds(" , ")
    assert parse_kinds("CHI,foul") == (Kind.CHI, Kind.FOUL)


CHEAP = (Kind.CHI, Kind.FOUL, Kind.SETTLE, Kind.NATURAL)


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
@pytest.mark.parametrize("level", list(Level))
def test_the_same_set_gives_the_same_questions_in_the_same_order(rule_set_id: str, level: Level) -> None:
    drill_set = DrillSet(CHEAP, level, rule_set_id, seed=17, count=8)
    first = [make_question(drill_set, i) for i in range(8)]
    again = [make_question(drill_set, i) for i in reversed(range(8))][::-1]  # made in another order
    assert first == again
    assert [q.kind for q in first] == list(CHEAP) * 2
    other = [make_question(DrillSet(CHEAP, level, rule_set_id, seed=18, count=8), i) for i in range(8)]
    assert sum(a == b for a, b in zip(first, other)) <= 1


def test_the_graded_kinds_repeat_too() -> None:
    drill_set = DrillSet((Kind.BETTER, Kind.ARRANGE), Level.INTERMEDIATE, "guide-2026", seed=3, count=2)
    better, arrange = make_question(drill_set, 0), make_question(drill_set, 1)
    assert isinstance(better, BetterQuestion) and isinstance(arrange, ArrangeQuestion)
    again = make_question(drill_set, 0)
    assert isinstance(again, BetterQuestion)
    assert (again.cards, again.options, again.key) == (better.cards, better.options, better.key)
    assert [r.mean for r in again.results] == [r.mean for r in better.results]
    arrange_again = make_question(drill_set, 1)
    assert isinstance(arrange_again, ArrangeQuestion)
    assert arrange_again.best_breakdown.totals == arrange.best_breakdown.totals


def test_lessons_are_the_learn_pages_steps() -> None:
    assert {lesson.value for lesson in Lesson} <= set(STEP_IDS)  # ?step= links the Learn page understands
    drill_set = DrillSet(CHEAP, Level.EXPERT, "chi-at", seed=2, count=12)
    assert {make_question(drill_set, i).lesson for i in range(12)} <= set(Lesson)
    assert {kind.value for kind in KINDS} == {"better", "arrange", "chi", "foul", "settle", "natural", "declare", "rules"}


def test_a_set_under_house_rules_is_graded_under_them():
    from dataclasses import replace

    from maubinh import load_rule_set
    from maubinh.drills import DrillSet, Kind, Level, make_question

    house = replace(load_rule_set("chi-at"), id="nha-tu", foul_penalty=6)
    drill_set = DrillSet((Kind.FOUL,), Level.BEGINNER, "nha-tu", 3, 4, house)
    assert drill_set.rule_set is house
    for index in range(4):
        make_question(drill_set, index)  # no "unknown rule set"
    with pytest.raises(ValueError, match="unknown rule set"):
        DrillSet((Kind.FOUL,), Level.BEGINNER, "nha-tu", 3, 4)
    with pytest.raises(ValueError, match="given for rule set"):
        DrillSet((Kind.FOUL,), Level.BEGINNER, "chi-at", 3, 4, house)
