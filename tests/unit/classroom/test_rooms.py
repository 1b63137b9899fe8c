"""Rooms where people play each other (issue 34), on SQLite and PostgreSQL: seats, the server's deals and clock,
hands stored once under concurrency, the timer's rule, the showdown for every seat, crafted values refused."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta

import pytest
from sqlalchemy import func, select

from classroom.models import utcnow
from classroom.room_models import RoomHand, RoomSeat
from classroom.rooms import CLAIM_LEASE, COMPUTER, IDLE, NewRoom, Rooms, SeatToken, hand_analysis
from classroom.service import ClassroomError, ClassroomStore, NameTakenError
from classroom.throttle import CLIENT_GUESSES
from maubinh.arrangement import Arrangement, is_foul
from maubinh.naturals import find_instant_win
from maubinh.play import Origin, Strength, bot_play, deal_cards
from maubinh.rules import POSITIONS, load_rule_set
from maubinh.strategy.arrangers import arrange_simple
from maubinh.strategy.decide import decide

RULES = load_rule_set("chi-at")


def _room(store: ClassroomStore, seats: int = 4, fill: Strength | None = Strength.BEGINNER):
    rooms = Rooms(store)
    new = rooms.create(RULES, seats, 60, fill, "Lan", seed=11)
    return rooms, new


def test_people_join_until_full_names_unique_and_a_left_seat_is_taken_again(store: ClassroomStore) -> None:
    rooms, new = _room(store, seats=3)
    assert new.seat.seat == 0 and rooms.find(new.room.code.lower()) == new.room
    minh = rooms.join(new.room.id, "Minh")
    with pytest.raises(NameTakenError):
        rooms.join(new.room.id, " MINH ")  # the class rules: case and spaces ignored
    hoa = rooms.join(new.room.id, "<b>Hoa</b>")
    assert (minh.seat, hoa.seat) == (1, 2)
    with pytest.raises(ClassroomError) as full:
        rooms.join(new.room.id, "Tuấn")
    assert full.value.field == "full"
    assert rooms.leave(str(minh))
    tuan = rooms.join(new.room.id, "Tuấn")  # the left seat is free
    assert tuan.seat == 1 and not rooms.retake(str(minh))  # Minh's old link no longer holds it
    assert rooms.seat(str(minh)) is None and rooms.seat(str(tuan)) == tuan
    view = rooms.view(new.room.id, str(tuan))
    assert view is not None and [(s.seat, s.name) for s in view.seats] == [(0, "Lan"), (1, "Tuấn"), (2, "<b>Hoa</b>")]
    assert rooms.leave(str(tuan)) and rooms.retake(str(tuan))
    assert rooms.leave(str(tuan))
    tuan_again = rooms.join(new.room.id, "TUẤN")  # a newcomer may take the name of a seat left...
    assert tuan_again.seat == 1 and not rooms.retake(str(tuan))  # ...(Tuấn's seat: his link lost it)
    with pytest.raises(NameTakenError):
        rooms.join(new.room.id, "tuấn")
    assert not rooms.remove(new.room.id, str(tuan), 2)  # a seat's link is not the host's
    assert rooms.removed(str(hoa)) is None
    assert rooms.remove(new.room.id, str(new.host), 2)  # the host removes Hoa: her link takes nothing back
    assert rooms.seat(str(hoa)) is None and not rooms.retake(str(hoa))
    assert rooms.removed(str(hoa)) == hoa and rooms.removed(str(tuan_again)) is None  # her page is told so
    view = rooms.view(new.room.id)
    assert view is not None and [(s.seat, s.left, s.removed) for s in view.seats] == [
        (0, False, False), (1, False, False), (2, True, True)]  # removed, not just left
    assert rooms.join(new.room.id, "Hoa").seat == 2
    view = rooms.view(new.room.id)
    assert view is not None and not view.seats[2].removed


def test_the_host_link_keeps_its_powers_after_its_seat_is_taken(store: ClassroomStore) -> None:
    """Issue 34's 2-seat room: the host leaves the seat, a newcomer takes it; the host's link still deals and removes
    anyone (seat 0 too), and takes a freed seat again by joining."""
    rooms, new = _room(store, seats=2, fill=None)
    binh = rooms.join(new.room.id, "Bình")
    assert rooms.leave(str(new.seat))
    chloe = rooms.join(new.room.id, "Chloe")
    assert chloe.seat == 0 and rooms.seat(str(new.seat)) is None  # the host's seat link lost its seat
    assert rooms.start(new.room.id, str(new.host)) == 1  # the host's link deals all the same
    view = rooms.view(new.room.id, str(binh))
    assert view is not None and [p.seat for p in view.players] == [0, 1]
    assert rooms.remove(new.room.id, str(new.host), 0)  # and removes the newcomer at seat 0
    assert rooms.removed(str(chloe)) == chloe
    host_again = rooms.join(new.room.id, "Lan")
    assert host_again.seat == 0


def test_a_removed_persons_link_is_told_so_whatever_happens_to_the_seat_later(store: ClassroomStore) -> None:
    """Issue 34: Hoa is removed from seat 1; Tú takes the seat and is removed from it too, then Vy takes it: each
    removed link is still told so (it followed the seat's row, which Tú's removal overwrote), by its own secret:
    Hoa's secret with another seat or room is nobody's removal, and no removed link takes a seat back."""
    rooms, new = _room(store, seats=2, fill=None)
    _, other = _room(store, seats=2, fill=None)
    hoa = rooms.join(new.room.id, "Hoa")
    assert rooms.remove(new.room.id, str(new.host), hoa.seat) and rooms.removed(str(hoa)) == hoa
    tu = rooms.join(new.room.id, "Tú")
    assert tu.seat == hoa.seat and rooms.removed(str(hoa)) == hoa and rooms.removed(str(tu)) is None
    assert rooms.remove(new.room.id, str(new.host), tu.seat)
    vy = rooms.join(new.room.id, "Vy")
    assert vy.seat == hoa.seat
    assert (rooms.removed(str(hoa)), rooms.removed(str(tu)), rooms.removed(str(vy))) == (hoa, tu, None)
    assert rooms.seat(str(hoa)) is None and rooms.seat(str(tu)) is None and not rooms.retake(str(hoa))
    assert rooms.removed(str(SeatToken(hoa.room_id, 0, hoa.secret))) is None  # her secret, another seat
    assert rooms.removed(str(SeatToken(other.room.id, hoa.seat, hoa.secret))) is None  # another room
    assert rooms.removed(str(new.seat)) is None and rooms.removed("garbage") is None
    view = rooms.view(new.room.id)
    assert view is not None and [(s.seat, s.name, s.removed) for s in view.seats] == [(0, "Lan", False),
                                                                                        (1, "Vy", False)]


def test_a_locked_room_seats_nobody_new_but_its_own_links_and_the_host(store: ClassroomStore) -> None:
    """Found by a user test: a person the host removed joined again under another name. The host locks the room:
    a newcomer is refused ("locked"), Hoa removed too; Minh, who left, takes his seat back by his link; the host who
    left her seat, and whose seat was taken before the lock, sits down again with the host's link; a wrong host link
    neither locks nor unlocks; unlocked, anyone joins again."""
    rooms, new = _room(store, seats=3, fill=None)
    minh, hoa = rooms.join(new.room.id, "Minh"), rooms.join(new.room.id, "Hoa")
    assert rooms.remove(new.room.id, str(new.host), hoa.seat)
    assert not rooms.lock(new.room.id, "garbage", True) and not rooms.room(new.room.id).locked  # type: ignore[union-attr]
    assert rooms.lock(new.room.id, str(new.host), True) and rooms.room(new.room.id).locked  # type: ignore[union-attr]
    for name in ("Hoa 2", "Tú"):
        with pytest.raises(ClassroomError) as refused:
            rooms.join(new.room.id, name)
        assert refused.value.field == "locked"
    assert rooms.leave(str(minh)) and rooms.retake(str(minh))
    assert rooms.leave(str(new.seat))
    with pytest.raises(ClassroomError):
        rooms.join(new.room.id, "Lan", host_token="garbage")
    assert rooms.join(new.room.id, "Lan", host_token=str(new.host)).seat in (0, hoa.seat)
    assert not rooms.lock(new.room.id, "garbage", False)
    assert rooms.lock(new.room.id, str(new.host), False) and rooms.join(new.room.id, "Tú").seat in (0, hoa.seat)


def test_a_seat_taken_after_the_deal_is_not_the_newcomers_deal(store: ClassroomStore) -> None:
    """Found by a user test: Vy took the seat of Hoa, removed after deal 1, and saw deal 1's showdown as her own, with
    Hoa's analysis. The deal is the person's it was dealt to: Vy does not play deal 1 (nor see its cards, nor send
    its hand), its players keep Hoa's name; deal 2 is Vy's. Minh, who leaves and takes his seat back mid-deal, still
    plays it; Tú, who takes Minh's seat mid-deal after he left, does not."""
    rooms, new = _room(store, seats=3, fill=None)
    hoa, minh = rooms.join(new.room.id, "Hoa"), rooms.join(new.room.id, "Minh")
    rooms.start(new.room.id, str(new.host))
    dealt = deal_cards(11, 1, 3)
    for token, cards in zip((new.seat, hoa, minh), dealt, strict=True):
        rooms.confirm(str(token), 1, arrange_simple(cards, RULES))
    assert rooms.tick(new.room.id) and rooms.remove(new.room.id, str(new.host), hoa.seat)
    vy = rooms.join(new.room.id, "Vy")
    seen = rooms.view(new.room.id, str(vy))
    assert seen is not None and vy.seat == hoa.seat and seen.settled and not seen.playing
    assert [p.name for p in seen.players] == ["Lan", "Hoa", "Minh"]  # the names the deal was dealt to
    rooms.start(new.room.id, str(new.host))
    seen = rooms.view(new.room.id, str(vy))
    assert seen is not None and seen.playing and len(seen.cards) == 13
    assert [p.name for p in seen.players] == ["Lan", "Vy", "Minh"]
    assert rooms.leave(str(minh)) and rooms.retake(str(minh))  # his own seat back: still his deal
    mine = rooms.view(new.room.id, str(minh))
    assert mine is not None and mine.playing and len(mine.cards) == 13
    assert rooms.leave(str(minh))
    tu = rooms.join(new.room.id, "Tú")
    seen = rooms.view(new.room.id, str(tu))
    assert seen is not None and tu.seat == minh.seat and not seen.playing and seen.cards == () and seen.placed == {}
    with pytest.raises(ClassroomError) as refused:
        rooms.confirm(str(tu), 2, arrange_simple(mine.cards, RULES))
    assert refused.value.field == "deal"
    with pytest.raises(ClassroomError):
        rooms.place(str(tu), 2, {"back": [str(mine.cards[0])]})


def test_a_person_gone_mid_deal_holds_nobody_up(store: ClassroomStore) -> None:
    """Found by a user test: the host left mid-deal, the two others confirmed, and the table waited out the timer
    (90 s). A person gone from the table (left, or their seat taken since) is not waited for: once everyone at the
    table has confirmed, the deal is settled at once, the gone person's hand the timer's (their chi as placed)."""
    rooms, new = _room(store, seats=3, fill=None)
    minh, hoa = rooms.join(new.room.id, "Minh"), rooms.join(new.room.id, "Hoa")
    rooms.start(new.room.id, str(new.host))
    dealt = deal_cards(11, 1, 3)
    rooms.confirm(str(minh), 1, arrange_simple(dealt[1], RULES))
    assert not rooms.tick(new.room.id)  # Lan and Hoa arrange
    assert rooms.leave(str(new.seat))
    seen = rooms.view(new.room.id, str(hoa), settle=False)
    assert seen is not None and seen.away == frozenset({0}) and [p.seat for p in seen.arranging] == [2]
    rooms.confirm(str(hoa), 1, arrange_simple(dealt[2], RULES))
    assert rooms.tick(new.room.id)  # at once: nobody at the table is arranging
    shown = rooms.view(new.room.id, str(hoa))
    assert shown is not None and shown.settled and shown.hands[0].origin == Origin.TIMER_SOLVER.value
    assert sum(h.total or 0 for h in shown.hands) == 0


def test_many_joining_at_once_fill_the_seats_exactly(store: ClassroomStore) -> None:
    rooms, new = _room(store, seats=4)
    start = threading.Barrier(10)

    def join(n: int) -> int | str:
        start.wait()
        try:
            return rooms.join(new.room.id, f"Người {n}").seat
        except ClassroomError as error:
            return error.field

    with ThreadPoolExecutor(10) as pool:
        results = list(pool.map(join, range(10)))
    assert sorted(r for r in results if isinstance(r, int)) == [1, 2, 3]
    assert results.count("full") == 7
    with store._session() as session:
        assert session.scalar(select(func.count()).select_from(RoomSeat)) == 4


def test_a_deal_shows_each_seat_only_its_own_cards_until_the_showdown(store: ClassroomStore) -> None:
    rooms, new = _room(store, seats=4, fill=Strength.BEGINNER)
    minh = rooms.join(new.room.id, "Minh")
    with pytest.raises(ClassroomError) as refused:
        rooms.start(new.room.id, "wrong.token-xxxxxxxxxxxxxxxx")
    assert refused.value.field == "host"
    number = rooms.start(new.room.id, str(new.host))
    assert number == 1
    dealt = deal_cards(11, 1, 4)  # Lan, Minh, then two computer players (seats 2 and 3)
    lan_view, minh_view = rooms.view(new.room.id, str(new.seat)), rooms.view(new.room.id, str(minh))
    assert lan_view is not None and minh_view is not None
    assert lan_view.cards == dealt[0] and minh_view.cards == dealt[1]
    assert [(p.seat, p.strength) for p in lan_view.players] == [(0, None), (1, None), (2, Strength.BEGINNER),
                                                                 (3, Strength.BEGINNER)]
    assert lan_view.hands == () and lan_view.settlement is None and not set(lan_view.cards) & set(minh_view.cards)
    assert {p.seat for p in lan_view.arranging} == {0, 1}
    with pytest.raises(ClassroomError) as running:
        rooms.start(new.room.id, str(new.host))
    assert running.value.field == "running"

    lan_split = arrange_simple(dealt[0], RULES)
    rooms.confirm(str(new.seat), 1, lan_split)
    view = rooms.view(new.room.id, str(minh))
    assert view is not None and view.ready == {0} and view.hands == () and not view.settled
    rooms.confirm(str(minh), 1, arrange_simple(dealt[1], RULES))
    view = rooms.view(new.room.id, str(minh))
    assert view is not None and view.settled and view.settlement is not None
    totals = view.settlement.totals
    assert sum(totals) == 0 and dict(view.score) == dict(enumerate(totals))
    bots = [bot_play(dealt[s], Strength.BEGINNER, RULES, 4, f"11:1:{s}") for s in (2, 3)]
    assert [h.arrangement for h in view.hands[2:]] == [b.arrangement for b in bots]
    assert [h.origin for h in view.hands] == ["own", "own", COMPUTER, COMPUTER]
    analysis = rooms.analysis(view, 1)
    assert analysis is not None and analysis.opponents == 3 and analysis.actual == totals[1]
    assert analysis.cost >= -3 * analysis.cost_stderr - 1e-9  # the best split is no worse than Minh's, within noise
    assert rooms.analysis(view, 2) is None  # a computer player's hand has no analysis
    assert rooms.start(new.room.id, str(new.host)) == 2  # the next deal


def test_crafted_values_are_refused_and_change_nothing(store: ClassroomStore) -> None:
    rooms, new = _room(store, seats=2, fill=None)
    minh = rooms.join(new.room.id, "Minh")
    rooms.start(new.room.id, str(new.host))
    mine, theirs = deal_cards(11, 1, 2)
    for crafted in ({"back": [str(theirs[0])]}, {"back": [str(mine[0]), str(mine[0])]}, {"back": ["Zz"]},
                    {"back": [str(c) for c in mine[:6]]}, ["As"], {"back": ["As" * 10_000]}):
        with pytest.raises(ClassroomError) as refused:
            rooms.place(str(new.seat), 1, crafted)
        assert refused.value.field == "placed"
    other = Arrangement(theirs[:5], theirs[5:10], theirs[10:])
    with pytest.raises(ClassroomError) as wrong:
        rooms.confirm(str(new.seat), 1, other)
    assert wrong.value.field == "arrangement"
    with pytest.raises(ClassroomError):
        rooms.confirm(str(minh)[:-3] + "abc", 1, other)  # a forged seat link
    view = rooms.view(new.room.id, str(new.seat))
    assert view is not None and view.placed == {} and view.ready == frozenset()
    placed = rooms.place(str(new.seat), 1, {"back": [str(mine[0])], "front": [str(mine[1])]})
    assert placed == {"back": [str(mine[0])], "middle": [], "front": [str(mine[1])]}
    view = rooms.view(new.room.id, str(new.seat))
    assert view is not None and view.placed == placed


def test_a_tab_placing_over_a_placement_it_never_saw_is_refused(store: ClassroomStore) -> None:
    """Two tabs of one seat (issue 34): tab 1 places K♦ K♣ in the front, tab 2 (opened before) 10♥ 10♦; tab 2's
    write is refused ("changed") and the stored placement stays tab 1's; once tab 2 has seen it, it may place."""
    rooms, new = _room(store, seats=2, fill=Strength.BEGINNER)
    rooms.start(new.room.id, str(new.host))
    view = rooms.view(new.room.id, str(new.seat))
    assert view is not None and view.placed_at is None
    first, second = [str(c) for c in view.cards[:2]], [str(c) for c in view.cards[2:4]]
    tab1 = rooms.place_since(str(new.seat), 1, {"front": first}, None)
    with pytest.raises(ClassroomError) as changed:
        rooms.place_since(str(new.seat), 1, {"front": second}, None)  # tab 2 never saw tab 1's
    assert changed.value.field == "changed"
    view = rooms.view(new.room.id, str(new.seat))
    assert view is not None and view.placed["front"] == first and view.placed_at == tab1
    later = rooms.place_since(str(new.seat), 1, {"front": second}, view.placed_at)  # tab 2, shown tab 1's
    assert later > tab1
    with pytest.raises(ClassroomError):
        rooms.place_since(str(new.seat), 1, {"front": first}, tab1)  # now tab 1 is the one behind
    view = rooms.view(new.room.id, str(new.seat))
    assert view is not None and view.placed["front"] == second


def test_confirms_racing_from_many_threads_store_each_hand_once_and_settle_once(store: ClassroomStore) -> None:
    rooms, new = _room(store, seats=4, fill=Strength.BEGINNER)
    tokens = [new.seat, rooms.join(new.room.id, "Minh"), rooms.join(new.room.id, "Hoa")]
    rooms.start(new.room.id, str(new.host))
    dealt = deal_cards(11, 1, 4)
    start = threading.Barrier(12)

    def confirm(n: int) -> str:
        token = tokens[n % 3]
        start.wait()
        split = arrange_simple(dealt[token.seat], RULES)
        try:
            return str(rooms.confirm(str(token), 1, split).arrangement)
        except ClassroomError as error:  # the showdown came first: the hand is stored already
            return error.field

    with ThreadPoolExecutor(12) as pool:
        list(pool.map(confirm, range(12)))
    with store._session() as session:
        rows = list(session.scalars(select(RoomHand).where(RoomHand.room_id == new.room.id)))
    assert sorted(r.seat for r in rows) == [0, 1, 2, 3] and sum(r.total or 0 for r in rows) == 0
    assert all(r.total is not None for r in rows)


def test_the_timer_is_the_servers(store: ClassroomStore) -> None:
    rooms, new = _room(store, seats=3, fill=None)
    minh, hoa = rooms.join(new.room.id, "Minh"), rooms.join(new.room.id, "Hoa")
    start = utcnow()
    rooms.start(new.room.id, str(new.host), now=start)
    dealt = deal_cards(11, 1, 3)
    # "expired" 2 s into a 60 s deal is not believed: Lan's own split, in time.
    lan = rooms.confirm(str(new.seat), 1, arrange_simple(dealt[0], RULES), expired=True,
                        now=start + timedelta(seconds=2))
    assert lan.origin == Origin.OWN.value
    legal = arrange_simple(dealt[1], RULES)  # Minh placed every card, legally, and never confirmed
    rooms.place(str(minh), 1, {p.value: [str(c) for c in legal.chi(p)] for p in POSITIONS})
    rooms.place(str(hoa), 1, {"back": [str(dealt[2][0])]})  # Hoa placed one card
    assert not rooms.tick(new.room.id, start + timedelta(seconds=64))  # the grace: not yet
    assert rooms.tick(new.room.id, start + timedelta(seconds=66))
    view = rooms.view(new.room.id, str(hoa))
    assert view is not None and view.settled
    by_seat = {h.seat: h for h in view.hands}
    assert by_seat[1].origin == Origin.TIMER.value and by_seat[1].arrangement == legal
    assert by_seat[2].origin == Origin.TIMER_SOLVER.value and not is_foul(by_seat[2].arrangement, RULES)
    with pytest.raises(ClassroomError) as over:
        rooms.confirm(str(hoa), 1, arrange_simple(dealt[2], RULES))
    assert over.value.field == "settled"


def _six_pairs(store: ClassroomStore) -> tuple[Rooms, NewRoom, SeatToken, datetime]:
    """Seed 200's room of two seats, deal 1 dealt at the time returned: Lan (the host, seat 0) and Minh (seat 1), who
    holds six pairs (lục phé bôn, 18 chi from each player under chi-at)."""
    rooms = Rooms(store)
    new = rooms.create(RULES, 2, 60, None, "Lan", seed=200)
    minh = rooms.join(new.room.id, "Minh")
    start = utcnow()
    rooms.start(new.room.id, str(new.host), now=start)
    return rooms, new, minh, start


def test_a_timed_out_instant_win_is_declared_when_the_solver_declares_it(store: ClassroomStore) -> None:
    """Seed 200, deal 1 of two seats: Minh (seat 1) holds six pairs (lục phé bôn, 18 chi from each player under
    chi-at) and places nothing; at the timer's end the solver's play is his: the split and the declaration (worth
    18 chi against playing it out), as the solver player decides (:func:`maubinh.strategy.decide.decide`)."""
    rooms, new, minh, start = _six_pairs(store)
    dealt = deal_cards(200, 1, 2)
    held = find_instant_win(dealt[1], RULES)
    assert held is not None and held.chi == 18 and decide(dealt[1], RULES, opponents=1).declare
    rooms.confirm(str(new.seat), 1, arrange_simple(dealt[0], RULES), now=start + timedelta(seconds=5))
    assert rooms.tick(new.room.id, start + timedelta(seconds=66))
    view = rooms.view(new.room.id, str(minh))
    assert view is not None and view.settlement is not None
    by_seat = {h.seat: h for h in view.hands}
    assert by_seat[1].origin == Origin.TIMER_SOLVER.value and by_seat[1].declared
    assert view.settlement.totals[1] == 18 and by_seat[1].total == 18  # not the −chi of a hand played out
    assert not by_seat[0].declared


def test_a_declared_instant_win_is_stored_shown_again_and_played_by_the_timer(store: ClassroomStore) -> None:
    """The declare switch is the server's (issue 34): seed 200, deal 1 of two seats, Minh (seat 1) holds six pairs
    (18 chi under chi-at). He sets a legal split and turns "declare" on, then his page is gone: a reload or another
    device reads his choice, and at the timer's end his split is played declared (+18, was played out: the switch
    was the page's alone). Lan's cards hold no instant win: her "declare" is refused and changes nothing."""
    rooms, new, minh, start = _six_pairs(store)
    dealt = deal_cards(200, 1, 2)
    split = arrange_simple(dealt[1], RULES)
    assert not is_foul(split, RULES) and find_instant_win(dealt[1], RULES) is not None
    placed = rooms.place_since(str(minh), 1, {p.value: [str(c) for c in split.chi(p)] for p in POSITIONS}, None)
    chosen = rooms.declare_since(str(minh), 1, True, placed)
    assert chosen > placed
    again = rooms.view(new.room.id, str(minh))  # a reload, another device or server
    assert again is not None and again.declare is True and again.placed_at == chosen
    assert again.placed["front"] == [str(c) for c in split.chi(POSITIONS[2])]  # the chi kept with it
    with pytest.raises(ClassroomError) as changed:
        rooms.declare_since(str(minh), 1, False, placed)  # a tab that never saw the choice
    assert changed.value.field == "changed"
    with pytest.raises(ClassroomError) as nothing:
        rooms.declare_since(str(new.seat), 1, True, None)  # Lan holds no instant win
    assert nothing.value.field == "declare"
    lan = rooms.view(new.room.id, str(new.seat))
    assert lan is not None and lan.declare is None and lan.placed_at is None
    rooms.confirm(str(new.seat), 1, arrange_simple(dealt[0], RULES), now=start + timedelta(seconds=5))
    assert rooms.tick(new.room.id, start + timedelta(seconds=66))
    view = rooms.view(new.room.id, str(minh))
    assert view is not None and view.settlement is not None
    by_seat = {h.seat: h for h in view.hands}
    assert by_seat[1].origin == Origin.TIMER.value and by_seat[1].arrangement == split  # his split, as set...
    assert by_seat[1].declared and by_seat[1].total == 18  # ...declared, as he chose


def test_a_choice_not_to_declare_is_kept_by_the_timer_over_the_solvers(store: ClassroomStore) -> None:
    """Minh (seed 200, six pairs) turns "declare" on and off again, places nothing and never confirms: at the
    timer's end the solver's split is played for him, not declared (he said so; without a word the solver would
    declare it: :func:`test_a_timed_out_instant_win_is_declared_when_the_solver_declares_it`); his page confirming
    at zero keeps his word the same way."""
    rooms, new, minh, start = _six_pairs(store)
    dealt = deal_cards(200, 1, 2)
    rooms.declare_since(str(minh), 1, False, rooms.declare_since(str(minh), 1, True, None))
    view = rooms.view(new.room.id, str(minh))
    assert view is not None and view.declare is False and all(not ids for ids in view.placed.values())
    hand = rooms.confirm(str(minh), 1, None, expired=True, now=start + timedelta(seconds=61))  # at zero, nothing set
    assert hand.origin == Origin.TIMER_SOLVER.value and not hand.declared
    rooms.confirm(str(new.seat), 1, arrange_simple(dealt[0], RULES), now=start + timedelta(seconds=62))
    view = rooms.view(new.room.id, str(minh), now=start + timedelta(seconds=62))
    assert view is not None and view.settlement is not None and not view.settlement.naturals[1]
    assert {h.seat: h for h in view.hands}[1].total != 18


def test_room_codes_are_guessed_under_the_join_throttle_and_idle_rooms_close(store: ClassroomStore) -> None:
    rooms, new = _room(store)
    for _ in range(CLIENT_GUESSES.limit):
        assert rooms.find("ZZZZZZ", client="203.0.113.9") is None
    with pytest.raises(ClassroomError) as throttled:
        rooms.find("ZZZZZZ", client="203.0.113.9")
    assert throttled.value.field == "throttled"
    assert rooms.find(new.room.code, client="203.0.113.9") == new.room  # a right code takes no slot
    assert rooms.close_idle(utcnow() + IDLE - timedelta(minutes=1)) == 0
    assert rooms.close_idle(utcnow() + IDLE + timedelta(minutes=1)) == 1
    assert rooms.find(new.room.code) is None
    with pytest.raises(ClassroomError) as closed:
        rooms.join(new.room.id, "Minh")
    assert closed.value.field == "closed"


def test_a_seat_token_reads_back() -> None:
    token = SeatToken("abcd2345", 3, "s" * 22)
    assert SeatToken.parse(str(token)) == token and SeatToken.parse("nope") is None


def test_two_servers_on_one_database_play_one_deal(store: ClassroomStore, database_url: str) -> None:
    """Players of one room on two servers (two engines on the same database): the joins, the confirms and the
    showdown's settling race from both, and each hand is stored once, the deal settled once, the same for both."""
    other = ClassroomStore.open(database_url)
    try:
        servers = [Rooms(store), Rooms(other)]
        new = servers[0].create(RULES, 4, 60, None, "Lan", seed=11)
        tokens = [new.seat, *(servers[n % 2].join(new.room.id, f"Người {n}") for n in range(3))]
        servers[1].start(new.room.id, str(new.host))
        dealt = deal_cards(11, 1, 4)
        start = threading.Barrier(8)

        def play(n: int) -> None:
            rooms, token = servers[n % 2], tokens[n % 4]
            start.wait()
            try:
                rooms.confirm(str(token), 1, arrange_simple(dealt[token.seat], RULES))
            except ClassroomError as error:
                assert error.field == "settled"
            rooms.tick(new.room.id)

        with ThreadPoolExecutor(8) as pool:
            list(pool.map(play, range(8)))
        views = [rooms.view(new.room.id, str(tokens[1])) for rooms in servers]
        assert views[0] is not None and views[0].settled and views[0].hands == views[1].hands  # type: ignore[union-attr]
        with store._session() as session:
            rows = list(session.scalars(select(RoomHand).where(RoomHand.room_id == new.room.id)))
        assert sorted(r.seat for r in rows) == [0, 1, 2, 3] and sum(r.total or 0 for r in rows) == 0
    finally:
        other.engine.dispose()


def _timed_out_room(store: ClassroomStore):  # type: ignore[no-untyped-def]
    """A room of four: Lan confirmed, Minh placed one card and never confirmed, two medium computer players; the
    deal started 66 s ago (its 60 s timer and the grace are over)."""
    rooms, new = _room(store, seats=4, fill=Strength.MEDIUM)
    minh = rooms.join(new.room.id, "Minh")
    start = utcnow() - timedelta(seconds=66)
    rooms.start(new.room.id, str(new.host), now=start)
    dealt = deal_cards(11, 1, 4)
    rooms.confirm(str(new.seat), 1, arrange_simple(dealt[0], RULES), now=start + timedelta(seconds=5))
    rooms.place(str(minh), 1, {"back": [str(dealt[1][0])]})
    return rooms, new, minh, dealt


def test_many_pollers_on_two_servers_at_the_timers_end_settle_once(store: ClassroomStore, database_url: str,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Twelve pages on two servers look at the room as its timer ends: one claims the deal's end and makes the two
    computer players' splits and Minh's timer split (the solver's: one card placed), once; the eleven others return at
    once without doing it (the claimer waits until they all have); each hand is stored once, the same for all."""
    import classroom.rooms as rooms_module

    pollers = 12
    returned, everyone_else = [0], threading.Event()
    lock = threading.Lock()
    made: list[str] = []
    real_bot, real_solver = rooms_module.bot_play, rooms_module._solver_split

    def bot(*args, **kwargs):  # type: ignore[no-untyped-def]
        made.append("bot")
        everyone_else.wait(10)  # the claimer works while every other poller looks
        return real_bot(*args, **kwargs)

    def solver(*args, **kwargs):  # type: ignore[no-untyped-def]
        made.append("solver")
        return real_solver(*args, **kwargs)

    rooms, new, minh, _ = _timed_out_room(store)
    monkeypatch.setattr(rooms_module, "bot_play", bot)
    monkeypatch.setattr(rooms_module, "_solver_split", solver)
    other = ClassroomStore.open(database_url)
    try:
        servers = [rooms, Rooms(other)]
        start = threading.Barrier(pollers)

        def poll(n: int) -> bool:
            start.wait()
            settled = servers[n % 2].tick(new.room.id)
            with lock:
                returned[0] += 1
                if returned[0] == pollers - 1:
                    everyone_else.set()
            return settled

        with ThreadPoolExecutor(pollers) as pool:
            results = list(pool.map(poll, range(pollers)))
        assert results.count(True) == 1 and sorted(made) == ["bot", "bot", "solver"]
        views = [server.view(new.room.id, str(minh)) for server in servers]
        assert views[0] is not None and views[1] is not None and views[0].settled
        assert views[0].hands == views[1].hands and views[0].score == views[1].score
        assert [h.origin for h in views[0].hands] == ["own", Origin.TIMER_SOLVER.value, COMPUTER, COMPUTER]
        with store._session() as session:
            rows = list(session.scalars(select(RoomHand).where(RoomHand.room_id == new.room.id)))
        assert sorted(r.seat for r in rows) == [0, 1, 2, 3] and sum(r.total or 0 for r in rows) == 0
        assert all(servers[n % 2].tick(new.room.id) for n in range(4)) and len(made) == 3  # read, not made again
    finally:
        other.engine.dispose()


def test_a_claim_left_by_a_stopped_server_is_taken_over_and_a_failed_one_given_back(
        store: ClassroomStore, monkeypatch: pytest.MonkeyPatch) -> None:
    import classroom.rooms as rooms_module

    rooms, new, _, _ = _timed_out_room(store)
    now = utcnow()
    assert rooms._claim(new.room.id, 1, now) is not None  # a server claimed the deal's end, then stopped
    assert rooms._claim(new.room.id, 1, now) is None
    assert not rooms.tick(new.room.id, now + CLAIM_LEASE - timedelta(seconds=1))  # still its claim: not redone
    assert rooms.tick(new.room.id, now + CLAIM_LEASE + timedelta(seconds=1))  # taken over after the lease

    rooms, new, _, _ = _timed_out_room(store)
    real_bot = rooms_module.bot_play

    def failing(*args, **kwargs):  # type: ignore[no-untyped-def]
        monkeypatch.setattr(rooms_module, "bot_play", real_bot)
        raise RuntimeError("the engine failed once")

    monkeypatch.setattr(rooms_module, "bot_play", failing)
    with pytest.raises(RuntimeError):
        rooms.tick(new.room.id)
    assert rooms.tick(new.room.id)  # the claim was given back: the next look settles at once


def test_a_hands_analysis_is_made_by_one_server_and_read_by_the_others(store: ClassroomStore, database_url: str) -> None:
    """Eight pages on two servers ask for Minh's analysis at the showdown: one claims it and makes it (seconds), the
    others wait and read what it stored, equal to the last number; a failed making gives the claim back."""
    rooms, new, minh, _ = _timed_out_room(store)
    assert rooms.tick(new.room.id)
    view = rooms.view(new.room.id, str(minh), settle=False)
    assert view is not None and view.settled
    made: list[int] = []

    def counted(info, number, hands, seat):  # type: ignore[no-untyped-def]
        made.append(seat)
        return hand_analysis(info, number, hands, seat)

    other = ClassroomStore.open(database_url)
    try:
        servers = [rooms, Rooms(other)]
        start = threading.Barrier(8)

        def page(n: int):  # type: ignore[no-untyped-def]
            start.wait()
            return servers[n % 2].shared_analysis(view.room, 1, view.hands, 1, counted)

        with ThreadPoolExecutor(8) as pool:
            found = list(pool.map(page, range(8)))
        assert made == [1] and all(f == found[0] for f in found) and found[0].actual == view.hands[1].total
        assert found[0] == rooms.analysis(view, 1)  # the same as made afresh
        with store._session() as session:
            row = session.scalars(select(RoomHand).where(RoomHand.room_id == new.room.id, RoomHand.seat == 1)).one()
            assert row.analysis is not None and row.analysing_at is not None

        def failing(*args):  # type: ignore[no-untyped-def]
            raise RuntimeError("the engine failed once")

        with pytest.raises(RuntimeError):
            servers[1].shared_analysis(view.room, 1, view.hands, 0, failing)
        with store._session() as session:  # the claim was given back: the next ask makes it at once
            assert session.scalars(select(RoomHand.analysing_at).where(RoomHand.room_id == new.room.id,
                                                                       RoomHand.seat == 0)).one() is None
        assert servers[0].shared_analysis(view.room, 1, view.hands, 0, counted) is not None and made == [1, 0]
    finally:
        other.engine.dispose()


def test_a_hand_confirmed_elsewhere_changes_the_list_of_who_is_ready_and_nothing_else(store: ClassroomStore) -> None:
    rooms, new = _room(store, seats=3, fill=None)
    minh, an = rooms.join(new.room.id, "Minh"), rooms.join(new.room.id, "An")
    before_deal = rooms.signature(new.room.id)
    rooms.start(new.room.id, str(new.host))
    dealt = rooms.signature(new.room.id)
    assert rooms.confirmed_elsewhere(before_deal, dealt, 0) is None  # a new deal: the whole page
    cards = deal_cards(11, 1, 3)
    rooms.confirm(str(minh), 1, arrange_simple(cards[1], RULES))
    minh_ready = rooms.signature(new.room.id)
    assert rooms.confirmed_elsewhere(dealt, minh_ready, 0) == frozenset({1})  # Lan's page: Minh is ready
    assert rooms.confirmed_elsewhere(dealt, minh_ready, 2) == frozenset({1})
    assert rooms.confirmed_elsewhere(dealt, minh_ready, 1) is None  # Minh's own hand, from another device
    rooms.confirm(str(new.seat), 1, arrange_simple(cards[0], RULES))
    assert rooms.confirmed_elsewhere(dealt, rooms.signature(new.room.id), 2) == frozenset({0, 1})
    rooms.confirm(str(an), 1, arrange_simple(cards[2], RULES))  # the last one: the showdown
    assert rooms.confirmed_elsewhere(minh_ready, rooms.signature(new.room.id), 0) is None
    rooms.leave(str(an))
    assert rooms.confirmed_elsewhere(dealt, rooms.signature(new.room.id), 0) is None


def test_the_signatures_of_many_rooms_are_read_together_as_each_alone(store: ClassroomStore) -> None:
    rooms, waiting = _room(store, seats=2, fill=None)
    _, dealt = _room(store, seats=3, fill=None)
    minh = rooms.join(dealt.room.id, "Minh")
    rooms.join(dealt.room.id, "An")
    rooms.start(dealt.room.id, str(dealt.host))
    rooms.confirm(str(minh), 1, arrange_simple(deal_cards(11, 1, 3)[1], RULES))
    _, settled = _room(store, seats=2, fill=Strength.BEGINNER)
    rooms.start(settled.room.id, str(settled.host))
    rooms.confirm(str(settled.seat), 1, arrange_simple(rooms.view(settled.room.id, str(settled.seat)).cards, RULES))
    ids = (waiting.room.id, dealt.room.id, settled.room.id)
    together = rooms.signatures((*ids, "no-such-room"))
    assert set(together) == set(ids)  # an unknown room is left out
    assert together == {room_id: rooms.signature(room_id) for room_id in ids}
    assert rooms.signature("no-such-room") == ()
    deal, closed, seats, hands, settled_at = together[dealt.room.id]
    assert (deal, closed, hands, settled_at) == (1, None, (1,), None)  # Minh (seat 1) confirmed, not settled
    assert [(seat, name, left) for seat, name, left in seats] == [(0, "Lan", None), (1, "Minh", None), (2, "An", None)]
    assert together[waiting.room.id][0] == 0 and together[waiting.room.id][3:] == ((), None)
    assert together[settled.room.id][3] == (0, 1) and together[settled.room.id][4] is not None  # with the computer's


def test_the_score_is_the_seat_holders_own_a_newcomer_starts_at_0_and_a_computers_deals_are_not_a_persons(
        store: ClassroomStore) -> None:
    """Found by a user test: the running score was the seat's, so a person joining the computer player's seat took its
    total, and a person who left and sat again got the computer's deals meanwhile. Now: two seats, a beginner fills
    the empty one; Lan plays deal 1 against the computer, Minh takes the computer's seat (0, not its chi), plays
    deal 2; Lan leaves, the computer plays her seat in deal 3, she sits again: her score is deals 1 and 2 alone."""
    rooms = Rooms(store)
    new = rooms.create(RULES, 2, 60, Strength.BEGINNER, "Lan", seed=5)
    room_id, lan = new.room.id, str(new.seat)

    def play(number: int, tokens: list[str]) -> dict[int, int]:
        for token in tokens:
            view = rooms.view(room_id, token)
            assert view is not None and view.number == number
            rooms.confirm(token, number, arrange_simple(view.cards, RULES))
        with store._session() as session:
            totals = {h.seat: int(h.total or 0) for h in session.scalars(
                select(RoomHand).where(RoomHand.room_id == room_id, RoomHand.number == number))}
        assert len(totals) == 2 and sum(totals.values()) == 0
        return totals

    assert rooms.start(room_id, str(new.host)) == 1
    first = play(1, [lan])
    view = rooms.view(room_id, lan)
    assert view is not None and dict(view.score) == first  # Lan's, and the computer's of the free seat
    minh = str(rooms.join(room_id, "Minh"))
    view = rooms.view(room_id, minh)
    assert view is not None and dict(view.score) == {0: first[0], 1: 0}  # Minh starts at 0
    assert rooms.start(room_id, str(new.host)) == 2
    second = play(2, [lan, minh])
    assert rooms.leave(lan)
    assert rooms.start(room_id, str(new.host)) == 3
    third = play(3, [minh])  # the computer plays Lan's seat
    assert rooms.retake(lan)
    view = rooms.view(room_id, lan)
    assert view is not None
    assert dict(view.score) == {0: first[0] + second[0], 1: second[1] + third[1]}
