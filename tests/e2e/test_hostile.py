"""Issue 13 in a real browser: a saved house-rules file loaded back in a fresh browser; a many-deals run
shows its progress and its place in the queue, and its processes end when the tab is closed."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from background.jobs import MAX_RUNNING
from maubinh.house import load_house_rules
from tests.e2e.conftest import assert_no_exception, screenshot, wait_idle

PHONE = {"width": 390, "height": 844}
FIRST_LOAD_MS = 120_000
"""A fresh server's first Sandbox run loads the solver and settles four rule sets: slow on a busy machine."""


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[0] != "Z":
                tree.setdefault(int(fields[1]), []).append(int(entry.name))
    return tree


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def job_processes() -> list[int]:
    """The live processes under the test's Streamlit server that lead a process group of their own:
    the server's job processes (a job calls ``os.setpgrp()``; its workers share its group)."""
    tree = _children()
    servers = [pid for pid in tree.get(os.getpid(), []) if "ui.serve" in _cmdline(pid) or "streamlit" in _cmdline(pid)]
    found, todo = [], list(servers)
    while todo:
        for child in tree.get(todo.pop(), []):
            todo.append(child)
            try:
                if os.getpgid(child) == child:
                    found.append(child)
            except ProcessLookupError:
                pass
    return found


def type_into(page: Page, key: str, text: str) -> None:
    """Type ``text`` into the input of the widget keyed ``key`` and press Enter."""
    box = page.locator(f".st-key-{key} input")
    box.fill(text)
    box.press("Enter")
    wait_idle(page, timeout_ms=FIRST_LOAD_MS)


def open_tab(page: Page, url: str, tab: str) -> None:
    """Open ``url`` (a fresh server may be slow) and one of its tabs."""
    page.goto(url, timeout=FIRST_LOAD_MS)
    wait_idle(page, timeout_ms=FIRST_LOAD_MS)
    page.get_by_role("tab", name=tab, exact=True).click()
    wait_idle(page, timeout_ms=FIRST_LOAD_MS)


def test_a_saved_file_loads_back_in_a_fresh_browser(app_url: str, e2e_browser: Browser, tmp_path: Path) -> None:
    first = e2e_browser.new_context(viewport={"width": 1280, "height": 900})
    page = first.new_page()
    open_tab(page, f"{app_url}/sandbox?lang=en", "House rules")
    type_into(page, "sandbox_house_name", "Nhà Ba")
    type_into(page, "sandbox_house_foul", "5")
    with page.expect_download() as download_info:
        page.get_by_role("button", name="Download TOML file").click()
    saved = tmp_path / "nha-ba.toml"
    download_info.value.save_as(saved)
    text = saved.read_text(encoding="utf-8")
    assert ".txt" not in text and 'based_on = "chi-at"' in text
    first.close()

    fresh = e2e_browser.new_context(viewport={"width": 1280, "height": 900})
    page = fresh.new_page()
    try:
        open_tab(page, f"{app_url}/sandbox?lang=vi", "Luật nhà")
        page.locator(".st-key-sandbox_house_upload input[type=file]").set_input_files(str(saved))
        wait_idle(page, settle_ms=800)
        assert_no_exception(page)
        expect(page.get_by_text(re.compile("Đã mở “Nhà Ba”")).first).to_be_visible()
        assert page.locator(".st-key-sandbox_house_foul input").input_value() == "5"
        screenshot(page, "hostile_saved_file_loaded")
        page.get_by_role("tab", name="Bàn chơi", exact=True).click()
        wait_idle(page)
        assert_no_exception(page)
        expect(page.get_by_role("tab", name="Nhà Ba")).to_be_visible()
        assert load_house_rules(text).foul_penalty == 5
    finally:
        fresh.close()


def test_a_run_shows_progress_and_its_processes_end_with_the_tab(app_url: str, e2e_browser: Browser) -> None:
    context = e2e_browser.new_context(viewport={"width": 1280, "height": 900})
    page: Page = context.new_page()
    open_tab(page, f"{app_url}/sandbox?lang=en", "Many deals")
    type_into(page, "sandbox_sim_deals", "20000")
    page.locator(".st-key-sandbox_sim_run button").click()
    expect(page.get_by_text(re.compile(r"/20,000 deals played"))).to_be_visible(timeout=30_000)
    assert_no_exception(page)
    screenshot(page, "hostile_run_in_progress")
    deadline = time.monotonic() + 30
    while not job_processes() and time.monotonic() < deadline:
        time.sleep(0.2)
    running = job_processes()
    assert running, "no job process was started"
    context.close()  # the tab closes: the session ends, its run is cancelled and its processes killed
    deadline = time.monotonic() + 30
    while job_processes() and time.monotonic() < deadline:
        time.sleep(0.5)
    assert job_processes() == [], "a job process outlived its session"


def test_the_queue_shows_each_run_its_place(app_url: str, e2e_browser: Browser) -> None:
    pages = []
    try:
        # fill every slot of the server (MAX_RUNNING runs at once), then one more run has to wait
        for n in range(MAX_RUNNING + 1):
            lang = "vi" if n == MAX_RUNNING else "en"
            context = e2e_browser.new_context(viewport=PHONE if lang == "vi" else {"width": 1280, "height": 900})
            page = context.new_page()
            open_tab(page, f"{app_url}/sandbox?lang={lang}", "Many deals" if lang == "en" else "Nhiều ván")
            type_into(page, "sandbox_sim_deals", "20000")
            page.locator(".st-key-sandbox_sim_run button").click()
            pages.append(page)
        waiting = pages[-1]
        expect(waiting.get_by_text(re.compile(r"thứ 1 trong hàng đợi"))).to_be_visible(timeout=60_000)
        assert_no_exception(waiting)
        screenshot(waiting, "hostile_run_queued_phone_vi")
        width = waiting.evaluate("() => document.documentElement.scrollWidth")
        assert width <= PHONE["width"] + 1, f"the page scrolls sideways: {width} px"
        expect(pages[0].get_by_text(re.compile(r"/20,000 deals played"))).to_be_visible(timeout=60_000)
        waiting.locator(".st-key-sandbox_sim_cancel button").click()
        expect(waiting.get_by_text("Đã huỷ lượt chạy.")).to_be_visible(timeout=60_000)
    finally:
        for page in pages:
            page.context.close()
    deadline = time.monotonic() + 30
    while job_processes() and time.monotonic() < deadline:
        time.sleep(0.5)
    assert job_processes() == []


ENGLISH_BUILTINS = re.compile(r"Press Enter|per file|\bUpload\b|Browse files|Drag and drop|Increment|Decrement|"
                              r"Help for|Number is|Clear value|file upload")
"""Streamlit's own English, which a Vietnamese screen must not show or read out (ui/builtin_text.py)."""


def english_left(page: Page) -> list[str]:
    """Streamlit's English still on the page: in its text or in a screen-reader label."""
    found = page.evaluate(
        "() => [document.body.innerText, ...[...document.querySelectorAll('[aria-label]')]"
        ".map(e => e.getAttribute('aria-label'))]"
    )
    return sorted({m.group(0) for text in found for m in ENGLISH_BUILTINS.finditer(text or "")})


def test_a_vietnamese_screen_shows_no_streamlit_english(app_url: str, browser_page: Page) -> None:
    page = browser_page
    open_tab(page, f"{app_url}/sandbox?lang=vi", "Luật nhà")
    foul = page.locator(".st-key-sandbox_house_foul input")
    foul.fill("500")  # out of range: Streamlit's own range message
    page.wait_for_timeout(500)
    foul.press("Enter")
    page.wait_for_timeout(800)
    assert english_left(page) == []
    expect(page.get_by_text("Số nằm ngoài khoảng cho phép: hãy nhập từ 0 đến 100.")).to_be_visible()
    page.locator("[data-testid=stFileUploader]").first.scroll_into_view_if_needed()
    screenshot(page, "hostile_vi_builtin_text")
    for path in ("drill?lang=vi&kinds=settle&n=2&seed=3", "learn?lang=vi&step=check", "dau_dia_chu?lang=vi"):
        page.goto(f"{app_url}/{path}", timeout=FIRST_LOAD_MS)
        wait_idle(page, timeout_ms=FIRST_LOAD_MS)
        for box in page.locator("[data-testid=stNumberInputField], [data-testid=stTextInputField] >> visible=true").all()[:2]:
            box.fill("7")  # the "Press Enter to apply" hint
        page.wait_for_timeout(500)
        assert english_left(page) == [], path
    # Back in English, Streamlit's own words come back.
    page.goto(f"{app_url}/sandbox?lang=en", timeout=FIRST_LOAD_MS)
    wait_idle(page, timeout_ms=FIRST_LOAD_MS)
    assert "Increment" in english_left(page)
