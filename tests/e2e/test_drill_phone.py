"""Issue 20, item 5: on a phone (390 x 844) a drill question's first screen shows its cards and its answer
buttons; the set panel, the intro and the badges come after them."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.e2e.conftest import assert_no_exception, assert_title_below_the_header, screenshot, wait_idle
from tests.e2e.test_phone import PHONE, _open

FIRST_SCREEN = 844
BOTTOMS = """(selectors) => selectors.map((selector) => {
  const found = [...document.querySelectorAll(selector)].filter((e) => e.getBoundingClientRect().height > 0);
  return found.length ? Math.round(Math.max(...found.map((e) => e.getBoundingClientRect().bottom + window.scrollY)))
                      : null;
})"""


@pytest.mark.parametrize(("lang", "kinds"), [("vi", "chi"), ("en", "chi"), ("vi", "foul"), ("en", "foul")])
def test_the_cards_and_the_answers_are_on_a_phone_s_first_screen(
    app_url: str, e2e_browser: Browser, lang: str, kinds: str
) -> None:
    context, page = _open(e2e_browser, PHONE)
    try:
        page.goto(f"{app_url}/drill?lang={lang}&kinds={kinds}&level=beginner&rules=chi-at&seed=5&n=3")
        wait_idle(page)
        page.wait_for_selector("[class*='st-key-drill_choice_'] button", timeout=120_000)
        cards, answers = page.evaluate(BOTTOMS, [".mb-hand", "[class*='st-key-drill_choice_'] button"])
        screenshot(page, f"drill_phone_first_screen_{kinds}_{lang}")
        assert cards is not None and answers is not None
        assert cards <= FIRST_SCREEN and answers <= FIRST_SCREEN, (cards, answers)
        assert_no_exception(page)
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_set_it_yourself_shows_all_13_cards_on_a_phone_s_first_screen(
    app_url: str, e2e_browser: Browser, lang: str
) -> None:
    # 80 px of hidden helpers' gaps above the title pushed the hand's second row below the first screen.
    context, page = _open(e2e_browser, PHONE)
    try:
        page.goto(f"{app_url}/drill?lang={lang}&kinds=arrange&level=expert&rules=chi-at&seed=5&n=2")
        wait_idle(page)
        page.wait_for_selector(".mb-hand button.mb-card", timeout=120_000)
        cards = page.locator(".mb-hand button.mb-card")  # in the component's shadow root: Playwright reaches it
        assert cards.count() == 13
        box = cards.last.bounding_box()
        scrolled = page.evaluate("() => (document.querySelector('[data-testid=stMain]') || {}).scrollTop || 0")
        screenshot(page, f"drill_phone_arrange_{lang}")
        assert_title_below_the_header(page)
        assert box is not None and box["y"] + float(scrolled) + box["height"] <= FIRST_SCREEN, (box, scrolled)
        assert_no_exception(page)
    finally:
        context.close()
