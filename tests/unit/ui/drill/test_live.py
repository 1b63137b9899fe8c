"""The Drill's side of a live class (ui.drill.live) and the shared distribution (ui.live): the one-sentence reason
of each kind in both languages, and how a class's answers are counted, every choice listed, the key marked."""

from __future__ import annotations

from datetime import UTC, datetime

from classroom.live import LiveAnswerRow
from classroom.snapshot import choice_codes, record
from maubinh.drills import DrillSet, Kind, Level, make_question
from maubinh.rules import load_rule_set
from ui.drill.live import reason_text
from ui.live import Share, distribution

RULES = load_rule_set("chi-at")
SET = DrillSet((Kind.CHI, Kind.FOUL, Kind.SETTLE), Level.BEGINNER, "chi-at", seed=11, count=3)


def _row(code: str, learner: str) -> LiveAnswerRow:
    return LiveAnswerRow(1, learner, 0, code, False, None, 3.0, datetime(2026, 12, 5, tzinfo=UTC))


def test_the_reason_is_the_rule_that_decided_in_the_pages_language() -> None:
    chi, foul, settle = (make_question(SET, n) for n in range(3))
    # hand-checked: hand A holds a straight flush, hand B a straight (seed 11, question 0)
    assert reason_text(chi, RULES, "en") == ("Hand A is stronger on category: Thùng phá sảnh (straight flush) ranks "
                                             "above Sảnh (straight).")
    assert reason_text(chi, RULES, "vi") == "Tay A mạnh hơn vì khác loại bài: Thùng phá sảnh đứng trên Sảnh."
    # the middle (a straight flush) beats the back (a pair): the pair that breaks the order decides
    assert record(foul)["key"] == "back_middle"
    assert reason_text(foul, RULES, "vi") == "Chi 2 mạnh hơn vì khác loại bài: Thùng phá sảnh đứng trên Đôi."
    assert settle.key == -1 and "1" in reason_text(settle, RULES, "en") and reason_text(settle, RULES, "en") != "−1"


def test_the_distribution_lists_every_choice_in_order_with_the_key_marked() -> None:
    chi = make_question(SET, 0)
    assert choice_codes(chi) == ["a", "b", "tie"] and record(chi)["key"] == "a"
    shares = distribution(chi, [_row("b", "l1"), _row("a", "l2"), _row("b", "l3")], RULES, "en")
    assert shares == [Share("Hand A is stronger", 1, True), Share("Hand B is stronger", 2, False),
                      Share("Equal (a tie)", 0, False)]
    settle = make_question(SET, 2)  # a typed number: the key first, then the answers given, most given first
    shares = distribution(settle, [_row("3", "l1"), _row("2", "l2"), _row("3", "l3")], RULES, "en")
    assert [(s.count, s.key) for s in shares] == [(0, True), (2, False), (1, False)]
    assert shares[1].label == "+3"
