"""After the class in a real browser at 390 px (issue 35): the teacher, on a phone, taps "reassign the missed
questions" under an assignment's board; the page says how many learners and questions it made and shows the
follow-up as one line that opens on each learner's progress; the learner who missed questions finds their own
follow-up on their class page (in English), named "Questions you missed in “Buổi 1”", the one who missed none does
not. Then the teacher edits the assignment's questions: its earlier version is listed under the board and its board
drawn on request, said not to count. Screenshots: artifacts/screenshots/follow_up_*."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from background.grading import Grader
from classroom.follow_ups import ASSIGNMENT, FollowUps
from classroom.service import ClassroomStore
from maubinh.drills import DrillSet, Kind, Level, make_question
from maubinh.drills.answers import answer_code, best_answer
from maubinh.rules import load_rule_set
from tests.e2e.conftest import PHONE, assert_no_exception, screenshot, wait_idle

SLOW_MS = 120_000
SET = DrillSet((Kind.CHI,), Level.BEGINNER, "chi-at", seed=23, count=3)


def test_a_teacher_on_a_phone_reassigns_the_missed_questions(e2e_browser: Browser, app_url: str,
                                                            app_database: str) -> None:
    store = ClassroomStore.open(app_database)
    made = store.create_class("Lớp ôn tập", "vi", load_rule_set("chi-at"))
    class_id = made.info.id
    lan, minh = store.join(class_id, "Lan"), store.join(class_id, "Minh")
    assignment = store.assign(class_id, "Buổi 1", SET)
    Grader(store).grade(assignment).result(timeout=300)
    for number in range(3):
        question = make_question(SET, number)
        store.submit(assignment.id, minh.info.id, number, answer_code(question, best_answer(question)), True, None, 3.0)
    store.submit(assignment.id, lan.info.id, 1, "x", False, None, 3.0)  # Lan: one wrong, two not answered

    teacher = e2e_browser.new_context(viewport=PHONE).new_page()
    teacher.set_default_timeout(SLOW_MS)
    teacher.goto(f"{app_url}/classes?teacher={made.teacher_token}&lang=vi", wait_until="commit")
    wait_idle(teacher, timeout_ms=SLOW_MS)
    teacher.get_by_role("button", name="Giao lại các câu sai cho người làm sai").click()
    wait_idle(teacher)
    expect(teacher.get_by_text("1 học viên nhận bài riêng, tổng cộng 3 câu", exact=False)).to_be_visible()
    group = teacher.get_by_text("Bài giao lại: 1 học viên, 3 câu, 0 người đã làm xong").first  # one line, not a row each
    expect(group).to_be_visible()
    group.click()
    expect(teacher.get_by_text("Xem câu trả lời của").first).to_be_visible()
    assert_no_exception(teacher)
    screenshot(teacher, "follow_up_teacher_vi_390")
    follow_up = FollowUps(store).made(class_id, ASSIGNMENT, assignment.id)
    assert follow_up is not None and follow_up.learners == 1 and follow_up.questions == 3

    learner = e2e_browser.new_context(viewport=PHONE).new_page()
    learner.set_default_timeout(SLOW_MS)
    learner.goto(f"{app_url}/classes?me={lan.token}&lang=en", wait_until="commit")
    wait_idle(learner, timeout_ms=SLOW_MS)
    expect(learner.get_by_text("Questions you missed in “Buổi 1”").first).to_be_visible()
    assert_no_exception(learner)
    screenshot(learner, "follow_up_learner_en_390")
    learner.goto(f"{app_url}/classes?me={minh.token}&lang=en", wait_until="commit")
    wait_idle(learner, timeout_ms=SLOW_MS)
    expect(learner.get_by_text("Buổi 1").first).to_be_visible()
    assert learner.get_by_text("Questions you missed").count() == 0  # Minh missed nothing

    assert store.edit_questions(class_id, assignment.id, [1, 2], []) is not None  # Minh 3 answers, Lan 1: Minh's first removed
    teacher.reload(wait_until="commit")
    wait_idle(teacher, timeout_ms=SLOW_MS)
    expect(teacher.get_by_text("Phiên bản cũ (1)")).to_be_visible()
    expect(teacher.get_by_text("4 câu trả lời (1 cho các câu đã bỏ)", exact=False)).to_be_visible()
    teacher.get_by_text("Xem bảng điểm của một phiên bản cũ").click()
    expect(teacher.get_by_text("các câu trả lời dưới đây không tính vào bảng điểm hiện tại", exact=False)).to_be_visible()
    assert_no_exception(teacher)
    screenshot(teacher, "follow_up_earlier_version_vi_390")
    teacher.context.close()
    learner.context.close()
