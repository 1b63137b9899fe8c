"""ui.links and ui.classes.words: links next to the page's own address, answers in words."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from classroom.service import AssignmentInfo
from maubinh.drills import DrillSet, Kind, Level, make_question
from maubinh.rules import load_rule_set
from ui.classes.words import answer_words, kind_words, moment, share, state_key
from ui.links import sibling

CHI_AT = load_rule_set("chi-at")
NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def test_links_keep_the_browser_s_host_and_escape_their_values() -> None:
    assert sibling("https://club.example/app/classes", "drill", {"me": "a.b c"}) == \
        "https://club.example/app/drill?me=a.b+c"


def test_answers_are_put_in_words_through_the_stored_question() -> None:
    q = make_question(DrillSet((Kind.FOUL,), Level.BEGINNER, "chi-at", seed=3, count=1), 0)
    assert answer_words(q, "legal", CHI_AT, "en") == "Legal"
    assert answer_words(q, "legal", CHI_AT, "vi") == "Hợp lệ"
    assert answer_words(None, "legal", CHI_AT, "en") == "legal"  # unreadable question: the code itself
    assert answer_words(q, "not-a-choice", CHI_AT, "en") == "not-a-choice"
    assert kind_words("foul", "en") != "foul" and kind_words("gone-kind", "en") == "gone-kind"


def _assignment(**changes: object) -> AssignmentInfo:
    from dataclasses import replace

    base = AssignmentInfo(1, "c", "t", DrillSet((Kind.CHI,), count=2), None, NOW, None, 2, None)
    return replace(base, **changes)  # type: ignore[arg-type]


def test_an_assignment_s_state() -> None:
    assert state_key(_assignment(), NOW) == "classes.state.open"
    assert state_key(_assignment(graded=1), NOW) == "classes.state.grading"
    assert state_key(_assignment(closed_at=NOW), NOW) == "classes.state.closed"
    assert state_key(_assignment(deadline=NOW - timedelta(minutes=1)), NOW) == "classes.state.past_deadline"
    assert state_key(_assignment(error="boom"), NOW) == "classes.state.failed"


def test_times_and_shares() -> None:
    assert moment(NOW, UTC, "vi") == "01/12 12:00" and moment(None, UTC, "en") == "—"
    assert share(2, 3, "en") == "2/3 (67%)" and share(0, 0, "vi") == "—"
