"""Any client can send Streamlit's clear-cache message, which empties ``st.cache_data`` and
``st.cache_resource`` for the whole server (issue 13): every page must work the same with its caches
cleared between reruns, and the solver's own caches stay bounded (LRU)."""

from __future__ import annotations

from pathlib import Path

import streamlit as st
from streamlit.testing.v1 import AppTest

from maubinh.house import edit
from maubinh.rules import load_rule_set
from maubinh.strategy.tables import TABLES_CACHED, load_tables
from maubinh.strategy.vector import CLASSES_CACHED, classes
from tests.app.test_drill_page import answer, current

PAGES = Path(__file__).resolve().parents[2] / "pages"
TIMEOUT = 90


def _clear() -> None:
    st.cache_data.clear()
    st.cache_resource.clear()


def _run(at: AppTest) -> AppTest:
    _clear()
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def test_the_drill_with_its_caches_cleared_between_every_rerun() -> None:
    at = AppTest.from_file(str(PAGES / "drill.py"), default_timeout=TIMEOUT)
    for key, value in {"kinds": "chi,settle", "level": "expert", "rules": "tinh-chi", "seed": "5", "n": "4",
                       "lang": "en"}.items():
        at.query_params[key] = value
    _run(at)
    for number in range(4):
        _, index, q = current(at)
        assert index == number
        _clear()
        answer(at, q, index, right=True)
        assert len(at.success) == 1 and at.success[0].value.startswith("Right")
        _clear()
        at.button(key="drill_finish" if number == 3 else "drill_next").click()
        _run(at)
    assert at.metric[0].value == "4/4 right"


def test_the_sandbox_and_learn_with_their_caches_cleared() -> None:
    sandbox = AppTest.from_file(str(PAGES / "sandbox.py"), default_timeout=TIMEOUT)
    sandbox.query_params["lang"] = "en"
    sandbox.query_params["seed"] = "7"
    before = _run(sandbox).table[0].value
    again = _run(sandbox).table[0].value
    assert before.equals(again)
    learn = AppTest.from_file(str(PAGES / "learn.py"), default_timeout=TIMEOUT)
    learn.query_params["step"] = "settle"
    learn.query_params["lang"] = "en"
    first = [r.options for r in _run(learn).radio]
    assert first == [r.options for r in _run(learn).radio]


def test_the_solver_caches_are_bounded_and_never_mix_rule_sets() -> None:
    chi_at = load_rule_set("chi-at")
    for n in range(TABLES_CACHED + 10):
        house = edit(chi_at, {"foul.penalty": n % 100, "bonus.cu_lu.middle": 1 + n}, rule_set_id=f"h{n}",
                     names={"vi": f"H{n}", "en": f"H{n}"})
        load_tables(house)
    assert load_tables.cache_info().currsize <= TABLES_CACHED
    assert classes.cache_info().currsize <= CLASSES_CACHED
    # Two rule sets that differ only in a payout never share tables; equal ones give equal tables.
    a = edit(chi_at, {"bonus.cu_lu.middle": 4}, rule_set_id="a", names={"vi": "A", "en": "A"})
    b = edit(chi_at, {"bonus.cu_lu.middle": 9}, rule_set_id="a", names={"vi": "A", "en": "A"})
    assert hash(a) != hash(b)
    assert (load_tables(a).won[1] != load_tables(b).won[1]).any()
    renamed = edit(chi_at, {"bonus.cu_lu.middle": 4}, rule_set_id="a", names={"vi": "B", "en": "B"})
    load_tables.cache_clear()
    assert all((x == y).all() for x, y in zip(load_tables(a).won, load_tables(renamed).won))
