"""Two app servers on one PostgreSQL: a learner answers on one, the teacher's board on the other shows it
within one refresh (no reload). Skipped without a PostgreSQL test server (see tests/conftest.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from background.grading import Grader
from classroom.service import ClassroomStore
from classroom.tables import TableSessions
from maubinh.drills import DrillSet, Kind, Level
from maubinh.play import Strength
from maubinh.rules import load_rule_set
from tests.conftest import drop_postgres_database, fresh_postgres_database
from tests.e2e.conftest import (
    ARTIFACTS,
    IDLE_TIMEOUT_MS,
    assert_no_exception,
    screenshot,
    start_server,
    stop_server,
    wait_idle,
)
from ui.classes.board import REFRESH_SECONDS


@pytest.fixture
def two_servers() -> Iterator[tuple[str, str, str]]:
    url, name = fresh_postgres_database()
    first, first_url = start_server({"MAUBINH_DATABASE_URL": url}, ARTIFACTS / "e2e-server-a.log")
    try:
        second, second_url = start_server({"MAUBINH_DATABASE_URL": url}, ARTIFACTS / "e2e-server-b.log")
        try:
            yield url, first_url, second_url
        finally:
            stop_server(second)
    finally:
        stop_server(first)
        drop_postgres_database(name)


def test_an_answer_on_one_server_shows_on_the_board_of_the_other(e2e_browser: Browser,
                                                                   two_servers: tuple[str, str, str]) -> None:
    url, server_a, server_b = two_servers
    store = ClassroomStore.open(url)
    created = store.create_class("Hai máy chủ", "vi", load_rule_set("guide-2026"))
    assignment = store.assign(created.info.id, "Cùng lúc", DrillSet((Kind.CHI,), Level.BEGINNER, "guide-2026",
                                                                     seed=8, count=2))
    Grader(store).grade(assignment).result(timeout=120)
    lan = store.join(created.info.id, "Lan")

    teacher = e2e_browser.new_context().new_page()
    teacher.set_default_timeout(IDLE_TIMEOUT_MS)
    teacher.goto(f"{server_b}/classes?teacher={created.teacher_token}&lang=en")
    wait_idle(teacher)
    assert_no_exception(teacher)
    learners = teacher.locator("[data-testid=stDataFrame]").filter(has_text="Lan")
    expect(learners.first).to_be_visible()
    expect(teacher.get_by_text(re.compile(r"^0/2$")).first).to_be_visible()  # answers: none yet

    learner = e2e_browser.new_context().new_page()
    learner.set_default_timeout(IDLE_TIMEOUT_MS)
    learner.goto(f"{server_a}/drill?me={lan.token}&assignment={assignment.id}&lang=en")
    wait_idle(learner)
    learner.locator(".st-key-drill_choice_0 button").click()
    wait_idle(learner)
    assert_no_exception(learner)
    assert len(store.answers(assignment.id)) == 1

    expect(teacher.get_by_text(re.compile(r"^1/2$")).first).to_be_visible(timeout=(REFRESH_SECONDS + 3) * 1000)
    screenshot(teacher, "classes_two_servers_board_en")
    store.engine.dispose()


def test_a_tables_countdown_goes_on_when_the_learner_comes_back_on_the_other_server(
        e2e_browser: Browser, two_servers: tuple[str, str, str]) -> None:
    """Issue 32: the deal's first showing is the server's (the database's): the same learner opening the same deal on
    another server sees the countdown go on, not start again at the full minute."""
    url, server_a, server_b = two_servers
    store = ClassroomStore.open(url)
    created = store.create_class("Hai máy chủ", "vi", load_rule_set("tinh-chi"))
    lan = store.join(created.info.id, "Lan")
    info = TableSessions(store).start(created.info.id, load_rule_set("tinh-chi"), [Strength.BEGINNER], deals=1,
                                      timer=60)
    clocks = []
    for server in (server_a, server_b):
        page = e2e_browser.new_context().new_page()
        page.set_default_timeout(120_000)
        page.goto(f"{server}/classes?me={lan.token}&table={info.id}&lang=en")
        wait_idle(page, timeout_ms=120_000)
        clock = page.locator(".mb-clock")
        expect(clock).to_be_visible(timeout=120_000)
        page.wait_for_timeout(6_000)
        clocks.append(clock.inner_text())
        assert_no_exception(page)
        page.context.close()
    seconds = [int(m.group(1)) * 60 + int(m.group(2)) for m in (re.search(r"(\d+):(\d\d)", c) for c in clocks) if m]
    assert len(seconds) == 2 and seconds[1] <= seconds[0] - 5, clocks  # B went on from A's first showing
    store.engine.dispose()
