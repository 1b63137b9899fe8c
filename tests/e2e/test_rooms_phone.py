"""A room's deal on a 390 x 844 phone (issue 34): the player's 13 cards (the arranging component's hand) are on the
first screen, below a seat list of one line a seat (the page's title and the room's left out, the invitation folded into
a small popover below the cards), with three people of long names and a computer player (the tester's room), in vi and en.
Screenshots in artifacts/screenshots/rooms_phone_*."""

from __future__ import annotations

from datetime import timedelta

import pytest
from playwright.sync_api import Browser, expect

from classroom.models import utcnow
from classroom.rooms import Rooms
from classroom.service import ClassroomStore
from maubinh.play import Strength
from maubinh.rules import load_rule_set
from tests.e2e.conftest import assert_no_exception, screenshot, wait_idle
from tests.e2e.test_play_first_screen import PHONE, PHONE_H, assert_on_first_screen
from ui.i18n import translate

SLOW_MS = 120_000


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_rooms_13_cards_are_on_a_phones_first_screen_during_a_deal(e2e_browser: Browser, app_url: str,
                                                                     app_database: str, lang: str) -> None:
    rooms = Rooms(ClassroomStore.open(app_database))
    new = rooms.create(load_rule_set("chi-at"), 4, 60, Strength.MEDIUM, "<script>alert(2)</script>Chủ phòng")
    binh = rooms.join(new.room.id, "Bình 😀 Nguyễn Thị Thanh Hương Lê Trà")
    rooms.join(new.room.id, "Chloe <u>EN</u>")
    rooms.start(new.room.id, str(new.host), now=utcnow() + timedelta(seconds=120))  # the server's short test timer
    context = e2e_browser.new_context(**PHONE)  # type: ignore[arg-type]
    page = context.new_page()
    page.set_default_timeout(SLOW_MS)
    page.goto(f"{app_url}/play?room={new.room.code}&seat={binh}&lang={lang}")
    wait_idle(page, timeout_ms=SLOW_MS)
    assert_no_exception(page)
    expect(page.locator(".mb-hand button.mb-card")).to_have_count(13)
    page.screenshot(path=str(screenshot(page, f"rooms_phone_{lang}_deal").with_name(f"rooms_phone_{lang}_deal_window.png")))
    header, seats = page.evaluate("""() => [document.querySelector('[data-testid=stHeader]').getBoundingClientRect().bottom,
        (() => { const r = document.createRange();
                 r.selectNodeContents(document.querySelector('[data-testid=stMain] [data-testid=stCaptionContainer]'));
                 return r.getBoundingClientRect().top; })()]""")
    assert seats >= header, (seats, header)  # the seat list's first line clear of Streamlit's header bar
    first = assert_on_first_screen(page, f"room {lang}", whole_hand=True)
    print(f"{lang}: the hand's first card at y={first['y']:.0f} of {PHONE_H} px")
    invite = page.get_by_role("button", name=translate("rooms.invite_short", lang), exact=True)
    expect(invite).to_have_count(1)  # folded below the cards: the code and link one tap away
    invite.scroll_into_view_if_needed()
    invite.click()
    expect(page.get_by_text(new.room.code).first).to_be_visible()
