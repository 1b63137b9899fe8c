"""classroom.practice on both databases: profiles, attempts, ratings, the review queue, a day later."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from classroom.models import Learner, utcnow
from classroom.practice import LEVEL_PRIORS, Practice, level_for
from classroom.rating import Rating
from classroom.service import ClassroomError, ClassroomStore
from maubinh.drills import DrillSet, Kind, Level, QuestionRef

SET = DrillSet((Kind.CHI, Kind.FOUL), Level.INTERMEDIATE, "chi-at", seed=4, count=6)


def _record(practice: Practice, learner: str, number: int, correct: bool, run: str = "r1", **kw):  # type: ignore[no-untyped-def]
    ref = kw.pop("ref", SET.ref(number))
    return practice.record(learner, ref, run_id=run, number=number, mode=kw.pop("mode", "practice"),
                           lesson="five", code="a", correct=correct, chi_lost=kw.pop("chi_lost", None), seconds=3.0,
                           **kw)


def test_a_profile_alone_comes_back_a_day_later_to_its_history_rating_and_reviews(store: ClassroomStore) -> None:
    practice = Practice(store)
    me = practice.create_profile("Tôi tự học")
    today = utcnow()
    for number in range(6):
        _record(practice, me.info.id, number, correct=number % 3 != 0, now=today + timedelta(seconds=number))
    rating_today = practice.rating(me.info.id)
    assert rating_today.rd < 350

    tomorrow = today + timedelta(days=1)
    later = Practice(ClassroomStore(store.engine))  # another server process, the next day
    found = later.store.learner(str(me.token))
    assert found is not None and found.class_id is None
    history = later.history(me.info.id)
    assert [(a.number, a.correct) for a in history] == [(n, n % 3 != 0) for n in range(6)]
    assert later.rating(me.info.id) == rating_today
    due = later.due(me.info.id, tomorrow)
    assert {d.ref for d in due} == {SET.ref(0), SET.ref(3)}
    assert later.due(me.info.id, today) == []  # not due the same second


def test_an_attempt_is_stored_once_and_only_first_attempts_move_ratings(store: ClassroomStore) -> None:
    practice = Practice(store)
    me = practice.create_profile("Lan").info.id
    first = _record(practice, me, 0, correct=True)
    assert _record(practice, me, 0, correct=False) == first  # the same run and number: kept as it was
    rated = practice.rating(me)
    again = _record(practice, me, 0, correct=False, run="r2")  # the same question met again in another set
    assert not again.first and practice.rating(me) == rated
    question = practice.question_rating(SET.ref(0))
    assert question.value < LEVEL_PRIORS[Level.INTERMEDIATE].value  # answered right by its first solver
    assert len(practice.history(me)) == 2


def test_a_wrong_answer_joins_the_queue_and_reviews_push_it_later(store: ClassroomStore) -> None:
    practice = Practice(store)
    me = practice.create_profile("Minh").info.id
    now = utcnow()
    _record(practice, me, 1, correct=False, now=now)
    (due,) = practice.queue(me)
    assert now < due <= now + timedelta(minutes=11)
    _record(practice, me, 0, correct=True, run="review-1", mode="review", ref=SET.ref(1), now=due)
    (again,) = practice.queue(me)
    assert again > due + timedelta(hours=12)  # right in review: days, not minutes
    _record(practice, me, 0, correct=False, run="review-2", mode="review", ref=SET.ref(1), now=again)
    (relearn,) = practice.queue(me)
    assert relearn <= again + timedelta(minutes=11)


def test_house_rules_questions_review_under_the_same_rules(store: ClassroomStore) -> None:
    from maubinh.house import edit
    from maubinh.rules import load_rule_set

    house = edit(load_rule_set("chi-at"), {"foul.penalty": 6}, rule_set_id="nha", names={"vi": "Nhà", "en": "Ours"})
    ref = QuestionRef(Kind.FOUL, Level.EXPERT, "nha", 7001, house)
    practice = Practice(store)
    me = practice.create_profile("Tú").info.id
    _record(practice, me, 0, correct=False, ref=ref)
    (due,) = practice.due(me, utcnow() + timedelta(hours=1))
    assert due.ref == ref and due.ref.key == ref.key and "~" in ref.key


def test_removed_learners_and_unknown_modes_are_refused(store: ClassroomStore) -> None:
    from maubinh.rules import load_rule_set

    practice = Practice(store)
    klass = store.create_class("Lớp", "vi", load_rule_set("chi-at")).info.id
    lan = store.join(klass, "Lan").info.id
    _record(practice, lan, 0, correct=True)
    store.remove_learner(klass, lan)
    with pytest.raises(ClassroomError):
        _record(practice, lan, 1, correct=True)
    with pytest.raises(ClassroomError):
        _record(practice, practice.create_profile("X").info.id, 0, correct=True, mode="cheat")


def test_a_learner_never_rated_starts_at_the_beginner_level(store: ClassroomStore) -> None:
    practice = Practice(store)
    me = practice.create_profile("Mới").info.id
    dealt = practice.deal(me, (Kind.CHI, Kind.FOUL), "chi-at", 4, random.Random(1))
    assert {r.level for r in dealt} == {Level.BEGINNER}  # mới học (issue 20, item 11), not the 1500 middle
    _record(practice, me, 0, correct=True)  # rated now: dealt near the rating
    assert practice.rating(me) != Rating()
    assert {r.level for r in practice.deal(me, (Kind.CHI,), "chi-at", 2, random.Random(1))} == {
        level_for(practice.rating(me))}


def test_practise_at_my_level_follows_the_lesson_path_for_a_beginner(store: ClassroomStore) -> None:
    # Issue 36: a beginner's "practise at my level" asked instant wins and ace-rule settling before those lessons;
    # it follows the lesson path now, as the Drill's first set does. Of the bank's beginner chi-at settling
    # questions 0-7, only 0 and 5 need no later step than the open ones (the others: the ace rule or a scoop).
    from classroom.bank import QuestionBank, banked
    from maubinh.drills import make_from_ref
    from maubinh.drills.bank import Cell
    from maubinh.drills.path import OPEN_STEPS, facts, reached, suits
    from maubinh.drills.sets import LESSON_STEPS
    from maubinh.drills.versions import bank_seed

    settle, natural = Cell(Kind.SETTLE, Level.BEGINNER, "chi-at"), Cell(Kind.NATURAL, Level.BEGINNER, "chi-at")
    bank = QuestionBank(store)
    bank.add([banked(make_from_ref(cell.ref(n)), "chi-at", n) for cell, n in [(settle, n) for n in range(8)]
              + [(natural, 0), (natural, 1)]])
    practice = Practice(store, bank=bank)
    me = practice.create_profile("Mới").info.id
    dealt = practice.deal(me, (Kind.NATURAL, Kind.SETTLE), "chi-at", 2, random.Random(3))
    assert [r.kind for r in dealt] == [Kind.SETTLE, Kind.SETTLE]  # no instant win before its lesson
    assert sorted(r.seed for r in dealt) == sorted(bank_seed("chi-at", "beginner", "settle", n) for n in (0, 5))
    assert all(suits(facts(make_from_ref(r)), Level.BEGINNER, OPEN_STEPS) for r in dealt)
    everything = reached(LESSON_STEPS)  # every lesson done: every kind and question may come
    dealt = practice.deal(me, (Kind.NATURAL, Kind.SETTLE), "chi-at", 8, random.Random(3), steps=everything)
    assert [r.kind for r in dealt] == [Kind.SETTLE, Kind.NATURAL] * 4  # in the path's order
    assert len({r.seed for r in dealt if r.kind is Kind.SETTLE} & {bank_seed("chi-at", "beginner", "settle", n)
                                                                   for n in (1, 2, 3, 4, 6, 7)}) >= 2


def test_questions_are_dealt_near_the_learner_s_rating(store: ClassroomStore) -> None:
    practice = Practice(store)
    me = practice.create_profile("Giỏi").info.id
    with store._session() as session, session.begin():  # rated once, still at 1500
        session.get(Learner, me).rating_rd = 300.0  # type: ignore[union-attr]
    assert level_for(practice.rating(me)) is Level.INTERMEDIATE
    strong = Rating(1720, 80)
    assert level_for(strong) is Level.EXPERT
    dealt = practice.deal(me, (Kind.CHI, Kind.FOUL), "chi-at", 6, random.Random(1))
    assert [r.kind for r in dealt] == [Kind.CHI, Kind.FOUL] * 3
    assert {r.level for r in dealt} == {Level.INTERMEDIATE}
    other = practice.create_profile("Bạn").info.id
    _record(practice, other, 0, correct=False)  # rated near 1500 now, and not yet seen by me
    redealt = practice.deal(me, (Kind.CHI,), "chi-at", 1, random.Random(2))
    assert redealt == [SET.ref(0)]
    _record(practice, me, 0, correct=True)
    assert practice.deal(me, (Kind.CHI,), "chi-at", 1, random.Random(2)) != [SET.ref(0)]  # seen: fresh one


def test_the_due_count_is_every_question_due_while_due_lists_at_most_its_limit(store: ClassroomStore) -> None:
    practice = Practice(store)
    me = practice.create_profile("Lan").info.id
    many = DrillSet((Kind.CHI, Kind.FOUL), Level.INTERMEDIATE, "chi-at", seed=7, count=23)
    before = utcnow() - timedelta(days=3)
    for number in range(23):
        practice.record(me, many.ref(number), run_id="r1", number=number, mode="practice", lesson="five", code="a",
                        correct=False, chi_lost=None, seconds=3.0, now=before + timedelta(seconds=number))
    assert practice.due_count(me) == 23 and len(practice.queue(me)) == 23
    assert len(practice.due(me)) == 20  # a review round: the 20 longest overdue
    assert practice.due_count(me, now=before) == 0
    assert practice.due_count("nobody") == 0
