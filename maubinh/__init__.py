"""maubinh: the rules engine for Mậu Binh (Binh Xập Xám, Chinese poker), pure Python.

Public API (digest = ``shared/RULES-DIGEST.md``):

- :func:`parse_cards`, :class:`Card`, :class:`CardParseError`: cards and the notations people type.
- :func:`evaluate`, :class:`HandValue`, :class:`Category`: 3- and 5-card chi on one scale.
- :func:`load_rule_set`, :class:`RuleSet`, :data:`RULE_SET_IDS`: the four sources' rules as data.
- :class:`Arrangement`, :func:`is_foul`: three chi and the binh lủng (foul) check.
- :func:`compare_hands`, :func:`find_instant_win`, :func:`settle`: comparison, mậu binh, settlement.
"""

from maubinh.arrangement import Arrangement, ArrangementError, foul_reason, hand_values, is_foul
from maubinh.cards import FULL_DECK, Card, CardParseError, Rank, Suit, cards_text, parse_cards
from maubinh.hands import Category, HandSizeError, HandValue, WheelRank, evaluate
from maubinh.naturals import InstantWin, find_instant_win, matching_patterns
from maubinh.rules import (
    RULE_SET_IDS,
    AceRule,
    BonusHand,
    NaturalPattern,
    Position,
    RuleSet,
    RuleSetError,
    UnknownRuleSetError,
    load_rule_set,
    parse_rule_set,
)
from maubinh.settle import Item, ItemKind, PairResult, Settlement, SettlementError, compare_hands, settle

__all__ = [
    "FULL_DECK",
    "RULE_SET_IDS",
    "AceRule",
    "Arrangement",
    "ArrangementError",
    "BonusHand",
    "Card",
    "CardParseError",
    "Category",
    "HandSizeError",
    "HandValue",
    "InstantWin",
    "Item",
    "ItemKind",
    "NaturalPattern",
    "PairResult",
    "Position",
    "Rank",
    "RuleSet",
    "RuleSetError",
    "Settlement",
    "SettlementError",
    "Suit",
    "UnknownRuleSetError",
    "WheelRank",
    "cards_text",
    "compare_hands",
    "evaluate",
    "find_instant_win",
    "foul_reason",
    "hand_values",
    "is_foul",
    "load_rule_set",
    "matching_patterns",
    "parse_cards",
    "parse_rule_set",
    "settle",
]
