"""AppTest of what the end of a free drill set offers (issue 20, item 11): "review my mistakes now" (the
questions missed, at once, then back to the set) and "10 more" (the same kinds, level and rules, a new seed)."""

from __future__ import annotations

import pytest

from maubinh.drills import DrillSet, Kind, Level, QuestionList, make_question
from tests.app.test_drill_page import answer, current, drill

SET = DrillSet((Kind.CHI, Kind.FOUL), Level.BEGINNER, "chi-at", seed=8, count=4)


def _finish(lang: str, right: tuple[bool, ...]):  # type: ignore[no-untyped-def]
    at = drill(lang=lang, **SET.params())
    for number, correct in enumerate(right):
        _, index, q = current(at)
        assert index == number
        answer(at, q, number, correct)
        at.button(key="drill_finish" if number == len(right) - 1 else "drill_next").click().run()
    assert at.session_state["drill_state"].finished
    return at


@pytest.mark.parametrize(
    ("lang", "label"), [("vi", "Xem lại câu sai ngay (2)"), ("en", "Review my mistakes now (2)")]
)
def test_the_summary_reviews_the_mistakes_now_then_goes_back(lang: str, label: str) -> None:
    at = _finish(lang, (True, False, True, False))
    button = at.button(key="drill_mistakes")
    assert button.label == label
    button.click().run()
    assert not at.exception
    mistakes = at.session_state["drill_mistakes_list"]
    assert isinstance(mistakes.drill_set, QuestionList)
    assert mistakes.drill_set.refs == (SET.ref(1), SET.ref(3))  # the two missed, in order
    for number in range(2):
        q = mistakes.drill_set.ref(number)
        assert at.session_state["drill_mistakes_list"].index == number and q.kind is SET.kind_at(
            2 * number + 1
        )
        answer(at, make_question(SET, 2 * number + 1), number, True)
        at.button(key="drill_finish" if number == 1 else "drill_next").click().run()
    assert at.session_state["drill_mistakes_list"].finished
    assert not [b for b in at.button if b.key in ("drill_mistakes", "drill_new_set")]  # a list offers no more
    at.button(key="drill_mistakes_back").click().run()
    assert "drill_mistakes_list" not in at.session_state
    assert at.session_state["drill_state"].drill_set == SET and at.session_state["drill_state"].finished


@pytest.mark.parametrize(("lang", "label"), [("vi", "Thêm 10 câu"), ("en", "10 more questions")])
def test_ten_more_starts_ten_new_questions_of_the_same_set(lang: str, label: str) -> None:
    at = _finish(lang, (True, True, True, True))
    assert not [b for b in at.button if b.key == "drill_mistakes"]  # nothing missed: nothing to review
    more = at.button(key="drill_new_set")
    assert more.label == label
    more.click().run()
    assert not at.exception
    drill_set, index, _ = current(at)
    assert (drill_set.kinds, drill_set.level, drill_set.rule_set_id, drill_set.count) == (
        SET.kinds,
        SET.level,
        "chi-at",
        10,
    )
    assert drill_set.seed != SET.seed and index == 0 and not at.session_state["drill_state"].answers
