"""questions_for_theme: new questions carrying the theme, at the level asked, never the ones to avoid, bounded."""

from __future__ import annotations

from maubinh.drills import Kind, Level, make_from_ref
from maubinh.drills.by_theme import KINDS_FOR, questions_for_theme
from maubinh.drills.themes import THEMES, Theme


def test_questions_carry_the_theme_at_the_level_and_avoid_the_missed_one() -> None:
    first = questions_for_theme(Theme.FOUL, Level.EXPERT, "tinh-chi", count=3, seed=9)
    assert len(first) == 3 and len({ref.key for ref in first}) == 3
    assert all(ref.level is Level.EXPERT and ref.rule_set_id == "tinh-chi" for ref in first)
    assert all(Theme.FOUL in make_from_ref(ref).themes for ref in first)
    again = questions_for_theme(Theme.FOUL, Level.EXPERT, "tinh-chi", count=3, seed=9, avoid={first[0].key})
    assert first[0].key not in {ref.key for ref in again}
    assert questions_for_theme(Theme.FOUL, Level.EXPERT, "tinh-chi", count=3, seed=9) == first  # same seed


def test_the_preferred_kind_comes_first_and_only_kinds_that_can_carry_it() -> None:
    (ref,) = questions_for_theme(Theme.FOUL, Level.INTERMEDIATE, "chi-at", seed=2, prefer=(Kind.SETTLE, Kind.CHI))
    assert ref.kind is Kind.SETTLE  # foul questions could too, but the missed question was a settlement
    assert set(KINDS_FOR) == set(THEMES)


def test_slow_kinds_are_tried_only_within_the_bound() -> None:
    assert questions_for_theme(Theme.BALANCE, Level.BEGINNER, "chi-at", count=2, slow_tries=0) == []
