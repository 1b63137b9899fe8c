"""AppTest of the Drill page where a kind cannot be asked (issue 24, item 8): "báo hay đánh?" at expert and
master under guide-2026 (its instant wins are too far above any hand played out for a close call).

A link asking for it gets a warning naming it and why, and the set without it; the set editor says why
under the kinds, and refuses to start a set holding it at that level (keeping the choice)."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from maubinh.drills import DEFAULT_KINDS, DrillSet, Kind, Level
from tests.app.test_drill_page import drill


def the_set(at: AppTest) -> DrillSet:
    drill_set = at.session_state["drill_state"].drill_set
    assert isinstance(drill_set, DrillSet)
    return drill_set


def test_a_link_asking_for_a_kind_the_rules_cannot_ask_leaves_it_out_and_says_why() -> None:
    at = drill(kinds="declare,chi", level="expert", rules="guide-2026", seed="4", n="2", lang="en")
    assert not at.exception
    [warning] = [w.value for w in at.warning]
    assert warning.startswith("Left out of this set, because these rules cannot ask it at this level:")
    assert "**Báo hay đánh? (declare or play it out?)** is not asked at Expert under these rules:" in warning
    assert "no hand is a close enough call" in warning
    drill_set = the_set(at)
    assert (drill_set.kinds, drill_set.level, drill_set.rule_set_id) == ((Kind.CHI,), Level.EXPERT, "guide-2026")
    assert at.query_params["kinds"] in (["chi"], "chi")  # the address bar is a working link again


def test_a_link_asking_only_for_it_falls_back_to_the_usual_kinds_in_vietnamese() -> None:
    at = drill(kinds="declare", level="master", rules="guide-2026", seed="4", n="2", lang="vi")
    assert not at.exception
    [warning] = [w.value for w in at.warning]
    assert "**Báo hay đánh?** không có ở mức Bậc thầy với luật này:" in warning
    assert "nên dùng các dạng thường dùng" in warning
    assert the_set(at).kinds == DEFAULT_KINDS


def test_the_same_kind_at_a_level_it_is_asked_at_is_dealt_without_a_word() -> None:
    at = drill(kinds="declare", level="intermediate", rules="guide-2026", seed="4", n="1", lang="en")
    assert not at.exception and not at.warning
    assert the_set(at).kinds == (Kind.DECLARE,)


def test_the_set_editor_says_why_and_refuses_the_kind_at_that_level() -> None:
    at = drill(kinds="chi", level="expert", rules="guide-2026", seed="4", n="2", lang="en")
    at.session_state["drill_set_box"] = True
    at.run()
    assert Kind.DECLARE in at.multiselect(key="drill_form_kinds").options or any(
        "declare" in str(o).lower() for o in at.multiselect(key="drill_form_kinds").options)
    assert any("**Báo hay đánh? (declare or play it out?)** is not asked at Expert, Master under these rules"
               in c.value for c in at.caption), [c.value for c in at.caption]
    at.multiselect(key="drill_form_kinds").set_value([Kind.CHI, Kind.DECLARE])
    at.button(key="FormSubmitter:drill_set_form-Start this set").click().run()
    assert not at.exception
    [error] = [e.value for e in at.error]
    assert error.startswith("Some kinds chosen cannot be asked at Expert under these rules")
    assert "**Báo hay đánh? (declare or play it out?)** is not asked at Expert under these rules" in error
    assert the_set(at).kinds == (Kind.CHI,)  # the set did not change
    assert at.multiselect(key="drill_form_kinds").value == [Kind.CHI, Kind.DECLARE]  # nothing chosen is lost


def test_under_a_source_that_asks_everything_the_editor_says_nothing_more() -> None:
    at = drill(kinds="chi", level="master", rules="chi-at", seed="4", n="2", lang="en")
    at.session_state["drill_set_box"] = True
    at.run()
    assert not any("is not asked" in c.value for c in at.caption)
    assert len(at.multiselect(key="drill_form_kinds").options) == 8
