"""User-made names are shown as text (issue 22, item 8, AppTest): a house rule set named with a Markdown link
and image, whose chi are named with <style>, <a>, <iframe> and <form>, and a class, an assignment and a learner
named the same way, on Drill ("set it yourself" and the other kinds), Learn, Sandbox and a class's join,
learner and teacher pages. The Markdown and HTML the app emits (every element's text, widget labels, options
drawn as Markdown, st.table cells, tabs and expanders) hold none of it live.

What the browser draws from the same link is checked in tests/e2e/test_hostile_names.py.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from streamlit.testing.v1 import AppTest
from streamlit.testing.v1.element_tree import Dataframe, Node, Selectbox

from background.grading import Grader
from classroom.service import ClassroomStore
from maubinh.drills import DrillSet, Kind, Lesson, Level, make_question
from maubinh.house import edit, link_token
from maubinh.rules import load_rule_set
from tests.app.arrange import arranger_data
from tests.app.conftest import ROOT, open_page
from tests.app.test_drill_page import answer
from tests.app.test_sandbox_gains import wait_for_gains
from tests.app.test_sandbox_house import _page
from ui.escape import md_text

NAME = "[Log in again](https://evil.example) ![](https://evil.example/p.png)"
CHI_VI = ("<style>*{visibility:hidden}</style>", "<a href=//evil.example>Log in</a>", "<form action=//evil.example>")
CHI_EN = ("<iframe src=//evil.example>", "<a href=//evil.example>Log in</a>", "<style>*{visibility:hidden}</style>")
COMPONENT = "maubinh_arrange"
COMPONENT_JS = (ROOT / "ui" / "arrange" / "component.js").read_text(encoding="utf-8")
HOUSE = edit(load_rule_set("chi-at"), {"positions": tuple(zip(CHI_VI, CHI_EN))}, rule_set_id="nha-la",
             names={"vi": NAME, "en": NAME})
TOKEN = link_token(HOUSE)
LIVE = re.compile(r"(?<!\\)<style>\*\{visibility|(?<!\\)<a href=//evil|(?<!\\)<iframe|(?<!\\)<form"
                  r"|(?<!\\)\]\(https:|(?<!\\)!\[\]\(|https://evil")
"""What must never reach the page unescaped: a tag not escaped for Markdown (``\\<``) or HTML (``&lt;``), a
Markdown link or image, a URL that Markdown would link by itself (an escaped form breaks every one)."""


def _nodes(node: Node) -> Iterator[Node]:
    yield node
    for child in getattr(node, "children", {}).values():
        yield from _nodes(child)


def _emitted(at: AppTest) -> list[str]:
    """Every text the page sends that Streamlit draws as Markdown or HTML: each element's and block's
    protobuf as text (bodies, labels, help, tab and expander labels, radio and pills options), plus
    st.table cells. Selectbox and multiselect options and st.dataframe cells are drawn as plain text, and so is
    the arranging component's data (its JS writes every word with textContent: checked in
    test_set_it_yourself_under_a_hostile_house_link and, in a browser, tests/e2e/test_hostile_names.py)."""
    texts = []
    for node in _nodes(at._tree):
        proto = getattr(node, "proto", None)
        if proto is None or isinstance(node, Dataframe) or getattr(proto, "component_name", "") == COMPONENT:
            continue
        if isinstance(node, Selectbox) or type(node).__name__ in ("Multiselect", "TextInput", "TextArea", "Code"):
            texts.append(f"{getattr(proto, 'label', '')} {getattr(proto, 'help', '')}")
            continue
        texts.append(str(proto).encode().decode("unicode_escape", errors="ignore"))
    for table in at.table:
        frame = table.value
        texts.extend(str(column) for column in frame.columns)
        texts.extend(str(cell) for cell in frame.to_numpy().ravel())
    return texts


def assert_nothing_live(at: AppTest) -> None:
    assert not at.exception, at.exception
    found = [text[max(0, hit.start() - 60): hit.end() + 60] for text in _emitted(at) for hit in LIVE.finditer(text)]
    assert not found, found


def test_the_payload_is_caught_when_it_is_not_escaped() -> None:
    """The check can fail: the raw names are found in a page that shows them as they are."""
    script = f"import streamlit as st\nst.markdown({NAME!r})\nst.button({CHI_VI[1]!r})\nst.table([{{'x': {CHI_VI[0]!r}}}])"
    at = AppTest.from_string(script).run()
    with pytest.raises(AssertionError):
        assert_nothing_live(at)


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_set_it_yourself_under_a_hostile_house_link(lang: str) -> None:
    at = open_page("drill", kinds="arrange", level="beginner", rules=HOUSE.id, house=TOKEN, seed="4", n="1", lang=lang)
    assert at.session_state["drill_state"].drill_set.rule_set_id == HOUSE.id
    assert_nothing_live(at)
    # The arranging component gets the names as they are and writes them as text (textContent), never as HTML.
    names = arranger_data(at, "drill_arrange_0")["labels"]["positions"]
    assert tuple(names.values()) == (CHI_VI if lang == "vi" else CHI_EN)
    assert "innerHTML" not in COMPONENT_JS and "insertAdjacentHTML" not in COMPONENT_JS


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_every_kind_answered_under_hostile_house_rules_through_a_class(db: ClassroomStore, lang: str) -> None:
    """Each kind's question and feedback, and the set's summary, under the house rules of a class."""
    created = db.create_class(NAME, lang, HOUSE)
    kinds = (Kind.ARRANGE, Kind.FOUL, Kind.CHI, Kind.SETTLE, Kind.NATURAL, Kind.BETTER, Kind.DECLARE)
    drill_set = DrillSet(kinds, Level.BEGINNER, HOUSE.id, seed=5, count=len(kinds), house=HOUSE)
    assignment = db.assign(created.info.id, "Bài 1", drill_set)
    Grader(db).grade(assignment).result(timeout=600)
    me = str(db.join(created.info.id, "Lan").token)
    at = open_page("drill", me=me, assignment=str(assignment.id), lang=lang)
    for index in range(drill_set.count):
        assert_nothing_live(at)
        answer(at, make_question(drill_set, index), index, right=index % 2 == 0)
        assert_nothing_live(at)
        at.button(key="drill_finish" if index == drill_set.count - 1 else "drill_next").click().run()
    assert_nothing_live(at)


@pytest.mark.parametrize("step", [lesson.value for lesson in Lesson])
def test_every_learn_step_under_a_hostile_house_link(step: str) -> None:
    at = open_page("learn", rules=HOUSE.id, house=TOKEN, lang="vi" if step < "f" else "en", step=step)
    assert_nothing_live(at)


def test_the_sandbox_under_a_hostile_house_link() -> None:
    at = open_page("sandbox", house=TOKEN, seed="7", lang="en")
    assert HOUSE.id in at.multiselect(key="sandbox_compare").value
    assert_nothing_live(at)
    at.button(key="sandbox_solve_all").click().run()
    assert_nothing_live(at)
    for view in ("House rules", "Simulation"):
        other = _page(view, house=TOKEN, seed="7", lang="en")
        assert_nothing_live(other)
    editor = _page("House rules", house=TOKEN, lang="en")
    editor.button(key="sandbox_house_edit_nha-la").click().run()  # the hostile names go into the editor
    assert_nothing_live(editor)


def test_a_class_with_hostile_names_on_its_join_learner_teacher_and_assignment_pages(db: ClassroomStore) -> None:
    created = db.create_class(NAME, "en", HOUSE)
    drill_set = DrillSet((Kind.FOUL, Kind.ARRANGE), Level.BEGINNER, HOUSE.id, seed=3, count=2, house=HOUSE)
    assignment = db.assign(created.info.id, "<a href=//evil.example>Log in</a> ![](https://evil.example/p.png)",
                           drill_set)
    Grader(db).grade(assignment).result(timeout=300)
    learner = db.join(created.info.id, CHI_VI[1])
    me = str(learner.token)
    assert_nothing_live(open_page("classes", join=created.info.join_code, lang="en"))
    assert_nothing_live(open_page("classes", me=me, lang="en"))
    teacher = open_page("classes", teacher=str(created.teacher_token), lang="en")
    assert_nothing_live(teacher)
    drill = open_page("drill", me=me, assignment=str(assignment.id), lang="en")
    assert_nothing_live(drill)
    first = make_question(drill_set, 0)
    answer(drill, first, 0, right=True)
    assert_nothing_live(drill)
    assert_nothing_live(open_page("classes", teacher=str(created.teacher_token), lang="en"))
    assert_nothing_live(open_page("progress", me=me, lang="en"))


def test_many_deals_tables_under_a_hostile_house_link() -> None:
    """Many deals' summary, chi sources and who-gains tables are st.table (Markdown, issue 20 item 7): the
    house rule set's name is escaped in their cells and headers."""
    at = _page("Many deals", house=TOKEN, seed="7", lang="en")
    at.number_input(key="sandbox_sim_deals").set_value(4)
    at.radio(key="sandbox_sim_seats").set_value(2).run()
    at.button(key="sandbox_sim_run").click().run()
    wait_for_gains(at)
    shown = md_text(NAME)
    summary = next(t.value for t in at.table if "Swing" in t.value.columns)
    assert shown in list(summary["Rule set"])
    assert any(shown in list(t.value.columns) for t in at.table)  # a column per rule set (sources or gains)
    assert_nothing_live(at)
