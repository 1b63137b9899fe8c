"""The rule-set schema (issue 33 §1): the shipped rule sets' digests pinned, so no change to how a rule set is
declared, read or written re-versions the shipped question bank (``maubinh/drills/versions.py``); the reader,
the checker, the writer and the editable keys derived from the one declaration of each option."""

from __future__ import annotations

import hashlib
import re
import tomllib

import pytest
import tomli_w

from maubinh.drills.sets import rules_key
from maubinh.drills.versions import data_version, rules_digest
from maubinh.house import (
    EDITABLE_KEYS,
    HouseRulesError,
    check_house_rules,
    dump_rule_set,
    edit,
    load_house_rules,
    rule_set_data,
    values_of,
)
from maubinh.rules import (
    AMOUNT_RANGES,
    ENTRY_OPTIONS,
    FILE_TABLES,
    RULE_SET_IDS,
    RULESET_DIR,
    check_rule_set_data,
    load_rule_set,
    options,
    parse_rule_set,
)
from maubinh.schema import REQUIRED, ExpectedKind, Kind

DIGESTS = {
    "chi-at": "71a9353f2e7b1db3976aa9e2b258e109c3234151e55b0ede137c68b2abf0a689",
    "luckywin": "66c74e8ba476310f1fd3bcba579f2326f3f74b5d364ea265d2c9cbbf0267734c",
    "tinh-chi": "2d4f8df32f10ed0e2d147c56fa29b9930930c13ed98eb902ba5d67ee71798a05",
    "guide-2026": "12414fc1382ce7be0b2b1f414027a55cc87467fdde403fc2f0816862a352ffa4",
}
"""Each source's :func:`rules_digest`, computed before the schema was declared once (December 2026)."""
VERSIONS = {"chi-at": "e0124818196d", "luckywin": "82c5aaefd6cd", "tinh-chi": "e5be8c7c56e7",
            "guide-2026": "ceda83802c78"}
"""Each source's :func:`data_version` (no kind), from the same code: the shipped bank's questions are dealt under it."""


DUMPS = {
    "chi-at": "d668811125ba9fdb24f8782835578103d03539eb5753f457ddc600adbe72cb7e",
    "luckywin": "66c74e8ba476310f1fd3bcba579f2326f3f74b5d364ea265d2c9cbbf0267734c",
    "tinh-chi": "c940af24b9ae023f0d5c01d383536503e80c5b3c10b26567a93b7af9753fd986",
    "guide-2026": "f358d43d04e96a7361127895b57ba5644b33d712ada56d54c67000ae5650c2f3",
}
"""SHA-256 of each source written back (:func:`dump_rule_set`, not canonical), from the same code."""
HOUSE_KEY = "nha-tu~486da2cd1c"
"""The stored key (:func:`rules_key`) of a house rule set (tinh-chi, foul 6, strict order, no ace rule), from the
same code: a house's questions, ratings and review queue are stored under it."""


def _house():
    return edit(load_rule_set("tinh-chi"), {"foul.penalty": 6, "order.strict": True, "aces.rule": "none"},
                rule_set_id="nha-tu", names={"vi": "Nhà Tư", "en": "Tu"})


def test_every_source_is_pinned():
    assert set(DIGESTS) == set(RULE_SET_IDS) == set(VERSIONS)


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_the_digest_and_data_version_of_every_source_stay_the_same(rule_set_id):
    assert rules_digest(rule_set_id) == DIGESTS[rule_set_id]
    assert data_version(rule_set_id) == VERSIONS[rule_set_id]
    assert hashlib.sha256(dump_rule_set(load_rule_set(rule_set_id)).encode("utf-8")).hexdigest() == DUMPS[rule_set_id]


def test_a_house_rule_sets_stored_key_stays_the_same():
    assert rules_key(_house()) == HOUSE_KEY


# --------------------------------------------------------------------------- one declaration, every use derived

OPTIONS = [option for option, _ in options()]


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_every_source_reads_writes_and_checks_round(rule_set_id):
    source = load_rule_set(rule_set_id)
    text = dump_rule_set(source)
    again, problems = check_rule_set_data(tomllib.loads(text), house=False)
    assert problems == () and again == source and hash(again) == hash(source)
    assert dump_rule_set(again) == text  # the writer is the reader's inverse, byte for byte
    assert parse_rule_set((RULESET_DIR / f"{rule_set_id}.toml").read_text(encoding="utf-8")) == source


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_every_provenance_in_a_source_file_is_kept(rule_set_id):
    data = tomllib.loads((RULESET_DIR / f"{rule_set_id}.toml").read_text(encoding="utf-8"))
    source = load_rule_set(rule_set_id)
    for table in FILE_TABLES:
        if table.record is None and table.name in data:
            assert source.provenance[table.name].source == data[table.name]["source"]
            assert dict(source.provenance[table.name].reading or {}) == data[table.name].get("reading", {})
    assert [b.provenance.source for b in source.bonuses] == [entry["source"] for entry in data["bonus"]]
    assert [n.provenance.source for n in source.naturals] == [entry["source"] for entry in data["natural"]]
    assert source.scoop.provenance is source.provenance["scoop"]


def _everything_changed(start):
    """Every option moved away from ``start``'s value (the next choice, the amount one up or down, the flag
    flipped), as :func:`edit` changes."""
    values = values_of(start)
    changes = {}
    for option in OPTIONS:
        value = values[option.key]
        if option.kind is Kind.FLAG:
            changes[option.key] = not value
        elif option.kind is Kind.CHOICE:
            choices = option.values()
            changes[option.key] = choices[(choices.index(value) + 1) % len(choices)]
        elif option.kind is Kind.AMOUNT:
            changes[option.key] = value + 1 if value < option.limits[1] else value - 1
        else:
            changes[option.key] = tuple(m + 1 if m < option.limits[1] else m - 1 for m in value)
    return changes


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_a_house_file_with_every_option_changed_reads_back_the_same(rule_set_id):
    start = load_rule_set(rule_set_id)
    changes = _everything_changed(start)
    house = edit(start, changes, rule_set_id="nha-tu", names={"vi": "Nhà Tư", "en": "Tu's table"})
    values = values_of(house)
    assert all(values[key] == changed for key, changed in changes.items())
    text = dump_rule_set(house)
    again, problems = check_house_rules(text)
    assert problems == () and again == house
    assert dump_rule_set(again) == text
    assert rule_set_data(load_house_rules(text)) == rule_set_data(house)


def test_the_editable_keys_are_the_declared_options_with_the_chi_names_bonuses_and_instant_wins():
    keys = [option.key for option in OPTIONS]
    assert set(keys) <= set(EDITABLE_KEYS)
    rest = [key for key in EDITABLE_KEYS if key not in keys]
    assert rest[0] == "positions" and "naturals.order" in rest
    assert all(key.startswith(("bonus.", "natural.")) for key in rest if key not in ("positions", "naturals.order"))
    assert len(EDITABLE_KEYS) == len(set(EDITABLE_KEYS)) == 1 + len(OPTIONS) + 14 + 11 + 1


def test_the_amount_ranges_are_the_options_limits():
    declared = {option.key: option.limits for option in OPTIONS if option.limits}
    declared |= {option.key: option.limits for entry in ENTRY_OPTIONS.values() for option in entry if option.limits}
    assert dict(AMOUNT_RANGES) == declared
    assert AMOUNT_RANGES["foul.penalty"] == (0, 100) and AMOUNT_RANGES["natural.chi"] == (1, 500)


BAD = {Kind.FLAG: ('"yes"', '"yes"'), Kind.CHOICE: ('"sometimes"', '"sometimes"'), Kind.AMOUNT: ("-7", "-7"),
       Kind.AMOUNTS: ('[2, "x2", 2]', '[2, "x2", 2]')}
"""A bad value of each kind, as a file writes it, and as the message shows it."""


@pytest.mark.parametrize("option", OPTIONS, ids=[option.key for option in OPTIONS])
def test_a_bad_value_of_every_option_gets_one_located_message(option):
    text = dump_rule_set(edit(load_rule_set("chi-at"), {}, rule_set_id="nha", names={"vi": "Nhà", "en": "Ours"}))
    data = tomllib.loads(text)
    bad, shown = BAD[option.kind]
    data[option.table][option.name] = tomllib.loads(f"x = {bad}")["x"]
    rule_set, problems = check_rule_set_data(data, house=True)
    assert rule_set is None and [p.key for p in problems] == [option.key]
    assert problems[0].expected == option.expected() and problems[0].got == shown
    assert problems[0].message == f"expected {option.expected().describe()}, got {shown}"
    with pytest.raises(HouseRulesError) as info:  # the engine's reader says the same
        load_house_rules(tomli_w.dumps(data))
    assert info.value.problems == [(option.key, problems[0].message)]


def test_the_located_messages_of_the_house_checker_are_worded_as_before():
    text = dump_rule_set(edit(load_rule_set("tinh-chi"), {}, rule_set_id="nha", names={"vi": "Nhà", "en": "Ours"}))
    text = re.sub(r"multipliers = \[[^\]]*\]", "multipliers = [2, 3, 4]", text)  # tomli_w writes it over lines
    cases = {
        "multipliers = [2, 3, 4]": ("multipliers = [2, \"x2\", 4]", "scoop.multipliers",
                                    'expected three whole numbers from 1 to 10, got [2, "x2", 4]'),
        "penalty = 3": ("penalty = 101", "foul.penalty", "expected a whole number from 0 to 100, got 101"),
        "exclude_bonus_four_aces = true": ("exclude_bonus_four_aces = 1", "aces.exclude_bonus_four_aces",
                                           "expected true or false, got 1"),
        'rule = "per_ace"': ('rule = "all"', "aces.rule", 'expected one of none, pairwise, per_ace, got "all"'),
    }
    for old, (new, key, message) in cases.items():
        assert old in text
        _, problems = check_house_rules(text.replace(old, new, 1))
        assert [(p.key, p.message) for p in problems] == [(key, message)]
    _, problems = check_house_rules(text.replace("penalty = 3\n", "", 1))
    assert [(p.key, p.message) for p in problems] == [("foul.penalty", "missing: expected a whole number from 0 to 100")]
    _, problems = check_house_rules(text.replace("[foul]", "[foul]\npenalti = 3", 1))
    assert [p.key for p in problems] == ["foul.penalti"] and problems[0].expected.kind is ExpectedKind.KNOWN_KEY


def test_an_option_a_file_may_lack_reads_as_declared():
    optional = [option for option in OPTIONS if option.absent is not REQUIRED]
    assert {option.key for option in optional} >= {"order.strict", "several_patterns.rule",
                                                   "aces.exclude_bonus_four_aces"}
    data = tomllib.loads(dump_rule_set(load_rule_set("tinh-chi")))
    for option in optional:
        data[option.table].pop(option.name, None)
    for table in FILE_TABLES:
        if table.absent is not None:
            del data[table.name]
    rule_set, problems = check_rule_set_data(data, house=False)
    assert problems == ()
    values = values_of(rule_set)
    for option in optional:
        absent = option.absent.value if hasattr(option.absent, "value") else option.absent
        assert values[option.key] == absent
    assert rule_set.provenance["order"] == FILE_TABLES[2].absent
