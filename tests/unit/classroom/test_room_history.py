"""A room's hands in the players' profiles (issue 34, "History"), on SQLite and PostgreSQL: each person who sat with a
profile finds each hand in it once, marked with the room, whatever number of pages and servers noticed the showdown;
it is a Play decision (the rating moves once) and a miss joins the review queue; a person without a profile, a
computer player and a hand of a seat taken over by someone else are nobody's."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

from sqlalchemy import func, select

from classroom.decisions import Source, learner_decisions
from classroom.models import Learner, PlayHand, utcnow
from classroom.play_hands import PlayHands
from classroom.practice import Practice
from classroom.rooms import Rooms
from classroom.service import ClassroomError, ClassroomStore
from maubinh.arrangement import Arrangement, is_foul
from maubinh.play import Origin, Strength, deal_cards
from maubinh.rules import POSITIONS, load_rule_set
from maubinh.strategy.arrangers import arrange_simple

RULES = load_rule_set("chi-at")


def _foul(cards: tuple) -> Arrangement:  # type: ignore[type-arg]
    """A binh lủng split: the simple split with its back and middle chi swapped."""
    good = arrange_simple(cards, RULES)
    back, middle, front = (good.chi(p) for p in POSITIONS)
    return Arrangement(middle, back, front)


def _kept(store: ClassroomStore) -> list[PlayHand]:
    with store._session() as session:
        return list(session.scalars(select(PlayHand).order_by(PlayHand.id)))


def test_each_profile_keeps_its_room_hand_once_from_two_servers(store: ClassroomStore, database_url: str) -> None:
    practice = Practice(store)
    lan, minh = (practice.create_profile(name).info.id for name in ("Lan", "Minh"))
    other = ClassroomStore.open(database_url)
    try:
        servers = [Rooms(store), Rooms(other)]
        new = servers[0].create(RULES, 4, 60, Strength.BEGINNER, "Lan", seed=11, learner_id=lan)
        tokens = [new.seat, servers[1].join(new.room.id, "Minh", learner_id=minh), servers[0].join(new.room.id, "Hoa")]
        servers[1].start(new.room.id, str(new.host))
        dealt = deal_cards(11, 1, 4)
        splits = [_foul(dealt[0]), arrange_simple(dealt[1], RULES), arrange_simple(dealt[2], RULES)]
        assert is_foul(splits[0], RULES)
        start, confirmed = threading.Barrier(6), threading.Barrier(6)

        def play(n: int) -> None:  # three confirms each sent twice, every thread then notices the showdown
            rooms, seat = servers[n % 2], n % 3
            start.wait()
            try:
                rooms.confirm(str(tokens[seat]), 1, splits[seat])
            except ClassroomError as error:
                assert error.field == "settled"
            confirmed.wait()  # a page keeps hands once it shows the showdown: after every confirm, as the app does
            assert rooms.tick(new.room.id)
            rooms.view(new.room.id, str(tokens[seat]))
            if n < 2:  # a page on each server shows the showdown and asks at once (each keep takes seconds)
                rooms.keep_hands(new.room.id)

        with ThreadPoolExecutor(6) as pool:
            list(pool.map(play, range(6)))
        rows = _kept(store)
        assert sorted(r.learner_id for r in rows) == sorted([lan, minh])  # Hoa has no profile; seat 3 a computer
        assert {r.room_id for r in rows} == {new.room.id} and {r.deal for r in rows} == {1}
        assert servers[0].keep_hands(new.room.id) == 0 and servers[1].tick(new.room.id) and len(_kept(store)) == 2

        view = servers[0].view(new.room.id, str(tokens[0]))
        assert view is not None and view.settled
        hands = PlayHands(store)
        mine = hands.history(lan)[0]
        assert mine.room_id == new.room.id and mine.split == splits[0] and mine.origin is Origin.OWN
        assert mine.cards == tuple(sorted(dealt[0], reverse=True)) and len(mine.arrangements) == 4
        assert mine.won == view.hands[0].total and sum(mine.totals) == 0
        assert mine.table.deal(1)[0] == mine.cards  # the replay deals the room's cards, hers first
        analysis = servers[1].analysis(view, 0)  # the numbers the room's page shows
        assert analysis is not None and (mine.gap, mine.gap_stderr) == (analysis.cost, analysis.cost_stderr)
        assert mine.error and len(practice.queue(lan)) == 1  # binh lủng: a miss, back as "set it yourself"
        assert hands.history(minh)[0].won == view.hands[1].total
        decided = [d for d in learner_decisions(store, lan) if d.source is Source.PLAY]
        assert len(decided) == 1 and not decided[0].correct  # the rating moved once, by the stored hand
        with store._session() as session:
            assert session.get(Learner, lan).rating == mine.rating_after  # type: ignore[union-attr]
    finally:
        other.engine.dispose()


def test_a_timed_out_hand_is_kept_and_a_seat_taken_over_keeps_its_new_persons(store: ClassroomStore) -> None:
    practice = Practice(store)
    lan, minh = (practice.create_profile(name).info.id for name in ("Lan", "Minh"))
    rooms = Rooms(store)
    new = rooms.create(RULES, 2, 60, None, "Lan", seed=11, learner_id=lan)
    seat = rooms.join(new.room.id, "Minh", learner_id=minh)
    begun = utcnow()
    rooms.start(new.room.id, str(new.host), now=begun)
    dealt = deal_cards(11, 1, 2)
    rooms.confirm(str(new.seat), 1, arrange_simple(dealt[0], RULES), now=begun + timedelta(seconds=5))
    assert rooms.tick(new.room.id, begun + timedelta(seconds=70))  # Minh never confirmed: the timer's hand
    assert rooms.keep_hands(new.room.id) == 2
    minh_hand = PlayHands(store).history(minh)[0]
    assert minh_hand.origin is Origin.TIMER_SOLVER and minh_hand.room_id == new.room.id
    assert rooms.leave(str(seat))
    rooms.join(new.room.id, "Hoa")  # Hoa, without a profile, takes Minh's seat for deal 2
    rooms.start(new.room.id, str(new.host))
    rooms.confirm(str(new.seat), 2, arrange_simple(deal_cards(11, 2, 2)[0], RULES))
    assert not rooms.tick(new.room.id)  # Hoa is arranging
    assert rooms.tick(new.room.id, utcnow() + timedelta(seconds=70))
    assert rooms.keep_hands(new.room.id) == 1
    assert [h.deal for h in PlayHands(store).history(lan)] == [1, 2]
    assert [h.deal for h in PlayHands(store).history(minh)] == [1]  # deal 2 at his old seat is not his
    with store._session() as session:
        assert session.scalar(select(func.count()).select_from(PlayHand)) == 3
