"""Form values survive other tabs, other pages and Back (issue 22 item 6, issue 20 item 1): ui.keep.

Each case fails without the mechanism: the Sandbox's house-rules tab raised KeyError on its second visit,
the Drill's set editor came back empty (kinds none, count 1, seed 0). The teacher's assignment form uses the
same fields (ui.set_form) and keeps them the same way."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

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

