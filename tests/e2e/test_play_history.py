"""Play history in a real browser (issue 19): a hand played, a profile made from the Play page (the hand already
played is kept in it), a second hand, then both in the hand history (with the replay) and on the Progress page.
Screenshots in artifacts/screenshots/play_history_*."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from maubinh.arrangement import Arrangement
from maubinh.play import Strength, Table
from maubinh.rules import POSITIONS, load_rule_set
from maubinh.strategy.arrangers import arrange_simple
from tests.e2e.conftest import IDLE_TIMEOUT_MS, VIEWPORT, assert_no_exception, screenshot, wait_idle

SEED, BOTS, RULES = 23, (Strength.BEGINNER,), "chi-at"


def _arrange(page: Page, split: Arrangement) -> None:
    """Tap each card then its chi, then Confirm; wait for the showdown."""
    for position in POSITIONS:
        for card in split.chi(position):
            page.locator(f'.mb-hand button[data-card="{card}"]').click()
            page.locator(f'button.mb-chi-head[data-place="{position.value}"]').click()
    page.locator("button[data-confirm]").click()
    wait_idle(page, timeout_ms=180_000)
    expect(page.get_by_text("Showdown", exact=True)).to_be_visible(timeout=180_000)
    assert_no_exception(page)


def test_two_hands_with_a_profile_are_in_the_history_and_in_progress(e2e_browser: Browser, app_url: str) -> None:
    page = e2e_browser.new_context(viewport=VIEWPORT).new_page()  # type: ignore[arg-type]
    page.set_default_timeout(IDLE_TIMEOUT_MS)
    table = Table(load_rule_set(RULES), SEED, BOTS)
    page.goto(f"{app_url}/play?lang=en&seed={SEED}&deal=1&bots=beginner&rules={RULES}")
    wait_idle(page, timeout_ms=180_000)  # a fresh server's first page
    _arrange(page, arrange_simple(table.deal(1)[0], table.rule_set))

    page.get_by_text("Keep the hands in a profile").click()
    page.get_by_label("Your name (shown only to you and your teacher)").fill("Hà <b>")
    page.get_by_role("button", name="Make my profile").click()
    wait_idle(page)
    expect(page).to_have_url(re.compile(r"[?&]me="))
    expect(page).to_have_url(re.compile(rf"[?&]seed={SEED}\b"))  # the table stays
    expect(page.get_by_text(re.compile("Hands are kept in"))).to_be_visible()

    page.get_by_role("button", name="Next deal").click()
    wait_idle(page)
    _arrange(page, arrange_simple(table.deal(2)[0], table.rule_set))

    page.get_by_role("tab", name="Session summary").click()
    expect(page.get_by_text("2 hands in this session")).to_be_visible()
    page.get_by_role("tab", name="Hand history").click()
    history = page.get_by_role("tabpanel", name="Hand history")
    expect(history.get_by_text(re.compile(r"^Deal 2:"))).to_be_visible()
    expect(history.get_by_text(re.compile(r"^Deal 1:"))).to_be_visible()
    expect(history.get_by_text("2 hands stored · page 1/1, newest first")).to_be_visible()
    screenshot(page, "play_history_en_desktop")
    history.get_by_role("button", name="Replay this hand").first.click()
    wait_idle(page)
    expect(page.get_by_text("Replay of deal 2")).to_be_visible()
    replay = page.locator(".st-key-play_replay_box")
    replay.get_by_text("Showdown", exact=True).first.click()
    wait_idle(page)
    expect(replay.get_by_text(re.compile(r"^Player 1 \(you\) · ")).first).to_be_visible()  # every hand shown
    assert_no_exception(page)
    screenshot(page, "play_history_en_replay")

    me = re.search(r"[?&]me=([^&]+)", page.url)
    assert me is not None
    page.goto(f"{app_url}/progress?lang=en&me={me.group(1)}")
    wait_idle(page, timeout_ms=180_000)  # the Progress page's first load on this server (plotly)
    expect(page.get_by_text("Play against the computer")).to_be_visible()
    hands = page.locator("[data-testid=stMetric]").filter(has_text="Hands played")
    expect(hands).to_contain_text("2")
    screenshot(page, "play_history_en_progress")
    # both hands of this table cost chi (0.68 and 0.51): the costliest first, its link opens its replay
    page.get_by_role("link", name=re.compile(r"^Deal 2 .*replay")).click()
    wait_idle(page, timeout_ms=180_000)
    expect(page.get_by_text("Replay of deal 2")).to_be_visible()
    assert_no_exception(page)
