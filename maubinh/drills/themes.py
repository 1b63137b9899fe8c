"""Themes: what decides a drill question, computed from the question's own numbers (never by hand).

A small fixed vocabulary (:class:`Theme`); every question carries its themes (``question.themes``, a tuple
of :class:`Theme`, never empty), computed where the question is built, so that Progress can say which
ideas a learner misses and the review queue can bring a missed idea back with a new question of it.
Each theme has a lesson step (:data:`LESSONS`) and a label in both languages (the UI's ``theme.<id>``).

The split-based kinds ("which is better", "set it yourself", "which rule set") compare the better split
with the one it is weighed against (:func:`split_themes`): a pair kept in front against a stronger middle,
a straight or flush made in one and broken in the other, a bonus (chi đặc biệt) held by one only, a
difference in scoops (sập) or in the ace rule (chi Át) making up much of the gap (:data:`LINE_CHI`), a split
that is binh lủng (foul); when none of these, weighing the three chi (:attr:`Theme.BALANCE`).

>>> from maubinh.arrangement import Arrangement
>>> from maubinh.rules import load_rule_set
>>> rules = load_rule_set("chi-at")
>>> kept = Arrangement.parse("Ks Kd Kc 8s 2h", "Js Jd 7c 6h 3d", "Th Tc 4s")
>>> strong = Arrangement.parse("Ks Kd Kc 8s 2h", "Js Jd Th Tc 7c", "6h 4s 3d")
>>> split_themes(kept, strong, rules)
(<Theme.PAIR_FRONT: 'pair_front'>,)
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from maubinh.arrangement import Arrangement, foul_reason, hand_values
from maubinh.drills.sampling import Breakdown
from maubinh.drills.sets import Lesson
from maubinh.hands import Category
from maubinh.rules import Position, RuleSet
from maubinh.settle import ItemKind, bonus_for

__all__ = [
    "LESSONS",
    "LINE_CHI",
    "LINE_SHARE",
    "THEMES",
    "Theme",
    "chi_themes",
    "declare_themes",
    "foul_themes",
    "natural_themes",
    "ordered",
    "parse_themes",
    "rules_themes",
    "settle_themes",
    "split_themes",
    "themes_text",
]


class Theme(str, Enum):
    """What decides a question; the values are stored with each attempt (``attempts.themes``) and used in links."""

    PAIR_FRONT = "pair_front"
    """A pair (or better) kept in the 3-card front against a stronger middle."""
    BREAK_RUN = "break_run"
    """A straight (sảnh) or flush (thùng) made in one split and broken in the other."""
    BALANCE = "balance"
    """Weighing the three chi against each other, with nothing else in play."""
    FOUL = "foul"
    """Binh lủng (foul): chi out of order pay the foul penalty."""
    BONUS = "bonus"
    """A bonus (chi đặc biệt) worth chasing, or paid: a special hand held in a chi that pays extra."""
    SCOOP = "scoop"
    """Sập (scoop): winning or losing all three chi against an opponent multiplies the chi."""
    ACES = "aces"
    """The ace rule (chi Át)."""
    DECLARE = "declare"
    """Báo hay đánh? Declare an instant win, or play the hand out."""
    NATURAL = "natural"
    """Spotting an instant win (mậu binh) and which one is paid."""
    READING = "reading"
    """A rule where the sources differ, or one the project reads (shown as a reading)."""
    RANKING = "ranking"
    """Which chi ranks higher by category and the cards that make it."""
    KICKERS = "kickers"
    """Kickers, card by card, ties, and a 3-card front against 5 cards."""
    COUNTING = "counting"
    """Counting the chi one seat collects from another."""


THEMES: tuple[Theme, ...] = tuple(Theme)
"""Every theme, in the order shown."""

LESSONS: dict[Theme, Lesson] = {
    Theme.PAIR_FRONT: Lesson.FRONT,
    Theme.BREAK_RUN: Lesson.CHI,
    Theme.BALANCE: Lesson.CHI,
    Theme.FOUL: Lesson.FOUL,
    Theme.BONUS: Lesson.BONUS,
    Theme.SCOOP: Lesson.SCOOP,
    Theme.ACES: Lesson.ACES,
    Theme.DECLARE: Lesson.NATURALS,
    Theme.NATURAL: Lesson.NATURALS,
    Theme.READING: Lesson.SOURCES,
    Theme.RANKING: Lesson.FIVE,
    Theme.KICKERS: Lesson.FIVE,
    Theme.COUNTING: Lesson.SETTLE,
}
"""The Learn page's step teaching each theme (``pages/learn.py?step=<value>``)."""

LINE_CHI = 0.25
"""A scoop or ace-rule line whose mean differs by at least this much (chi per deal) between the two choices
compared, and by at least :data:`LINE_SHARE` of the gap between them, is a theme of the question."""
LINE_SHARE = 1 / 3
"""The least share of the gap between the two choices a scoop or ace-rule line must make up to be a theme."""

_RUNS = (Category.SANH, Category.THUNG, Category.THUNG_PHA_SANH)


def ordered(found: Iterable[Theme]) -> tuple[Theme, ...]:
    """``found`` without repeats, in :data:`THEMES` order."""
    seen = set(found)
    return tuple(theme for theme in THEMES if theme in seen)


def themes_text(themes: Iterable[Theme]) -> str:
    """Themes as stored: their values joined by commas (``"pair_front,scoop"``); ``""`` for none."""
    return ",".join(theme.value for theme in ordered(themes))


def parse_themes(text: str | None) -> tuple[Theme, ...]:
    """The themes :func:`themes_text` wrote; unknown values (a theme dropped later) are skipped.

    >>> parse_themes("scoop,pair_front,gone")
    (<Theme.PAIR_FRONT: 'pair_front'>, <Theme.SCOOP: 'scoop'>)
    >>> parse_themes(None)
    ()
    """
    known = {theme.value: theme for theme in THEMES}
    return ordered(known[part] for part in (text or "").split(",") if part in known)


def _pair_front(a: Arrangement, b: Arrangement, rule_set: RuleSet) -> bool:
    """``a`` keeps a pair or better in front where ``b`` has a weaker front and a stronger middle."""
    va, vb = hand_values(a, rule_set.wheel), hand_values(b, rule_set.wheel)
    return (va[Position.FRONT].category >= Category.DOI and va[Position.FRONT].category > vb[Position.FRONT].category
            and vb[Position.MIDDLE] > va[Position.MIDDLE])


def _runs(arrangement: Arrangement, rule_set: RuleSet) -> int:
    values = hand_values(arrangement, rule_set.wheel)
    return sum(values[p].category in _RUNS for p in (Position.BACK, Position.MIDDLE))


def _bonuses(arrangement: Arrangement, rule_set: RuleSet) -> frozenset[tuple[Position, str]]:
    values = hand_values(arrangement, rule_set.wheel)
    found = set()
    for position, value in values.items():
        bonus = bonus_for(value, position, rule_set)
        if bonus is not None:
            found.add((position, bonus.hand.value))
    return frozenset(found)


def _telling(a: Breakdown, b: Breakdown, line: ItemKind) -> bool:
    """Whether ``line`` differs between ``a`` and ``b`` by :data:`LINE_CHI` or more, and by :data:`LINE_SHARE`
    of the gap between their means or more."""
    differs = abs(a.lines.get(line, 0.0) - b.lines.get(line, 0.0))
    return differs >= LINE_CHI and differs >= LINE_SHARE * abs(a.mean - b.mean)


def split_themes(chosen: Arrangement, other: Arrangement, rule_set: RuleSet,
                 chosen_lines: Breakdown | None = None, other_lines: Breakdown | None = None) -> tuple[Theme, ...]:
    """What decides between two splits of one hand (see the module): ``chosen`` (the better one) and ``other``.

    Args:
        chosen, other: the two arrangements of the same 13 cards.
        rule_set: the rule set they are played under (its bonus table, straight order, foul rule).
        chosen_lines, other_lines: their breakdowns on the same deals (:mod:`maubinh.drills.sampling`), for
            the scoop and ace-rule lines; without them those themes are not looked for.

    Returns:
        The themes in :data:`THEMES` order; :attr:`Theme.BALANCE` alone when nothing else is found.
    """
    found: list[Theme] = []
    if foul_reason(chosen, rule_set) or foul_reason(other, rule_set):
        found.append(Theme.FOUL)
    else:
        if _pair_front(chosen, other, rule_set) or _pair_front(other, chosen, rule_set):
            found.append(Theme.PAIR_FRONT)
        if _runs(chosen, rule_set) != _runs(other, rule_set):
            found.append(Theme.BREAK_RUN)
        if _bonuses(chosen, rule_set) != _bonuses(other, rule_set):
            found.append(Theme.BONUS)
    if chosen_lines is not None and other_lines is not None:
        for line, theme in ((ItemKind.SCOOP, Theme.SCOOP), (ItemKind.ACES, Theme.ACES)):
            if _telling(chosen_lines, other_lines, line):
                found.append(theme)
    return ordered(found) or (Theme.BALANCE,)


_DECIDERS: dict[str, Theme] = {
    "category": Theme.RANKING,
    "made": Theme.RANKING,
    "kicker": Theme.KICKERS,
    "card_by_card": Theme.KICKERS,
    "short_front": Theme.KICKERS,
    "tie": Theme.KICKERS,
    "wheel": Theme.READING,
}


def chi_themes(decider: str) -> tuple[Theme, ...]:
    """Themes of a "which chi wins" question from the rule that decided it (a
    :class:`~maubinh.drills.chi.Decider` value): the category or made cards (ranking), kickers / card by card /
    ties / a short front (kickers), A-2-3-4-5 (a reading where the sources differ, and ranking).

    Raises:
        KeyError: for an unknown decider.
    """
    theme = _DECIDERS[decider]
    return ordered((theme, Theme.RANKING)) if theme is Theme.READING else (theme,)


def foul_themes(decider: str) -> tuple[Theme, ...]:
    """Themes of a "binh lủng or not" question: binh lủng, and the rule deciding its critical comparison."""
    return ordered((Theme.FOUL, *chi_themes(decider)))


def settle_themes(found: Iterable[ItemKind]) -> tuple[Theme, ...]:
    """Themes of a "how many chi" question: counting, and each kind of line that moved chi in the pair."""
    lines = set(found)
    themes = [Theme.COUNTING]
    for kinds, theme in (((ItemKind.BONUS, ItemKind.CLASH), Theme.BONUS), ((ItemKind.SCOOP,), Theme.SCOOP),
                         ((ItemKind.ACES,), Theme.ACES), ((ItemKind.FOUL, ItemKind.BOTH_FOUL), Theme.FOUL),
                         ((ItemKind.NATURAL, ItemKind.NATURALS_EVEN), Theme.NATURAL)):
        if lines & set(kinds):
            themes.append(theme)
    return ordered(themes)


def natural_themes(reading: bool) -> tuple[Theme, ...]:
    """Themes of a "spot the instant win" question: spotting it, and a reading when the instant win paid
    (or the rule set's list) is one the project reads."""
    return ordered((Theme.NATURAL, Theme.READING) if reading else (Theme.NATURAL,))


def declare_themes(declare_lines: Breakdown, play_lines: Breakdown) -> tuple[Theme, ...]:
    """Themes of a "báo hay đánh?" question: declaring, and a scoop when playing out scoops (or is scooped)
    for much of the gap (:data:`LINE_CHI`, :data:`LINE_SHARE`)."""
    scoop = _telling(declare_lines, play_lines, ItemKind.SCOOP)
    return ordered((Theme.DECLARE, Theme.SCOOP) if scoop else (Theme.DECLARE,))


def rules_themes(shown: Arrangement, other: Arrangement, rule_set: RuleSet) -> tuple[Theme, ...]:
    """Themes of a "which rule set" question: a reading where the sources differ, and what separates the split
    shown from another source's best split (:func:`split_themes` under the key's rule set, without lines)."""
    themes = [t for t in split_themes(shown, other, rule_set) if t is not Theme.BALANCE]
    return ordered((Theme.READING, *themes))
