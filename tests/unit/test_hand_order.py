"""The order of every 3-card and 5-card hand: a differential test against an independent
evaluator (phevaluator) and exhaustive golden hashes per straight order (issue 3).

The golden hashes freeze the order of all 2,598,960 five-card and 22,100 three-card hands;
a change to any comparison changes them. 7,462 distinct five-card classes is the known count
for standard poker (Cactus Kev); 455 three-card classes = 286 high cards + 156 pairs + 13 trips.
"""

import hashlib
from itertools import chain, combinations

import numpy as np
import pytest
from phevaluator import evaluate_cards

from maubinh import WheelRank
from maubinh.cards import Card
from maubinh.strategy.fast import evaluate_many

GOLDEN = {
    (5, WheelRank.LOWEST): "53197b1a15eed5184c3a16f2f54c24db3576acd06bc458f57d2b184cd84215da",
    (5, WheelRank.SECOND): "ae066a3a88ba41970dc177b721714955654d6fc5f745f623e233b9e4d926949b",
    (3, WheelRank.LOWEST): "67acfa0d5201d66d51f41bb8d1d12f3bb2bc816c709666caed96f583b2d8a94c",
    (3, WheelRank.SECOND): "67acfa0d5201d66d51f41bb8d1d12f3bb2bc816c709666caed96f583b2d8a94c",
}
CLASSES = {5: 7462, 3: 455}


def all_hands(size):
    count = {5: 2_598_960, 3: 22_100}[size]
    flat = np.fromiter(chain.from_iterable(combinations(range(52), size)), dtype=np.int8, count=count * size)
    return flat.reshape(count, size)


def order_hash(size, wheel):
    keys = evaluate_many(all_hands(size), wheel)
    classes, dense = np.unique(keys, return_inverse=True)
    return len(classes), hashlib.sha256(dense.astype(np.int32).tobytes()).hexdigest()


@pytest.mark.parametrize(("size", "wheel"), list(GOLDEN))
def test_exhaustive_order_golden_hash(size, wheel):
    classes, digest = order_hash(size, wheel)
    assert classes == CLASSES[size]
    assert digest == GOLDEN[(size, wheel)]


def _phe(card_index):
    return str(Card.from_index(int(card_index)))


def test_differential_against_phevaluator_standard_straight_order():
    rng = np.random.default_rng(2026)
    hands = np.array([rng.permutation(52)[:5] for _ in range(60_000)])
    ours = evaluate_many(hands, WheelRank.LOWEST)
    theirs = np.array([evaluate_cards(*(_phe(i) for i in hand)) for hand in hands])  # lower is stronger
    by_key: dict[int, set[int]] = {}
    for key, rank in zip(ours.tolist(), theirs.tolist()):
        by_key.setdefault(key, set()).add(rank)
    assert all(len(ranks) == 1 for ranks in by_key.values()), "one of our classes spans two of theirs"
    ordered = [next(iter(by_key[key])) for key in sorted(by_key)]
    assert ordered == sorted(ordered, reverse=True), "our order disagrees with phevaluator's"
    assert len(set(ordered)) == len(ordered)
