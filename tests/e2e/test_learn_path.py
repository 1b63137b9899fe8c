"""Issue 5's done-when, in a real browser: a newcomer walks the whole lesson path in either language,
answers a quiz, switches the rule source and sees the numbers change, and checks a typed hand;
on a desktop and on a 390-px phone. Screenshots: artifacts/screenshots/learn_*.png (the whole page)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from maubinh.rules import load_rule_set
from tests.e2e.conftest import assert_no_exception, assert_page_found, screenshot, wait_idle
from ui.i18n import translate
from ui.learn.content import STEP_IDS, TOOL_IDS, load_common
from ui.learn.quiz import quiz

PHONE = {"width": 390, "height": 844}


def heading(page: Page) -> str:
    return page.locator("[data-testid=stMainBlockContainer] h2").first.inner_text().strip()


def expect_heading(page: Page, text: str) -> None:
    """Wait (a click's rerun may start late) until the step's heading reads ``text``, then until idle."""
    expect(page.locator("[data-testid=stMainBlockContainer] h2").first).to_have_text(text)
    wait_idle(page)


def pick(page: Page, label: str, option: str) -> None:
    """Choose ``option`` in the selectbox labelled ``label``."""
    page.get_by_test_id("stSelectbox").filter(has_text=label).click()
    page.get_by_role("option", name=option, exact=True).click()
    wait_idle(page)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_walk_every_step_of_the_path(app_url: str, browser_page: Page, lang: str) -> None:
    page = browser_page
    page.goto(f"{app_url}/learn?lang={lang}&rules=tinh-chi")
    wait_idle(page)
    assert_page_found(page)
    texts = load_common(lang).steps
    source_says = translate("learn.source_says", lang, name=load_rule_set("tinh-chi").name(lang))
    for number, step in enumerate(STEP_IDS + TOOL_IDS, start=1):
        expected = f"{number}. {texts[step].title}" if step in STEP_IDS else texts[step].title
        expect_heading(page, expected)
        assert_no_exception(page)
        assert re.search(rf"[?&]step={step}(&|$)", page.url), page.url
        if step in STEP_IDS:
            expect(page.get_by_text(source_says)).to_be_visible()
            expect(page.locator("[data-testid=stRadio]")).to_have_count(4)  # 3 questions + the language
            assert page.locator("svg.mb-card").count() > 0
            assert page.get_by_text(translate("learn.example.mismatch", lang, id="")[:20]).count() == 0
        screenshot(page, f"learn_{lang}_{number:02d}_{step}")
        following = page.locator(".st-key-learn_next button")
        if following.count() == 0:
            break
        following.click()
        wait_idle(page)
    expect_heading(page, texts["check"].title)
    # The chi names of the chosen source run through the lessons: tinh-chi calls the 3-card chi "chi đầu".
    page.locator(".st-key-learn_prev button").click()
    wait_idle(page)
    expect(page.get_by_text("Chi đầu").first).to_be_visible()


def test_a_quiz_answered_and_graded(app_url: str, browser_page: Page) -> None:
    page = browser_page
    page.goto(f"{app_url}/learn?lang=en&rules=chi-at&step=foul")
    wait_idle(page)
    answers = [q.answer for q in quiz("foul", 1, load_rule_set("chi-at"))]
    radios = page.locator(".st-key-learn_quiz_box_foul [data-testid=stRadio]")
    expect(radios).to_have_count(3)
    for radio, answer in zip(radios.all(), answers):
        radio.get_by_text(translate(f"learn.quiz.{answer}", "en"), exact=True).click()
    page.get_by_role("button", name=translate("learn.quiz.check", "en")).click()
    wait_idle(page)
    assert_no_exception(page)
    expect(page.get_by_text(translate("learn.quiz.score", "en", right=3, total=3))).to_be_visible()
    expect(page.get_by_role("link", name=translate("learn.quiz.drill_link", "en"))).to_be_visible()
    screenshot(page, "learn_quiz_graded")
    page.get_by_role("link", name=translate("learn.quiz.drill_link", "en")).click()
    wait_idle(page)
    assert "/drill" in page.url and "rules=chi-at" in page.url
    assert_no_exception(page)


def test_switching_the_rule_source_changes_the_numbers(app_url: str, browser_page: Page) -> None:
    page = browser_page
    page.goto(f"{app_url}/learn?lang=vi&rules=chi-at&step=bonus")
    wait_idle(page)
    table = page.get_by_test_id("stTable").first
    expect(table).to_contain_text("24 chi")  # four aces in chi 2, chi-at
    expect(page.get_by_text(translate("learn.value.clash", "vi", n=2))).to_be_visible()
    screenshot(page, "learn_bonus_chi_at")
    pick(page, translate("common.rule_set", "vi"), load_rule_set("guide-2026").name("vi"))
    assert_no_exception(page)
    assert "rules=guide-2026" in page.url and "step=bonus" in page.url
    expect(table).not_to_contain_text("24 chi")
    no_clash = f"{translate('learn.rule.clash', 'vi')}: {translate('learn.value.no_clash', 'vi')}"
    expect(page.get_by_text(no_clash, exact=True)).to_be_visible()
    screenshot(page, "learn_bonus_guide_2026")
    # The foul penalty in the lesson's own sentence follows the source too.
    pick(page, translate("learn.step.label", "vi"), f"5. {load_common('vi').steps['foul'].title}")
    expect(page.get_by_text(translate("learn.value.foul", "vi", n=6))).to_be_visible()
    pick(page, translate("common.rule_set", "vi"), load_rule_set("luckywin").name("vi"))
    expect(page.get_by_text(translate("learn.value.foul", "vi", n=3))).to_be_visible()


def test_check_my_hand_with_a_typed_hand(app_url: str, browser_page: Page) -> None:
    page = browser_page
    page.goto(f"{app_url}/learn?lang=en&rules=tinh-chi&step=check")
    wait_idle(page)
    box = page.get_by_role("textbox", name=translate("learn.check.input", "en"))
    box.fill("Js Jd 8h 8c 4d | Qh Qd 9c 5s 3h | Qs Qc Kh")
    page.get_by_role("button", name=translate("learn.check.submit", "en")).click()
    wait_idle(page)
    assert_no_exception(page)
    result = page.locator(".st-key-learn_check_result")
    expect(result).to_contain_text(translate("foul.reason", "en", strong="Chi giữa (middle)", weak="Chi đầu (front)"))
    expect(result).to_contain_text(translate("learn.check.suggestion", "en", name=load_rule_set("tinh-chi").name("en")))
    screenshot(page, "learn_check_foul")
    page.get_by_role("button", name=translate("learn.check.use_suggestion", "en")).click()
    wait_idle(page)
    expect(result).to_contain_text(
        translate("foul.ok", "en", back="Chi cuối (back)", middle="Chi giữa (middle)", front="Chi đầu (front)")
    )
    # A typo: named next to the box, and the text stays as typed.
    typed = "As Ks Qs Js 1o | 9s 9h 9d 2c 2d | 7h 7d 3c"
    box.fill(typed)
    page.get_by_role("button", name=translate("learn.check.submit", "en")).click()
    wait_idle(page)
    expect(page.get_by_text(translate("learn.check.error.suit", "en", token="1o"))).to_be_visible()
    expect(box).to_have_value(typed)
    screenshot(page, "learn_check_error")
    # Thirteen cards not set: the instant win under the chosen source.
    box.fill("2s 2h 5d 5c 7s 7h 9d 9c Js Jh Kd Kc As")
    page.get_by_role("button", name=translate("learn.check.submit", "en")).click()
    wait_idle(page)
    expect(result).to_contain_text(translate(
        "learn.instant.found", "en", name=load_rule_set("tinh-chi").name("en"), pattern="Lục phé bôn (six pairs)", chi=12
    ))


@pytest.mark.parametrize("step", ["deck", "chi", "bonus", "sources", "check"])
def test_on_a_phone(app_url: str, browser_page: Page, step: str) -> None:
    page = browser_page
    page.set_viewport_size(PHONE)
    page.goto(f"{app_url}/learn?lang=vi&rules=chi-at&step={step}")
    wait_idle(page)
    assert_no_exception(page)
    if step == "check":
        page.get_by_role("button", name=translate("learn.check.example.split", "vi")).click()
        wait_idle(page)
    # Nothing wider than the phone: the page never scrolls sideways (wide tables scroll inside themselves).
    overflow = page.evaluate("() => document.querySelector('[data-testid=stMain]').scrollWidth")
    assert overflow <= PHONE["width"] + 1, overflow
    screenshot(page, f"learn_phone_{step}")


def test_a_broken_step_link_is_named(app_url: str, browser_page: Page) -> None:
    page = browser_page
    page.goto(f"{app_url}/learn?lang=en&step=lesson99")
    wait_idle(page)
    assert_no_exception(page)
    expect(page.get_by_text(re.compile("There is no step “lesson99”"))).to_be_visible()
    expect_heading(page, f"1. {load_common('en').steps['deck'].title}")
