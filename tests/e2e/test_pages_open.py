"""Every page opens directly by its URL, in each language, without an exception.

A direct URL such as ``/drill`` can run ``pages/drill.py`` on a fresh server without ``app.py`` having
run first (Streamlit's legacy ``pages/`` auto-discovery), so each page must set itself up.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.e2e.conftest import assert_no_exception, assert_page_found, screenshot, wait_idle

PATHS = ["", "learn", "drill", "sandbox", "dau_dia_chu"]
LANGS = ["vi", "en"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", PATHS, ids=lambda p: p or "home")
def test_page_opens_directly(app_url: str, browser_page: Page, path: str, lang: str) -> None:
    page = browser_page
    page.goto(f"{app_url}/{path}?lang={lang}")
    wait_idle(page)
    assert_no_exception(page)
    assert_page_found(page)
    main_text = page.locator("[data-testid=stMainBlockContainer]").inner_text().strip()
    assert main_text, f"/{path}?lang={lang}: the main block has no text"
    screenshot(page, f"page_{path or 'home'}_{lang}")
