"""The teacher's views of the follow-ups and of the earlier versions (issue 35), read on both databases: a source's
follow-ups as one group (learners, questions, learners done, each one's progress; under an assignment's current
version after an edit), deleted all at once; an edited assignment's archived versions with when they were edited,
their answers and those to the questions removed."""

from __future__ import annotations

from datetime import timedelta

from classroom.follow_ups import ASSIGNMENT, LIVE, FollowUps, Member, source_key
from classroom.live import LivePick, LiveSessions
from classroom.models import utcnow
from classroom.practice import Practice
from classroom.service import ClassroomStore
from classroom.snapshot import pack, record
from classroom.versions import earlier_versions, renumbering, version_counts
from maubinh.drills import make_question
from tests.unit.classroom.test_follow_ups import CHI_AT, SIX, _answer, _class, _graded, _missed


def test_a_source_s_follow_ups_are_one_group_with_each_learner_s_progress(store: ClassroomStore) -> None:
    """Lan missed 2 and 5 (1-based), Minh answered only the first three: Lan gets 2 questions, Minh 3; Lan then answers
    both of hers (one right), Minh one (wrong): 2 learners, 5 questions, 1 done; Lan 2/2 answered 1 right, Minh 1/3
    none right. A live session's follow-up is a group of its own."""
    class_id, (lan, minh, hoa) = _class(store, ["Lan", "Minh", "Hoa"])
    source = _missed(store, class_id, lan, minh, hoa)
    practice = Practice(store)
    follow_ups = FollowUps(store)
    assert follow_ups.groups(class_id) == []
    made = follow_ups.reassign(class_id, ASSIGNMENT, source.id, "Buổi 1")
    mine = {a.learner_id: a for a in store.assignments(class_id) if a.learner_id}
    for number, right in ((0, True), (1, False)):
        question = store.question(mine[lan].id, number)
        practice.answer(mine[lan].id, lan, number, lesson=question.lesson.value, code="x", correct=right,
                        chi_lost=None, seconds=2.0)
    practice.answer(mine[minh].id, minh, 0, lesson=store.question(mine[minh].id, 0).lesson.value, code="x",
                    correct=False, chi_lost=None, seconds=2.0)

    (group,) = follow_ups.groups(class_id)
    assert (group.key, group.kind, group.source_id, group.title) == (made.source, ASSIGNMENT, source.id, "Buổi 1")
    assert (group.learners, group.questions, group.done) == (2, 5, 1) and group.made_at == made.made_at
    assert sorted(group.members, key=lambda m: m.learner_id) == sorted(
        [Member(mine[lan].id, lan, 2, 2, 1), Member(mine[minh].id, minh, 3, 1, 0)], key=lambda m: m.learner_id)

    # a live session's follow-up: a group of its own, the newest first
    live = LiveSessions(store)
    question = make_question(SIX, 0)
    info = live.start(class_id, CHI_AT, [LivePick("q0", question.kind.value, (), record(question), pack(question))],
                      seconds=30)
    live.advance(class_id, info.id, -1)
    live.end(class_id, info.id)  # nobody answered: all three missed it
    follow_ups.reassign(class_id, LIVE, info.id, "Buổi trực tiếp")
    newest, older = follow_ups.groups(class_id)
    assert (newest.key, newest.kind, newest.source_id, newest.learners, newest.questions, newest.done) == (
        source_key(LIVE, info.id), LIVE, info.id, 3, 3, 0)
    assert older == group

    # the source edited: its follow-ups are grouped under its current version; deleted together, then made again
    edited = store.edit_questions(class_id, source.id, [0, 1, 2, 3], [])
    assert edited is not None
    assert follow_ups.groups(class_id)[1].source_id == edited.assignment_id
    assert follow_ups.delete(class_id, made.source) == 3  # Lan's two answers and Minh's one
    assert [g.kind for g in follow_ups.groups(class_id)] == [LIVE]
    assert {a.id for a in store.assignments(class_id)} == {
        edited.assignment_id, *(m.assignment_id for m in follow_ups.groups(class_id)[0].members)}
    assert follow_ups.made(class_id, ASSIGNMENT, source.id) is None
    assert store.answers(source.id, lan)  # the source's archive is not touched

    # a deleted source: its follow-ups stay, grouped by when they were made, with no source
    live.delete(class_id, info.id)
    (orphans,) = follow_ups.groups(class_id)
    assert (orphans.key, orphans.kind, orphans.source_id, orphans.learners) == (None, None, None, 3)


def test_an_edited_assignment_s_earlier_versions_count_their_answers(store: ClassroomStore) -> None:
    """Six questions; Lan answered 1, 2, 4 and Minh 1 (1-based); the teacher keeps 2, 4, 5: version 1 holds 4 answers,
    2 to removed questions (Lan's and Minh's to 1). Then Lan answers the new third (old 5) and the teacher keeps the
    first two of three: version 2 holds Lan's 3 answers, 1 to a removed question. Newest first, with when each was
    edited; counted per current assignment."""
    class_id, (lan, minh) = _class(store, ["Lan", "Minh"])
    source = _graded(store, class_id)
    practice = Practice(store)
    for number in (0, 1, 3):
        _answer(practice, source, lan, number, right=True)
    _answer(practice, source, minh, 0, right=False)
    assert earlier_versions(store, class_id, source.id) == [] and version_counts(store, class_id) == {}
    before = utcnow()
    first = store.edit_questions(class_id, source.id, [1, 3, 4], [])
    assert first is not None
    third = store.question(first.assignment_id, 2)
    practice.answer(first.assignment_id, lan, 2, lesson=third.lesson.value, code="x", correct=False, chi_lost=None,
                    seconds=2.0)
    second = store.edit_questions(class_id, first.assignment_id, [0, 1], [])
    assert second is not None
    after = utcnow()

    newest, oldest = earlier_versions(store, class_id, second.assignment_id)
    assert (newest.assignment_id, newest.questions, newest.replaced_by, newest.answers, newest.removed_answers) == (
        first.assignment_id, 3, second.assignment_id, 3, 1)
    assert (oldest.assignment_id, oldest.questions, oldest.replaced_by, oldest.answers, oldest.removed_answers) == (
        source.id, 6, first.assignment_id, 4, 2)
    assert newest.edited_at is not None and oldest.edited_at is not None
    assert before - timedelta(seconds=1) <= oldest.edited_at <= newest.edited_at <= after + timedelta(seconds=1)
    assert earlier_versions(store, class_id + "x", second.assignment_id) == []
    assert version_counts(store, class_id) == {second.assignment_id: 2}
    # where each question went (a Drill page still on an old version sends its answer there): 2 -> 0, 4 -> 1 over
    # both edits; 5 went to the third of version 2, removed by the second edit
    assert renumbering(store, source.id, second.assignment_id) == {1: 0, 3: 1}
    assert renumbering(store, source.id, first.assignment_id) == {1: 0, 3: 1, 4: 2}
    assert renumbering(store, first.assignment_id, second.assignment_id) == {0: 0, 1: 1}
