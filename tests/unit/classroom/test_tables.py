"""A class at one table (issue 19, duplicate deals): sessions, hands stored with their analysis, refusals, a
class submitting at once, and each hand kept in the learner's profile in the same transaction; on SQLite and
PostgreSQL (the ``store`` fixture)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta

import pytest
from sqlalchemy import func, select

from background.deals import Deals
from classroom.models import DealShowing, PlayHand, Review, TableHand, utcnow
from classroom.play_hands import PlayHands
from classroom.practice import Practice
from classroom.service import ClassroomError, ClassroomStore
from classroom.table_board import export_rows, table_board
from classroom.tables import TableSessions, canonical, parse_split
from maubinh.arrangement import Arrangement
from maubinh.drills.arrange import played_seed
from maubinh.play import Strength, analyse, deal_cards, play_deal
from maubinh.rules import load_rule_set
from maubinh.strategy.arrangers import arrange_simple

SEED = 2**62 + 12345  # beyond 32 bits: the column is 64-bit
RULES = load_rule_set("tinh-chi")


def _class_with(store: ClassroomStore, learners: int) -> tuple[str, list[str]]:
    klass = store.create_class("Bàn chung", "vi", RULES).info
    return klass.id, [store.join(klass.id, f"Học viên {n}").info.id for n in range(learners)]


def _worse(split: Arrangement) -> Arrangement:
    """The same cards with back and middle swapped (usually binh lủng, always a different split)."""
    return Arrangement(split.middle, split.back, split.front)


def test_a_session_keeps_its_settings_and_a_64_bit_seed(store: ClassroomStore) -> None:
    tables = TableSessions(store)
    class_id, _ = _class_with(store, 0)
    started = tables.start(class_id, RULES, [Strength.SOLVER, Strength.BEGINNER], deals=5, timer=90, seed=SEED)
    again = tables.session(started.id)
    assert again == started
    assert (again.seed, again.bots, again.deals, again.timer, again.closed) == (
        SEED, (Strength.SOLVER, Strength.BEGINNER), 5, 90, False)
    assert again.table.deal(3) == deal_cards(SEED, 3, 3)
    assert 0 <= tables.start(class_id, RULES, [Strength.MEDIUM], deals=1, timer=0).seed < 2**63
    assert [s.id for s in tables.sessions(class_id)][-1] == started.id


@pytest.mark.parametrize(("bots", "deals", "timer", "seed", "field"), [
    ([], 3, 0, 1, "bots"), ([Strength.SOLVER] * 4, 3, 0, 1, "bots"), ([Strength.SOLVER], 0, 0, 1, "deals"),
    ([Strength.SOLVER], 21, 0, 1, "deals"), ([Strength.SOLVER], 3, 45, 1, "timer"),
    ([Strength.SOLVER], 3, 0, 2**63, "seed"), ([Strength.SOLVER], 3, 0, -1, "seed")])
def test_bad_settings_are_refused_naming_the_field(store: ClassroomStore, bots: list[Strength], deals: int,
                                                   timer: int, seed: int, field: str) -> None:
    class_id, _ = _class_with(store, 0)
    with pytest.raises(ClassroomError) as refused:
        TableSessions(store).start(class_id, RULES, bots, deals=deals, timer=timer, seed=seed)
    assert refused.value.field == field


def test_every_learner_plays_the_same_deal_and_gets_the_analysis_of_analyse(store: ClassroomStore) -> None:
    work = Deals()
    tables = TableSessions(store, work=work)
    class_id, (lan, minh) = _class_with(store, 2)
    info = tables.start(class_id, RULES, [Strength.BEGINNER], deals=2, timer=60, seed=SEED)
    table = info.table
    cards = tables.cards(info, 1)
    assert cards == deal_cards(SEED, 1, 2)[0]
    simple = arrange_simple(cards, RULES)
    first = tables.submit(info.id, lan, 1, simple, False, 12.5)
    second = tables.submit(info.id, minh, 1, _worse(simple), False, 30.0)
    expected = analyse(table, 1, simple, False)  # computed from scratch, no shared work
    result = play_deal(table, 1, simple, False)
    assert first.arrangement == canonical(simple)
    assert (first.expected, first.best_expected, first.chi_lost, first.chi_lost_stderr) == pytest.approx(
        (expected.mine.mean, expected.best_breakdown.mean, expected.cost, expected.cost_stderr))
    assert (first.best, first.best_declared, first.actual, first.seconds) == (
        canonical(expected.best), expected.best_declare, result.player_total, 12.5)
    worse = analyse(table, 1, _worse(simple), False)
    assert second.chi_lost == pytest.approx(worse.cost) and second.chi_lost > first.chi_lost
    assert (second.best, second.best_expected) == (first.best, first.best_expected)  # one best for everyone
    assert work.studies.computed == 1 and work.bot_plays.computed == 1  # the heavy work, once per deal
    assert work.prepare(table, 1) is None  # done already: nothing started
    started = work.prepare(table, 2)  # shown to a learner: computed in the background, once
    assert started is not None and work.prepare(table, 2) is None
    started.result(timeout=300)
    assert work.studies.computed == 2 and work.bot_plays.computed == 2
    # the computer players split the same way for everyone: the settlement is the player's cards against theirs
    assert play_deal(table, 1, _worse(simple), False).player_total == second.actual


def test_a_second_answer_returns_the_first_and_a_stored_split_reads_back(store: ClassroomStore) -> None:
    tables = TableSessions(store)
    class_id, (lan,) = _class_with(store, 1)
    info = tables.start(class_id, RULES, [Strength.BEGINNER], deals=1, timer=0, seed=7)
    simple = arrange_simple(tables.cards(info, 1), RULES)
    first = tables.submit(info.id, lan, 1, simple, False, 5.0)
    assert tables.submit(info.id, lan, 1, _worse(simple), False, 9.0) == first  # another device: refused, kept
    assert tables.hands(info.id) == [first] == tables.hands(info.id, lan)
    assert parse_split(str(first.arrangement)) == first.arrangement
    with pytest.raises(ValueError, match="three chi"):
        parse_split("As Ks")


def test_hands_are_refused_when_closed_archived_removed_outside_or_not_the_cards(store: ClassroomStore) -> None:
    tables = TableSessions(store)
    class_id, (lan, minh, hoa) = _class_with(store, 3)
    info = tables.start(class_id, RULES, [Strength.BEGINNER], deals=2, timer=0, seed=11)
    simple = arrange_simple(tables.cards(info, 1), RULES)

    def refused(learner: str, number: int = 1, split: Arrangement = simple) -> str:
        with pytest.raises(ClassroomError) as error:
            tables.submit(info.id, learner, number, split, False, 1.0)
        return error.value.field

    assert refused(lan, 3) == "number" and refused(lan, 0) == "number"
    assert refused(lan, 2) == "arrangement"  # deal 1's cards sent for deal 2
    outsider = store.create_class("Lớp khác", "vi", RULES).info
    assert refused(store.join(outsider.id, "Người ngoài").info.id) == "session"
    kept = tables.submit(info.id, hoa, 1, simple, False, 1.0)
    tables.close(class_id, info.id)
    assert tables.session(info.id).closed
    assert refused(lan) == "closed"
    assert tables.submit(info.id, hoa, 1, simple, False, 1.0) == kept  # what is stored stays readable
    tables.close(class_id, info.id, closed=False)
    store.remove_learner(class_id, minh)
    assert refused(minh) == "learner"
    store.archive_class(class_id, True)
    assert refused(lan) == "class"
    with pytest.raises(ClassroomError) as archived:
        tables.start(class_id, RULES, [Strength.BEGINNER], deals=1, timer=0)
    assert archived.value.field == "class"


LEARNERS = 12


def test_a_class_submitting_the_same_deal_at_once_stores_one_hand_each_and_studies_it_once(
        store: ClassroomStore) -> None:
    work = Deals()
    tables = TableSessions(store, work=work)
    class_id, learners = _class_with(store, LEARNERS)
    info = tables.start(class_id, RULES, [Strength.BEGINNER, Strength.BEGINNER], deals=1, timer=0, seed=SEED)
    simple = arrange_simple(tables.cards(info, 1), RULES)
    start = threading.Barrier(LEARNERS)

    def play(index: int) -> tuple[str, str]:
        mine = simple if index % 2 == 0 else _worse(simple)
        start.wait()
        stored = tables.submit(info.id, learners[index], 1, mine, False, float(index))
        # a double tap and another device's different split, at once too: both return the first
        again = tables.submit(info.id, learners[index], 1, _worse(mine) if index % 3 else mine, False, 99.0)
        assert again == stored
        return str(stored.arrangement), str(canonical(mine))

    with ThreadPoolExecutor(max_workers=LEARNERS) as pool:
        results = list(pool.map(play, range(LEARNERS)))
    assert all(stored == sent for stored, sent in results)
    with store.engine.connect() as connection:
        assert connection.scalar(select(func.count()).select_from(TableHand)) == LEARNERS
        assert connection.scalar(select(func.count()).select_from(PlayHand)) == LEARNERS  # one in each profile
    assert all([h.deal for h in PlayHands(store).history(learner)] == [1] for learner in learners)
    assert work.studies.computed == 1 and work.bot_plays.computed == 1
    board = table_board(store.learners(class_id), info.deals, tables.hands(info.id))
    deal = board.deals[0]
    assert deal.played == LEARNERS and sum(s.count for s in deal.splits) == LEARNERS
    assert {(str(s.arrangement), s.count) for s in deal.splits} == {
        (str(canonical(simple)), LEARNERS // 2), (str(canonical(_worse(simple))), LEARNERS // 2)}
    assert [r.chi_lost for r in board.ranking] == sorted(r.chi_lost for r in board.ranking)
    rows = export_rows(board)
    assert len(rows) == LEARNERS and {row["chi_lost"] for row in rows} == {
        round(s.chi_lost, 4) for s in deal.splits}


# ---------------------------------------------------------------------- the learner's profile too


def _far() -> datetime:
    """A moment when every review is due."""
    return utcnow() + timedelta(days=3650)


def _counts(store: ClassroomStore) -> dict[str, int]:
    with store.engine.connect() as connection:
        return {table.__tablename__: connection.scalar(select(func.count()).select_from(table)) or 0
                for table in (TableHand, PlayHand, Review)}


def test_a_class_table_hand_is_kept_in_the_learners_profile_with_the_same_values(store: ClassroomStore) -> None:
    practice = Practice(store)
    tables = TableSessions(store, practice)
    class_id, (lan, minh) = _class_with(store, 2)
    info = tables.start(class_id, RULES, [Strength.BEGINNER, Strength.MEDIUM], deals=2, timer=60, seed=SEED)
    simple = arrange_simple(tables.cards(info, 1), RULES)
    good = tables.submit(info.id, lan, 1, simple, False, 12.5)
    bad = tables.submit(info.id, minh, 1, _worse(simple), False, 30.0)
    profiles = PlayHands(store)
    [mine] = profiles.history(lan)
    result = play_deal(info.table, 1, simple, False)
    assert (mine.rule_set_id, mine.house_toml, mine.table_seed, mine.deal, mine.bots) == (
        "tinh-chi", None, SEED, 1, ("beginner", "medium"))
    assert mine.cards == tuple(sorted(tables.cards(info, 1), reverse=True))
    assert mine.split == good.arrangement == canonical(simple) and mine.declare is False and mine.helped is False
    assert mine.totals == tuple(result.settlement.totals) and mine.won == good.actual
    assert mine.arrangements[1:] == result.arrangements[1:]  # the computer players' splits, the class's ones
    assert (mine.seconds, mine.best, mine.best_declare) == (12.5, good.best, good.best_declared)
    assert (mine.expected, mine.best_expected, mine.gap, mine.gap_stderr) == pytest.approx(
        (good.expected, good.best_expected, good.chi_lost, good.chi_lost_stderr))
    assert mine.played_at == good.played_at  # one moment: the two records are one write
    assert mine.table.deal(1) == info.table.deal(1)  # the history replays the class's deal
    [his] = profiles.history(minh)
    assert his.gap == pytest.approx(bad.chi_lost) and his.error  # back and middle swapped: a miss...
    assert [d.ref.seed for d in practice.due(minh, now=_far())] == [played_seed(his.cards)]  # ...to review
    assert len(practice.due(lan, now=_far())) == int(mine.error)  # strongest-first: a miss or not, as graded
    # a resubmission (a double tap, another device) stores nothing more, in the class or in the profile
    assert tables.submit(info.id, lan, 1, _worse(simple), False, 99.0) == good
    assert _counts(store) == {"table_hands": 2, "play_hands": 2, "reviews": 1 + int(mine.error)}
    assert profiles.count(lan) == 1 and profiles.hand(lan, mine.id or 0) == mine


@pytest.mark.parametrize("where", ["profile", "review"])
def test_a_failure_between_the_class_record_and_the_profile_leaves_neither(
        store: ClassroomStore, monkeypatch: pytest.MonkeyPatch, where: str) -> None:
    """Killed after the class's row is written: before the profile's hand ("profile"), or after it, while the
    missed hand joins the review queue ("review"): nothing of the hand is stored; sent again, all of it is."""
    tables = TableSessions(store)
    class_id, (lan,) = _class_with(store, 1)
    info = tables.start(class_id, RULES, [Strength.BEGINNER], deals=1, timer=0, seed=7)
    worse = _worse(arrange_simple(tables.cards(info, 1), RULES))

    def killed(*_: object, **__: object) -> None:
        raise RuntimeError("the server was killed here")

    monkeypatch.setattr(PlayHands, "keep_in", killed) if where == "profile" else monkeypatch.setattr(
        Practice, "_schedule", killed)
    with pytest.raises(RuntimeError):
        tables.submit(info.id, lan, 1, worse, False, 4.0)
    assert _counts(store) == {"table_hands": 0, "play_hands": 0, "reviews": 0}
    monkeypatch.undo()
    stored = tables.submit(info.id, lan, 1, worse, False, 4.0)
    assert _counts(store) == {"table_hands": 1, "play_hands": 1, "reviews": 1}
    [kept] = PlayHands(store).history(lan)
    assert (kept.split, kept.gap, kept.played_at) == (stored.arrangement, stored.chi_lost, stored.played_at)


def test_a_removed_learner_keeps_the_class_and_profile_records_already_stored(store: ClassroomStore) -> None:
    tables = TableSessions(store)
    class_id, (lan,) = _class_with(store, 1)
    info = tables.start(class_id, RULES, [Strength.SOLVER], deals=2, timer=0, seed=21)
    tables.submit(info.id, lan, 1, arrange_simple(tables.cards(info, 1), RULES), False, 2.0)
    store.remove_learner(class_id, lan)
    with pytest.raises(ClassroomError):
        tables.submit(info.id, lan, 2, arrange_simple(tables.cards(info, 2), RULES), False, 2.0)
    counts = _counts(store)
    assert (counts["table_hands"], counts["play_hands"]) == (1, 1)
    assert [h.deal for h in PlayHands(store).history(lan)] == [1]


def test_hands_stored_before_the_profile_copy_are_filled_in_once(store: ClassroomStore,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Hands a class stored only for its board (before this change): fill_profiles copies them, graded as the
    board's, at the moment they were played; a removed learner is skipped; run again, it adds nothing."""
    tables = TableSessions(store)
    class_id, (lan, minh, hoa) = _class_with(store, 3)
    info = tables.start(class_id, RULES, [Strength.BEGINNER], deals=2, timer=0, seed=SEED)
    monkeypatch.setattr(PlayHands, "keep_in", lambda *_, **__: None)  # the class's record only, as before
    old = [tables.submit(info.id, who, number, arrange_simple(tables.cards(info, number), RULES), False, 3.0)
           for who in (lan, minh) for number in (1, 2)]
    tables.submit(info.id, hoa, 1, arrange_simple(tables.cards(info, 1), RULES), False, 3.0)
    monkeypatch.undo()
    assert _counts(store)["play_hands"] == 0
    store.remove_learner(class_id, hoa)
    assert tables.fill_profiles(info.id) == 4
    for stored in old:
        [hand] = [h for h in PlayHands(store).history(stored.learner_id) if h.deal == stored.number]
        assert (hand.split, hand.played_at, hand.seconds) == (stored.arrangement, stored.played_at, 3.0)
        assert (hand.gap, hand.best_expected, hand.won) == (
            pytest.approx(stored.chi_lost), pytest.approx(stored.best_expected), stored.actual)
    assert PlayHands(store).history(hoa) == []
    assert tables.fill_profiles(info.id) == 0 and tables.fill_profiles(10**9) == 0
    assert _counts(store)["play_hands"] == 4


def test_a_session_deleted_takes_the_class_s_hands_and_leaves_each_profile_s(store: ClassroomStore) -> None:
    """Lan and Minh each played deal 1: deleted, the class has no hand of it and no deal clock left; both
    profiles keep their hand; another class's teacher cannot delete it; a second delete finds nothing."""
    practice = Practice(store)
    tables = TableSessions(store, practice)
    class_id, (lan, minh) = _class_with(store, 2)
    info = tables.start(class_id, RULES, [Strength.BEGINNER], deals=2, timer=60, seed=SEED)
    kept = tables.start(class_id, RULES, [Strength.BEGINNER], deals=1, timer=0, seed=SEED)
    simple = arrange_simple(tables.cards(info, 1), RULES)
    tables.show(info, lan, 1)
    tables.submit(info.id, lan, 1, simple, False, 12.5)
    tables.submit(info.id, minh, 1, _worse(simple), False, 30.0)
    other, _ = _class_with(store, 0)
    assert tables.delete(other, info.id) is None and tables.session(info.id) is not None
    assert tables.delete(class_id, info.id) == 2
    assert tables.session(info.id) is None and [s.id for s in tables.sessions(class_id)] == [kept.id]
    assert tables.hands(info.id) == []
    with store.engine.connect() as connection:
        assert connection.scalar(select(func.count()).select_from(DealShowing)) == 0
    assert _counts(store)["play_hands"] == 2  # each learner's own history keeps their hand
    assert tables.delete(class_id, info.id) is None
