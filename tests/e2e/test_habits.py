"""Issue 20, item 12 in a real browser on a 390 px phone: Home shows the day's box (today's question, and for
a profile the streak, today's answers and the goal chips), a goal is picked with a tap and kept, nothing
is wider than the screen; both languages."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from classroom.habits import Habits
from classroom.practice import Practice
from classroom.service import ClassroomStore
from tests.e2e.conftest import IDLE_TIMEOUT_MS, assert_no_exception, screenshot, wait_idle

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
WORDS = {"vi": ("Hôm nay", "Chuỗi ngày", "Câu hỏi hôm nay", "10 câu/ngày"),
         "en": ("Today", "Day streak", "Today's question", "10 a day")}
BOX = "[class*=st-key-habit_box_home]"


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_home_on_a_phone_shows_the_day_and_keeps_a_picked_goal(app_url: str, app_database: str,
                                                                 e2e_browser: Browser, lang: str) -> None:
    store = ClassroomStore.open(app_database)
    made = Practice(store).create_profile(f"Phone {lang}")
    context = e2e_browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(IDLE_TIMEOUT_MS)
    passed = False
    try:
        title, streak, question, ten = WORDS[lang]
        page.goto(f"{app_url}/?me={made.token}&lang={lang}")
        wait_idle(page, timeout_ms=4 * IDLE_TIMEOUT_MS)  # the server's first page on a busy shared machine
        box = page.locator(BOX)
        assert title in box.locator("h4").first.inner_text()
        assert box.get_by_text(streak).first.is_visible()
        assert box.get_by_text(question).first.is_visible()
        top = box.bounding_box()
        assert top is not None and top["y"] < 844  # the day's box starts on the first screen
        chip = box.locator("button", has_text=ten)
        assert chip.bounding_box()["height"] >= 44  # a tap target
        chip.tap()
        wait_idle(page, settle_ms=500)
        assert [goal for _, goal, _ in Habits(store).goals(made.info.id)] == [10]
        assert box.get_by_text("0/10").first.is_visible()
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390  # nothing sideways
        assert_no_exception(page)
        screenshot(page, f"phone_home_habit_{lang}")
        passed = True
    finally:
        if not passed:
            screenshot(page, f"FAILED-phone_home_habit_{lang}")
        context.close()
        store.engine.dispose()
