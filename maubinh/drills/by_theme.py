"""Questions of one theme: "practise this theme" on Progress, and a missed idea coming back in review.

:func:`questions_for_theme` is the one place that chooses them. For now it makes live questions until enough
carry the theme, within a bound (:data:`CHEAP_TRIES`, :data:`SLOW_TRIES`): a preferred kind first, then the
kinds built in milliseconds, the ones graded on sampled deals (seconds each) last and only a few times. The
question bank (issue 23)
will draw them from stored, tagged questions instead, behind the same function.

>>> from maubinh.drills.themes import Theme
>>> refs = questions_for_theme(Theme.KICKERS, Level.INTERMEDIATE, "chi-at", count=2, seed=5)
>>> len(refs), all(Theme.KICKERS in make_from_ref(ref).themes for ref in refs)
(2, True)
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from maubinh.drills import MAX_SEED, Kind, Level, QuestionRef, available, make_from_ref
from maubinh.drills.themes import Theme
from maubinh.rules import RuleSet, load_rule_set

__all__ = ["CHEAP_TRIES", "KINDS_FOR", "PREFER_TRIES", "QUICK_KINDS", "SLOW_TRIES", "questions_for_theme"]

KINDS_FOR: dict[Theme, tuple[Kind, ...]] = {
    Theme.PAIR_FRONT: (Kind.BETTER, Kind.ARRANGE, Kind.RULES),
    Theme.BREAK_RUN: (Kind.BETTER, Kind.ARRANGE, Kind.RULES),
    Theme.BALANCE: (Kind.BETTER, Kind.ARRANGE),
    Theme.FOUL: (Kind.FOUL, Kind.SETTLE, Kind.BETTER),
    Theme.BONUS: (Kind.SETTLE, Kind.BETTER, Kind.ARRANGE, Kind.RULES),
    Theme.SCOOP: (Kind.SETTLE, Kind.BETTER, Kind.ARRANGE, Kind.DECLARE),
    Theme.ACES: (Kind.SETTLE, Kind.BETTER, Kind.ARRANGE),
    Theme.DECLARE: (Kind.DECLARE,),
    Theme.NATURAL: (Kind.NATURAL, Kind.SETTLE),
    Theme.READING: (Kind.CHI, Kind.NATURAL, Kind.RULES),
    Theme.RANKING: (Kind.CHI, Kind.FOUL),
    Theme.KICKERS: (Kind.CHI, Kind.FOUL),
    Theme.COUNTING: (Kind.SETTLE,),
}
"""The kinds whose questions can carry each theme (:mod:`maubinh.drills.themes` says when they do)."""
QUICK_KINDS: frozenset[Kind] = frozenset({Kind.CHI, Kind.FOUL, Kind.SETTLE, Kind.NATURAL})
"""Kinds built in milliseconds (no sampled deals)."""
CHEAP_TRIES = 60
"""Questions of the quick kinds made at most, in all, per call."""
SLOW_TRIES = 4
"""Questions of the kinds graded on sampled deals made at most, in all, per call (each takes seconds)."""
PREFER_TRIES = 8
"""Questions of each preferred kind tried before the others (they count against the same bounds)."""


def questions_for_theme(theme: Theme, level: Level, rule_set_id: str, *, count: int = 1, seed: int = 0,
                        prefer: Sequence[Kind] = (), avoid: Collection[str] = (), house: RuleSet | None = None,
                        slow_tries: int = SLOW_TRIES) -> list[QuestionRef]:
    """Up to ``count`` questions at ``level`` under the rule set that carry ``theme``, new ones (never a key in
    ``avoid``), from ``seed`` (same arguments, same questions).

    Args:
        theme: the theme wanted.
        level: the level of every question returned.
        rule_set_id: a source's id, or house rules' id with ``house``.
        count: how many questions wanted.
        seed: where the question seeds are drawn from.
        prefer: kinds tried first (:data:`PREFER_TRIES` each) when they can carry the theme (e.g. the missed
            question's kind).
        avoid: question keys (:attr:`QuestionRef.key`) not to return (the missed question itself).
        house: the house rules, when ``rule_set_id`` names them.
        slow_tries: how many questions of the slow kinds may be made in all.

    Returns:
        The questions found, in the order found: fewer than ``count`` (even none) when the bound is reached
        first; the caller falls back (the missed question itself, or a message).
    """
    rule_set = house if house is not None else load_rule_set(rule_set_id)
    kinds = [k for k in KINDS_FOR[theme] if available(k, level, rule_set) is None]
    rng = random.Random(seed)
    found: list[QuestionRef] = []
    budget = {True: CHEAP_TRIES, False: slow_tries}
    for kind in _plan([k for k in prefer if k in kinds], kinds, slow_tries):
        if len(found) == count:
            break
        quick = kind in QUICK_KINDS
        if budget[quick] <= 0:
            continue
        budget[quick] -= 1
        ref = QuestionRef(kind, level, rule_set_id, rng.randrange(MAX_SEED * 1000), house)
        if ref.key in avoid or any(ref.key == other.key for other in found):
            continue
        if theme in make_from_ref(ref).themes:
            found.append(ref)
    return found


def _plan(preferred: Sequence[Kind], kinds: Sequence[Kind], slow_tries: int) -> list[Kind]:
    """The kinds in the order tried: each preferred one :data:`PREFER_TRIES` times, then the quick kinds in turn
    (:data:`CHEAP_TRIES` in all), then the slow ones (``slow_tries`` in all); every try counts against its bound."""
    quick = [k for k in kinds if k in QUICK_KINDS]
    slow = [k for k in kinds if k not in QUICK_KINDS]
    plan = [kind for kind in preferred for _ in range(PREFER_TRIES)]
    plan += [quick[i % len(quick)] for i in range(CHEAP_TRIES)] if quick else []
    plan += [slow[i % len(slow)] for i in range(slow_tries)] if slow else []
    return plan
