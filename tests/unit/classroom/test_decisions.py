"""A Play hand is a decision like a drill answer (issue 36, "Counted"), on SQLite and PostgreSQL: ten hands start a
streak, fill the daily goal, move the rating and count in Progress's headline; a hand Xếp bài made counts nowhere;
hands sent at once from many tabs each move the rating once, in turn; hands stored before hands were rated count
toward the goal and the streak all the same."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import update as sql_update

from classroom.decisions import PLAY_KIND, Source, error_rates, learner_decisions
from classroom.habits import Habits
from classroom.models import PlayHand
from classroom.play_hands import PlayHands
from classroom.practice import Practice
from classroom.rating import DEFAULT, Rating, hand_opponent, update
from classroom.service import ClassroomStore
from maubinh.bands import Band, mean_grade, sums_grade
from maubinh.drills.daily import todays_question
from maubinh.play import Origin
from tests.unit.classroom.conftest import played_hand
from ui.progress.stats import rating_series, summary

NOW = datetime(2026, 12, 2, 9, 0, tzinfo=UTC)


def _ten_hands(store: ClassroomStore, learner: str) -> PlayHands:
    hands = PlayHands(store)
    for n in range(1, 11):  # hands 1, 4, 7, 10 are errors (0.9 chi ± 0.1: an inaccuracy), the others are not
        gap = 0.9 if n % 3 == 1 else 0.02
        hands.keep(learner, played_hand(n, gap=gap, stderr=0.1, spread=0.45), now=NOW + timedelta(minutes=n))
    return hands


def test_ten_play_hands_start_a_streak_fill_the_goal_move_the_rating_and_count_in_the_headline(
        store: ClassroomStore) -> None:
    practice = Practice(store)
    learner = practice.create_profile("Lan").info.id
    habits = Habits(store)
    before = habits.habit(learner, now=NOW)
    assert (before.answered_today, before.streak) == (0, 0)
    _ten_hands(store, learner)
    habit = habits.habit(learner, now=NOW + timedelta(hours=1))
    assert (habit.answered_today, habit.goal, habit.streak, habit.met_today) == (10, 5, 1, True)
    assert habits.habit(learner, now=NOW + timedelta(days=1)).streak == 1  # tomorrow, before playing: still 1
    rating = practice.rating(learner)
    assert rating != DEFAULT and rating.rd < DEFAULT.rd
    decided = learner_decisions(store, learner)
    assert [d.source for d in decided] == [Source.PLAY] * 10 and {d.kind for d in decided} == {PLAY_KIND}
    total = summary(decided)
    assert (total.answered, total.right, total.decisions) == (10, 6, 10)
    assert total.error_rate == pytest.approx((4 * 0.9 + 6 * 0.02) / 10)
    series = rating_series(decided)
    assert len(series) == 11 and series[0][1] == 1500.0 and series[-1][1] == pytest.approx(rating.value)


def test_a_first_hand_without_an_error_is_a_win_against_the_hand_by_hand(store: ClassroomStore) -> None:
    practice = Practice(store)
    learner = practice.create_profile("Lan").info.id
    kept = PlayHands(store).keep(learner, played_hand(1, gap=0.0, stderr=0.05, spread=0.45), now=NOW)
    # Glicko-2 by hand: mu 0, phi 350/173.7178 = 2.0148 against 1500 +- 200 (phi_j 1.1513, g 0.8443, E 0.5):
    # v = 5.6116, phi' = 1.5351, mu' = phi'^2 * g * 0.5 = 0.9948 -> 1500 + 0.9948 * 173.7178 = 1672.8
    assert kept.rating_after == pytest.approx(1672.8, abs=0.5)
    assert practice.rating(learner).value == pytest.approx(kept.rating_after)
    assert practice.rating(learner).rd == pytest.approx(1.5351 * 173.7178, abs=0.5)


def test_a_harder_hand_is_a_stronger_opponent() -> None:
    easy, median, hard = hand_opponent(0.05), hand_opponent(0.45), hand_opponent(1.8)
    assert easy.value < median.value == 1500.0 < hard.value == 1800.0  # 1.8 chi: two doublings of 0.45
    won = [update(DEFAULT, [(o, 1.0)]).value for o in (easy, median, hard)]
    lost = [update(DEFAULT, [(o, 0.0)]).value for o in (easy, median, hard)]
    assert won[0] < won[1] < won[2]  # finding the one split of a hard hand says more
    assert lost[0] < lost[1] < lost[2]  # and missing an easy one costs more
    assert hand_opponent(None) == Rating(1500.0, 300.0)


def test_a_hand_xep_bai_made_counts_nowhere(store: ClassroomStore) -> None:
    practice = Practice(store)
    learner = practice.create_profile("Lan").info.id
    helped = PlayHands(store).keep(learner, replace(played_hand(1, gap=0.0, spread=0.45), origin=Origin.XEP_BAI),
                                   now=NOW)
    assert helped.rating_after is None and practice.rating(learner) == DEFAULT
    assert Habits(store).habit(learner, now=NOW).answered_today == 0
    assert learner_decisions(store, learner) == []
    timed = PlayHands(store).keep(learner, replace(played_hand(2, gap=4.25, stderr=0.3), origin=Origin.TIMER_SOLVER),
                                  now=NOW)  # the timer's miss is the learner's decision: a loss, charged
    assert timed.rating_after is not None and timed.rating_after < 1500.0
    assert [(d.correct, d.chi_lost) for d in learner_decisions(store, learner)] == [(False, 4.25)]


def test_drill_answers_and_hands_are_one_list_in_time_order(store: ClassroomStore) -> None:
    practice = Practice(store)
    learner = practice.create_profile("Lan").info.id
    practice.record(learner, todays_question(NOW.date()), run_id="r1", number=0, mode="practice", lesson="chi",
                    code="0", correct=True, chi_lost=0.3, seconds=3.0, now=NOW)
    PlayHands(store).keep(learner, played_hand(1, gap=0.9, stderr=0.1, spread=0.9), now=NOW + timedelta(minutes=1))
    practice.record(learner, todays_question(NOW.date()), run_id="r2", number=0, mode="review", lesson="chi",
                    code="1", correct=False, chi_lost=None, seconds=3.0, now=NOW + timedelta(minutes=2))
    decided = learner_decisions(store, learner)
    assert [(d.source, d.correct, d.chi_lost) for d in decided] == [
        (Source.DRILL, True, 0.3), (Source.PLAY, False, 0.9), (Source.DRILL, False, None)]
    # the first answer and the hand moved the rating; answering the same question again did not
    assert [d.rating_after is not None for d in decided] == [True, True, False]
    assert decided[1].rating_after == pytest.approx(practice.rating(learner).value)
    assert summary(decided).error_rate == pytest.approx((0.3 + 0.9) / 2)
    assert Habits(store).habit(learner, now=NOW + timedelta(hours=1)).answered_today == 3


def test_hands_stored_before_hands_were_rated_count_toward_the_goal_and_the_streak(store: ClassroomStore) -> None:
    practice = Practice(store)
    learner = practice.create_profile("Lan").info.id
    hands = PlayHands(store)
    for n in range(1, 6):
        hands.keep(learner, played_hand(n, gap=0.0, stderr=0.0), now=NOW - timedelta(days=1, minutes=n))
    with store.engine.begin() as connection:  # as migration 0014 leaves them: no spread, never rated
        connection.execute(sql_update(PlayHand).values(spread=None, rating_after=None))
    habit = Habits(store).habit(learner, now=NOW)
    assert (habit.answered_today, habit.streak) == (0, 1)  # yesterday's five hands met yesterday's goal
    decided = learner_decisions(store, learner)
    assert len(decided) == 5 and summary(decided).decisions == 5 and rating_series(decided) == []


THREADS = 8


def test_hands_sent_at_once_from_many_tabs_each_move_the_rating_once(store: ClassroomStore) -> None:
    practice = Practice(store)
    learner = practice.create_profile("Lan").info.id
    hands = PlayHands(store, practice)
    made = [played_hand(n, gap=0.0, stderr=0.05, spread=0.45) for n in range(1, THREADS + 1)]
    start = threading.Barrier(THREADS)

    def play(worker: int) -> None:
        start.wait()
        hands.keep(learner, made[worker], now=NOW)
        hands.keep(learner, made[(worker + 1) % THREADS], now=NOW)  # another tab sending a neighbour's hand again

    with ThreadPoolExecutor(max_workers=THREADS) as pool:
        list(pool.map(play, range(THREADS)))
    expected = DEFAULT
    for _ in range(THREADS):  # the same win against the same opponent: the order does not matter
        expected = update(expected, [(hand_opponent(0.45), 1.0)])
    assert practice.rating(learner).value == pytest.approx(expected.value)
    assert practice.rating(learner).rd == pytest.approx(expected.rd)
    decided = learner_decisions(store, learner)
    assert len(decided) == THREADS
    assert max(d.rating_after or 0.0 for d in decided) == pytest.approx(expected.value)
    assert Habits(store).habit(learner, now=NOW).answered_today == THREADS


def test_a_class_boards_chi_lost_per_decision_is_the_profiles(store: ClassroomStore) -> None:
    practice = Practice(store)
    lan, minh = (practice.create_profile(name).info.id for name in ("Lan", "Minh"))
    practice.record(lan, todays_question(NOW.date()), run_id="r1", number=0, mode="practice", lesson="chi",
                    code="0", correct=False, chi_lost=0.9, seconds=3.0, now=NOW)
    hands = PlayHands(store, practice)
    hands.keep(lan, played_hand(1, gap=0.3, stderr=0.1), now=NOW)
    hands.keep(lan, replace(played_hand(2, gap=5.0), origin=Origin.XEP_BAI), now=NOW)  # not Lan's decision
    hands.keep(minh, played_hand(1, gap=0.12, stderr=0.1), now=NOW)
    rates = error_rates(store, [lan, minh, "nobody"])
    assert rates[lan] == (2, pytest.approx(1.2), pytest.approx(0.9 ** 2 + 0.3 ** 2))
    assert rates[minh] == (1, pytest.approx(0.12), pytest.approx(0.12 ** 2)) and "nobody" not in rates
    typical = sums_grade(*rates[lan])  # 0.6 ± 0.3: within 2 errors of 0, so "excellent" (as Progress grades Lan)
    expected = mean_grade([0.9, 0.3])
    assert typical is not None and expected is not None and typical.band is expected.band is Band.EXCELLENT
    assert (typical.cost, typical.stderr) == (pytest.approx(0.6), pytest.approx(expected.stderr)) == (0.6, 0.3)
    total = summary(learner_decisions(store, lan))
    assert (total.decisions, total.chi_lost) == (rates[lan][0], pytest.approx(rates[lan][1]))
    assert error_rates(store, []) == {}
