"""Form values survive other tabs, other pages and Back (issue 22 item 6, issue 20 item 1): ui.keep.

Each case fails without the mechanism: the Sandbox's house-rules tab raised KeyError on its second visit,
the Drill's set editor came back empty (kinds none, count 1, seed 0). The teacher's assignment form uses the
same fields (ui.set_form) and keeps them the same way: kinds, level, count, seed and title survive the
projector view, another page and Back (it came back blank, and a 1-question assignment was made from it)."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from background.grading import Grader
from classroom.service import ClassroomStore
from maubinh.drills import DrillSet, Kind, Level
from maubinh.rules import load_rule_set
from tests.app.arrange import arranger_keys

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT_S = 90


def _ok(at: AppTest) -> None:
    assert not at.exception, [e.message for e in at.exception]


def _sandbox(lang: str) -> AppTest:
    at = AppTest.from_file(str(ROOT / "pages" / "sandbox.py"), default_timeout=TIMEOUT_S)
    at.query_params["lang"] = lang
    at.run()
    _ok(at)
    return at


def _view(at: AppTest, label: str) -> None:
    at.session_state["sandbox_view"] = label
    at.run()
    _ok(at)


def test_the_house_rules_tab_keeps_its_values_when_another_tab_was_open() -> None:
    for lang, labels in (("en", ("House rules", "The table", "Many deals")),
                         ("vi", ("Luật nhà", "Bàn chơi", "Nhiều ván"))):
        at = _sandbox(lang)
        _view(at, labels[0])
        at.number_input(key="sandbox_house_foul").set_value(7).run()
        at.text_input(key="sandbox_house_name").input("Nhà Lan").run()
        _ok(at)
        for other in labels[1:]:
            _view(at, other)
            _view(at, labels[0])  # KeyError 'sandbox_house_positions' before (issue 20, item 1)
            assert at.number_input(key="sandbox_house_foul").value == 7
            assert at.text_input(key="sandbox_house_name").value == "Nhà Lan"


def test_the_drill_set_editor_keeps_its_fields_across_pages() -> None:
    at = AppTest.from_file(str(ROOT / "pages" / "drill.py"), default_timeout=TIMEOUT_S)
    at.query_params["lang"] = "en"
    at.query_params["seed"] = "4321"
    at.query_params["n"] = "7"
    at.run()
    at.session_state["drill_set_box"] = True  # the set panel open
    at.run()
    _ok(at)
    before = (at.multiselect(key="drill_form_kinds").value, at.number_input(key="drill_form_n").value,
              at.number_input(key="drill_form_seed").value)
    assert before[0] and before[1:] == (7, 4321)
    at.switch_page("sandbox.py").run()
    _ok(at)
    at.switch_page("drill.py").run()  # Back: the fields came back empty (kinds [], count 1, seed 0)
    at.session_state["drill_set_box"] = True
    at.run()
    _ok(at)
    after = (at.multiselect(key="drill_form_kinds").value, at.number_input(key="drill_form_n").value,
             at.number_input(key="drill_form_seed").value)
    assert after == before



def test_the_sandbox_keeps_a_seats_way_in_when_another_tab_was_open() -> None:
    """Issue 19: a seat moving its cards in the arranging component is still moving them after the house-rules
    tab (its arrangement in progress is the browser's: tests/e2e/test_arrange.py)."""
    at = _sandbox("en")
    at.button_group(key="sandbox_mode0").set_value("move").run()
    _ok(at)
    _view(at, "House rules")
    _view(at, "The table")
    assert at.button_group(key="sandbox_mode0").value == "move"
    assert any(key == "sandbox_arrange0" for key in arranger_keys(at))


def test_the_play_timer_is_kept_across_pages() -> None:
    at = AppTest.from_file(str(ROOT / "pages" / "play.py"), default_timeout=120)
    at.query_params.update({"lang": "en", "seed": "7", "bots": "solver", "rules": "chi-at"})
    at.run()
    at.segmented_control(key="play_timer").set_value(90).run()
    _ok(at)
    at.switch_page("sandbox.py").run()
    _ok(at)
    at.switch_page("play.py").run()
    _ok(at)
    assert at.segmented_control(key="play_timer").value == 90
def test_the_teachers_assignment_form_keeps_its_values_across_the_projector_other_pages_and_back(
    db: ClassroomStore,
) -> None:
    """Issue 22, item 6: the form came back blank after Back (kinds empty, count 1, seed 0) and a 1-question
    assignment was made from it. Kinds, count, seed, level and title survive the projector view (the form
    not drawn), another page and coming back; the assignment made afterwards has them."""
    created = db.create_class("Lớp 6", "vi", load_rule_set("chi-at"))
    first = db.assign(created.info.id, "Bài 1", DrillSet((Kind.CHI,), Level.BEGINNER, "chi-at", seed=17, count=1))
    Grader(db).grade(first).result(timeout=300)  # an assignment on the board: its projector view can be opened
    at = AppTest.from_file(str(ROOT / "pages" / "classes.py"), default_timeout=TIMEOUT_S)
    at.query_params["teacher"] = str(created.teacher_token)
    at.query_params["lang"] = "en"
    at.run()
    _ok(at)
    chosen = ([Kind.CHI, Kind.FOUL], Level.EXPERT, 7, 4321, "Bài 6")
    at.multiselect(key="classes_assign_kinds").set_value(chosen[0])
    at.session_state["classes_assign_level"] = chosen[1]
    at.number_input(key="classes_assign_n").set_value(chosen[2])
    at.number_input(key="classes_assign_seed").set_value(chosen[3])
    at.text_input(key="classes_assign_title").input(chosen[4])
    at.run()
    _ok(at)
    assert _assign_form(at) == chosen
    at.switch_page("drill.py").run()  # another page, then Back (the browser brings the link back)
    _ok(at)
    at.switch_page("classes.py")
    at.query_params["teacher"] = str(created.teacher_token)
    at.query_params["lang"] = "en"
    at.run()
    _ok(at)
    assert _assign_form(at) == chosen
    at.button(key="classes_assign_submit").click().run()
    _ok(at)
    (assignment,) = [a for a in db.assignments(created.info.id) if a.id != first.id]
    made = assignment.drill_set
    assert (list(made.kinds), made.level, made.count, made.seed, assignment.title) == chosen


def _assign_form(at: AppTest) -> tuple[list[Kind], Level, int, int, str]:
    return (list(at.multiselect(key="classes_assign_kinds").value), at.session_state["classes_assign_level"],
            int(at.number_input(key="classes_assign_n").value), int(at.number_input(key="classes_assign_seed").value),
            at.text_input(key="classes_assign_title").value)
