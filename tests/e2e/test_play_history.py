"""Play in a real browser (issue 19, "done when"): ten hands against three computer players (the solver, a medium
and a beginner player), on a desktop in English and at 390 px in Vietnamese. The first hand is played without a
profile, then a profile is made from the Play page (that hand is kept in it); each hand shows its showdown and its
analysis; all ten are in the session summary, the hand history (with the replay) and on the Progress page (the
costliest hand's link opens its replay), where they start a streak, meet the daily goal and move the rating (issue
36). Screenshots in artifacts/screenshots/play_history_*."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from maubinh.arrangement import Arrangement
from maubinh.play import Strength, Table
from maubinh.rules import POSITIONS, load_rule_set
from maubinh.strategy.arrangers import arrange_simple
from tests.e2e.conftest import IDLE_TIMEOUT_MS, PHONE, VIEWPORT, assert_no_exception, screenshot, wait_idle
from ui.i18n import translate, translate_plural

SEED, RULES, HANDS = 23, "chi-at", 10
BOTS = (Strength.SOLVER, Strength.MEDIUM, Strength.BEGINNER)


def _arrange(page: Page, split: Arrangement, lang: str) -> None:
    """Tap each card then its chi, then Confirm; wait for the showdown and the analysis."""
    for position in POSITIONS:
        for card in split.chi(position):
            page.locator(f'.mb-hand button[data-card="{card}"]').click()
            page.locator(f'button.mb-chi-head[data-place="{position.value}"]').click()
    page.locator("button[data-confirm]").click()
    wait_idle(page, timeout_ms=180_000)
    showdown = re.compile(re.escape(translate("play.showdown", lang)) + "$")  # "Deal 1 · Showdown"
    expect(page.get_by_role("heading", name=showdown)).to_be_visible(timeout=180_000)
    expect(page.get_by_role("button", name=translate("play.next", lang))).to_be_visible(timeout=180_000)
    assert_no_exception(page)


@pytest.mark.parametrize(("lang", "size"), [("en", "desktop"), ("vi", "390")])
def test_ten_hands_against_three_computer_players_are_in_the_history_and_in_progress(
        e2e_browser: Browser, app_url: str, lang: str, size: str) -> None:
    page = e2e_browser.new_context(viewport=PHONE if size == "390" else VIEWPORT).new_page()  # type: ignore[arg-type]
    page.set_default_timeout(IDLE_TIMEOUT_MS)
    table = Table(load_rule_set(RULES), SEED, BOTS)
    bots = ",".join(bot.value for bot in BOTS)
    page.goto(f"{app_url}/play?lang={lang}&seed={SEED}&deal=1&bots={bots}&rules={RULES}")
    wait_idle(page, timeout_ms=180_000)  # a fresh server's first page
    _arrange(page, arrange_simple(table.deal(1)[0], table.rule_set), lang)

    page.get_by_text(translate("playhist.no_profile", lang)).click()
    page.get_by_label(translate("progress.name", lang)).fill("Hà <b>")
    page.get_by_role("button", name=translate("progress.create", lang)).click()
    wait_idle(page)
    expect(page).to_have_url(re.compile(r"[?&]me="))
    expect(page).to_have_url(re.compile(rf"[?&]seed={SEED}\b"))  # the table stays
    kept = translate("playhist.kept_in", lang, name="\x00").split("\x00")[0]  # the words before the name
    expect(page.get_by_text(re.compile("^" + re.escape(kept)))).to_be_visible()

    for number in range(2, HANDS + 1):
        page.get_by_role("button", name=translate("play.next", lang)).click()
        wait_idle(page)
        expect(page.get_by_role("heading", name=translate("play.deal_title", lang, n=number))).to_be_visible()
        _arrange(page, arrange_simple(table.deal(number)[0], table.rule_set), lang)
    screenshot(page, f"play_history_{lang}_{size}_hand10")

    page.get_by_role("tab", name=translate("playhist.tab.summary", lang)).click()
    summary = translate_plural("playhist.summary_title", HANDS, lang).replace("**", "")
    expect(page.get_by_text(summary)).to_be_visible()
    page.get_by_role("tab", name=translate("playhist.tab.history", lang)).click()
    history = page.get_by_role("tabpanel", name=translate("playhist.tab.history", lang))
    deal = translate("play.deal_title", lang, n="").strip()
    for number in (HANDS, 1):
        expect(history.get_by_text(re.compile(rf"^{deal} {number}:"))).to_be_visible()
    stored = translate_plural("playhist.history_count", HANDS, lang, page=1, pages=1)
    expect(history.get_by_text(stored)).to_be_visible()
    screenshot(page, f"play_history_{lang}_{size}")
    history.get_by_role("button", name=translate("playhist.replay", lang)).first.click()
    wait_idle(page)
    expect(page.get_by_text(translate("playhist.replay_title", lang, deal=HANDS))).to_be_visible()
    replay = page.locator(".st-key-play_replay_box")
    replay.get_by_text(translate("play.showdown", lang), exact=True).first.click()
    wait_idle(page)
    expect(replay.get_by_text(re.compile(rf"^{re.escape(translate('play.you', lang))} · ")).first).to_be_visible()
    assert_no_exception(page)
    screenshot(page, f"play_history_{lang}_{size}_replay")

    me = re.search(r"[?&]me=([^&]+)", page.url)
    assert me is not None
    page.goto(f"{app_url}/progress?lang={lang}&me={me.group(1)}")
    wait_idle(page, timeout_ms=180_000)  # the Progress page's first load on this server (plotly)
    expect(page.get_by_text(translate("playhist.progress.title", lang))).to_be_visible()
    hands = page.locator("[data-testid=stMetric]").filter(has_text=translate("playhist.progress.hands", lang))
    expect(hands.locator("[data-testid=stMetricValue]")).to_have_text(str(HANDS))

    def metric(label: str) -> str:
        found = page.locator("[data-testid=stMetric]").filter(has_text=label).locator("[data-testid=stMetricValue]")
        return found.first.inner_text()

    # the ten hands are decisions (issue 36): a day's streak, today's goal met, the rating moved
    assert metric(translate("habit.streak", lang)) == translate_plural("habit.days", 1, lang)
    assert metric(translate("habit.today", lang)) == f"{HANDS}/5"
    assert metric(translate("progress.metric.rating", lang)) != "1500"
    assert metric(translate("progress.metric.right", lang)).endswith(f"/{HANDS}")
    screenshot(page, f"play_history_{lang}_{size}_progress")
    # the costliest hand first; its link opens its replay
    page.get_by_role("link", name=re.compile(rf"^{deal} \d+ ")).first.click()
    wait_idle(page, timeout_ms=180_000)
    expect(page.get_by_text(re.compile(translate("playhist.replay_title", lang, deal=r"\d+")))).to_be_visible()
    assert_no_exception(page)
