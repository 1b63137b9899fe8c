"""Drill questions, seeded and graded by the engine: what type is this play, can this play follow that
one, and score this game.

A question is fully determined by ``(seed, index)``: the same link repeats the same questions. The
generators only propose cards and facts; the answers always come from :func:`daudiachu.plays.classify`,
:func:`daudiachu.plays.follow` and :func:`daudiachu.scoring.score`.

>>> question = type_question(7, 0)
>>> question == type_question(7, 0), question.grade(question.answer)
(True, True)
>>> follow_question(7, 0).grade(not follow_question(7, 0).beats)
False
>>> game = score_question(7, 0)
>>> game.grade(game.score.points)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from daudiachu.cards import Card, Rank, Suit
from daudiachu.plays import (
    PLAY_TYPES,
    Play,
    PlayType,
    Rejection,
    Verdict,
    classify,
    follow,
    why_not,
)
from daudiachu.rules import load_rules
from daudiachu.scoring import Game, Score, Spring, score

__all__ = [
    "LOOK_ALIKES",
    "TYPE_CHOICES",
    "FollowQuestion",
    "ScoreQuestion",
    "TypeQuestion",
    "follow_question",
    "random_play",
    "score_question",
    "type_question",
]

TYPE_CHOICES: tuple[PlayType | None, ...] = (*PLAY_TYPES, None)
"""The answers offered by the "what type is this play?" drill: every play type, then ``None`` (not a play)."""

_CHAIN_RANKS = tuple(rank for rank in Rank if rank.in_chains)  # 3..A
_PAIRABLE = tuple(rank for rank in Rank if not rank.is_joker)  # 3..2
_NO_CARDS = "not enough free cards"


class _Short(Exception):
    """Internal: the cards wanted are no longer free; the generator draws again."""


def _rng(kind: str, seed: int, index: int) -> random.Random:
    if (
        isinstance(seed, bool)
        or not isinstance(seed, int)
        or isinstance(index, bool)
        or not isinstance(index, int)
    ):
        raise TypeError(f"seed and index must be whole numbers, got {seed!r}, {index!r}")
    if index < 0:
        raise ValueError(f"index must be 0 or more, got {index}")
    return random.Random(f"daudiachu/{kind}/{seed}/{index}")  # str seeds are stable across runs


def _take(rng: random.Random, rank: Rank, count: int, used: set[Card]) -> list[Card]:
    """``count`` free cards of ``rank`` (random suits), marked used; :class:`_Short` if too few are free."""
    if rank.is_joker:
        free = [Card(rank, None)] if Card(rank, None) not in used else []
    else:
        free = [Card(rank, suit) for suit in Suit if Card(rank, suit) not in used]
    if len(free) < count:
        raise _Short(_NO_CARDS)
    chosen = rng.sample(free, count)
    used.update(chosen)
    return chosen


def _build(rng: random.Random, groups: Sequence[tuple[Rank, int]], used: set[Card]) -> tuple[Card, ...]:
    """Cards for ``(rank, count)`` groups, all or nothing (``used`` is unchanged on :class:`_Short`)."""
    trial = set(used)
    cards = [card for rank, count in groups for card in _take(rng, rank, count, trial)]
    used.update(trial)
    return tuple(cards)


def _chain(rng: random.Random, length: int, top: Rank | None = None) -> list[Rank]:
    """``length`` consecutive ranks within 3..A, ending at ``top`` if given (else at random)."""
    if top is None:
        low = rng.randint(0, len(_CHAIN_RANKS) - length)
        return list(_CHAIN_RANKS[low : low + length])
    end = _CHAIN_RANKS.index(top) + 1
    if end - length < 0:
        raise _Short("no room for the chain")
    return list(_CHAIN_RANKS[end - length : end])


def _others(
    rng: random.Random, count: int, exclude: Sequence[Rank], pool: Sequence[Rank] = _PAIRABLE
) -> list[Rank]:
    return rng.sample([rank for rank in pool if rank not in exclude], count)


def _groups_for(
    rng: random.Random, kind: PlayType, chain: int | None = None, rank: Rank | None = None
) -> list[tuple[Rank, int]]:
    """Rank groups of a play of ``kind`` (chain length and deciding rank chosen at random unless given)."""
    rules = load_rules()
    if kind is PlayType.ROCKET:
        return [(Rank.SMALL_JOKER, 1), (Rank.BIG_JOKER, 1)]
    if kind is PlayType.SINGLE:
        return [(rank or rng.choice(tuple(Rank)), 1)]
    simple = {PlayType.PAIR: 2, PlayType.TRIO: 3, PlayType.BOMB: 4}
    if kind in simple:
        return [(rank or rng.choice(_PAIRABLE), simple[kind])]
    if kind is PlayType.TRIO_PAIR:
        trio = rank or rng.choice(_PAIRABLE)
        return [(trio, 3), (_others(rng, 1, [trio])[0], 2)]
    per_rank = {
        PlayType.STRAIGHT: 1,
        PlayType.PAIR_STRAIGHT: 2,
        PlayType.TRIO_STRAIGHT: 3,
        PlayType.AIRPLANE: 3,
    }
    shortest = {
        PlayType.STRAIGHT: (rules.straight_min, rules.straight_min + 3),
        PlayType.PAIR_STRAIGHT: (rules.pair_straight_min, rules.pair_straight_min + 2),
        PlayType.TRIO_STRAIGHT: (rules.trio_straight_min, rules.trio_straight_min + 1),
        PlayType.AIRPLANE: (rules.trio_straight_min, rules.trio_straight_min + 1),
    }
    length = chain or rng.randint(*shortest[kind])
    ranks = _chain(rng, length, rank)
    groups = [(r, per_rank[kind]) for r in ranks]
    if kind is PlayType.AIRPLANE:
        groups += [(r, 2) for r in sorted(_others(rng, length, ranks))]
    return groups


def random_play(
    rng: random.Random,
    kind: PlayType,
    used: set[Card] | None = None,
    *,
    chain: int | None = None,
    rank: Rank | None = None,
) -> Play | None:
    """A random play of type ``kind`` using no card in ``used`` (which is then updated), or ``None`` if the
    free cards cannot make one.

    Args:
        rng: the random source.
        kind: the play type wanted.
        used: cards already taken (e.g. by the play it will be compared with); updated with the new cards.
        chain: the chain length for chain types (a random one of the usual lengths if ``None``).
        rank: the deciding rank (the top of a chain) if it must be this one.

    >>> play = random_play(random.Random(1), PlayType.AIRPLANE, chain=2)
    >>> play.type, play.chain, play.size
    (<PlayType.AIRPLANE: 'airplane'>, 2, 10)
    """
    taken = used if used is not None else set()
    try:
        cards = _build(rng, _groups_for(rng, kind, chain, rank), taken)
    except _Short:
        return None
    return classify(cards)


# --------------------------------------------------------------------------- "what type is this play?"

LOOK_ALIKES: tuple[str, ...] = (
    "straight_with_two",
    "short_straight",
    "gap_straight",
    "four_with_pair",
    "four_with_singles",
    "trio_with_single",
    "airplane_wrong_pairs",
    "airplane_with_singles",
    "pair_straight_with_two",
    "two_pairs",
    "joker_with_card",
)
"""The near-misses the type drill mixes in (ids of the generators; the engine decides what they are)."""


def _look_alike(rng: random.Random, name: str) -> list[tuple[Rank, int]]:
    """Rank groups of one look-alike (cards that resemble a play but are not one)."""
    rules = load_rules()
    if name == "straight_with_two":
        length = rng.randint(rules.straight_min, rules.straight_min + 2)
        return [(r, 1) for r in [*_CHAIN_RANKS[-(length - 1) :], Rank.TWO]]
    if name == "short_straight":
        return [(r, 1) for r in _chain(rng, rng.randint(3, rules.straight_min - 1))]
    if name == "gap_straight":
        ranks = _chain(rng, rules.straight_min + 1)
        del ranks[rng.randint(1, len(ranks) - 2)]
        return [(r, 1) for r in ranks]
    if name == "four_with_pair":
        four = rng.choice(_PAIRABLE)
        return [(four, 4), (_others(rng, 1, [four])[0], 2)]
    if name == "four_with_singles":
        four = rng.choice(_PAIRABLE)
        return [(four, 4), *((r, 1) for r in _others(rng, 2, [four]))]
    if name == "trio_with_single":
        trio = rng.choice(_PAIRABLE)
        return [(trio, 3), (_others(rng, 1, [trio], tuple(Rank))[0], 1)]
    if name in ("airplane_wrong_pairs", "airplane_with_singles"):
        length = rng.randint(rules.trio_straight_min, rules.trio_straight_min + 1)
        trios = _chain(rng, length)
        if name == "airplane_with_singles":
            return [(r, 3) for r in trios] + [(r, 1) for r in sorted(_others(rng, length, trios))]
        pairs = length + rng.choice((-1, 1))
        return [(r, 3) for r in trios] + [(r, 2) for r in sorted(_others(rng, pairs, trios))]
    if name == "pair_straight_with_two":
        length = rng.randint(rules.pair_straight_min, rules.pair_straight_min + 1)
        return [(r, 2) for r in [*_CHAIN_RANKS[-(length - 1) :], Rank.TWO]]
    if name == "two_pairs":
        return [(r, 2) for r in _chain(rng, 2)]
    if name == "joker_with_card":
        return [(rng.choice((Rank.SMALL_JOKER, Rank.BIG_JOKER)), 1), (rng.choice(_PAIRABLE), 1)]
    raise ValueError(f"unknown look-alike {name!r}; known: {', '.join(LOOK_ALIKES)}")


@dataclass(frozen=True)
class TypeQuestion:
    """ "What type is this play?"

    Attributes:
        seed: the drill set's seed.
        index: the question's number in the set, from 0.
        cards: the cards shown, lowest first.
        answer: the engine's answer: the :class:`PlayType`, or ``None`` when the cards are not a play.
        play: the :class:`Play` when they are one.
        rejection: why they are not a play, when they are not.
    """

    seed: int
    index: int
    cards: tuple[Card, ...]
    answer: PlayType | None
    play: Play | None
    rejection: Rejection | None

    def grade(self, choice: PlayType | None) -> bool:
        """True if ``choice`` (one of :data:`TYPE_CHOICES`) is the engine's answer."""
        return choice == self.answer


def type_question(seed: int, index: int) -> TypeQuestion:
    """Question ``index`` (from 0) of the type drill set ``seed``: a play (about 3 in 5) or a look-alike.

    Raises:
        TypeError: for a seed or index that is not a whole number. ValueError: for a negative index.

    >>> [type_question(3, i).answer for i in range(3)] == [type_question(3, i).answer for i in range(3)]
    True
    """
    rng = _rng("type", seed, index)
    while True:
        if rng.random() < 0.6:
            groups = _groups_for(rng, rng.choice(PLAY_TYPES))
        else:
            groups = _look_alike(rng, rng.choice(LOOK_ALIKES))
        try:
            cards = _build(rng, groups, set())
        except _Short:  # pragma: no cover - a fresh deck always has the cards
            continue
        shown = tuple(sorted(cards, key=lambda card: card.sort_key))
        rejection = why_not(shown)
        play = None if rejection is not None else classify(shown)
        return TypeQuestion(seed, index, shown, None if play is None else play.type, play, rejection)


# --------------------------------------------------------------------------- "can this play follow that one?"


@dataclass(frozen=True)
class FollowQuestion:
    """ "Can this play follow that one?"

    Attributes:
        seed: the drill set's seed.
        index: the question's number in the set, from 0.
        previous: the play on the table.
        play: the play someone wants to put on it (no card shared with ``previous``).
        verdict: the engine's :class:`Verdict` (why it can or cannot).
    """

    seed: int
    index: int
    previous: Play
    play: Play
    verdict: Verdict

    @property
    def beats(self) -> bool:
        """The answer: True if :attr:`play` beats :attr:`previous`."""
        return self.verdict.beats

    def grade(self, answer: bool) -> bool:
        """True if ``answer`` ("yes, it can follow") is the engine's answer."""
        return answer == self.beats


def _follow_pair(rng: random.Random) -> tuple[Play, Play] | None:
    """A previous play and a candidate, mostly of the same type and size; ``None`` if the cards ran short."""
    used: set[Card] = set()
    roll = rng.random()
    ordinary: list[PlayType] = [kind for kind in PLAY_TYPES if kind not in (PlayType.BOMB, PlayType.ROCKET)]
    if roll < 0.55:  # same type and size: higher, lower or equal
        kind = rng.choice(ordinary)
        previous = random_play(rng, kind, used)
        if previous is None:
            return None
        play = random_play(rng, kind, used, chain=previous.chain if kind.is_chain else None)
        return None if play is None else (previous, play)
    if roll < 0.70:  # same type, other size; or another type
        kind = rng.choice([k for k in ordinary if k.is_chain]) if rng.random() < 0.5 else rng.choice(ordinary)
        previous = random_play(rng, kind, used)
        if previous is None:
            return None
        other = kind if kind.is_chain else rng.choice([k for k in ordinary if k is not kind])
        play = random_play(rng, other, used)
        return None if play is None else (previous, play)
    if roll < 0.80:  # a bomb on an ordinary play, or an ordinary play on a bomb
        previous = random_play(rng, rng.choice(ordinary), used)
        bomb = random_play(rng, PlayType.BOMB, used)
        if previous is None or bomb is None:
            return None
        return (previous, bomb) if rng.random() < 0.6 else (bomb, previous)
    if roll < 0.92:  # two bombs
        previous = random_play(rng, PlayType.BOMB, used)
        play = random_play(rng, PlayType.BOMB, used)
        return None if previous is None or play is None else (previous, play)
    plain = random_play(rng, rng.choice([*ordinary, PlayType.BOMB]), used)  # the rocket, either way round
    rocket = random_play(rng, PlayType.ROCKET, used)
    if plain is None or rocket is None:
        return None
    return (plain, rocket) if rng.random() < 0.7 else (rocket, plain)


def follow_question(seed: int, index: int) -> FollowQuestion:
    """Question ``index`` (from 0) of the follow drill set ``seed``; the two plays share no card.

    Raises:
        TypeError: for a seed or index that is not a whole number. ValueError: for a negative index.

    >>> question = follow_question(5, 2)
    >>> set(question.play.cards) & set(question.previous.cards)
    set()
    """
    rng = _rng("follow", seed, index)
    while True:
        pair = _follow_pair(rng)
        if pair is None:
            continue
        previous, play = pair
        return FollowQuestion(seed, index, previous, play, follow(play, previous))


# --------------------------------------------------------------------------- "score this game"


@dataclass(frozen=True)
class ScoreQuestion:
    """ "Score this game": the facts of a finished game and the engine's score.

    Attributes:
        seed: the drill set's seed.
        index: the question's number in the set, from 0.
        game: the facts (bid, landlord, who went out or quit, bombs, rocket, spring case).
        score: the engine's :class:`Score`.
    """

    seed: int
    index: int
    game: Game
    score: Score

    def grade(self, points: Sequence[int]) -> bool:
        """True if ``points`` (one number per seat, seat 0 first) are every seat's score."""
        return tuple(points) == self.score.points


def _weighted(rng: random.Random, weights: Sequence[tuple[int, float]]) -> int:
    values = [value for value, _ in weights]
    return rng.choices(values, [chance for _, chance in weights])[0]


def score_question(seed: int, index: int) -> ScoreQuestion:
    """Question ``index`` (from 0) of the scoring drill set ``seed``.

    Bids, bombs and the rocket follow rough table frequencies (more 0 and 1 bombs than 3); about one
    game in six has a spring case and one in twenty a player who quit.

    Raises:
        TypeError: for a seed or index that is not a whole number. ValueError: for a negative index.
    """
    rng = _rng("score", seed, index)
    players = load_rules().players
    bid = _weighted(rng, [(1, 0.3), (2, 0.35), (3, 0.35)])
    landlord = rng.randrange(players)
    if rng.random() < 0.05:
        game = Game(
            bid=bid,
            landlord=landlord,
            quit=rng.randrange(players),
            bombs=_weighted(rng, [(0, 0.6), (1, 0.4)]),
        )
        return ScoreQuestion(seed, index, game, score(game))
    went_out = landlord if rng.random() < 0.5 else rng.choice([s for s in range(players) if s != landlord])
    spring = Spring.NONE
    if rng.random() < 1 / 6:
        spring = Spring.SPRING if went_out == landlord else Spring.ANTI_SPRING
    game = Game(
        bid=bid,
        landlord=landlord,
        went_out=went_out,
        bombs=_weighted(rng, [(0, 0.4), (1, 0.33), (2, 0.18), (3, 0.09)]),
        rocket=rng.random() < 0.25,
        spring=spring,
    )
    return ScoreQuestion(seed, index, game, score(game))
