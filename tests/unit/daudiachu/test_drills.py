"""daudiachu.drills: seeded questions whose answers come from the engine."""

from __future__ import annotations

import random

import pytest

from daudiachu.cards import Card
from daudiachu.drills import (
    LOOK_ALIKES,
    TYPE_CHOICES,
    _build,
    _look_alike,
    follow_question,
    random_play,
    score_question,
    type_question,
)
from daudiachu.plays import PLAY_TYPES, PlayType, Verdict, classify, follow, why_not
from daudiachu.scoring import Spring, score

N = 300


def test_questions_repeat_for_the_same_seed_and_index_and_differ_between_seeds():
    for make in (type_question, follow_question, score_question):
        assert [make(4, i) for i in range(20)] == [make(4, i) for i in range(20)]
        assert [make(4, i) for i in range(20)] != [make(5, i) for i in range(20)]


def test_type_answers_are_the_engines_and_cover_every_choice():
    seen = set()
    for index in range(N):
        question = type_question(1, index)
        rejection = why_not(question.cards)
        if rejection is None:
            assert question.answer is classify(question.cards).type and question.play is not None
        else:
            assert question.answer is None and question.rejection == rejection
        assert question.grade(question.answer)
        assert not question.grade(next(c for c in TYPE_CHOICES if c != question.answer))
        seen.add(question.answer)
    assert seen == set(TYPE_CHOICES)
    assert TYPE_CHOICES == (*PLAY_TYPES, None)


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_every_look_alike_generator_makes_cards_that_are_not_a_play(name):

    for attempt in range(30):
        rng = random.Random(attempt)
        cards = _build(rng, _look_alike(rng, name), set())
        assert why_not(cards) is not None, (name, [c.pretty for c in cards])


def test_an_unknown_look_alike_is_named():
    with pytest.raises(ValueError, match="unknown look-alike 'x'"):
        _look_alike(random.Random(0), "x")


def test_follow_answers_are_the_engines_with_disjoint_cards_and_every_verdict():
    seen = set()
    for index in range(N):
        question = follow_question(2, index)
        assert not set(question.play.cards) & set(question.previous.cards)
        assert question.verdict is follow(question.play, question.previous)
        assert question.grade(question.beats) and not question.grade(not question.beats)
        seen.add(question.verdict)
    assert seen == set(Verdict)


def test_score_answers_are_the_engines_and_vary():
    springs, winners, quits = set(), set(), 0
    for index in range(N):
        question = score_question(3, index)
        assert question.score == score(question.game)
        assert question.grade(list(question.score.points))
        assert not question.grade([0, 0, 0]) or question.game.winner is None
        springs.add(question.game.spring)
        winners.add(question.game.winner)
        quits += question.game.quit is not None
    assert springs == set(Spring)
    assert None in winners and len(winners) == 3
    assert 0 < quits < N // 5


@pytest.mark.parametrize("kind", PLAY_TYPES)
def test_random_play_makes_the_type_asked_without_used_cards(kind):
    rng = random.Random(9)
    for _ in range(20):
        used: set[Card] = set()
        first = random_play(rng, kind, used)
        assert first is not None and first.type is kind and set(first.cards) == used
    rocket_used = set(classify([c for c in random_play(rng, PlayType.ROCKET).cards]).cards)
    assert random_play(rng, PlayType.ROCKET, rocket_used) is None


def test_bad_seeds_and_indexes_are_refused():
    with pytest.raises(TypeError):
        type_question("1", 0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="index"):
        follow_question(1, -1)
