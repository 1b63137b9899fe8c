"""Every split chosen and every score the strategy layer gives on fixed seeds equals the values recorded from the
code before issue 33's restructuring (``data/same_outputs.json``, written by ``same_outputs.py --record`` on that
code): solve and solve_many on random and instant-win hands (kernel and numpy, 2-4 seats, the four sources, a
strict order and a house with another wheel), the declare choices measured in the solver's band, decide, the
sampled field and its settlements, expected chi, the many-deals simulation and the rule sets compared."""

from __future__ import annotations

import json

import pytest

from maubinh.strategy import kernel
from tests.unit.strategy.same_outputs import RECORDED, cases, digest

CASES = cases()


@pytest.fixture(scope="module", autouse=True)
def compiled() -> None:
    assert kernel.ready(wait=True), kernel.status()


def test_every_case_was_recorded() -> None:
    assert sorted(json.loads(RECORDED.read_text(encoding="utf-8"))) == sorted(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_outputs_are_the_recorded_ones(name: str) -> None:
    assert digest(CASES[name]()) == json.loads(RECORDED.read_text(encoding="utf-8"))[name]


def test_a_changed_output_changes_its_digest() -> None:
    assert digest([1, 2.0, "a"]) != digest([1, 2.0000000000000004, "a"])
