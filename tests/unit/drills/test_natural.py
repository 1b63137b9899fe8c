"""Drill "spot the instant win": the key equals find_instant_win, confirmed by plain counting written here."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from maubinh.cards import Card
from maubinh.drills import Level
from maubinh.drills.natural import NEAR_MISSES, Build, make_natural_question
from maubinh.hands import Category, evaluate
from maubinh.naturals import find_instant_win, natural_split
from maubinh.rules import RULE_SET_IDS, NaturalPattern, RuleSet, SeveralPatterns, load_rule_set

SEEDS = range(80)


def _counted(cards: Sequence[Card]) -> set[NaturalPattern]:
    """The patterns that need no split, by counting (digest §2.4, with its reading on pairs)."""
    ranks = Counter(int(c.rank) for c in cards)
    red = sum(c.suit.is_red for c in cards)
    found = set()
    if len(ranks) == 13:
        found.add(NaturalPattern.SANH_RONG)
        if len({c.suit for c in cards}) == 1:
            found.add(NaturalPattern.RONG_CUON)
    if max(red, 13 - red) == 13:
        found.add(NaturalPattern.DONG_MAU_13)
    if max(red, 13 - red) == 12:
        found.add(NaturalPattern.DONG_MAU_12)
    odd = [n for n in ranks.values() if n % 2]
    if odd == [3]:
        found.add(NaturalPattern.NAM_DOI_SAM)
    if sum(n // 2 for n in ranks.values()) >= 6:
        found.add(NaturalPattern.LUC_PHE_BON)
    if sum(n >= 3 for n in ranks.values()) >= 4:
        found.add(NaturalPattern.BON_SAM)
    if sum(n == 4 for n in ranks.values()) >= 3:
        found.add(NaturalPattern.BA_TU_QUY)
    return found


def _shows(cards: Sequence[Card], pattern: NaturalPattern) -> bool:
    """A split pattern, checked on the split the engine offers: every chi one suit / a run / both."""
    split = natural_split(cards, pattern)
    if split is None:
        return False
    assert sorted(split.cards) == sorted(cards)
    suited = all(len({c.suit for c in chi}) == 1 for chi in (split.back, split.middle, split.front))

    def run(chi: Sequence[Card]) -> bool:  # consecutive ranks, the ace low (A-2-3, A-2-3-4-5) or high
        ranks = sorted(int(c.rank) for c in chi)
        low_ace = list(range(2, 1 + len(ranks))) + [14]
        return ranks == list(range(ranks[0], ranks[0] + len(ranks))) or ranks == low_ace

    straight = all(run(chi) for chi in (split.back, split.middle, split.front))
    if pattern is NaturalPattern.BA_THUNG:
        return suited
    if pattern is NaturalPattern.BA_SANH:
        return straight
    return suited and straight and all(
        evaluate(chi).category is Category.THUNG_PHA_SANH for chi in (split.back, split.middle)
    )


def _paid(cards: Sequence[Card], rule_set: RuleSet) -> NaturalPattern | None:
    """The hand's one pattern (digest §2.4, reading December 2026): the first listed one it matches where the
    rule set picks the highest listed (luckywin), otherwise the listed pattern paying most (ties: earlier in
    the list); six pairs yield to their own five-pairs-and-trips pattern where the rule set lists one."""
    listed = [rule for rule in rule_set.naturals]
    matched = _counted(cards) | {
        p for p in (NaturalPattern.BA_THUNG, NaturalPattern.BA_SANH, NaturalPattern.BA_THUNG_PHA_SANH)
        if _shows(cards, p)
    }
    names = {rule.pattern for rule in listed}
    if NaturalPattern.NAM_DOI_SAM in names and NaturalPattern.NAM_DOI_SAM in matched:
        matched.discard(NaturalPattern.LUC_PHE_BON)
    best = None
    for rule in listed:
        if rule.pattern in matched and (best is None or rule.chi > best.chi):
            best = rule
            if rule_set.several_patterns is SeveralPatterns.HIGHEST_LISTED:
                break
    return best.pattern if best else None


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
@pytest.mark.parametrize("level", list(Level))
def test_key_equals_find_instant_win_and_plain_counting(rule_set_id: str, level: Level) -> None:
    rule_set = load_rule_set(rule_set_id)
    keys: Counter[NaturalPattern | None] = Counter()
    for seed in SEEDS:
        q = make_natural_question(seed, rule_set, level)
        assert len(set(q.cards)) == 13
        win = find_instant_win(q.cards, rule_set)
        assert q.key == (win.pattern if win else None), seed
        assert q.key == _paid(q.cards, rule_set), (seed, q.build, [str(c) for c in q.cards])
        assert q.choices == (*(rule.pattern for rule in rule_set.naturals), None)
        if q.build in NEAR_MISSES and level is not Level.BEGINNER:
            assert q.key is None
        keys[q.key] += 1
    assert keys[None] >= 8 and len(keys) >= 3, keys


def test_the_reading_on_pairs_decides_between_rule_sets() -> None:
    seen = set()
    for seed in range(200):
        q = make_natural_question(seed, load_rule_set("tinh-chi"), Level.EXPERT)
        if q.build is Build.TRIPS_AS_PAIR:  # tinh-chi has no five-pairs-and-trips pattern: six pairs
            assert q.key is NaturalPattern.LUC_PHE_BON
            chi_at = make_natural_question(seed, load_rule_set("chi-at"), Level.EXPERT)
            if chi_at.build is Build.TRIPS_AS_PAIR:
                assert chi_at.key is NaturalPattern.NAM_DOI_SAM
            seen.add(q.build)
        if q.build is Build.QUAD_AS_TWO_PAIRS:
            assert q.key is NaturalPattern.LUC_PHE_BON
            seen.add(q.build)
    assert seen == {Build.TRIPS_AS_PAIR, Build.QUAD_AS_TWO_PAIRS}


def test_unlisted_patterns_are_not_paid() -> None:
    rule_set = load_rule_set("guide-2026")
    listed = {rule.pattern for rule in rule_set.naturals}
    found = 0
    for seed in range(150):
        q = make_natural_question(seed, rule_set, Level.EXPERT)
        if q.build is Build.UNLISTED:
            assert q.target not in listed and q.target in q.matches
            assert q.key is None or q.key in listed
            found += 1
    assert found >= 10
