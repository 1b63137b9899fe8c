"""Play: a table session, the player against 1-3 computer players, dealt from a seed, settled and analysed.

A :class:`Table` is the session's settings: the rule set (any :class:`~maubinh.rules.RuleSet`, house rules
included), the seed, and one :class:`Strength` per computer player. Deal ``n`` of a table is always the
same cards (:func:`deal_cards`: ``random.Random(f"{seed}:{n}")`` shuffles :data:`~maubinh.cards.FULL_DECK`,
then 13 cards to each seat, the player first). The computer players set their hands by strength
(:func:`bot_play`):

- ``solver``: xếp bài, :func:`maubinh.strategy.solver.solve` for the table's size; a hand holding an
  instant win asks :func:`maubinh.strategy.decide.decide` whether to declare it or play it out;
- ``medium``: the solver's own estimate of every legal split (:func:`maubinh.drills.sampling.table_scores`)
  plus Gaussian noise of :data:`MEDIUM_NOISE` chi, the highest taken: usually a good split, now and then
  a clearly worse one; declares every instant win it holds;
- ``beginner``: strongest back first (:func:`maubinh.strategy.arrangers.arrange_simple`), declares
  every instant win it holds.

None of them ever fouls. :func:`play_deal` settles a deal with the player's arrangement and choice to
declare (:func:`maubinh.settle.settle` with ``declared=``, digest §2.4) and :func:`running_score` adds the
deals up. :func:`analyse` grades the player's split the way the Drill grades "set it yourself"
(:mod:`maubinh.drills.arrange`): the best split is chosen on sampled tables of the same size set by the
solver, then the player's split and the best one are settled against another, independent sample (common
random numbers): expected chi per deal, the chi lost with its standard error and its band on the one scale
(:mod:`maubinh.bands`), what each line (each chi, scoops, fouls, instant wins, aces) cost and how often each split
scooped or was scooped; beside it, what actually happened at this table and what the best split would have won
there against the same hands.

All amounts are in chi; a deal's totals sum to zero.

>>> from maubinh.rules import load_rule_set
>>> table = Table(load_rule_set("guide-2026"), seed=7, bots=(Strength.SOLVER, Strength.BEGINNER))
>>> [len(hand) for hand in table.deal(1)]
[13, 13, 13]
>>> table.deal(1) == table.deal(1) and table.deal(1) != table.deal(2)
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import combinations
from typing import Any

import numpy as np

from maubinh.arrangement import Arrangement, foul_reason
from maubinh.bands import Grade, grade
from maubinh.cards import FULL_DECK, Card
from maubinh.drills.sampling import Breakdown, Line, Opponents, ScoopShares, breakdowns, scoop_shares, table_scores
from maubinh.naturals import InstantWin, find_instant_win
from maubinh.rules import POSITIONS, Position, RuleSet
from maubinh.settle import ItemKind, Settlement, settle
from maubinh.strategy.arrangers import arrange_simple
from maubinh.strategy.field import best_splits, field_values, sample_field
from maubinh.strategy.vector import split_arrangement

__all__ = [
    "CANDIDATES",
    "CHOOSE_SAMPLES",
    "MAX_BOTS",
    "MEDIUM_NOISE",
    "SCORE_SAMPLES",
    "Analysis",
    "BotPlay",
    "DealResult",
    "DealStudy",
    "Origin",
    "Strength",
    "Table",
    "analyse",
    "bot_play",
    "deal_cards",
    "fouled_split",
    "play_deal",
    "running_score",
    "study",
]

MAX_BOTS = 3
"""Computer players at one table: 1-3 (a table seats 2-4)."""
MEDIUM_NOISE = 0.75
"""Standard deviation, in chi, of the noise the medium player adds to the solver's estimate of each split."""
CHOOSE_SAMPLES = 2000
"""Heads-up deals on which every legal split is tried, to keep the :data:`CANDIDATES` best."""
CANDIDATES = 24
"""Splits kept from the heads-up pass, among which the best at the table's size is chosen."""
TABLE_SAMPLES = 600
"""Tables of the real size on which the best of the candidates is chosen (more than one opponent)."""
SCORE_SAMPLES = 1000
"""Other tables, independent of the choice, on which the player's split and the best are scored."""


class Strength(str, Enum):
    """How a computer player sets its hand (see the module's docstring)."""

    SOLVER = "solver"
    MEDIUM = "medium"
    BEGINNER = "beginner"


class Origin(str, Enum):
    """How the player's hand of a deal was made (issue 31): what it may be graded as.

    - ``own``: the player's own split, sent in time;
    - ``xep_bai``: Xếp bài (the solver's split, put in on the player's request): shown, never graded as
      the player's (left out of chi lost, error rate, ratings and rankings);
    - ``timer``: the timer ran out and the player's split as it stood was played (complete and legal):
      graded as theirs, marked "timed out";
    - ``timer_solver``: the timer ran out with no complete, legal split: the solver's split was played so the
      deal goes on, and the player is charged what binh lủng (foul) would cost against the best split
      (:func:`analyse` with ``missed=True``), marked "timed out".
    """

    OWN = "own"
    XEP_BAI = "xep_bai"
    TIMER = "timer"
    TIMER_SOLVER = "timer_solver"

    @property
    def timed_out(self) -> bool:
        """Whether the timer ran out on the hand."""
        return self in (Origin.TIMER, Origin.TIMER_SOLVER)

    @property
    def graded(self) -> bool:
        """Whether the hand counts in the player's skill figures (all but Xếp bài's)."""
        return self is not Origin.XEP_BAI


@dataclass(frozen=True)
class BotPlay:
    """A computer player's hand as set: its strength, arrangement and whether it declares an instant win."""

    strength: Strength
    arrangement: Arrangement
    declare: bool


def deal_cards(seed: int | str, number: int, seats: int) -> tuple[tuple[Card, ...], ...]:
    """Deal ``number`` of a table seeded ``seed``: 13 cards per seat, each hand sorted high to low.

    ``random.Random(f"{seed}:{number}")`` shuffles :data:`~maubinh.cards.FULL_DECK`; seat ``s`` gets cards
    ``13 s .. 13 s + 12``. The same seed and number give the same cards.

    Raises:
        ValueError: for ``seats`` outside 2-4.
    """
    if not 2 <= seats <= 4:
        raise ValueError(f"a table has 2-4 seats, got {seats}")
    deck = list(FULL_DECK)
    random.Random(f"{seed}:{number}").shuffle(deck)
    return tuple(tuple(sorted(deck[13 * s : 13 * s + 13], reverse=True)) for s in range(seats))


def _held(cards: Sequence[Card], rule_set: RuleSet) -> InstantWin | None:
    return find_instant_win(cards, rule_set) if rule_set.naturals else None


def bot_play(cards: Sequence[Card], strength: Strength, rule_set: RuleSet, seats: int, seed: int | str = 0) -> BotPlay:
    """How a computer player of ``strength`` sets ``cards`` at a table of ``seats`` (never binh lủng).

    ``seed`` draws the medium player's noise (the same seed, the same split).

    Raises:
        ValueError: if ``cards`` is not 13 distinct cards or ``seats`` is not 2-4.
    """
    if not 2 <= seats <= 4:
        raise ValueError(f"a table has 2-4 seats, got {seats}")
    held = _held(cards, rule_set)
    if strength is Strength.SOLVER:
        if held is None:
            from maubinh.strategy.solver import solve

            return BotPlay(strength, solve(cards, rule_set, seats=seats), False)
        from maubinh.strategy.decide import decide

        choice = decide(cards, rule_set, opponents=seats - 1)
        return BotPlay(strength, choice.arrangement, choice.declare)
    if strength is Strength.MEDIUM:
        hand, scores = table_scores(cards, rule_set)
        noise = np.random.default_rng(random.Random(f"{seed}:medium").getrandbits(64)).normal(
            0.0, MEDIUM_NOISE, len(scores))
        row = int(np.argmax(np.where(np.isfinite(scores), scores + noise, -np.inf)))
        return BotPlay(strength, hand.arrangement(row), held is not None)
    return BotPlay(strength, arrange_simple(cards, rule_set), held is not None)


@dataclass(frozen=True)
class Table:
    """A table session's settings.

    Attributes:
        rule_set: the rules everything is settled under.
        seed: the session's seed (a link replays the same deals).
        bots: one :class:`Strength` per computer player (1-3), seats 1.. in order; the player is seat 0.
    """

    rule_set: RuleSet
    seed: int
    bots: tuple[Strength, ...]

    def __post_init__(self) -> None:
        if not 1 <= len(self.bots) <= MAX_BOTS:
            raise ValueError(f"a table has 1-{MAX_BOTS} computer players, got {len(self.bots)}")

    @property
    def seats(self) -> int:
        """Players at the table, the player included (2-4)."""
        return 1 + len(self.bots)

    def deal(self, number: int) -> tuple[tuple[Card, ...], ...]:
        """The cards of deal ``number``, one hand per seat (:func:`deal_cards`)."""
        return deal_cards(self.seed, number, self.seats)

    def bot_plays(self, number: int) -> tuple[BotPlay, ...]:
        """How each computer player sets its hand in deal ``number`` (seat 1 first)."""
        hands = self.deal(number)
        return tuple(bot_play(hands[s + 1], strength, self.rule_set, self.seats, f"{self.seed}:{number}:{s + 1}")
                     for s, strength in enumerate(self.bots))


@dataclass(frozen=True)
class DealResult:
    """One deal played: every seat's cards, arrangement and choice, and the settlement.

    Attributes:
        number: the deal's number.
        arrangements: per seat (the player first).
        declared: per seat, whether it declared an instant win it holds.
        settlement: :func:`maubinh.settle.settle` of the table.
        helped: whether the player asked for xếp bài (the solver's split) on this hand.
        timed_out: the table's timer ran out on this hand (or the split came after it, past the grace).
        auto_split: the solver's split was played for the player, the timer having run out without a legal
            split (binh lủng or cards left over).
        seconds: the time the player took, in seconds (``None`` when not measured).
    """

    number: int
    arrangements: tuple[Arrangement, ...]
    declared: tuple[bool, ...]
    settlement: Settlement
    helped: bool = False
    timed_out: bool = False
    auto_split: bool = False
    seconds: float | None = None

    @property
    def player_total(self) -> int:
        """What the player won (negative: paid) in this deal, in chi."""
        return self.settlement.totals[0]

    @property
    def origin(self) -> Origin:
        """How the player's split was made: the timer's solver split first, then Xếp bài (a helped hand whose
        timer ran out is still the solver's split), then the timer with the player's split, else their own."""
        if self.auto_split:
            return Origin.TIMER_SOLVER
        if self.helped:
            return Origin.XEP_BAI
        return Origin.TIMER if self.timed_out else Origin.OWN


def play_deal(table: Table, number: int, arrangement: Arrangement, declare: bool = False, *,
              helped: bool = False, bots: Sequence[BotPlay] | None = None, timed_out: bool = False,
              auto_split: bool = False, seconds: float | None = None) -> DealResult:
    """Settle deal ``number`` with the player's ``arrangement`` and choice to ``declare`` an instant win.

    ``bots``: the computer players' plays if already computed (default: :meth:`Table.bot_plays`);
    ``helped``, ``timed_out``, ``auto_split``, ``seconds``: recorded as given (see :class:`DealResult`).

    Raises:
        ValueError: if ``arrangement`` does not hold the player's 13 cards of this deal.
    """
    hands = table.deal(number)
    if sorted(arrangement.cards) != sorted(hands[0]):
        raise ValueError(f"arrangement {arrangement} does not hold the cards of deal {number}")
    plays = tuple(table.bot_plays(number) if bots is None else bots)
    arrangements = (arrangement, *(p.arrangement for p in plays))
    declared = (bool(declare), *(p.declare for p in plays))
    return DealResult(number, arrangements, declared, settle(arrangements, table.rule_set, declared), helped,
                      timed_out, auto_split, seconds)


def running_score(results: Sequence[DealResult], seats: int) -> tuple[int, ...]:
    """Chi per seat summed over ``results`` (zero-sum like each deal)."""
    totals = [0] * seats
    for result in results:
        for seat, amount in enumerate(result.settlement.totals):
            totals[seat] += amount
    return tuple(totals)


@dataclass(frozen=True)
class Analysis:
    """The player's split against the best one for the hand, at a table of the same size.

    Attributes:
        arrangement, declare: the player's split and choice.
        best, best_declare: the best split found and whether declaring beats playing it (instant wins).
        foul: the pair of chi out of order in the player's split, or ``None`` when legal.
        mine, best_breakdown: each one settled against the same :data:`SCORE_SAMPLES` sampled tables.
        opponents: opponents per sampled table (the table's computer players).
        cost: ``best_breakdown.mean - mine.mean``, chi per deal (0 for the best split itself).
        cost_stderr: its standard error (same deals).
        actual: what the player's split won at this table (the settlement), for luck beside skill.
        best_actual: what the best play would have won at this very table, against the same computer players'
            hands (``None`` when ``actual`` is).
        mine_scoops, best_scoops: how often each split scooped or was scooped on the scoring tables
            (:class:`maubinh.drills.sampling.ScoopShares`).
        missed: the player had no complete, legal split when the timer ran out: ``arrangement`` is a binh
            lủng split of the cards (:func:`fouled_split`; any one settles the same), ``mine`` what binh lủng
            wins, and ``cost`` what it costs against the best split (the charge of a miss).
        spread: the deal's :attr:`DealStudy.spread` (how far the plausible splits fall below the best), chi per
            deal; ``None`` for a hand holding an instant win.
    """

    arrangement: Arrangement
    declare: bool
    best: Arrangement
    best_declare: bool
    foul: tuple[Position, Position] | None
    mine: Breakdown
    best_breakdown: Breakdown
    opponents: int
    cost: float
    cost_stderr: float
    actual: int | None = None
    missed: bool = False
    spread: float | None = None
    best_actual: int | None = None
    mine_scoops: ScoopShares | None = None
    best_scoops: ScoopShares | None = None

    @property
    def grade(self) -> Grade:
        """The player's play on the one scale (:func:`maubinh.bands.grade`): the band of :attr:`cost` ±
        :attr:`cost_stderr` (a timed-out miss: of its charge)."""
        return grade(self.cost, self.cost_stderr)

    def cost_of(self, line: Line) -> float:
        """What one line cost, chi per deal: the best split's mean from it minus the player's."""
        return self.best_breakdown.lines.get(line, 0.0) - self.mine.lines.get(line, 0.0)

    @property
    def lines(self) -> list[Line]:
        """Every line either split has, the costliest first."""
        others = (ItemKind.SCOOP, ItemKind.FOUL, ItemKind.NATURAL, ItemKind.ACES)
        seen: list[Line] = [*POSITIONS, *(k for k in others
                                          if k in self.mine.lines or k in self.best_breakdown.lines)]
        return sorted(seen, key=lambda line: -self.cost_of(line))

    @property
    def worst(self) -> Line | None:
        """The line that cost most (``None`` when nothing cost more than 0.005 chi)."""
        top = self.lines[0] if self.lines else None
        return top if top is not None and self.cost_of(top) > 0.005 else None

    def win_share(self, position: Position, *, best: bool = False) -> float:
        """Share of (deal, opponent) pairs in which the player's (or the best split's) ``position`` won."""
        breakdown = self.best_breakdown if best else self.mine
        return breakdown.odds[position][0] / self.opponents

    def to_data(self) -> dict[str, object]:
        """The analysis as JSON data (strings, numbers, lists, mappings): :meth:`from_data` reads it back equal.
        Kept where an analysis is made once and read by others (a room's hands, :mod:`classroom.rooms`)."""
        return {"arrangement": str(self.arrangement), "declare": self.declare, "best": str(self.best),
                "best_declare": self.best_declare, "foul": None if self.foul is None else [p.value for p in self.foul],
                "mine": _breakdown_data(self.mine), "best_breakdown": _breakdown_data(self.best_breakdown),
                "opponents": int(self.opponents), "cost": float(self.cost), "cost_stderr": float(self.cost_stderr),
                "actual": _int_or_none(self.actual), "missed": bool(self.missed),
                "spread": None if self.spread is None else float(self.spread), "best_actual": _int_or_none(self.best_actual),
                "mine_scoops": _scoops_data(self.mine_scoops), "best_scoops": _scoops_data(self.best_scoops)}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Analysis:
        """The analysis :meth:`to_data` wrote.

        Raises:
            KeyError, TypeError, ValueError: ``data`` is not an analysis's data.
        """
        foul, mine_scoops, best_scoops = data["foul"], data["mine_scoops"], data["best_scoops"]
        return cls(_split(data["arrangement"]), bool(data["declare"]), _split(data["best"]),
                   bool(data["best_declare"]), None if foul is None else (Position(foul[0]), Position(foul[1])),
                   _breakdown_of(data["mine"]), _breakdown_of(data["best_breakdown"]), int(data["opponents"]),
                   float(data["cost"]), float(data["cost_stderr"]), _int_or_none(data["actual"]), bool(data["missed"]),
                   None if data["spread"] is None else float(data["spread"]), _int_or_none(data["best_actual"]),
                   None if mine_scoops is None else ScoopShares(float(mine_scoops[0]), float(mine_scoops[1])),
                   None if best_scoops is None else ScoopShares(float(best_scoops[0]), float(best_scoops[1])))


def _split(text: str) -> Arrangement:
    back, middle, front = str(text).split(" | ")
    return Arrangement.parse(back, middle, front)


def _scoops_data(shares: ScoopShares | None) -> list[float] | None:
    return None if shares is None else [float(shares.won), float(shares.lost)]


def _int_or_none(value: object) -> int | None:
    return None if value is None else int(str(value))


_POSITION_VALUES = frozenset(p.value for p in Position)


def _line(value: str) -> Line:
    """A breakdown line read back: a position (``back``...) or another kind of item (``scoop``...)."""
    return Position(value) if value in _POSITION_VALUES else ItemKind(value)


def _breakdown_data(breakdown: Breakdown) -> dict[str, object]:
    return {"lines": {line.value: float(amount) for line, amount in breakdown.lines.items()},
            "totals": [int(total) for total in breakdown.totals],
            "odds": {position.value: [float(share) for share in shares] for position, shares in breakdown.odds.items()}}


def _breakdown_of(data: Mapping[str, Any]) -> Breakdown:
    odds = {Position(p): (float(won), float(tied), float(lost)) for p, (won, tied, lost) in data["odds"].items()}
    return Breakdown({_line(line): float(amount) for line, amount in data["lines"].items()},
                     tuple(int(total) for total in data["totals"]), odds)


def _seed(*parts: object) -> int:
    return random.Random(":".join(str(p) for p in parts)).getrandbits(63)


@dataclass(frozen=True)
class DealStudy:
    """The heavy, player-independent part of grading deal ``number`` of a table (:func:`study`): the best
    splits to compare against and the sampled tables they are scored on. Shared by every player of the deal
    (a class at one table: the same deal for everyone, studied once).

    Attributes:
        table, number: the deal studied.
        held: the instant win (mậu binh) the player's hand holds, or ``None``.
        options: the candidate best plays, ``(split, declare)``: one, or two for an instant win (played out
            on the solver's split, or declared).
        scoring: the :data:`SCORE_SAMPLES` sampled tables every split is scored on.
        spread: how hard the hand is to split (the Play rating's opponent, :func:`classroom.rating.hand_opponent`):
            the mean shortfall of the :data:`CANDIDATES` best legal splits against the best one, heads-up on the
            :data:`CHOOSE_SAMPLES` deals, chi per deal (0 when every plausible split is as good as the best; large
            when only one split will do). ``None`` for a hand holding an instant win (its choice is whether to
            declare, not a split).
    """

    table: Table
    number: int
    held: InstantWin | None
    options: tuple[tuple[Arrangement, bool], ...]
    scoring: Opponents
    spread: float | None = None


def study(table: Table, number: int) -> DealStudy:
    """The best plays of deal ``number`` and the tables to score on (see :func:`analyse` for how they are
    chosen); the same inputs give the same study."""
    rule_set = table.rule_set
    cards = table.deal(number)[0]
    opponents = table.seats - 1
    held = _held(cards, rule_set)
    idx = np.array([c.index for c in cards], dtype=np.int64)
    options: tuple[tuple[Arrangement, bool], ...]
    spread = None
    if held is not None:
        from maubinh.strategy.decide import decide

        split = decide(cards, rule_set, opponents=opponents).split
        options = ((split, False), (split, True))
    else:
        heads_up = sample_field(cards, rule_set, opponents=1, samples=CHOOSE_SAMPLES,
                                seed=_seed(table.seed, number, "choose"))
        rows, means = best_splits(heads_up, count=CANDIDATES)
        spread = float(np.mean(means[0] - means))
        candidates = [split_arrangement(idx, int(row)) for row in rows]
        if opponents > 1 and len(candidates) > 1:
            field = sample_field(cards, rule_set, opponents=opponents, samples=TABLE_SAMPLES,
                                 seed=_seed(table.seed, number, "table"))
            totals, _ = field_values(candidates, field, declared=[False] * len(candidates))
            candidates = [candidates[int(np.argmax(totals.sum(axis=1)))]]
        options = ((candidates[0], False),)
    scoring = Opponents(tuple(cards), _seed(table.seed, number, "score"),
                        sample_field(cards, rule_set, opponents=opponents, samples=SCORE_SAMPLES,
                                     seed=_seed(table.seed, number, "score")))
    return DealStudy(table, number, held, tuple(options), scoring, spread)


def fouled_split(cards: Sequence[Card], rule_set: RuleSet) -> Arrangement:
    """A binh lủng (foul) split of the 13 ``cards`` under ``rule_set`` (digest §1, §2.5): the first out of order
    among the front holding the highest cards, then the other fronts and middles in turn. Every fouled split
    of the same cards settles the same (a foul pays the rule set's penalty to each opponent; the aces counted
    are the hand's), so it stands for "binh lủng" in a miss's charge (:func:`analyse`, ``missed``).

    Raises:
        ValueError: if ``cards`` is not 13 distinct cards, or (never seen) no split of them fouls.

    >>> from maubinh.cards import parse_cards
    >>> from maubinh.rules import load_rule_set
    >>> rules = load_rule_set("chi-at")
    >>> str(fouled_split(parse_cards("As Ks Qs Js 9s 9h 9d 4c 4h 4d 7c 7s 2d"), rules))
    '7c 4h 4d 4c 2d | Js 9s 9h 9d 7s | As Ks Qs'
    """
    ordered = sorted(cards, reverse=True)
    if len(set(ordered)) != 13:
        raise ValueError(f"a hand is 13 distinct cards, got {len(ordered)}")
    for front in combinations(ordered, 3):
        rest = [card for card in ordered if card not in front]
        for middle in combinations(rest, 5):
            back = tuple(card for card in rest if card not in middle)
            arrangement = Arrangement(back, middle, front)
            if foul_reason(arrangement, rule_set) is not None:
                return arrangement
    raise ValueError("no split of these cards is binh lủng")


def analyse(table: Table, number: int, arrangement: Arrangement, declare: bool = False, *,
            actual: int | None = None, studied: DealStudy | None = None, missed: bool = False,
            bots: Sequence[BotPlay] | None = None) -> Analysis:
    """Grade the player's ``arrangement`` (and choice to ``declare``) of deal ``number`` against the best split.

    Every legal split is settled against :data:`CHOOSE_SAMPLES` heads-up deals (opponents set by the
    solver, :func:`maubinh.strategy.field.best_splits`); the :data:`CANDIDATES` best are settled against
    :data:`TABLE_SAMPLES` tables of the real size and the best of them kept (with one computer player, the
    heads-up best). A hand holding an instant win is played out on the solver's split or declared, whichever
    is worth more on the scoring deals. The player's split and the best are then settled against
    :data:`SCORE_SAMPLES` other tables. Seeds come from the table's seed and ``number``: the same inputs give
    the same analysis. ``actual``: what the split won at the table (:attr:`DealResult.player_total`); with it, the
    best play is settled against the computer players' hands of the deal (``bots``, default
    :meth:`Table.bot_plays`) for :attr:`Analysis.best_actual`.
    ``studied``: :func:`study` of this deal if already made (it is the same for every player of the deal).
    ``missed``: the timer ran out with no complete, legal split (``arrangement`` is then the one played for the
    player, the solver's): the player is scored as binh lủng (:func:`fouled_split`) and charged what it costs
    against the best split (:attr:`Analysis.missed`); a held instant win declared is no miss (the declaration
    stands whatever the split, digest §2.4).

    Raises:
        ValueError: if ``arrangement`` does not hold the player's 13 cards of this deal, or ``studied`` is
            another deal's.
    """
    rule_set = table.rule_set
    cards = table.deal(number)[0]
    if sorted(arrangement.cards) != sorted(cards):
        raise ValueError(f"arrangement {arrangement} does not hold the cards of deal {number}")
    if studied is None:
        studied = study(table, number)
    elif (studied.table, studied.number) != (table, number):
        raise ValueError(f"the study of deal {studied.number} is not of deal {number} of this table")
    opponents, held, options, scoring = table.seats - 1, studied.held, studied.options, studied.scoring
    missed = missed and not (declare and held is not None)
    if missed:
        arrangement, declare = fouled_split(cards, rule_set), False
    scored = breakdowns([arrangement, *(a for a, _ in options)], scoring, rule_set,
                        [declare, *(d for _, d in options)])
    mine, others = scored[0], scored[1:]
    pick = max(range(len(options)), key=lambda k: others[k].mean)
    best, best_declare = options[pick]
    best_breakdown = others[pick]
    if sorted(best.cards) == sorted(arrangement.cards) and best_declare == declare and all(
        sorted(best.chi(p)) == sorted(arrangement.chi(p)) for p in POSITIONS
    ):
        best_breakdown = mine
    foul = None if declare and held is not None else foul_reason(arrangement, rule_set)
    cost = best_breakdown.mean - mine.mean
    mine_scoops, best_scoops = scoop_shares([arrangement, best], scoring, rule_set, [declare, best_declare])
    if best_breakdown is mine:
        best_scoops = mine_scoops
    best_actual = None
    if actual is not None:
        plays = tuple(table.bot_plays(number) if bots is None else bots)
        best_actual = settle((best, *(p.arrangement for p in plays)), rule_set,
                             (best_declare, *(p.declare for p in plays))).totals[0]
    return Analysis(arrangement, declare, best, best_declare, foul, mine, best_breakdown, opponents, cost,
                    best_breakdown.stderr_against(mine), actual, missed, studied.spread, best_actual, mine_scoops,
                    best_scoops)
