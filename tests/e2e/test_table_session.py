"""A class at one table in a real browser (issue 19, duplicate deals): the teacher starts a table session from
the Table tab; three learners (one on a 390 px phone, one in English) sit down from their own page, arrange the
same deal by taps and confirm; each sees the analysis; the teacher's board, refreshing by itself, shows the
three with their chi lost, and the projector view no name. Screenshots in artifacts/screenshots/tables_*."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from classroom.service import ClassroomStore
from classroom.tables import TableSessions
from maubinh.arrangement import Arrangement
from maubinh.play import Origin, Strength
from maubinh.rules import POSITIONS, load_rule_set
from maubinh.strategy.arrangers import arrange_simple
from tests.e2e.conftest import IDLE_TIMEOUT_MS, VIEWPORT, assert_no_exception, screenshot, wait_idle
from ui.labels import number

PHONE = {"width": 390, "height": 844}
RULES = load_rule_set("tinh-chi")
SLOW_MS = 120_000
"""A page's first run on a busy machine (the server imports the engine), a deal graded."""
ANALYSIS = {"vi": "Phân tích", "en": "Analysis"}


def _open(browser: Browser, url: str, viewport: dict[str, int]) -> Page:
    page = browser.new_context(viewport=viewport).new_page()  # type: ignore[arg-type]
    page.set_default_timeout(SLOW_MS)
    page.goto(url)
    wait_idle(page, timeout_ms=SLOW_MS)
    assert_no_exception(page)
    return page


def _play(page: Page, split: Arrangement, lang: str) -> None:
    """From the personal page to the table; every card placed by taps, then Confirm; the analysis shows."""
    page.get_by_role("button", name=re.compile("^(Sit down|Vào bàn)$")).click()
    wait_idle(page)
    expect(page.locator(".mb-hand button.mb-card")).to_have_count(13, timeout=60_000)
    for position in POSITIONS:
        for card in split.chi(position):
            page.locator(f'.mb-hand button[data-card="{card}"]').click()
            page.locator(f'button.mb-chi-head[data-place="{position.value}"]').click()
    page.locator("button[data-confirm]").click()
    wait_idle(page, timeout_ms=SLOW_MS)
    expect(page.get_by_text(ANALYSIS[lang], exact=True)).to_be_visible(timeout=SLOW_MS)
    assert_no_exception(page)


def test_a_teacher_runs_a_table_and_the_board_shows_three_learners(e2e_browser: Browser, app_url: str,
                                                                 app_database: str) -> None:
    store = ClassroomStore.open(app_database)
    made = store.create_class("Bàn thứ Sáu", "vi", RULES)
    klass = made.info
    learners = [(store.join(klass.id, name), lang, viewport) for name, lang, viewport in (
        ("Lan", "vi", VIEWPORT), ("Minh", "en", VIEWPORT), ("Tú", "vi", PHONE))]

    teacher = _open(e2e_browser, f"{app_url}/classes?teacher={made.teacher_token}&lang=vi",
                    {"width": 1280, "height": 1400})
    teacher.get_by_role("tab", name="Chơi cùng bàn").click()
    teacher.locator(".st-key-tables_start_count button").first.click()  # one computer player
    wait_idle(teacher)
    teacher.get_by_label("Số ván", exact=True).fill("2")
    teacher.get_by_role("button", name="Mở bàn").click()
    wait_idle(teacher, timeout_ms=SLOW_MS)
    assert_no_exception(teacher)
    (info,) = TableSessions(store).sessions(klass.id)
    assert info.deals == 2 and len(info.bots) == 1
    screenshot(teacher, "tables_teacher_started_vi")

    cards = info.table.deal(1)[0]
    simple = arrange_simple(cards, RULES)
    splits = [simple, simple, Arrangement(simple.middle, simple.back, simple.front)]  # Tú swaps back and middle
    pages = []
    for (joined, lang, viewport), split in zip(learners, splits):
        page = _open(e2e_browser, f"{app_url}/classes?me={joined.token}&lang={lang}", viewport)
        _play(page, split, lang)
        pages.append(page)
    phone = pages[2]
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390
    screenshot(phone, "tables_learner_analysis_phone_vi")
    screenshot(pages[1], "tables_learner_analysis_en")

    hands = {h.learner_id: h for h in TableSessions(store).hands(info.id)}
    assert len(hands) == 3
    # The board refreshes by itself (a fragment on a timer): no reload.
    for (joined, _, _), name in zip(learners, ("Lan", "Minh", "Tú")):
        lost = number(hands[joined.info.id].chi_lost, "vi")
        row = teacher.locator("[data-testid=stDataFrame]").filter(has_text=name).first
        expect(row).to_be_visible(timeout=30_000)
        expect(row).to_contain_text(lost)
    screenshot(teacher, "tables_board_vi")
    with teacher.context.expect_page() as opened:  # the projector's own link (issue 31, item 5)
        teacher.get_by_role("link", name="Mở màn chiếu").click()
    projector = opened.value
    projector.set_default_timeout(IDLE_TIMEOUT_MS)
    wait_idle(projector)
    expect(projector.locator("[data-testid=stDataFrame]").first).to_be_visible(timeout=30_000)
    projector.wait_for_timeout(500)
    main = projector.locator("[data-testid=stMain]").inner_text()
    assert "Lan" not in main and "Minh" not in main and klass.join_code in main
    screenshot(projector, "tables_projector_vi")
    assert_no_exception(projector)
    store.engine.dispose()


def test_a_learner_whose_timer_runs_out_is_charged_and_marked_on_the_board(e2e_browser: Browser, app_url: str,
                                                                          app_database: str) -> None:
    """Issue 31 and 32: at a timed class table (a short limit, MAUBINH_TEST_TIMER_S), a learner (in English) who
    leaves the cards in the hand sees the solver's split played and the miss charged; a reload after zero does not
    start the clock again; the teacher's board (in Vietnamese) marks the hand and ranks it by the charge, ±."""
    store = ClassroomStore.open(app_database)
    made = store.create_class("Bàn có giờ", "vi", RULES)
    joined = store.join(made.info.id, "Hà")
    info = TableSessions(store).start(made.info.id, RULES, [Strength.BEGINNER], deals=1, timer=60, seed=44)
    page = _open(e2e_browser, f"{app_url}/classes?me={joined.token}&lang=en", VIEWPORT)
    page.get_by_role("button", name=re.compile("^(Sit down|Vào bàn)$")).click()
    expect(page.locator(".mb-clock")).to_be_visible(timeout=60_000)
    page.reload()  # the clock goes on from the first showing, kept by the server
    wait_idle(page, timeout_ms=SLOW_MS)
    expect(page.get_by_text("the solver's split was played for you", exact=False).first).to_be_visible(
        timeout=SLOW_MS)
    (hand,) = TableSessions(store).hands(info.id)
    assert hand.origin is Origin.TIMER_SOLVER and hand.seconds >= 12
    expect(page.get_by_text("charged what binh lủng would cost", exact=False).first).to_be_visible()
    expect(page.get_by_text(number(hand.chi_lost, "en"), exact=False).first).to_be_visible()
    expect(page.get_by_text("You played the best split", exact=False)).to_have_count(0)
    assert_no_exception(page)
    screenshot(page, "tables_timed_out_learner_en")

    teacher = _open(e2e_browser, f"{app_url}/classes?teacher={made.teacher_token}&lang=vi",
                    {"width": 1280, "height": 1400})
    teacher.get_by_role("tab", name="Chơi cùng bàn").click()
    wait_idle(teacher)
    frames = teacher.locator("[data-testid=stDataFrame]")
    expect(frames.filter(has_text="hết giờ · máy xếp thay").first).to_be_visible(timeout=30_000)
    ranking = frames.filter(has_text="Hà").first
    expect(ranking).to_contain_text(f"{number(hand.chi_lost, 'vi')} ± {number(hand.chi_lost_stderr, 'vi')}")
    expect(teacher.get_by_text("đứng ngang hạng", exact=False).first).to_be_visible()
    assert_no_exception(teacher)
    screenshot(teacher, "tables_timed_out_board_vi")
    store.engine.dispose()
