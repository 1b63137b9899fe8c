"""Themes (maubinh.drills.themes): hand-checked splits and questions for each theme, stored text round trips."""

from __future__ import annotations

import pytest

from maubinh.arrangement import Arrangement
from maubinh.drills import DrillSet, Kind, Level, make_question
from maubinh.drills.sampling import Breakdown
from maubinh.drills.themes import (
    LESSONS,
    THEMES,
    Theme,
    chi_themes,
    foul_themes,
    natural_themes,
    parse_themes,
    settle_themes,
    split_themes,
    themes_text,
)
from maubinh.rules import POSITIONS, load_rule_set
from maubinh.settle import ItemKind

RULES = load_rule_set("chi-at")


def _split(back: str, middle: str, front: str) -> Arrangement:
    return Arrangement.parse(back, middle, front)


def _lines(mean: float, **extra: float) -> Breakdown:
    """A breakdown whose deals all win ``mean`` chi (rounded to whole chi per deal over 10 deals), with extra lines."""
    lines: dict[object, float] = {position: 0.0 for position in POSITIONS}
    lines.update({ItemKind[name.upper()]: value for name, value in extra.items()})
    total = round(mean * 10)
    totals = tuple([1] * total + [0] * (10 - total)) if total >= 0 else tuple([-1] * -total + [0] * (10 + total))
    return Breakdown(lines, totals, {p: (0.0, 1.0, 0.0) for p in POSITIONS})  # type: ignore[arg-type]


def test_pair_kept_in_front_against_a_stronger_middle() -> None:
    # front 10-10-4 (a pair) with a middle pair of jacks, against front 6-4-3 with jacks and tens in the middle
    kept = _split("Ks Kd Kc 8s 2h", "Js Jd 7c 6h 3d", "Th Tc 4s")
    strong = _split("Ks Kd Kc 8s 2h", "Js Jd Th Tc 7c", "6h 4s 3d")
    assert split_themes(kept, strong, RULES) == (Theme.PAIR_FRONT,)
    assert split_themes(strong, kept, RULES) == (Theme.PAIR_FRONT,)


def test_breaking_a_straight() -> None:
    # a 9-high straight in the back, two pairs in the middle; or the straight broken for two pairs in the back
    straight = _split("9s 8d 7c 6h 5d", "Ks Kd Qs Qd 2c", "Jc 4h 3s")
    broken = _split("Ks Kd Qs Qd 9s", "Jc 8d 7c 6h 5d", "4h 3s 2c")
    assert split_themes(straight, broken, RULES) == (Theme.BREAK_RUN,)


def test_a_bonus_held_by_one_split_only() -> None:
    # chi-at pays 4 chi for a full house in the middle: 8-8-8-5-5 there, or trips in the middle and 5-5 in front
    full_house = _split("4s 4d 4c 4h Ah", "8d 8c 8h 5d 5c", "Kd Qh 2c")
    trips = _split("4s 4d 4c 4h Ah", "8d 8c 8h Kd Qh", "5d 5c 2c")
    assert split_themes(full_house, trips, RULES) == (Theme.PAIR_FRONT, Theme.BONUS)
    # guide-2026's bonus table is another: the theme follows the rule set's data
    assert (Theme.BONUS in split_themes(full_house, trips, load_rule_set("guide-2026"))) == any(
        b.hand.value == "cu_lu" and b.position.value == "middle" for b in load_rule_set("guide-2026").bonuses)


def test_a_foul_split_is_the_foul_theme_only() -> None:
    legal = _split("9s 8d 7c 6h 5d", "Ks Kd Qs Qd 2c", "Jc 4h 3s")
    fouled = _split("Jc 4h 3s 2c 5d", "Ks Kd Qs Qd 9s", "8d 7c 6h")  # the middle beats the back
    assert split_themes(legal, fouled, RULES) == (Theme.FOUL,)


def test_nothing_special_is_balancing_the_three_chi() -> None:
    a = _split("Ks Kd 9c 8s 2h", "Qs Jd 7c 6h 3d", "Th 5c 4s")
    b = _split("Ks Kd 9c 8s 3d", "Qs Jd 7c 6h 2h", "Th 5c 4s")
    assert split_themes(a, b, RULES) == (Theme.BALANCE,)


def test_scoop_and_aces_from_the_lines_when_they_make_up_the_gap() -> None:
    a = _split("Ks Kd 9c 8s 2h", "Qs Jd 7c 6h 3d", "Th 5c 4s")
    b = _split("Ks Kd 9c 8s 3d", "Qs Jd 7c 6h 2h", "Th 5c 4s")
    # 0.4 chi of scoops in a gap of 0.6: a theme (0.4 >= 0.25 and >= 0.6 / 3)
    assert split_themes(a, b, RULES, _lines(0.6, scoop=0.4), _lines(0.0)) == (Theme.SCOOP,)
    # 0.2 chi of scoops: below the 0.25 floor
    assert split_themes(a, b, RULES, _lines(0.6, scoop=0.2), _lines(0.0)) == (Theme.BALANCE,)
    # 0.3 chi of scoops in a gap of 1.0: less than a third of it
    assert split_themes(a, b, RULES, _lines(1.0, scoop=0.3), _lines(0.0)) == (Theme.BALANCE,)
    # the ace rule, from the losing side too
    assert split_themes(a, b, RULES, _lines(0.3), _lines(0.0, aces=-0.3)) == (Theme.ACES,)


def test_chi_foul_settle_natural_themes() -> None:
    assert chi_themes("category") == (Theme.RANKING,)
    assert chi_themes("kicker") == chi_themes("short_front") == chi_themes("tie") == (Theme.KICKERS,)
    assert chi_themes("wheel") == (Theme.READING, Theme.RANKING)
    assert foul_themes("kicker") == (Theme.FOUL, Theme.KICKERS)
    assert settle_themes(frozenset({ItemKind.CHI})) == (Theme.COUNTING,)
    assert settle_themes({ItemKind.SCOOP, ItemKind.BONUS, ItemKind.BOTH_FOUL}) == (
        Theme.FOUL, Theme.BONUS, Theme.SCOOP, Theme.COUNTING)
    assert natural_themes(True) == (Theme.NATURAL, Theme.READING)
    with pytest.raises(KeyError):
        chi_themes("luck")


def test_stored_text_round_trips_and_every_theme_has_a_lesson() -> None:
    assert themes_text((Theme.SCOOP, Theme.PAIR_FRONT, Theme.SCOOP)) == "pair_front,scoop"
    assert parse_themes(themes_text(THEMES)) == THEMES
    assert parse_themes("") == ()
    assert set(LESSONS) == set(THEMES)


@pytest.mark.parametrize("kind", [Kind.CHI, Kind.FOUL, Kind.SETTLE, Kind.NATURAL])
def test_every_quick_question_carries_its_themes(kind: Kind) -> None:
    """The kinds built in milliseconds, over many seeds at every level: never without a theme, and the themes of
    "which chi wins" follow its verdict."""
    seen: set[Theme] = set()
    for level in Level:
        drill_set = DrillSet((kind,), level, "chi-at", seed=11, count=25)
        for index in range(drill_set.count):
            question = make_question(drill_set, index)
            assert question.themes and question.themes == tuple(t for t in THEMES if t in question.themes)
            if kind is Kind.CHI:
                assert question.themes == chi_themes(question.verdict.decider.value)
            if kind is Kind.SETTLE:
                assert question.themes == settle_themes(question.found)
            seen.update(question.themes)
    expected = {Kind.CHI: {Theme.RANKING, Theme.KICKERS, Theme.READING}, Kind.FOUL: {Theme.FOUL},
                Kind.SETTLE: {Theme.COUNTING, Theme.SCOOP, Theme.FOUL}, Kind.NATURAL: {Theme.NATURAL}}[kind]
    assert expected <= seen


def test_a_better_question_is_tagged_from_its_better_and_runner_up_options() -> None:
    q = make_question(DrillSet((Kind.BETTER,), Level.BEGINNER, "guide-2026", seed=11, count=1), 0)
    assert q.themes == split_themes(q.options[q.key], q.options[q.runner_up], load_rule_set("guide-2026"),
                                    q.breakdowns[q.key], q.breakdowns[q.runner_up])
    assert q.themes
