"""No table needs sideways scrolling (issue 20, item 7): the Drill's grading tables and the set summary on a
390 px phone, Many deals' summary, chi sources and who-gains tables at 1366 px and 390 px. Each table's box
is measured in the browser: its content no wider than the box (scrollWidth <= clientWidth) and its right
edge inside the window. Screenshots in artifacts/screenshots/tables_fit_*."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from classroom.live import LivePick, LiveSessions
from classroom.service import ClassroomStore
from classroom.snapshot import pack, record
from maubinh.drills import DrillSet, Kind, Level, make_question
from maubinh.rules import load_rule_set
from tests.e2e.conftest import assert_no_exception, open_many_deals, screenshot, wait_idle
from tests.e2e.test_drill import answer, feedback

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}
TABLES = ("[data-testid=stTable], [data-testid=stTable] > div, [data-testid=stTable] table, [data-testid=stDataFrame],"
          " [data-testid=stDataFrame] .dvn-scroller")
WORDS = {"vi": {"details": "Chi tiết: các bảng số", "next": "Câu tiếp theo", "finish": "Xem tổng kết",
                "summary": "Tổng kết bộ câu hỏi", "many": "Nhiều ván"},
         "en": {"details": "Details: the tables", "next": "Next question", "finish": "See the summary",
                "summary": "End of the set", "many": "Many deals"}}


def table_widths(page: Page) -> list[dict[str, int]]:
    """Every visible table box: its content width, its own width, its right edge and the window's width."""
    return page.evaluate(
        """sel => [...document.querySelectorAll(sel)].filter(e => e.offsetParent !== null).map(e => ({
             scroll: e.scrollWidth, client: e.clientWidth, right: Math.ceil(e.getBoundingClientRect().right),
             window: window.innerWidth, text: e.innerText.slice(0, 40)}))""",
        TABLES,
    )


def broken_numbers(page: Page) -> list[str]:
    """The table cells holding only a number (``+0.34 ± 0.11``, ``79 · 0 · 20``, ``−1 (−22 … 28)``) that are
    drawn on more than one line."""
    return page.evaluate(
        r"""() => [...document.querySelectorAll('[data-testid=stTable] td')].filter(td => td.offsetParent !== null)
             .filter(td => /^[-+−(]?\d[\d.,\s\u00a0%±·…()/+−-]*$/.test(td.innerText.trim()))
             .filter(td => {
               const tops = [], walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
               for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                 const range = document.createRange(); range.selectNodeContents(node);
                 tops.push(...[...range.getClientRects()].filter(r => r.width > 0).map(r => r.top));
               }
               return tops.length > 0 && Math.max(...tops) - Math.min(...tops) > 5;  // lines of text, not boxes
             })
             .map(td => td.innerText)"""
    )


def assert_tables_fit(page: Page, where: str, at_least: int, *, whole_numbers: bool = True) -> None:
    """No table box scrolls sideways or leaves the window, (``whole_numbers``) no number is broken over two
    lines, and there are ``at_least`` boxes (a table counts 3: its element, its scrolling box, its table)."""
    boxes = table_widths(page)
    wide = [box for box in boxes if box["scroll"] > box["client"] + 1 or box["right"] > box["window"]]
    assert not wide, f"{where}: tables scroll sideways or leave the window: {wide}"
    if whole_numbers:
        assert not broken_numbers(page), f"{where}: numbers broken over two lines: {broken_numbers(page)}"
    assert len(boxes) >= at_least, f"{where}: {len(boxes)} table boxes, expected at least {at_least}"


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_drill_grading_tables_and_the_set_summary_fit_a_phone(app_url: str, browser_page: Page, lang: str) -> None:
    page, words = browser_page, WORDS[lang]
    page.set_viewport_size(PHONE)
    drill_set = DrillSet((Kind.BETTER, Kind.DECLARE), Level.BEGINNER, "chi-at", 3, 2)
    page.goto(f"{app_url}/drill?lang={lang}&kinds=better,declare&level=beginner&rules=chi-at&seed=3&n=2")
    wait_idle(page)
    for index in range(drill_set.count):
        q = make_question(drill_set, index)
        answer(page, q, index, right=True, lang=lang)
        expect(feedback(page).first).to_be_visible()
        page.get_by_text(words["details"]).click()
        expect(page.locator("[data-testid=stTable]").first).to_be_visible()
        # better: mean, odds, chi by chi, against the best; declare: mean, chi by chi (3 boxes each)
        assert_tables_fit(page, f"{lang} {q.kind.value}", 3 * (4 if q.kind is Kind.BETTER else 2))
        screenshot(page, f"tables_fit_{lang}_{q.kind.value}")
        page.get_by_role("button", name=words["finish" if index == drill_set.count - 1 else "next"]).click()
        wait_idle(page)
    expect(page.get_by_role("heading", name=words["summary"])).to_be_visible()
    summary = page.locator(".st-key-drill_summary_table [data-testid=stTable] tbody tr")
    expect(summary).to_have_count(drill_set.count)
    assert_tables_fit(page, f"{lang} summary", 3)
    assert_no_exception(page)
    screenshot(page, f"tables_fit_{lang}_summary")


def test_many_deals_tables_fit_a_laptop_and_a_phone(app_url: str, browser_page: Page) -> None:
    page = browser_page
    page.set_viewport_size(LAPTOP)
    page.goto(f"{app_url}/sandbox?lang=en")
    wait_idle(page)
    open_many_deals(page, 40, WORDS["en"]["many"])
    page.locator(".st-key-sandbox_sim_run button").click()
    expect(page.locator(".st-key-sandbox_sim_download button")).to_be_visible(timeout=120_000)
    wait_idle(page)
    assert_no_exception(page)
    assert_tables_fit(page, "many deals at 1366 px", 9)
    for key in ("sandbox_sim_summary", "sandbox_sim_shares_table", "sandbox_sim_gains_table"):
        expect(page.locator(f".st-key-{key} [data-testid=stTable]")).to_be_visible()
    screenshot(page, "tables_fit_many_deals_1366")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(300)
    # a who-gains cell may break before its ± on a phone (ui.tables_fit.with_error(breakable=True))
    assert_tables_fit(page, "many deals at 390 px", 9, whole_numbers=False)
    screenshot(page, "tables_fit_many_deals_390")


def test_a_live_report_with_a_forty_letter_name_fits_a_phone(app_url: str, app_database: str,
                                                             browser_page: Page) -> None:
    """Found by a user test: a learner named with 40 letters and no space pushed the live report's other columns
    off a 390 px phone. A table's first column breaks such a word (:data:`ui.cards.CARD_CSS`)."""
    store = ClassroomStore.open(app_database)
    rules = load_rule_set("chi-at")
    made = store.create_class("Lớp dài", "vi", rules)
    ids = [store.join(made.info.id, name).info.id for name in ("W" * 40, "Nguyễn Thị Phương Thảo")]
    drill_set = DrillSet((Kind.CHI,), Level.BEGINNER, "chi-at", seed=9, count=1)
    question = make_question(drill_set, 0)
    live = LiveSessions(store)
    info = live.start(made.info.id, rules, [LivePick("q0", question.kind.value, (), record(question), pack(question))],
                      seconds=30)
    live.advance(made.info.id, info.id, -1)
    live.answer(info.id, ids[0], 0, "a", True, 0.0)
    live.answer(info.id, ids[1], 0, "b", False, 0.5)
    live.end(made.info.id, info.id)
    page = browser_page
    page.set_viewport_size(PHONE)
    page.goto(f"{app_url}/classes?teacher={made.teacher_token}&lang=vi")
    wait_idle(page)
    page.get_by_role("tab", name="Trực tiếp").click()
    expect(page.locator(".st-key-live_report_learners [data-testid=stTable]")).to_be_visible()
    assert_no_exception(page)
    assert_tables_fit(page, "live report", 6, whole_numbers=False)  # "1/1 (100%)" may break before its "("
    screenshot(page, "tables_fit_live_report_vi")
