"""The room page's handling of the arranging component's value (issue 34): crafted values (too long, another seat's
cards, a card twice, not three chi) are refused with a message and change nothing; a real split is stored; and when
the page polls (only while something is pending)."""

from __future__ import annotations

import pytest

from classroom.rooms import Rooms
from classroom.service import ClassroomStore
from maubinh.play import Strength
from maubinh.rules import POSITIONS, load_rule_set
from maubinh.strategy.arrangers import arrange_simple
from ui.i18n import translate
from ui.rooms import page


def test_crafted_values_are_refused_and_a_real_split_is_stored(store: ClassroomStore,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    rooms = Rooms(store)
    monkeypatch.setattr(page, "rooms", lambda: rooms)
    new = rooms.create(load_rule_set("chi-at"), 2, 60, None, "Lan", seed=3)
    minh = rooms.join(new.room.id, "Minh")
    rooms.start(new.room.id, str(new.host))
    view, theirs = rooms.view(new.room.id, str(new.seat)), rooms.view(new.room.id, str(minh))
    assert view is not None and theirs is not None
    mine = arrange_simple(view.cards, view.room.rule_set)
    good = {p.value: [str(c) for c in mine.chi(p)] for p in POSITIONS}
    other = {p.value: [str(c) for c in arrange_simple(theirs.cards, view.room.rule_set).chi(p)] for p in POSITIONS}
    twice = {**good, "front": [good["front"][0]] * 3}
    refused = translate("rooms.bad_split", "vi")
    for crafted in (other, twice, {"back": good["back"]}, {**good, "junk": "x" * 5000}, {"back": "As Ks"}):
        assert page.take_value(crafted, str(new.seat), view, False, False) == refused
    after = rooms.view(new.room.id, str(new.seat))
    assert after is not None and after.ready == frozenset() and after.mine is None
    assert page.take_value(good, str(new.seat), view, False, False) is None
    after = rooms.view(new.room.id, str(new.seat))
    assert after is not None and after.mine is not None and after.mine.arrangement.cards == mine.cards
    assert page.pending(after, host=True)  # Minh still arranging: the host's page follows
    rooms.confirm(str(minh), 1, arrange_simple(theirs.cards, view.room.rule_set))
    settled = rooms.view(new.room.id, str(new.seat))
    assert settled is not None and settled.settled
    assert not page.pending(settled, host=True)  # the room waits for the host's own "next deal"
    assert page.take_value(other, str(minh), theirs, False, False) == translate("rooms.too_late", "vi")
    guest = rooms.view(new.room.id, str(minh))
    assert guest is not None and page.pending(guest, host=False)  # Minh waits for it
    watching = rooms.view(new.room.id)  # no seat: the host not seated follows the room (a seat freed, a deal)...
    assert watching is not None and page.pending(watching, host=True)
    assert not page.pending(watching, host=False)  # ...a visitor's page has its own look (the full room's list)


def test_a_computer_filled_room_needs_no_second_person(store: ClassroomStore) -> None:
    rooms = Rooms(store)
    new = rooms.create(load_rule_set("chi-at"), 2, 90, Strength.BEGINNER, "Lan", seed=3)
    assert rooms.start(new.room.id, str(new.host)) == 1


def test_a_declared_instant_win_needs_no_split_and_plays_the_solvers(store: ClassroomStore,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """As in Play (issue 36), a player who declares a held instant win confirms without placing 13 cards: seed 200,
    Minh (seat 1) holds six pairs (18 chi under chi-at). The component sends ``{"declare": true}`` alone; the hand
    stored is the solver's split, declared, and settles at +18. Without the switch the same value is refused, and
    Lan (no instant win) cannot declare her way past placing her cards."""
    rooms = Rooms(store)
    monkeypatch.setattr(page, "rooms", lambda: rooms)
    new = rooms.create(load_rule_set("chi-at"), 2, 60, None, "Lan", seed=200)
    minh = rooms.join(new.room.id, "Minh")
    rooms.start(new.room.id, str(new.host))
    his, hers = rooms.view(new.room.id, str(minh)), rooms.view(new.room.id, str(new.seat))
    assert his is not None and hers is not None
    refused = translate("rooms.bad_split", "vi")
    assert page.take_value({"declare": True}, str(minh), his, False, False) == refused  # the switch is off
    assert page.take_value({"declare": True}, str(new.seat), hers, True, False) == refused  # she holds none
    assert page.take_value({"declare": True}, str(minh), his, True, False) is None
    after = rooms.view(new.room.id, str(minh))
    assert after is not None and after.mine is not None and sorted(after.mine.arrangement.cards) == sorted(his.cards)
    lan = {p.value: [str(c) for c in arrange_simple(hers.cards, hers.room.rule_set).chi(p)] for p in POSITIONS}
    assert page.take_value(lan, str(new.seat), hers, False, False) is None
    settled = rooms.view(new.room.id, str(minh))
    assert settled is not None and settled.settlement is not None
    by_seat = {h.seat: h for h in settled.hands}
    assert by_seat[1].declared and by_seat[1].total == 18
