"""A room's screens in a browser (issue 34). On a 390 x 844 phone: the player's 13 cards (the arranging component's
hand) are on the first screen, below a seat list of one line a seat (the page's title and the room's left out, the
invitation folded into a small popover below the cards), with three people of long names and a computer player (the
tester's room), in vi and en (screenshots in artifacts/screenshots/rooms_phone_*); at the showdown, every seat's total
and hands on the first screen too. A full room's join page that offers
a seat freed without a reload, and two tabs of one seat (what neither a unit test nor AppTest can run: the page's own
look, the component)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from playwright.sync_api import Browser, Page, expect

from classroom.models import utcnow
from classroom.rooms import NewRoom, Rooms, SeatToken
from classroom.service import ClassroomStore
from maubinh.play import Strength, deal_cards
from maubinh.rules import load_rule_set
from maubinh.strategy.arrangers import arrange_simple
from tests.e2e.conftest import VIEWPORT, assert_no_exception, screenshot, wait_idle
from tests.e2e.test_play_first_screen import PHONE, PHONE_H, PHONE_W, assert_on_first_screen
from ui.i18n import translate
from ui.settlement import signed

SLOW_MS = 120_000


def _testers_room(database: str, host: str) -> tuple[Rooms, NewRoom, SeatToken, SeatToken]:
    """The tester's room: four seats, the host (``host``), Bình and Chloe with long or hostile names, a computer
    player (medium) in the fourth seat; seed 11."""
    rooms = Rooms(ClassroomStore.open(database))
    new = rooms.create(load_rule_set("chi-at"), 4, 60, Strength.MEDIUM, host, seed=11)
    return (rooms, new, rooms.join(new.room.id, "Bình 😀 Nguyễn Thị Thanh Hương Lê Trà"),
            rooms.join(new.room.id, "Chloe <u>EN</u>"))


def _on_phone(browser: Browser, url: str) -> Page:
    """``url`` opened in a new 390 x 844 phone's page, its run over and no exception shown."""
    page = browser.new_context(**PHONE).new_page()  # type: ignore[arg-type]
    page.set_default_timeout(SLOW_MS)
    page.goto(url)
    wait_idle(page, timeout_ms=SLOW_MS)
    assert_no_exception(page)
    return page



@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_rooms_13_cards_are_on_a_phones_first_screen_during_a_deal(e2e_browser: Browser, app_url: str,
                                                                     app_database: str, lang: str) -> None:
    rooms, new, binh, _ = _testers_room(app_database, "<script>alert(2)</script>Chủ phòng")
    rooms.start(new.room.id, str(new.host), now=utcnow() + timedelta(seconds=120))  # the server's short test timer
    page = _on_phone(e2e_browser, f"{app_url}/play?room={new.room.code}&seat={binh}&lang={lang}")
    expect(page.locator(".mb-hand button.mb-card")).to_have_count(13)
    expect(page.get_by_role("heading", name=translate("rooms.title", lang))).not_to_be_visible()  # folded
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


def _wait_stored(rooms: Rooms, room_id: str, token: str, front: list[str], page: Page) -> None:
    """Wait (at most 15 s) until the seat's stored front chi is ``front``."""
    for _ in range(75):
        view = rooms.view(room_id, token)
        if view is not None and list(view.placed.get("front", ())) == front:
            return
        page.wait_for_timeout(200)  # the component stores a moment after the moves: looked at again
    raise AssertionError(f"the front chi {front} was never stored")


def _opened(browser: Browser, url: str) -> Page:
    page = browser.new_context(viewport=VIEWPORT).new_page()
    page.set_default_timeout(SLOW_MS)
    page.goto(url)
    wait_idle(page, timeout_ms=SLOW_MS)
    assert_no_exception(page)
    return page


def test_a_full_rooms_page_offers_the_seat_freed_and_a_second_tab_is_told_of_the_first(
        e2e_browser: Browser, app_url: str, app_database: str) -> None:
    """A full room's join page shows "Join" when the host removes someone, without a reload; two tabs of one seat:
    the second tab's cards placed over the first's are refused, said, and the first's shown (issue 34)."""
    rooms = Rooms(ClassroomStore.open(app_database))
    new = rooms.create(load_rule_set("chi-at"), 2, 60, None, "Lan")
    binh = rooms.join(new.room.id, "Bình")
    full = _opened(e2e_browser, f"{app_url}/play?room={new.room.code}&lang=en")
    expect(full.get_by_text("This room is full (2 seats)", exact=False)).to_be_visible()
    rooms.remove(new.room.id, str(new.host), binh.seat)
    expect(full.get_by_role("button", name="Join")).to_be_visible(timeout=15_000)  # the page's own look, no reload

    again = rooms.join(new.room.id, "Bình")
    rooms.start(new.room.id, str(new.host), now=utcnow() + timedelta(seconds=120))  # the server's short test timer
    url = f"{app_url}/play?room={new.room.code}&seat={again}&lang=en"
    first, second = _opened(e2e_browser, url), _opened(e2e_browser, url)  # both open before either places a card
    expect(first.get_by_role("heading", name="Play: people at one table")).to_be_visible()  # folded on a phone only
    view = rooms.view(new.room.id, str(again))
    assert view is not None
    cards = [str(c) for c in view.cards]
    for page, picks in ((first, cards[:2]), (second, cards[2:4])):
        for card in picks:
            page.locator(f'.mb-hand button[data-card="{card}"]').click()
            page.locator('button.mb-chi-head[data-place="front"]').click()
        if page is first:  # its chi stored (a moment after the last move) before the second tab moves
            _wait_stored(rooms, new.room.id, str(again), cards[:2], page)
    expect(second.get_by_text("Your cards were changed from another tab or device")).to_be_visible(timeout=15_000)
    stored = rooms.view(new.room.id, str(again))
    assert stored is not None and stored.placed["front"] == cards[:2]  # the first tab's, kept
    for card in cards[:2]:  # and shown in the second tab's front chi
        expect(second.locator(f'.mb-chi[data-chi="front"] button[data-card="{card}"]')).to_have_count(1)


def test_the_hosts_second_device_follows_the_next_deal_after_a_showdown(e2e_browser: Browser, app_url: str,
                                                                        app_database: str) -> None:
    """The host's link open on two devices: at the showdown the room waits for the host's "next deal"; dealt from
    one device, the other shows the new deal without a reload (it used to stop looking at the room once it showed a
    showdown to the host, issue 34)."""
    rooms = Rooms(ClassroomStore.open(app_database))
    new = rooms.create(load_rule_set("chi-at"), 2, 60, Strength.BEGINNER, "Lan")
    second = _opened(e2e_browser, f"{app_url}/play?room={new.room.code}&seat={new.seat}&host={new.host}&lang=en")
    rooms.start(new.room.id, str(new.host), now=utcnow() + timedelta(seconds=120))  # as dealt from the first device
    expect(second.locator(".mb-hand button.mb-card")).to_have_count(13, timeout=15_000)
    view = rooms.view(new.room.id, str(new.seat))
    assert view is not None
    rooms.confirm(str(new.seat), 1, arrange_simple(view.cards, load_rule_set("chi-at")))  # confirmed on the first
    expect(second.get_by_text("Deal 1 · Showdown")).to_be_visible(timeout=15_000)
    expect(second.get_by_role("button", name="Next deal")).to_be_visible()
    rooms.start(new.room.id, str(new.host), now=utcnow() + timedelta(seconds=120))  # "next deal" on the first device
    expect(second.get_by_text("Deal 1 · Showdown")).to_have_count(0, timeout=15_000)
    expect(second.locator(".mb-hand button.mb-card")).to_have_count(13)
    assert_no_exception(second)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_phones_showdown_shows_every_seats_total_and_hands_on_its_first_screen(
        e2e_browser: Browser, app_url: str, app_database: str, lang: str) -> None:
    """The showdown at 390 px (issue 34: each seat's three chi drawn as cards, one seat below the other, took four
    screens): under its heading, each seat in a few lines (its name and total, its chi as cards in text), every seat
    of four (three people with long names, a computer player) on the first screen; the pairs' settlement folded
    below; nothing wider than the phone; names escaped (screenshots rooms_phone_{lang}_showdown*.png)."""
    rooms, new, binh, chloe = _testers_room(app_database, "Chủ phòng Nguyễn")
    rooms.start(new.room.id, str(new.host))
    dealt = deal_cards(11, 1, 4)
    for token in (new.seat, binh, chloe):
        rooms.confirm(str(token), 1, arrange_simple(dealt[token.seat], new.room.rule_set))
    view = rooms.view(new.room.id, str(binh))
    assert view is not None and view.settlement is not None  # the computer player set its cards: settled
    totals = [signed(total) for total in view.settlement.totals]
    page = _on_phone(e2e_browser, f"{app_url}/play?room={new.room.code}&seat={binh}&lang={lang}")
    heading = page.get_by_role("heading", name=f"{translate('rooms.deal_title', lang, n=1)} · "
                                             f"{translate('play.showdown', lang)}")
    showdown = page.locator(".mb-showdown")
    expect(showdown).to_have_count(1)
    for total in totals:
        expect(showdown).to_contain_text(translate("play.seat_total", lang, chi=total))
    expect(showdown).to_contain_text("Chloe <u>EN</u>")  # escaped, never markup
    expect(showdown.locator("u")).to_have_count(0)
    in_page = "(e, top) => e.getBoundingClientRect()[top ? 'top' : 'bottom'] + " \
              "document.querySelector('[data-testid=stMain]').scrollTop"  # Streamlit scrolls inside its main block
    top, bottom = heading.evaluate(in_page, True), showdown.evaluate(in_page, False)
    print(f"{lang}: showdown heading at y={top:.0f}, every seat's hands end at y={bottom:.0f} of {PHONE_H} px")
    assert bottom <= PHONE_H, (top, bottom)  # the heading, every total and hand: on the first screen
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE_W  # nothing wider than the phone
    pair = page.locator("[data-testid=stExpander] details", has_text="Chloe <u>EN</u>")
    expect(pair).to_have_count(1)  # Bình's pair with Chloe (Bình's own pairs only)...
    assert pair.get_attribute("open") is None  # ...folded
    expect(page.locator("[class*=st-key-play_analysis_numbers] [data-testid=stMetric]")).to_have_count(4,
                                                                                                    timeout=60_000)
    for boxes in (".mb-scores", "[class*=st-key-play_analysis_numbers]"):  # small boxes, not a screen tall
        height = page.locator(boxes).first.evaluate("e => e.getBoundingClientRect().height")
        print(f"{lang}: {boxes} {height:.0f} px tall")
        assert height < 160, (boxes, height)  # the analysis's four boxes: two short rows (390 px before)
    page.screenshot(path=str(screenshot(page, f"rooms_phone_{lang}_showdown").with_name(
        f"rooms_phone_{lang}_showdown_window.png")))
