"""Hostile and heavy input on the Sandbox (issue 13, AppTest): a saved file loads back in a fresh session,
big files and long links are refused with a message, thousands of problems are listed as a few, crafted
``?compare=`` values are read quickly, and the editor's inputs carry the engine's ranges."""

from __future__ import annotations

import time
from pathlib import Path

from streamlit.testing.v1 import AppTest

from maubinh.house import MAX_FILE_BYTES, MAX_LINK_CHARS, dump_rule_set, edit, link_token
from maubinh.rules import AMOUNT_RANGES, load_rule_set
from tests.app.test_sandbox_house import _ok, _page
from ui.problems import SHOWN_PROBLEMS
from ui.sandbox.model import MAX_CHI_TEXT

PAGE = Path(__file__).resolve().parents[2] / "pages" / "sandbox.py"
TIMEOUT_S = 60
NAMES = {"vi": "Nhà Tư", "en": "Nhà Tư"}
APPTEST_SESSION = "test session id"
"""The session id every AppTest runs under (the owner of its simulation runs)."""


def _upload(at: AppTest, name: str, data: bytes) -> None:
    at.get("file_uploader")[0].set_value((name, data, "application/toml"))
    at.run()
    _ok(at)


def test_a_saved_file_loads_in_a_fresh_session_and_is_compared_at_the_table() -> None:
    house = edit(load_rule_set("chi-at"), {"foul.penalty": 6}, rule_set_id="nha-tu", names=NAMES)
    at = _page("House rules", lang="en")
    _upload(at, "nha-tu.toml", dump_rule_set(house).encode())
    assert any("Opened “Nhà Tư” (id nha-tu)" in s.value for s in at.success)
    assert at.number_input(key="sandbox_house_foul").value == 6
    assert "nha-tu" in at.multiselect(key="sandbox_compare").value
    at.session_state["sandbox_view"] = "The table"
    at.run()
    _ok(at)
    assert "Nhà Tư" in at.table[0].value.columns


def test_a_big_file_is_refused_before_it_is_read() -> None:
    at = _page("Luật nhà", lang="vi")
    _upload(at, "big.toml", b"# " + b"x" * (MAX_FILE_BYTES + 10))
    [error] = [e.value.replace("\\", "") for e in at.error]
    assert "quá lớn" in error and "big.toml" in error
    assert not at.get("text_area")  # nothing was read into the text box


def test_thousands_of_problems_are_listed_as_a_few_and_counted() -> None:
    text = dump_rule_set(edit(load_rule_set("chi-at"), {}, rule_set_id="nha", names=NAMES))
    text = text.replace('id = "nha"', 'id = "nha"\n' + "".join(f"k{i} = {i}\n" for i in range(3000)))
    at = _page("House rules", lang="en")
    started = time.perf_counter()
    _upload(at, "many.toml", text.encode())
    assert time.perf_counter() - started < 20
    [error] = [e.value for e in at.error]
    lines = [line for line in error.splitlines() if line.startswith("- ")]
    assert len(lines) == SHOWN_PROBLEMS + 1
    assert lines[-1] == f"- … and {3000 - SHOWN_PROBLEMS} more."
    assert "3000" in error.replace(",", "")


def test_the_file_box_and_the_name_box_have_a_length_limit() -> None:
    at = _page("House rules", lang="en")
    _upload(at, "x.toml", b"id = = 1\n")
    assert at.text_area(key="sandbox_house_file_text").max_chars == MAX_FILE_BYTES
    assert at.text_input(key="sandbox_house_name").max_chars


def test_a_link_too_long_is_named_as_such() -> None:
    at = _page(None, lang="en", house="A" * (MAX_LINK_CHARS + 1))
    assert any("too long or damaged" in w.value for w in at.warning)
    assert "house" not in at.query_params


def test_many_house_links_are_read_up_to_a_limit() -> None:
    tokens = [link_token(edit(load_rule_set("chi-at"), {"foul.penalty": n}, rule_set_id=f"h{n}", names=NAMES))
              for n in range(1, 8)]
    at = AppTest.from_file(str(PAGE), default_timeout=TIMEOUT_S)
    at.query_params["lang"] = "en"
    at.query_params["house"] = tokens
    at.run()
    _ok(at)
    assert any("only the first 4 were read" in w.value for w in at.warning)
    assert len(at.query_params["house"]) == 4


def test_a_compare_link_with_thousands_of_copies_is_read_once_each() -> None:
    started = time.perf_counter()
    at = _page(None, lang="en", compare=",".join(["chi-at"] * 2000 + ["nope"] * 2000 + ["tinh-chi"]))
    assert time.perf_counter() - started < 20
    assert at.multiselect(key="sandbox_compare").value == ["chi-at", "tinh-chi"]
    assert any("nope" in w.value for w in at.warning)
    assert list(at.table[0].value.columns).count(load_rule_set("chi-at").name("en")) == 1


def test_the_editor_inputs_carry_the_engine_ranges() -> None:
    at = _page("House rules", lang="en")
    for key, limits in (("sandbox_house_foul", "foul.penalty"), ("sandbox_house_chi_win", "chi_win.value"),
                        ("sandbox_house_scoop1", "scoop.multipliers"), ("sandbox_house_sweep", "scoop.sweep_multiplier"),
                        ("sandbox_house_clash", "bonus_clash.multiplier")):
        box = at.number_input(key=key)
        assert (box.min, box.max) == AMOUNT_RANGES[limits], key
    low, high = AMOUNT_RANGES["foul.penalty"]
    assert f"From {low} to {high}." in at.number_input(key="sandbox_house_foul").help


# --------------------------------------------------------------------------- typed cards


def test_a_card_typed_many_times_is_one_problem_with_a_count() -> None:
    at = _page(None, lang="en")
    for position in ("back", "middle"):
        at.text_input(key=f"sandbox_seat0_{position}").set_value("")
    at.text_input(key="sandbox_seat0_front").set_value(" ".join(["Ac"] * 30)).run()
    _ok(at)
    [error] = [e.value for e in at.error]
    lines = [line for line in error.splitlines() if "typed twice" in line]
    assert len(lines) == 1 and "(29 times)" in lines[0], lines
    assert at.text_input(key="sandbox_seat0_front").max_chars == MAX_CHI_TEXT


def test_a_paste_past_the_box_limit_is_cut_by_the_box_and_its_repeats_folded() -> None:
    at = _page(None, lang="en")
    at.text_input(key="sandbox_seat0_back").set_value("As Kh " * 1_700_000).run()  # 10 MB
    _ok(at)
    assert len(at.text_input(key="sandbox_seat0_back").value) == MAX_CHI_TEXT
    [error] = [e.value for e in at.error]
    assert error.count("\n") <= 2 and "times)" in error


# --------------------------------------------------------------------------- many deals: the run queue


def _many(at: AppTest, deals: int) -> None:
    at.session_state["sandbox_view"] = "Many deals"
    at.run()
    at.number_input(key="sandbox_sim_deals").set_value(deals)
    at.radio(key="sandbox_sim_seats").set_value(2)
    at.button(key="sandbox_sim_run").click().run()
    _ok(at)


def _until(at: AppTest, condition, timeout_s: float = 60) -> None:
    deadline = time.monotonic() + timeout_s
    while not condition(at):
        assert time.monotonic() < deadline
        time.sleep(0.2)
        at.run()
        _ok(at)


def test_a_run_waits_its_turn_with_its_place_and_can_be_cancelled() -> None:
    from background.jobs import JobState
    from tests.unit.background.test_jobs import sleepy
    from ui.jobs import runner

    jobs = runner()
    others = [jobs.submit(f"another-session-{i}", sleepy, 60) for i in range(jobs.limit)]
    try:
        at = _page(None, lang="en")
        _many(at, 40)
        assert any("number 1 in the queue" in i.value for i in at.info), [i.value for i in at.info]
        mine = jobs.job(APPTEST_SESSION)
        assert mine is not None and mine.state is JobState.QUEUED
        at.button(key="sandbox_sim_cancel").click().run()
        _ok(at)
        assert mine.state is JobState.CANCELLED
        assert any("cancelled" in i.value for i in at.info)
        # Run again and let the others finish: the run starts and its result is shown.
        at.button(key="sandbox_sim_run").click().run()
        for other in others:
            other.cancel()
        _until(at, lambda a: any(c.value.startswith("40 deals") for c in a.caption))
        assert jobs.pids() == []
    finally:
        for other in others:
            other.cancel()


def test_a_new_run_cancels_the_sessions_earlier_run() -> None:
    from background.jobs import JobState
    from maubinh.strategy.simulate import MAX_DEALS
    from ui.jobs import runner

    at = _page(None, lang="en")
    _many(at, MAX_DEALS)
    first = runner().job(APPTEST_SESSION)
    assert first is not None and not first.state.finished
    at.number_input(key="sandbox_sim_deals").set_value(20)
    at.button(key="sandbox_sim_run").click().run()
    assert first.state is JobState.CANCELLED
    _until(at, lambda a: any(c.value.startswith("20 deals") for c in a.caption))
    assert at.number_input(key="sandbox_sim_deals").max == MAX_DEALS
