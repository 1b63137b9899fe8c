"""A room where people play each other, in a real browser (issue 34): Lan opens a room from Play (vi), Minh joins by
its link (en), Tú by typing its code on a 390 px phone (vi); a computer player takes the fourth seat. While they
arrange, no page holds another player's cards; when the three have confirmed, every page shows the same showdown
and its own analysis, and each hand is stored once. (A reload mid-deal, and a server killed mid-deal, are in the
two-server test: tests/e2e/test_balancer.py.) Screenshots in artifacts/screenshots/rooms_*."""

from __future__ import annotations

import re
from datetime import timedelta

from playwright.sync_api import Browser, Page, expect
from sqlalchemy import select

from classroom.models import utcnow
from classroom.room_models import Room, RoomHand
from classroom.rooms import Rooms
from classroom.service import ClassroomStore
from maubinh.arrangement import Arrangement
from maubinh.rules import POSITIONS
from maubinh.strategy.arrangers import arrange_simple
from tests.e2e.conftest import PHONE, VIEWPORT, assert_no_exception, screenshot, wait_idle

SLOW_MS = 120_000
"""A page's first run on a busy machine, a deal analysed."""
SHOWDOWN = {"vi": "Lật bài", "en": "Showdown"}


def open_page(browser: Browser, url: str, viewport: object, frames: list[str] | None = None) -> Page:
    """A page in its own context; with ``frames``, every websocket message it receives is added to it (as text)."""
    page = browser.new_context(viewport=viewport).new_page()  # type: ignore[arg-type]
    page.set_default_timeout(SLOW_MS)
    if frames is not None:
        page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(
            payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload)))
    page.goto(url)
    wait_idle(page, timeout_ms=SLOW_MS)
    assert_no_exception(page)
    return page


_ALL_HTML = """() => { const parts = [document.documentElement.outerHTML];
  const walk = (root) => root.querySelectorAll('*').forEach((el) => {
    if (el.shadowRoot) { parts.push(el.shadowRoot.innerHTML); walk(el.shadowRoot); } });
  walk(document); return parts.join('\\n'); }"""
"""The page's HTML with every shadow root's (the arranging component draws in one)."""


def place_cards(page: Page, split: Arrangement, positions: tuple = POSITIONS) -> None:  # type: ignore[type-arg]
    for position in positions:
        for card in split.chi(position):
            page.locator(f'.mb-hand button[data-card="{card}"]').click()
            page.locator(f'button.mb-chi-head[data-place="{position.value}"]').click()


def test_three_people_and_a_computer_player_play_a_deal_in_a_room(e2e_browser: Browser, app_url: str,
                                                                   app_database: str) -> None:
    store = ClassroomStore.open(app_database)
    rooms = Rooms(store)
    lan = open_page(e2e_browser, f"{app_url}/play?lang=vi", VIEWPORT)
    lan.get_by_role("button", name="Chơi với người").click()
    wait_idle(lan, timeout_ms=SLOW_MS)
    lan.get_by_label("Tên của bạn").fill("Lan")
    lan.get_by_text("Cho mọi người xem phân tích của nhau").click()
    lan.get_by_role("button", name="Mở phòng").click()
    wait_idle(lan, timeout_ms=SLOW_MS)
    expect(lan.get_by_text(re.compile(r"^Phòng [A-Z0-9]{6}$"))).to_be_visible()
    assert_no_exception(lan)
    with store._session() as session:
        room = session.scalars(select(Room).order_by(Room.created_at.desc())).first()
    assert room is not None and (room.seats, room.timer, room.fill, room.share_analysis) == (4, 90, "beginner", True)
    code, room_id = room.code, room.id

    frames: list[str] = []  # what the server sent Minh's page
    minh = open_page(e2e_browser, f"{app_url}/play?room={code}&lang=en", VIEWPORT, frames)
    minh.get_by_label("Your name").fill("Minh")
    minh.get_by_role("button", name="Join", exact=True).click()
    wait_idle(minh, timeout_ms=SLOW_MS)
    tu = open_page(e2e_browser, f"{app_url}/play?room=new&lang=vi", PHONE)
    tu.get_by_label("Có mã phòng? Nhập mã").fill(code.lower())
    tu.get_by_role("button", name="Vào", exact=True).click()
    wait_idle(tu, timeout_ms=SLOW_MS)
    tu.get_by_label("Tên của bạn").fill("Tú <b>x</b>")
    tu.get_by_role("button", name="Vào phòng").click()
    wait_idle(tu, timeout_ms=SLOW_MS)
    expect(lan.get_by_text("Tú <b>x</b>")).to_be_visible()  # Lan's page follows by itself, the name as typed
    expect(lan.get_by_text("Minh", exact=True)).to_be_visible()

    # The host deals (the server's clock moved on a minute, so the shared servers' short test timer cannot end the
    # deal while three pages are tapped one after another on a loaded machine).
    host = re.search(r"host=([^&]+)", lan.url)
    assert host is not None
    rooms.start(room_id, host.group(1).replace("%2E", "."), now=utcnow() + timedelta(seconds=120))
    pages = {0: lan, 1: minh, 2: tu}
    for page in pages.values():
        expect(page.locator(".mb-hand button.mb-card")).to_have_count(13, timeout=SLOW_MS)
    view = rooms.view(room_id)
    assert view is not None and [p.strength is None for p in view.players] == [True, True, True, False]
    dealt = {seat: rooms.view(room_id, tok).cards for seat, tok in  # type: ignore[union-attr]
             ((seat, re.search(r"seat=([^&]+)", page.url).group(1).replace("%2E", "."))  # type: ignore[union-attr]
              for seat, page in pages.items())}
    for seat, page in pages.items():  # nobody's page holds another player's cards before the showdown
        html = page.evaluate(_ALL_HTML)
        assert all(f'data-card="{card}"' in html for card in dealt[seat])
        others = [card for other, cards in dealt.items() if other != seat for card in cards]
        assert not any(f'data-card="{card}"' in html for card in others)
    mine = {f'"id": "{card}"' for card in dealt[1]}
    assert any(id_ in frame for frame in frames for id_ in mine)  # Minh's cards came over the websocket...
    for card in (c for seat, cards in dealt.items() if seat != 1 for c in cards):  # ...nobody else's, in any form
        assert not any(f'"id": "{card}"' in frame or f'"id":"{card}"' in frame or card.pretty in frame
                       for frame in frames), card
    screenshot(tu, "rooms_arranging_phone_vi")

    splits = {seat: arrange_simple(cards, view.room.rule_set) for seat, cards in dealt.items()}
    for page, split in ((page, splits[seat]) for seat, page in pages.items()):
        place_cards(page, split)
        page.locator("button[data-confirm]").click()
        wait_idle(page, timeout_ms=SLOW_MS)
    for seat, page in pages.items():
        lang = "en" if seat == 1 else "vi"
        expect(page.get_by_text(re.compile(SHOWDOWN[lang]))).to_be_visible(timeout=SLOW_MS)
        expect(page.get_by_text(re.compile("^(Analysis|Phân tích)$")).first).to_be_visible(timeout=SLOW_MS)
        assert_no_exception(page)
    expect(lan.get_by_text("Phân tích của Minh")).to_be_visible()  # the room shares everyone's analysis
    expect(lan.get_by_text("Phân tích của Máy 4 (mới chơi)")).to_have_count(0)  # a computer player has none
    with store._session() as session:
        rows = list(session.scalars(select(RoomHand).where(RoomHand.room_id == room_id)))
        analysed = {r.seat for r in rows if r.analysis is not None}  # made once, kept for every page and server
    assert analysed == {0, 1, 2}
    assert sorted(r.seat for r in rows) == [0, 1, 2, 3] and sum(r.total or 0 for r in rows) == 0
    assert {r.seat: r.origin for r in rows} == {0: "own", 1: "own", 2: "own", 3: "computer"}
    assert {r.seat: r.arrangement for r in rows if r.seat < 3} == {
        s: str(Arrangement(*(tuple(sorted(splits[s].chi(p), reverse=True)) for p in POSITIONS))) for s in range(3)}
    screenshot(tu, "rooms_showdown_phone_vi")
    minh.set_viewport_size(PHONE)
    screenshot(minh, "rooms_showdown_phone_en")
