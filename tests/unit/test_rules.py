"""Rule-set files: every source loads, carries its digest §2 values, and bad data is reported by key."""

import pytest

from maubinh import (
    RULE_SET_IDS,
    AceRule,
    BonusHand,
    Position,
    RuleSetError,
    UnknownRuleSetError,
    WheelRank,
    load_rule_set,
    parse_rule_set,
)
from maubinh.rules import AMOUNT_RANGES, MAX_RULES_CHARS, RULESET_DIR, TEXT_LIMITS


def test_unknown_id_lists_the_known_ones():
    with pytest.raises(UnknownRuleSetError) as info:
        load_rule_set("nope")
    assert str(info.value) == "unknown rule set 'nope'; known: chi-at, luckywin, tinh-chi, guide-2026"


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_every_source_loads_with_provenance(rule_set_id):
    rs = load_rule_set(rule_set_id)
    assert rs.id == rule_set_id
    assert all(p.source for p in rs.provenance.values())
    assert all(b.provenance.source for b in rs.bonuses)
    assert all(n.provenance.source for n in rs.naturals)
    assert rs.name("vi") and rs.name("en")


def test_chi_names_per_source():
    # digest §2.1: tinh-chi calls the 3-card front "chi đầu"; the others call the back "chi 1"/"chi đầu".
    assert load_rule_set("tinh-chi").position_name(Position.FRONT) == "Chi đầu"
    assert load_rule_set("tinh-chi").position_name(Position.BACK) == "Chi cuối"
    assert load_rule_set("luckywin").position_name(Position.BACK) == "Chi đầu"
    assert load_rule_set("chi-at").position_name(Position.FRONT) == "Chi 3"


def test_digest_values():
    assert [load_rule_set(r).wheel for r in RULE_SET_IDS] == [
        WheelRank.SECOND, WheelRank.LOWEST, WheelRank.SECOND, WheelRank.LOWEST]  # tinh-chi: reading (revised)
    assert [load_rule_set(r).foul_penalty for r in RULE_SET_IDS] == [3, 3, 3, 6]
    assert [load_rule_set(r).ace_rule for r in RULE_SET_IDS] == [
        AceRule.PAIRWISE, AceRule.NONE, AceRule.PER_ACE, AceRule.NONE]
    chi_at = load_rule_set("chi-at")
    assert chi_at.bonus(BonusHand.TU_QUY_A, Position.MIDDLE).chi == 24
    assert chi_at.bonus(BonusHand.THUNG_PHA_SANH_HA, Position.BACK) is None
    assert chi_at.scoop.factor(2, 2) == 4 and chi_at.scoop.factor(1, 1) == 2 and chi_at.scoop.factor(2, 3) == 2
    assert load_rule_set("tinh-chi").scoop.factor(3, 3) == 4


def test_readings_and_house_defaults_are_flagged():
    assert load_rule_set("tinh-chi").provenance["wheel"].reading
    assert load_rule_set("luckywin").provenance["foul"].house_default
    assert all(n.provenance.house_default for n in load_rule_set("luckywin").naturals)
    assert load_rule_set("guide-2026").provenance["foul"].reading


def good_text():
    return (RULESET_DIR / "chi-at.toml").read_text(encoding="utf-8")


def test_round_trip_of_the_shipped_text():
    assert parse_rule_set(good_text()) == load_rule_set("chi-at")


@pytest.mark.parametrize(
    ("old", "new", "key", "fragment"),
    [
        ('value = "second"', 'value = "middle"', "wheel.value", "expected one of lowest, second"),
        ("penalty = 3", "penalty = -1", "foul.penalty", "expected a whole number from 0 to 100"),
        ("multipliers = [2, 2, 2]", "multipliers = [2, 2]", "scoop.multipliers", "expected three whole numbers"),
        ('hand = "cu_lu"', 'hand = "cu_lu_x"', "bonus[8].hand", "expected one of"),
        ('position = "front"\nchi = 6', 'position = "back"\nchi = 6', "bonus[10].position",
         'expected a position that hand can be held in: front, got "back"'),
        ('rule = "pairwise"', 'rule = "always"', "aces.rule", "expected one of none, pairwise, per_ace"),
        ("chi = 78", 'chi = "lots"', "natural[0].chi", "expected a whole number"),
    ],
)
def test_each_bad_value_is_reported_with_its_key(old, new, key, fragment):
    text = good_text()
    assert old in text
    with pytest.raises(RuleSetError) as info:
        parse_rule_set(text.replace(old, new, 1))
    problems = dict(info.value.problems)
    assert key in problems and fragment in problems[key]


def test_several_problems_reported_together_and_toml_syntax():
    text = good_text().replace('value = "second"', 'value = "x"').replace("penalty = 3", "penalty = true")
    with pytest.raises(RuleSetError) as info:
        parse_rule_set(text)
    assert {k for k, _ in info.value.problems} == {"wheel.value", "foul.penalty"}
    with pytest.raises(RuleSetError, match="toml"):
        parse_rule_set("id = ")


# --------------------------------------------------------------------------- ranges, limits, hostile text (issue 13)

AMOUNTS = [
    ("[chi_win]\nvalue = 1", "[chi_win]\nvalue = {}", "chi_win.value"),
    ("penalty = 3", "penalty = {}", "foul.penalty"),
    ("sweep_multiplier = 2", "sweep_multiplier = {}", "scoop.sweep_multiplier"),
    ("[bonus_clash]\nmultiplier = 2", "[bonus_clash]\nmultiplier = {}", "bonus_clash.multiplier"),
    ("chi = 10", "chi = {}", "bonus[0].chi"),
    ("chi = 78", "chi = {}", "natural[0].chi"),
]


@pytest.mark.parametrize(("old", "new", "key"), AMOUNTS, ids=[a[2] for a in AMOUNTS])
def test_every_amount_has_a_range_named_in_the_message(old, new, key):
    limits = key.split("[")[0] + ".chi" if "[" in key else key
    low, high = AMOUNT_RANGES[limits]
    text = good_text()
    assert old in text
    assert parse_rule_set(text.replace(old, new.format(high), 1))  # the bounds themselves are fine
    assert parse_rule_set(text.replace(old, new.format(low), 1))
    for bad in (high + 1, low - 1, 2**62, 2**63):
        with pytest.raises(RuleSetError) as info:
            parse_rule_set(text.replace(old, new.format(bad), 1))
        assert dict(info.value.problems)[key] == f"expected a whole number from {low} to {high}, got {bad}"


def test_scoop_multipliers_have_a_range():
    text = good_text()
    old = "multipliers = [2, 2, 2]"
    assert parse_rule_set(text.replace(old, "multipliers = [10, 10, 10]"))
    with pytest.raises(RuleSetError) as info:
        parse_rule_set(text.replace(old, "multipliers = [2, 2, 9223372036854775807]"))
    assert dict(info.value.problems)["scoop.multipliers"].startswith("expected three whole numbers from 1 to 10")


def test_the_ranges_admit_every_source_and_instant_wins_of_a_few_hundred_chi():
    assert AMOUNT_RANGES["natural.chi"][1] >= 300
    for rule_set_id in RULE_SET_IDS:
        rs = load_rule_set(rule_set_id)
        assert all(AMOUNT_RANGES["natural.chi"][0] <= n.chi <= AMOUNT_RANGES["natural.chi"][1] for n in rs.naturals)


def test_texts_have_a_length_limit():
    text = good_text()
    long_name = "x" * (TEXT_LIMITS["name"] + 1)
    with pytest.raises(RuleSetError) as info:
        parse_rule_set(text.replace('vi = "Mậu binh chi Át"', f'vi = "{long_name}"', 1))
    assert "name" in dict(info.value.problems)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("a = " + "[" * 5000 + "]" * 5000, "nested too deeply"),
        ("a = " + "9" * 5000, "cannot be read"),
        ("# " + "x" * MAX_RULES_CHARS, "too long"),
        ("id = \n", "line 1"),
    ],
    ids=["deep", "huge integer", "too long", "syntax"],
)
def test_hostile_text_is_a_rule_set_error_on_the_toml_key(text, fragment):
    with pytest.raises(RuleSetError) as info:
        parse_rule_set(text)
    (key, message), = info.value.problems
    assert key == "toml" and fragment in message


def test_a_house_file_may_name_its_source_by_id():
    text = good_text().replace('source_file = "000_e3deb09030ee7e6a.txt"', 'based_on = "chi-at"')
    assert parse_rule_set(text).source_file == load_rule_set("chi-at").source_file
    with pytest.raises(RuleSetError) as info:
        parse_rule_set(text.replace('based_on = "chi-at"', 'based_on = "chi-ac"'))
    assert "based_on" in dict(info.value.problems)


def test_hash_agrees_with_equality_names_included():
    from dataclasses import replace

    chi_at = load_rule_set("chi-at")
    renamed = replace(chi_at, names={"vi": "Khác", "en": "Other"})
    rechi = replace(chi_at, positions={**chi_at.positions})
    assert renamed != chi_at and hash(renamed) != hash(chi_at)
    assert rechi == chi_at and hash(rechi) == hash(chi_at)
    assert parse_rule_set(good_text()) == chi_at and hash(parse_rule_set(good_text())) == hash(chi_at)


def test_a_kept_hash_is_never_pickled_nor_copied_to_an_edited_rule_set():
    import os
    import pickle
    import subprocess
    import sys
    from dataclasses import replace
    from pathlib import Path

    chi_at = load_rule_set("chi-at")
    first = hash(chi_at)
    assert hash(chi_at) == first and "_hash" in vars(chi_at)  # kept after the first
    # another process hashes strings differently: the pickle carries no hash, the reader makes its own
    read = pickle.loads(pickle.dumps(chi_at))
    assert "_hash" not in vars(read) and read == chi_at and hash(read) == first
    code = ("import pickle, sys; from maubinh import load_rule_set; r = pickle.loads(sys.stdin.buffer.read()); "
            "print(r == load_rule_set('chi-at') and hash(r) == hash(load_rule_set('chi-at')))")
    shown = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(chi_at), capture_output=True, check=True,
                           cwd=Path(__file__).resolve().parents[2], env={**os.environ, "PYTHONHASHSEED": "123"})
    assert shown.stdout.strip() == b"True"
    edited = replace(chi_at, chi_win=2)
    assert "_hash" not in vars(edited) and hash(edited) != first
