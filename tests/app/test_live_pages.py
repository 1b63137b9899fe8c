"""AppTest of a live class (issue 35): the teacher starts a live session from the Live tab with an assignment's
questions (a saved set); the learner's class page shows the waiting note, then the open question with the Drill's
buttons; a tap stores the answer (the key not shown before the reveal); once shown, right or wrong; both languages
of the learner's words."""

from __future__ import annotations

from background.grading import Grader
from classroom.live import LiveSessions, Phase
from classroom.service import ClassroomStore
from classroom.snapshot import choice_codes, record
from maubinh.drills import DrillSet, Kind, Level
from maubinh.rules import load_rule_set
from tests.app.conftest import open_page


def _text(at) -> str:  # type: ignore[no-untyped-def]
    return "\n".join([m.value for m in at.markdown] + [s.value for s in at.success] + [e.value for e in at.error]
                     + [i.value for i in at.info])


def test_a_saved_set_runs_live_and_the_learner_answers_with_the_drills_buttons(db: ClassroomStore) -> None:
    made = db.create_class("Lớp chiều", "vi", load_rule_set("chi-at"))
    class_id = made.info.id
    drill_set = DrillSet((Kind.CHI,), Level.BEGINNER, "chi-at", seed=9, count=2)
    assignment = db.assign(class_id, "Bài đã lưu", drill_set)
    Grader(db).grade(assignment).result(timeout=300)
    lan = db.join(class_id, "Lan")
    db.join(class_id, "Minh")  # who does not answer: the question stays open after Lan's answer

    teacher = open_page("classes", teacher=str(made.teacher_token), lang="vi")
    assert not teacher.exception
    teacher.session_state["live_pick_source"] = "saved"
    teacher.run()
    teacher.button(key="live_pick_use_saved").click().run()
    assert "2 câu sẽ hỏi" in _text(teacher)
    teacher.button(key="live_pick_start").click().run()
    live = LiveSessions(db)
    info = live.current(class_id)
    assert info is not None and info.count == 2 and info.phase is Phase.WAITING
    assert [record(live.question(info.id, n)) for n in range(2)] == [record(q) for q in (
        db.question(assignment.id, 0), db.question(assignment.id, 1))]  # the set's own questions

    learner = open_page("classes", me=str(lan.token), lang="en")
    assert not learner.exception
    assert "A live session is about to start (2 questions)" in _text(learner)
    live.advance(class_id, info.id, -1)
    learner.run()
    question = live.question(info.id, 0)
    codes, key = choice_codes(question), record(question)["key"]
    wrong = next(n for n, code in enumerate(codes) if code != key)
    learner.button(key=f"drill_choice_{wrong}").click().run()
    assert not learner.exception
    (stored,) = live.answers(info.id, 0)
    assert (stored.learner_id, stored.code, stored.correct) == (lan.info.id, codes[wrong], False)
    assert "Sent:" in _text(learner) and "Not quite" not in _text(learner)  # the key waits for the reveal
    live.reveal(class_id, info.id)
    learner.run()
    assert "Not quite. The answer:" in _text(learner)
