"""A rule set prepared once carries every form the strategy layer uses; the backend is chosen in one place
(issue 33, §3)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from maubinh.house import edit
from maubinh.rules import load_rule_set
from maubinh.strategy import kernel, prepared
from maubinh.strategy.prepared import backend, prepare
from maubinh.strategy.rule_arrays import settle_arrays, solver_arrays, subset_tables
from maubinh.strategy.tables import load_tables

STRATEGY = Path(prepared.__file__).resolve().parent


def test_a_prepared_rule_set_is_made_once_and_holds_every_form() -> None:
    rule_set = edit(load_rule_set("chi-at"), {"wheel.value": "lowest"}, rule_set_id="nha")
    ready = prepare(rule_set, 4)
    assert prepare(rule_set, 4) is ready and prepare(rule_set, 2) is not ready
    assert ready.tables is load_tables(rule_set, 4)
    assert ready.subsets is subset_tables(rule_set.wheel) and ready.settle is settle_arrays(rule_set)
    expected = solver_arrays(load_tables(rule_set, 4))
    assert np.array_equal(ready.solver.five, expected.five) and ready.solver.scoop == expected.scoop
    assert ready.subsets is not prepare(load_rule_set("chi-at")).subsets  # the house moved the wheel


def test_the_backend_is_the_one_asked_else_whether_the_kernel_is_ready(monkeypatch: pytest.MonkeyPatch) -> None:
    assert backend(True) and not backend(False)
    monkeypatch.setenv("MAUBINH_KERNEL", "0")
    assert not backend() and backend(True)
    monkeypatch.delenv("MAUBINH_KERNEL")
    assert backend() is kernel.ready()


def test_only_the_backend_choice_asks_whether_the_kernel_is_ready() -> None:
    asking = sorted(path.name for path in STRATEGY.glob("*.py")
                    if path.name != "kernel.py" and "kernel.ready(" in path.read_text(encoding="utf-8"))
    assert asking == ["prepared.py"]
    assert prepared.__file__ and (STRATEGY / "prepared.py").read_text(encoding="utf-8").count("kernel.ready(") == 2
