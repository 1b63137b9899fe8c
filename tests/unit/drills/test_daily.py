"""Today's question (issue 20, item 12): the same for everyone on a UTC day, a new kind each day."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

from maubinh.drills import make_question
from maubinh.drills.daily import (
    DAILY_KINDS,
    DAILY_LEVEL,
    DAILY_RULE_SET,
    daily_set,
    run_id,
    todays_question,
    utc_day,
)

DAY = date(2026, 12, 2)


def test_the_same_question_for_the_same_day_and_a_link_that_asks_it() -> None:
    ref = todays_question(DAY)
    assert ref == todays_question(date(2026, 12, 2))
    assert (ref.level, ref.rule_set_id, ref.house) == (DAILY_LEVEL, DAILY_RULE_SET, None)
    assert daily_set(DAY).ref(0) == ref and daily_set(DAY).count == 1
    assert make_question(daily_set(DAY), 0).kind is ref.kind


def test_kinds_rotate_day_by_day_and_seeds_differ() -> None:
    week = [todays_question(DAY + timedelta(days=n)) for n in range(len(DAILY_KINDS))]
    assert {ref.kind for ref in week} == set(DAILY_KINDS)  # every kind once in six days
    assert todays_question(DAY + timedelta(days=len(DAILY_KINDS))).kind is week[0].kind
    assert len({ref.seed for ref in week}) == len(week)
    # 2026-01-01 is day 0 of the rotation: its kind is the first
    assert todays_question(date(2026, 1, 1)).kind is DAILY_KINDS[0]
    assert todays_question(date(2025, 12, 31)).kind is DAILY_KINDS[-1]


def test_the_day_is_the_utc_date() -> None:
    # 06:59 on 3 Dec in Hà Nội is still 2 Dec in UTC; 07:00 is 3 Dec
    hanoi = timezone(timedelta(hours=7))
    assert utc_day(datetime(2026, 12, 3, 6, 59, tzinfo=hanoi)) == date(2026, 12, 2)
    assert utc_day(datetime(2026, 12, 3, 7, 0, tzinfo=hanoi)) == date(2026, 12, 3)
    assert utc_day(datetime(2026, 12, 3, 0, 0)) == date(2026, 12, 3)  # naive: UTC
    assert utc_day().isoformat() == datetime.now(UTC).date().isoformat()
    assert run_id(DAY) == "daily-2026-12-02"
