"""The end of a set's summary shows the right answer of the questions answered only (a closed assignment's summary
showed every key, and the teacher could open it again: found by a hostile-input run)."""

from __future__ import annotations

from maubinh.drills import DrillSet, Kind, Level, make_question
from maubinh.drills.answers import best_answer
from maubinh.rules import load_rule_set
from ui.drill.progress import summary_frame
from ui.drill.state import Answer, SetState
from ui.i18n import translate
from ui.questions import key_text


def test_an_unanswered_questions_answer_stays_hidden() -> None:
    drill_set = DrillSet((Kind.CHI,), Level.BEGINNER, "chi-at", seed=11, count=3)
    rule_set = load_rule_set("chi-at")
    state = SetState(drill_set)
    first = make_question(drill_set, 0)
    state.answers[0] = Answer(0, Kind.CHI, best_answer(first), True, 3.0, None)
    frame = summary_frame(state, lambda i: make_question(drill_set, i), rule_set, "vi")
    keys = list(frame[translate("drill.csv.key", "vi")])
    hidden = translate("drill.csv.key_hidden", "vi")
    assert keys[0] == key_text(first, rule_set, "vi") != hidden
    assert keys[1:] == [hidden, hidden]
    assert all(key_text(make_question(drill_set, i), rule_set, "vi") not in frame.to_csv() for i in (1, 2)
               if key_text(make_question(drill_set, i), rule_set, "vi") != keys[0])
