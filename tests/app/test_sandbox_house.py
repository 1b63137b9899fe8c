"""The house-rules editor (AppTest): change values, see the diff, use the rules in the session (compared at
the table, offered by every page's picker, carried by links), save them and load a file back, with every
wrong value of a bad file named and nothing typed lost; and the many-deals view."""

from __future__ import annotations

import time
from pathlib import Path

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from maubinh.house import dump_rule_set, edit, link_token, load_house_rules, values_of
from maubinh.rules import RULE_SET_IDS, load_rule_set
from maubinh.strategy.simulate import simulate

PAGE = Path(__file__).resolve().parents[2] / "pages" / "sandbox.py"
TIMEOUT_S = 60
NAMES = {"vi": "Nhà Tư", "en": "Nhà Tư"}


def _page(view: str | None = None, **query: str) -> AppTest:
    at = AppTest.from_file(str(PAGE), default_timeout=TIMEOUT_S)
    for name, value in query.items():
        at.query_params[name] = value
    at.run()
    _ok(at)
    if view is not None:
        _view(at, view)
    return at


def _view(at: AppTest, label: str) -> None:
    at.session_state["sandbox_view"] = label
    at.run()
    _ok(at)


def _ok(at: AppTest) -> None:
    assert not at.exception, [e.message for e in at.exception]


def _diff_table(at: AppTest) -> pd.DataFrame | None:
    for table in at.table:
        frame = table.value
        if "House rules" in frame.columns or "Luật nhà" in frame.columns:
            return frame
    return None


def test_the_editor_starts_from_the_first_source_with_nothing_changed() -> None:
    at = _page("House rules", lang="en")
    assert at.selectbox(key="sandbox_house_from").value == "chi-at"
    assert at.number_input(key="sandbox_house_foul").value == 3
    assert [at.number_input(key=f"sandbox_house_scoop{n}").value for n in (1, 2, 3)] == [2, 2, 2]
    assert at.radio(key="sandbox_house_wheel").value == "second"
    assert _diff_table(at) is None
    assert any(info.value.startswith("Nothing differs from") for info in at.info)
    bonus, naturals = (editor.value for editor in at.data_editor)
    assert len(bonus) == 14 and bonus["Pays (chi)"].tolist()[:2] == [10, 20]
    assert naturals["Instant win"].iloc[0].startswith("Rồng cuốn") and naturals["Pays (chi)"].iloc[0] == 78


def test_changing_values_shows_the_diff_and_keeping_them_settles_the_table_under_them() -> None:
    at = _page("House rules", lang="en", seed="7")
    at.text_input(key="sandbox_house_name").set_value("Nhà Tư")
    at.number_input(key="sandbox_house_foul").set_value(6)
    at.number_input(key="sandbox_house_scoop2").set_value(3)
    at.selectbox(key="sandbox_house_aces").set_value("none")
    at.radio(key="sandbox_house_wheel").set_value("lowest")
    at.run()
    _ok(at)
    diff = _diff_table(at)
    assert diff is not None
    assert diff.iloc[:, 0].tolist() == [
        "A-2-3-4-5 ranks",
        "Binh lủng (foul): chi paid to each player",
        "Scoop 1 / 2 / 3 players",
        "Ace rule",
    ]
    assert diff.iloc[1, 1:].tolist() == ["3 chi", "6 chi"]
    assert diff.iloc[2, 2] == "x2 / x3 / x2"
    assert any("Not in use in this session yet (id nha-tu)" in c.value for c in at.caption)

    at.button(key="sandbox_house_keep").click().run()
    _ok(at)
    assert any("“Nhà Tư” is in use" in s.value for s in at.success)
    assert at.multiselect(key="sandbox_compare").value == [*RULE_SET_IDS, "nha-tu"]
    carried = at.query_params.get("house")
    assert isinstance(carried, str) or (isinstance(carried, list) and len(carried) == 1)
    _view(at, "The table")
    frame = at.table[0].value
    assert "Nhà Tư" in frame.columns
    house = edit(load_rule_set("chi-at"), {"foul.penalty": 6, "scoop.multipliers": (2, 3, 2), "aces.rule": "none",
                                           "wheel.value": "lowest"}, rule_set_id="nha-tu", names=NAMES)
    from maubinh.arrangement import Arrangement
    from maubinh.settle import settle

    seats = [Arrangement.parse(*(at.text_input(key=f"sandbox_seat{s}_{p}").value for p in ("back", "middle", "front")))
             for s in range(2)]
    assert frame["Nhà Tư"].tolist() == list(settle(seats, house).totals)
    # The kept rule set is offered for Xếp bài too.
    assert "nha-tu" in at.selectbox(key="sandbox_solve_rules").options or any(
        "Nhà Tư" in option for option in at.selectbox(key="sandbox_solve_rules").options
    )


def test_saved_file_loads_back_the_same_rule_set_and_a_bad_file_names_every_wrong_value() -> None:
    at = _page("House rules", lang="en")
    at.text_input(key="sandbox_house_name").set_value("Nhà Tư")
    at.number_input(key="sandbox_house_foul").set_value(5)
    at.run()
    assert [button.label for button in at.download_button] == ["Download TOML file"]
    house = edit(load_rule_set("chi-at"), {"foul.penalty": 5}, rule_set_id="nha-tu", names=NAMES)
    text = dump_rule_set(house)
    assert load_house_rules(text) == house

    # A bad file: two wrong values, both named with their key; the editor keeps its values.
    bad = text.replace("penalty = 5", "penalty = -5").replace('rule = "pairwise"', 'rule = "sometimes"')
    fresh = _page("House rules", lang="en")
    fresh.number_input(key="sandbox_house_foul").set_value(4).run()
    fresh.get("file_uploader")[0].set_value(("nha-tu.toml", bad.encode(), "application/toml"))
    fresh.run()
    _ok(fresh)
    [error] = [e.value.replace("\\", "") for e in fresh.error]
    assert "Wrong values in nha-tu.toml: 2." in error
    assert "foul.penalty: expected a whole number from 0 to 100; the file has -5." in error
    assert "aces.rule: expected one of: none, pairwise, per_ace; the file has \"sometimes\"." in error
    assert fresh.text_area(key="sandbox_house_file_text").value == bad
    assert fresh.number_input(key="sandbox_house_foul").value == 4  # nothing the user typed is lost

    # Fix the text in place and check again: loaded, in use, and in the editor.
    fresh.text_area(key="sandbox_house_file_text").set_value(text)
    fresh.button(key="sandbox_house_check").click().run()
    _ok(fresh)
    assert not fresh.error
    assert any("Opened “Nhà Tư” (id nha-tu)" in s.value for s in fresh.success)
    assert fresh.number_input(key="sandbox_house_foul").value == 5
    assert fresh.text_input(key="sandbox_house_name").value == "Nhà Tư"
    assert "nha-tu" in fresh.multiselect(key="sandbox_compare").value


def test_a_file_that_is_not_toml_says_where() -> None:
    at = _page("Luật nhà", lang="vi")
    at.get("file_uploader")[0].set_value(("x.toml", b"id = = 3\n", "application/toml"))
    at.run()
    _ok(at)
    [error] = [e.value.replace("\\", "") for e in at.error]
    assert "Tệp không phải TOML hợp lệ" in error and "line 1" in error


def test_starting_from_another_rule_set_loads_its_values() -> None:
    at = _page("House rules", lang="en")
    at.selectbox(key="sandbox_house_from").set_value("tinh-chi")
    at.button(key="sandbox_house_start_button").click().run()
    _ok(at)
    assert [at.number_input(key=f"sandbox_house_scoop{n}").value for n in (1, 2, 3)] == [2, 3, 4]
    assert at.selectbox(key="sandbox_house_aces").value == "per_ace"
    assert at.checkbox(key="sandbox_house_exclude").value is True
    assert any("Nothing differs from Binh tính chi" in info.value for info in at.info)


def test_house_rules_from_a_link_are_compared_at_the_table() -> None:
    house = edit(load_rule_set("guide-2026"), {"foul.penalty": 9}, rule_set_id="chin", names={"vi": "Chín", "en": "Nine"})
    at = _page(None, lang="en", seed="7", house=link_token(house))
    frame = at.table[0].value
    assert "Nine" in frame.columns
    bad = _page(None, lang="en", house="garbage")
    assert any("house rules that cannot be read" in w.value for w in bad.warning)


def test_house_rules_are_offered_by_the_picker_of_every_page() -> None:
    from tests.app.test_ui_components import components_page

    house = edit(load_rule_set("luckywin"), {"foul.penalty": 4}, rule_set_id="bon", names={"vi": "Bốn", "en": "Four"})
    at = AppTest.from_function(components_page, default_timeout=TIMEOUT_S)
    at.query_params["rules"] = "bon"
    at.query_params["house"] = link_token(house)
    at.run()
    _ok(at)
    picker = at.selectbox[0]
    assert picker.value == "bon"
    assert picker.options[-1] == "Luật nhà của bạn: Bốn"
    assert at.text[0].value == "lang=vi rules=bon"
    # Back to a source: the choice stays in the URL and the session still offers the house rules.
    picker.set_value("tinh-chi").run()
    assert at.selectbox[0].options[-1] == "Luật nhà của bạn: Bốn"
    assert at.text[0].value == "lang=vi rules=tinh-chi"
    # A house id with nothing to load it from is an unknown rule set.
    lost = AppTest.from_function(components_page, default_timeout=TIMEOUT_S)
    lost.query_params["rules"] = "bon"
    lost.run()
    assert "bon" in lost.warning[0].value and lost.text[0].value.endswith("rules=chi-at")


def test_many_deals_runs_with_a_progress_bar_and_offers_a_csv() -> None:
    at = _page("Many deals", lang="en")
    assert any("Press Run" in info.value for info in at.info)
    at.number_input(key="sandbox_sim_deals").set_value(12)
    at.radio(key="sandbox_sim_seats").set_value(3)
    at.number_input(key="sandbox_sim_seed").set_value(5)
    at.button(key="sandbox_sim_run").click().run()
    _ok(at)
    wait_for_simulation(at)
    # Tables that fit a phone (issue 20, item 7): st.table, five columns; the chi sources down the side.
    assert not at.dataframe
    summary = next(t.value for t in at.table if "Swing" in t.value.columns)
    assert summary["Rule set"].tolist() == [load_rule_set(i).name("en") for i in RULE_SET_IDS]
    assert list(summary.columns) == ["Rule set", "Swing", "Median (90% within)", "Best / worst",
                                     "Per 100 deals: instant wins · scoops"]
    expected = simulate([load_rule_set(i) for i in RULE_SET_IDS], deals=12, seats=3, seed=5)
    for rule_set_id, swing, spread in zip(RULE_SET_IDS, summary["Swing"], summary["Best / worst"]):
        assert float(swing) == pytest.approx(expected.swing(rule_set_id), abs=0.006)
        best, worst = (int(part.strip().replace("−", "-")) for part in spread.split("/"))
        assert (best, worst) == (expected.totals[rule_set_id].max(), expected.totals[rule_set_id].min())
    assert any(c.value.startswith("12 deals · 3 players · seed 5") for c in at.caption)
    shares = next(t.value for t in at.table if t.value.columns[0] == "Chi from")
    assert list(shares.columns[1:]) == [load_rule_set(i).name("en") for i in RULE_SET_IDS]
    for column in shares.columns[1:]:
        total = sum(float(str(v).replace("\u00a0%", "")) for v in shares[column])
        assert abs(total - 100) < 0.5
    assert at.get("download_button")
    # Other settings than the result's: the page says the result is from an earlier run.
    at.number_input(key="sandbox_sim_seed").set_value(6).run()
    assert any("earlier run" in info.value for info in at.info)


def wait_for_simulation(at: AppTest, timeout_s: float = 120) -> None:
    """Rerun the page (as its polling fragment would) until the run's result is shown."""
    deadline = time.monotonic() + timeout_s
    while not any(c.value.split(" · ")[0].endswith("deals") or " ván" in c.value.split(" · ")[0]
                  for c in at.caption):
        assert time.monotonic() < deadline, "the simulation did not finish"
        time.sleep(0.2)
        at.run()
        _ok(at)


def test_values_of_the_editor_round_trip_for_every_source() -> None:
    at = _page("Luật nhà", lang="vi")
    for rule_set_id in RULE_SET_IDS:
        at.selectbox(key="sandbox_house_from").set_value(rule_set_id)
        at.button(key="sandbox_house_start_button").click().run()
        _ok(at)
        assert any(info.value.startswith("Chưa có gì khác") for info in at.info), rule_set_id
        assert at.number_input(key="sandbox_house_foul").value == values_of(load_rule_set(rule_set_id))["foul.penalty"]


def test_the_strict_order_is_a_switch_carried_by_links_and_files() -> None:
    """Digest §1, reading revised again: off by default (an equal back and middle stand); on, a house rule."""
    at = _page("House rules", lang="en")
    assert at.toggle(key="sandbox_house_order_strict").value is False
    assert any(c.value.startswith("Off: back ≥ middle ≥ front") for c in at.caption)
    assert any("*Our reading:* A back and a middle of exactly equal value are legal" in c.value for c in at.caption)
    at.text_input(key="sandbox_house_name").set_value("Nhà Tư")
    at.toggle(key="sandbox_house_order_strict").set_value(True)
    at.run()
    _ok(at)
    assert any(c.value.startswith("On (a house rule): back > middle > front") for c in at.caption)
    diff = _diff_table(at)
    assert diff is not None
    assert diff.iloc[:, 0].tolist() == ["Strict order: a back equal to the middle is binh lủng"]
    assert diff.iloc[0, 1:].tolist() == [
        "no: a back equal to the middle is legal",
        "yes: a back equal to the middle is binh lủng",
    ]
    at.button(key="sandbox_house_keep").click().run()
    _ok(at)
    carried = at.query_params.get("house")
    token = carried if isinstance(carried, str) else carried[0]
    from maubinh.house import from_link_token

    house = from_link_token(token)
    assert house.strict_order and not load_rule_set("chi-at").strict_order
    assert load_house_rules(dump_rule_set(house)).strict_order
