"""classroom.live on both databases: a live session's steps, the server's deadline, one answer per learner and
question under a race, the picks from the bank and from an assignment, the pulse a learner's page polls."""

from __future__ import annotations

import random
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from background.grading import Grader
from classroom.bank import QuestionBank, banked
from classroom.follow_ups import LIVE, FollowUps
from classroom.live import GRACE_S, LiveAnswer, LivePick, LiveSessions, Phase, Pulse
from classroom.models import utcnow
from classroom.rooms import Rooms
from classroom.seatings import PRESENT, Seatings
from classroom.service import ClassroomError, ClassroomStore
from classroom.snapshot import pack, record
from classroom.tables import TableSessions
from maubinh.drills import DrillSet, Kind, Level, make_from_ref, make_question
from maubinh.drills.answers import answer_code
from maubinh.drills.bank import Cell
from maubinh.play import Strength
from maubinh.rules import load_rule_set

RULES = load_rule_set("chi-at")


def _picks(count: int) -> list[LivePick]:
    drill_set = DrillSet((Kind.CHI, Kind.FOUL), Level.BEGINNER, "chi-at", seed=11, count=count)
    questions = [make_question(drill_set, n) for n in range(count)]
    return [LivePick(f"q{n}", q.kind.value, (), record(q), pack(q)) for n, q in enumerate(questions)]


def _class(store: ClassroomStore, learners: int) -> tuple[str, list[str]]:
    klass = store.create_class("Lớp sáng", "vi", RULES).info
    return klass.id, [store.join(klass.id, f"Học viên {n}").info.id for n in range(learners)]


def test_a_session_goes_through_its_steps_on_the_servers_clock(store: ClassroomStore) -> None:
    live = LiveSessions(store)
    class_id, (lan, minh) = _class(store, 2)
    picks = _picks(2)
    info = live.start(class_id, RULES, picks, seconds=30)
    assert (info.phase, info.number, info.count, info.revision) == (Phase.WAITING, -1, 2, 0)
    assert len(info.screen) >= 20 and live.by_screen(info.screen) == info and live.by_screen("x" * 22) is None
    assert live.current(class_id) == info
    assert record(live.question(info.id, 1)) == picks[1].record  # the stored data, read back

    opened = live.advance(class_id, info.id, -1)
    assert (opened.phase, opened.number, opened.revision) == (Phase.OPEN, 0, 1)
    assert opened.deadline is not None and opened.started_at is not None
    assert opened.deadline - opened.started_at == timedelta(seconds=30)
    assert 29 < opened.time_left() <= 30
    # a second "next" tapped at the waiting screen (another device) changes nothing
    assert live.advance(class_id, info.id, -1) == opened

    paused = live.pause(class_id, info.id)
    assert paused.phase is Phase.PAUSED and paused.remaining is not None and 29 < paused.remaining <= 30
    with pytest.raises(ClassroomError) as refused:
        live.answer(info.id, lan, 0, "a", True, None)
    assert refused.value.field == "closed"
    resumed = live.pause(class_id, info.id, paused=False)
    assert resumed.phase is Phase.OPEN and resumed.deadline is not None and resumed.deadline > opened.deadline

    first = live.answer(info.id, lan, 0, "a", True, None)
    assert first.code == "a" and first.correct and 0 <= first.seconds < 30
    # all answered: shown without the teacher's tap (the stored phase stays open)
    assert resumed.phase_at(answered=1, learners=2) is Phase.OPEN
    assert resumed.phase_at(answered=2, learners=2) is Phase.SHOWN
    assert live.reveal(class_id, info.id).phase is Phase.SHOWN
    with pytest.raises(ClassroomError) as refused:  # shown: answers stop
        live.answer(info.id, minh, 0, "b", False, None)
    assert refused.value.field == "closed"
    assert [a.learner_id for a in live.answers(info.id, 0)] == [lan] and live.answer_count(info.id, 0) == 1

    second = live.advance(class_id, info.id, 0)
    assert (second.number, second.phase) == (1, Phase.OPEN)
    with pytest.raises(ClassroomError):  # question 0 is no longer open
        live.answer(info.id, minh, 0, "b", False, None)
    with pytest.raises(ClassroomError) as wrong_class:
        live.advance("other", info.id, 1)
    assert wrong_class.value.field == "session"
    ended = live.advance(class_id, info.id, 1)  # "next" after the last question ends it
    assert ended.phase is Phase.ENDED and live.current(class_id) is None


def test_an_answer_after_the_deadline_is_refused_by_the_server(store: ClassroomStore) -> None:
    live = LiveSessions(store)
    class_id, (lan, minh, tu) = _class(store, 3)
    info = live.start(class_id, RULES, _picks(1), seconds=20)
    opened = live.advance(class_id, info.id, -1)
    assert opened.deadline is not None
    in_time = live.answer(info.id, lan, 0, "a", True, None, now=opened.deadline + timedelta(seconds=GRACE_S / 2))
    assert in_time.seconds == pytest.approx(20 + GRACE_S / 2)
    with pytest.raises(ClassroomError) as late:
        live.answer(info.id, minh, 0, "a", True, None, now=opened.deadline + timedelta(seconds=GRACE_S + 0.01))
    assert late.value.field == "late"
    # the key is shown once no answer is taken any more: not at the deadline, while a tap still counts
    assert opened.phase_at(answered=1, learners=3, now=opened.deadline) is Phase.OPEN
    assert opened.phase_at(answered=1, learners=3,
                           now=opened.deadline + timedelta(seconds=GRACE_S + 0.01)) is Phase.SHOWN
    store.remove_learner(class_id, tu)
    with pytest.raises(ClassroomError) as removed:
        live.answer(info.id, tu, 0, "a", True, None)
    assert removed.value.field == "learner"
    assert live.learner_count(class_id) == 2


def test_a_new_session_ends_the_one_running_and_the_inputs_are_checked(store: ClassroomStore) -> None:
    live = LiveSessions(store)
    class_id, _ = _class(store, 1)
    old = live.start(class_id, RULES, _picks(1), seconds=30)
    new = live.start(class_id, RULES, _picks(2), seconds=60, leaderboard=True)
    assert live.session(old.id) is not None and live.session(old.id).phase is Phase.ENDED  # type: ignore[union-attr]
    assert live.current(class_id) == new and new.leaderboard and new.screen != old.screen
    for picks, seconds, field in (([], 30, "questions"), (_picks(1), 25, "seconds"), (_picks(1) * 31, 30, "questions")):
        with pytest.raises(ClassroomError) as refused:
            live.start(class_id, RULES, picks, seconds)
        assert refused.value.field == field
    store.archive_class(class_id, True)
    with pytest.raises(ClassroomError) as archived:
        live.start(class_id, RULES, _picks(1), 30)
    assert archived.value.field == "class"


LEARNERS = 24


def test_a_class_answering_at_once_and_double_taps_store_one_answer_each(store: ClassroomStore) -> None:
    live = LiveSessions(store)
    class_id, learners = _class(store, LEARNERS)
    info = live.start(class_id, RULES, _picks(1), seconds=60)
    live.advance(class_id, info.id, -1)
    start = threading.Barrier(LEARNERS * 2)

    def tap(learner_id: str, code: str) -> str:
        start.wait()
        return live.answer(info.id, learner_id, 0, code, code == "a", None).code

    with ThreadPoolExecutor(max_workers=LEARNERS * 2) as pool:  # each learner taps twice at once, two answers
        codes = list(pool.map(tap, learners * 2, ["a"] * LEARNERS + ["b"] * LEARNERS))
    kept = dict(zip(learners, codes[:LEARNERS]))
    assert [kept[learner] for learner in learners] == codes[LEARNERS:]  # both taps got the one stored answer
    with store.engine.connect() as connection:
        assert connection.scalar(select(func.count()).select_from(LiveAnswer)) == LEARNERS
    assert live.answer_count(info.id, 0) == LEARNERS


def test_two_devices_tapping_next_at_once_open_one_question(store: ClassroomStore) -> None:
    live = LiveSessions(store)
    class_id, _ = _class(store, 1)
    info = live.start(class_id, RULES, _picks(3), seconds=30)
    start = threading.Barrier(8)

    def tap(_: int) -> int:
        start.wait()
        return live.advance(class_id, info.id, -1).number

    with ThreadPoolExecutor(max_workers=8) as pool:
        numbers = list(pool.map(tap, range(8)))
    assert numbers == [0] * 8
    final = live.session(info.id)
    assert final is not None and (final.number, final.revision) == (0, 1)


def test_picks_come_from_the_bank_by_kind_level_and_theme_and_from_a_saved_set(store: ClassroomStore) -> None:
    bank = QuestionBank(store)
    cells = (Cell(Kind.CHI, Level.BEGINNER, "chi-at"), Cell(Kind.FOUL, Level.BEGINNER, "chi-at"))
    entries = [banked(make_from_ref(cell.ref(n)), "chi-at", n) for cell in cells for n in range(3)]
    assert [e.themes for e in entries] == [("ranking",)] * 3 + [("foul", "ranking")] * 3  # the questions' own
    assert bank.add(entries) == 6
    live = LiveSessions(store)
    picks = live.bank_picks("chi-at", Level.BEGINNER, (Kind.CHI, Kind.FOUL), 4, rng=random.Random(1))
    assert [p.kind for p in picks] == ["chi", "foul", "chi", "foul"] and len({p.key for p in picks}) == 4
    assert all(p.record == next(e.record for e in entries if e.key == p.key) for p in picks)
    themed = live.bank_picks("chi-at", Level.BEGINNER, (Kind.CHI, Kind.FOUL), 10, theme="foul")
    assert sorted(p.key for p in themed) == sorted(e.key for e in entries if "foul" in e.themes)
    assert live.bank_picks("chi-at", Level.BEGINNER, (Kind.CHI, Kind.FOUL), 10, theme="pair_front") == []
    assert live.bank_picks("chi-at", Level.MASTER, (Kind.CHI,), 5) == []

    class_id, _ = _class(store, 1)
    drill_set = DrillSet((Kind.CHI,), Level.BEGINNER, "chi-at", seed=3, count=2)
    assignment = store.assign(class_id, "Bài 1", drill_set)
    Grader(store).grade(assignment).result(timeout=300)
    saved = live.assignment_picks(class_id, assignment.id)
    assert [record(p.question) for p in saved] == [record(make_question(drill_set, n)) for n in range(2)]
    assert live.assignment_picks("other", assignment.id) == []


def test_the_pulse_tells_a_new_assignment_table_and_every_live_step(store: ClassroomStore) -> None:
    live = LiveSessions(store)
    class_id, (lan,) = _class(store, 1)
    assert live.pulse(class_id).assignments == (0, 0, 0, 0) and live.pulse(class_id).live is None
    drill_set = DrillSet((Kind.CHI,), Level.BEGINNER, "chi-at", seed=3, count=2)
    assignment = store.assign(class_id, "Bài 1", drill_set)
    assert live.pulse(class_id).assignments == (1, assignment.id, 0, 0)  # being prepared
    store.store_question(assignment.id, 0, make_question(drill_set, 0))
    assert live.pulse(class_id).assignments == (1, assignment.id, 0, 0)  # a question graded: no page redrawn
    store.store_question(assignment.id, 1, make_question(drill_set, 1))
    assert live.pulse(class_id).assignments == (1, assignment.id, 1, 0)  # ready: a page saying "preparing" redraws
    store.close_assignment(class_id, assignment.id)
    assert live.pulse(class_id).assignments == (1, assignment.id, 1, 1)  # closed: its "open" badge goes
    table = TableSessions(store).start(class_id, RULES, (Strength.BEGINNER,), 1, 0, seed=5)
    assert live.pulse(class_id).tables == (1, table.id)
    info = live.start(class_id, RULES, _picks(2), seconds=30)
    assert live.pulse(class_id).live == (info.id, 0)
    live.advance(class_id, info.id, -1)
    assert live.pulse(class_id).live == (info.id, 1)
    question = live.question(info.id, 0)
    live.answer(info.id, lan, 0, answer_code(question, question.key), True, None)
    assert live.pulse(class_id).live == (info.id, 1)  # an answer is not a step
    live.end(class_id, info.id)
    assert live.pulse(class_id).live is None


def test_the_marks_of_many_classes_in_one_read_agree_with_each_class_s_own_reads(store: ClassroomStore) -> None:
    """The server's watch reads every watched class at once (:meth:`LiveSessions.marks`): per class its pulse (its
    assignments, tables and live step), the running session, the answers to its current question only, the learners; the
    phase turns "shown" when all have answered."""
    live = LiveSessions(store)
    (first, (lan, minh)), (second, _) = _class(store, 2), _class(store, 1)
    assert live.marks([]) == {}
    marks = live.marks([first, second, "no-such-class"])
    assert marks["no-such-class"].pulse.assignments == (0, 0, 0, 0) and marks["no-such-class"].learners == 0
    assert (marks[first].live, marks[first].learners, marks[second].learners) == (None, 2, 1)
    assert marks[first].phase() is None
    assigned = store.assign(second, "Bài 1", DrillSet((Kind.CHI,), Level.BEGINNER, "chi-at", seed=3, count=1))
    info = live.start(first, RULES, _picks(2), seconds=30)
    live.advance(first, info.id, -1)
    question = live.question(info.id, 0)
    live.answer(info.id, lan, 0, answer_code(question, question.key), True, None)
    marks = live.marks([first, second])
    assert marks[first].pulse == Pulse((0, 0, 0, 0), (0, 0), (info.id, 1))
    assert marks[second].pulse == Pulse((1, assigned.id, 0, 0), (0, 0), None)  # not graded yet
    assert marks[first].live is not None and (marks[first].live.id, marks[first].live.number) == (info.id, 0)
    assert (marks[first].answered, marks[first].phase(), marks[second].live) == (1, Phase.OPEN, None)
    live.answer(info.id, minh, 0, answer_code(question, question.key), True, None)
    assert live.marks([first])[first].phase() is Phase.SHOWN  # all answered
    live.advance(first, info.id, 0)
    assert live.marks([first])[first].answered == 0  # question 2's answers only


def test_the_marks_count_the_learners_here_as_the_seatings_count_them_present(store: ClassroomStore) -> None:
    """The waiting wall's "N learners here" (:attr:`ClassMark.here`): learners whose class page was seen within
    :data:`classroom.seatings.PRESENT` and not removed, per class in the same grouped read; a page closed three
    minutes ago is not counted, one seen a minute ago is, until two minutes have passed."""
    live = LiveSessions(store)
    seatings = Seatings(Rooms(store))
    (first, (lan, minh, hoa, tuan)), (second, (mai,)) = _class(store, 4), _class(store, 1)
    marks = live.marks([first, second])
    assert [(marks[c].learners, marks[c].here) for c in (first, second)] == [(4, 0), (1, 0)]
    now = utcnow()
    seatings.seen(lan, now - timedelta(minutes=1))
    seatings.seen(minh, now)
    seatings.seen(hoa, now - PRESENT - timedelta(minutes=1))  # closed three minutes ago
    seatings.seen(tuan, now)
    store.remove_learner(first, tuan)  # removed: not counted, seen or not
    seatings.seen(mai, now)
    marks = live.marks([first, second], now)
    assert [(marks[c].learners, marks[c].here) for c in (first, second)] == [(3, 2), (1, 1)]
    assert marks[first].here == len(seatings.present(first, now))
    later = now + timedelta(minutes=1, seconds=30)  # Lan's page was seen 2.5 min before: no longer here
    assert [live.marks([c], later)[c].here for c in (first, second)] == [1, 1]
    assert live.marks([first], now + PRESENT + timedelta(seconds=1))[first].here == 0


def test_the_report_of_an_ended_session_counts_each_learner_kind_and_question(store: ClassroomStore) -> None:
    """Three learners, three questions (chi, foul, chi), hand-counted: Lan answers all three right; Minh the first
    wrong (0.5 chi lost) and no more; Hoa only the second, right; nobody answers after the teacher ends at the
    third. The report is the assignment board's: per learner, per kind, the hardest question first."""
    live = LiveSessions(store)
    class_id, (lan, minh, hoa) = _class(store, 3)
    picks = _picks(3)
    info = live.start(class_id, RULES, picks, seconds=30)
    assert live.ended(class_id) == []
    live.advance(class_id, info.id, -1)
    live.answer(info.id, lan, 0, "a", True, 0.0)
    live.answer(info.id, minh, 0, "b", False, 0.5)
    live.advance(class_id, info.id, 0)
    live.answer(info.id, lan, 1, "a", True, None)
    live.answer(info.id, hoa, 1, "a", True, None)
    live.advance(class_id, info.id, 1)
    live.answer(info.id, lan, 2, "a", True, 0.0)
    ended = live.end(class_id, info.id)
    assert [s.id for s in live.ended(class_id)] == [info.id] and ended.phase is Phase.ENDED

    report = live.report(info.id)
    rows = {row.name: (row.answered, row.right, row.decisions, row.chi_lost) for row in report.learners}
    assert rows == {"Học viên 0": (3, 3, 2, 0.0), "Học viên 1": (1, 0, 1, 0.5), "Học viên 2": (1, 1, 0, 0.0)}
    kinds = {k.kind: (k.answered, k.right, k.decisions, k.chi_lost) for k in report.kinds}
    per_question = [(2, 1, 2, 0.5), (2, 2, 0, 0.0), (1, 1, 1, 0.0)]  # answered, right, decisions, chi lost
    expected: dict[str, tuple[int, int, int, float]] = {}
    for pick, counts in zip(picks, per_question, strict=True):
        was = expected.get(pick.kind, (0, 0, 0, 0.0))
        expected[pick.kind] = (was[0] + counts[0], was[1] + counts[1], was[2] + counts[2], was[3] + counts[3])
    assert kinds == expected
    assert report.hardest()[0].number == 0  # 1 of 2 right: the hardest
    assert [(q.answered, q.right) for q in report.questions] == [(2, 1), (2, 2), (1, 1)]
    with pytest.raises(ClassroomError):
        live.report(99999)


def test_a_learner_who_joined_after_the_session_is_neither_reported_nor_given_its_missed_questions(
        store: ClassroomStore) -> None:
    """Found by a user test: Tú joined the class after the live session ended and its report listed him as
    "answered 0 of 2", under "did not answer every question"; the follow-up would have given him its questions. Now
    the report and the follow-up count those who answered or had joined when its last question opened: Minh, here
    all along and silent, is still listed, and missed both."""
    live, follow_ups = LiveSessions(store), FollowUps(store)
    class_id, (lan, minh) = _class(store, 2)
    info = live.start(class_id, RULES, _picks(2), seconds=30)
    live.advance(class_id, info.id, -1)
    live.answer(info.id, lan, 0, "a", True, 0.0)
    live.advance(class_id, info.id, 0)
    live.answer(info.id, lan, 1, "b", False, 0.5)
    live.end(class_id, info.id)
    tu = store.join(class_id, "Tú").info.id
    assert [row.name for row in live.report(info.id).learners] == ["Học viên 0", "Học viên 1"]
    made = follow_ups.reassign(class_id, LIVE, info.id, "Làm lại")
    assert made.learners == 2 and made.questions == 3  # Lan's wrong one, Minh's two; none for Tú
    assert store.assignments(class_id, tu) == [] and len(store.assignments(class_id, minh)) == 1
