"""A class seated at tables of people (issue 34, "seat the class"), on SQLite and PostgreSQL: who is present, the
tables of the chosen size with computer players in the empty seats, the same cards per deal and seat at every table,
two clicks at once making one seating with everyone seated once, late arrivals, the board's hands."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from classroom.models import utcnow
from classroom.play_hands import PlayHands
from classroom.room_models import RoomSeat, RoomSeating
from classroom.rooms import Rooms
from classroom.seatings import PRESENT, Seatings, board_number
from classroom.service import ClassroomError, ClassroomStore, NewLearner
from classroom.table_board import table_board
from maubinh.play import Strength
from maubinh.rules import load_rule_set
from tests.unit.classroom.conftest import played_hand

RULES = load_rule_set("chi-at")
NAMES = ["Lan", "Minh", "Hoa", "Tuấn", "Mai", "Bình", "Châu", "Dũng"]


def _class(store: ClassroomStore, present: int, absent: int = 0) -> tuple[str, Seatings, list[NewLearner]]:
    klass = store.create_class("Lớp 7A", "vi", RULES).info
    seatings = Seatings(Rooms(store))
    learners = [store.join(klass.id, name) for name in NAMES[: present + absent]]
    for learner in learners[:present]:
        seatings.seen(learner.info.id)
    for learner in learners[present:]:  # their page closed three minutes ago
        seatings.seen(learner.info.id, utcnow() - PRESENT - timedelta(minutes=1))
    return klass.id, seatings, learners


def _seated(store: ClassroomStore) -> list[str]:
    with store._session() as session:
        return sorted(str(s) for s in session.scalars(select(RoomSeat.learner_id).where(RoomSeat.left_at.is_(None))))


def test_present_is_seen_within_two_minutes_and_not_removed(store: ClassroomStore) -> None:
    class_id, seatings, learners = _class(store, present=3, absent=2)
    store.remove_learner(class_id, learners[2].info.id)
    assert [p.name for p in seatings.present(class_id)] == ["Lan", "Minh"]
    assert seatings.present(class_id, utcnow() + PRESENT + timedelta(seconds=5)) == []


def test_six_learners_at_two_tables_of_three_play_the_same_cards_per_seat(store: ClassroomStore) -> None:
    class_id, seatings, learners = _class(store, present=6, absent=1)
    seating, seated = seatings.seat_class(class_id, 3, Strength.MEDIUM, 90, 4)
    assert sorted(seated) == sorted(learner.info.id for learner in learners[:6])  # not Châu: absent
    tables = seatings.tables(seating.id)
    assert [(t.number, len(t.people), t.room.seats, t.room.deal, t.room.timer) for t in tables] == [
        (1, 3, 3, 1, 90), (2, 3, 3, 1, 90)]
    assert {t.room.seed for t in tables} == {seating.seed}
    rooms = seatings.rooms
    by_learner = {learner.info.id: learner for learner in learners}
    cards: dict[int, set[tuple[object, ...]]] = {}
    for table in tables:
        for person in table.people:
            found = seatings.seat_of(str(by_learner[str(person.learner_id)].token))
            assert found is not None and found[0].id == table.room.id and found[1].seat == person.seat
            view = rooms.view(table.room.id, str(found[1]))
            assert view is not None and view.me == person.seat and len(view.cards) == 13
            cards.setdefault(person.seat, set()).add(view.cards)
    assert all(len(same) == 1 for same in cards.values()) and len(cards) == 3  # duplicate: one hand per seat
    assert seatings.seat_of(str(learners[6].token)) is None  # Châu, absent, has no seat
    with pytest.raises(ClassroomError) as refused:  # a class's table is not joined by its code
        rooms.join(tables[0].room.id, "Người lạ")
    assert refused.value.field == "class"


def test_two_clicks_at_once_make_one_seating_and_seat_everyone_once(store: ClassroomStore) -> None:
    class_id, seatings, _ = _class(store, present=7)
    start = threading.Barrier(2)

    def click(size: int) -> list[str]:
        start.wait()
        return seatings.seat_class(class_id, size, Strength.BEGINNER, 60, 3)[1]

    with ThreadPoolExecutor(2) as pool:
        results = list(pool.map(click, [4, 2]))
    assert sorted(len(r) for r in results) == [0, 7]  # the second click found everyone seated
    with store._session() as session:
        assert session.scalar(select(func.count()).select_from(RoomSeating)) == 1
    seated = _seated(store)
    assert len(seated) == len(set(seated)) == 7
    size = seatings.current(class_id).size  # type: ignore[union-attr]
    assert [len(t.people) for t in seatings.tables(seatings.current(class_id).id)] == (  # type: ignore[union-attr]
        [4, 3] if size == 4 else [2, 2, 2, 1])


def test_a_late_learner_takes_a_free_seat_then_a_new_table(store: ClassroomStore) -> None:
    class_id, seatings, learners = _class(store, present=5, absent=2)
    seating, _ = seatings.seat_class(class_id, 3, Strength.SOLVER, 60, 2)
    assert [len(t.people) for t in seatings.tables(seating.id)] == [3, 2]
    seatings.seen(learners[5].info.id)  # Bình arrives
    again, seated = seatings.seat_class(class_id, 4, Strength.BEGINNER, 120, 9)  # the open seating's settings stay
    assert again == seating and seated == [learners[5].info.id]
    tables = seatings.tables(seating.id)
    assert [(p.seat, p.name) for p in tables[1].people][-1] == (2, "Bình")
    seatings.seen(learners[6].info.id)  # Châu arrives: every seat is a person's, a new table
    assert seatings.seat_class(class_id, 3, Strength.SOLVER, 60, 2)[1] == [learners[6].info.id]
    tables = seatings.tables(seating.id)
    assert [(t.number, len(t.people), t.room.deal) for t in tables][-1] == (3, 1, 1)
    assert seatings.seat_class(class_id, 3, Strength.SOLVER, 60, 2)[1] == []
    assert len(set(_seated(store))) == 7


def test_a_table_deals_on_by_its_people_up_to_the_seatings_deals(store: ClassroomStore) -> None:
    class_id, seatings, learners = _class(store, present=2)
    seating, _ = seatings.seat_class(class_id, 2, Strength.BEGINNER, 60, 2)
    room = seatings.tables(seating.id)[0].room
    rooms = seatings.rooms
    seats = [seatings.seat_of(str(learner.token)) for learner in learners]
    assert all(s is not None for s in seats)
    with pytest.raises(ClassroomError) as running:
        rooms.start(room.id, None, seat_token=str(seats[0][1]))  # type: ignore[index]
    assert running.value.field == "running"
    view = rooms.view(room.id, str(seats[0][1]))  # type: ignore[index]
    assert view is not None
    now = utcnow() + timedelta(seconds=120)  # the timer ran out: the server plays both hands
    assert rooms.tick(room.id, now)
    with pytest.raises(ClassroomError) as stranger:
        rooms.start(room.id, None)
    assert stranger.value.field == "host"
    assert rooms.start(room.id, None, seat_token=str(seats[1][1])) == 2  # type: ignore[index]
    assert rooms.tick(room.id, utcnow() + timedelta(seconds=240))
    with pytest.raises(ClassroomError) as over:
        rooms.start(room.id, None, seat_token=str(seats[0][1]))  # type: ignore[index]
    assert over.value.field == "deals"
    assert seatings.end(class_id, seating.id) and not seatings.end(class_id, seating.id)
    assert seatings.current(class_id) is None and seatings.seat_of(str(learners[0].token)) is None
    assert rooms.room(room.id).closed()  # type: ignore[union-attr]


def test_the_boards_hands_are_the_profiles_by_deal_seat_and_table(store: ClassroomStore) -> None:
    class_id, seatings, _ = _class(store, present=4)
    seating, _ = seatings.seat_class(class_id, 2, Strength.BEGINNER, 60, 3)
    tables = seatings.tables(seating.id)
    profiles = PlayHands(store)
    gaps = {"Lan": 0.0, "Minh": 1.5, "Hoa": 0.4, "Tuấn": 2.5}
    for table in tables:
        for person in table.people:  # deal 1 kept as Rooms.keep_hands keeps it (the seat's seed, the room)
            hand = replace(played_hand(1, gap=gaps[person.name]), table_seed=seating.seed ^ person.seat,
                           room_id=table.room.id)
            profiles.keep(str(person.learner_id), hand)
    hands = seatings.hands(seating.id)
    assert sorted((h.session_id, h.number, h.chi_lost) for h in hands) == sorted(
        (t.number, board_number(1, p.seat, 2), gaps[p.name]) for t in tables for p in t.people)
    board = table_board(store.learners(class_id), 3 * 2, hands)
    firsts = [row for row in board.deals if row.number in (1, 2)]
    assert [row.played for row in firsts] == [2, 2]  # each seat's cards played at both tables
    assert [row.name for row in board.ranking] == ["Lan", "Hoa", "Minh", "Tuấn"]
    assert board.ranking[-1].chi_lost == 2.5


def test_a_new_personal_link_takes_the_seat_and_the_old_one_loses_it(store: ClassroomStore) -> None:
    class_id, seatings, learners = _class(store, present=2)
    seatings.seat_class(class_id, 2, Strength.BEGINNER, 60, 1)
    old = seatings.seat_of(str(learners[0].token))
    assert old is not None and seatings.rooms.seat(str(old[1])) == old[1]
    new = store.new_learner_link(class_id, learners[0].info.id)  # the teacher gives Lan a new link
    assert new is not None and seatings.seat_of(str(learners[0].token)) is None
    found = seatings.seat_of(str(new))
    assert found is not None and (found[0].id, found[1].seat) == (old[0].id, old[1].seat)
    assert seatings.rooms.seat(str(found[1])) == found[1] and seatings.rooms.seat(str(old[1])) is None


def test_nobody_present_or_an_archived_class_is_refused_in_words(store: ClassroomStore) -> None:
    class_id, seatings, _ = _class(store, present=0, absent=2)
    with pytest.raises(ClassroomError) as nobody:
        seatings.seat_class(class_id, 2, Strength.BEGINNER, 60, 1)
    assert nobody.value.field == "present" and seatings.current(class_id) is None
    for size, timer, deals, field in ((5, 60, 1, "size"), (2, 45, 1, "timer"), (2, 60, 0, "deals")):
        with pytest.raises(ClassroomError) as bad:
            seatings.seat_class(class_id, size, Strength.BEGINNER, timer, deals)
        assert bad.value.field == field
    store.archive_class(class_id)
    with pytest.raises(ClassroomError) as archived:
        seatings.seat_class(class_id, 2, Strength.BEGINNER, 60, 1)
    assert archived.value.field == "class"


def test_the_class_mark_changes_when_the_class_is_seated_and_when_a_late_learner_gets_a_seat(
        store: ClassroomStore) -> None:
    """What reruns a learner's waiting page (:meth:`classroom.live.LiveSessions.marks`, the server's watch): the open
    seatings, their newest id and the learners seated: a late arrival seated at an open seating changes it too."""
    from classroom.live import LiveSessions

    class_id, seatings, learners = _class(store, present=2, absent=1)
    live = LiveSessions(store)
    assert live.marks([class_id])[class_id].seatings == (0, 0, 0)
    seating, _ = seatings.seat_class(class_id, 3, Strength.SOLVER, 60, 2)
    assert live.marks([class_id])[class_id].seatings == (1, seating.id, 2)
    seatings.seen(learners[2].info.id)
    seatings.seat_class(class_id, 3, Strength.SOLVER, 60, 2)
    assert live.marks([class_id])[class_id].seatings == (1, seating.id, 3)
    seatings.end(class_id, seating.id)
    assert live.marks([class_id])[class_id].seatings == (0, 0, 0)
