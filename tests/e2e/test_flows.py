"""A person's main paths through the app in a real browser, with screenshots (issue 2's done-when):
read the categories for a rule set, answer drill questions, settle a dealt 4-player table."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.conftest import assert_no_exception, screenshot, wait_idle


def test_learn_switches_rule_set_and_chi_names(app_url: str, browser_page: Page) -> None:
    page = browser_page
    page.goto(f"{app_url}/learn?lang=vi&rules=tinh-chi")
    wait_idle(page)
    assert_no_exception(page)
    expect(page.get_by_text("Chi đầu").first).to_be_visible()
    expect(page.locator("svg.mb-card").first).to_be_visible()
    screenshot(page, "flow_learn_tinh_chi")


def test_drill_answer_three_questions(app_url: str, browser_page: Page) -> None:
    page = browser_page
    page.goto(f"{app_url}/drill?lang=en&seed=11&rules=guide-2026")
    wait_idle(page)
    for number in range(1, 4):
        expect(page.get_by_role("heading", name=f"Question {number}")).to_be_visible()
        page.get_by_role("button", name="A is better").click()
        wait_idle(page)
        assert_no_exception(page)
        feedback = page.locator("[data-testid=stAlertContentSuccess], [data-testid=stAlertContentError]")
        expect(feedback.first).to_contain_text(re.compile(r"[Oo]ption [AB] is better"))
        expect(page.get_by_text(re.compile(rf"\d+/{number} right")).first).to_be_visible()
        if number == 1:
            screenshot(page, "flow_drill_feedback")
        page.get_by_role("button", name="Next question").click()
        wait_idle(page)


def test_sandbox_four_players_settled_under_every_rule_set(app_url: str, browser_page: Page) -> None:
    page = browser_page
    page.goto(f"{app_url}/sandbox?lang=en&seats=4&seed=7")
    wait_idle(page)
    assert_no_exception(page)
    expect(page.get_by_role("heading", name="Player 4")).to_be_visible()
    for name in ("Mậu binh with the ace rule", "LuckyWin", "Binh tính chi", "Guide 2026"):
        expect(page.get_by_role("tab", name=re.compile(name))).to_be_visible()
    page.get_by_role("button", name=re.compile(r"Arrange \(xếp bài\)")).first.click()
    wait_idle(page)
    assert_no_exception(page)
    expect(page.get_by_text(re.compile("Arranged for")).first).to_be_visible()
    screenshot(page, "flow_sandbox_four_players")
