"""maubinh: the rules engine for Mậu Binh (Binh Xập Xám, Chinese poker), pure Python, no Streamlit.

The rules core sits at the top; :mod:`maubinh.strategy` plays the game over it (the core never
imports from there), and :mod:`maubinh.drills` deals and grades drill questions.

Modules (digest = ``shared/RULES-DIGEST.md``):
    maubinh.cards        cards, the deck, and the card notations people type.
    maubinh.hands        5- and 3-card chi values on one scale.
    maubinh.schema       how one rule option is declared once (kind, range, default, editor field).
    maubinh.rules        rule sets as data (``rulesets/<id>.toml``, one file per source).
    maubinh.arrangement  three chi of 13 cards, and the binh lủng (foul) check.
    maubinh.naturals     instant wins (mậu binh / tới trắng).
    maubinh.settle       settling a table pair by pair, chi by chi, every rule itemised.
    maubinh.house        house rules: a rule set edited key by key, written back to TOML.
    maubinh.compare      where the rule sets differ, as a table built from their data.
    maubinh.__main__     the command line (``python -m maubinh solve ...``).
    maubinh.strategy     the solver (xếp bài), expected chi, many deals, training (its own package).
    maubinh.drills       the drill kinds, each question dealt from a seed and graded by the engine.
    maubinh.play         a table session against computer players: deals from a seed, settlement,
                         the running score, and the analysis of the player's split.
    maubinh.bands        the one grading scale: chi lost per decision -> best, excellent, good,
                         inaccuracy, mistake, blunder (thresholds measured from the computer players).

Public API:

- :func:`parse_cards`, :class:`Card`, :class:`CardParseError`: cards and the notations people type.
- :func:`evaluate`, :class:`HandValue`, :class:`Category`: 3- and 5-card chi on one scale.
- :func:`load_rule_set`, :class:`RuleSet`, :data:`RULE_SET_IDS`: the four sources' rules as data.
- :class:`Arrangement`, :func:`is_foul`: three chi and the binh lủng (foul) check.
- :func:`compare_hands`, :func:`find_instant_win`, :func:`settle`: comparison, mậu binh, settlement
  (``settle(..., declared=...)``: declaring an instant win is each player's choice).
- :func:`solve` (xếp bài, the solver) and :func:`decide` (xếp bài with the choice to declare an instant
  win or play it out, and the numbers behind it), :class:`Decision`: from :mod:`maubinh.strategy`, loaded
  on first use so that importing the rules core never loads the strategy layer.
"""

from typing import TYPE_CHECKING

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

if TYPE_CHECKING:
    from maubinh.strategy.decide import Decision, decide
    from maubinh.strategy.solver import solve

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
    "Decision",
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
    "decide",
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
    "solve",
]

_STRATEGY = {"solve": "maubinh.strategy.solver", "decide": "maubinh.strategy.decide",
             "Decision": "maubinh.strategy.decide"}


def __getattr__(name: str) -> object:
    """``solve``, ``decide`` and ``Decision`` from the strategy layer, imported on first use (PEP 562)."""
    if name in _STRATEGY:
        from importlib import import_module

        value = getattr(import_module(_STRATEGY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'maubinh' has no attribute {name!r}")
