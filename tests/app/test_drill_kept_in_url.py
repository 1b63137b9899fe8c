"""AppTest: a free drill set's answers survive a reload through the URL (issue 20, item 3), and a crafted
``?ans=`` can neither break the page nor claim a right answer."""

from __future__ import annotations

from maubinh.drills import DrillSet, Kind, Level, make_question
from maubinh.drills.answers import answer_code
from tests.app.test_drill_page import answer, current, drill
from ui.drill.kept import MAX_LENGTH, set_digest

SET = DrillSet((Kind.CHI, Kind.FOUL), Level.BEGINNER, "chi-at", seed=12, count=4)


def _value(at) -> str:  # type: ignore[no-untyped-def]
    value = at.query_params["ans"]
    return value[0] if isinstance(value, list) else value


def test_a_reload_keeps_the_answers_and_goes_on_where_it_was() -> None:
    at = drill(lang="en", **SET.params())
    assert "ans" not in at.query_params  # nothing answered, nothing kept
    for number, right in enumerate((True, False)):
        _, _, q = current(at)
        answer(at, q, number, right)
        at.button(key="drill_next").click().run()
    kept = _value(at)
    assert kept.startswith(set_digest(SET) + ".0:") and ",1:" in kept
    again = drill(lang="en", ans=kept, **SET.params())  # the reload: a new session, the same address
    assert not again.exception and not again.warning
    state = again.session_state["drill_state"]
    assert {i: a.correct for i, a in state.answers.items()} == {0: True, 1: False}
    assert state.index == 2 and not state.finished
    assert _value(again) == kept


def test_another_set_does_not_take_the_answers() -> None:
    other = DrillSet(SET.kinds, SET.level, "chi-at", seed=13, count=4)
    q = make_question(SET, 0)
    at = drill(lang="en", ans=f"{set_digest(SET)}.0:3:{answer_code(q, q.key)}", **other.params())
    assert not at.exception and not at.session_state["drill_state"].answers
    assert "ans" not in at.query_params


def test_a_crafted_link_is_regraded_and_its_broken_parts_named() -> None:
    arrange = DrillSet((Kind.ARRANGE, Kind.CHI), Level.BEGINNER, "chi-at", seed=3, count=3)
    best = make_question(arrange, 0)
    chi = make_question(arrange, 1)
    wrong = next(c for c in chi.choices if c != chi.key)
    parts = [f"0:9999:{best.best}", f"1:4:{answer_code(chi, wrong)}", "2:1:maybe", "7:1:a", "0:2:A", "x:y"]
    at = drill(lang="vi", ans=f"{set_digest(arrange)}." + ",".join(parts), **arrange.params())
    assert not at.exception
    state = at.session_state["drill_state"]
    assert {i: a.correct for i, a in state.answers.items()} == {0: True, 1: False}  # graded here, not taken
    assert state.answers[0].result is not None and state.answers[0].seconds == 3600
    (warning,) = at.warning
    assert all(bad in warning.value.replace("\u2060", "") for bad in ("2:1:maybe", "7:1:a", "0:2:A", "x:y"))
    assert state.index == 2
    too_long = drill(lang="en", ans=f"{set_digest(SET)}." + "0:1:a," * (MAX_LENGTH // 6 + 1), **SET.params())
    assert not too_long.exception and not too_long.session_state["drill_state"].answers
    assert any(str(MAX_LENGTH) in w.value for w in too_long.warning)


def _made_for(drill_set: DrillSet) -> int:
    """Questions of ``drill_set`` this server has made or is making (the preparer of the AppTest's process)."""
    from ui.drill.prepare import preparer

    keys = preparer()._questions.keys()
    return sum(1 for drill_set_, _ in keys if drill_set_ == drill_set)


def test_a_crafted_link_on_a_new_set_costs_what_a_page_costs() -> None:
    # Issue 32, item 2: "?ans=<digest>.0:0:x,...,49:0:x" on a new seeded set of 50 made all 50 questions.
    from ui.drill.kept import RESTORE_MADE

    junk = DrillSet((Kind.CHI, Kind.FOUL), Level.BEGINNER, "chi-at", seed=424_242, count=50)
    at = drill(lang="en", ans=f"{set_digest(junk)}." + ",".join(f"{n}:0:x" for n in range(50)), **junk.params())
    assert not at.exception and not at.session_state["drill_state"].answers
    assert _made_for(junk) == 3  # the shown question and two ahead: no question made for a junk code
    assert "0:0:x" in at.warning[0].value.replace("\u2060", "")

    shaped = DrillSet((Kind.CHI, Kind.FOUL), Level.BEGINNER, "chi-at", seed=424_243, count=50)
    codes = {Kind.CHI: "a", Kind.FOUL: "legal"}  # the shape of an answer: made only a page at a time
    link = f"{set_digest(shaped)}." + ",".join(f"{n}:0:{codes[shaped.kind_at(n)]}" for n in range(50))
    at = drill(lang="vi", ans=link, **shaped.params())
    assert not at.exception
    state = at.session_state["drill_state"]
    assert len(state.answers) == RESTORE_MADE and _made_for(shaped) <= 2 * RESTORE_MADE + 1
    assert not state.finished and any("3/50" in c.value for c in at.caption)
    assert _value(at) == link  # the answers not graded yet stay in the link
    for _ in range(30):  # each later run grades those made meanwhile, makes at most RESTORE_MADE more and
        before = _made_for(shaped)  # asks for as many in the background
        at.run()
        state = at.session_state["drill_state"]
        assert _made_for(shaped) - before <= 2 * RESTORE_MADE
        if len(state.answers) == 50:
            break
    assert len(state.answers) == 50 and state.finished
    assert all(a.correct == (a.given == make_question(shaped, i).key) for i, a in state.answers.items() if i < 4)
