"""classroom.service on both databases: classes, secret links, names, assignments, answers, restarts."""

from __future__ import annotations

import hmac
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from background.grading import Grader
from classroom.models import LEARNER_NAME_MAX, AnswerRow, Classroom, Learner, utcnow
from classroom.practice import Practice
from classroom.service import ClassroomError, ClassroomStore, NameTakenError
from classroom.tokens import SECRET_BYTES, Token, hash_secret
from maubinh.drills import DrillSet, Kind, Level, make_question
from maubinh.drills.answers import answer_code, best_answer
from maubinh.house import edit
from maubinh.rules import load_rule_set

CHI_AT = load_rule_set("chi-at")
QUICK = DrillSet((Kind.CHI, Kind.FOUL, Kind.NATURAL), Level.BEGINNER, "chi-at", seed=11, count=6)


def _class(store: ClassroomStore, name: str = "Lớp thứ Năm"):  # type: ignore[no-untyped-def]
    return store.create_class(name, "vi", CHI_AT)


def _graded(store: ClassroomStore, class_id: str, drill_set: DrillSet = QUICK):  # type: ignore[no-untyped-def]
    assignment = store.assign(class_id, "Buổi 1", drill_set)
    Grader(store).grade(assignment).result(timeout=300)
    found = store.assignment(assignment.id)
    assert found is not None and found.ready
    return found


def test_teacher_link_is_128_bits_shown_once_and_stored_only_as_a_hash(store: ClassroomStore) -> None:
    created = _class(store)
    token = created.teacher_token
    assert len(Token.parse(str(token)).secret) >= (SECRET_BYTES * 8) // 6  # type: ignore[union-attr]
    with store.engine.connect() as connection:
        row = connection.execute(select(Classroom)).one()
    assert token.secret not in str(tuple(row))
    assert row.teacher_hash == hash_secret(token.secret)
    assert store.teacher_class(str(token)) == created.info


@pytest.mark.parametrize("mangle", [
    lambda t: t.id + "." + "A" * len(t.secret),          # right class, wrong secret
    lambda t: "zzzzzzzz." + t.secret,                    # unknown class
    lambda t: t.secret,                                  # no id
    lambda t: "",                                        # empty
    lambda t: str(t) + "x" * 10_000,                     # absurd
    lambda t: f"{t.id}.{t.secret}'; DROP TABLE classes;--",
])
def test_a_wrong_teacher_link_gets_nothing(store: ClassroomStore, mangle) -> None:  # type: ignore[no-untyped-def]
    created = _class(store)
    assert store.teacher_class(mangle(created.teacher_token)) is None
    assert store.teacher_class(str(created.teacher_token)) is not None


def test_secrets_are_compared_in_constant_time(store: ClassroomStore, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, str]] = []
    real = hmac.compare_digest

    def spy(a: str, b: str) -> bool:
        calls.append((a, b))
        return real(a, b)

    monkeypatch.setattr(hmac, "compare_digest", spy)
    created = _class(store)
    joined = store.join(created.info.id, "Lan")
    store.teacher_class(str(created.teacher_token))
    store.learner(str(joined.token))
    assert len(calls) == 2


def test_names_are_unique_in_a_class_ignoring_case_and_spaces_with_a_free_one_suggested(store: ClassroomStore) -> None:
    class_id = _class(store).info.id
    store.join(class_id, "Lan Anh")
    with pytest.raises(NameTakenError) as taken:
        store.join(class_id, "  lan   ANH ")
    assert taken.value.suggestion == "lan ANH 2"
    store.join(class_id, taken.value.suggestion)
    with pytest.raises(NameTakenError) as again:
        store.join(class_id, "LAN ANH")
    assert again.value.suggestion == "LAN ANH 3"
    other = _class(store, "Lớp khác").info.id
    store.join(other, "Lan Anh")  # another class: free


@pytest.mark.parametrize("name", ["", "   ", "x" * (LEARNER_NAME_MAX + 1), "a" * 10_000])
def test_an_empty_or_too_long_name_is_refused_naming_the_field(store: ClassroomStore, name: str) -> None:
    class_id = _class(store).info.id
    with pytest.raises(ClassroomError) as refused:
        store.join(class_id, name)
    assert refused.value.field == "name"


def test_names_are_kept_as_typed_emoji_and_markup_included(store: ClassroomStore) -> None:
    class_id = _class(store).info.id
    for name in ("<script>alert(1)</script>", "Bảo 🃏", "Ngọc Ánh"):
        assert store.join(class_id, name).info.name == name
    assert [ln.name for ln in store.learners(class_id)] == ["<script>alert(1)</script>", "Bảo 🃏", "Ngọc Ánh"]


def test_a_learner_link_shows_only_that_learner(store: ClassroomStore) -> None:
    class_id = _class(store).info.id
    lan, minh = store.join(class_id, "Lan"), store.join(class_id, "Minh")
    assert store.learner(str(lan.token)) == lan.info
    assert store.learner(str(minh.token)) == minh.info
    assert store.learner(f"{lan.token.id}.{minh.token.secret}") is None


def test_a_removed_learner_keeps_their_answers_and_can_answer_no_more(store: ClassroomStore) -> None:
    class_id = _class(store).info.id
    lan = store.join(class_id, "Lan")
    assignment = _graded(store, class_id)
    q = store.question(assignment.id, 0)
    store.submit(assignment.id, lan.info.id, 0, answer_code(q, best_answer(q)), True, None, 2.0)
    store.remove_learner(class_id, lan.info.id)
    assert store.learner(str(lan.token)).removed  # type: ignore[union-attr]
    assert store.learners(class_id) == []
    assert len(store.answers(assignment.id)) == 1
    with pytest.raises(ClassroomError):
        store.submit(assignment.id, lan.info.id, 1, "legal", True, None, 2.0)


def test_an_archived_class_takes_no_learners_and_no_answers(store: ClassroomStore) -> None:
    class_id = _class(store).info.id
    lan = store.join(class_id, "Lan")
    assignment = _graded(store, class_id)
    store.archive_class(class_id)
    with pytest.raises(ClassroomError):
        store.join(class_id, "Minh")
    with pytest.raises(ClassroomError):
        store.assign(class_id, "Buổi 2", QUICK)
    store.archive_class(class_id, archived=False)
    store.submit(assignment.id, lan.info.id, 0, "a", False, None, 1.0)


def test_a_class_under_house_rules_keeps_them(store: ClassroomStore) -> None:
    house = edit(CHI_AT, {"foul.penalty": 6}, rule_set_id="nha-minh", names={"vi": "Nhà mình", "en": "Ours"})
    created = store.create_class("Nhà", "en", house)
    assert store.class_info(created.info.id).rule_set == house  # type: ignore[union-attr]
    drill_set = DrillSet((Kind.FOUL,), Level.BEGINNER, "nha-minh", seed=2, count=2, house=house)
    assignment = _graded(store, created.info.id, drill_set)
    assert assignment.drill_set == drill_set
    assert store.question(assignment.id, 1) == make_question(drill_set, 1)


def test_questions_are_graded_once_and_stored_as_asked(store: ClassroomStore,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    class_id = _class(store).info.id
    assignment = _graded(store, class_id)
    asked = [make_question(QUICK, n) for n in range(QUICK.count)]
    records = store.records(assignment.id)
    assert [r["key"] for r in records] == [answer_code(q, best_answer(q)) for q in asked]

    # A later engine (here: every question made afresh would differ) never rewrites what was asked.
    from maubinh import drills

    monkeypatch.setattr(drills, "make_question", lambda *_: pytest.fail("graded again"))
    fresh = ClassroomStore(store.engine)
    assert [fresh.question(assignment.id, n) for n in range(QUICK.count)] == asked
    assert fresh.records(assignment.id) == records


def test_an_answer_is_kept_once_a_resubmission_changes_nothing(store: ClassroomStore) -> None:
    class_id = _class(store).info.id
    lan = store.join(class_id, "Lan")
    assignment = _graded(store, class_id)
    first = store.submit(assignment.id, lan.info.id, 2, "legal", True, None, 4.5)
    again = store.submit(assignment.id, lan.info.id, 2, "both", False, None, 9.0)
    assert again == first
    assert [(a.number, a.code, a.correct) for a in store.answers(assignment.id)] == [(2, "legal", True)]


def test_answers_are_refused_when_closed_past_the_deadline_or_out_of_range(store: ClassroomStore) -> None:
    class_id = _class(store).info.id
    lan = store.join(class_id, "Lan")
    assignment = _graded(store, class_id)
    with pytest.raises(ClassroomError):
        store.submit(assignment.id, lan.info.id, QUICK.count, "a", True, None, 1.0)
    store.close_assignment(class_id, assignment.id)
    with pytest.raises(ClassroomError):
        store.submit(assignment.id, lan.info.id, 0, "a", True, None, 1.0)
    store.close_assignment(class_id, assignment.id, closed=False)
    store.submit(assignment.id, lan.info.id, 0, "a", True, None, 1.0)
    with pytest.raises(ClassroomError) as past:
        store.assign(class_id, "Hết hạn", QUICK, deadline=utcnow() - timedelta(minutes=1))
    assert past.value.field == "deadline"
    soon = store.assign(class_id, "Sắp hết hạn", QUICK, deadline=utcnow() + timedelta(days=1))
    assert soon.deadline is not None and soon.deadline.tzinfo is not None
    assert not soon.accepts_answers()  # not graded yet
    assert not store.assignment(assignment.id).accepts_answers(utcnow() + timedelta(days=400)) is False  # type: ignore[union-attr]


def test_another_class_s_learner_cannot_answer(store: ClassroomStore) -> None:
    mine, theirs = _class(store).info.id, _class(store, "B").info.id
    stranger = store.join(theirs, "Lan")
    assignment = _graded(store, mine)
    with pytest.raises(ClassroomError):
        store.submit(assignment.id, stranger.info.id, 0, "a", True, None, 1.0)


def test_a_restart_loses_nothing_and_finishes_half_graded_assignments(database_url: str) -> None:
    store = ClassroomStore.open(database_url)
    created = _class(store)
    lan = store.join(created.info.id, "Lan")
    done = _graded(store, created.info.id)
    store.submit(done.id, lan.info.id, 0, "a", False, None, 3.0)
    half = store.assign(created.info.id, "Buổi 2", QUICK)
    store.store_question(half.id, 0, make_question(QUICK, 0))
    store.engine.dispose()

    restarted = ClassroomStore.open(database_url)
    try:
        assert restarted.teacher_class(str(created.teacher_token)) == created.info
        assert restarted.learner(str(lan.token)) == lan.info
        assert [(a.number, a.code) for a in restarted.answers(done.id)] == [(0, "a")]
        assert [a.id for a in restarted.pending_assignments()] == [half.id]
        assert Grader(restarted).resume() == 1
        for _ in range(600):
            if restarted.assignment(half.id).ready:  # type: ignore[union-attr]
                break
            import time

            time.sleep(0.1)
        assert restarted.graded_numbers(half.id) == set(range(QUICK.count))
        assert restarted.pending_assignments() == []
    finally:
        restarted.engine.dispose()


def test_join_codes_are_found_as_typed(store: ClassroomStore) -> None:
    created = _class(store)
    code = created.info.join_code
    assert store.class_by_code(f" {code[:3].lower()}-{code[3:]} ") == created.info
    assert store.class_by_code("") is None
    assert store.class_by_code("x" * 5000) is None


def test_learners_and_answers_are_counted_in_the_database(store: ClassroomStore) -> None:
    class_id = _class(store).info.id
    for n in range(3):
        store.join(class_id, f"Học viên {n}")
    with store.engine.connect() as connection:
        assert connection.scalar(select(func.count()).select_from(Learner)) == 3
        assert connection.scalar(select(func.count()).select_from(AnswerRow)) == 0


def test_an_assignment_deleted_takes_the_class_s_answers_and_leaves_each_profile_s(store: ClassroomStore) -> None:
    """Two answers in the class (Lan's two questions); deleted: the board has nothing left of it, Lan's profile keeps
    both attempts; another class's teacher cannot delete it, and one being prepared cannot be deleted."""
    created = _class(store)
    class_id = created.info.id
    lan = store.join(class_id, "Lan").info.id
    assignment = _graded(store, class_id)
    practice = Practice(store)
    for number in range(2):
        question = make_question(assignment.drill_set, number)
        practice.answer(assignment.id, lan, number, lesson=question.lesson.value,
                        code=answer_code(question, best_answer(question)), correct=True, chi_lost=0.0, seconds=3.0)
    other = _class(store, "Lớp khác").info.id
    assert store.delete_assignment(other, assignment.id) is None  # not that class's
    assert store.assignment(assignment.id) is not None
    assert store.delete_assignment(class_id, assignment.id) == 2
    assert store.assignment(assignment.id) is None and store.assignments(class_id) == []
    with store.engine.connect() as connection:
        assert connection.scalar(select(func.count()).select_from(AnswerRow)) == 0
    assert len(practice.history(lan)) == 2  # the learner's own history keeps them
    assert store.delete_assignment(class_id, assignment.id) is None  # a second tap (another device): nothing
    pending = store.assign(class_id, "Buổi 2", QUICK)  # not graded yet
    with pytest.raises(ClassroomError) as refused:
        store.delete_assignment(class_id, pending.id)
    assert refused.value.field == "assignment"


def test_an_assignment_renamed_keeps_its_questions_and_answers(store: ClassroomStore) -> None:
    created = _class(store)
    class_id = created.info.id
    assignment = _graded(store, class_id)
    store.rename_assignment(class_id, assignment.id, "  Ôn tập chi  ")
    renamed = store.assignment(assignment.id)
    assert renamed is not None and renamed.title == "Ôn tập chi" and renamed.drill_set == assignment.drill_set
    assert renamed.graded == assignment.graded
    with pytest.raises(ClassroomError) as refused:
        store.rename_assignment(class_id, assignment.id, "   ")
    assert refused.value.field == "title"
    store.rename_assignment(_class(store, "Lớp khác").info.id, assignment.id, "Không phải của lớp này")
    assert store.assignment(assignment.id).title == "Ôn tập chi"  # type: ignore[union-attr]
