"""Play history in the classroom database (classroom.play_hands), on SQLite and PostgreSQL: a hand stored with
its real values and read back equal, once only (a rerun, a double tap, many threads at once), newest first in
pages, a missed hand in the review queue as "set it yourself" of the same 13 cards, and the summary's sums."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select

from classroom.models import PlayHand, Review
from classroom.play_hands import PlayHands, is_error, review_ref, summarise
from classroom.practice import Practice, level_for
from classroom.service import ClassroomError, ClassroomStore
from maubinh.drills import Kind, Level, make_from_ref
from maubinh.drills.arrange import played_cards
from maubinh.house import dump_rule_set, edit
from maubinh.play import Strength, Table
from maubinh.rules import load_rule_set
from tests.unit.classroom.conftest import BIG_SEED, BOTS, played_hand


def test_a_hand_is_stored_with_its_real_values_and_read_back_equal(store: ClassroomStore) -> None:
    hands = PlayHands(store)
    learner = Practice(store).create_profile("Lan").info.id
    hand = played_hand(3)
    moment = datetime(2026, 12, 1, 9, 30, tzinfo=UTC)
    kept = hands.keep(learner, hand, now=moment)
    assert kept.id is not None and kept.played_at == moment
    assert replace(kept, id=None, played_at=None, rating_after=None) == hand
    assert kept.table_seed == BIG_SEED and kept.table.deal(3)[0] == tuple(sorted(hand.cards, reverse=True))
    assert sum(kept.totals) == 0 and len(kept.totals) == 3
    assert (kept.expected, kept.best_expected, kept.gap) == (pytest.approx(0.35), 1.25, 0.9)
    assert hands.hand(learner, kept.id) == kept
    other = Practice(store).create_profile("Minh").info.id
    assert hands.hand(other, kept.id) is None  # another learner's hand is not theirs to see
    record = kept.record()
    assert record["split"] == str(hand.split) and record["settlement"] == list(hand.totals)
    assert record["table_seed"] == BIG_SEED and record["error"] is True


def test_storing_again_changes_nothing(store: ClassroomStore) -> None:
    hands = PlayHands(store)
    learner = Practice(store).create_profile("Lan").info.id
    first = hands.keep(learner, played_hand(1, gap=0.6))
    again = hands.keep(learner, replace(played_hand(1, gap=0.0), seconds=1.0))  # a rerun sending other numbers
    assert again == first and hands.count(learner) == 1
    # the same deal number at another table (seed, players or rules) is another hand
    hands.keep(learner, played_hand(1, table=Table(load_rule_set("chi-at"), BIG_SEED + 1, BOTS)))
    hands.keep(learner, played_hand(1, table=Table(load_rule_set("chi-at"), BIG_SEED, (Strength.BEGINNER,) * 2)))
    hands.keep(learner, played_hand(1, table=Table(load_rule_set("tinh-chi"), BIG_SEED, BOTS)))
    assert hands.count(learner) == 3  # the second table above is the first one (same seed, players, rules)


THREADS, DEALS = 12, 4


def test_many_threads_storing_the_same_hands_at_once_store_each_once(store: ClassroomStore) -> None:
    hands = PlayHands(store)
    learners = [Practice(store).create_profile(f"Người {n}").info.id for n in range(3)]
    made = [played_hand(n, gap=0.1 * n) for n in range(1, DEALS + 1)]
    start = threading.Barrier(THREADS)

    def play(worker: int) -> list[int | None]:
        start.wait()
        learner = learners[worker % len(learners)]
        return [hands.keep(learner, hand).id for hand in made]

    with ThreadPoolExecutor(max_workers=THREADS) as pool:
        ids = list(pool.map(play, range(THREADS)))
    for worker, found in enumerate(ids):  # every tap of one learner got the one row stored
        assert found == ids[worker % len(learners)]
    with store.engine.connect() as connection:
        assert connection.scalar(select(func.count()).select_from(PlayHand)) == len(learners) * DEALS
    assert [h.deal for h in hands.history(learners[0])] == list(range(1, DEALS + 1))


def test_pages_are_newest_first(store: ClassroomStore) -> None:
    hands = PlayHands(store)
    learner = Practice(store).create_profile("Lan").info.id
    start = datetime(2026, 12, 1, tzinfo=UTC)
    for n in range(1, 6):
        hands.keep(learner, played_hand(n), now=start + timedelta(minutes=n))
    assert [h.deal for h in hands.page(learner, 0, 2)] == [5, 4]
    assert [h.deal for h in hands.page(learner, 2, 2)] == [3, 2]
    assert [h.deal for h in hands.page(learner, 4, 2)] == [1]
    assert hands.count(learner) == 5


def test_a_missed_hand_comes_back_as_set_it_yourself_of_the_same_cards(store: ClassroomStore) -> None:
    practice = Practice(store)
    hands = PlayHands(store, practice)
    learner = practice.create_profile("Lan").info.id
    missed, close = played_hand(1, gap=0.9, stderr=0.1), played_hand(2, gap=0.55, stderr=0.1)  # inaccuracy, good
    assert missed.error and not close.error
    hands.keep(learner, missed)
    hands.keep(learner, close)
    hands.keep(learner, missed)  # stored again: still one review
    due = practice.due(learner, now=datetime.now(UTC) + timedelta(hours=1))
    assert len(due) == 1
    ref = due[0].ref
    # at the learner's own level (a new one: intermediate), never an expert's question shown to a beginner
    assert (ref.kind, ref.level, ref.rule_set_id) == (Kind.ARRANGE, level_for(practice.rating(learner)), "chi-at")
    assert ref.level is Level.INTERMEDIATE
    assert played_cards(ref.seed) == missed.cards
    assert ref == review_ref(missed, ref.level)
    question = make_from_ref(ref)
    assert question.cards == missed.cards  # type: ignore[union-attr]


def test_house_rules_are_kept_as_they_were(store: ClassroomStore) -> None:
    hands = PlayHands(store)
    learner = Practice(store).create_profile("Lan").info.id
    house = edit(load_rule_set("chi-at"), {"foul.penalty": 6}, rule_set_id="nha-lan")
    kept = hands.keep(learner, played_hand(1, table=Table(house, 9, BOTS)))
    assert kept.house_toml == dump_rule_set(house)
    assert kept.rule_set.id == "nha-lan" and kept.rules_key.startswith("nha-lan~")
    with store.engine.connect() as connection:
        assert connection.scalar(select(func.count()).select_from(Review)) == 1
    ref = review_ref(kept)
    assert ref is not None and ref.house is not None and ref.key.startswith(kept.rules_key + ":")


def test_a_removed_or_unknown_learner_cannot_store(store: ClassroomStore) -> None:
    hands = PlayHands(store)
    with pytest.raises(ClassroomError):
        hands.keep("nobody", played_hand(1))


def test_error_is_a_gap_below_good_on_the_one_scale_and_the_summary_adds_up() -> None:
    # below "good" (0.60 chi) and beyond the noise (2 standard errors of 0) is an error
    assert is_error(0.61, 0.1) and not is_error(0.60, 0.1) and not is_error(1.2, 0.6) and not is_error(0.05, 0.0)
    made = [played_hand(1, gap=0.9, stderr=0.1), played_hand(2, gap=0.1, stderr=0.1), played_hand(3, gap=-0.02, stderr=0.05),
            played_hand(4, gap=1.6, stderr=0.1)]
    total = summarise(made, top=2)
    assert total.hands == 4 and total.errors == 2 and total.error_rate == 0.5
    assert total.lost == pytest.approx(0.9 + 0.1 - 0.02 + 1.6)
    assert total.won == sum(h.totals[0] for h in made)
    assert [h.deal for h in total.costliest] == [4, 1]
