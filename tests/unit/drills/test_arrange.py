"""Drill "set it yourself": grading against the solver on the same deals, the cost per chi, live fouls."""

from __future__ import annotations

import random

import pytest

from maubinh.arrangement import Arrangement, is_foul
from maubinh.bands import grade
from maubinh.cards import FULL_DECK, parse_cards
from maubinh.drills import Level, assess, partial_foul
from maubinh.drills.arrange import LEVELS, make_arrange_question
from maubinh.drills.sampling import expected, split_of, table_scores
from maubinh.rules import RULE_SET_IDS, Position, load_rule_set
from maubinh.settle import ItemKind
from maubinh.strategy.arrangers import arrange_simple, random_split, sort_and_split

CASES = [(level, RULE_SET_IDS[(seed + i) % 4], seed) for i, level in enumerate(Level) for seed in range(4)]


@pytest.mark.parametrize(("level", "rule_set_id", "seed"), CASES)
def test_grades_agree_with_expected_value_and_add_up(level: Level, rule_set_id: str, seed: int) -> None:
    rule_set = load_rule_set(rule_set_id)
    q = make_arrange_question(seed, rule_set, level)
    assert q.tolerance == LEVELS[level].tolerance and not is_foul(q.best, rule_set)
    best = assess(q, q.best, rule_set)
    assert best.cost == 0 and best.correct and best.foul is None
    others = [arrange_simple(q.cards, rule_set), sort_and_split(q.cards), random_split(q.cards, random.Random(seed))]
    ev = expected([q.best, *others], q.opponents, rule_set)  # the vectorised path (maubinh.strategy.vector)
    for arrangement, result in zip(others, ev[1:]):
        graded = assess(q, arrangement, rule_set)  # deal by deal with settle_facts
        assert graded.mine.mean == pytest.approx(result.mean, abs=1e-9)
        assert graded.cost == pytest.approx(ev[0].mean - result.mean, abs=1e-9)
        assert graded.cost_stderr == pytest.approx(ev[0].diffs_stderr[others.index(arrangement) + 1], rel=1e-6)
        assert sum(graded.mine.lines.values()) == pytest.approx(graded.mine.mean, abs=1e-9)
        assert sum(graded.cost_of(line) for line in {*graded.mine.lines, *graded.best.lines}) == pytest.approx(
            graded.cost, abs=1e-9)
        assert graded.grade == grade(graded.cost, graded.cost_stderr)  # the one scale
        assert graded.correct == (graded.foul is None and graded.grade.band.at_least(LEVELS[level].passing))
        if graded.foul is not None:
            assert graded.mine.lines.get(ItemKind.FOUL, 0.0) < 0 and not graded.correct


def test_levels_pick_hands_by_how_costly_the_plain_split_is() -> None:
    rule_set = load_rule_set("chi-at")
    for level in (Level.BEGINNER, Level.EXPERT):
        low, high = LEVELS[level].trap
        for seed in range(3):
            q = make_arrange_question(seed, rule_set, level)
            hand, scores = table_scores(q.cards, rule_set)
            trap = float(scores.max() - scores[split_of(hand, arrange_simple(q.cards, rule_set))])
            assert low <= trap <= high


def test_other_cards_are_refused() -> None:
    rule_set = load_rule_set("guide-2026")
    q = make_arrange_question(1, rule_set, Level.INTERMEDIATE)
    stranger = next(card for card in FULL_DECK if card not in q.cards)
    other = Arrangement.from_cards([*q.best.cards[:12], stranger])
    with pytest.raises(ValueError, match="13 cards dealt"):
        assess(q, other, rule_set)


def test_partial_foul_flags_complete_chi_only() -> None:
    rule_set = load_rule_set("chi-at")
    p = parse_cards
    assert partial_foul({Position.BACK: p("Ks Kd 9c 8s 2h"), Position.MIDDLE: p("As Ad Ac 7h")}, rule_set) is None
    assert partial_foul({Position.BACK: p("Ks Kd 9c 8s 2h"), Position.MIDDLE: p("As Ad Ac 7h 7d")},
                        rule_set) == (Position.BACK, Position.MIDDLE)
    assert partial_foul({Position.MIDDLE: p("Ks Qd 9c 8s 2h"), Position.FRONT: p("7h 7d 2c")},
                        rule_set) == (Position.MIDDLE, Position.FRONT)
    assert partial_foul({Position.BACK: p("Ks Qd 9c 8s 2h"), Position.FRONT: p("7h 7d 2c")},
                        rule_set) == (Position.BACK, Position.FRONT)
    wheel = {Position.BACK: p("As 2d 3c 4h 5s"), Position.MIDDLE: p("9s Td Jc Qh Kd")}
    assert partial_foul(wheel, rule_set) is None
    assert partial_foul(wheel, load_rule_set("luckywin")) == (Position.BACK, Position.MIDDLE)


def test_the_key_is_the_best_of_every_split_scored_on_independent_deals() -> None:
    # issue 14: chosen on one sample, scored on another (never flattered by the deals that chose it).
    from maubinh.drills.arrange import LEVELS as ARRANGE_LEVELS
    from maubinh.drills.arrange import make_arrange_question
    from maubinh.drills.sampling import breakdown
    from maubinh.strategy.field import best_splits, sample_field
    from maubinh.strategy.vector import hand_splits

    rule_set = load_rule_set("guide-2026")
    q = make_arrange_question(3, rule_set, Level.MASTER)
    samples = ARRANGE_LEVELS[Level.MASTER].samples
    assert q.opponents.samples == samples and q.opponents.seed % 2 == 1
    choose = sample_field(q.cards, rule_set, opponents=1, samples=samples, seed=q.opponents.seed - 1)
    rows, _ = best_splits(choose)
    assert str(hand_splits(q.cards, rule_set).arrangement(int(rows[0]))) == str(q.best)
    assert q.best_breakdown.mean == pytest.approx(breakdown(q.best, q.opponents, rule_set).mean)
