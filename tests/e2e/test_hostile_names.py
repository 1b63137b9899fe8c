"""Issue 22, item 8, in a real browser: Drill's "set it yourself" opened with a ``?house=`` link whose chi are
named <style>, <a href>, <iframe> and <form> and whose name is a Markdown link and image. The page stays
visible, the names are shown as text, and the DOM holds none of the injected elements or links."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from maubinh.drills import DrillSet, Kind, Level, make_question
from tests.app.test_hostile_names import CHI_EN, CHI_VI, HOUSE, NAME, TOKEN
from tests.e2e.arrange import place_by_taps
from tests.e2e.conftest import assert_no_exception, screenshot, wait_idle

TALL = {"width": 1280, "height": 2200}
INJECTED = """() => {
  // the page and every open shadow root (the arranging component draws in its own: ui/arrange)
  const roots = [document, ...[...document.querySelectorAll('*')].filter(e => e.shadowRoot).map(e => e.shadowRoot)];
  const all = (selector) => roots.flatMap(root => [...root.querySelectorAll(selector)]);
  return {
    styles: all('style').filter(s => s.textContent.includes('visibility:hidden')).length,
    iframes: all('iframe[src*="evil.example"]').length,
    forms: all('form[action*="evil.example"]').length,
    links: all('a').filter(a => (a.getAttribute('href') || '').includes('evil.example')).length,
    images: all('img').filter(i => (i.getAttribute('src') || '').includes('evil.example')).length,
    hidden: getComputedStyle(document.querySelector('[data-testid=stMain]')).visibility,
    text: [document.body.innerText, ...roots.slice(1).map(root => root.textContent)].join('\\n'),
  };
}"""


def _assert_shown_as_text(page: Page, names: tuple[str, ...]) -> None:
    found = page.evaluate(INJECTED)
    assert (found["styles"], found["iframes"], found["forms"], found["links"], found["images"]) == (0, 0, 0, 0, 0), found
    assert found["hidden"] == "visible"
    for name in names:  # every hostile name is on the page, as the characters typed
        assert name in found["text"].replace("\u2060", ""), name


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_set_it_yourself_with_a_hostile_house_link_shows_the_names_as_text(
        app_url: str, browser_page: Page, lang: str) -> None:
    page = browser_page
    page.set_viewport_size(TALL)
    query = urlencode({"lang": lang, "kinds": "arrange", "level": "beginner", "rules": HOUSE.id, "house": TOKEN,
                       "seed": "4", "n": "1"})
    page.goto(f"{app_url}/drill?{query}")
    wait_idle(page)
    assert_no_exception(page)
    heading = page.get_by_role("heading", name="Câu 1" if lang == "vi" else "Question 1")
    expect(heading).to_be_visible()
    chi = CHI_VI if lang == "vi" else CHI_EN
    _assert_shown_as_text(page, chi)
    q = make_question(DrillSet((Kind.ARRANGE,), Level.BEGINNER, HOUSE.id, 4, 1, house=HOUSE), 0)
    place_by_taps(page, q.best)  # in the arranging component: the chi names as text there too
    assert_no_exception(page)
    _assert_shown_as_text(page, chi)
    page.locator("button[data-confirm]").click()
    wait_idle(page, timeout_ms=120_000)
    assert_no_exception(page)
    _assert_shown_as_text(page, (*chi, NAME))  # the feedback: both arrangements, the table, the rule set's name
    screenshot(page, f"drill_hostile_house_{lang}")

