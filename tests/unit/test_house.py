"""House rules (issue 7): save then load gives the same rule set; every kind of bad file value gets its
own message naming the key and what was expected; a house rule set equal to a source settles every deal
exactly as that source; edits, diffs and links do what they say."""

from __future__ import annotations

import random

import pytest
import tomli_w

from maubinh import RULE_SET_IDS, Arrangement, ItemKind, load_rule_set, parse_rule_set, settle
from maubinh.cards import FULL_DECK, parse_cards
from maubinh.house import (
    BONUS_SLOTS,
    EDITABLE_KEYS,
    Difference,
    ExpectedKind,
    HouseRulesError,
    base_source,
    check_house_rules,
    diff,
    dump_rule_set,
    edit,
    from_link_token,
    house_id,
    link_token,
    load_house_rules,
    rule_set_data,
    values_of,
)
from maubinh.rules import Provenance
from maubinh.strategy.arrangers import arrange_simple, random_legal, random_split
from maubinh.strategy.solver import solve

A = Arrangement.parse
NAMES = {"vi": "Luật nhà", "en": "House rules"}


def house_copy(rule_set_id: str):
    """A house rule set with a source's values and nothing changed."""
    return edit(load_rule_set(rule_set_id), {}, rule_set_id="nha", names=NAMES)


# Every editable value changed at once, away from chi-at's.
EVERYTHING = {
    "positions": (("Chi cuối", "Chi cuối (back)"), ("Chi giữa", "Chi giữa (middle)"), ("Chi đầu", "Chi đầu (front)")),
    "wheel.value": "lowest",
    "order.strict": True,
    "chi_win.value": 2,
    "foul.penalty": 6,
    "foul.as_scooped": True,
    "scoop.multipliers": (2, 3, 4),
    "scoop.sweep_multiplier": 1,
    "bonus_clash.multiplier": 3,
    "bonus.tu_quy.back": None,
    "bonus.cu_lu.back": 2,
    "bonus.thung_pha_sanh_ha.middle": 15,
    "bonus.sam_co.front": 5,
    "natural.rong_cuon": 50,
    "natural.ba_tu_quy": 30,
    "natural.dong_mau_12": None,
    "naturals.order": ("ba_tu_quy", "sanh_rong", "rong_cuon"),
    "naturals.versus": "rank",
    "several_patterns.rule": "highest_listed",
    "aces.rule": "per_ace",
    "aces.exclude_bonus_four_aces": True,
}


# --------------------------------------------------------------------------- round trips


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_every_source_written_and_read_back_is_the_same_rule_set(rule_set_id):
    source = load_rule_set(rule_set_id)
    text = dump_rule_set(source)
    assert parse_rule_set(text) == source
    again = parse_rule_set(text)
    assert again.provenance == source.provenance and again.names == source.names


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_house_rules_save_then_load_gives_the_same_rule_set(rule_set_id):
    house = edit(load_rule_set(rule_set_id), EVERYTHING, rule_set_id="nha-toi", names=NAMES)
    loaded = load_house_rules(dump_rule_set(house))
    assert loaded == house
    assert values_of(loaded) == values_of(house)
    assert loaded.provenance == house.provenance
    assert [b.provenance for b in loaded.bonuses] == [b.provenance for b in house.bonuses]
    assert dump_rule_set(loaded) == dump_rule_set(house)


def test_every_editable_key_is_changed_by_the_round_trip_case():
    changed = {d.key for d in diff(load_rule_set("chi-at"), edit(load_rule_set("chi-at"), EVERYTHING))}
    slots = {k for k in EDITABLE_KEYS if not k.startswith(("bonus.", "natural."))}
    assert slots <= changed
    assert any(k.startswith("bonus.") for k in changed) and any(k.startswith("natural.") for k in changed)


# --------------------------------------------------------------------------- equal to a source


def _tables(rng: random.Random, rule_set):
    """Deals of 2-4 players: random splits (many foul), random legal ones, the solver's, and simple ones."""
    seats = rng.choice((2, 3, 4))
    cards = rng.sample(FULL_DECK, 13 * seats)
    hands = [cards[13 * s : 13 * s + 13] for s in range(seats)]
    style = rng.randrange(4)
    if style == 0:
        return [random_split(h, rng) for h in hands]
    if style == 1:
        return [random_legal(h, rule_set, rng) for h in hands]
    if style == 2:
        return [solve(h, rule_set) for h in hands]
    return [arrange_simple(h, rule_set) for h in hands]


SPECIAL_TABLES = [
    # six pairs (instant win) against three flushes (instant win) against a foul and a legal hand
    [A("Jh Jc 9h 9c Ah", "6h 6c 5h 5c 2h", "4h 4c 2d"),
     A("As Ks Qs 9s 7s", "Ad Kd Qd 8d 6d", "Kc Qc 3c"),
     A("Ts Td 3s 3d 2s", "Th Tc 8s 8h 7h", "Ac 9d 5d"),
     A("7c 7d 5s 4s 3h", "Jd Js 8c 6s 4d", "Qh Kh 2c")],
    # four aces and a straight flush against trips in the front: bonuses, chặt chồng, the ace rule
    [A("As Ad Ac Ah 2c", "9s Ts Js Qs Ks", "7d 7c 7h"),
     A("2d 2h 2s 3c 3d", "4h 5h 6h 7s 8c", "Kc Kd Kh"),
     A("Jd Jh Jc Td Th", "9d 9h 9c 5c 5d", "Qc Qd 6c")],
]


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_a_house_rule_set_equal_to_a_source_settles_every_deal_exactly_as_that_source(rule_set_id):
    source = load_rule_set(rule_set_id)
    house = house_copy(rule_set_id)
    loaded = load_house_rules(dump_rule_set(house))
    assert diff(source, house) == () and diff(source, loaded) == ()
    rng = random.Random(rule_set_id)
    tables = [_tables(rng, source) for _ in range(150)] + SPECIAL_TABLES
    kinds = set()
    for arrangements in tables:
        expected = settle(arrangements, source)
        assert settle(arrangements, house) == expected
        assert settle(arrangements, loaded) == expected
        kinds |= {item.kind for pair in expected.pairs for item in pair.items}
    # The deals reach the rules that can differ: plain chi, fouls, instant wins, bonuses.
    assert {ItemKind.CHI, ItemKind.FOUL, ItemKind.NATURAL, ItemKind.BONUS} <= kinds


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_the_solver_sets_an_unchanged_house_rule_set_as_its_source(rule_set_id):
    source, house = load_rule_set(rule_set_id), house_copy(rule_set_id)
    rng = random.Random(7)
    for _ in range(15):
        cards = rng.sample(FULL_DECK, 13)
        assert solve(cards, house) == solve(cards, source)


# --------------------------------------------------------------------------- bad files

GOOD = dump_rule_set(edit(load_rule_set("chi-at"), {}, rule_set_id="nha-toi", names=NAMES))
CHOICES_WHEEL = "one of lowest, second"


def _with(old: str, new: str) -> str:
    assert old in GOOD, old
    return GOOD.replace(old, new, 1)


def _without_table(name: str) -> str:
    start = GOOD.index(f"[{name}]")
    end = GOOD.index("\n[", start + 1)
    return GOOD[:start] + GOOD[end + 1 :]


BAD_FILES = {
    "not TOML": (_with("penalty = 3", "penalty = = 3"), "toml", ExpectedKind.TOML, None),
    "missing table": (_without_table("foul"), "foul", ExpectedKind.TABLE,
                      "missing: expected a table"),
    "missing value": (_with("penalty = 3\n", ""), "foul.penalty", ExpectedKind.WHOLE_NUMBER,
                      "missing: expected a whole number from 0 to 100"),
    "text for a number": (_with("penalty = 3", 'penalty = "six"'), "foul.penalty", ExpectedKind.WHOLE_NUMBER,
                          'expected a whole number from 0 to 100, got "six"'),
    "negative number": (_with("penalty = 3", "penalty = -2"), "foul.penalty", ExpectedKind.WHOLE_NUMBER,
                        "expected a whole number from 0 to 100, got -2"),
    "fraction": (_with("chi = 10\n", "chi = 2.5\n"), "bonus[0].chi", ExpectedKind.WHOLE_NUMBER,
                 "expected a whole number from 1 to 200, got 2.5"),
    "zero multiplier": (_with("[bonus_clash]\nmultiplier = 2", "[bonus_clash]\nmultiplier = 0"), "bonus_clash.multiplier",
                        ExpectedKind.WHOLE_NUMBER, "expected a whole number from 1 to 10, got 0"),
    "unknown choice": (_with('value = "second"', 'value = "middle"'), "wheel.value", ExpectedKind.ONE_OF,
                       f'expected {CHOICES_WHEEL}, got "middle"'),
    "two multipliers": (_with("multipliers = [\n    2,\n    2,\n    2,\n]", "multipliers = [2, 2]"),
                        "scoop.multipliers", ExpectedKind.THREE_WHOLE_NUMBERS,
                        "expected three whole numbers from 1 to 10, got [2, 2]"),
    "yes for true": (_with("exclude_bonus_four_aces = false", 'exclude_bonus_four_aces = "yes"'),
                     "aces.exclude_bonus_four_aces", ExpectedKind.TRUE_FALSE, 'expected true or false, got "yes"'),
    "mistyped key": (_with("[foul]\npenalty = 3", "[foul]\npenalty = 3\npenalti = 6"), "foul.penalti",
                     ExpectedKind.KNOWN_KEY,
                     "expected one of the known keys penalty, as_scooped, source, reading, house_default, other_reading, got 6"),
    "unknown hand": (_with('hand = "tu_quy_a"', 'hand = "tu_quy_k"'), "bonus[4].hand", ExpectedKind.ONE_OF,
                     None),
    "hand where it cannot be": (_with('hand = "sam_co"\nposition = "front"', 'hand = "sam_co"\nposition = "back"'),
                                "bonus[10].position", ExpectedKind.POSITION_FOR_HAND,
                                'expected a position that hand can be held in: front, got "back"'),
    "bonus twice": (_with('hand = "tu_quy"\nposition = "middle"', 'hand = "tu_quy"\nposition = "back"'),
                    "bonus[7]", ExpectedKind.LISTED_ONCE, None),
    "instant win twice": (_with('pattern = "bon_sam"', 'pattern = "rong_cuon"'), "natural[1]",
                          ExpectedKind.LISTED_ONCE, None),
    "unknown instant win": (_with('pattern = "bon_sam"', 'pattern = "bon_doi"'), "natural[1].pattern",
                            ExpectedKind.ONE_OF, None),
    "a source's id": (_with('id = "nha-toi"', 'id = "chi-at"'), "id", ExpectedKind.OWN_ID, None),
    "id with spaces": (_with('id = "nha-toi"', 'id = "Nhà tôi"'), "id", ExpectedKind.OWN_ID, None),
    "unknown source": (_with('based_on = "chi-at"', 'based_on = "chi-ac"'),
                       "based_on", ExpectedKind.SOURCE_FILE, None),
    "unknown source file (an older file)": (_with('based_on = "chi-at"', 'source_file = "mine.txt"'),
                                            "source_file", ExpectedKind.SOURCE_FILE, None),
    "name in one language": (_with('[name]\nvi = "Luật nhà"\nen = "House rules"', '[name]\nvi = "Luật nhà"'),
                             "name", ExpectedKind.LANGUAGE_TEXTS, None),
    "not a list of tables": (_with('id = "nha-toi"', 'id = "nha-toi"\nbonus = 3').replace("[[bonus]]", "[[bonuses]]"),
                             "bonus", ExpectedKind.LIST_OF_TABLES,
                             None),
}


@pytest.mark.parametrize("case", BAD_FILES, ids=list(BAD_FILES))
def test_each_kind_of_bad_value_gets_its_own_message(case):
    text, key, kind, message = BAD_FILES[case]
    rule_set, problems = check_house_rules(text)
    assert rule_set is None
    found = [p for p in problems if p.key == key]
    assert found, [(p.key, p.message) for p in problems]
    assert found[0].expected.kind is kind
    if message is not None:
        assert found[0].message == message
    with pytest.raises(HouseRulesError) as raised:
        load_house_rules(text)
    assert (key, found[0].message) in raised.value.problems


def test_a_syntax_error_says_where():
    _, (problem,) = check_house_rules(BAD_FILES["not TOML"][0])
    assert "line" in problem.message


def test_every_wrong_value_is_reported_not_only_the_first():
    text = GOOD.replace("penalty = 3", "penalty = -1").replace('value = "second"', 'value = "x"')
    text = text.replace('rule = "pairwise"', 'rule = "all"')
    _, problems = check_house_rules(text)
    assert [p.key for p in problems] == ["wheel.value", "foul.penalty", "aces.rule"]


def test_every_message_names_what_was_expected():
    for case, (text, *_rest) in BAD_FILES.items():
        _, problems = check_house_rules(text)
        for problem in problems:
            if problem.expected.kind is not ExpectedKind.TOML:
                assert "expected" in problem.message, (case, problem)


def test_the_good_file_loads():
    rule_set, problems = check_house_rules(GOOD)
    assert problems == () and rule_set is not None and rule_set.id == "nha-toi"


# --------------------------------------------------------------------------- edit and diff


def test_diff_chi_at_against_tinh_chi_follows_the_digest():
    found = {d.key: (d.before, d.after) for d in diff(load_rule_set("chi-at"), load_rule_set("tinh-chi"))}
    # digest §2.2, 2.3, 2.4, 2.5, 2.6
    assert "wheel.value" not in found  # both second (tinh-chi: reading revised)
    assert found["scoop.multipliers"] == ((2, 2, 2), (2, 3, 4))
    assert found["scoop.sweep_multiplier"] == (2, 1)
    assert found["bonus_clash.multiplier"] == (2, 1)
    assert found["bonus.thung_pha_sanh_ha.back"] == (None, 7)
    assert found["bonus.cu_lu.middle"] == (4, 2)
    assert found["bonus.sam_co.front"] == (6, 3)
    assert found["natural.rong_cuon"] == (78, 39)
    assert found["natural.sanh_rong"] == (39, 13)  # chi-at: "13 chi / 1 chi" read as 13 x 3
    assert "natural.dong_mau_12" not in found  # 3 x 3 = 9 in both
    assert found["natural.bon_sam"] == (75, None)
    assert found["aces.rule"] == ("pairwise", "per_ace")
    assert found["aces.exclude_bonus_four_aces"] == (False, True)
    assert "foul.penalty" not in found  # 3 in both
    assert "bonus.tu_quy_a.back" not in found  # 12 in both


def test_an_edit_marks_what_changed_and_keeps_the_rest():
    source = load_rule_set("luckywin")

    def mark(slot, changes):
        return Provenance(f"{slot}: " + ", ".join(f"{c.before}->{c.after}" for c in changes))

    house = edit(source, {"foul.penalty": 6, "bonus.cu_lu.middle": 3, "scoop.sweep_multiplier": 2},
                 rule_set_id="x", names=NAMES, mark=mark)
    assert house.provenance["foul"] == Provenance("foul: 3->6")
    assert house.scoop.provenance == house.provenance["scoop"] == Provenance("scoop: 1->2")
    assert house.bonus(*_slot("cu_lu", "middle")).provenance == Provenance("bonus.cu_lu.middle: 2->3")
    assert house.bonus(*_slot("tu_quy", "back")).provenance == source.bonus(*_slot("tu_quy", "back")).provenance
    assert house.provenance["wheel"] == source.provenance["wheel"]
    assert diff(source, house) == (
        Difference("foul.penalty", 3, 6),
        Difference("scoop.sweep_multiplier", 1, 2),
        Difference("bonus.cu_lu.middle", 2, 3),
    )


def _slot(hand, position):
    from maubinh.rules import BonusHand, Position

    return BonusHand(hand), Position(position)


def test_edited_values_change_the_settlement():
    x = A("Ks Kd 9c 8s 2h", "As Ad Ac 7h 7d", "Qs Qc 3d")  # binh lủng
    y = A("Ts Td 4c 4h 2d", "9s 9d 6c 5s 3h", "8h 7c 2c")
    guide = load_rule_set("guide-2026")
    assert settle([x, y], guide).totals == (-6, 6)
    house = edit(guide, {"foul.penalty": 4}, rule_set_id="bon", names=NAMES)
    assert settle([x, y], house).totals == (-4, 4)


def test_removing_and_adding_bonuses():
    quads = A("Ks Kd Kc Kh 7d", "Qs Qd 9c 8s 2h", "Js Jc 3d")
    other = A("Ts Td 4c 4h 2d", "9s 9d 6c 5s 3h", "8h 7c 2c")
    guide = load_rule_set("guide-2026")
    assert settle([quads, other], guide).totals == (6, -6)  # tứ quý at the back: 4
    without = edit(guide, {"bonus.tu_quy.back": None}, rule_set_id="x", names=NAMES)
    assert settle([quads, other], without).totals == (3, -3)
    full_house = A("Ks Kd Kc 7h 7d", "Qs Qd 9c 8s 2h", "Js Jc 3d")
    assert settle([full_house, other], guide).totals == (3, -3)
    added = edit(guide, {"bonus.cu_lu.back": 3}, rule_set_id="x", names=NAMES)
    assert settle([full_house, other], added).totals == (5, -5)
    assert len(added.bonuses) == len(guide.bonuses) + 1


def test_the_order_of_instant_wins_decides_two_of_them():
    six_pairs = A("Jh Jc 9h 9c Ah", "6h 6c 5h 5c 2h", "4h 4c 2d")
    three_flushes = A("As Ks Qs 9s 7s", "Ad Kd Qd 8d 6d", "Kc Qc 3c")
    # versus "rank"; the source lists three flushes before lục phé bôn (digest §2.4, revised again)
    guide = load_rule_set("guide-2026")
    order = values_of(guide)["naturals.order"]
    assert order.index("ba_thung") < order.index("luc_phe_bon")
    assert settle([six_pairs, three_flushes], guide).totals[0] < 0
    swapped = [p for p in order if p != "luc_phe_bon"]
    swapped.insert(swapped.index("ba_thung"), "luc_phe_bon")
    house = edit(guide, {"naturals.order": tuple(swapped)}, rule_set_id="x", names=NAMES)
    assert [d.key for d in diff(guide, house)] == ["naturals.order"]
    assert settle([six_pairs, three_flushes], house).totals[0] > 0
    even = edit(guide, {"naturals.versus": "none"}, rule_set_id="x", names=NAMES)
    assert settle([six_pairs, three_flushes], even).totals == (0, 0)


def test_bad_edits_name_the_key():
    chi_at = load_rule_set("chi-at")
    with pytest.raises(HouseRulesError) as raised:
        edit(chi_at, {"foul.penalty": -1, "scoop.multipliers": (2, 0, 2), "wheel.value": "top"})
    assert [key for key, _ in raised.value.problems] == ["wheel.value", "foul.penalty", "scoop.multipliers"]
    with pytest.raises(HouseRulesError) as raised:
        edit(chi_at, {"foul.penalty_x": 1})
    assert raised.value.problems[0][0] == "foul.penalty_x"


def test_bonus_slots_follow_the_hand_sizes():
    assert len(BONUS_SLOTS) == 14
    assert all((position.value == "front") == hand.value.startswith("sam_co") for hand, position in BONUS_SLOTS)


# --------------------------------------------------------------------------- ids, sources and links


def test_house_ids():
    assert house_id("Luật nhà Tư Đen!") == "luat-nha-tu-den"
    assert house_id("luckywin") == "house-luckywin"
    assert house_id("???") == "house"
    assert len(house_id("x" * 100)) <= 40


def test_base_source_comes_from_the_source_file():
    for rule_set_id in RULE_SET_IDS:
        assert base_source(house_copy(rule_set_id)) == rule_set_id


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_a_link_carries_the_house_rules(rule_set_id):
    house = edit(load_rule_set(rule_set_id), EVERYTHING, rule_set_id="nha-toi", names=NAMES)
    token = link_token(house)
    assert len(token) < 800
    back = from_link_token(token)
    assert values_of(back) == values_of(house)
    assert (back.id, back.names) == ("nha-toi", NAMES)
    unchanged = from_link_token(link_token(house_copy(rule_set_id)))
    assert diff(load_rule_set(rule_set_id), unchanged) == ()


@pytest.mark.parametrize("token", ["", "abc", "eJzLSM3JyQcABiwCFQ", "!!!"])
def test_a_broken_link_is_named(token):
    with pytest.raises(HouseRulesError) as raised:
        from_link_token(token)
    assert raised.value.problems[0][0] == "link"


def test_the_settled_instant_win_uses_the_house_amount():
    six_pairs = A("Jh Jc 9h 9c Ah", "6h 6c 5h 5c 2h", "4h 4c 2d")
    other = A("Ts Td 4s 4d 2s", "9s 9d 6s 5s 3h", "8h 7c 2c")
    house = edit(load_rule_set("chi-at"), {"natural.luc_phe_bon": 10, "aces.rule": "none"},
                 rule_set_id="x", names=NAMES)
    assert settle([six_pairs, other], house).totals == (10, -10)
    assert parse_cards("As")  # the card parser is the one the files use


# --------------------------------------------------------------------------- which one pattern (digest §2.4, December 2026)


def test_the_several_patterns_rule_is_checked_and_a_file_without_it_pays_the_most():
    from maubinh.rules import SeveralPatterns

    house = edit(load_rule_set("luckywin"), {"foul.penalty": 4}, rule_set_id="nha-toi", names=NAMES)
    text = dump_rule_set(house)
    assert 'rule = "highest_listed"' in text
    rule_set, problems = check_house_rules(text.replace('rule = "highest_listed"', 'rule = "first"'))
    assert rule_set is None and [(p.key, p.expected.choices) for p in problems] == [
        ("several_patterns.rule", ("highest_listed", "paid_most"))]
    # A file saved before the value existed has no table: the pattern paid most, as such files were paid.
    data = rule_set_data(house)
    del data["several_patterns"]
    old = load_house_rules(tomli_w.dumps(data))
    assert old.several_patterns is SeveralPatterns.PAID_MOST
    assert old.provenance["several_patterns"].reading is not None  # shown as a reading there too


def test_a_rule_set_version_digests_the_rule_only_where_it_differs_from_a_file_without_it():
    # The canonical data leaves out [several_patterns] at paid_most (what a file without it reads as), so the
    # sources that pay the most keep the digest they had before the value existed; luckywin's changes.
    for rule_set_id in RULE_SET_IDS:
        source = load_rule_set(rule_set_id)
        canonical = rule_set_data(source, canonical=True)
        assert ("several_patterns" in canonical) is (rule_set_id == "luckywin")
        assert parse_rule_set(dump_rule_set(source, canonical=True)).several_patterns is source.several_patterns
