"""The Play page in a real browser at 390 px: a whole hand arranged by taps in the arranging component (no
server round trip until "Confirm"), then one submission: the showdown, the running score and the analysis.
Screenshots in artifacts/screenshots/play_*."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, WebSocket, expect

from maubinh.play import Strength, Table, play_deal
from maubinh.rules import POSITIONS, load_rule_set
from maubinh.settle import Settlement
from maubinh.strategy.arrangers import arrange_simple
from tests.e2e.conftest import assert_no_exception, assert_page_found, screenshot, wait_idle

PHONE = {"width": 390, "height": 844}


def _settlement() -> Settlement:
    """The settlement of the hand the test plays (deal 1 of seed 7, the beginner's split): what the page shows."""
    rule_set = load_rule_set("chi-at")
    table = Table(rule_set, 7, (Strength.SOLVER, Strength.BEGINNER))
    return play_deal(table, 1, arrange_simple(table.deal(1)[0], rule_set), bots=table.bot_plays(1)).settlement
TEXT = {"en": ("Showdown", "Analysis", "(you)"), "vi": ("Lật bài", "Phân tích", "Bạn")}


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_hand_arranged_by_taps_at_390_px_is_one_submission(browser_page: Page, app_url: str, lang: str) -> None:
    page = browser_page
    page.set_viewport_size(PHONE)  # type: ignore[arg-type]
    sent: list[str] = []

    def watch(ws: WebSocket) -> None:
        ws.on("framesent", lambda payload: sent.append(str(payload)[:20]))

    page.on("websocket", watch)
    page.goto(f"{app_url}/play?lang={lang}&seed=7&deal=1&bots=solver,beginner&rules=chi-at")
    wait_idle(page)
    assert_page_found(page)
    assert_no_exception(page)
    hand = page.locator(".mb-hand button.mb-card")
    expect(hand).to_have_count(13)
    for box in (hand.nth(i).bounding_box() for i in range(13)):
        assert box is not None and box["width"] >= 44 and box["height"] >= 44
    page_width = page.evaluate("() => document.documentElement.scrollWidth")
    assert page_width <= 390, page_width  # nothing wider than the phone

    rule_set = load_rule_set("chi-at")
    cards = Table(rule_set, 7, (Strength.SOLVER, Strength.BEGINNER)).deal(1)[0]
    split = arrange_simple(cards, rule_set)
    page.wait_for_timeout(500)
    before = len(sent)
    # a wrong start: the middle's cards into the back, then swap the two chi back
    for position, target in ((POSITIONS[1], "back"), (POSITIONS[0], "middle"), (POSITIONS[2], "front")):
        for card in split.chi(position):
            page.locator(f'.mb-hand button[data-card="{card}"]').click()
            page.locator(f'button.mb-chi-head[data-place="{target}"]').click()
    status = page.locator(".mb-status")
    # a tap on a placed card takes it back, and a tap places it again
    front_card = str(split.front[0])
    page.locator(f'.mb-chi-front button[data-card="{front_card}"]').click()
    expect(page.locator(".mb-hand button.mb-card")).to_have_count(1)
    page.locator(f'.mb-hand button[data-card="{front_card}"]').click()
    page.locator('button.mb-chi-head[data-place="front"]').click()
    if split.back != split.middle:
        page.locator('button[data-swap="back-middle"]').click()
    screenshot(page, f"play_{lang}_390_arranged")
    expect(status).to_have_class(re.compile("mb-ok"))
    note = page.locator(".mb-chi-back .mb-chi-note").inner_text()
    assert ":" in note  # the back's category shown as the cards landed
    page.wait_for_timeout(300)
    assert len(sent) == before, "a tap reached the server before Confirm"

    page.locator("button[data-confirm]").click()
    wait_idle(page, timeout_ms=60_000)
    assert len(sent) > before
    showdown, analysis, you = TEXT[lang]
    expect(page.get_by_role("heading", name=re.compile(re.escape(showdown) + "$"))).to_be_visible(timeout=60_000)
    expect(page.get_by_text(analysis, exact=True)).to_be_visible()
    score = page.locator(".st-key-play_score")  # one short line, not a box per seat (issue 36)
    expect(score).to_contain_text(you)
    assert re.search(r"[+−]\d+|\b0\b", score.inner_text())
    # the compact showdown: the three chi's names once, each seat on a line of three chi (cards as text, category),
    # a mark per chi of the learner's result against each computer player; the analysis above it
    showdown_box = page.locator(".mb-showdown")
    expect(showdown_box).to_be_visible()
    assert showdown_box.locator(".mb-sd-head").count() == 3 and showdown_box.locator(".mb-sd-seat").count() == 3
    assert showdown_box.locator(".mb-sd-chi").count() == 9
    compared = sum(len(pair.chi_results()) for pair in _settlement().pairs if pair.a == 0)
    assert showdown_box.locator(".mb-mark").count() == compared
    assert "♣" in showdown_box.inner_text() or "♠" in showdown_box.inner_text()
    numbers = page.locator(".st-key-play_analysis_numbers").bounding_box()
    box = showdown_box.bounding_box()
    assert numbers is not None and box is not None and numbers["y"] < box["y"], (numbers, box)  # the analysis first
    assert box["height"] < 844 / 2, box  # the showdown in less than half a phone's screen
    assert_no_exception(page)
    screenshot(page, f"play_{lang}_390_showdown")
