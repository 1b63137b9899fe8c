"""Issue 7 in a real browser: deal a 4-player table, arrange it (Xếp bài, then by hand with the foul flagged),
settle it under every rule set, make house rules (diff, use, download, load a bad file), compare them at the
table, run many deals; screenshots of every step, also on a 390 px phone."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from maubinh.house import load_house_rules
from tests.e2e.conftest import assert_no_exception, open_many_deals, screenshot, wait_idle

PHONE = {"width": 390, "height": 844}


def click(page: Page, locator: str) -> None:
    page.locator(locator).first.click()
    wait_idle(page)
    assert_no_exception(page)


def test_deal_arrange_settle_and_house_rules(app_url: str, browser_page: Page, tmp_path: Path) -> None:
    page = browser_page
    page.goto(f"{app_url}/sandbox?lang=en&seats=4&seed=7")
    wait_idle(page)
    assert_no_exception(page)
    expect(page.get_by_role("heading", name="Player 4")).to_be_visible()
    screenshot(page, "sandbox_dealt")

    # Arrange: Xếp bài for every seat, then break seat 1 by hand (swap a back card with a front card).
    page.get_by_role("button", name=re.compile("Arrange all")).click()
    wait_idle(page)
    assert_no_exception(page)
    expect(page.get_by_text(re.compile("Arranged for")).first).to_be_visible()
    click(page, ".st-key-sandbox_mode0 button:has-text('Move')")
    seat = page.locator(".mb-arrange").first  # seat 1 is the only one moving cards
    back = seat.locator(".mb-chi-back button.mb-card").first
    front = seat.locator(".mb-chi-front button.mb-card").first
    back_card, front_card = back.get_attribute("data-card"), front.get_attribute("data-card")
    back.click()  # both back to the hand, then each into the other's chi (in the browser, no round trip)
    front.click()
    seat.locator(f'.mb-hand button[data-card="{front_card}"]').click()
    seat.locator('button.mb-chi-head[data-place="back"]').click()
    seat.locator(f'.mb-hand button[data-card="{back_card}"]').click()
    seat.locator('button.mb-chi-head[data-place="front"]').click()
    expect(seat.locator(".mb-status")).to_have_class(re.compile("mb-foul"))  # flagged before confirming
    screenshot(page, "sandbox_move_foul_flagged")
    seat.locator("button[data-confirm]").click()
    wait_idle(page)
    expect(page.get_by_text(re.compile(r"Binh lủng \(foul\)")).first).to_be_visible()
    screenshot(page, "sandbox_moved_foul")
    click(page, ".st-key-sandbox_solve0 button")
    expect(page.get_by_role("heading", name="Settlement under every rule set")).to_be_visible()
    expect(page.get_by_role("heading", name="Who pays whom")).to_be_visible()
    expect(page.get_by_text("Where each player's chi came from").first).to_be_visible()
    assert "hands=" in page.url
    screenshot(page, "sandbox_settled")

    # House rules: start from chi-at, name them, foul pays 6, use them in the session.
    page.get_by_role("tab", name="House rules", exact=True).click()
    wait_idle(page)
    name = page.locator(".st-key-sandbox_house_name input")
    name.fill("Nhà Tư")
    name.press("Enter")
    wait_idle(page)
    foul = page.locator(".st-key-sandbox_house_foul input")
    foul.fill("6")
    foul.press("Enter")
    wait_idle(page)
    assert_no_exception(page)
    expect(page.get_by_text("6 chi").first).to_be_visible()
    expect(page.get_by_role("heading", name=re.compile("What differs from"))).to_be_visible()
    with page.expect_download() as download_info:
        page.get_by_role("button", name="Download TOML file").click()
    saved = tmp_path / "house.toml"
    download_info.value.save_as(saved)
    house = load_house_rules(saved.read_text(encoding="utf-8"))
    assert (house.id, house.foul_penalty, house.name("vi")) == ("nha-tu", 6, "Nhà Tư")
    click(page, ".st-key-sandbox_house_keep button")
    expect(page.get_by_text(re.compile("“Nhà Tư” is in use"))).to_be_visible()
    screenshot(page, "sandbox_house_rules")

    # A bad file: every wrong value named, with its key; the text stays to be fixed.
    bad = tmp_path / "bad.toml"
    bad.write_text(saved.read_text(encoding="utf-8").replace("penalty = 6", "penalty = -6"), encoding="utf-8")
    page.locator(".st-key-sandbox_house_upload input[type=file]").set_input_files(str(bad))
    wait_idle(page, settle_ms=500)
    assert_no_exception(page)
    expect(page.get_by_text(re.compile("Wrong values in")).first).to_be_visible()
    expect(page.get_by_text(re.compile(r"foul\.penalty: expected a whole number from 0 to 100")).first).to_be_visible()
    screenshot(page, "sandbox_house_bad_file")

    # Back at the table, the house rules are compared with the sources.
    page.get_by_role("tab", name="The table", exact=True).click()
    wait_idle(page)
    assert_no_exception(page)
    expect(page.get_by_role("tab", name="Nhà Tư")).to_be_visible()
    assert "house=" in page.url
    screenshot(page, "sandbox_table_with_house_rules")

    # Many deals, small for the test.
    open_many_deals(page, 60)
    click(page, ".st-key-sandbox_sim_run button")
    wait_idle(page, timeout_ms=120_000)
    expect(page.get_by_text(re.compile(r"60 deals · 4 players · seed 1"))).to_be_visible(timeout=120_000)
    expect(page.get_by_role("button", name="Download CSV (every deal)")).to_be_visible()
    screenshot(page, "sandbox_many_deals")

    # The house-rules tab once more (issue 20, item 1; issue 22, item 6): its fields are kept (it raised a KeyError
    # and blanked the name on the second visit).
    page.get_by_role("tab", name="House rules", exact=True).click()
    wait_idle(page)
    assert_no_exception(page)
    expect(page.locator(".st-key-sandbox_house_name input")).to_have_value("Nhà Tư")
    expect(page.locator(".st-key-sandbox_house_foul input")).to_have_value("6")

    # The link opens the same table, with the house rules, in a fresh session.
    link = page.url.replace("lang=en", "lang=vi")
    other = page.context.browser.new_context(viewport={"width": 1280, "height": 900}).new_page()  # type: ignore[union-attr]
    other.goto(re.sub(r"sandbox_view=[^&]*&?", "", link))
    wait_idle(other)
    assert_no_exception(other)
    expect(other.get_by_role("tab", name="Nhà Tư")).to_be_visible()
    other.context.close()


def test_sandbox_on_a_phone(app_url: str, e2e_browser: Browser) -> None:
    context = e2e_browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(f"{app_url}/sandbox?lang=vi&seats=3&seed=7")
        wait_idle(page)
        assert_no_exception(page)
        expect(page.get_by_role("heading", name="Người chơi 3")).to_be_visible()
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= PHONE["width"] + 1, f"the page scrolls sideways: {width} px"
        screenshot(page, "sandbox_phone_table")
        click(page, ".st-key-sandbox_mode0 button:has-text('Chọn lá')")
        screenshot(page, "sandbox_phone_picker")
        page.get_by_role("tab", name="Luật nhà", exact=True).click()
        wait_idle(page)
        assert_no_exception(page)
        screenshot(page, "sandbox_phone_house_rules")
    finally:
        context.close()


