"""“Check my hand” on the Learn page: read what the learner typed and ask the engine about it (no Streamlit).

The learner types one chi (3 or 5 cards), 13 cards, or 13 cards as three chi separated by ``|``,
``/`` or new lines (back | middle | front, or front | middle | back: a 3-card group first is read as
the front). :func:`check_hand` returns the problems with the text (as values the page words in the
session's language, never engine messages), or what the engine says: each chi's category and the
bonus it would earn winning there, binh lủng and why, the instant win, and the solver's split.

>>> from maubinh.rules import load_rule_set
>>> result = check_hand("Qs Qc Kh | Qh Qd 9c 5s 3h | Js Jd 8h 8c 4d", load_rule_set("chi-at"))
>>> result.mode.value, result.front_first, [p.value for p in result.foul]
('split', True, ['middle', 'front'])
>>> [p.kind.value for p in check_hand("As Zs | Kd", load_rule_set("chi-at")).problems]
['rank', 'groups']
>>> check_hand("As Kd Qc", load_rule_set("chi-at")).chis[0].value.category.name
'MAU_THAU'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from maubinh.arrangement import Arrangement, foul_reason
from maubinh.cards import Card, CardParseError, parse_card, split_tokens
from maubinh.hands import HandValue, evaluate
from maubinh.naturals import InstantWin, find_instant_win, matching_patterns
from maubinh.rules import POSITIONS, Bonus, NaturalPattern, Position, RuleSet
from maubinh.settle import bonus_for

__all__ = [
    "CHI_SEPARATORS",
    "MAX_CHECK_TEXT",
    "CheckMode",
    "ChiCheck",
    "HandCheck",
    "Problem",
    "ProblemKind",
    "check_hand",
    "read_groups",
]

CHI_SEPARATORS = re.compile(r"[|/\n]")
"""What separates the three chi in the typed text."""


class ProblemKind(str, Enum):
    """What is wrong with the typed text."""

    EMPTY = "empty"
    """Nothing typed."""
    RANK = "rank"
    """A token whose rank is not a card's (``token``)."""
    SUIT = "suit"
    """A token with no suit or an unknown suit (``token``)."""
    DUPLICATE = "duplicate"
    """The same card typed twice (``card``)."""
    GROUPS = "groups"
    """Not one group nor three chi (``got`` groups)."""
    COUNT = "count"
    """One group: not 3, 5 or 13 cards (``got``)."""
    CHI_SIZE = "chi_size"
    """Three chi: one of them has the wrong number of cards (``group``: 1-3, ``position``, ``got``)."""
    LONG = "long"
    """A text longer than :data:`MAX_CHECK_TEXT` (``got`` characters), not read."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the typed text.

    Attributes:
        kind: the :class:`ProblemKind`.
        token: the text as typed (RANK, SUIT).
        card: the card typed twice (DUPLICATE).
        got: the number of groups (GROUPS) or cards (COUNT, CHI_SIZE) read.
        group: CHI_SIZE: which group, 1-3, as typed.
        position: CHI_SIZE: the chi that group was read as.
    """

    kind: ProblemKind
    token: str = ""
    card: Card | None = None
    got: int = 0
    group: int = 0
    position: Position | None = None


class CheckMode(str, Enum):
    """How the typed cards were read."""

    CHI = "chi"
    """One chi of 3 or 5 cards."""
    SPLIT = "split"
    """Thirteen cards in three chi."""
    CARDS = "cards"
    """Thirteen cards, not split."""


@dataclass(frozen=True)
class ChiCheck:
    """One chi and what the engine says of it.

    Attributes:
        cards: the cards, as typed.
        value: its value under the rule set's straight order.
        position: where it is held (SPLIT), else ``None``.
        bonuses: the bonus it earns winning in each position it could be held in (CHI mode: a
            5-card chi in the back or the middle, a 3-card chi in the front; SPLIT: its own position);
            ``None`` where it would win an ordinary chi.
    """

    cards: tuple[Card, ...]
    value: HandValue
    position: Position | None
    bonuses: tuple[tuple[Position, Bonus | None], ...]


@dataclass(frozen=True)
class HandCheck:
    """The result of :func:`check_hand`.

    Attributes:
        problems: what is wrong with the text (nothing else is filled when there are any).
        mode: how the cards were read, or ``None`` with problems.
        cards: SPLIT / CARDS: the 13 cards, as typed.
        chis: CHI: the one chi; SPLIT: back, middle and front.
        arrangement: SPLIT: the arrangement typed.
        front_first: SPLIT: the text gave the front first.
        foul: SPLIT: the pair of chi out of order (binh lủng), or ``None``.
        natural: SPLIT / CARDS: the instant win declared under the rule set, or ``None``.
        patterns: SPLIT / CARDS: every instant-win pattern the 13 cards show, in any rule set.
        suggestion: CARDS, or SPLIT when binh lủng: the solver's arrangement under the rule set
            (``None`` when the solver has no tables for it, e.g. house rules).
    """

    problems: tuple[Problem, ...] = ()
    mode: CheckMode | None = None
    cards: tuple[Card, ...] = ()
    chis: tuple[ChiCheck, ...] = ()
    arrangement: Arrangement | None = None
    front_first: bool = False
    foul: tuple[Position, Position] | None = None
    natural: InstantWin | None = None
    patterns: tuple[NaturalPattern, ...] = ()
    suggestion: Arrangement | None = None


_READ_KINDS = {"suit": ProblemKind.SUIT}
MAX_CHECK_TEXT = 200
"""The longest text the check-my-hand box takes (its ``max_chars``; 13 cards in three chi fit twice over)."""


def read_groups(text: str) -> tuple[list[list[Card]], list[Problem]]:
    """The typed text as groups of cards (split on :data:`CHI_SEPARATORS`, blank groups left out) and
    the token problems.

    Every unreadable token and every repeated card is a problem; the cards that read are kept.

    >>> groups, problems = read_groups("As Kd / 10h, 10h")
    >>> [[c.pretty for c in g] for g in groups], [(p.kind.value, p.card.pretty) for p in problems]
    ([['A♠', 'K♦'], ['10♥']], [('duplicate', '10♥')])
    """
    groups: list[list[Card]] = []
    problems: list[Problem] = []
    seen: set[Card] = set()
    parts = [part for part in CHI_SEPARATORS.split(text) if part.strip()]  # blank lines are not chi
    for part in parts:
        group: list[Card] = []
        for token in split_tokens(part):
            try:
                card = parse_card(token)
            except CardParseError as error:
                problems.append(Problem(_READ_KINDS.get(error.reason, ProblemKind.RANK), token=token))
                continue
            if card in seen:
                problems.append(Problem(ProblemKind.DUPLICATE, token=token, card=card))
                continue
            seen.add(card)
            group.append(card)
        groups.append(group)
    return groups, problems


def _bonuses(value: HandValue, positions: tuple[Position, ...], rule_set: RuleSet) -> tuple[
        tuple[Position, Bonus | None], ...]:
    return tuple((position, bonus_for(value, position, rule_set)) for position in positions)


def _solved(cards: tuple[Card, ...], rule_set: RuleSet) -> Arrangement | None:
    try:
        from maubinh.strategy.solver import solve

        return solve(cards, rule_set)
    except (KeyError, OSError, ValueError):  # no solver tables for this rule set (house rules)
        return None


def check_hand(text: str, rule_set: RuleSet, *, suggest: bool = True) -> HandCheck:
    """What the engine says of the typed cards under ``rule_set`` (see the module docstring).

    Args:
        text: what the learner typed.
        rule_set: the rules: the straight order, the bonus table, the instant wins.
        suggest: whether to ask the solver for a split (13 cards not split, or a binh lủng split).
    """
    if not text.strip():
        return HandCheck(problems=(Problem(ProblemKind.EMPTY),))
    if len(text) > MAX_CHECK_TEXT:
        return HandCheck(problems=(Problem(ProblemKind.LONG, got=len(text)),))
    groups, problems = read_groups(text)
    if len(groups) not in (1, 3):
        problems.append(Problem(ProblemKind.GROUPS, got=len(groups)))
    if problems:
        return HandCheck(problems=tuple(problems))

    if len(groups) == 1:
        cards = tuple(groups[0])
        if len(cards) in (3, 5):
            value = evaluate(cards, rule_set.wheel)
            positions = (Position.FRONT,) if len(cards) == 3 else (Position.BACK, Position.MIDDLE)
            chi = ChiCheck(cards, value, None, _bonuses(value, positions, rule_set))
            return HandCheck(mode=CheckMode.CHI, chis=(chi,))
        if len(cards) != 13:
            return HandCheck(problems=(Problem(ProblemKind.COUNT, got=len(cards)),))
        win = find_instant_win(cards, rule_set)
        return HandCheck(
            mode=CheckMode.CARDS,
            cards=cards,
            natural=win,
            patterns=tuple(matching_patterns(cards)),
            suggestion=_solved(cards, rule_set) if suggest else None,
        )

    front_first = len(groups[0]) == 3
    order = (Position.FRONT, Position.MIDDLE, Position.BACK) if front_first else POSITIONS
    sizes = [
        Problem(ProblemKind.CHI_SIZE, got=len(group), group=i, position=position)
        for i, (group, position) in enumerate(zip(groups, order), start=1)
        if len(group) != position.size
    ]
    if sizes:
        return HandCheck(problems=tuple(sizes))
    chis = dict(zip(order, (tuple(group) for group in groups)))
    arrangement = Arrangement(chis[Position.BACK], chis[Position.MIDDLE], chis[Position.FRONT])
    checks = tuple(
        ChiCheck(arrangement.chi(p), value, p, _bonuses(value, (p,), rule_set))
        for p in POSITIONS
        for value in (evaluate(arrangement.chi(p), rule_set.wheel),)
    )
    foul = foul_reason(arrangement, rule_set)
    cards = arrangement.cards
    return HandCheck(
        mode=CheckMode.SPLIT,
        cards=cards,
        chis=checks,
        arrangement=arrangement,
        front_first=front_first,
        foul=foul,
        natural=find_instant_win(cards, rule_set),
        patterns=tuple(matching_patterns(cards)),
        suggestion=_solved(cards, rule_set) if suggest and foul else None,
    )
