"""Issue 22 (items 2, 3, 5) on both databases: the largest seeds every input allows are stored, a class's
answer and the profile's attempt are stored together or not at all, an archived class takes no answer."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

import pytest
from fsrs import Card
from fsrs import Rating as Grade
from sqlalchemy import BigInteger, func, insert, inspect, select, text

from background.grading import Grader
from classroom.database import make_engine, migrate
from classroom.models import AnswerRow, AssignedQuestion, Assignment, Attempt, Learner, Review, utcnow
from classroom.practice import Practice
from classroom.service import AssignmentInfo, ClassroomError, ClassroomStore
from maubinh.drills import MAX_QUESTIONS, MAX_SEED, DrillSet, Kind, Level, make_question
from maubinh.drills.answers import answer_code, best_answer
from maubinh.rules import load_rule_set
from tests.unit.classroom.conftest import insert_old_class

RULES = "chi-at"
LARGEST_SET = DrillSet((Kind.CHI, Kind.FOUL), Level.BEGINNER, RULES, seed=MAX_SEED, count=MAX_QUESTIONS)
"""The largest set seed and count a link, the set form or an assignment allows (maubinh.drills.sets)."""


def _assigned(store: ClassroomStore, drill_set: DrillSet) -> tuple[str, str, AssignmentInfo]:
    """A class with one learner and a graded one-question-or-more assignment of ``drill_set``."""
    class_id = store.create_class("Lớp 22", "vi", load_rule_set(RULES)).info.id
    learner_id = store.join(class_id, "Lan").info.id
    assignment = store.assign(class_id, "Buổi 22", drill_set)
    Grader(store).grade(assignment).result(timeout=300)
    found = store.assignment(assignment.id)
    assert found is not None and found.ready
    return class_id, learner_id, found


def _far() -> datetime:
    """A moment when every review is due."""
    return utcnow() + timedelta(days=3650)


def _counts(store: ClassroomStore) -> dict[str, int]:
    with store.engine.connect() as connection:
        return {table.__tablename__: connection.scalar(select(func.count()).select_from(table)) or 0
                for table in (AnswerRow, Attempt, Review, AssignedQuestion)}


# ---------------------------------------------------------------------- 2. 64-bit seeds


def test_the_largest_seeds_each_input_allows_are_stored_and_read_back(store: ClassroomStore) -> None:
    practice = Practice(store)
    me = practice.create_profile("Tự học").info.id
    # A free set's last question: seed * 1000 + index = 10^12 + 49, wrong, so it joins the review queue.
    last = LARGEST_SET.ref(MAX_QUESTIONS - 1)
    assert last.seed == MAX_SEED * 1000 + MAX_QUESTIONS - 1
    practice.record(me, last, run_id="big", number=MAX_QUESTIONS - 1, mode="practice", lesson="five", code="a",
                    correct=False, chi_lost=None, seconds=1.0)
    # "Practise at my level": question seeds drawn below MAX_SEED * 1000.
    drawn = practice.deal(me, [Kind.CHI], RULES, 1, rng=random.Random(4))[0]
    level = type(drawn)(drawn.kind, drawn.level, RULES, MAX_SEED * 1000 - 1)
    practice.record(me, level, run_id="level", number=0, mode="level", lesson="five", code="a",
                    correct=False, chi_lost=None, seconds=1.0)
    later = Practice(ClassroomStore(store.engine))
    assert {d.ref.seed for d in later.due(me, now=_far())} == {last.seed, MAX_SEED * 1000 - 1}
    assert {a.question_key for a in later.history(me)} == {last.key, level.key}

    # An assignment of the largest set (seed 10^9, 50 questions), stored as given.
    class_id = store.create_class("Lớn", "vi", load_rule_set(RULES)).info.id
    big = store.assign(class_id, "Lớn nhất", LARGEST_SET)
    assert store.assignment(big.id).drill_set == LARGEST_SET  # type: ignore[union-attr]


def test_an_assignment_answer_at_the_largest_seed_reaches_the_profile(store: ClassroomStore) -> None:
    one = DrillSet((Kind.CHI,), Level.BEGINNER, RULES, seed=MAX_SEED, count=1)
    _, learner_id, assignment = _assigned(store, one)
    stored = Practice(store).answer(assignment.id, learner_id, 0, lesson="five", code="a", correct=False,
                                    chi_lost=None, seconds=2.0)
    assert stored.code == "a"
    assert _counts(store) == {"answers": 1, "attempts": 1, "reviews": 1, "assigned_questions": 1}
    assert [d.ref.seed for d in Practice(store).due(learner_id, now=_far())] == [MAX_SEED * 1000]


def test_a_database_made_at_0002_is_widened_keeping_every_row(database_url: str) -> None:
    engine = make_engine(database_url)
    try:
        migrate(engine, "0002")
        old = ClassroomStore(engine)
        small = DrillSet((Kind.CHI,), Level.BEGINNER, RULES, seed=3, count=1)
        # Rows as the code of 0002's time wrote them (today's models have columns 0002 lacks: SQL by hand).
        class_id, learner_id = "c0002", "l0002"
        question = make_question(small, 0)
        card, _ = Practice(old).scheduler.review_card(Card(), Grade.Again, utcnow())
        with engine.begin() as connection:
            connection.execute(text("INSERT INTO classes (id, name, language, rule_set_id, join_code, teacher_hash, "
                                    "created_at) VALUES (:id, 'Lớp cũ', 'vi', :rules, 'OLD002', 'h', :at)"),
                               {"id": class_id, "rules": RULES, "at": utcnow()})
            connection.execute(insert(Learner).values(id=learner_id, class_id=class_id, name="Lan", name_key="lan",
                                                      secret_hash="h", joined_at=utcnow()))
            assignment_id = connection.execute(insert(Assignment).values(
                class_id=class_id, title="Cũ", kinds="chi", level=small.level.value, rule_set_id=RULES, seed=3,
                count=1, created_at=utcnow()).returning(Assignment.id)).scalar_one()
            connection.execute(insert(AnswerRow).values(assignment_id=assignment_id, learner_id=learner_id, number=0,
                                                        code="a", correct=False, seconds=2.0, answered_at=utcnow()))
            connection.execute(insert(Attempt).values(
                learner_id=learner_id, run_id=f"a{assignment_id}", number=0, mode="assignment",
                question_key=small.ref(0).key, kind="chi", level=small.level.value, rule_set_id=RULES, lesson="five",
                code="a", correct=False, seconds=2.0, first=True, rating_after=1400.0, answered_at=utcnow()))
            connection.execute(insert(Review).values(
                learner_id=learner_id, question_key=small.ref(0).key, kind="chi", level=small.level.value,
                rule_set_id=RULES, seed=small.ref(0).seed, card=dict(card.to_dict()), due=card.due))
        old.store_question(assignment_id, 0, question)
        before = _counts(old)
        assert before == {"answers": 1, "attempts": 1, "reviews": 1, "assigned_questions": 1}

        migrate(engine)
        columns = {(table, c["name"]): c["type"] for table in ("reviews", "assignments")
                   for c in inspect(engine).get_columns(table)}
        assert isinstance(columns["reviews", "seed"], BigInteger)
        assert isinstance(columns["assignments", "seed"], BigInteger)
        store = ClassroomStore(engine)
        assert _counts(store) == before  # rebuilding a table (SQLite) dropped nothing that refers to it
        assert [a.code for a in store.answers(assignment_id)] == ["a"]
        assert store.assignment(assignment_id) is not None  # read with every column the migrations added

        practice = Practice(store)
        big = LARGEST_SET.ref(MAX_QUESTIONS - 1)
        practice.record(learner_id, big, run_id="big", number=MAX_QUESTIONS - 1, mode="practice", lesson="five",
                        code="a", correct=False, chi_lost=None, seconds=1.0)
        assert big.seed in {d.ref.seed for d in practice.due(learner_id, now=_far())}
        assert store.assign(class_id, "Mới", LARGEST_SET).drill_set.seed == MAX_SEED
    finally:
        engine.dispose()


def test_a_database_made_at_0001_keeps_its_answers_through_every_migration(database_url: str) -> None:
    """0002 rebuilds ``learners`` on SQLite; with foreign keys on, dropping the old table deleted every answer."""
    engine = make_engine(database_url)
    try:
        migrate(engine, "0001")
        with engine.begin() as connection:
            insert_old_class(connection)
            connection.execute(text("INSERT INTO assignments (id, class_id, title, kinds, level, rule_set_id, seed, "
                                    "count, created_at) VALUES (1, 'c1', 'T', 'chi', 'beginner', 'chi-at', 5, 1, "
                                    "'2026-01-01')"))
            connection.execute(text("INSERT INTO answers (assignment_id, learner_id, number, code, correct, seconds, "
                                    "answered_at) VALUES (1, 'l1', 0, 'a', true, 1.0, '2026-01-01')"))
        migrate(engine)
        assert [(a.learner_id, a.code) for a in ClassroomStore(engine).answers(1)] == [("l1", "a")]
    finally:
        engine.dispose()


# ---------------------------------------------------------------------- 3. one transaction


def test_a_failure_between_the_class_answer_and_the_profile_leaves_neither(store: ClassroomStore,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    _, learner_id, assignment = _assigned(store, DrillSet((Kind.CHI,), Level.BEGINNER, RULES, seed=8, count=2))
    practice = Practice(store)
    question = store.question(assignment.id, 0)
    code = answer_code(question, best_answer(question))

    def killed(*_: object, **__: object) -> None:
        raise RuntimeError("the server was killed here")

    monkeypatch.setattr(Practice, "_schedule", killed)  # after the class's answer, inside the profile's write
    with pytest.raises(RuntimeError):
        practice.answer(assignment.id, learner_id, 0, lesson="five", code=code, correct=True, chi_lost=0.0,
                        seconds=3.0)
    assert _counts(store) == {"answers": 0, "attempts": 0, "reviews": 0, "assigned_questions": 2}
    monkeypatch.undo()
    stored = practice.answer(assignment.id, learner_id, 0, lesson="five", code=code, correct=True, chi_lost=0.0,
                             seconds=3.0)
    assert (stored.code, stored.correct) == (code, True)
    [attempt] = practice.history(learner_id)
    assert (attempt.run_id, attempt.number, attempt.mode, attempt.code) == (f"a{assignment.id}", 0, "assignment", code)
    # Sent again (a double tap): nothing more.
    assert practice.answer(assignment.id, learner_id, 0, lesson="five", code="b", correct=False, chi_lost=1.0,
                           seconds=9.0) == stored
    assert _counts(store) == {"answers": 1, "attempts": 1, "reviews": 0, "assigned_questions": 2}


def test_a_class_answer_missing_from_the_profile_is_filled_when_sent_again(store: ClassroomStore) -> None:
    """An answer stored before this change without its attempt (a gap): sending it again fills the gap."""
    _, learner_id, assignment = _assigned(store, DrillSet((Kind.CHI,), Level.BEGINNER, RULES, seed=9, count=1))
    store.submit(assignment.id, learner_id, 0, "a", False, None, 2.0)  # the class only, as before
    practice = Practice(store)
    assert practice.history(learner_id) == []
    practice.answer(assignment.id, learner_id, 0, lesson="five", code="a", correct=False, chi_lost=None, seconds=2.0)
    assert [(a.run_id, a.code, a.correct) for a in practice.history(learner_id)] == [(f"a{assignment.id}", "a", False)]


# ---------------------------------------------------------------------- 5. archived


def test_an_archived_class_refuses_answers_from_tabs_opened_before(store: ClassroomStore) -> None:
    class_id, learner_id, assignment = _assigned(store, DrillSet((Kind.CHI,), Level.BEGINNER, RULES, seed=6, count=2))
    first = store.submit(assignment.id, learner_id, 0, "a", True, None, 1.0)  # the tab opened while open
    store.archive_class(class_id)
    for send in (lambda: store.submit(assignment.id, learner_id, 1, "a", True, None, 1.0),
                 lambda: Practice(store).answer(assignment.id, learner_id, 1, lesson="five", code="a", correct=True,
                                                chi_lost=None, seconds=1.0)):
        with pytest.raises(ClassroomError) as refused:
            send()
        assert refused.value.field == "class"
    assert store.submit(assignment.id, learner_id, 0, "b", False, None, 5.0) == first  # stored before: kept
    assert [a.number for a in store.answers(assignment.id)] == [0]
    store.archive_class(class_id, archived=False)
    assert store.submit(assignment.id, learner_id, 1, "a", True, None, 1.0).number == 1
