"""A hand the learner did not make is never graded as theirs (issue 31, item 3), and the timer's clock is the
server's (issue 32, item 4), on SQLite and PostgreSQL (the ``store`` fixture): each hand's origin stored and read
back (old rows as the learner's own, a helped Play hand as Xếp bài's), Xếp bài's left out of chi lost, the error
rate and the review queue, the timer's solver split charged what binh lủng costs against the best split, the
deal's first showing kept in the database, an "expired" before the server's deadline not believed, and the
board's ranking with its standard errors and learners level within the noise."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select, text

from classroom.clock import DealClocks, play_place, table_place
from classroom.database import make_engine, migrate
from classroom.models import DealShowing, Review
from classroom.play_hands import PlayHands, summarise
from classroom.practice import Practice
from classroom.service import ClassroomError, ClassroomStore, LearnerInfo
from classroom.table_board import RankRow, export_rows, placed, table_board
from classroom.tables import StoredHand, TableSessions, canonical
from maubinh.arrangement import Arrangement, is_foul
from maubinh.play import Origin, Strength, Table, analyse, fouled_split
from maubinh.rules import load_rule_set
from maubinh.strategy.arrangers import arrange_simple
from maubinh.strategy.decide import decide
from tests.unit.classroom.conftest import BOTS, insert_old_class, played_hand

RULES = load_rule_set("tinh-chi")
T0 = datetime(2026, 12, 5, 3, 0, tzinfo=UTC)


def _class_with(store: ClassroomStore, learners: int) -> tuple[str, list[str]]:
    klass = store.create_class("Bàn có giờ", "vi", RULES).info
    return klass.id, [store.join(klass.id, f"Học viên {n}").info.id for n in range(learners)]


def test_a_play_hand_keeps_its_origin_and_xep_bai_is_left_out_of_every_figure(store: ClassroomStore) -> None:
    hands = PlayHands(store)
    learner = Practice(store).create_profile("Lan").info.id
    own = hands.keep(learner, played_hand(1, gap=0.9, stderr=0.1))
    helped = hands.keep(learner, replace(played_hand(2, gap=0.9, stderr=0.1), origin=Origin.XEP_BAI))
    missed = hands.keep(learner, replace(played_hand(3, gap=4.25, stderr=0.3), origin=Origin.TIMER_SOLVER))
    kept = hands.keep(learner, replace(played_hand(4, gap=0.0, stderr=0.0), origin=Origin.TIMER))
    assert [h.origin for h in hands.history(learner)] == [Origin.OWN, Origin.XEP_BAI, Origin.TIMER_SOLVER,
                                                            Origin.TIMER]
    assert helped.helped and not helped.graded and not helped.error  # a gap of 0.9 ± 0.1, but not the player's
    assert own.error and missed.error and not kept.error
    assert helped.record()["origin"] == "xep_bai" and missed.record()["origin"] == "timer_solver"
    total = summarise(hands.history(learner))
    assert (total.played, total.hands, total.helped, total.timed_out) == (4, 3, 1, 2)
    assert total.lost == pytest.approx(0.9 + 4.25 + 0.0) and total.errors == 2 and total.error_rate == 2 / 3
    assert [h.deal for h in total.costliest] == [3, 1]
    assert total.won == sum(h.won for h in (own, helped, missed, kept))  # what the cards paid: every hand
    with store._session() as session:  # the two misses come back to review; Xếp bài's hand does not
        assert session.scalar(select(func.count()).select_from(Review)) == 2
    assert missed.result.auto_split and missed.result.timed_out and not own.result.timed_out
    assert helped.result.helped and sum(helped.result.settlement.totals) == 0


def test_old_rows_read_as_the_learners_own_and_a_helped_play_hand_as_xep_bai(database_url: str) -> None:
    engine = make_engine(database_url)
    try:
        migrate(engine, "0010")
        columns = ("id, learner_id, rule_set_id, rules_key, table_seed, deal, bots, cards, split, arrangements, "
                   "declared, totals, seconds, declare, helped, best, best_declare, expected, best_expected, gap, "
                   "gap_stderr, played_at")
        hand = played_hand(1)
        with engine.begin() as connection:
            insert_old_class(connection)
            for row_id, helped in ((1, True), (2, False)):
                connection.execute(text(f"INSERT INTO play_hands ({columns}) VALUES (:id, 'l1', 'chi-at', 'chi-at', "
                                        ":seed, :deal, 'beginner,beginner', :cards, :split, '[]', '[]', '[]', 1.0, "
                                        ":no, :helped, :split, :no, 0.5, 0.6, 0.1, 0.05, '2026-01-01')"),
                                   {"id": row_id, "seed": hand.table_seed, "deal": row_id, "cards": "As",
                                    "split": str(hand.split), "no": False, "helped": helped})
            connection.execute(text("INSERT INTO table_sessions (id, class_id, rule_set_id, seed, bots, deals, timer, "
                                    "created_at) VALUES (1, 'c1', 'chi-at', 7, 'beginner', 2, 60, '2026-01-01')"))
            connection.execute(text("INSERT INTO table_hands (session_id, learner_id, number, arrangement, declared, "
                                    "seconds, expected, best, best_declared, best_expected, chi_lost, chi_lost_stderr, "
                                    "actual, played_at) VALUES (1, 'l1', 1, :split, :no, 3.0, 0.5, :split, :no, 0.6, "
                                    "0.1, 0.05, 2, '2026-01-01')"), {"split": str(hand.split), "no": False})
        migrate(engine)
        with engine.connect() as connection:
            assert connection.execute(text("SELECT id, origin FROM play_hands ORDER BY id")).all() == [
                (1, "xep_bai"), (2, "own")]
        (stored,) = TableSessions(ClassroomStore(engine)).hands(1)
        assert stored.origin is Origin.OWN and stored.graded
    finally:
        engine.dispose()


def test_the_first_showing_stays_whoever_notes_it_again(store: ClassroomStore) -> None:
    learner = Practice(store).create_profile("Lan").info.id
    table = Table(RULES, 2**62 + 5, BOTS)
    place = play_place(table)
    assert DealClocks(store).showing(learner, place, 1) is None
    first = DealClocks(store).show(learner, place, 1, timer=False, now=T0)
    assert (first.shown_at, first.timer_at) == (T0, None)
    # Another server (another DealClocks on the same database), later, with the timer switched on: the first showing
    # stays, and the timer counts from now.
    later = DealClocks(store).show(learner, place, 1, timer=True, now=T0 + timedelta(seconds=20))
    assert (later.shown_at, later.timer_at) == (T0, T0 + timedelta(seconds=20))
    again = DealClocks(store).show(learner, place, 1, timer=True, now=T0 + timedelta(seconds=50))
    assert again == later == DealClocks(store).showing(learner, place, 1)
    assert again.remaining(60.0, T0 + timedelta(seconds=50)) == 30.0 and again.elapsed(T0 + timedelta(seconds=50)) == 50
    assert DealClocks(store).showing(learner, place, 2) is None and DealClocks(store).showing(learner, "table:1", 1) is None


def test_the_server_keeps_a_tables_clock_and_charges_a_timed_out_miss(store: ClassroomStore) -> None:
    tables = TableSessions(store)
    class_id, (early, late, kept, slow) = _class_with(store, 4)
    # its simple split costs 0.68, binh lủng 1.55
    info = tables.start(class_id, RULES, [Strength.BEGINNER], deals=1, timer=60, seed=44)
    cards = tables.cards(info, 1)
    simple = arrange_simple(cards, RULES)
    for learner in (early, late, kept, slow):
        assert tables.show(info, learner, 1, now=T0).shown_at == T0
    assert tables.remaining(info, tables.show(info, early, 1, now=T0 + timedelta(seconds=45)),
                            T0 + timedelta(seconds=45)) == 15.0  # a reload 45 s in: 15 s left, not 60
    # "expired" 0.09 s after the deal: the browser's word only. Cards left in the hand are no split (refused);
    # a complete split is the learner's own, in time.
    soon = T0 + timedelta(seconds=0.09)
    with pytest.raises(ClassroomError) as refused:
        tables.submit(info.id, early, 1, None, False, expired=True, now=soon)
    assert refused.value.field == "arrangement" and tables.hands(info.id) == []
    mine = tables.submit(info.id, early, 1, simple, False, expired=True, now=soon)
    assert mine.origin is Origin.OWN and mine.seconds == pytest.approx(0.09)
    # At zero on the server's clock with cards left: the solver's split is played and the miss charged.
    zero = T0 + timedelta(seconds=59.5)
    missed = tables.submit(info.id, late, 1, None, False, expired=True, now=zero)
    solver = decide(cards, RULES, opponents=1).arrangement
    charge = analyse(info.table, 1, fouled_split(cards, RULES))
    assert missed.origin is Origin.TIMER_SOLVER and missed.arrangement == canonical(solver)
    assert (missed.chi_lost, missed.expected, missed.seconds) == (
        pytest.approx(charge.cost), pytest.approx(charge.mine.mean), pytest.approx(59.5))
    assert missed.chi_lost > 1.0 and missed.chi_lost > mine.chi_lost
    assert missed.actual == tables.play(info, 1, solver, False)[0].player_total  # the table played the solver's split
    # Late (past the limit and the grace), a complete, legal split stands: the timer's, graded as the learner's.
    own = tables.submit(info.id, kept, 1, simple, False, now=T0 + timedelta(seconds=70))
    assert (own.origin, own.arrangement, own.chi_lost) == (Origin.TIMER, canonical(simple), pytest.approx(mine.chi_lost))
    # Late with a binh lủng split: the solver's is played, charged the same as cards left in the hand.
    fouled = fouled_split(cards, RULES)
    assert is_foul(fouled, RULES)
    foul = tables.submit(info.id, slow, 1, fouled, False, now=T0 + timedelta(seconds=66))
    assert foul.origin is Origin.TIMER_SOLVER and foul.chi_lost == pytest.approx(missed.chi_lost)
    # The profiles carry the same origin and gap; the board ranks the misses last, marked in the CSV.
    profiles = {h.origin: h for h in PlayHands(store).history(late) + PlayHands(store).history(kept)}
    assert profiles[Origin.TIMER_SOLVER].gap == pytest.approx(missed.chi_lost)
    assert profiles[Origin.TIMER].gap == pytest.approx(own.chi_lost)
    board = table_board(store.learners(class_id), 1, tables.hands(info.id))
    assert [r.learner_id for r in board.ranking][2:] in ([late, slow], [slow, late])
    assert board.ranking[-1].place == 3 and board.ranking[0].place == 1
    assert {r.learner_id: r.timed_out for r in board.ranking} == {early: 0, late: 1, kept: 1, slow: 1}
    (deal,) = board.deals
    missed_rows = [s for s in deal.splits if s.missed]
    assert len(missed_rows) == 1 and missed_rows[0].count == 2 and not missed_rows[0].best
    assert {row["origin"] for row in export_rows(board)} == {"own", "timer", "timer_solver"}


def _stored(learner: str, lost: float, stderr: float, origin: Origin = Origin.OWN, number: int = 1) -> StoredHand:
    split = Arrangement.parse("As Ks Qs Js Ts", "9h 9d 9c 4h 4d", "7c 7s 2d")
    return StoredHand(1, learner, number, split, False, 10.0, -lost, split, False, 0.0, lost, stderr, 0, T0, origin)


def test_the_ranking_shows_its_noise_and_puts_learners_level_within_it() -> None:
    people = [LearnerInfo(lid, "c", name, T0, None) for lid, name in
              (("a", "An"), ("b", "Bình"), ("c", "Chi"), ("d", "Dũng"))]
    hands = [_stored("a", 0.30, 0.10), _stored("a", 0.20, 0.10, number=2),  # 0.50 ± 0.14
             _stored("b", 0.60, 0.20), _stored("b", 0.10, 0.05, number=2),  # 0.70 ± 0.21: level with An
             _stored("c", 2.40, 0.10), _stored("c", 0.0, 0.0, number=2),    # 2.40 ± 0.10: behind
             _stored("d", 5.00, 0.10, Origin.XEP_BAI), _stored("d", 0.0, 0.0, Origin.XEP_BAI, number=2)]
    board = table_board(people, 2, hands)
    rows = {r.name: r for r in board.ranking}
    assert [(r.name, r.place) for r in board.ranking] == [("An", 1), ("Bình", 1), ("Chi", 3), ("Dũng", 0)]
    assert rows["An"].chi_lost_stderr == pytest.approx((0.1**2 + 0.1**2) ** 0.5)
    assert rows["Dũng"].hands == 0 and rows["Dũng"].chi_lost == 0.0  # Xếp bài's hands: not ranked
    assert board.played == 8 and "d" not in board.deals[0].chi_lost
    # Two learners 0.4 chi apart with tiny errors are not level; with larger ones they are.
    apart = placed([RankRow("x", "X", 3, 1.0, 0, 0.0, 0.01), RankRow("y", "Y", 3, 1.4, 0, 0.0, 0.01)])
    close = placed([RankRow("x", "X", 3, 1.0, 0, 0.0, 0.3), RankRow("y", "Y", 3, 1.4, 0, 0.0, 0.3)])
    assert [r.place for r in apart] == [1, 2] and [r.place for r in close] == [1, 1]


def test_many_servers_noting_a_deal_at_once_keep_one_first_showing(store: ClassroomStore) -> None:
    learner = Practice(store).create_profile("Lan").info.id
    moments = [T0 + timedelta(seconds=n) for n in range(8)]
    with ThreadPoolExecutor(max_workers=8) as pool:
        found = list(pool.map(lambda moment: DealClocks(store).show(learner, table_place(9), 1, timer=True,
                                                                    now=moment), moments))
    assert len(set(found)) == 1 and found[0].shown_at in moments and found[0].timer_at == found[0].shown_at
    with store._session() as session:
        assert session.scalar(select(func.count()).select_from(DealShowing)) == 1
