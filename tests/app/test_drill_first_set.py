"""The first Drill set of a newcomer (issue 36; AppTest): at "Mới học", in the lesson path's order, no instant-win
kind, and from the starter bank only questions whose lessons are reached: no ace-rule settling, no scoop deciding a
split, before those lessons."""

from __future__ import annotations

import pytest

from maubinh.drills import DrillSet, Kind, Level, make_from_ref
from maubinh.drills.path import facts, reached, suits

from .conftest import open_page


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_newcomers_first_set_follows_the_lesson_path(lang: str) -> None:
    at = open_page("drill", lang=lang)
    assert not at.exception, [e.message for e in at.exception]
    dealt = at.session_state["drill_state"].drill_set
    assert isinstance(dealt, DrillSet) and dealt.level is Level.BEGINNER
    assert dealt.kinds == (Kind.BETTER, Kind.ARRANGE, Kind.CHI, Kind.FOUL, Kind.SETTLE)
    assert len(dealt.picks) == dealt.count
    # the set panel's label says the kinds asked, 5 of 8, not the 6 the link's defaults would ask
    (panel,) = [e for e in at.expander if e.label.startswith(("Bộ #", "Set #"))]
    asked = "5/8 dạng" if lang == "vi" else "5 of 8 kinds"
    assert asked in panel.label and str(dealt.seed) in panel.label, panel.label
    nothing = reached(())
    for index in range(dealt.count):
        question = make_from_ref(dealt.ref(index))
        assert suits(facts(question), Level.BEGINNER, nothing), (index, question.kind, question.lesson)
