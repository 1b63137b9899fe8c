"""The websocket client checked against a real browser (``python bench/class_load.py --browser-check``).

One simulated tab (:mod:`bench.st_client`) and one headless Chromium (Playwright, Debian's
``/usr/bin/chromium`` as in the browser tests) join the same class, open the same assignment and give
the same choices question by question (the tab picks at random; the browser clicks the same buttons).
Both must store the same answers: the same question numbers, answer codes and grades, ``questions`` each.
The time from each click on an answer to the right/wrong box is printed for both (the browser's clock runs
in the page, ``performance.now``, until the box is drawn and the script has finished), so the two can be
compared: the browser adds its own drawing.
"""

from __future__ import annotations

import asyncio
import random
import re
import statistics
import tempfile
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

from bench.st_client import Session
from classroom.service import StoredAnswer
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, VIEWPORT, start_server, stop_server, wait_idle

__all__ = ["browser_check"]


_CLICK_TO_FEEDBACK = """(key) => new Promise((resolve, reject) => {
  const app = document.querySelector('[data-testid=stApp]');
  const start = performance.now();
  const check = () => {
    const box = document.querySelector('[data-testid=stAlertContentSuccess], [data-testid=stAlertContentError]');
    if (box !== null && app.getAttribute('data-test-script-state') === 'notRunning') {
      observer.disconnect();
      resolve(performance.now() - start);
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, {subtree: true, childList: true, attributes: true, characterData: true});
  setTimeout(() => { observer.disconnect(); reject(new Error('no feedback after 60 s')); }, 60000);
  document.querySelector('.st-key-' + key + ' button').click();
})"""
"""Click the answer button ``key`` and resolve the ms until the right/wrong box is drawn and the run is over."""


async def _tab_learner(base_url: str, code: str, seed: int, questions: int) -> tuple[list[int], list[float]]:
    """The simulated learner; returns the choice (button number) it gave to each question, and the seconds
    from each answer's click to its feedback."""
    picks, seconds = [], []
    pick = random.Random(seed)
    async with Session(base_url, timeout=300.0) as tab:
        await tab.load("classes", f"join={code}&lang=en")
        name = tab.find(key="classes_learner_name")
        assert name is not None, "no name box"
        submit = tab.find(kind="button", form=name.form_id)
        assert submit is not None, "no submit button"
        await tab.submit(submit, {name: "Tab"})
        link = next(n for n in tab.find_all(kind="page_link") if "assignment=" in n.proto.query_string)
        await tab.follow(link)
        for number in range(questions):
            choices = [n for n in tab.find_all(kind="button") if n.key.startswith("drill_choice_")]
            choice = pick.choice(choices)
            picks.append(int(choice.key.rsplit("_", 1)[1]))
            result = await tab.click(choice)
            seconds.append(result.seconds)
            assert tab.feedback() is not None and not result.exceptions, f"question {number + 1}: no feedback"
            following = tab.find(key="drill_finish" if number + 1 == questions else "drill_next")
            assert following is not None, f"question {number + 1}: no next button"
            await tab.click(following)
    return picks, seconds


def _browser_learner(base_url: str, code: str, picks: list[int]) -> list[float]:
    """The same answers given in Chromium, as a person clicks them; returns the seconds from each answer's
    click to its feedback."""
    seconds = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
        page = browser.new_context(viewport=VIEWPORT).new_page()
        page.set_default_timeout(60_000)
        page.goto(f"{base_url}/classes?join={code}&lang=en")
        wait_idle(page)
        page.get_by_label("Your display name", exact=True).and_(page.locator("input")).fill("Chromium")
        page.get_by_role("button", name="Enter the class").click()
        wait_idle(page)
        page.get_by_role("link", name="Start").click()
        wait_idle(page)
        expect(page).to_have_url(re.compile(r"/drill\?.*assignment="))
        for number, pick in enumerate(picks):
            page.locator(f".st-key-drill_choice_{pick} button").wait_for()
            seconds.append(page.evaluate(_CLICK_TO_FEEDBACK, f"drill_choice_{pick}") / 1000)
            wait_idle(page)
            expect(page.locator("[data-testid=stAlertContentSuccess], [data-testid=stAlertContentError]").first
                   ).to_be_visible()
            last = number + 1 == len(picks)
            page.locator(f".st-key-{'drill_finish' if last else 'drill_next'} button").click()
            wait_idle(page)
        browser.close()
    return seconds


def _kept(answers: list[StoredAnswer]) -> list[tuple[int, str, bool]]:
    return [(a.number, a.code, a.correct) for a in sorted(answers, key=lambda a: a.number)]


def browser_check(questions: int, seed: int, database_url: str | None) -> int:
    """Run the check; prints what each stored and returns 0 when they agree, 1 when not."""
    from bench.class_load import fresh_url, prepare_class

    if not CHROMIUM.exists():
        print(f"browser check: skipped, no {CHROMIUM}")
        return 0
    with tempfile.TemporaryDirectory() as folder:
        url = fresh_url(folder, database_url)
        lesson = prepare_class(url, questions, seed)
        server, base_url = start_server({"MAUBINH_DATABASE_URL": url}, Path(folder) / "server.log")
        try:
            code = lesson.created.info.join_code
            picks, tab_seconds = asyncio.run(_tab_learner(base_url, code, seed, questions))
            browser_seconds = _browser_learner(base_url, code, picks)
        finally:
            stop_server(server)
        learners = {info.name: info.id for info in lesson.store.learners(lesson.created.info.id)}
        tab = _kept(lesson.store.answers(lesson.assignment.id, learners["Tab"]))
        chromium = _kept(lesson.store.answers(lesson.assignment.id, learners["Chromium"]))
        lesson.store.engine.dispose()
    print(f"simulated tab stored: {tab}")
    print(f"Chromium stored:      {chromium}")
    print(f"answer, click to feedback: simulated tab median {1000 * statistics.median(tab_seconds):.0f} ms, "
          f"Chromium median {1000 * statistics.median(browser_seconds):.0f} ms (one learner each, one after the other)")
    same = tab == chromium and len(tab) == questions
    print(f"browser check: the simulated tab and Chromium stored the same {questions} answers: "
          f"{'ok' if same else 'DIFFERENT'}")
    return 0 if same else 1
