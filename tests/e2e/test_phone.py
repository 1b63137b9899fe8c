"""Issue 20, phone (390 px): the sidebar closes when a page is chosen from it (and stays open when the
language is switched); on a desktop it stays beside the page."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.e2e.conftest import (
    IDLE_TIMEOUT_MS,
    assert_no_exception,
    assert_title_below_the_header,
    screenshot,
    wait_idle,
)

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def _open(browser: Browser, options: dict) -> tuple[BrowserContext, Page]:
    """A fresh context of ``options`` (a phone: :data:`PHONE`) and a page in it, waiting up to the idle timeout."""
    context = browser.new_context(**options)
    page = context.new_page()
    page.set_default_timeout(IDLE_TIMEOUT_MS)
    return context, page

SIDEBAR_RIGHT = "() => Math.round(document.querySelector('[data-testid=stSidebar]').getBoundingClientRect().right)"


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_the_sidebar_closes_after_choosing_a_page_on_a_phone(app_url: str, e2e_browser: Browser, lang: str) -> None:
    context, page = _open(e2e_browser, PHONE)
    try:
        page.goto(f"{app_url}/?lang={lang}")
        wait_idle(page)
        if page.evaluate(SIDEBAR_RIGHT) <= 0:
            page.locator("[data-testid=stExpandSidebarButton]").tap()
            page.wait_for_timeout(800)
        assert page.evaluate(SIDEBAR_RIGHT) > 390 / 2  # open, over most of the screen
        if lang == "vi":  # Streamlit's own screen-reader labels in the page's language (issue 36)
            labels = page.evaluate("() => [...document.querySelectorAll('[aria-label]')].map(e => e.getAttribute('aria-label'))")
            assert not {"Expand sidebar", "Collapse sidebar", "Link to heading", "Download as CSV", "Search",
                        "Fullscreen"} & set(labels), labels
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
    context, page = _open(e2e_browser, {"viewport": {"width": 1366, "height": 900}})
    try:
        page.goto(f"{app_url}/?lang=en")
        wait_idle(page)
        page.locator("[data-testid=stSidebar] [data-testid=stPageLink] a").nth(1).click()
        wait_idle(page, settle_ms=500)
        page.wait_for_timeout(800)
        assert "/learn" in page.url and page.evaluate(SIDEBAR_RIGHT) > 0
    finally:
        context.close()


SMALL_TARGETS = r'''() => {
  const sidebar = document.querySelector('[data-testid=stSidebar]');
  const hidden = (e) => e.closest('[data-testid=stSidebar]') && sidebar.getBoundingClientRect().right <= 0;
  const small = [];
  const every = 'button, a, [data-testid=stRadio] label, [data-testid=stCheckbox] label, summary, [data-testid=stTab], '
    + '[data-testid=stTooltipHoverTarget], [data-testid=stSelectbox] [data-baseweb=select] > div';
  for (const e of document.querySelectorAll(every)) {
    const r = e.getBoundingClientRect();
    // heading anchors show on hover only
    if (!r.width || !r.height || hidden(e) || e.closest('h1, h2, h3, h4, h5, h6')) continue;
    if (e.getAttribute('data-testid') === 'stSkipToContent') continue;  // shown on keyboard focus only
    const field = e.closest('[data-testid=stSelectbox] [role=group], [data-testid=stMultiSelect] [role=group]');
    if (field && e.getAttribute('tabindex') === '-1' && !e.closest('[data-testid=stMultiSelectTagsContainer]')
        && field.getBoundingClientRect().height >= 44) continue;  // the chevron inside a select box: the box is the target
    const after = parseFloat(getComputedStyle(e, '::after').height) || 0;  // a small icon's enlarged hit area
    if (Math.max(r.height, after) < 44)
      small.push(Math.round(r.height) + 'px ' + (e.innerText || e.getAttribute('aria-label') || e.tagName).slice(0, 40));
  }
  return small;
}'''


NO_ENTER_HINT = """() => {  // a phone has no Enter key, and at 390 px the hint covered a box's clear icon (issue 36)
  const probe = document.createElement('div');
  probe.setAttribute('data-testid', 'InputInstructions');
  probe.textContent = 'Press Enter to apply';
  document.querySelector('[data-testid=stMainBlockContainer]').appendChild(probe);
  const shown = getComputedStyle(probe).display !== 'none';
  probe.remove();
  return shown;
}"""


@pytest.mark.parametrize("path", ["?lang=vi", "drill?lang=vi", "sandbox?lang=en&seats=2&seed=7", "learn?lang=en&step=naturals",
                                  "learn?lang=vi&step=five", "play?lang=en", "progress?lang=vi"])
def test_tap_targets_are_at_least_44_px_on_a_phone(app_url: str, e2e_browser: Browser, path: str) -> None:
    """Issue 20 §8: on a touch screen every button, chip, link and choice is at least 44 px tall (issue 36: tabs, select
    boxes, help icons and a lesson's links to its categories too), no "Press Enter" hint; and the page's title is not
    under Streamlit's header bar."""
    context, page = _open(e2e_browser, PHONE)
    try:
        page.goto(f"{app_url}/{path}")
        wait_idle(page)
        page.wait_for_timeout(1500)
        assert page.evaluate(SMALL_TARGETS) == []
        assert page.evaluate(NO_ENTER_HINT) is False
        assert_title_below_the_header(page)
    finally:
        context.close()
