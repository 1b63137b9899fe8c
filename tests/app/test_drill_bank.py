"""AppTest of the Drill page and the question bank (issue 23): new sets are dealt from it (``?bank=``), a bank link
gives everyone the same questions, a broken one is warned about, and links with a seed keep their questions."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from maubinh.drills import DrillSet, Kind

from .conftest import open_page


def _set(at: AppTest) -> DrillSet:
    drill_set = at.session_state["drill_state"].drill_set
    assert isinstance(drill_set, DrillSet)
    return drill_set


def _param(at: AppTest, name: str) -> str | None:
    value = at.query_params.get(name)
    return value[0] if isinstance(value, list) else value


def test_a_new_set_is_dealt_from_the_bank_and_its_link_gives_the_same_questions() -> None:
    at = open_page("drill", kinds="chi,foul", level="beginner", n="4", lang="en")
    assert not at.exception
    dealt = _set(at)
    assert len(dealt.picks) == 4 and _param(at, "bank") == ".".join(map(str, dealt.picks))
    again = open_page("drill", **{name: value for name, value in dealt.params().items()})
    assert not again.exception and not again.warning
    assert _set(again) == dealt and _set(again).ref(1).key == dealt.ref(1).key


def test_a_broken_bank_value_is_named_and_a_new_set_dealt() -> None:
    at = open_page("drill", kinds="chi", level="beginner", seed="5", n="3", bank="1.x.3", lang="en")
    assert not at.exception
    assert any("x.3" in w.value and "cannot be read" in w.value for w in at.warning), [w.value for w in at.warning]
    assert len(_set(at).picks) == 3


def test_a_link_with_a_seed_from_before_the_bank_keeps_its_questions() -> None:
    at = open_page("drill", kinds="chi", level="beginner", seed="5", n="3")
    assert not at.exception and not at.warning
    drill_set = _set(at)
    assert drill_set.picks == () and _param(at, "bank") is None
    assert drill_set.ref(2).key == "chi-at:beginner:chi:5002" and drill_set.kinds == (Kind.CHI,)
