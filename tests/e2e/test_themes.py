"""Browser test of themes and explanations at phone width, in both languages: Progress lists the weakest theme
and "practise this theme" deals questions of it; a Drill answer starts with the sentence naming what decided it,
the tables under "details"."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from classroom.practice import Practice
from classroom.service import ClassroomStore
from maubinh.drills import DrillSet, Kind, Level, make_question
from maubinh.drills.themes import Theme
from tests.e2e.conftest import assert_no_exception, screenshot, wait_idle
from tests.e2e.test_drill import PHONE, answer
from ui.progress.stats import THEME_LEAST

WORDS = {
    "vi": {"title": "Chủ đề yếu nhất", "line": "Lá phụ, so từng lá, hòa: đúng 2/5 (40 %)", "practise": "Luyện chủ đề này",
           "heading": "Luyện chủ đề: Lá phụ, so từng lá, hòa", "question": "Câu 1", "first": "Báo Ba cái thùng",
           "details": "Chi tiết: các bảng số"},
    "en": {"title": "Weakest themes", "line": "Kickers, card by card, ties: 2/5 right (40 %)",
           "practise": "Practise this theme", "heading": "Practise a theme: Kickers, card by card, ties",
           "question": "Question 1", "first": "Declaring Three flushes", "details": "Details: the tables"},
}


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_weakest_theme_practised_and_an_answer_explained(app_url: str, app_database: str, browser_page: Page,
                                                         lang: str) -> None:
    words = WORDS[lang]
    store = ClassroomStore.open(app_database)
    try:
        practice = Practice(store)
        me = practice.create_profile(f"Theme {lang}")
        chi = DrillSet((Kind.CHI,), Level.INTERMEDIATE, "chi-at", seed=31, count=THEME_LEAST)
        for number in range(THEME_LEAST):
            practice.record(me.info.id, chi.ref(number), run_id="r", number=number, mode="practice", lesson="five",
                            code="a", correct=number < 2, chi_lost=None, seconds=2.0, themes=(Theme.KICKERS,))
    finally:
        store.engine.dispose()
    page = browser_page
    page.set_viewport_size(PHONE)
    page.goto(f"{app_url}/progress?me={me.token}&lang={lang}")
    wait_idle(page, 180_000)
    assert_no_exception(page)
    expect(page.get_by_role("heading", name=words["title"])).to_be_visible()
    expect(page.get_by_text(words["line"])).to_be_visible()
    screenshot(page, f"themes_progress_{lang}_390")
    page.get_by_role("link", name=words["practise"]).first.click()
    wait_idle(page, 180_000)
    assert_no_exception(page)
    expect(page.get_by_role("heading", name=words["heading"])).to_be_visible()
    expect(page.get_by_role("heading", name=words["question"])).to_be_visible()

    declare = DrillSet((Kind.DECLARE,), Level.BEGINNER, "chi-at", seed=3, count=1)
    page.goto(f"{app_url}/drill?lang={lang}&kinds=declare&level=beginner&rules=chi-at&seed=3&n=1")
    wait_idle(page, 180_000)
    answer(page, make_question(declare, 0), 0, right=True, lang=lang)
    verdict = page.locator("[data-testid=stAlertContentSuccess]")
    expect(verdict).to_be_visible()
    first = page.locator("[data-testid=stMarkdownContainer] strong", has_text=words["first"])
    expect(first).to_be_visible()
    assert first.bounding_box()["y"] > verdict.bounding_box()["y"]  # right after the verdict
    assert not re.search(r"[-−]0[.,]00(?!\d*[1-9])", first.inner_text())
    tables = page.locator("[data-testid=stTable]")
    expect(tables.first).to_be_hidden()  # the tables wait under "details"
    page.get_by_text(words["details"]).click()
    expect(tables.first).to_be_visible()
    assert_no_exception(page)
    screenshot(page, f"themes_declare_details_{lang}_390")
