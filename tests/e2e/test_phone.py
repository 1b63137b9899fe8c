"""Issue 20, phone (390 px): the sidebar closes when a page is chosen from it (and stays open when the
language is switched); on a desktop it stays beside the page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.e2e.conftest import IDLE_TIMEOUT_MS, assert_no_exception, screenshot, wait_idle

SIDEBAR_RIGHT = "() => Math.round(document.querySelector('[data-testid=stSidebar]').getBoundingClientRect().right)"


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_sidebar_closes_after_choosing_a_page_on_a_phone(app_url: str, e2e_browser: Browser, lang: str) -> None:
    context = e2e_browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(IDLE_TIMEOUT_MS)
    try:
        page.goto(f"{app_url}/?lang={lang}")
        wait_idle(page)
        if page.evaluate(SIDEBAR_RIGHT) <= 0:
            page.locator("[data-testid=stExpandSidebarButton]").tap()
            page.wait_for_timeout(800)
        assert page.evaluate(SIDEBAR_RIGHT) > 390 / 2  # open, over most of the screen
        page.locator("[data-testid=stSidebar] [data-testid=stPageLink] a").nth(1).tap()  # Learn
        wait_idle(page, settle_ms=500)
        page.wait_for_timeout(800)
        assert "/learn" in page.url
        assert page.evaluate(SIDEBAR_RIGHT) <= 0, "the sidebar still covers the page after navigation"
        assert_no_exception(page)
        screenshot(page, f"phone_after_navigation_{lang}")
    finally:
        context.close()


def test_the_sidebar_stays_beside_the_page_on_a_desktop(app_url: str, e2e_browser: Browser) -> None:
    context = e2e_browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    page.set_default_timeout(IDLE_TIMEOUT_MS)
    try:
        page.goto(f"{app_url}/?lang=en")
        wait_idle(page)
        page.locator("[data-testid=stSidebar] [data-testid=stPageLink] a").nth(1).click()
        wait_idle(page, settle_ms=500)
        page.wait_for_timeout(800)
        assert "/learn" in page.url and page.evaluate(SIDEBAR_RIGHT) > 0
    finally:
        context.close()
