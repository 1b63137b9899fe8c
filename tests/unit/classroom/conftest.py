"""Helpers of the classroom tests (the ``store`` fixture, a fresh classroom on SQLite and on PostgreSQL, is in
tests/unit/conftest.py)."""

from __future__ import annotations

from types import SimpleNamespace

from sqlalchemy import Connection, text

from classroom.play_hands import PlayedHand
from maubinh.play import Strength, Table, bot_play, play_deal
from maubinh.rules import load_rule_set
from maubinh.strategy.arrangers import arrange_simple


def insert_old_class(connection: Connection) -> None:
    """A class ``c1`` with a learner ``l1``, written with SQL by hand: the columns every revision has, so the
    rows stand in a database migrated only to an older revision (today's models hold columns it lacks)."""
    connection.execute(text("INSERT INTO classes (id, name, language, rule_set_id, join_code, teacher_hash, "
                            "created_at) VALUES ('c1', 'A', 'vi', 'chi-at', 'J1', 'h', '2026-01-01')"))
    connection.execute(text("INSERT INTO learners (id, class_id, name, name_key, secret_hash, joined_at) "
                            "VALUES ('l1', 'c1', 'Lan', 'lan', 'h', '2026-01-01')"))


BIG_SEED = 2**62 + 12_345  # a 64-bit table seed
BOTS = (Strength.BEGINNER, Strength.BEGINNER)


def played_hand(number: int, gap: float = 0.9, stderr: float = 0.1, table: Table | None = None,
                spread: float | None = None) -> PlayedHand:
    """Deal ``number`` of a real table, the player setting strongest-first, with a given gap and spread (no
    sampling; by default 0.9 ± 0.1 chi: an inaccuracy on the one scale, an error)."""
    table = table or Table(load_rule_set("chi-at"), BIG_SEED, BOTS)
    cards = table.deal(number)[0]
    mine = arrange_simple(cards, table.rule_set)
    bots = [bot_play(table.deal(number)[s], table.bots[s - 1], table.rule_set, table.seats)
            for s in range(1, table.seats)]
    result = play_deal(table, number, mine, bots=bots)
    analysis = SimpleNamespace(best=mine, best_declare=False, mine=SimpleNamespace(mean=1.25 - gap),
                               best_breakdown=SimpleNamespace(mean=1.25), cost=gap, cost_stderr=stderr,
                               spread=spread)
    return PlayedHand.from_play(table, result, analysis, 42.5)  # type: ignore[arg-type]
