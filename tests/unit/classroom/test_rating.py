"""classroom.rating: Glickman's worked example, and ratings that find the truth in a simulated class."""

from __future__ import annotations

import math
import random

from classroom.rating import DEFAULT, Rating, expected, play, update


def test_glickman_s_example() -> None:
    after = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
    assert (round(after.value, 2), round(after.rd, 2), round(after.volatility, 5)) == (1464.05, 151.52, 0.06)


def test_a_right_answer_raises_the_learner_and_lowers_the_question() -> None:
    learner, question = play(DEFAULT, Rating(1500, 300), correct=True)
    assert learner.value > 1500 > question.value
    assert learner.rd < 350 and question.rd < 300
    learner, question = play(DEFAULT, Rating(1500, 300), correct=False)
    assert learner.value < 1500 < question.value


def test_a_long_absence_widens_the_deviation_but_never_past_the_start() -> None:
    rated = Rating(1600, 60, 0.06)
    assert update(rated, []).rd > 60
    assert update(Rating(1600, 349.9, 0.5), []).rd == 350


def test_expected_score_is_symmetric() -> None:
    a, b = Rating(1700, 80), Rating(1500, 80)
    assert expected(a, b) > 0.5 > expected(b, a)
    assert math.isclose(expected(a, Rating(1700, 80)), 0.5)


def _truth(skill: float, difficulty: float) -> float:
    return 1.0 / (1.0 + 10 ** ((difficulty - skill) / 400))


def test_after_300_answers_simulated_learners_are_ranked_by_their_true_skill() -> None:
    """Five learners of known skill answer 300 questions each, dealt near their current rating from a pool of
    questions of known difficulty (every attempt a first attempt, as in the app); both sides are rated."""
    rng = random.Random(16)
    skills = [1100.0, 1300.0, 1500.0, 1700.0, 1900.0]
    difficulty = [rng.gauss(1500, 300) for _ in range(3000)]
    questions = [Rating(1500, 300) for _ in difficulty]
    learners = [DEFAULT for _ in skills]
    seen: list[set[int]] = [set() for _ in skills]
    for _ in range(300):
        for n, skill in enumerate(skills):
            sample = [q for q in rng.sample(range(len(questions)), 60) if q not in seen[n]]
            q = min(sample, key=lambda i: abs(questions[i].value - learners[n].value))
            seen[n].add(q)
            right = rng.random() < _truth(skill, difficulty[q])
            learners[n], questions[q] = play(learners[n], questions[q], right)
    ratings = [r.value for r in learners]
    assert ratings == sorted(ratings), ratings
    assert all(r.rd < 80 for r in learners)
    answered = [i for i in range(len(questions)) if questions[i].rd < 300]
    pairs = sorted(answered, key=lambda i: difficulty[i])
    low, high = pairs[: len(pairs) // 3], pairs[-(len(pairs) // 3):]
    assert sum(questions[i].value for i in high) / len(high) > sum(questions[i].value for i in low) / len(low) + 150
