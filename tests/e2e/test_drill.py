"""The Drill page in a real browser: a question of each kind answered, its feedback checked, the set
finished and its CSV downloaded; the set editor kept across another page and Back; the same on a 390 px phone.
Screenshots in artifacts/screenshots/drill_*."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from maubinh.drills import (
    KINDS,
    ArrangeQuestion,
    DrillSet,
    Kind,
    Level,
    Question,
    SettleQuestion,
    make_question,
)
from maubinh.rules import load_rule_set
from tests.e2e.arrange import place_by_taps
from tests.e2e.conftest import IDLE_TIMEOUT_MS, assert_no_exception, screenshot, wait_idle
from ui.questions import choice_label, kind_name

TALL = {"width": 1280, "height": 2200}
PHONE = {"width": 390, "height": 844}


def answer(page: Page, q: Question, index: int, right: bool, lang: str = "en") -> None:
    """Answer the question on screen through its controls: rightly, or (``right=False``) with another choice."""
    rule_set = load_rule_set("chi-at")
    if isinstance(q, SettleQuestion):
        box = page.get_by_label(re.compile(r"collects from seat|ăn của nhà"))
        box.fill(str(q.key if right else q.key - 2))
        box.press("Enter")
        wait_idle(page)
        page.get_by_role("button", name=re.compile("^(Answer|Trả lời)$")).click()
    elif isinstance(q, ArrangeQuestion):
        place_by_taps(page, q.best)  # in the browser: nothing sent until Confirm
        page.locator("button[data-confirm]").click()
    else:
        choices = list(q.choices)
        pick = q.key if right else next(c for c in choices if c != q.key)
        page.locator(f".st-key-drill_choice_{choices.index(pick)} button").click()
        assert choice_label(q, pick, rule_set, lang)
    wait_idle(page)
    assert_no_exception(page)


def feedback(page: Page):
    return page.locator("[data-testid=stAlertContentSuccess], [data-testid=stAlertContentError]")


LEVELS = {Kind.BETTER: "beginner", Kind.ARRANGE: "intermediate", Kind.CHI: "expert", Kind.FOUL: "expert",
          Kind.SETTLE: "expert", Kind.NATURAL: "expert", Kind.DECLARE: "beginner", Kind.RULES: "beginner"}


@pytest.mark.parametrize("kind", KINDS, ids=[k.value for k in KINDS])
def test_a_question_of_each_kind_with_its_feedback(app_url: str, browser_page: Page, kind: Kind) -> None:
    page = browser_page
    page.set_viewport_size(TALL)
    level = LEVELS[kind]
    page.goto(f"{app_url}/drill?lang=en&kinds={kind.value}&level={level}&rules=chi-at&seed=12&n=2")
    wait_idle(page)
    assert_no_exception(page)
    q = make_question(DrillSet((kind,), Level(level), "chi-at", 12, 2), 0)
    expect(page.get_by_role("heading", name="Question 1")).to_be_visible()
    screenshot(page, f"drill_{kind.value}_question")
    answer(page, q, 0, right=True)
    expect(feedback(page).first).to_contain_text(re.compile(r"^(Right|Excellent)"))
    expect(page.get_by_text("Score: 1/1 right")).to_be_visible()
    lesson = page.get_by_role("link", name=re.compile("^Lesson: "))
    expect(lesson).to_be_visible()
    href = lesson.get_attribute("href") or ""
    assert "learn" in href and f"step={q.lesson.value}" in href and "rules=chi-at" in href, href
    screenshot(page, f"drill_{kind.value}_feedback")
    if kind is Kind.SETTLE:  # one lesson link followed: the Learn page knows the step (no warning about it)
        lesson.click()
        wait_idle(page)
        assert_no_exception(page)
        assert "/learn" in page.url and f"step={q.lesson.value}" in page.url, page.url
        expect(page.locator("[data-testid=stAlertContentWarning]")).to_have_count(0)


def test_a_whole_mixed_set_then_the_summary_and_its_csv(app_url: str, browser_page: Page) -> None:
    page = browser_page
    page.set_viewport_size(TALL)
    kinds = ",".join(k.value for k in KINDS)
    page.goto(f"{app_url}/drill?lang=vi&kinds={kinds}&level=intermediate&rules=tinh-chi&seed=31&n=6")
    wait_idle(page)
    drill_set = DrillSet(KINDS, Level.INTERMEDIATE, "tinh-chi", 31, 6)
    for index in range(6):
        q = make_question(drill_set, index)
        expect(page.get_by_role("heading", name=f"Câu {index + 1}")).to_be_visible()
        answer(page, q, index, right=index != 2, lang="vi")
        expect(feedback(page).first).to_be_visible()
        last = index == 5
        page.get_by_role("button", name="Xem tổng kết" if last else "Câu tiếp theo").click()
        wait_idle(page)
    expect(page.get_by_role("heading", name="Tổng kết bộ câu hỏi")).to_be_visible()
    page.get_by_text("Tiến bộ trong phiên này").first.scroll_into_view_if_needed()
    expect(page.locator("[data-testid=stPlotlyChart]")).to_be_visible(timeout=IDLE_TIMEOUT_MS)
    screenshot(page, "drill_summary")
    with page.expect_download() as download:
        page.get_by_role("button", name="Tải bảng kết quả (CSV)").click()
    text = download.value.path().read_text(encoding="utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 6
    assert list(rows[0]) == ["Câu", "Dạng", "Câu hỏi", "Trả lời", "Đáp án", "Đúng", "Thời gian (giây)"]
    assert [row["Đúng"] for row in rows] == ["có", "có", "không", "có", "có", "có"]
    assert all(float(row["Thời gian (giây)"]) >= 0 for row in rows)
    assert download.value.suggested_filename == "maubinh-drill-tinh-chi-31.csv"


def test_the_set_editor_keeps_its_fields_across_another_page_and_back(app_url: str, browser_page: Page) -> None:
    """Issue 22, item 6: after another page and Back, the editor showed "Set #9472 · 10 questions" over empty
    fields (kinds none, count 1, seed 0)."""
    page = browser_page
    page.goto(f"{app_url}/drill?lang=en&kinds=chi,foul&level=expert&rules=chi-at&seed=77&n=7")
    wait_idle(page)
    box = page.locator(".st-key-drill_set_box summary")
    count, seed = page.locator(".st-key-drill_form_n input"), page.locator(".st-key-drill_form_seed input")
    for visit in ("first", "after Back"):
        if count.count() == 0:
            box.click()
            wait_idle(page)
        expect(count, visit).to_have_value("7")
        expect(seed, visit).to_have_value("77")
        kinds = page.locator(".st-key-drill_form_kinds [data-testid=stMultiSelectTagsContainer]")
        for kind in (Kind.CHI, Kind.FOUL):
            expect(kinds, visit).to_contain_text(kind_name(kind, "en"))
        if visit == "first":
            page.locator("[data-testid=stSidebar] a[href^='learn']").first.click()
            wait_idle(page)
            expect(page).to_have_url(re.compile(r"/learn"))
            page.go_back()  # one Back (ui.nav.KEEP_BACK_SCRIPT: Learn's own defaults add no history steps)
            wait_idle(page)
            expect(page).to_have_url(re.compile(r"/drill\?"))
    assert_no_exception(page)


@pytest.fixture
def phone_page(e2e_browser: Browser) -> Iterator[Page]:
    context = e2e_browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    page.set_default_timeout(IDLE_TIMEOUT_MS)
    yield page
    context.close()


def test_every_kind_on_a_390px_phone(app_url: str, phone_page: Page) -> None:
    page = phone_page
    kinds = ",".join(k.value for k in KINDS)
    page.goto(f"{app_url}/drill?lang=vi&kinds={kinds}&level=expert&rules=chi-at&seed=5&n=6")
    wait_idle(page)
    drill_set = DrillSet(KINDS, Level.EXPERT, "chi-at", 5, 6)
    for index in range(6):
        q = make_question(drill_set, index)
        page.set_viewport_size(PHONE)
        screenshot(page, f"drill_phone_{q.kind.value}_question")
        answer(page, q, index, right=True, lang="vi")
        expect(feedback(page).first).to_be_visible()
        width = page.evaluate("() => document.querySelector('[data-testid=stMain]').scrollWidth")
        assert width <= PHONE["width"] + 1, f"{q.kind.value}: the page scrolls sideways ({width} px)"
        page.set_viewport_size({"width": 390, "height": 2600})
        wait_idle(page, settle_ms=300)
        screenshot(page, f"drill_phone_{q.kind.value}_feedback")
        page.get_by_role("button", name="Xem tổng kết" if index == 5 else "Câu tiếp theo").click()
        wait_idle(page)
    page.set_viewport_size({"width": 390, "height": 2600})
    expect(page.get_by_role("heading", name="Tổng kết bộ câu hỏi")).to_be_visible()
    screenshot(page, "drill_phone_summary")
