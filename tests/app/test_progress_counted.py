"""Ten Play hands count on the Progress page (issue 36, "Counted"; AppTest, both languages): the streak is one
day, today's goal shows 10 of 5, the rating moved from 1500, and the headline's chi lost per decision and share
right are the hands'; a hand Xếp bài made is in none of them."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from classroom.play_hands import PlayHands
from classroom.practice import Practice
from classroom.service import ClassroomStore
from maubinh.play import Origin
from tests.app.conftest import open_page
from tests.unit.classroom.conftest import played_hand
from ui.i18n import translate, translate_plural
from ui.labels import number


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_ten_play_hands_move_the_streak_the_goal_the_rating_and_the_headline(db: ClassroomStore, lang: str) -> None:
    practice = Practice(db)
    made = practice.create_profile("Lan")
    hands = PlayHands(db, practice)
    now = datetime.now(UTC)
    for n in range(1, 11):  # hands 1, 4, 7, 10 are errors (0.9 ± 0.1 chi: inaccuracies)
        gap = 0.9 if n % 3 == 1 else 0.02
        hands.keep(made.info.id, played_hand(n, gap=gap, stderr=0.1, spread=0.45), now=now - timedelta(seconds=20 - n))
    hands.keep(made.info.id, replace(played_hand(11, gap=3.0, stderr=0.1, spread=0.45), origin=Origin.XEP_BAI),
               now=now - timedelta(seconds=5))
    at = open_page("progress", me=str(made.token), lang=lang)
    assert not at.exception, [e.message for e in at.exception]
    metrics = {m.label: m.value for m in at.metric}
    assert metrics[translate("habit.streak", lang)] == translate_plural("habit.days", 1, lang)
    assert metrics[translate("habit.today", lang)] == "10/5"
    rating = practice.rating(made.info.id).value
    assert metrics[translate("progress.metric.rating", lang)] == f"{rating:.0f}" != "1500"
    assert metrics[translate("progress.metric.error", lang)] == number((4 * 0.9 + 6 * 0.02) / 10, lang)
    assert metrics[translate("progress.metric.right", lang)] == "6/10"
    assert metrics[translate("playhist.progress.hands", lang)] == "11"  # Xếp bài's is listed, not counted
