"""classroom.follow_ups on both databases: "reassign the missed questions to those who missed them" (issue 35) from
an assignment and from a live session, each learner given only their own questions, one follow-up under a double
click; and a live session deleted with its answers."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from sqlalchemy import func, select

from background.grading import Grader
from classroom.follow_ups import ASSIGNMENT, LIVE, FollowUps, source_key
from classroom.live import LiveAnswer, LivePick, LiveQuestion, LiveSessions
from classroom.models import Assignment, Attempt
from classroom.practice import Practice
from classroom.service import AssignmentInfo, ClassroomError, ClassroomStore
from classroom.snapshot import pack, record
from maubinh.drills import DrillSet, Kind, Level, QuestionList, make_question
from maubinh.drills.answers import answer_code, best_answer
from maubinh.rules import load_rule_set

CHI_AT = load_rule_set("chi-at")
SIX = DrillSet((Kind.CHI, Kind.FOUL, Kind.NATURAL), Level.BEGINNER, "chi-at", seed=11, count=6)


def _class(store: ClassroomStore, names: list[str]) -> tuple[str, list[str]]:
    klass = store.create_class("Lớp chiều", "vi", CHI_AT).info
    return klass.id, [store.join(klass.id, name).info.id for name in names]


def _graded(store: ClassroomStore, class_id: str) -> AssignmentInfo:
    assignment = store.assign(class_id, "Buổi 1", SIX)
    Grader(store).grade(assignment).result(timeout=300)
    found = store.assignment(assignment.id)
    assert found is not None and found.ready
    return found


def _answer(practice: Practice, assignment: AssignmentInfo, learner: str, number: int, right: bool) -> None:
    question = make_question(SIX, number)
    best = answer_code(question, best_answer(question))
    code = best if right else next(c for c in record(question)["choices"] if c != best)
    practice.answer(assignment.id, learner, number, lesson=question.lesson.value, code=code, correct=right,
                    chi_lost=None, seconds=4.0)


def _missed(store: ClassroomStore, class_id: str, lan: str, minh: str, hoa: str) -> AssignmentInfo:
    """The class's graded assignment of six questions, answered: Lan got 2 and 5 (1-based) wrong, Minh answered only
    the first three (right), Hoa all six right."""
    source = _graded(store, class_id)
    practice = Practice(store)
    for number in range(6):
        _answer(practice, source, lan, number, right=number not in (1, 4))
        _answer(practice, source, hoa, number, right=True)
    for number in range(3):
        _answer(practice, source, minh, number, right=True)
    return source


def test_an_assignment_s_follow_up_gives_each_learner_only_what_they_missed(store: ClassroomStore) -> None:
    """Lan got questions 2 and 5 wrong, Minh answered only the first three (right), Hoa all six right, Tú was
    removed: Lan gets [2, 5], Minh [4, 5, 6] (1-based), nobody else anything: 2 learners, 5 questions."""
    class_id, (lan, minh, hoa, tu) = _class(store, ["Lan", "Minh", "Hoa", "Tú"])
    source = _missed(store, class_id, lan, minh, hoa)
    store.remove_learner(class_id, tu)
    follow_ups = FollowUps(store)
    assert follow_ups.made(class_id, ASSIGNMENT, source.id) is None

    made = follow_ups.reassign(class_id, ASSIGNMENT, source.id, "Làm lại: Buổi 1")
    assert (made.source, made.learners, made.questions, made.made) == (f"assignment:{source.id}", 2, 5, True)
    found = {a.learner_id: a for a in store.assignments(class_id) if a.follow_up == made.source}
    assert set(found) == {lan, minh} and sorted(a.id for a in found.values()) == sorted(made.assignment_ids)
    for learner, numbers in ((lan, [1, 4]), (minh, [3, 4, 5])):
        mine = found[learner]
        assert mine.ready and mine.count == len(numbers) and mine.title == "Làm lại: Buổi 1"
        assert isinstance(mine.drill_set, QuestionList)
        # the very questions, as stored, and each under its own key (its rating and review are the question's)
        assert store.records(mine.id) == [dict(store.records(source.id)[n], number=i) for i, n in enumerate(numbers)]
        assert [mine.drill_set.ref(i).key for i in range(mine.count)] == [SIX.ref(n).key for n in numbers]
        assert [mine.drill_set.kind_at(i) for i in range(mine.count)] == [SIX.kind_at(n) for n in numbers]

    # each learner sees only their own: Hoa none, Lan hers and not Minh's
    assert [a.id for a in store.assignments(class_id, learner_id=hoa)] == [source.id]
    assert {a.id for a in store.assignments(class_id, learner_id=lan)} == {source.id, found[lan].id}
    assert not found[lan].concerns(minh) and found[lan].concerns(lan) and source.concerns(minh)
    question = store.question(found[lan].id, 0)
    with pytest.raises(ClassroomError) as refused:  # Minh cannot answer Lan's
        store.submit(found[lan].id, minh, 0, answer_code(question, best_answer(question)), True, None, 3.0)
    assert refused.value.field == "assignment"
    # graded the same way: the answer is stored in the class and in Lan's profile, under the question's key
    stored = Practice(store).answer(found[lan].id, lan, 0, lesson=question.lesson.value,
                             code=answer_code(question, best_answer(question)), correct=True, chi_lost=None, seconds=2.0)
    assert stored.correct and [a.number for a in store.answers(found[lan].id, lan)] == [0]
    with store.engine.connect() as connection:
        keys = connection.execute(select(Attempt.run_id, Attempt.question_key).where(Attempt.learner_id == lan)
                                  .where(Attempt.question_key == SIX.ref(1).key)).all()
    assert sorted(run for run, _ in keys) == sorted([f"a{source.id}", f"a{found[lan].id}"])

    again = follow_ups.reassign(class_id, ASSIGNMENT, source.id, "Làm lại lần hai")  # a second tap: the first stays
    assert (again.made, again.learners, again.questions, again.assignment_ids) == (
        False, 2, 5, tuple(sorted(made.assignment_ids)))
    assert len([a for a in store.assignments(class_id) if a.follow_up]) == 2

    # a follow-up of Lan's follow-up concerns Lan alone: she answered 1 of 2, the other is missed
    second = follow_ups.reassign(class_id, ASSIGNMENT, found[lan].id, "Lần ba")
    assert (second.learners, second.questions) == (1, 1)
    assert store.assignment(second.assignment_ids[0]).learner_id == lan  # type: ignore[union-attr]


def test_nobody_who_missed_nothing_gets_nothing_and_a_wrong_source_is_refused(store: ClassroomStore) -> None:
    class_id, (lan,) = _class(store, ["Lan"])
    source = _graded(store, class_id)
    practice = Practice(store)
    for number in range(6):
        _answer(practice, source, lan, number, right=True)
    follow_ups = FollowUps(store)
    nothing = follow_ups.reassign(class_id, ASSIGNMENT, source.id, "Làm lại")
    assert (nothing.learners, nothing.questions, nothing.assignment_ids, nothing.made_at) == (0, 0, (), None)
    assert follow_ups.made(class_id, ASSIGNMENT, source.id) is None and len(store.assignments(class_id)) == 1
    other, _ = _class(store, ["Minh"])
    for refused_call in (lambda: follow_ups.reassign(other, ASSIGNMENT, source.id, "x"),
                         lambda: follow_ups.reassign(class_id, LIVE, 999, "x"),
                         lambda: follow_ups.reassign(class_id, ASSIGNMENT, store.assign(class_id, "Chưa chấm", SIX).id,
                                                     "x")):
        with pytest.raises(ClassroomError) as refused:
            refused_call()
        assert refused.value.field == "source"
    with pytest.raises(ValueError):
        source_key("table", 1)


def test_a_double_click_on_reassign_makes_one_follow_up(store: ClassroomStore) -> None:
    """Eight taps at once (a double click, a second device, other servers): one follow-up, every tap told of it."""
    class_id, learners = _class(store, ["Lan", "Minh", "Hoa"])
    source = _graded(store, class_id)  # nobody answered: everyone missed all six
    follow_ups = FollowUps(store)
    start = threading.Barrier(8)

    def tap(_: int):  # type: ignore[no-untyped-def]
        start.wait()
        return follow_ups.reassign(class_id, ASSIGNMENT, source.id, "Làm lại")

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(tap, range(8)))
    assert sum(r.made for r in results) == 1
    assert {(r.learners, r.questions, tuple(sorted(r.assignment_ids))) for r in results} == {
        (3, 18, tuple(sorted(next(r for r in results if r.made).assignment_ids)))}
    with store.engine.connect() as connection:
        assert connection.scalar(select(func.count()).select_from(Assignment)
                                 .where(Assignment.follow_up == f"assignment:{source.id}")) == 3
    assert {a.learner_id for a in store.assignments(class_id) if a.follow_up} == set(learners)


def _picks(count: int) -> list[LivePick]:
    questions = [make_question(SIX, n) for n in range(count)]
    return [LivePick(f"q{n}", q.kind.value, (), record(q), pack(q)) for n, q in enumerate(questions)]


def test_a_live_session_s_follow_up_holds_the_questions_asked_and_missed(store: ClassroomStore) -> None:
    """Three questions, two opened: Lan right then wrong, Minh answered nothing; the third was never asked. Lan gets
    [2], Minh [1, 2]; a running session is not reassigned; deleting the session keeps the follow-up."""
    class_id, (lan, minh) = _class(store, ["Lan", "Minh"])
    live = LiveSessions(store)
    picks = _picks(3)
    info = live.start(class_id, CHI_AT, picks, seconds=30)
    live.advance(class_id, info.id, -1)
    live.answer(info.id, lan, 0, picks[0].record["key"], True, None)
    live.advance(class_id, info.id, 0)
    live.answer(info.id, lan, 1, "x", False, None)
    follow_ups = FollowUps(store)
    with pytest.raises(ClassroomError) as refused:
        follow_ups.reassign(class_id, LIVE, info.id, "Làm lại")
    assert refused.value.field == "source"
    live.end(class_id, info.id)

    made = follow_ups.reassign(class_id, LIVE, info.id, "Làm lại: trực tiếp")
    assert (made.source, made.learners, made.questions) == (f"live:{info.id}", 2, 3)
    mine = {a.learner_id: a for a in store.assignments(class_id)}
    assert [r["seed"] for r in store.records(mine[lan].id)] == [picks[1].record["seed"]]
    assert [r["seed"] for r in store.records(mine[minh].id)] == [p.record["seed"] for p in picks[:2]]
    assert mine[minh].drill_set.ref(1).key == SIX.ref(1).key
    assert mine[minh].drill_set.rule_set.id == "chi-at"

    assert live.delete(class_id + "x", info.id) is None
    assert live.delete(class_id, info.id) == 2  # Lan's two answers go with it
    assert live.session(info.id) is None and live.ended(class_id) == [] and live.delete(class_id, info.id) is None
    with store.engine.connect() as connection:
        assert connection.scalar(select(func.count()).select_from(LiveAnswer)) == 0
        assert connection.scalar(select(func.count()).select_from(LiveQuestion)) == 0
    kept = {a.learner_id: a for a in store.assignments(class_id)}
    assert set(kept) == {lan, minh} and all(a.follow_up is None for a in kept.values())  # kept, no longer naming it
    assert store.records(kept[minh].id) == store.records(mine[minh].id)


def test_a_running_live_session_is_not_deleted(store: ClassroomStore) -> None:
    class_id, _ = _class(store, ["Lan"])
    live = LiveSessions(store)
    info = live.start(class_id, CHI_AT, _picks(1), seconds=30)
    with pytest.raises(ClassroomError) as refused:
        live.delete(class_id, info.id)
    assert refused.value.field == "session" and live.session(info.id) is not None


def test_an_assignment_s_questions_edited_keep_the_kept_answers_and_archive_the_others(store: ClassroomStore) -> None:
    """Six questions, Lan answered 1, 2 and 4 (1-based); the teacher keeps 2, 4, 5 and adds one: a new version of four
    questions (2, 4, 5, the new one), Lan's answers to 2 and 4 kept (now 1 and 2), her answer to 1 archived with
    the old version, hidden; the old version takes no answer; a follow-up of it is refused."""
    class_id, (lan,) = _class(store, ["Lan"])
    source = _graded(store, class_id)
    practice = Practice(store)
    for number in (0, 1, 3):
        _answer(practice, source, lan, number, right=number != 3)
    extra = make_question(DrillSet((Kind.FOUL,), Level.BEGINNER, "chi-at", seed=77, count=1), 0)
    with pytest.raises(ClassroomError) as refused:
        store.edit_questions(class_id, source.id, [], [])
    assert refused.value.field == "questions"
    with pytest.raises(ClassroomError):
        store.edit_questions(class_id, source.id, [6], [])
    assert store.edit_questions(class_id + "x", source.id, [1], []) is None

    edited = store.edit_questions(class_id, source.id, [1, 3, 4], [(extra.kind.value, record(extra), pack(extra))])
    assert edited is not None
    assert (edited.kept, edited.removed, edited.added, edited.answers_kept, edited.answers_archived) == (3, 3, 1, 2, 1)
    new = store.assignment(edited.assignment_id)
    assert new is not None and new.ready and new.count == 4 and new.title == source.title
    assert [a.id for a in store.assignments(class_id)] == [new.id]  # the old version is hidden
    assert store.current_version(source.id) == new.id
    keys = [new.drill_set.ref(n).key for n in range(4)]
    assert keys == [SIX.ref(1).key, SIX.ref(3).key, SIX.ref(4).key,
                    DrillSet((Kind.FOUL,), Level.BEGINNER, "chi-at", seed=77, count=1).ref(0).key]
    assert [(a.number, a.correct) for a in store.answers(new.id, lan)] == [(0, True), (1, False)]
    assert [a.number for a in store.answers(source.id, lan)] == [0, 1, 3]  # the archive: the old version keeps all
    old = store.assignment(source.id)
    assert old is not None and old.replaced_by == new.id and not old.accepts_answers()
    question = store.question(source.id, 2)
    with pytest.raises(ClassroomError) as refused:  # a page still on the old version
        store.submit(source.id, lan, 2, answer_code(question, best_answer(question)), True, None, 3.0)
    assert refused.value.field == "replaced"
    with pytest.raises(ClassroomError) as refused:
        FollowUps(store).reassign(class_id, ASSIGNMENT, source.id, "x")
    assert refused.value.field == "source"
    # the new version answers as any: Lan's third question, the one kept that she had not answered
    third = store.question(new.id, 2)
    assert record(third) == record(make_question(SIX, 4))
    practice.answer(new.id, lan, 2, lesson=third.lesson.value, code=answer_code(third, best_answer(third)),
                    correct=True, chi_lost=None, seconds=2.0)
    assert [a.number for a in store.answers(new.id, lan)] == [0, 1, 2]
    assert store.delete_assignment(class_id, new.id) == 3 + 3  # both versions go, with all their answers
    assert store.assignment(source.id) is None
