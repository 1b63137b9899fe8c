"""AppTest of the rooms in Play (issue 34): broken and hostile addresses say what is wrong (never a traceback), a
wrong code counts against the join throttle, a full room refuses politely, and a name is shown escaped; a profile's
room hand goes to its Play history, marked."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import func, select
from streamlit.testing.v1 import AppTest

from background.rooms import keep_room_hands
from classroom.models import LEARNER_NAME_MAX, PlayHand, utcnow
from classroom.play_hands import PlayHands
from classroom.practice import Practice
from classroom.rooms import Rooms
from classroom.service import ClassroomStore
from classroom.throttle import CLIENT_GUESSES
from maubinh.naturals import find_instant_win
from maubinh.play import Origin, Strength, deal_cards
from maubinh.rules import load_rule_set
from maubinh.strategy.arrangers import arrange_simple
from tests.app.conftest import open_page
from ui.client import LOCAL
from ui.escape import PASTE_ROOM
from ui.i18n import translate
from ui.labels import natural_name

RULES = load_rule_set("chi-at")


@pytest.mark.parametrize(("room", "shown"), [("<script>x</script>", "\\<script>x\\</scri…"),
                                             ("**bold**", "\\*\\*bold\\*\\*"), ("x" * 500, "x" * 15 + "…")])
def test_an_unknown_or_hostile_code_is_told_plainly(db: ClassroomStore, room: str, shown: str) -> None:
    at = open_page("play", room=room, seat="garbage.seat", host="garbage", lang="en")
    assert not at.exception
    assert [w.value for w in at.warning] == [f"No open room has the code {shown}."]  # escaped, cut


def test_wrong_codes_are_throttled(db: ClassroomStore) -> None:
    for _ in range(CLIENT_GUESSES.limit):
        assert db.throttle.check(CLIENT_GUESSES, LOCAL)
    at = open_page("play", room="QQQQQQ", lang="vi")
    assert not at.exception and [e.value for e in at.error] == [
        "Đã thử quá nhiều mã phòng sai từ mạng này. Hãy đợi một phút."]


def test_a_full_room_refuses_politely_and_names_are_escaped(db: ClassroomStore) -> None:
    rooms = Rooms(db)
    new = rooms.create(RULES, 2, 60, Strength.BEGINNER, "**Lan** <b>")
    at = open_page("play", room=new.room.code, lang="en")
    assert not at.exception
    at.text_input(key="rooms_join_name").input("Minh")
    at.button(key="FormSubmitter:rooms_join-Join").click().run()
    assert not at.exception and at.query_params["seat"]
    seated = [m.value for m in at.markdown if "Minh" in m.value]
    assert any("\\*\\*Lan\\*\\* \\<b>" in value for value in seated), seated  # as typed, not bold, no tag
    full = open_page("play", room=new.room.code, lang="en")
    assert not full.exception
    assert [i.value for i in full.info] == ["This room is full (2 seats). You can join when someone leaves a seat."]


def test_the_create_form_opens_a_room_and_seats_the_host(db: ClassroomStore) -> None:
    at = open_page("play", room="new", lang="vi")
    assert not at.exception
    at.text_input(key="rooms_create_name").input("Lan")
    at.button(key="FormSubmitter:rooms_create-Mở phòng").click().run()
    assert not at.exception
    code, seat, host = at.query_params["room"], at.query_params["seat"], at.query_params["host"]
    room = Rooms(db).find(code[0] if isinstance(code, list) else code)
    assert room is not None and (room.seats, room.timer, room.fill) == (4, 90, Strength.BEGINNER)
    assert seat and host


def test_the_host_deals_from_the_page_and_a_guest_waits(db: ClassroomStore) -> None:
    rooms = Rooms(db)
    new = rooms.create(RULES, 3, 60, Strength.BEGINNER, "Lan")
    guest = rooms.join(new.room.id, "Minh")
    minh = open_page("play", room=new.room.code, seat=str(guest), lang="en")
    assert not minh.exception and "Waiting for the host to deal." in [c.value for c in minh.caption]
    assert not [b for b in minh.button if b.key == "rooms_start"]  # only the host deals
    lan = open_page("play", room=new.room.code, seat=str(new.seat), host=str(new.host), lang="vi")
    assert [w.value for w in lan.warning] == [translate("rooms.unreachable", "vi", env="MAUBINH_PUBLIC_URL",
                                                        port=8501)]  # the room's link (was "the class's")
    lan.button(key="rooms_start").click().run()
    assert not lan.exception
    view = rooms.view(new.room.id, str(new.seat))
    assert view is not None and view.number == 1 and [p.strength for p in view.players] == [
        None, None, Strength.BEGINNER]
    assert "Ván 1" in [s.value for s in lan.subheader]  # the deal under way


def _param(at: AppTest, key: str) -> str:
    value = at.query_params[key]
    return str(value[0] if isinstance(value, list) else value)


def test_a_profiles_room_hand_goes_to_its_play_history_marked_as_a_rooms(db: ClassroomStore) -> None:
    """Lan opens a room with her personal link (kept in the room's addresses); Minh joins without a profile; after the
    showdown Lan's page shows, her hand is in her Play history once, marked as played at a room (vi and en), and
    Minh's nowhere. (The form is sent in vi: AppTest formats a widget's value outside the page's language.)"""
    lang = "vi"
    profile = Practice(db).create_profile("Lan")
    me = str(profile.token)
    at = open_page("play", room="new", me=me, lang=lang)
    at.text_input(key="rooms_create_name").input("Lan")
    at.button(key=f"FormSubmitter:rooms_create-{translate('rooms.create', lang)}").click().run()
    assert not at.exception and _param(at, "me") == me
    code, seat, host = _param(at, "room"), _param(at, "seat"), _param(at, "host")
    rooms = Rooms(db)
    room = rooms.find(code)
    assert room is not None
    minh = rooms.join(room.id, "Minh")
    rooms.start(room.id, host)
    for token in (seat, str(minh)):
        view = rooms.view(room.id, token)
        assert view is not None
        rooms.confirm(token, 1, arrange_simple(view.cards, RULES))
    shown = open_page("play", room=code, seat=seat, host=host, me=me, lang=lang)  # the showdown, on Lan's page
    assert not shown.exception
    keep_room_hands(rooms, room.id).result(120)  # the page's run under way, or one finding nothing left to keep
    kept = PlayHands(db).history(profile.info.id)
    assert [(h.room_id, h.deal) for h in kept] == [(room.id, 1)]
    with db.engine.connect() as connection:
        assert connection.scalar(select(func.count()).select_from(PlayHand)) == 1  # Minh has no profile
    for shown_lang in ("vi", "en"):
        history = open_page("play", me=me, lang=shown_lang)
        assert not history.exception
        mark = translate("origin.mark.room", shown_lang)
        assert any(mark in m.value for m in history.markdown), [m.value for m in history.markdown]


def test_the_host_whose_seat_was_taken_still_deals_and_removes_and_the_removed_is_told(db: ClassroomStore) -> None:
    """Issue 34's 2-seat room: Bình joins, the host leaves the seat, Chloe takes it. The host's page is not "full": it
    says the host watches and still deals; a full room's join page follows the seats (its list is a fragment run
    again by itself); the host removes Chloe, whose page then says so above the join form (vi and en), also after
    Dũng took her seat and was removed from it in turn, and the list says removed."""
    rooms = Rooms(db)
    new = rooms.create(RULES, 2, 60, None, "Lan")
    binh = rooms.join(new.room.id, "Bình")
    rooms.leave(str(new.seat))
    chloe = rooms.join(new.room.id, "Chloe")
    full = open_page("play", room=new.room.code, lang="en")
    assert not full.exception and [i.value for i in full.info] == [
        "This room is full (2 seats). You can join when someone leaves a seat."]
    assert any("Chloe" in m.value for m in [*full.caption, *full.markdown])  # the seats, in the polled list
    host = open_page("play", room=new.room.code, seat=str(new.seat), host=str(new.host), lang="en")
    assert not host.exception and not [i for i in host.info if "full" in i.value]
    assert any("You host this room and are not seated" in i.value for i in host.info)
    host.button(key="rooms_start").click().run()
    assert not host.exception
    view = rooms.view(new.room.id, str(binh))
    assert view is not None and view.number == 1 and [p.seat for p in view.players] == [0, 1]
    host.selectbox(key="rooms_remove_seat").select(0).run()
    host.button(key="rooms_remove").click().run()
    assert not host.exception and rooms.removed(str(chloe)) == chloe
    dung = rooms.join(new.room.id, "Dũng")  # Chloe's seat taken, and Dũng removed from it too
    assert dung.seat == chloe.seat and rooms.remove(new.room.id, str(new.host), dung.seat)
    for lang, said in (("en", "The host removed you from seat 1."), ("vi", "Chủ phòng đã mời bạn ra khỏi ghế 1.")):
        told = open_page("play", room=new.room.code, seat=str(chloe), lang=lang)
        assert not told.exception and said in [w.value for w in told.warning]
        assert [f for f in told.text_input if f.key == "rooms_join_name"]  # the join form below
    listed = open_page("play", room=new.room.code, seat=str(binh), lang="en")
    assert any("removed by the host" in c.value for c in [*listed.caption, *listed.markdown])


def test_the_declare_switch_is_the_servers_after_a_reload_and_at_the_timers_end(db: ClassroomStore) -> None:
    """Seed 200: Minh (seat 1) holds six pairs. His other device places two cards, then he turns "declare" on: his
    seat keeps it with the other device's chi (this page is told they changed); a reload, a new session, shows it on;
    turned off there, the next reload shows it off; he never confirms, and at the timer's end the solver's split is
    played for him, not declared (his word; without it the solver would declare six pairs)."""
    rooms = Rooms(db)
    new = rooms.create(RULES, 2, 60, None, "Lan", seed=200)
    minh = rooms.join(new.room.id, "Minh")
    start = utcnow()
    rooms.start(new.room.id, str(new.host), now=start)
    key = f"rooms_declare_{new.room.id}_1"
    page = open_page("play", room=new.room.code, seat=str(minh), lang="en")
    assert not page.exception and page.toggle(key=key).value is False
    dealt = rooms.view(new.room.id, str(minh))
    assert dealt is not None
    front = [str(c) for c in dealt.cards[:2]]
    rooms.place_since(str(minh), 1, {"front": front}, None)  # his other device, since this page was drawn
    page.toggle(key=key).set_value(True).run()
    view = rooms.view(new.room.id, str(minh))
    assert not page.exception and view is not None and view.declare is True and list(view.placed["front"]) == front
    assert "Your cards were changed from another tab or device: this is the placement stored." in [
        w.value for w in page.warning] and page.toggle(key=key).value is True
    reloaded = open_page("play", room=new.room.code, seat=str(minh), lang="vi")
    assert not reloaded.exception and reloaded.toggle(key=key).value is True
    reloaded.toggle(key=key).set_value(False).run()
    assert not reloaded.exception and reloaded.toggle(key=key).value is False
    again = open_page("play", room=new.room.code, seat=str(minh), lang="en")
    assert not again.exception and again.toggle(key=key).value is False
    lan = rooms.view(new.room.id, str(new.seat))
    assert lan is not None
    rooms.confirm(str(new.seat), 1, arrange_simple(lan.cards, RULES), now=start + timedelta(seconds=5))
    assert rooms.tick(new.room.id, start + timedelta(seconds=66))
    shown = rooms.view(new.room.id, str(minh))
    assert shown is not None and shown.settled
    hand = next(h for h in shown.hands if h.seat == 1)
    assert hand.origin == Origin.TIMER_SOLVER.value and not hand.declared


def test_a_wrong_code_offers_the_code_box_and_the_way_to_play(db: ClassroomStore) -> None:
    at = open_page("play", room="ZZZZZZ", lang="en")
    assert not at.exception and [w.value for w in at.warning] == ["No open room has the code ZZZZZZ."]
    assert [f for f in at.text_input if f.key == "rooms_code_text"]  # try again...
    assert any("Go to Play" in str(getattr(p, "label", "")) or "Go to Play" in str(getattr(p, "value", ""))
               for p in at.get("page_link") + list(at.markdown))  # ...or go back


def test_a_name_box_starts_with_the_profiles_name_and_a_long_name_is_kept_with_the_rule(db: ClassroomStore) -> None:
    profile = Practice(db).create_profile("Chloe")
    rooms = Rooms(db)
    new = rooms.create(RULES, 3, 60, None, "Lan")
    at = open_page("play", room=new.room.code, me=str(profile.token), lang="en")
    assert not at.exception and at.text_input(key="rooms_join_name").value == "Chloe"
    assert at.text_input(key="rooms_join_name").max_chars == PASTE_ROOM * LEARNER_NAME_MAX  # a paste fits whole
    long = "Nguyễn Thị Thanh Hương Lê Trà My Bảo Ngọc An"  # 44 characters
    at.text_input(key="rooms_join_name").input(long)
    at.button(key="FormSubmitter:rooms_join-Join").click().run()
    assert not at.exception and [e.value for e in at.error] == [
        translate("classes.join_error.name", "en").format(longest=LEARNER_NAME_MAX)]
    assert at.text_input(key="rooms_join_name").value == long  # kept, to shorten


def test_a_person_seated_after_the_deal_is_told_the_computer_plays_it_for_them(db: ClassroomStore) -> None:
    """Found by a user test: Hoa took the computer player's seat during a deal and the seat list called her
    "Computer 2 (beginner) (you)". Now her name, and that the computer plays this deal for her (vi, en)."""
    rooms = Rooms(db)
    new = rooms.create(RULES, 2, 60, Strength.BEGINNER, "Lan")
    rooms.start(new.room.id, str(new.host))
    hoa = rooms.join(new.room.id, "Hoa")
    for lang in ("en", "vi"):
        at = open_page("play", room=new.room.code, seat=str(hoa), lang=lang)
        assert not at.exception
        words = " ".join(c.value for c in at.caption)
        assert f"**Hoa** ({translate('rooms.you', lang)}) · {translate('rooms.state_next', lang)}" in words, words
        assert translate("rooms.computer", lang, n=2, strength=translate("play.strength.beginner", lang)) not in words
        assert translate("rooms.next_deal", lang) not in words  # said once, in her line
    empty = rooms.create(RULES, 3, 60, None, "Lan")  # no computer players: Vy's seat is empty in this deal
    rooms.join(empty.room.id, "Minh")
    rooms.start(empty.room.id, str(empty.host))
    vy = rooms.join(empty.room.id, "Vy")
    at = open_page("play", room=empty.room.code, seat=str(vy), lang="en")
    words = " ".join(c.value for c in at.caption)
    assert not at.exception and f"**Vy** ({translate('rooms.you', 'en')}) · {translate('rooms.state_next_deal', 'en')}" in words
    assert translate("rooms.next_deal", "en") not in words


def test_a_newcomer_at_a_freed_seat_watches_the_last_showdown_not_as_their_own(db: ClassroomStore) -> None:
    """Found by a user test (serious): Vy joined the seat of Hoa, removed after the deal, and saw its showdown as
    "Hoa (you)" with Hoa's own analysis. Now that showdown names Hoa, marks nobody as Vy, and shows no analysis of
    Hoa's (the room does not share them); Vy's line says she plays from the next deal (vi, en)."""
    rooms = Rooms(db)
    new = rooms.create(RULES, 2, 60, None, "Lan", seed=3)
    hoa = rooms.join(new.room.id, "Hoa")
    rooms.start(new.room.id, str(new.host))
    dealt = deal_cards(3, 1, 2)
    for token, cards in zip((new.seat, hoa), dealt, strict=True):
        rooms.confirm(str(token), 1, arrange_simple(cards, RULES))
    assert rooms.tick(new.room.id) and rooms.remove(new.room.id, str(new.host), hoa.seat)
    vy = rooms.join(new.room.id, "Vy")
    for lang in ("vi", "en"):
        at = open_page("play", room=new.room.code, seat=str(vy), lang=lang)
        assert not at.exception
        shown = " ".join(m.value for m in at.markdown)
        assert "Hoa" in shown and f"Vy ({translate('rooms.you', lang)})" not in shown, shown
        assert f"Hoa ({translate('rooms.you', lang)})" not in shown
        assert not [e for e in at.expander if translate("rooms.analysis_of", lang, name="Hoa") in e.label]
        assert translate("play.marks_legend", lang) not in [c.value for c in at.caption]  # a watcher's showdown


def test_a_declared_hand_waiting_for_the_others_says_it_was_declared(db: ClassroomStore) -> None:
    """Found by a user test: after declaring without placing a card, the waiting screen showed "your hand" (the
    solver's split) and nothing of the declaration. Seed 200: Minh (seat 1) holds six pairs and declares."""
    rooms = Rooms(db)
    new = rooms.create(RULES, 2, 60, None, "Lan", seed=200)
    minh = rooms.join(new.room.id, "Minh")
    rooms.start(new.room.id, str(new.host))
    view = rooms.view(new.room.id, str(minh))
    assert view is not None
    rooms.confirm(str(minh), 1, arrange_simple(view.cards, RULES), True)
    held = find_instant_win(view.cards, RULES)
    assert held is not None
    for lang in ("vi", "en"):
        at = open_page("play", room=new.room.code, seat=str(minh), lang=lang)
        assert not at.exception
        said = translate("play.declared", lang, name=natural_name(held.pattern, lang))
        assert said in [c.value for c in at.caption], [c.value for c in at.caption]


def test_the_host_back_at_the_computer_table_finds_the_way_back_to_the_room(db: ClassroomStore) -> None:
    """Found by a user test: after "Back to the computer table" the host could only open a new room, and typing the
    code made her a stranger at the join form. Now Play offers "Back to room CODE", to her seat with her powers."""
    rooms = Rooms(db)
    new = rooms.create(RULES, 3, 60, Strength.BEGINNER, "Lan")
    lan = open_page("play", room=new.room.code, seat=str(new.seat), host=str(new.host), lang="en")
    assert not [b for b in lan.button if b.key == "rooms_return_play"]
    lan.button(key="rooms_back").click().run()
    assert not lan.exception and "room" not in lan.query_params
    back = next(b for b in lan.button if b.key == "rooms_return_play")
    assert back.label == translate("rooms.back_to_room", "en", code=new.room.code)
    back.click().run()
    assert not lan.exception
    assert [b for b in lan.button if b.key == "rooms_start"]  # her seat and her host powers again


def test_leaving_mid_deal_asks_first_and_says_the_timer_plays_the_hand(db: ClassroomStore) -> None:
    """Found by a user test: "Leave the seat" during a deal left at once, the hand not sent. Now, while this seat's
    hand is not sent, the button is a popover that says the timer's rule plays the hand and asks "Leave now" (vi, en);
    once the hand is sent, or between deals, it leaves at once."""
    rooms = Rooms(db)
    new = rooms.create(RULES, 2, 60, None, "Lan", seed=5)
    minh = rooms.join(new.room.id, "Minh")
    rooms.start(new.room.id, str(new.host))
    for lang in ("vi", "en"):
        at = open_page("play", room=new.room.code, seat=str(minh), lang=lang)
        assert not at.exception
        assert translate("rooms.leave_confirm", lang) in [m.value for m in at.markdown]
        assert at.button(key="rooms_leave").label == translate("rooms.leave_yes", lang)
    at.button(key="rooms_leave").click().run()
    assert not at.exception and translate("rooms.you_left", "en") in [i.value for i in at.info]
    view = rooms.view(new.room.id, str(minh))
    assert view is not None and any(s.seat == 1 and s.left for s in view.seats)
    cards = rooms.view(new.room.id, str(new.seat))
    assert cards is not None
    rooms.confirm(str(new.seat), 1, arrange_simple(cards.cards, RULES))
    lan = open_page("play", room=new.room.code, seat=str(new.seat), host=str(new.host), lang="en")
    assert not lan.exception and translate("rooms.leave_confirm", "en") not in [m.value for m in lan.markdown]
    assert lan.button(key="rooms_leave").label == translate("rooms.leave", "en")  # her hand is in: no question


def test_the_host_locks_the_room_and_the_removed_cannot_join_under_another_name(db: ClassroomStore) -> None:
    """Found by a user test: Hoa, removed, joined again as "Hoa 2". The host turns on "let nobody new join": Hoa's
    old link says she was removed and that the room takes nobody new, with no name box (vi, en); the room's line
    says it on every page; the host turns it off and the name box is back."""
    rooms = Rooms(db)
    new = rooms.create(RULES, 3, 60, None, "Lan")
    hoa = rooms.join(new.room.id, "Hoa")
    host = open_page("play", room=new.room.code, seat=str(new.seat), host=str(new.host), lang="en")
    host.selectbox(key="rooms_remove_seat").select(hoa.seat).run()
    host.button(key="rooms_remove").click().run()
    host.toggle(key="rooms_lock").set_value(True).run()
    assert not host.exception and rooms.room(new.room.id).locked  # type: ignore[union-attr]
    assert any(translate("rooms.locked", "en") in c.value for c in host.caption)
    for lang in ("vi", "en"):
        told = open_page("play", room=new.room.code, seat=str(hoa), lang=lang)
        assert not told.exception and translate("rooms.locked_join", lang) in [i.value for i in told.info]
        assert not [f for f in told.text_input if f.key == "rooms_join_name"]
        assert any(translate("rooms.locked", lang) in c.value for c in told.caption)
    host.toggle(key="rooms_lock").set_value(False).run()
    assert not host.exception and not rooms.room(new.room.id).locked  # type: ignore[union-attr]
    again = open_page("play", room=new.room.code, lang="en")
    assert [f for f in again.text_input if f.key == "rooms_join_name"]


def test_a_broken_or_foreign_seat_link_is_said_above_the_join_form(db: ClassroomStore) -> None:
    """Found by a user test: a garbage or forged ``&seat=`` opened the join form as if nothing were wrong. Now it is
    said (vi, en), above the join form; the empty-seats options begin with a capital."""
    rooms = Rooms(db)
    new = rooms.create(RULES, 3, 60, None, "Lan")
    other = rooms.create(RULES, 2, 60, None, "Minh")
    for seat, lang in (("garbage", "en"), (str(other.seat), "vi"), ("x" * 300, "en")):
        at = open_page("play", room=new.room.code, seat=seat, lang=lang)
        assert not at.exception
        assert [w.value for w in at.warning] == [translate("rooms.bad_seat_link", lang)]
        assert [f for f in at.text_input if f.key == "rooms_join_name"]
    plain = open_page("play", room=new.room.code, lang="en")
    assert not plain.exception and not plain.warning
    form = open_page("play", room="new", lang="en")
    assert form.selectbox(key="rooms_fill").options[:1] == ["Beginner"]


def test_a_hand_sent_waits_with_the_servers_time_left(db: ClassroomStore) -> None:
    """Found by a user test: after confirming, the waiting screen said "waiting for the others (or the timer)" with no
    time. It now shows the time left by the server's clock, counted down in the browser (vi, en)."""
    rooms = Rooms(db)
    new = rooms.create(RULES, 2, 90, None, "Lan", seed=5)
    rooms.join(new.room.id, "Minh")
    rooms.start(new.room.id, str(new.host))
    view = rooms.view(new.room.id, str(new.seat))
    assert view is not None
    rooms.confirm(str(new.seat), 1, arrange_simple(view.cards, RULES))
    for lang in ("vi", "en"):
        at = open_page("play", room=new.room.code, seat=str(new.seat), lang=lang)
        assert not at.exception
        waiting = [c.value for c in at.caption if 'data-testid="room-wait"' in c.value]
        assert len(waiting) == 1 and translate("rooms.waiting_others", lang) in waiting[0]
        left = float(waiting[0].split('data-mb-left="')[1].split('"')[0])
        assert 80 < left <= 90, left
