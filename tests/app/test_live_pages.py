"""AppTest of a live class (issue 35): the teacher starts a live session from the Live tab with an assignment's
questions (a saved set); the learner's class page shows the waiting note, then the open question with the Drill's
buttons; a tap stores the answer (the key not shown before the reveal); once shown, right or wrong; both languages
of the learner's words; the wall's leaderboard."""

from __future__ import annotations

import re

from streamlit.testing.v1 import AppTest

from background.grading import Grader
from classroom.live import LivePick, LiveSessions, Phase
from classroom.service import ClassroomStore
from classroom.snapshot import choice_codes, pack, record
from maubinh.drills import DrillSet, Kind, Level, make_question
from maubinh.rules import load_rule_set
from tests.app.conftest import PAGE_TIMEOUT_S, ROOT, open_page
from ui.i18n import translate
from ui.profile_form import CREATED_KEY


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


def test_the_wall_s_leaderboard_between_questions(db: ClassroomStore) -> None:
    """The leaderboard on the projector once the answer is shown (the chi lost stored as a kind graded in chi would
    store it): Ace right (0.00 chi lost) first; Di wrong with nothing graded in chi: "0 right" alone, never "0.00 chi
    lost", second (no chi lost measured); Bo and Cu wrong, 0.30 and 0.32 chi lost, level (within 0.05 chi): "3=" both,
    and the line saying why; a name typed as HTML shown as text."""
    made = db.create_class("Lớp chiều", "vi", load_rule_set("chi-at"))
    class_id = made.info.id
    ace, bo, cu, di = (db.join(class_id, name).info.id for name in ("Ace", "<b>Bo</b>", "Cu", "Di"))
    drill_set = DrillSet((Kind.CHI,), Level.BEGINNER, "chi-at", seed=9, count=2)
    questions = [make_question(drill_set, n) for n in range(2)]
    live = LiveSessions(db)
    info = live.start(class_id, load_rule_set("chi-at"), [LivePick(f"q{n}", q.kind.value, (), record(q), pack(q))
                                                          for n, q in enumerate(questions)], seconds=30, leaderboard=True)
    live.advance(class_id, info.id, -1)
    for learner, right, lost in ((ace, True, 0.0), (bo, False, 0.3), (cu, False, 0.32), (di, False, None)):
        live.answer(info.id, learner, 0, "a" if right else "b", right, lost)  # chi lost as a graded kind stores it
    wall = open_page("classes", live=info.screen, lang="en")
    assert not wall.exception
    shown = _text(wall)
    assert "Leaderboard" in shown
    lines = re.findall(r'data-testid="live-leader"><span><b>([^<]+)</b> (.*?)</span><span>(.*?)</span>', shown)
    assert lines == [("1.", "Ace", "1 right · 0.00 chi lost"), ("2.", "Di", "0 right"),
                     ("3=", "&lt;b&gt;Bo&lt;/b&gt;", "0 right · 0.30 chi lost"), ("3=", "Cu", "0 right · 0.32 chi lost")]
    assert "speed does not count. Same place (=): the same right answers, chi lost within 0.05 chi." in shown


def test_a_learner_who_just_joined_sees_the_live_question_above_the_link_to_keep(db: ClassroomStore) -> None:
    """Found by a user test: on a phone, a learner who had just joined had the "keep this link" box (its QR code)
    on the whole first screen and the live question under it, unseen. The live box now comes first (vi, en)."""
    made = db.create_class("Lớp tối", "vi", load_rule_set("chi-at"))
    lan = db.join(made.info.id, "Lan")
    drill_set = DrillSet((Kind.CHI,), Level.BEGINNER, "chi-at", seed=9, count=1)
    question = make_question(drill_set, 0)
    live = LiveSessions(db)
    info = live.start(made.info.id, load_rule_set("chi-at"),
                      [LivePick("q0", question.kind.value, (), record(question), pack(question))], seconds=30)
    live.advance(made.info.id, info.id, -1)
    for lang in ("vi", "en"):
        at = AppTest.from_file(str(ROOT / "pages" / "classes.py"), default_timeout=PAGE_TIMEOUT_S)
        at.query_params["me"], at.query_params["lang"] = str(lan.token), lang
        at.session_state[CREATED_KEY] = lan.info.id  # just joined: the box is shown
        at.run()
        assert not at.exception
        order = [element for element in at.main if element.type in ("markdown", "button")]
        keep = next(n for n, e in enumerate(order) if translate("device.keep_title", lang) in str(e.value))
        choice = next(n for n, e in enumerate(order) if getattr(e, "key", None) == "drill_choice_0")
        assert choice < keep, (choice, keep)
