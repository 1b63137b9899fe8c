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
from maubinh.rules import RULESET_DIR


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
        ("penalty = 3", "penalty = -1", "foul.penalty", "expected a whole number >= 0"),
        ("multipliers = [2, 2, 2]", "multipliers = [2, 2]", "scoop.multipliers", "expected 3 whole numbers"),
        ('hand = "cu_lu"', 'hand = "cu_lu_x"', "bonus[8].hand", "expected one of"),
        ('position = "front"\nchi = 6', 'position = "back"\nchi = 6', "bonus[10].position", "cannot be held in back"),
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
