"""ui.table.timer: the limits offered (and the test-only override), and what a submission at zero or late stands
for: the current split if legal, otherwise the solver's, marked."""

from __future__ import annotations

import pytest

from maubinh.arrangement import Arrangement, is_foul
from maubinh.cards import parse_cards
from maubinh.rules import POSITIONS, load_rule_set
from ui.table.timer import GRACE_S, TEST_ENV, limit_seconds, resolve

CHI_AT = load_rule_set("chi-at")
CARDS = parse_cards("As Ks Qs Js 9s 9h 9d 4c 4h 4d 7c 7s 2d")
LEGAL = Arrangement(parse_cards("9h 9d 4c 4h 4d"), parse_cards("As Ks Qs Js 9s"), parse_cards("7c 7s 2d"))
FOULED = Arrangement(parse_cards("As Ks Qs Js 9s"), parse_cards("9h 9d 4c 4h 4d"), parse_cards("7c 7s 2d"))


def _value(arrangement: Arrangement, **extra: object) -> dict[str, object]:
    return {**{p.value: [str(c) for c in arrangement.chi(p)] for p in POSITIONS}, **extra}


def _solver() -> Arrangement:
    return LEGAL_SOLVER


LEGAL_SOLVER = Arrangement(parse_cards("9h 9d 9s 4h 4d"), parse_cards("4c 7c 7s As Ks"), parse_cards("Qs Js 2d"))


def test_the_limits_offered_and_the_test_override() -> None:
    assert [limit_seconds(c, {}) for c in (0, 60, 90)] == [None, 60.0, 90.0]
    assert limit_seconds(45, {}) is None and limit_seconds("60", {}) is None and limit_seconds(True, {}) is None
    assert limit_seconds(60, {TEST_ENV: "4"}) == 4.0 and limit_seconds(0, {TEST_ENV: "4"}) is None
    assert limit_seconds(90, {TEST_ENV: "soon"}) == 90.0  # a broken override is ignored


def test_in_time_the_split_sent_stands_even_a_foul_and_a_bad_value_is_refused() -> None:
    assert is_foul(FOULED, CHI_AT) and not is_foul(LEGAL, CHI_AT) and not is_foul(LEGAL_SOLVER, CHI_AT)
    for limit in (None, 60.0):
        outcome = resolve(_value(FOULED), CARDS, CHI_AT, limit=limit, elapsed=30, solver=_solver)
        assert outcome.arrangement == FOULED and not outcome.timed_out and not outcome.auto_split
    assert resolve(_value(LEGAL), CARDS, CHI_AT, limit=None, elapsed=10_000, solver=_solver).timed_out is False
    with pytest.raises(ValueError):
        resolve({"back": ["As"]}, CARDS, CHI_AT, limit=60.0, elapsed=3, solver=_solver)


@pytest.mark.parametrize("how", ["expired", "late"])
def test_at_zero_or_late_a_legal_split_stands_otherwise_the_solvers_marked(how: str) -> None:
    extra, elapsed = ({"expired": True}, 59.0) if how == "expired" else ({}, 60 + GRACE_S + 0.5)
    kept = resolve(_value(LEGAL, **extra), CARDS, CHI_AT, limit=60.0, elapsed=elapsed, solver=_solver)
    assert (kept.arrangement, kept.timed_out, kept.auto_split) == (LEGAL, True, False)
    fouled = resolve(_value(FOULED, **extra), CARDS, CHI_AT, limit=60.0, elapsed=elapsed, solver=_solver)
    assert (fouled.arrangement, fouled.timed_out, fouled.auto_split) == (LEGAL_SOLVER, True, True)
    partial = {"back": ["As", "Ks"], "middle": [], "front": ["2d"], **extra}  # cards left in the hand
    unfinished = resolve(partial, CARDS, CHI_AT, limit=60.0, elapsed=elapsed, solver=_solver)
    assert (unfinished.arrangement, unfinished.auto_split) == (LEGAL_SOLVER, True)


def test_within_the_grace_a_submission_is_in_time() -> None:
    outcome = resolve(_value(FOULED), CARDS, CHI_AT, limit=60.0, elapsed=60 + GRACE_S - 0.5, solver=_solver)
    assert outcome.arrangement == FOULED and not outcome.timed_out
