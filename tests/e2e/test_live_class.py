"""A live class in a real browser (issue 35, "done when"): the teacher picks five questions from the bank in the Live
tab, with the leaderboard, and starts; the projector page (its own link, no sidebar) shows each question with its
cards and the server's countdown fitting 1280x720 and 1920x1080 with no scrolling (measured, the shown answer and the
leaderboard too), how many learners are here (their pages open) before the first question and between the
questions, the two hands of the first question drawn large (:data:`CARD_MIN`); three learners (one on a 390 px
phone; two in Vietnamese, one in English) see each question on their class page without a reload and answer with
the Drill's buttons; the wall counts the answers in, then shows the distribution, the key and the leaderboard (right
answers, then chi lost; level learners on one place); each learner sees right or wrong; a new assignment shows on
their pages by itself; at the end the teacher's report offers the CSV, its summary counting each learner's right
answers. Screenshots of the wall at 1280x720 and 1920x1080, in Vietnamese and English: artifacts/screenshots/live_*."""

from __future__ import annotations

import csv
import io
from datetime import timedelta
from pathlib import Path

from playwright.sync_api import Browser, Page, ViewportSize, expect

from classroom.live import LiveSessions, Phase
from classroom.service import ClassroomStore
from classroom.snapshot import choice_codes, record
from maubinh.drills import DrillSet, Kind, Level
from maubinh.rules import load_rule_set
from tests.e2e.conftest import PHONE, SCREENSHOTS, VIEWPORT, assert_no_exception, wait_idle

SLOW_MS = 120_000
"""A page's first run on a busy machine."""
SMALL: ViewportSize = {"width": 1280, "height": 720}
BIG: ViewportSize = {"width": 1920, "height": 1080}
ZONE = "Asia/Ho_Chi_Minh"
"""The browsers' time zone (the teacher's: the CSV's times are in it)."""
VERDICT = {"vi": ("Đúng rồi!", "Chưa đúng."), "en": ("Right!", "Not quite.")}
CARD_MIN = {1920: 140, 1280: 90}
"""The narrowest card of a two-hand question ("which chi wins") on the wall, in CSS px, by the window's width: a user
test found 88 and 59, the lower half of the screen empty (now 149-258 and 107-186, measured over several runs: the
prompt's length, the hands' labels and, once the answer is shown, the leaderboard beside it decide; which learner
answered right changes the leaderboard's lines, so one question shown is 149 or 171 at 1920)."""


def _open(browser: Browser, *wanted: tuple[str, ViewportSize]) -> list[Page]:
    """Pages opened at once (the server runs them side by side), each waited for."""
    pages = []
    for url, viewport in wanted:
        page = browser.new_context(viewport=viewport, timezone_id=ZONE).new_page()
        page.set_default_timeout(SLOW_MS)
        page.goto(url, wait_until="commit")
        pages.append(page)
    for page in pages:
        wait_idle(page, timeout_ms=SLOW_MS)
        assert_no_exception(page)
    return pages


def _fits(wall: Page) -> float:
    """The wall's question (cards and choices) and its countdown are inside the window, with nothing to scroll, once
    the page has scaled it (``data-mb-fit``); returns the width of its narrowest card shown (CSS px)."""
    height = (wall.viewport_size or SMALL)["height"]
    wall.wait_for_function(f"""() => document.querySelector(".st-key-live_wall[data-mb-fit]") && Math.max(
        ...[...document.querySelectorAll("[data-testid=stMain], [data-testid=stAppViewContainer]")].map(
            (e) => e.scrollHeight), document.body.scrollHeight) <= {height}""")
    for part in (wall.get_by_test_id("live-clock"), wall.locator(".st-key-live_wall .mb-card").last,
                 wall.locator(".st-key-live_wall button").last):
        expect(part).to_be_visible()
        box = part.bounding_box()
        assert box is not None and 0 <= box["y"] and box["y"] + box["height"] <= height
    scroll = wall.evaluate("() => Math.max(...[...document.querySelectorAll('[data-testid=stMain], "
                           "[data-testid=stAppViewContainer]')].map(e => e.scrollHeight), document.body.scrollHeight)")
    assert scroll <= height
    return _settled_card(wall)


def _settled_card(wall: Page) -> float:
    """The narrowest card's width once the page's scaling has settled: the same over 0.3 s (a frame may show the new
    question at the previous screen's zoom, or before the run's last elements arrived, before the script refits)."""
    seen = -1.0
    for _ in range(40):
        width = float(min(wall.locator(".st-key-live_wall .mb-card").evaluate_all(
            "cards => cards.map(c => c.getBoundingClientRect().width).filter(w => w > 0)")))
        if width == seen:
            return width
        seen = width
        wall.wait_for_timeout(300)
    return seen


def _leaders(wall: Page) -> list[tuple[str, str]]:
    """The wall's leaderboard: (place, name) in its order ("2=" for a shared place)."""
    texts = wall.locator("[data-testid=live-leader] > span:first-child").all_inner_texts()
    return [(place.rstrip("."), name) for place, name in (text.strip().split(" ", 1) for text in texts)]


def test_a_teacher_runs_a_live_class_of_five_questions_with_three_learners(e2e_browser: Browser, app_url: str,
                                                                          app_database: str) -> None:
    store = ClassroomStore.open(app_database)
    made = store.create_class("Lớp trực tiếp", "vi", load_rule_set("chi-at"))
    class_id = made.info.id
    joined = [(store.join(class_id, name), lang, viewport) for name, lang, viewport in (
        ("Tú", "vi", PHONE), ("Minh", "en", VIEWPORT), ("Lan", "vi", VIEWPORT))]

    # the learners' pages are open before the session starts (it reaches them by their poll)
    teacher, *pages = _open(e2e_browser, (f"{app_url}/classes?teacher={made.teacher_token}&lang=vi",
                                          {"width": 1280, "height": 1000}),
                            *((f"{app_url}/classes?me={j.token}&lang={lang}", viewport) for j, lang, viewport in joined))
    teacher.get_by_role("tab", name="Trực tiếp").click()
    expect(teacher.locator(".st-key-live_pick_count input")).to_have_value("5")  # five, the default
    teacher.get_by_role("button", name="Lấy câu hỏi").click()  # chi and foul, beginner, from the bank
    wait_idle(teacher)
    expect(teacher.get_by_text("5 câu sẽ hỏi")).to_be_visible()
    teacher.get_by_text("Hiện bảng xếp hạng giữa các câu", exact=False).click()  # the leaderboard on
    expect(teacher.locator(".st-key-live_pick_leaderboard input")).to_be_checked()
    wait_idle(teacher)
    teacher.get_by_role("button", name="Bắt đầu buổi trực tiếp").click()
    projector = teacher.get_by_role("link", name="Mở trang máy chiếu")
    expect(projector).to_be_visible()
    live = LiveSessions(store)
    info = live.current(class_id)
    assert info is not None and info.count == 5 and info.phase is Phase.WAITING and info.leaderboard
    link = projector.get_attribute("href")
    assert link is not None and f"live={info.screen}" in link and str(made.teacher_token) not in link

    opened = _open(e2e_browser, (link, SMALL), (link.replace("lang=vi", "lang=en"), BIG))
    walls = {"vi": opened[0], "en": opened[1]}
    learners = [(page, lang) for page, (_, lang, _) in zip(pages, joined)]
    names = [j.info.name for j, _, _ in joined]
    for wall in walls.values():
        expect(wall.locator("[data-testid=stSidebar]")).to_be_hidden()
        expect(wall.get_by_text(made.info.join_code, exact=False).first).to_be_visible()
        expect(wall.get_by_test_id("live-here")).to_have_attribute("data-here", "3")  # the three pages are open
    expect(walls["en"].get_by_test_id("live-here")).to_have_text("3 learners here")
    walls["vi"].screenshot(path=str(SCREENSHOTS / "live_wall_waiting_1280_vi.png"))

    right = dict.fromkeys(names, 0)
    for number in range(5):
        teacher.locator(".st-key-live_next button").click()  # the pages poll: no wait for an idle script here
        question = live.question(info.id, number)
        codes, key = choice_codes(question), record(question)["key"]
        for wall in walls.values():
            expect(wall.get_by_text(f"{number + 1}/5", exact=False).first).to_be_visible()
        if number < 2:  # the question, its cards and the countdown, on one screen at both sizes
            walls["vi"].set_viewport_size(SMALL if number == 0 else BIG)
            walls["en"].set_viewport_size(BIG if number == 0 else SMALL)
            for lang, wall in walls.items():
                expect(wall.locator(".st-key-live_wall .mb-card").first).to_be_visible()
                size = (wall.viewport_size or SMALL)["width"]
                wall.screenshot(path=str(SCREENSHOTS / f"live_wall_question{number + 1}_{size}_{lang}.png"))
                card = _fits(wall)
                if number == 0:  # chi and foul in turn: the first question has two hands
                    assert question.kind is Kind.CHI and card >= CARD_MIN[size], (size, card)
        for n, (page, lang) in enumerate(learners):  # no reload: the page's poll shows the question
            choice = page.locator(f".st-key-live_box .st-key-drill_choice_{n} button")
            expect(choice).to_be_visible(timeout=15_000)
            choice.click()
            right[names[n]] += codes[n] == key
            if n == 0:  # sent, the key not shown yet (the last answer shows it to all)
                expect(page.get_by_text("Đã gửi" if lang == "vi" else "Sent", exact=False)).to_be_visible()
        # all answered: the wall shows the distribution, the key and its reason without the teacher's tap
        wall = walls["vi"]
        expect(wall.get_by_test_id("live-answers")).to_have_text("Đã trả lời: 3/3")
        expect(wall.get_by_test_id("live-distribution")).to_be_visible()
        counts = [int(c) for c in wall.locator("[data-count]").evaluate_all("els => els.map(e => e.dataset.count)")]
        assert counts[:3] == [1, 1, 1] and sum(counts) == 3 and len(counts) == len(codes)
        assert wall.locator('[data-key="true"]').count() == 1
        expect(wall.get_by_test_id("live-reason")).not_to_be_empty()
        expect(walls["en"].get_by_test_id("live-answers")).to_have_text("Answers in: 3/3")
        expect(wall.get_by_test_id("live-here")).to_have_text("3 học viên đang ở đây")  # between the questions too
        # the leaderboard between the questions: right answers, then chi lost; level learners share a place ("=")
        expect(wall.get_by_test_id("live-leader")).to_have_count(3)
        shown = _leaders(wall)  # chi and foul questions lose no chi: the same right answers are level
        assert sorted(name for _, name in shown) == sorted(names)
        assert [right[name] for _, name in shown] == sorted(right.values(), reverse=True)
        for place, name in shown:
            level = [right[other] for other in names].count(right[name]) > 1
            assert place == f"{1 + sum(right[other] > right[name] for other in names)}{'=' if level else ''}", shown
        expect(wall.get_by_text("tốc độ không tính", exact=False)).to_be_visible()
        if number < 2:  # the shown question with its distribution and the leaderboard: still no scrolling
            expect(walls["en"].get_by_test_id("live-leader")).to_have_count(3)
            for lang, shown_wall in walls.items():
                size = (shown_wall.viewport_size or SMALL)["width"]
                shown_wall.screenshot(path=str(SCREENSHOTS / f"live_wall_shown{number + 1}_{size}_{lang}.png"))
                card = _fits(shown_wall)
                assert number != 0 or card >= CARD_MIN[size], (size, card)  # the answers under two hands
        for n, (page, lang) in enumerate(learners):
            yes, no = VERDICT[lang]
            expect(page.get_by_text(yes if codes[n] == key else no, exact=False)).to_be_visible()
            assert_no_exception(page)
        assert sorted(a.code for a in live.answers(info.id, number)) == sorted(codes[:3])
        if number == 1:
            learners[0][0].screenshot(path=str(SCREENSHOTS / "live_learner_phone_vi.png"), full_page=True)
            store.assign(class_id, "Bài mới giữa giờ", DrillSet((Kind.CHI,), Level.BEGINNER, "chi-at", seed=4, count=2))
            for page, _ in learners:  # a new assignment is listed on the learners' pages without a reload
                expect(page.get_by_text("Bài mới giữa giờ").first).to_be_visible(timeout=15_000)
    teacher.locator(".st-key-live_next button").click()  # after the last question: the end
    expect(walls["en"].get_by_text("The live session is over", exact=False)).to_be_visible()
    expect(walls["en"].get_by_test_id("live-leader")).to_have_count(3)  # the final leaderboard
    walls["en"].screenshot(path=str(SCREENSHOTS / f"live_wall_end_{(walls['en'].viewport_size or SMALL)['width']}_en.png"))
    assert live.current(class_id) is None

    # the report on the teacher's Live tab, and its CSV: a summary per learner, then every answer
    wait_idle(teacher)
    expect(teacher.get_by_text("Kết quả các buổi trực tiếp").first).to_be_visible()
    with teacher.expect_download() as download:
        teacher.get_by_role("button", name="Tải bảng điểm (CSV)").click()
    download.value.save_as(SCREENSHOTS.parent / "live_report_vi.csv")
    teacher.screenshot(path=str(SCREENSHOTS / "live_report_teacher_vi.png"), full_page=True)
    rows = list(csv.reader(io.StringIO(Path(download.value.path()).read_bytes().decode("utf-8-sig"))))
    assert rows[0] == ["Tóm tắt theo học viên"]
    assert rows[1][:4] == ["Học viên", "Số câu đã trả lời", "Số câu đã hỏi", "Số câu đúng"]
    assert [row[:4] for row in rows[2:5]] == [[name, "5", "5", str(right[name])] for name in names]
    assert rows[6] == ["Từng câu trả lời"] and len(rows[8:]) == 3 * 5
    zone = rows[7][-1].removeprefix("Lúc trả lời (").removesuffix(")")  # the teacher's, from the browser
    assert zone in (ZONE, "Asia/Saigon")  # chromium names it by its older alias
    first = next(a for a in live.answers(info.id, 0) if a.learner_id == joined[0][0].info.id)
    assert rows[8][:2] == [names[0], "1"] and rows[8][-1] == (first.answered_at + timedelta(hours=7)).strftime(
        "%Y-%m-%d %H:%M:%S")  # UTC+7
    for page in (teacher, *walls.values(), *(p for p, _ in learners)):
        assert_no_exception(page)
        page.context.close()
