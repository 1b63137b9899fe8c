"""The Sandbox page's logic (no Streamlit): dealing, reading the typed seats, the tables.

The page (``pages/sandbox.py``) only draws what these functions return. Problems with the typed
cards are returned as :class:`Problem` values (what, where, which card), never as engine messages,
so that the page can word them in the session's language.

>>> seats = deal(2, seed=7)
>>> [len(arrangement.cards) for arrangement in seats]
[13, 13]
>>> table = read_table([seat_texts(arrangement) for arrangement in seats])
>>> table.ready, table.problems
(True, ((), ()))
>>> read_table([("As Ks Qs Js 9s", "2h 3h 4h 5h 7d", "Zs 2c 3c"), ("", "", "")]).problems[0]
(Problem(kind=<ProblemKind.RANK: 'rank'>, position=<Position.FRONT: 'front'>, token='Zs', card=None, \
got=0, other_seat=None, other_position=None),)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum

import pandas as pd

from maubinh.arrangement import Arrangement, hand_values, out_of_order
from maubinh.cards import FULL_DECK, Card, CardParseError, cards_text, grouped, parse_cards, split_tokens
from maubinh.naturals import find_instant_win
from maubinh.rules import POSITIONS, RULE_SET_IDS, Position, RuleSet, load_rule_set
from maubinh.settle import Settlement, settle
from maubinh.strategy.arrangers import arrange_simple
from maubinh.strategy.decide import Decision, decide
from maubinh.strategy.simulate import CHI_SOURCES, ChiSource, seat_sources

__all__ = [
    "DEAL_RULE_SET_ID",
    "MAX_CHI_TEXT",
    "MAX_SEATS",
    "MAX_SEED",
    "MIN_SEATS",
    "Chis",
    "Problem",
    "ProblemKind",
    "Table",
    "deal",
    "deal_more",
    "decide_seat",
    "fouled_under",
    "holds_instant_win",
    "pay_matrix",
    "read_seat",
    "read_table",
    "seat_texts",
    "settle_all",
    "solve_seat",
    "sort_chi",
    "sources_frame",
    "spread",
    "totals_frame",
    "totals_long",
]

MAX_CHI_TEXT = 120
"""The longest text a chi's box takes (its ``max_chars``; 13 cards with suit glyphs and commas fit)."""
MIN_SEATS, MAX_SEATS = 2, 4
"""A table has 2-4 players (digest §1)."""
MAX_SEED = 10**9
"""Seeds are whole numbers 0..MAX_SEED."""
DEAL_RULE_SET_ID = "guide-2026"
"""The rule set whose straight order the simple arranger uses for a deal: A-2-3-4-5 lowest, as in
``luckywin`` and ``guide-2026`` (``chi-at`` and, as read, ``tinh-chi`` rank it second)."""


Chis = dict[Position, tuple[Card, ...]]
"""The cards read in each chi of a seat."""


class ProblemKind(str, Enum):
    """What is wrong with one seat's typed cards."""

    RANK = "rank"
    """A token whose rank is not a card rank (``token``)."""
    SUIT = "suit"
    """A token with no suit or an unknown suit (``token``)."""
    DUPLICATE = "duplicate"
    """The same card typed twice in one chi (``card``)."""
    COUNT = "count"
    """A chi with the wrong number of cards (``got``; the position's size is wanted)."""
    TWO_CHI = "two_chi"
    """The same card in two chi of the seat (``card``, ``position`` and ``other_position``)."""
    TWO_SEATS = "two_seats"
    """A card that another seat holds too (``card``, ``other_seat``, ``other_position``)."""
    LONG = "long"
    """A chi's text longer than :data:`MAX_CHI_TEXT` (``got`` characters), not read."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a seat's typed cards.

    Attributes:
        kind: the :class:`ProblemKind`.
        position: the chi where it is (``None`` never happens for typed cards, kept for safety).
        token: the text as typed, for RANK and SUIT.
        card: the card concerned, for DUPLICATE, TWO_CHI and TWO_SEATS.
        got: the number of cards read, for COUNT.
        other_seat: the other seat (0-based) holding ``card``, for TWO_SEATS.
        other_position: where else ``card`` is, for TWO_CHI and TWO_SEATS.
    """

    kind: ProblemKind
    position: Position | None
    token: str = ""
    card: Card | None = None
    got: int = 0
    other_seat: int | None = None
    other_position: Position | None = None


@dataclass(frozen=True)
class Table:
    """The typed seats read: one arrangement (or ``None``) and the problems, per seat.

    Attributes:
        arrangements: per seat, the arrangement when its three chi are right, else ``None``.
        problems: per seat, what is wrong (empty when nothing is).
        empty: per seat, whether nothing at all was typed.
        chis: per seat, the cards read in each chi (also when the seat has problems), for drawing.
    """

    arrangements: tuple[Arrangement | None, ...]
    problems: tuple[tuple[Problem, ...], ...]
    empty: tuple[bool, ...]
    chis: tuple[Chis, ...]

    @property
    def ready(self) -> bool:
        """Whether every seat is a valid arrangement and no card is in two seats: the table can be settled."""
        return all(arrangement is not None for arrangement in self.arrangements) and not any(self.problems)

    def settled_arrangements(self) -> list[Arrangement]:
        """The arrangements, when :attr:`ready`; ``ValueError`` otherwise."""
        if not self.ready:
            raise ValueError("the table has problems; settle only a ready table")
        return [arrangement for arrangement in self.arrangements if arrangement is not None]


def sort_chi(cards: Iterable[Card]) -> tuple[Card, ...]:
    """A chi's cards in the order people hold them (see :func:`ui.cards.grouped`).

    >>> cards_text(sort_chi(parse_cards("4d Ks 9h Kd 9c")))
    'Ks Kd 9h 9c 4d'
    """
    return tuple(grouped(cards))


def deal(seats: int, seed: int) -> list[Arrangement]:
    """Deal 13 cards to each of ``seats`` players from ``seed`` and set each with the simple arranger.

    The cards are ``random.Random(seed).sample(FULL_DECK, 13 * seats)``, 13 per seat in turn; each seat
    is set by :func:`maubinh.strategy.arrangers.arrange_simple` under :data:`DEAL_RULE_SET_ID` (strongest back
    first, never binh lủng there) and each chi sorted by :func:`sort_chi`.

    >>> [str(arrangement) for arrangement in deal(2, 7)] == [str(a) for a in deal(2, 7)]
    True
    >>> deal(5, 7)
    Traceback (most recent call last):
    ...
    ValueError: a table has 2-4 seats, got 5
    """
    if not MIN_SEATS <= seats <= MAX_SEATS:
        raise ValueError(f"a table has {MIN_SEATS}-{MAX_SEATS} seats, got {seats}")
    cards = random.Random(seed).sample(FULL_DECK, 13 * seats)
    rule_set = load_rule_set(DEAL_RULE_SET_ID)
    arranged = (arrange_simple(cards[13 * seat : 13 * (seat + 1)], rule_set) for seat in range(seats))
    return [Arrangement(*(sort_chi(a.chi(position)) for position in POSITIONS)) for a in arranged]


def deal_more(held: Iterable[Card], count: int, seed: int) -> list[Arrangement]:
    """Deal ``count`` more players from the cards no seat holds (``held``), from ``seed``, set as
    :func:`deal` sets them; fewer (none) when the cards left do not make ``count`` hands.

    >>> first = deal(2, 7)
    >>> [third] = deal_more({c for a in first for c in a.cards}, 1, 7)
    >>> len(set(third.cards) & {c for a in first for c in a.cards})
    0
    """
    taken = set(held)
    left = sorted((card for card in FULL_DECK if card not in taken), key=lambda card: card.index)
    count = min(count, len(left) // 13)
    cards = random.Random(seed).sample(left, 13 * count)
    rule_set = load_rule_set(DEAL_RULE_SET_ID)
    arranged = (arrange_simple(cards[13 * seat : 13 * (seat + 1)], rule_set) for seat in range(count))
    return [Arrangement(*(sort_chi(a.chi(position)) for position in POSITIONS)) for a in arranged]


def seat_texts(arrangement: Arrangement) -> tuple[str, str, str]:
    """The arrangement as the three texts of the inputs: back, middle, front.

    >>> seat_texts(Arrangement.parse("As Ad Ac 7h 7d", "Ks Kd 9c 8s 2h", "Qs Qc 3d"))
    ('As Ad Ac 7h 7d', 'Ks Kd 9c 8s 2h', 'Qs Qc 3d')
    """
    back, middle, front = (cards_text(arrangement.chi(position)) for position in POSITIONS)
    return back, middle, front


_PARSE_KINDS = {"rank": ProblemKind.RANK, "suit": ProblemKind.SUIT, "duplicate": ProblemKind.DUPLICATE}


def _read_chi(text: str, position: Position) -> tuple[tuple[Card, ...], list[Problem]]:
    """The cards of one chi that could be read, and its problems.

    Every unreadable token and every card typed twice is a problem; the count is checked only when
    every token was read (otherwise it would only repeat the token's problem). A text longer than
    :data:`MAX_CHI_TEXT` is one problem, not read.
    """
    cards: list[Card] = []
    problems: list[Problem] = []
    if len(text) > MAX_CHI_TEXT:
        return (), [Problem(ProblemKind.LONG, position, got=len(text))]
    for token in split_tokens(text):
        try:
            read = parse_cards(token)
        except CardParseError as error:
            kind = _PARSE_KINDS.get(error.reason, ProblemKind.RANK)
            if kind is ProblemKind.DUPLICATE:
                problems.append(Problem(kind, position, token=error.token, card=parse_cards(error.token)[0]))
            else:
                problems.append(Problem(kind, position, token=error.token))
            continue
        for card in read:
            if card in cards:
                problems.append(Problem(ProblemKind.DUPLICATE, position, token=str(card), card=card))
            else:
                cards.append(card)
    if not problems and len(cards) != position.size:
        problems.append(Problem(ProblemKind.COUNT, position, got=len(cards)))
    return tuple(cards), problems


def read_seat(back: str, middle: str, front: str) -> tuple[Arrangement | None, tuple[Problem, ...], Chis]:
    """One seat's three typed chi: the arrangement (or ``None``), its problems, and the cards read per chi.

    >>> arrangement, problems, _ = read_seat("As Ad Ac 7h 7d", "Ks Kd 9c 8s 2h", "Qs Qc 3d")
    >>> str(arrangement), problems
    ('As Ad Ac 7h 7d | Ks Kd 9c 8s 2h | Qs Qc 3d', ())
    >>> _, problems, chis = read_seat("As Ad Ac 7h 7d", "Ks Kd 9c 8s", "Qs Qc As")
    >>> [(p.kind.value, p.position.value, p.got, p.card and p.card.pretty) for p in problems]
    [('count', 'middle', 4, None), ('two_chi', 'front', 0, 'A♠')]
    >>> cards_text(chis[Position.MIDDLE])
    'Ks Kd 9c 8s'
    """
    problems: list[Problem] = []
    where: dict[Card, Position] = {}
    chis: dict[Position, tuple[Card, ...]] = {}
    for position, text in zip(POSITIONS, (back, middle, front)):
        cards, chi_problems = _read_chi(text, position)
        problems.extend(chi_problems)
        chis[position] = cards
        for card in cards:
            if card in where:
                problems.append(Problem(ProblemKind.TWO_CHI, position, card=card, other_position=where[card]))
            else:
                where[card] = position
    if problems:
        return None, tuple(problems), chis
    return Arrangement(chis[Position.BACK], chis[Position.MIDDLE], chis[Position.FRONT]), (), chis


def read_table(texts: Sequence[Sequence[str]]) -> Table:
    """Read every seat's typed chi (``texts[seat] = (back, middle, front)``) and check no card is in two seats.

    A card that two seats hold is a problem of both seats, each naming the other. A seat where nothing
    was typed is marked ``empty`` and has no problems (the page asks for its cards instead).

    >>> table = read_table([("As Ks Qs Js 9s", "2h 3h 4h 5h 7d", "8c 2c 3c"),
    ...                     ("Ah Kh Qh Jh 9h", "2d 3d 4d 5d 7s", "8d 2s As")])
    >>> table.ready
    False
    >>> [(p.kind.value, p.card.pretty, p.other_seat, p.other_position.value) for p in table.problems[1]]
    [('two_seats', 'A♠', 0, 'back')]
    """
    arrangements: list[Arrangement | None] = []
    problems: list[list[Problem]] = []
    chis: list[Chis] = []
    empty: list[bool] = []
    for seat_text in texts:
        back, middle, front = seat_text
        blank = not (back.strip() or middle.strip() or front.strip())
        empty.append(blank)
        if blank:
            arrangements.append(None)
            problems.append([])
            chis.append({position: () for position in POSITIONS})
            continue
        arrangement, seat_problems, seat_chis = read_seat(back, middle, front)
        arrangements.append(arrangement)
        problems.append(list(seat_problems))
        chis.append(seat_chis)
    places: list[dict[Card, Position]] = [
        {card: position for position in reversed(POSITIONS) for card in seat_chis[position]}
        for seat_chis in chis
    ]
    holders: dict[Card, list[int]] = {}
    for seat, where in enumerate(places):
        for card in where:
            holders.setdefault(card, []).append(seat)
    for card, seats in holders.items():
        for seat in seats:
            for other in seats:
                if other != seat:
                    problems[seat].append(
                        Problem(
                            ProblemKind.TWO_SEATS,
                            places[seat][card],
                            card=card,
                            other_seat=other,
                            other_position=places[other][card],
                        )
                    )
    return Table(tuple(arrangements), tuple(tuple(found) for found in problems), tuple(empty), tuple(chis))


def fouled_under(arrangement: Arrangement, rule_sets: Iterable[RuleSet]) -> list[RuleSet]:
    """The rule sets under which ``arrangement`` is binh lủng.

    They differ in where A-2-3-4-5 ranks (digest §2.2) and, for an edited house, in the order rule: a back
    equal to the middle stands unless the house plays the strict order (digest §1, reading revised again).

    >>> rule_sets = [load_rule_set(i) for i in RULE_SET_IDS]
    >>> wheel_behind = Arrangement.parse("9s Td Jc Qh Kd", "As 2d 3c 4h 5s", "Qs Qc 3d")
    >>> [rule_set.id for rule_set in fouled_under(wheel_behind, rule_sets)]
    ['chi-at', 'tinh-chi']
    >>> from maubinh.house import edit
    >>> equal = Arrangement.parse("As Ks 9s 5s 2s", "Ah Kh 9h 5h 2h", "3c 4d 6c")
    >>> strict = edit(load_rule_set("guide-2026"), {"order.strict": True})
    >>> [rule_set.id for rule_set in fouled_under(equal, [*rule_sets, strict])]
    ['guide-2026']
    """
    return [
        rule_set
        for rule_set in rule_sets
        if out_of_order(hand_values(arrangement, rule_set.wheel), strict=rule_set.strict_order)
    ]


def holds_instant_win(arrangement: Arrangement, rule_sets: Iterable[RuleSet]) -> list[RuleSet]:
    """The rule sets under which the seat's 13 cards hold an instant win (the seat may declare it).

    >>> six_pairs = Arrangement.parse("2s 2h 5d 5c 7s", "7h 9d 9c Js Jh", "Kd Kc As")
    >>> [rule_set.id for rule_set in holds_instant_win(six_pairs, [load_rule_set(i) for i in RULE_SET_IDS])]
    ['chi-at', 'luckywin', 'tinh-chi', 'guide-2026']
    """
    return [rule_set for rule_set in rule_sets if rule_set.naturals and find_instant_win(arrangement.cards, rule_set)]


def settle_all(
    arrangements: Sequence[Arrangement], rule_sets: Sequence[str | RuleSet] = RULE_SET_IDS,
    declared: Sequence[bool] | None = None,
) -> dict[str, Settlement]:
    """:func:`maubinh.settle.settle` under each rule set (a source id or any :class:`RuleSet`, house rules
    included), by rule-set id, in ``rule_sets`` order; ``declared``: per seat, whether it declares the
    instant win it holds (báo mậu binh), the same choice under every rule set (``None``: every one)."""
    found = [load_rule_set(r) if isinstance(r, str) else r for r in rule_sets]
    return {rule_set.id: settle(arrangements, rule_set, declared) for rule_set in found}


def pay_matrix(settlement: Settlement, seat_names: Sequence[str]) -> pd.DataFrame:
    """Who pays whom: row ``i``, column ``j`` holds the chi seat ``i`` takes from seat ``j`` (negative: pays);
    the diagonal is empty. Each row sums to the seat's total; the matrix is antisymmetric.

    >>> from maubinh.arrangement import Arrangement
    >>> x = Arrangement.parse("Ks Kd Kc 7h 7d", "Qs Qd 9c 8s 2h", "Js Jc 3d")
    >>> y = Arrangement.parse("Ts Td 4c 4h 2d", "9s 9d 6c 5s 3h", "8h 7c 2c")
    >>> pay_matrix(settle([x, y], load_rule_set("guide-2026")), ["X", "Y"]).fillna(0).values.tolist()
    [[0, 3], [-3, 0]]
    """
    n = len(settlement.totals)
    rows = [[None if a == b else settlement.pair(a, b).total for b in range(n)] for a in range(n)]
    names = list(seat_names)
    return pd.DataFrame(rows, index=pd.Index(names), columns=names, dtype="Int64")


def sources_frame(
    settlement: Settlement, rule_set: RuleSet, seat_names: Sequence[str], source_names: Mapping[ChiSource, str]
) -> pd.DataFrame:
    """Each seat's total split by where the chi came from (:func:`maubinh.strategy.simulate.seat_sources`): one row
    per seat, one column per source named in ``source_names`` (in :data:`CHI_SOURCES` order), then the total.
    Sources that are 0 for every seat are left out."""
    rows = seat_sources(settlement, rule_set)
    columns = {
        source_names[source]: [row[i] for row in rows]
        for i, source in enumerate(CHI_SOURCES)
        if any(row[i] for row in rows) and source in source_names
    }
    return pd.DataFrame(columns, index=pd.Index(list(seat_names)))


def spread(frame: pd.DataFrame) -> pd.Series:
    """Per seat (row of :func:`totals_frame`), the largest minus the smallest total over the rule sets:
    0 where every rule set agrees.

    >>> spread(pd.DataFrame({"R1": [2, -2], "R2": [6, -6]}, index=pd.Index(["S1", "S2"]))).tolist()
    [4, 4]
    """
    return frame.max(axis=1) - frame.min(axis=1)


def totals_frame(
    settlements: Mapping[str, Settlement], seat_names: Sequence[str], rule_set_names: Mapping[str, str]
) -> pd.DataFrame:
    """Totals in chi: one row per seat (``seat_names``), one column per rule set (its display name).

    Each column sums to zero (settlement is zero-sum).
    """
    return pd.DataFrame(
        {
            rule_set_names[rule_set_id]: list(settlement.totals)
            for rule_set_id, settlement in settlements.items()
        },
        index=pd.Index(list(seat_names)),
    )


def totals_long(frame: pd.DataFrame, seat: str, rule_set: str, chi: str) -> pd.DataFrame:
    """:func:`totals_frame` in long form (one row per seat and rule set), for a grouped bar chart.

    >>> wide = pd.DataFrame({"R1": [2, -2], "R2": [6, -6]}, index=pd.Index(["S1", "S2"]))
    >>> totals_long(wide, "seat", "rules", "chi").values.tolist()
    [['S1', 'R1', 2], ['S2', 'R1', -2], ['S1', 'R2', 6], ['S2', 'R2', -6]]
    """
    long = frame.rename_axis(seat).reset_index().melt(id_vars=seat, var_name=rule_set, value_name=chi)
    return long


def decide_seat(
    back: str, middle: str, front: str, rule_set: RuleSet, opponents: int = 1
) -> tuple[tuple[str, str, str], Decision]:
    """Xếp bài for one seat: :func:`maubinh.strategy.decide.decide` on the 13 cards typed in its three inputs
    (for house rules too, with their own payouts), at a table of ``opponents`` + 1.

    Returns:
        The three input texts (back, middle, front) of the decision's arrangement, each chi sorted for
        reading, and the :class:`~maubinh.strategy.decide.Decision` (declare the instant win or play it out).

    Raises:
        CardParseError: for an unreadable or repeated card, or a count other than 13.

    >>> texts, decision = decide_seat("As Ad Ac 7h 7d", "Ks Kd 9c 8s 2h", "Qs Qc 3d", load_rule_set("chi-at"))
    >>> texts[0], decision.natural
    ('As Ad Ac 7h 7d', None)
    """
    cards = parse_cards(f"{back} {middle} {front}", count=13)
    decision = decide(cards, rule_set, opponents=opponents)
    best = decision.arrangement
    return seat_texts(Arrangement(*(sort_chi(best.chi(position)) for position in POSITIONS))), decision


def solve_seat(back: str, middle: str, front: str, rule_set: RuleSet) -> tuple[str, str, str]:
    """The texts of :func:`decide_seat` (one opponent).

    >>> solve_seat("As Ad Ac 7h 7d", "Ks Kd 9c 8s 2h", "Qs Qc 3d", load_rule_set("chi-at"))[0]
    'As Ad Ac 7h 7d'
    """
    return decide_seat(back, middle, front, rule_set)[0]
