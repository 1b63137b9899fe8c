"""The three-question quiz at the end of each lesson step (no Streamlit): dealt from a seed, graded by the engine.

No Streamlit here. :func:`quiz` deals the cards for a step's three questions from a seed and works
out every answer with the engine (``evaluate``, ``foul_reason``, ``find_instant_win``, ``settle``),
so the quiz can never disagree with the grader elsewhere in the app. Options and answers are short
codes (``"a"``, ``"foul"``, ``"SAM_CO"``, ``"6"``, ``"chi-at"``...) that the page words in the
session's language; the engine's facts behind the answer travel with the question for the
explanation.

>>> from maubinh.rules import load_rule_set
>>> questions = quiz("foul", 1, load_rule_set("chi-at"))
>>> len(questions), [q.kind.value for q in questions] == [q.kind.value for q in quiz("foul", 1, load_rule_set("chi-at"))]
(3, True)
>>> all(q.answer in q.options for q in questions)
True
>>> quiz("nope", 1, load_rule_set("chi-at"))
Traceback (most recent call last):
...
ValueError: no quiz for step 'nope'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from maubinh.arrangement import Arrangement, foul_reason
from maubinh.cards import FULL_DECK, Card, Rank, Suit
from maubinh.hands import Category, HandValue, evaluate
from maubinh.naturals import InstantWin, find_instant_win
from maubinh.rules import (
    POSITIONS,
    RULE_SET_IDS,
    AceRule,
    Bonus,
    BonusHand,
    NaturalPattern,
    Position,
    RuleSet,
    load_rule_set,
)
from maubinh.settle import ItemKind, PairResult, Settlement, settle
from maubinh.strategy.arrangers import arrange_simple, random_split

__all__ = ["QUIZ_LENGTH", "Question", "QuizKind", "quiz"]

QUIZ_LENGTH = 3
"""Questions per step."""


class QuizKind(str, Enum):
    """What a question asks; the option codes follow from it."""

    STRONGER = "stronger"
    """Two chi: which wins. Options ``"a"``, ``"b"``, ``"tie"``."""
    CATEGORY = "category"
    """One chi: its category. Options are :class:`~maubinh.hands.Category` names."""
    FOUL = "foul"
    """One arrangement: ``"legal"`` or ``"foul"`` (binh lủng)."""
    INSTANT = "instant"
    """Thirteen cards: the instant win declared, a :class:`~maubinh.rules.NaturalPattern` value or ``"none"``."""
    PAIR_TOTAL = "pair_total"
    """A table: chi player 1 wins from player 2 (negative: pays), as a number."""
    SEAT_TOTAL = "seat_total"
    """A table of 3: player 1's total over both opponents, as a number."""
    CHI_AMOUNT = "chi_amount"
    """A table: chi player 1 wins from player 2 for the chi at ``position`` alone, as a number."""
    ACES = "aces"
    """A table: chi the ace rule moves from player 2 to player 1, as a number."""
    MOST_PAID = "most_paid"
    """A table: under which source player 1 wins the most from player 2; options are rule-set ids."""


@dataclass(frozen=True)
class Question:
    """One quiz question with the engine's answer.

    Attributes:
        kind: what is asked.
        options: the choices shown, as codes (see :class:`QuizKind`).
        answer: the engine's answer, one of ``options``.
        hands: STRONGER: the two chi; CATEGORY: the chi; INSTANT: the 13 cards.
        labels: STRONGER: the position each hand is held in (``None``: any chi, compared alone).
        seats: FOUL: the arrangement; table kinds: one per player.
        position: CHI_AMOUNT: the chi asked about.
        values: STRONGER / CATEGORY: the engine's value of each hand.
        foul: FOUL: the pair of chi out of order, or ``None``.
        natural: INSTANT: the instant win declared, or ``None``.
        settlement: table kinds: the engine's settlement under the rule set.
        by_rule_set: MOST_PAID: ``(rule-set id, player 1's chi from player 2)`` per source.
    """

    kind: QuizKind
    options: tuple[str, ...]
    answer: str
    hands: tuple[tuple[Card, ...], ...] = ()
    labels: tuple[Position | None, ...] = ()
    seats: tuple[Arrangement, ...] = ()
    position: Position | None = None
    values: tuple[HandValue, ...] = ()
    foul: tuple[Position, Position] | None = None
    natural: InstantWin | None = None
    settlement: Settlement | None = None
    by_rule_set: tuple[tuple[str, int], ...] = ()

    def is_right(self, choice: str | None) -> bool:
        """Whether ``choice`` (an option code, ``None`` when unanswered) is the engine's answer."""
        return choice == self.answer

    @property
    def pair(self) -> PairResult | None:
        """Table kinds: players 1 and 2's result, seen from player 1."""
        return self.settlement.pair(0, 1) if self.settlement else None


class _Failed(Exception):
    """A random construction did not work out; the caller draws again."""


# --------------------------------------------------------------------------- building chi


_SHAPES: dict[tuple[Category, int], tuple[int, ...]] = {
    (Category.TU_QUY, 5): (4, 1),
    (Category.CU_LU, 5): (3, 2),
    (Category.SAM_CO, 5): (3, 1, 1),
    (Category.THU, 5): (2, 2, 1),
    (Category.DOI, 5): (2, 1, 1, 1),
    (Category.MAU_THAU, 5): (1, 1, 1, 1, 1),
    (Category.SAM_CO, 3): (3,),
    (Category.DOI, 3): (2, 1),
    (Category.MAU_THAU, 3): (1, 1, 1),
}
FRONT_CATEGORIES = (Category.MAU_THAU, Category.DOI, Category.SAM_CO)


class _Pool:
    """The cards still free, always read in deck order so that a seed gives the same deal everywhere."""

    def __init__(self, cards: Sequence[Card] = FULL_DECK) -> None:
        self.free = set(cards)

    def of_rank(self, rank: int) -> list[Card]:
        return [c for c in FULL_DECK if c in self.free and c.rank == rank]

    def of_suit(self, suit: Suit) -> list[Card]:
        return [c for c in FULL_DECK if c in self.free and c.suit is suit]

    def cards(self) -> list[Card]:
        return [c for c in FULL_DECK if c in self.free]

    def take(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        if not all(card in self.free for card in cards):
            raise _Failed
        self.free.difference_update(cards)
        return tuple(cards)


def _run(top: int) -> list[int]:
    """The five ranks of the straight topped by ``top`` (5 = the wheel A-2-3-4-5)."""
    return [14, 2, 3, 4, 5] if top == 5 else list(range(top - 4, top + 1))


def _shape(shape: Sequence[int], rng: random.Random, pool: _Pool, ranks: Sequence[int] | None = None) -> list[Card]:
    """Cards in groups of equal rank (``shape``, e.g. ``(2, 2, 1)``), the ranks all different."""
    chosen: list[Card] = []
    used: set[int] = set()
    for i, count in enumerate(shape):
        candidates = [r for r in (ranks if ranks and i == 0 else range(2, 15))
                      if r not in used and len(pool.of_rank(r)) >= count]
        if not candidates:
            raise _Failed
        rank = rng.choice(candidates)
        used.add(rank)
        chosen += rng.sample(pool.of_rank(rank), count)
    return chosen


def _chi(category: Category, size: int, rng: random.Random, pool: _Pool, *, ranks: Sequence[int] | None = None,
         tries: int = 80) -> tuple[Card, ...]:
    """A chi of ``category`` from the free cards (taken from ``pool``); ``ranks`` limits the main rank."""
    for _ in range(tries):
        try:
            if category in (Category.THUNG_PHA_SANH, Category.SANH):
                top = rng.choice(list(ranks) if ranks else list(range(5, 15)))
                if category is Category.THUNG_PHA_SANH:
                    suit = rng.choice(list(Suit))
                    cards = [Card(Rank(r), suit) for r in _run(top)]
                else:
                    cards = [rng.choice(pool.of_rank(r) or [Card(Rank(r), Suit.SPADES)]) for r in _run(top)]
            elif category is Category.THUNG:
                suit = rng.choice(list(Suit))
                free = pool.of_suit(suit)
                if len(free) < 5:
                    raise _Failed
                cards = rng.sample(free, 5)
            else:
                cards = _shape(_SHAPES[(category, size)], rng, pool, ranks)
        except _Failed:
            continue
        if len(cards) == size and all(c in pool.free for c in cards) and evaluate(cards).category is category:
            return pool.take(sorted(cards, key=lambda c: (-c.rank, c.suit.value)))
    raise _Failed


def _arrangement(categories: tuple[Category, Category, Category], rng: random.Random, pool: _Pool,
                 rule_set: RuleSet | None = None, tries: int = 60) -> Arrangement:
    """Back, middle and front of the given categories; legal under ``rule_set`` when one is given."""
    for _ in range(tries):
        trial = _Pool(pool.cards())
        try:
            chis = [_chi(category, position.size, rng, trial) for category, position in zip(categories, POSITIONS)]
        except _Failed:
            continue
        arrangement = Arrangement(chis[0], chis[1], chis[2])
        if rule_set is None or foul_reason(arrangement, rule_set) is None:
            pool.take(arrangement.cards)
            return arrangement
    raise _Failed


def _dealt(rng: random.Random, pool: _Pool, rule_set: RuleSet) -> Arrangement:
    """Thirteen random free cards set by the simple arranger (never binh lủng)."""
    cards = rng.sample(pool.cards(), 13)
    pool.take(cards)
    return arrange_simple(cards, rule_set)


# --------------------------------------------------------------------------- options


def _numbers(answer: int, alternatives: Sequence[int], rng: random.Random, count: int = 4) -> tuple[str, ...]:
    """``answer`` and plausible wrong numbers (the other sources' answers first), ascending."""
    chosen = {answer}
    for value in alternatives:
        if len(chosen) < count:
            chosen.add(value)
    spread = [answer + d for d in (1, -1, 2, -2, 3, -3)] + [2 * answer, -answer, answer // 2]
    rng.shuffle(spread)
    for value in spread:
        if len(chosen) < count:
            chosen.add(value)
    return tuple(str(value) for value in sorted(chosen))


def _other_sources(seats: Sequence[Arrangement], rule_set: RuleSet, read: Callable[[Settlement], int]) -> list[int]:
    """What ``read`` gives under each source other than ``rule_set``: the wrong answers worth offering."""
    return [read(settle(seats, load_rule_set(i))) for i in RULE_SET_IDS if i != rule_set.id]


def _table_question(kind: QuizKind, seats: Sequence[Arrangement], rule_set: RuleSet, rng: random.Random,
                    read: Callable[[Settlement], int], position: Position | None = None) -> Question:
    settlement = settle(seats, rule_set)
    answer = read(settlement)
    options = _numbers(answer, _other_sources(seats, rule_set, read), rng)
    return Question(kind, options, str(answer), seats=tuple(seats), position=position, settlement=settlement)


def _pair_total(settlement: Settlement) -> int:
    return settlement.pair(0, 1).total


def _seat_total(settlement: Settlement) -> int:
    return settlement.totals[0]


def _aces(settlement: Settlement) -> int:
    return sum(item.amount for item in settlement.pair(0, 1).items if item.kind is ItemKind.ACES)


def _stronger(a: Sequence[Card], b: Sequence[Card], rule_set: RuleSet,
              labels: tuple[Position | None, Position | None] = (None, None)) -> Question:
    va, vb = evaluate(a, rule_set.wheel), evaluate(b, rule_set.wheel)
    answer = "a" if va > vb else "b" if vb > va else "tie"
    return Question(QuizKind.STRONGER, ("a", "b", "tie"), answer, hands=(tuple(a), tuple(b)), labels=labels,
                    values=(va, vb))


def _category(cards: Sequence[Card], rule_set: RuleSet, rng: random.Random,
              extra: Sequence[Category] = ()) -> Question:
    value = evaluate(cards, rule_set.wheel)
    if len(cards) == 3:
        choices = set(FRONT_CATEGORIES) | set(extra)
    else:
        near = [c for c in Category if c is not value.category and abs(c - value.category) <= 3]
        choices = {value.category, *rng.sample(near, 3)}
    options = tuple(c.name for c in sorted(choices, reverse=True))
    return Question(QuizKind.CATEGORY, options, value.category.name, hands=(tuple(cards),), values=(value,))


def _foul_question(arrangement: Arrangement, rule_set: RuleSet) -> Question:
    reason = foul_reason(arrangement, rule_set)
    return Question(QuizKind.FOUL, ("legal", "foul"), "foul" if reason else "legal", seats=(arrangement,),
                    foul=reason)


# --------------------------------------------------------------------------- steps


def _deck(rng: random.Random, rule_set: RuleSet) -> list[Question]:
    pool = _Pool()
    a = _chi(Category.MAU_THAU, 5, rng, pool)
    # Every suit moved to another: the same ranks, none of the same cards.
    rotation = dict(zip(Suit, rng.choice([(Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES),
                                          (Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES, Suit.HEARTS),
                                          (Suit.CLUBS, Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)])))
    tie = pool.take([Card(card.rank, rotation[card.suit]) for card in a])
    pair_rank = rng.choice([r for r in range(2, 15) if len(pool.of_rank(r)) == 4])
    b1 = _chi(Category.DOI, 5, rng, pool, ranks=[pair_rank])
    b2 = _chi(Category.DOI, 5, rng, pool, ranks=[pair_rank])
    first, second = rng.sample(list(Category), 2)
    c1, c2 = _chi(first, 5, rng, pool), _chi(second, 5, rng, pool)
    questions = [_stronger(a, tie, rule_set), _stronger(b1, b2, rule_set), _stronger(c1, c2, rule_set)]
    rng.shuffle(questions)
    return questions


_LEGAL_PLANS = [
    (Category.THU, Category.DOI, Category.MAU_THAU),
    (Category.SANH, Category.SAM_CO, Category.DOI),
    (Category.THUNG, Category.SANH, Category.DOI),
    (Category.CU_LU, Category.THU, Category.DOI),
]
_FOUL_PLANS = [
    (Category.DOI, Category.THU, Category.MAU_THAU),
    (Category.THU, Category.SAM_CO, Category.DOI),
    (Category.SANH, Category.DOI, Category.SAM_CO),
    (Category.SAM_CO, Category.THUNG, Category.DOI),
]


def _chi_step(rng: random.Random, rule_set: RuleSet) -> list[Question]:
    plans = [rng.choice(_LEGAL_PLANS), rng.choice(_FOUL_PLANS), rng.choice(_LEGAL_PLANS + _FOUL_PLANS)]
    rng.shuffle(plans)
    return [_foul_question(_arrangement(plan, rng, _Pool()), rule_set) for plan in plans]


def _five(rng: random.Random, rule_set: RuleSet) -> list[Question]:
    pool = _Pool()
    first, second = rng.sample(list(Category), 2)
    questions = [_category(_chi(first, 5, rng, pool), rule_set, rng),
                 _category(_chi(second, 5, rng, pool), rule_set, rng)]
    same = rng.choice([Category.THU, Category.DOI, Category.THUNG, Category.SANH, Category.CU_LU, Category.MAU_THAU])
    pool = _Pool()
    if same is Category.SANH and rng.random() < 0.6:
        a = _chi(Category.SANH, 5, rng, pool, ranks=[5])
        b = _chi(Category.SANH, 5, rng, pool, ranks=[rng.choice([6, 9, 13])])
    elif same in (Category.THU, Category.DOI):
        top = rng.choice([r for r in range(2, 15) if len(pool.of_rank(r)) == 4])
        a = _chi(same, 5, rng, pool, ranks=[top])
        b = _chi(same, 5, rng, pool, ranks=[top])
    else:
        a, b = _chi(same, 5, rng, pool), _chi(same, 5, rng, pool)
    questions.append(_stronger(a, b, rule_set))
    return questions


def _front(rng: random.Random, rule_set: RuleSet) -> list[Question]:
    pool = _Pool()
    look = rng.choice(["run", "suit", "plain"])
    if look == "run":
        low = rng.choice(range(2, 14))
        front = tuple(rng.choice(pool.of_rank(r)) for r in ([14, 2, 3] if low == 13 else [low, low + 1, low + 2]))
        if len({c.suit for c in front}) == 1:
            front = (Card(front[0].rank, Suit.SPADES), Card(front[1].rank, Suit.HEARTS), front[2])
        pool.take(front)
        extra: tuple[Category, ...] = (Category.SANH,)
    elif look == "suit":
        suit = rng.choice(list(Suit))
        front = pool.take(rng.sample(pool.of_suit(suit), 3))
        extra = (Category.THUNG,)
    else:
        front = _chi(rng.choice(FRONT_CATEGORIES), 3, rng, pool)
        extra = ()
    questions = [_category(front, rule_set, rng, extra)]
    for _ in range(2):
        pool = _Pool()
        rank = rng.choice([r for r in range(2, 15) if len(pool.of_rank(r)) == 4])
        if rng.random() < 0.7:
            f = _chi(Category.DOI, 3, rng, pool, ranks=[rank])
            m = _chi(Category.DOI, 5, rng, pool, ranks=[rank])
        else:
            f = _chi(rng.choice([Category.DOI, Category.SAM_CO]), 3, rng, pool)
            m = _chi(rng.choice([Category.DOI, Category.MAU_THAU, Category.THU]), 5, rng, pool)
        questions.append(_stronger(f, m, rule_set, (Position.FRONT, Position.MIDDLE)))
    return questions


def _foul(rng: random.Random, rule_set: RuleSet) -> list[Question]:
    # The front-against-middle trap: the same pair in both, the kickers decide.
    pool = _Pool()
    rank = rng.choice([r for r in range(2, 14) if len(pool.of_rank(r)) == 4])
    front = _chi(Category.DOI, 3, rng, pool, ranks=[rank])
    middle = _chi(Category.DOI, 5, rng, pool, ranks=[rank])
    back = _chi(rng.choice([Category.THU, Category.SAM_CO, Category.SANH]), 5, rng, pool)
    trap = _foul_question(Arrangement(back, middle, front), rule_set)
    # Back against middle in the same category.
    pool = _Pool()
    same = rng.choice([Category.THU, Category.SANH, Category.SAM_CO])
    ranks = [5] if same is Category.SANH and rng.random() < 0.5 else None
    first = _chi(same, 5, rng, pool, ranks=ranks)
    second = _chi(same, 5, rng, pool)
    third = _chi(rng.choice(FRONT_CATEGORIES[:2]), 3, rng, pool)
    close = _foul_question(Arrangement(first, second, third), rule_set)
    # A hand split at random, or by the simple arranger.
    cards = rng.sample(FULL_DECK, 13)
    split = random_split(cards, rng) if rng.random() < 0.6 else arrange_simple(cards, rule_set)
    questions = [trap, close, _foul_question(split, rule_set)]
    rng.shuffle(questions)
    return questions


_NO_ACES = [c for c in FULL_DECK if c.rank != Rank.ACE]


def _sweep(settlement: Settlement, a: int, b: int) -> int:
    """+1 when player ``a`` won all three chi from ``b``, -1 when ``b`` did, else 0 (any rule set,
    also one without a scoop rule, where the settlement records no scoops)."""
    signs = set(settlement.pair(a, b).chi_results().values())
    return 1 if signs == {1} and len(settlement.pair(a, b).chi_results()) == 3 else -1 if signs == {-1} else 0


def _plain(settlement: Settlement, scoops: bool) -> bool:
    """No fouls, instant wins or bonuses; with ``scoops``, player 1 wins all three chi from everyone,
    without, nobody wins all three from anybody."""
    if any(settlement.fouls) or any(settlement.naturals):
        return False
    if any(item.kind in (ItemKind.BONUS, ItemKind.CLASH) for pair in settlement.pairs for item in pair.items):
        return False
    players = range(len(settlement.totals))
    if scoops:
        return all(_sweep(settlement, 0, b) == 1 for b in players if b)
    return not any(_sweep(settlement, a, b) for a in players for b in players if a < b)


def _plain_table(rng: random.Random, rule_set: RuleSet, players: int, *, scoop: bool = False,
                 tries: int = 400) -> tuple[Arrangement, ...]:
    """A deal without aces, fouls, instant wins or bonuses; with ``scoop``, player 1 scoops everyone."""
    for _ in range(tries):
        pool = _Pool(_NO_ACES)
        if scoop:
            strong = [c for c in pool.cards() if c.rank >= 7]
            first = rng.sample(strong, 13)
            pool.take(first)
            seats = [arrange_simple(first, rule_set)] + [_dealt(rng, pool, rule_set) for _ in range(players - 1)]
        else:
            seats = [_dealt(rng, pool, rule_set) for _ in range(players)]
        if _plain(settle(seats, rule_set), scoop):
            return tuple(seats)
    raise _Failed


def _settle_step(rng: random.Random, rule_set: RuleSet) -> list[Question]:
    return [
        _table_question(QuizKind.PAIR_TOTAL, _plain_table(rng, rule_set, 2), rule_set, rng, _pair_total),
        _table_question(QuizKind.PAIR_TOTAL, _plain_table(rng, rule_set, 2), rule_set, rng, _pair_total),
        _table_question(QuizKind.SEAT_TOTAL, _plain_table(rng, rule_set, 3), rule_set, rng, _seat_total),
    ]


_SPECIAL: dict[BonusHand, tuple[Category, list[int] | None]] = {
    BonusHand.THUNG_PHA_SANH_THUONG: (Category.THUNG_PHA_SANH, [14]),
    BonusHand.THUNG_PHA_SANH_HA: (Category.THUNG_PHA_SANH, [5]),
    BonusHand.THUNG_PHA_SANH: (Category.THUNG_PHA_SANH, list(range(6, 14))),
    BonusHand.TU_QUY_A: (Category.TU_QUY, [14]),
    BonusHand.TU_QUY: (Category.TU_QUY, list(range(2, 14))),
    BonusHand.CU_LU: (Category.CU_LU, None),
    BonusHand.SAM_CO_A: (Category.SAM_CO, [14]),
    BonusHand.SAM_CO: (Category.SAM_CO, list(range(2, 14))),
}
_ABOVE = {
    Category.THUNG_PHA_SANH: [Category.THUNG_PHA_SANH],
    Category.TU_QUY: [Category.TU_QUY, Category.THUNG_PHA_SANH],
    Category.CU_LU: [Category.CU_LU, Category.TU_QUY, Category.THUNG_PHA_SANH],
    Category.SAM_CO: [Category.SAM_CO, Category.SANH, Category.THUNG, Category.CU_LU],
}
_BELOW = [Category.THU, Category.DOI, Category.SANH, Category.THUNG, Category.SAM_CO]


def _special_seat(hand: BonusHand, position: Position, rng: random.Random, pool: _Pool,
                  rule_set: RuleSet) -> Arrangement:
    """An arrangement holding ``hand`` in ``position``, the other chi chosen so that it is legal."""
    category, ranks = _SPECIAL[hand]
    for _ in range(40):
        trial = _Pool(pool.cards())
        try:
            special = _chi(category, position.size, rng, trial, ranks=ranks)
            if position is Position.BACK:
                middle = _chi(rng.choice(_BELOW), 5, rng, trial)
                back = special
            elif position is Position.MIDDLE:
                middle = special
                back = _chi(rng.choice(_ABOVE[category]), 5, rng, trial)
            else:
                middle = _chi(rng.choice(_ABOVE[category]), 5, rng, trial)
                above = _ABOVE.get(evaluate(middle).category, [Category.THUNG, Category.CU_LU])
                back = _chi(rng.choice(above), 5, rng, trial)
            front = special if position is Position.FRONT else _chi(rng.choice(FRONT_CATEGORIES[:2]), 3, rng, trial)
        except _Failed:
            continue
        arrangement = Arrangement(back, middle, front)
        if foul_reason(arrangement, rule_set) is None:
            pool.take(arrangement.cards)
            return arrangement
    raise _Failed


def holdable(entry: Bonus) -> bool:
    """Whether the quiz builds questions on the bonus entry: not 10-J-Q-K-A of one suit in the middle, which
    only an equal royal flush in the back can stand above (digest §1: an equal back and middle are legal, not
    under the strict order, :func:`maubinh.arrangement.in_order`); the quiz's seats never hold two."""
    return not (entry.hand is BonusHand.THUNG_PHA_SANH_THUONG and entry.position is Position.MIDDLE)


def _chi_amount(settlement: Settlement, position: Position) -> int:
    return sum(item.amount for item in settlement.pair(0, 1).items if item.position is position)


def _bonus(rng: random.Random, rule_set: RuleSet) -> list[Question]:
    entries = [entry for entry in rule_set.bonuses if holdable(entry)] or [
        entry for entry in load_rule_set(RULE_SET_IDS[0]).bonuses if holdable(entry)
    ]
    picks = rng.sample(entries, min(QUIZ_LENGTH, len(entries)))
    while len(picks) < QUIZ_LENGTH:
        picks.append(rng.choice(entries))
    questions = []
    for entry in picks:
        for _ in range(40):
            pool = _Pool()
            try:
                first = _special_seat(entry.hand, entry.position, rng, pool, rule_set)
            except _Failed:
                continue
            second = _dealt(rng, pool, rule_set)
            seats = (first, second)
            settlement = settle(seats, rule_set)
            items = [i for i in settlement.pair(0, 1).items if i.position is entry.position]
            # No scoop (nobody wins all three chi, whatever the rule set): the chi's line is the whole answer.
            if settlement.naturals[1] is None and items and items[0].kind in (ItemKind.BONUS, ItemKind.CLASH) \
                    and items[0].amount > 0 and _sweep(settlement, 0, 1) == 0:
                def read(s: Settlement, p: Position = entry.position) -> int:
                    return _chi_amount(s, p)

                questions.append(_table_question(QuizKind.CHI_AMOUNT, seats, rule_set, rng, read, entry.position))
                break
        else:
            raise _Failed
    return questions


def _natural_cards(pattern: NaturalPattern | None, rng: random.Random) -> list[Card]:
    """Thirteen cards made to show ``pattern`` (``None``: five pairs and three odd cards, a near miss)."""
    deck = list(FULL_DECK)
    ranks = list(range(2, 15))

    def pairs_of(counts: Sequence[int]) -> list[Card]:
        chosen = rng.sample(ranks, len(counts))
        cards: list[Card] = []
        for rank, count in zip(chosen, counts):
            cards += rng.sample([c for c in deck if c.rank == rank], count)
        return cards

    if pattern is NaturalPattern.RONG_CUON:
        suit = rng.choice(list(Suit))
        return [Card(Rank(r), suit) for r in ranks]
    if pattern is NaturalPattern.SANH_RONG:
        cards = [Card(Rank(r), rng.choice(list(Suit))) for r in ranks]
        return cards if len({c.suit for c in cards}) > 1 else [Card(Rank(2), Suit.HEARTS), *cards[1:]]
    if pattern in (NaturalPattern.DONG_MAU_13, NaturalPattern.DONG_MAU_12):
        red = rng.random() < 0.5
        same = [c for c in deck if c.suit.is_red is red]
        other = [c for c in deck if c.suit.is_red is not red]
        if pattern is NaturalPattern.DONG_MAU_13:
            return rng.sample(same, 13)
        return rng.sample(same, 12) + rng.sample(other, 1)
    if pattern is NaturalPattern.NAM_DOI_SAM:
        return pairs_of([3, 2, 2, 2, 2, 2])
    if pattern is NaturalPattern.LUC_PHE_BON:
        return pairs_of([2, 2, 2, 2, 2, 2, 1])
    if pattern is NaturalPattern.BON_SAM:
        return pairs_of([3, 3, 3, 3, 1])
    if pattern is NaturalPattern.BA_TU_QUY:
        return pairs_of([4, 4, 4, 1])
    if pattern is NaturalPattern.BA_THUNG:
        suits = rng.sample(list(Suit), 3)
        return [c for suit, n in zip(suits, (5, 5, 3)) for c in rng.sample([d for d in deck if d.suit is suit], n)]
    if pattern in (NaturalPattern.BA_SANH, NaturalPattern.BA_THUNG_PHA_SANH):
        flush = pattern is NaturalPattern.BA_THUNG_PHA_SANH
        suits = rng.sample(list(Suit), 3)
        tops = rng.sample(range(5, 15), 2)
        low = rng.choice(range(2, 13))
        runs = [_run(tops[0]), _run(tops[1]), [low, low + 1, low + 2]]
        cards = []
        for run, suit in zip(runs, suits):
            for r in run:
                options = [Card(Rank(r), suit)] if flush else [c for c in deck if c.rank == r and c not in cards]
                cards.append(rng.choice([c for c in options if c not in cards] or options))
        return cards
    return pairs_of([2, 2, 2, 2, 2, 1, 1, 1])


def _naturals(rng: random.Random, rule_set: RuleSet) -> list[Question]:
    listed = [rule.pattern for rule in rule_set.naturals]
    wanted: list[NaturalPattern | None] = rng.sample(listed, min(2, len(listed))) + [None]
    rng.shuffle(wanted)
    questions = []
    for pattern in wanted:
        for _ in range(60):
            cards = _natural_cards(pattern, rng)
            if len(set(cards)) == 13:
                break
        else:
            raise _Failed
        win = find_instant_win(cards, rule_set)
        answer = win.pattern.value if win else "none"
        others = [p.value for p in listed if p.value != answer and p is not pattern]
        choices = {answer, "none", *([pattern.value] if pattern else [])}
        for value in rng.sample(others, len(others)):
            if len(choices) < 4:
                choices.add(value)
        order = [p.value for p in NaturalPattern] + ["none"]
        options = tuple(sorted(choices, key=order.index))
        hand = tuple(sorted(cards, key=lambda c: (-c.rank, c.suit.value)))
        questions.append(Question(QuizKind.INSTANT, options, answer, hands=(hand,), natural=win))
    return questions


def _scoop(rng: random.Random, rule_set: RuleSet) -> list[Question]:
    return [
        _table_question(QuizKind.PAIR_TOTAL, _plain_table(rng, rule_set, 2, scoop=True), rule_set, rng, _pair_total),
        _table_question(QuizKind.PAIR_TOTAL, _plain_table(rng, rule_set, 3, scoop=True), rule_set, rng, _pair_total),
        _table_question(QuizKind.SEAT_TOTAL, _plain_table(rng, rule_set, 3, scoop=True), rule_set, rng, _seat_total),
    ]


def _ace_table(rng: random.Random, rule_set: RuleSet, players: int, tries: int = 400) -> tuple[Arrangement, ...]:
    """A deal with no instant win where players 1 and 2 hold different numbers of aces."""
    for _ in range(tries):
        pool = _Pool()
        seats = tuple(_dealt(rng, pool, rule_set) for _ in range(players))
        aces = [sum(c.rank == Rank.ACE for c in seat.cards) for seat in seats]
        if aces[0] != aces[1] and not any(find_instant_win(s.cards, rule_set) for s in seats):
            return seats
    raise _Failed


def _aces_step(rng: random.Random, rule_set: RuleSet) -> list[Question]:
    """With an ace rule: two questions on its share, one on the whole pair. Without: one on its share
    (nothing) and two on the whole pair, where the aces change nothing."""
    second = QuizKind.ACES if rule_set.ace_rule is not AceRule.NONE else QuizKind.PAIR_TOTAL
    return [
        _table_question(QuizKind.ACES, _ace_table(rng, rule_set, 2), rule_set, rng, _aces),
        _table_question(second, _ace_table(rng, rule_set, rng.choice([3, 4])), rule_set, rng,
                        _aces if second is QuizKind.ACES else _pair_total),
        _table_question(QuizKind.PAIR_TOTAL, _ace_table(rng, rule_set, 2), rule_set, rng, _pair_total),
    ]


def _most_paid(rng: random.Random, rule_set: RuleSet) -> list[Question]:
    sources = [load_rule_set(i) for i in RULE_SET_IDS]
    questions: list[Question] = []
    for _ in range(300):
        if len(questions) == QUIZ_LENGTH:
            break
        pool = _Pool()
        entry = rng.choice([bonus for bonus in rng.choice(sources).bonuses if holdable(bonus)])
        try:
            first = _special_seat(entry.hand, entry.position, rng, pool, sources[3])
        except _Failed:
            continue
        second = _dealt(rng, pool, sources[3])
        if rng.random() < 0.3:
            second = random_split(second.cards, rng)
        seats = (first, second)
        totals = [(source.id, settle(seats, source).pair(0, 1).total) for source in sources]
        best = max(total for _, total in totals)
        winners = [source_id for source_id, total in totals if total == best]
        if best > 0 and len(winners) == 1:
            questions.append(Question(QuizKind.MOST_PAID, tuple(RULE_SET_IDS), winners[0], seats=seats,
                                      settlement=settle(seats, rule_set), by_rule_set=tuple(totals)))
    if len(questions) < QUIZ_LENGTH:
        raise _Failed
    return questions


_STEPS: dict[str, Callable[[random.Random, RuleSet], list[Question]]] = {
    "deck": _deck,
    "chi": _chi_step,
    "five": _five,
    "front": _front,
    "foul": _foul,
    "settle": _settle_step,
    "bonus": _bonus,
    "naturals": _naturals,
    "scoop": _scoop,
    "aces": _aces_step,
    "sources": _most_paid,
}


def quiz(step: str, seed: int, rule_set: RuleSet) -> tuple[Question, ...]:
    """The :data:`QUIZ_LENGTH` questions of lesson ``step`` for ``seed`` under ``rule_set``.

    Deterministic: the same step, seed and rule set give the same questions (a new seed, new ones).

    Raises:
        ValueError: for a step without a quiz.
    """
    make = _STEPS.get(step)
    if make is None:
        raise ValueError(f"no quiz for step {step!r}")
    for attempt in range(20):
        rng = random.Random(f"{step}/{seed}/{rule_set.id}/{attempt}")
        try:
            questions = make(rng, rule_set)
        except _Failed:
            continue
        return tuple(questions[:QUIZ_LENGTH])
    raise RuntimeError(f"could not deal a quiz for {step!r} (seed {seed})")  # pragma: no cover
