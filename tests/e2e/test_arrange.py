"""The arranging component (ui/arrange) in a real browser at 390 px: a whole hand of the Drill's "set it
yourself" arranged by taps with binh lủng flagged before confirming, the arrangement in progress kept across a
page change, and one submission; the Play timer reaching zero (a short limit from MAUBINH_TEST_TIMER_S, set
by the test server only). Screenshots in artifacts/screenshots/arrange_*."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from maubinh.arrangement import Arrangement
from maubinh.drills import ArrangeQuestion, DrillSet, Kind, Level, make_question
from tests.e2e.arrange import assert_tap_targets, frames_sent, place_by_taps
from tests.e2e.conftest import PHONE, assert_no_exception, assert_page_found, screenshot, wait_idle

DESKTOP = {"width": 1280, "height": 900}
FEEDBACK = "[data-testid=stAlertContentSuccess], [data-testid=stAlertContentError]"


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_set_it_yourself_by_taps_at_390_px_is_one_submission(browser_page: Page, app_url: str, lang: str) -> None:
    page = browser_page
    page.set_viewport_size(PHONE)  # type: ignore[arg-type]
    sent = frames_sent(page)
    link = f"{app_url}/drill?lang={lang}&kinds=arrange&level=beginner&rules=chi-at&seed=4&n=1"
    page.goto(link)
    expect(page.locator(".mb-hand button.mb-card")).to_have_count(13, timeout=300_000)  # prepared in the background
    assert_page_found(page)
    assert_tap_targets(page)
    q = make_question(DrillSet((Kind.ARRANGE,), Level.BEGINNER, "chi-at", seed=4, count=1), 0)
    assert isinstance(q, ArrangeQuestion)
    page.wait_for_timeout(500)
    before = len(sent)
    # The five lowest cards in the back, the five highest in the middle: binh lủng, flagged in the browser.
    low_first = sorted(q.cards)
    fouled = Arrangement(tuple(low_first[:5]), tuple(low_first[-5:]), tuple(low_first[5:8]))
    place_by_taps(page, fouled)
    expect(page.locator(".mb-status")).to_have_class(re.compile("mb-foul"))
    expect(page.locator(".mb-chi-back")).to_have_class(re.compile("mb-bad"))
    expect(page.locator("button[data-confirm]")).to_have_class(re.compile("mb-confirm-foul"))
    screenshot(page, f"arrange_drill_{lang}_390_foul")
    page.locator("button[data-clear]").click()
    # Half the best split, then another page and back: the cards placed are still there.
    for card in q.best.back:
        page.locator(f'.mb-hand button[data-card="{card}"]').click()
        page.locator('button.mb-chi-head[data-place="back"]').click()
    page.wait_for_timeout(300)
    assert len(sent) == before, "a tap reached the server before Confirm"
    page.goto(f"{app_url}/learn?lang={lang}")
    wait_idle(page)
    page.goto(link)
    expect(page.locator(".mb-chi-back button.mb-card")).to_have_count(5, timeout=300_000)
    assert ":" in page.locator(".mb-chi-back .mb-chi-note").inner_text()  # its category, as the cards landed
    page.wait_for_timeout(500)
    before = len(sent)
    rest = Arrangement(q.best.back, q.best.middle, q.best.front)
    for position, cards in (("middle", rest.middle), ("front", rest.front[:2])):
        for card in cards:
            page.locator(f'.mb-hand button[data-card="{card}"]').click()
            page.locator(f'button.mb-chi-head[data-place="{position}"]').click()
    page.locator("button[data-rest=front]").click()  # the last card to the one chi with room
    expect(page.locator(".mb-status")).to_have_class(re.compile("mb-ok"))
    screenshot(page, f"arrange_drill_{lang}_390_ready")
    page.wait_for_timeout(300)
    assert len(sent) == before, "a tap reached the server before Confirm"
    page.locator("button[data-confirm]").click()
    wait_idle(page, timeout_ms=120_000)
    expect(page.locator(FEEDBACK).first).to_be_visible(timeout=120_000)
    assert len(sent) > before
    assert page.locator(".mb-arrange").count() == 0  # answered: the feedback replaces the component
    assert_no_exception(page)
    screenshot(page, f"arrange_drill_{lang}_390_graded")


@pytest.mark.parametrize(("lang", "size"), [("vi", "390"), ("en", "desktop")])
def test_the_play_timer_at_zero_plays_the_solvers_split_marked(browser_page: Page, app_url: str, lang: str,
                                                               size: str) -> None:
    page = browser_page
    page.set_viewport_size(PHONE if size == "390" else DESKTOP)  # type: ignore[arg-type]
    page.goto(f"{app_url}/play?lang={lang}&seed=11&deal=1&bots=solver,beginner&rules=chi-at")
    wait_idle(page)
    assert_page_found(page)
    expect(page.locator(".mb-timer")).to_have_count(0)  # off by default
    page.locator("[data-testid=stExpander] summary").first.click()  # the table's settings, folded
    wait_idle(page)  # the page may still be running (a cold kernel in CI): a click on "60" then was once lost
    page.locator("[data-testid=stButtonGroup] button").filter(has_text=re.compile(r"^60")).click()
    # No wait_idle here: the clock runs from the moment it is drawn, and the rest of the page (the first deal's
    # study, a cold kernel in CI) may keep the script running longer than the test's limit.
    # the whole limit from the moment the timer is switched on (a clock first drawn mid-deal once started at zero)
    expect(page.locator(".mb-clock")).to_have_text(re.compile(r"0:(0[3-9]|1\d)$"), timeout=120_000)
    expect(page.locator(".mb-timer-rule")).to_contain_text("solver" if lang == "en" else "máy giải")
    screenshot(page, f"arrange_play_timer_{lang}_{size}")
    # MAUBINH_TEST_TIMER_S (tests/e2e/conftest.py) makes the limit a few seconds: at zero, with the cards still
    # in the hand (no legal split), the browser sends by itself and the solver's split is played, marked.
    said = "the solver's split was played for you" if lang == "en" else "máy giải đã xếp thay bạn"
    expect(page.get_by_text(said, exact=False).first).to_be_visible(timeout=180_000)
    assert_no_exception(page)
    # Issue 31: the solver's split is not praised as the player's; the miss is charged what binh lủng costs.
    charged = "charged what binh lủng would cost" if lang == "en" else "bị tính như binh lủng"
    expect(page.get_by_text(charged, exact=False).first).to_be_visible(timeout=120_000)
    praise = "You played the best split" if lang == "en" else "Bạn đã xếp cách tốt nhất"
    expect(page.get_by_text(praise, exact=False)).to_have_count(0)
    screenshot(page, f"arrange_play_timer_{lang}_{size}_zero")
    # The session's figures count it as a miss, marked timed out.
    page.get_by_role("tab", name="Session summary" if lang == "en" else "Tổng kết buổi chơi").click()
    numbers = page.locator(".st-key-play_summary_numbers")
    expect(numbers).to_contain_text("1/1")
    expect(page.get_by_text("1 hand timed out" if lang == "en" else "1 ván hết giờ", exact=False).first).to_be_visible()
    expect(page.get_by_text("timed out · solver's split" if lang == "en" else "hết giờ · máy xếp thay",
                            exact=False).first).to_be_visible()
    screenshot(page, f"arrange_play_timer_{lang}_{size}_summary")
