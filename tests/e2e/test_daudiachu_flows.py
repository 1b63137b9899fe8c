"""The Đấu địa chủ page in a real browser, with screenshots: the lesson in both languages, a typing error kept
next to its box, one question of each drill answered, the score calculator, and a 390 px phone screen.

Screenshots are taken with the viewport stretched to the page's height, so that the whole lesson is in the
picture (Streamlit scrolls its main block itself, so a plain full-page shot shows only the first screen).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from daudiachu.drills import follow_question, score_question, type_question
from tests.e2e.conftest import PHONE, assert_no_exception, assert_page_found, screenshot, wait_idle
from ui.daudiachu.labels import describe_play, type_name


def _open(page: Page, app_url: str, query: str) -> None:
    # Opened directly: the URL path is the file name, so even a freshly started server finds it.
    page.goto(f"{app_url}/dau_dia_chu?{query}")
    wait_idle(page)
    assert_no_exception(page)
    assert_page_found(page)


def _tab(page: Page, name: str) -> None:
    page.get_by_role("tab", name=name).click()
    wait_idle(page)


def _no_sideways_scroll(page: Page) -> None:
    """Nothing on the page is wider than the screen (tables may scroll inside their own box, but none need to)."""
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth,"
        " ...[...document.querySelectorAll('[data-testid=stMainBlockContainer], [data-testid=stTable] > div')]"
        ".filter(e => e.offsetParent !== null).map(e => e.scrollWidth - e.clientWidth)]"
    )
    assert widths[0] <= PHONE["width"], f"the page is {widths[0]} px wide on a {PHONE['width']} px screen"
    assert all(extra <= 1 for extra in widths[1:]), f"a block scrolls sideways by {max(widths[1:])} px"


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_lesson_draws_every_play_type_with_jokers(app_url: str, browser_page: Page, lang: str) -> None:
    page = browser_page
    _open(page, app_url, f"lang={lang}")
    heading = "Mười kiểu bài" if lang == "vi" else "The ten play types"
    expect(page.get_by_role("heading", name=heading)).to_be_visible()
    expect(page.locator("svg.ddz-joker").first).to_be_visible()
    assert page.locator("svg.mb-card").count() > 150
    reading = "Cách hiểu" if lang == "vi" else "Our reading"
    assert page.locator("[data-testid=stCaptionContainer]").get_by_text(reading, exact=True).count() == 6
    screenshot(page, f"daudiachu_lesson_{lang}")


def test_a_bad_card_is_named_next_to_its_box_and_kept(app_url: str, browser_page: Page) -> None:
    page = browser_page
    _open(page, app_url, "lang=en")
    box = page.get_by_label("The play you want to make")
    box.fill("10 J Q K Zx")
    box.press("Enter")
    wait_idle(page)
    assert_no_exception(page)
    expect(page.get_by_text("“Zx”: unknown rank")).to_be_visible()
    expect(box).to_have_value("10 J Q K Zx")
    box.fill("2222")
    box.press("Enter")
    wait_idle(page)
    verdict = page.get_by_test_id("stAlertContentSuccess").filter(has_text="A bomb beats any play that is neither")
    expect(verdict).to_be_visible()
    page.get_by_role("heading", name="Try your own cards").evaluate("e => e.scrollIntoView({block: 'start'})")
    screenshot(page, "daudiachu_try_cards")


def test_one_question_of_each_drill(app_url: str, browser_page: Page) -> None:
    page = browser_page
    _open(page, app_url, "lang=en&seed=1")
    _tab(page, "Drills")

    question = type_question(1, 0)
    answer = type_name(question.answer, "en") if question.answer else "Not a play"
    page.get_by_test_id("stForm").get_by_text(answer, exact=True).click()
    page.get_by_role("button", name="Check").click()
    wait_idle(page)
    assert_no_exception(page)
    expect(page.get_by_text(re.compile(r"^Right!")).first).to_be_visible()
    expect(page.get_by_role("tab", name="Drills")).to_have_attribute("aria-selected", "true")  # still on the tab
    screenshot(page, "daudiachu_drill_type")

    page.get_by_text("Can this play follow that one?", exact=True).click()
    wait_idle(page)
    follow = follow_question(1, 0)
    expect(page.get_by_text(f"On the table: {describe_play(follow.previous, 'en')}")).to_be_visible()
    page.get_by_role("button", name="Yes, it beats it" if follow.beats else "No, it cannot").click()
    wait_idle(page)
    expect(page.get_by_text(re.compile(r"^Right!")).first).to_be_visible()
    screenshot(page, "daudiachu_drill_follow")

    page.get_by_text("Score this game", exact=True).click()
    wait_idle(page)
    game = score_question(1, 0)
    fields = page.get_by_test_id("stForm").locator("input[type=number]")
    expect(fields).to_have_count(len(game.score.points))  # the tab's form may still be drawing
    for field, points in zip(fields.all(), game.score.points, strict=True):
        field.fill(str(points))
    page.get_by_role("button", name="Check").click()
    wait_idle(page)
    assert_no_exception(page)
    expect(page.get_by_text(re.compile(r"^Right!")).first).to_be_visible()
    expect(page.get_by_text(re.compile(r"^Multiplier: 1 × 2 \(bomb\)"))).to_be_visible()
    screenshot(page, "daudiachu_drill_score")


def test_score_calculator(app_url: str, browser_page: Page) -> None:
    page = browser_page
    _open(page, app_url, "lang=vi")
    _tab(page, "Tính điểm")
    bombs = page.get_by_role("spinbutton", name="Số bom đã ra trong ván")
    bombs.fill("2")
    bombs.press("Enter")
    wait_idle(page)
    page.get_by_text("Có người ra hỏa tiễn").click()
    wait_idle(page)
    page.get_by_text("Trường hợp a): hai nông dân chưa ra được lá nào").click()
    wait_idle(page)
    assert_no_exception(page)
    metrics = page.locator("[data-testid=stMetricValue]:visible").all_inner_texts()
    assert metrics == ["+32", "−16", "−16"]  # bid 1 x 2 x 2 (bombs) x 2 (rocket) x 2 (case a) = 16 each farmer
    expect(page.get_by_text("Bội số: 1 × 2 (bom) × 2 (bom) × 2 (hỏa tiễn) × 2 (trường hợp a)) = 16.")).to_be_visible()
    screenshot(page, "daudiachu_calculator_vi")


def test_phone_screen(app_url: str, browser_page: Page) -> None:
    page = browser_page
    page.set_viewport_size(PHONE)
    _open(page, app_url, "lang=vi&seed=2")
    expect(page.get_by_role("heading", name="Mười kiểu bài")).to_be_attached()
    _no_sideways_scroll(page)
    screenshot(page, "daudiachu_phone_lesson")
    page.set_viewport_size(PHONE)
    _tab(page, "Luyện tập")
    _no_sideways_scroll(page)
    screenshot(page, "daudiachu_phone_drill")
    _tab(page, "Tính điểm")
    _no_sideways_scroll(page)
    screenshot(page, "daudiachu_phone_calculator")
