"""Seat the class in a real browser (issue 34): Lan's class page is open on a 390 px phone (vi), five classmates are
present; the teacher (390 px, en) picks tables of three and taps "Seat the class"; Lan's page goes to her seat by
itself (no reload: the class page's poll) and shows her 13 cards, the same as the same seat's at the other table.
Screenshots in artifacts/screenshots/seat_*."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from classroom.rooms import Rooms
from classroom.seatings import Seatings
from classroom.service import ClassroomStore
from maubinh.rules import load_rule_set
from tests.e2e.conftest import PHONE, assert_no_exception, screenshot, wait_idle
from ui.i18n import translate

SLOW_MS = 120_000
"""A page's first run on a busy machine."""
NAMES = ("Lan", "Minh", "Hoa", "Tuấn", "Mai", "Bình")


def _open(browser: Browser, url: str) -> Page:
    page = browser.new_context(viewport=PHONE).new_page()
    page.set_default_timeout(SLOW_MS)
    page.goto(url)
    wait_idle(page, timeout_ms=SLOW_MS)
    assert_no_exception(page)
    return page


def test_the_teacher_seats_the_class_and_a_learners_page_goes_to_her_seat(e2e_browser: Browser, app_url: str,
                                                                           app_database: str) -> None:
    store = ClassroomStore.open(app_database)
    seatings = Seatings(Rooms(store))
    made = store.create_class("Lớp 9C", "vi", load_rule_set("chi-at"))
    klass = made.info
    learners = [store.join(klass.id, name) for name in NAMES]
    for learner in learners[1:]:
        seatings.seen(learner.info.id)
    lan = _open(e2e_browser, f"{app_url}/classes?me={learners[0].token}&lang=vi")
    expect(lan.get_by_text("Lan", exact=False).first).to_be_visible()

    teacher = _open(e2e_browser, f"{app_url}/classes?teacher={made.teacher_token}&lang=en")
    teacher.get_by_role("tab", name=translate("tables.tab", "en")).click()
    teacher.get_by_role("radiogroup", name=translate("seat.size", "en")).get_by_role("radio", name="3").click()
    wait_idle(teacher, timeout_ms=SLOW_MS)
    teacher.get_by_role("button", name=translate("seat.button", "en", n=6)).click()
    expect(teacher.get_by_text(translate("seat.done", "en", n=6))).to_be_visible()
    wait_idle(teacher, timeout_ms=SLOW_MS)
    assert_no_exception(teacher)
    seating = seatings.current(klass.id)
    assert seating is not None
    tables = seatings.tables(seating.id)
    assert [len(t.people) for t in tables] == [3, 3]
    teacher.get_by_text(translate("seat.title", "en")).scroll_into_view_if_needed()
    screenshot(teacher, "seat_teacher_390_en")

    mine = next(t for t in tables if any(p.name == "Lan" for p in t.people))
    expect(lan).to_have_url(re.compile(rf"room={mine.room.code}"), timeout=15_000)  # no reload: the page's poll
    wait_idle(lan, timeout_ms=SLOW_MS)
    expect(lan.locator(".mb-hand button[data-card]")).to_have_count(13, timeout=SLOW_MS)
    expect(lan.get_by_text(translate("seat.room_title", "vi", n=mine.number))).to_be_visible()
    assert_no_exception(lan)
    seat = next(p.seat for p in mine.people if p.name == "Lan")
    other = next(t for t in tables if t is not mine)
    view = Rooms(store).view(other.room.id)
    assert view is not None and view.number == 1  # both tables dealt their first deal
    shown = {lan.locator(".mb-hand button[data-card]").nth(i).get_attribute("data-card") for i in range(13)}
    twin = next(p.learner_id for p in other.people if p.seat == seat)  # the same seat at the other table...
    found = seatings.seat_of(str(next(item.token for item in learners if item.info.id == twin)))
    assert found is not None
    twin_view = Rooms(store).view(other.room.id, str(found[1]))
    assert twin_view is not None and shown == {str(c) for c in twin_view.cards}  # ...holds the same 13 cards
    screenshot(lan, "seat_learner_390_vi")
    store.engine.dispose()
