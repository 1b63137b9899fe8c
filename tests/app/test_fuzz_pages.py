"""The heavy crafted links of the fuzz test (tests/unit/test_fuzz_house_inputs.py) opened on every page
that reads them (issue 13): no traceback, a warning naming the link, and the page still works."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from maubinh.house import MAX_LINK_CHARS, edit, link_token
from maubinh.rules import load_rule_set
from tests.unit.test_fuzz_house_inputs import _pack

PAGES = Path(__file__).resolve().parents[2] / "pages"
GOOD = link_token(edit(load_rule_set("chi-at"), {"foul.penalty": 6}, rule_set_id="nha", names={"vi": "Nhà", "en": "Home"}))
CRAFTED = [
    "A" * (MAX_LINK_CHARS + 1),
    _pack({"b": "chi-at", "i": "x", "n": ["x" * 1_000_000], "c": {}}),
    _pack({"b": "chi-at", "i": "nha", "n": [], "c": {"naturals.order": 5}}),
    _pack({"b": "chi-at", "i": "nha", "n": [], "c": {"chi_win.value": 2**63, "bonus.tu_quy.back": 2**62}}),
    _pack({"b": "chi-at", "i": "nha", "n": [], "c": {"positions": [[[[[[[[[[]]]]]]]]]]}}),
    _pack([1, 2, 3]),
]


@pytest.mark.parametrize("page", ["learn.py", "drill.py", "sandbox.py"])
def test_crafted_house_links_on_every_page(page: str) -> None:
    at = AppTest.from_file(str(PAGES / page), default_timeout=90)
    at.query_params["lang"] = "en"
    at.query_params["house"] = [*CRAFTED, GOOD]
    at.query_params["rules"] = "nha"
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    warnings = " ".join(w.value for w in at.warning)
    assert "only the first 4 were read" in warnings and "cannot be read" in warnings


@pytest.mark.parametrize(("page", "query"), [
    ("sandbox.py", {"compare": ",".join(["chi-at"] * 2000), "hands": "Zz" * 5000, "seats": "9", "seed": "abc"}),
    ("drill.py", {"kinds": ",".join(["chi"] * 500), "n": "10" * 50, "seed": "-1", "level": "<b>"}),
    ("learn.py", {"step": "x" * 10_000, "rules": "<script>"}),
    ("dau_dia_chu.py", {"seed": "9" * 5000}),
])
def test_crafted_parameters_on_every_page(page: str, query: dict[str, str]) -> None:
    at = AppTest.from_file(str(PAGES / page), default_timeout=90)
    at.query_params["lang"] = "en"
    for name, value in query.items():
        at.query_params[name] = value
    at.run()
    assert not at.exception, [e.message for e in at.exception]
    assert at.warning
