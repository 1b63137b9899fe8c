"""The quick instant-win screen lets through every hand that holds one (issue 14: the simulation runs the
exact search only on the hands it lets through)."""

from __future__ import annotations

import random

import numpy as np

from maubinh.cards import FULL_DECK, Card, Rank, Suit
from maubinh.naturals import find_instant_win, matching_patterns
from maubinh.rules import RULE_SET_IDS, load_rule_set
from maubinh.strategy.screen import instant_wins, may_hold_instant_win, may_hold_one


def _built(rng: random.Random, kind: int) -> list[Card]:
    suits = list(Suit)
    if kind == 0:  # dragon
        return [Card(Rank(r), rng.choice(suits)) for r in range(2, 15)]
    if kind == 1:  # one colour but one card
        red = [c for c in FULL_DECK if c.suit.is_red]
        black = [c for c in FULL_DECK if not c.suit.is_red]
        return rng.sample(red, 12) + rng.sample(black, 1)
    if kind == 2:  # three flushes
        picked = rng.sample(suits, 3)
        return [c for s, n in zip(picked, (5, 5, 3)) for c in rng.sample([d for d in FULL_DECK if d.suit is s], n)]
    if kind == 3:  # three straights
        low = rng.randrange(2, 10)
        ranks = list(range(low, low + 5)) + list(range(2, 7)) + [12, 13, 14]
        used: set[Card] = set()
        cards = []
        for r in ranks:
            card = next(Card(Rank(r), s) for s in rng.sample(suits, 4) if Card(Rank(r), s) not in used)
            used.add(card)
            cards.append(card)
        return cards
    ranks = rng.sample(range(2, 15), 7)  # six pairs, four trips or three quads
    per = {4: 2, 5: 3, 6: 4}[kind]
    cards = [Card(Rank(r), s) for r in ranks[: 13 // per] for s in rng.sample(suits, per)]
    rest = [c for c in FULL_DECK if c not in set(cards)]
    return cards + rng.sample(rest, 13 - len(cards))


def test_every_hand_with_an_instant_win_passes_the_screen():
    rng = random.Random(14)
    hands = [_built(rng, k % 7) for k in range(700)] + [rng.sample(FULL_DECK, 13) for _ in range(3000)]
    screened = may_hold_instant_win(np.array([[c.index for c in h] for h in hands]))
    holding = np.array([bool(matching_patterns(h)) for h in hands])
    assert holding[:700].mean() > 0.9  # the built hands do hold their pattern
    assert not (holding & ~screened).any()
    assert screened[700:].mean() < 0.03  # and the screen lets few others through


def test_the_one_hand_screen_answers_as_the_batch_screen():
    rng = random.Random(33)
    hands = [_built(rng, k % 7) for k in range(700)] + [rng.sample(FULL_DECK, 13) for _ in range(3000)]
    idx = [[c.index for c in h] for h in hands]
    batch = may_hold_instant_win(np.array(idx)).tolist()
    assert [may_hold_one(h) for h in idx] == batch
    assert 700 * 0.9 < sum(batch) < 800  # both kinds of answer are checked


def test_instant_wins_finds_each_hands_one_as_the_exact_search_small_batches_or_large():
    rng = random.Random(34)
    hands = [_built(rng, k % 7) for k in range(70)] + [rng.sample(FULL_DECK, 13) for _ in range(60)]
    for rule_set_id in RULE_SET_IDS:
        rule_set = load_rule_set(rule_set_id)
        exact = [find_instant_win(h, rule_set) for h in hands]
        assert instant_wins(hands, rule_set) == exact  # one batch screened with numpy
        assert [instant_wins([h], rule_set)[0] for h in hands] == exact  # hand by hand, in Python
        assert sum(found is not None for found in exact) > 40
