"""ui.links and ui.classes.words: links next to the page's own address, answers in words."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from classroom.service import AssignmentInfo
from maubinh.drills import DrillSet, Kind, Level, make_question
from maubinh.rules import load_rule_set
from ui.classes.table_common import split_header
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
    assert state_key(_assignment(), NOW, archived=True) == "classes.state.closed"  # an archived class takes none
    assert state_key(_assignment(graded=1), NOW, archived=True) == "classes.state.grading"


def test_times_and_shares() -> None:
    assert moment(NOW, UTC, "vi") == "01/12 12:00" and moment(None, UTC, "en") == "—"
    assert share(2, 3, "en") == "2/3 (67%)" and share(0, 0, "vi") == "—"


@pytest.mark.parametrize(("rule_set_id", "lang", "header"), [
    ("chi-at", "vi", "Cách xếp (Chi 1 | Chi 2 | Chi 3)"),
    ("tinh-chi", "vi", "Cách xếp (Chi cuối | Chi giữa | Chi đầu)"),
    ("luckywin", "vi", "Cách xếp (Chi đầu | Chi giữa | Chi cuối)"),  # its back is "chi đầu": tinh-chi's front
    ("chi-at", "en", "Split (Chi 1 (back) | Chi 2 (middle) | Chi 3 (front))"),
])
def test_a_column_of_splits_names_the_chi_as_the_rule_set_does(rule_set_id: str, lang: str, header: str) -> None:
    """The table boards' heading said tinh-chi's "chi cuối | chi giữa | chi đầu" under every rule set (issue 35)."""
    assert split_header(load_rule_set(rule_set_id), lang) == header
