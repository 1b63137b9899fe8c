"""The Progress page in a real browser, in both languages and on a 390 px phone: a profile made, a few
questions practised in the Drill page, back to the charts. Screenshots in artifacts/screenshots/progress_*."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import IDLE_TIMEOUT_MS, VIEWPORT, assert_no_exception, screenshot, wait_idle

PHONE = {"width": 390, "height": 844}
WORDS = {
    "vi": {"name": "Tên của bạn (chỉ để hiển thị)", "create": "Tạo hồ sơ của tôi", "free": "Luyện tự do (lưu vào hồ sơ)",
           "back": re.compile("Đang lưu vào hồ sơ"), "rating": "Hệ số"},
    "en": {"name": "Your name (shown only to you and your teacher)", "create": "Make my profile",
           "free": "Free practice (kept in the profile)", "back": re.compile("Kept in"), "rating": "Rating"},
}


@pytest.mark.parametrize(("lang", "viewport"), [("vi", PHONE), ("en", VIEWPORT)], ids=["vi-phone", "en-desktop"])
def test_a_profile_practises_and_sees_its_progress(e2e_browser: Browser, app_url: str, lang: str,
                                                  viewport: dict[str, int]) -> None:
    words = WORDS[lang]
    page = e2e_browser.new_context(viewport=viewport).new_page()  # type: ignore[arg-type]
    page.set_default_timeout(IDLE_TIMEOUT_MS)
    page.goto(f"{app_url}/progress?lang={lang}")
    wait_idle(page)
    screenshot(page, f"progress_new_{lang}")
    page.get_by_label(words["name"]).fill("Ngọc <Ánh>")
    page.get_by_role("button", name=words["create"]).click()
    wait_idle(page)
    expect(page).to_have_url(re.compile(r"[?&]me="))
    assert_no_exception(page)

    page.get_by_role("link", name=words["free"]).click()
    wait_idle(page)
    page.goto(page.url.split("?")[0] + "?" + page.url.split("?")[1] + "&kinds=chi,foul&n=4&level=beginner&seed=3")
    wait_idle(page)
    for _ in range(2):
        page.locator(".st-key-drill_choice_0 button").click()
        wait_idle(page)
        assert_no_exception(page)
        page.locator(".st-key-drill_next button").click()
        wait_idle(page)
    expect(page).to_have_url(re.compile(r"[?&]run="))
    page.get_by_role("link", name=words["back"]).click()
    wait_idle(page)
    expect(page.get_by_text(words["rating"], exact=True).first).to_be_visible()
    expect(page.locator("[data-testid=stPlotlyChart]").first).to_be_visible()
    assert_no_exception(page)
    screenshot(page, f"progress_profile_{lang}")
    page.context.close()
