"""Issue 36, "Remembered", in a real browser on a 390 px phone, both languages: a learner answers a Drill set, makes a
profile from the Drill (the "keep this link" box appears), closes the page; a new page of the same browser at the
home address is recognised (the day's streak and goal), Progress at its bare address holds the set's answers, and
"not me / forget this device" in the sidebar forgets: the cookie is gone and the page offers a profile again."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.e2e.conftest import IDLE_TIMEOUT_MS, assert_no_exception, screenshot, wait_idle
from tests.e2e.test_phone import PHONE, SIDEBAR_RIGHT
from ui.device import COOKIE
from ui.i18n import translate

CHOICE = "[class*='st-key-drill_choice_'] button"
HOME_BOX = "[class*=st-key-habit_box_home]"


def _new_page(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    page.set_default_timeout(IDLE_TIMEOUT_MS)
    page.goto(url)
    wait_idle(page)
    return page


def _cookie(context: BrowserContext) -> dict | None:  # type: ignore[type-arg]
    return next((c for c in context.cookies() if c["name"] == COOKIE), None)


def _open_sidebar(page: Page) -> None:
    """Open the sidebar if it is closed (the browser may keep it open from the last page)."""
    if page.evaluate(SIDEBAR_RIGHT) <= 0:
        page.locator("[data-testid=stExpandSidebarButton]").tap()
    page.locator("[data-testid=stSidebar] .st-key-device_forget").wait_for(state="visible")


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_profile_made_in_the_drill_is_remembered_by_the_browser_then_forgotten(
        app_url: str, e2e_browser: Browser, lang: str) -> None:
    context = e2e_browser.new_context(**PHONE)
    name = f"Lan {lang}"
    try:
        page = _new_page(context, f"{app_url}/drill?lang={lang}&kinds=chi&level=beginner&rules=chi-at&seed=8&n=2")
        page.wait_for_selector(CHOICE, timeout=120_000)
        page.locator(CHOICE).first.tap()  # question 1, then 2: a set answered before any profile
        wait_idle(page)
        page.locator(".st-key-drill_next button").tap()
        wait_idle(page)
        page.locator(CHOICE).first.tap()
        wait_idle(page)
        assert _cookie(context) is None
        page.get_by_text(translate("drill.no_profile", lang)).tap()
        page.get_by_label(translate("progress.name", lang)).fill(name)
        page.get_by_role("button", name=translate("progress.create", lang)).tap()
        wait_idle(page, settle_ms=300)
        box = page.locator(".st-key-keep_link_box")
        box.wait_for(state="visible")
        me = re.search(r"[?&]me=([^&]+)", page.url)
        assert me is not None and me.group(1) in box.locator("code").inner_text()
        assert box.locator("img").first.bounding_box()["width"] <= 390  # the QR code
        assert box.locator("[data-testid=stCode] button").count() == 1  # its copy button
        box.scroll_into_view_if_needed()
        screenshot(page, f"remembered_keep_link_{lang}")
        cookie = _cookie(context)
        assert cookie is not None and cookie["value"] == me.group(1) and cookie["sameSite"] == "Lax"
        assert cookie["expires"] > 0 and not cookie["secure"]  # long-lived; served over http here
        page.close()

        home = _new_page(context, f"{app_url}/?lang={lang}")  # the home address, no personal link
        habit = home.locator(HOME_BOX)
        streak = habit.locator("[data-testid=stMetric]", has_text=translate("habit.streak", lang))
        assert streak.is_visible() and habit.get_by_text("/5").first.is_visible()  # recognised: the streak, the goal
        _open_sidebar(home)
        sidebar = home.locator("[data-testid=stSidebar]")
        assert name in sidebar.inner_text()
        assert home.evaluate("() => document.documentElement.scrollWidth") <= 390
        screenshot(home, f"remembered_sidebar_{lang}")
        assert_no_exception(home)
        home.close()

        progress = _new_page(context, f"{app_url}/progress?lang={lang}")  # any page without ?me=
        right = progress.locator("[data-testid=stMetric]", has_text=translate("progress.metric.right", lang))
        assert re.search(r"\b[0-2]/2\b", right.inner_text())  # the set answered before the profile is in it
        _open_sidebar(progress)
        progress.locator(".st-key-device_forget button").tap()
        wait_idle(progress, settle_ms=300)
        assert _cookie(context) is None
        assert "me=" not in progress.url
        assert progress.get_by_role("button", name=translate("progress.create", lang)).is_visible()  # offered again
        assert_no_exception(progress)  # a new page is nobody's: no cookie to send (AppTest: tests/app/test_remembered.py)
    finally:
        context.close()
