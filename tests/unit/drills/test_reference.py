"""A plain, slow, independent reading of the hand order, for cross-checking the drills' keys.

Written from the digest (§1, §2.2) without importing ``maubinh.hands``: a chi's strength is a tuple
``(category, ranks...)`` compared left to right; a 3-card hand's missing kickers count below any card;
the wheel A-2-3-4-5 is the lowest straight, or second only to 10-J-Q-K-A where the rule set says so.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from maubinh.cards import Card

HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)


def strength(cards: Sequence[Card], wheel_second: bool = False) -> tuple[int, ...]:
    """``(category, tie-break ranks padded to five with 0)``: bigger is stronger."""
    ranks = [int(c.rank) for c in cards]
    counts = Counter(ranks)
    by_count = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    padded = tuple(by_count) + (0,) * (5 - len(by_count))
    if len(cards) == 3:
        category = {3: TRIPS, 2: PAIR}.get(shape[0], HIGH)
        return (category, *padded)
    flush = len({c.suit for c in cards}) == 1
    distinct = sorted(counts, reverse=True)
    top = 0
    if len(distinct) == 5 and distinct[0] - distinct[4] == 4:
        top = distinct[0]
        if top == 14 and wheel_second:
            top = 15
    elif sorted(distinct) == [2, 3, 4, 5, 14]:
        top = 14 if wheel_second else 5
    if top:
        return (STRAIGHT_FLUSH if flush else STRAIGHT, top, 0, 0, 0, 0)
    if flush:
        return (FLUSH, *padded)
    category = {
        (4, 1): QUADS, (3, 2): FULL_HOUSE, (3, 1, 1): TRIPS, (2, 2, 1): TWO_PAIR, (2, 1, 1, 1): PAIR,
    }.get(tuple(shape), HIGH)
    return (category, *padded)


def compare(a: Sequence[Card], b: Sequence[Card], wheel_second: bool = False) -> int:
    """1 if ``a`` is stronger, -1 if ``b`` is, 0 for a tie."""
    sa, sb = strength(a, wheel_second), strength(b, wheel_second)
    return (sa > sb) - (sa < sb)


# --------------------------------------------------------------------------- the reference checks itself


def _p(text: str) -> tuple[Card, ...]:
    from maubinh.cards import parse_cards

    return parse_cards(text)


def test_reference_follows_the_digest_worked_checks() -> None:
    # digest §3: chi-at: 10-A beats A-5, which beats 9-K; luckywin: 9-K beats A-5.
    broadway, wheel, nine_high = _p("Ts Jd Qc Kh As"), _p("As 2d 3c 4h 5s"), _p("9s Td Jc Qh Kd")
    assert compare(broadway, wheel, wheel_second=True) == 1
    assert compare(wheel, nine_high, wheel_second=True) == 1
    assert compare(nine_high, wheel, wheel_second=False) == 1


def test_reference_front_against_middle() -> None:
    # hands.py's own doctest case: front Qs Qc Kh beats Qh Qd 9c 5s 3h; Qs Qc 9d does not.
    assert compare(_p("Qs Qc Kh"), _p("Qh Qd 9c 5s 3h")) == 1
    assert compare(_p("Qs Qc 9d"), _p("Qh Qd 9c 5s 3h")) == -1


def test_reference_agrees_with_phevaluator_on_random_five_card_hands() -> None:
    import random

    from phevaluator import evaluate_cards

    from maubinh.cards import FULL_DECK

    rng = random.Random(0)
    for _ in range(2000):
        cards = rng.sample(FULL_DECK, 10)
        a, b = cards[:5], cards[5:]
        ours = compare(a, b)
        theirs = evaluate_cards(*(str(c) for c in b)) - evaluate_cards(*(str(c) for c in a))
        assert ours == (theirs > 0) - (theirs < 0), (a, b)
