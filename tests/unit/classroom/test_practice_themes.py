"""Themes kept with attempts and reviews (migration 0009), a review answered with a new question of the missed
one's theme, and many threads storing themed attempts at once; on both databases."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

from sqlalchemy import func, select

from classroom.models import Attempt, Review, utcnow
from classroom.practice import Practice
from classroom.service import ClassroomStore
from maubinh.drills import DrillSet, Kind, Level
from maubinh.drills.themes import Theme

SET = DrillSet((Kind.CHI, Kind.FOUL), Level.INTERMEDIATE, "chi-at", seed=4, count=6)
NEW = DrillSet((Kind.CHI,), Level.INTERMEDIATE, "chi-at", seed=99, count=2)


def _record(practice: Practice, learner: str, ref, number: int, correct: bool, **kw):  # type: ignore[no-untyped-def]
    return practice.record(learner, ref, run_id=kw.pop("run", "r1"), number=number, mode=kw.pop("mode", "practice"),
                           lesson="five", code="a", correct=correct, chi_lost=kw.pop("chi_lost", None), seconds=3.0,
                           **kw)


def test_themes_are_kept_with_the_attempt_and_the_review_it_starts(store: ClassroomStore) -> None:
    practice = Practice(store)
    me = practice.create_profile("Lan").info.id
    now = utcnow()
    stored = _record(practice, me, SET.ref(0), 0, False, themes=(Theme.SCOOP, Theme.PAIR_FRONT), now=now)
    _record(practice, me, SET.ref(1), 1, True, now=now)  # stored before themes, or a kind without: none
    assert stored.themes == (Theme.PAIR_FRONT, Theme.SCOOP)
    assert [a.themes for a in practice.history(me)] == [(Theme.PAIR_FRONT, Theme.SCOOP), ()]
    (due,) = practice.due(me, now + timedelta(minutes=11))
    assert due.ref == SET.ref(0) and due.themes == (Theme.PAIR_FRONT, Theme.SCOOP)


def test_a_new_question_of_the_theme_moves_the_missed_question_s_review(store: ClassroomStore) -> None:
    practice = Practice(store)
    me = practice.create_profile("Minh").info.id
    now = utcnow()
    _record(practice, me, SET.ref(0), 0, False, themes=(Theme.KICKERS,), now=now)
    (due,) = practice.queue(me)
    # answered right with another hand of the same theme: the missed question's card goes days ahead
    _record(practice, me, NEW.ref(0), 0, True, run="review-1", mode="review", themes=(Theme.KICKERS,),
            review_of=SET.ref(0).key, now=due)
    (later,) = practice.queue(me)
    assert later > due + timedelta(hours=12)
    # answered wrong with a third hand: the missed question comes back in minutes; the new hands never join
    _record(practice, me, NEW.ref(1), 1, False, run="review-2", mode="review", themes=(Theme.KICKERS,),
            review_of=SET.ref(0).key, now=later)
    (again,) = practice.queue(me)
    assert again <= later + timedelta(minutes=11)
    with store._session() as session:
        assert set(session.scalars(select(Review.question_key).where(Review.learner_id == me))) == {SET.ref(0).key}


def test_twenty_profiles_storing_themed_attempts_at_once_keep_every_theme(store: ClassroomStore) -> None:
    practice = Practice(store)
    profiles = [practice.create_profile(f"Người {n}").info.id for n in range(20)]
    start = threading.Barrier(len(profiles))

    def answer_all(learner_id: str) -> None:
        for number in range(3):
            start.wait()
            _record(practice, learner_id, SET.ref(number), number, number % 2 == 0, run=f"run-{learner_id}",
                    themes=(Theme.FOUL, Theme.KICKERS))

    with ThreadPoolExecutor(len(profiles)) as pool:
        list(pool.map(answer_all, profiles))
    with store._session() as session:
        themes = list(session.scalars(select(Attempt.themes)))
        reviews = session.scalar(select(func.count()).select_from(Review).where(Review.themes == "foul,kickers"))
    assert themes == ["foul,kickers"] * 60
    assert reviews == 20  # question 1 missed by everyone
