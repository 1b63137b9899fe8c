"""Hostile house rules (issue 13): every wrong shape of every editable key, through :func:`edit`, a TOML
file and a link token, is a :class:`HouseRulesError` naming the key, never another exception; amounts
have ranges; links and files are capped before they are inflated or parsed."""

from __future__ import annotations

import base64
import json
import time
import zlib
from typing import Any

import pytest
import tomli_w
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from maubinh.house import (
    EDITABLE_KEYS,
    MAX_FILE_BYTES,
    MAX_LINK_BYTES,
    MAX_LINK_CHARS,
    ExpectedKind,
    HouseRulesError,
    check_house_rules,
    dump_rule_set,
    edit,
    from_link_token,
    link_token,
    rule_set_data,
)
from maubinh.rules import AMOUNT_RANGES, RULE_SET_IDS, NaturalPattern, load_rule_set

CHI_AT = load_rule_set("chi-at")
NAMES = {"vi": "Nhà", "en": "Home"}

# Every JSON/TOML-like shape: nothing, flags, small and huge whole numbers, fractions, texts, lists, tables.
SCALARS = st.one_of(
    st.none(), st.booleans(),
    st.integers(-3, 600), st.sampled_from([2**31, 2**40, 2**62, 2**63, -(2**63), 10**30]),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
    st.sampled_from(["rong_cuon", "lowest", "second", "none", "rank", "pairwise", "per_ace"]),
)
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=5), inner, max_size=3)), max_leaves=8)


def _edit_key_named(key: str, problems: list[tuple[str, str]]) -> bool:
    return any(found == key or found.startswith(key + ".") for found, _ in problems)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(EDITABLE_KEYS), value=VALUES)
def test_edit_accepts_or_names_the_key(key: str, value: Any) -> None:
    try:
        edit(CHI_AT, {key: value}, rule_set_id="nha", names=NAMES)
    except HouseRulesError as error:
        assert _edit_key_named(key, error.problems), (key, value, error.problems)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(EDITABLE_KEYS), value=VALUES)
def test_a_link_token_accepts_or_names_the_key(key: str, value: Any) -> None:
    payload = {"b": "chi-at", "i": "nha", "n": ["Nhà", "Home"], "c": {key: value}}
    token = _token(payload)
    try:
        from_link_token(token)
    except HouseRulesError as error:
        assert _edit_key_named(key, error.problems) or error.problems[0][0] == "link", (key, value, error.problems)


GOOD = rule_set_data(edit(CHI_AT, {}, rule_set_id="nha", names=NAMES))
TOML_PATHS = [
    ("wheel", "value"), ("chi_win", "value"), ("foul", "penalty"), ("scoop", "multipliers"),
    ("scoop", "sweep_multiplier"), ("bonus_clash", "multiplier"), ("naturals", "versus"), ("aces", "rule"),
    ("aces", "exclude_bonus_four_aces"), ("positions", "back"), ("name", "vi"), ("bonus", 0), ("natural", 0),
]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(TOML_PATHS), value=VALUES.filter(lambda v: v is not None))
def test_a_file_accepts_or_names_the_key(path: tuple[str, Any], value: Any) -> None:
    data = json.loads(json.dumps(GOOD))
    table, field = path
    if isinstance(field, int):
        data[table][field]["chi"] = value
    else:
        data[table][field] = value
    try:
        text = tomli_w.dumps(_no_none(data))
    except (TypeError, ValueError):  # a shape TOML cannot write (e.g. a list mixing tables and values)
        return
    rule_set, problems = check_house_rules(text)
    if rule_set is None:
        where = table if isinstance(field, int) else f"{table}.{field}"
        assert any(p.key.startswith(where.split(".")[0]) for p in problems), (path, value, problems)


def _no_none(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _no_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_no_none(v) for v in value if v is not None]
    return value


def _token(payload: Any) -> str:
    packed = zlib.compress(json.dumps(payload, separators=(",", ":")).encode(), 9)
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


# --------------------------------------------------------------------------- the reported cases


def test_naturals_order_that_is_not_a_list_names_the_key() -> None:
    for value in (3, True, "rong_cuon", ["rong_cuon", "rong_cuon"], ["nope"], [1, 2], {"a": 1}):
        with pytest.raises(HouseRulesError) as raised:
            edit(CHI_AT, {"naturals.order": value})
        assert raised.value.details[0].key == "naturals.order"
        assert raised.value.details[0].expected.kind is ExpectedKind.INSTANT_WIN_ORDER
    token = _token({"b": "chi-at", "i": "nha", "n": ["a", "b"], "c": {"naturals.order": 5}})
    with pytest.raises(HouseRulesError) as raised:
        from_link_token(token)
    assert raised.value.problems[0][0] == "naturals.order"


@pytest.mark.parametrize("key", ["chi_win.value", "foul.penalty", "scoop.sweep_multiplier", "bonus_clash.multiplier",
                                 "bonus.tu_quy.back", "natural.rong_cuon"])
@pytest.mark.parametrize("amount", [2**62, 2**63, 10**6])
def test_huge_amounts_are_refused_with_their_range(key: str, amount: int) -> None:
    limits = "bonus.chi" if key.startswith("bonus.") else "natural.chi" if key.startswith("natural.") else key
    low, high = AMOUNT_RANGES[limits]
    with pytest.raises(HouseRulesError) as raised:
        edit(CHI_AT, {key: amount})
    (problem,) = raised.value.details
    assert problem.key == key and (problem.expected.minimum, problem.expected.maximum) == (low, high)
    assert edit(CHI_AT, {key: high}) is not None


def test_scoop_multipliers_have_a_range_in_edits() -> None:
    with pytest.raises(HouseRulesError) as raised:
        edit(CHI_AT, {"scoop.multipliers": (2, 2, 2**62)})
    assert raised.value.details[0].expected.maximum == AMOUNT_RANGES["scoop.multipliers"][1]


def test_a_link_token_is_capped_before_it_is_inflated() -> None:
    bomb = _token({"b": "chi-at", "i": "nha", "n": ["x" * 1_500_000], "c": {}})
    assert len(bomb) < MAX_LINK_CHARS  # a small token that inflates to 1.5 MB
    started = time.process_time()
    with pytest.raises(HouseRulesError) as raised:
        from_link_token(bomb)
    assert time.process_time() - started < 0.5
    assert raised.value.details[0].expected.kind is ExpectedKind.SHORT_LINK
    with pytest.raises(HouseRulesError) as raised:
        from_link_token("A" * (MAX_LINK_CHARS + 1))
    assert raised.value.details[0].expected.kind is ExpectedKind.SHORT_LINK
    assert "too long or damaged" in raised.value.details[0].message
    assert MAX_LINK_BYTES >= 4096


@pytest.mark.parametrize("payload", [
    [1, 2], {"b": "chi-at"}, {"b": "chi-at", "i": 3, "n": [], "c": {}}, {"b": "chi-at", "i": "x", "n": "ab", "c": {}},
    {"b": "chi-at", "i": "x", "n": [{"a": 1}], "c": {}}, {"b": "chi-at", "i": "x" * 500, "n": [], "c": {}},
    {"b": "chi-at", "i": "nha", "n": [], "c": {"positions": [[[[[[[[1]]]]]]]]}},
])
def test_crafted_link_payloads_are_named(payload: Any) -> None:
    with pytest.raises(HouseRulesError):
        from_link_token(_token(payload))


def test_a_deeply_nested_link_is_named() -> None:
    deep = '{"b":"chi-at","i":"nha","n":[],"c":{"positions":' + "[" * 3000 + "]" * 3000 + "}}"
    token = base64.urlsafe_b64encode(zlib.compress(deep.encode(), 9)).decode().rstrip("=")
    with pytest.raises(HouseRulesError) as raised:
        from_link_token(token)
    assert raised.value.problems[0][0] == "link"


GOOD_TEXT = dump_rule_set(edit(CHI_AT, {}, rule_set_id="nha", names=NAMES))


@pytest.mark.parametrize(("text", "kind"), [
    (GOOD_TEXT + "\nx = " + "[" * 4000 + "]" * 4000 + "\n", ExpectedKind.TOML),
    (GOOD_TEXT.replace("penalty = 3", "penalty = " + "9" * 5000), ExpectedKind.TOML),
    (GOOD_TEXT + "#" * MAX_FILE_BYTES, ExpectedKind.SMALL_FILE),
], ids=["deep", "5000 digits", "too big"])
def test_hostile_files_are_one_problem(text: str, kind: ExpectedKind) -> None:
    started = time.process_time()
    rule_set, problems = check_house_rules(text)
    assert time.process_time() - started < 1.0
    assert rule_set is None and [p.expected.kind for p in problems] == [kind]


def test_many_unknown_keys_and_a_long_list_are_checked_quickly() -> None:
    unknown = GOOD_TEXT.replace('id = "nha"', 'id = "nha"\n' + "".join(f"k{i} = {i}\n" for i in range(5000)))
    many = GOOD_TEXT.replace("penalty = 3", "penalty = [" + ", ".join(["1"] * 25_000) + "]")
    for text in (unknown[:MAX_FILE_BYTES], many):
        started = time.process_time()
        rule_set, problems = check_house_rules(text)
        assert time.process_time() - started < 2.0
        assert rule_set is None and problems
        assert all(len(p.message) < 400 for p in problems)


def test_a_saved_file_names_its_source_by_id_not_by_its_file() -> None:
    assert 'based_on = "chi-at"' in GOOD_TEXT
    assert ".txt" not in GOOD_TEXT
    house = edit(CHI_AT, {"foul.penalty": 6}, rule_set_id="nha", names=NAMES)
    assert from_link_token(link_token(house)).foul_penalty == 6
    older = GOOD_TEXT.replace('based_on = "chi-at"', f'source_file = "{CHI_AT.source_file}"')
    assert check_house_rules(older)[0] is not None
    _, problems = check_house_rules(GOOD_TEXT.replace('based_on = "chi-at"', 'based_on = "x"'))
    assert problems[0].expected.choices == RULE_SET_IDS


def test_the_largest_amounts_allowed_stay_exact_in_the_solver_and_the_simulation() -> None:
    from maubinh.cards import FULL_DECK
    from maubinh.strategy.simulate import simulate
    from maubinh.strategy.solver import solve

    top = {key: AMOUNT_RANGES["bonus.chi"][1] for key in EDITABLE_KEYS if key.startswith("bonus.")}
    top.update({key: AMOUNT_RANGES["natural.chi"][1] for key in EDITABLE_KEYS if key.startswith("natural.")})
    top.update({key: AMOUNT_RANGES[key][1] for key in ("chi_win.value", "foul.penalty", "scoop.sweep_multiplier",
                                                        "bonus_clash.multiplier")})
    top["scoop.multipliers"] = (AMOUNT_RANGES["scoop.multipliers"][1],) * 3
    top["naturals.order"] = tuple(p.value for p in NaturalPattern)
    house = edit(CHI_AT, top, rule_set_id="max", names=NAMES)
    assert len(solve(FULL_DECK[:13], house).cards) == 13
    result = simulate([house], deals=4, seats=4, seed=3)
    totals = result.totals["max"]
    assert (totals.sum(axis=1) == 0).all() and abs(int(totals.max())) < 2**31


# Issue 24, item 7: a fraction (or a flag, or a text) where a whole number goes, in a link or an edit, is a
# HouseRulesError naming the key and the whole numbers expected, never a bare TypeError.
@pytest.mark.parametrize(("key", "value", "expected"), [
    ("foul.penalty", 1.5, "expected a whole number from 0 to 100, got 1.5"),
    ("chi_win.value", True, "expected a whole number from"),
    ("natural.rong_cuon", "13", "expected a whole number from"),
    ("bonus.tu_quy.back", 2.0, "expected a whole number from"),
    ("scoop.multipliers", [1.5, 2, 2], "expected three whole numbers from"),
    ("scoop.sweep_multiplier", 1.5, "expected a whole number from"),
])
def test_a_fraction_for_an_amount_names_the_key_in_links_and_edits(key: str, value: Any, expected: str) -> None:
    token = _token({"b": "chi-at", "i": "nha", "n": ["Nhà", "Home"], "c": {key: value}})
    for attempt in (lambda: from_link_token(token), lambda: edit(CHI_AT, {key: value}, rule_set_id="nha", names=NAMES)):
        with pytest.raises(HouseRulesError) as raised:
            attempt()
        assert [found for found, _ in raised.value.problems] == [key]
        assert expected in raised.value.problems[0][1]
