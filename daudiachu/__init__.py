"""daudiachu: the rules engine for Đấu địa chủ (Dou Dizhu, "fight the landlord"), pure Python, no Streamlit.

Modules:
    daudiachu.cards     the 54-card deck, its order, and the notations people type.
    daudiachu.rules     the source's values as data (``rules.toml``) with their places and readings.
    daudiachu.plays     the ten play types (:func:`classify`) and what beats what (:func:`beats`).
    daudiachu.bidding   bidding 1, 2 or 3 points for the landlord.
    daudiachu.scoring   a finished game scored: bid x multiplier, zero-sum.
    daudiachu.drills    seeded questions graded by the engine.
    daudiachu.examples  the lesson's examples (``examples.toml``), checked by a test.

A three-player shedding game with a 54-card pack, described by one source text
(``shared/sources/003_5df2ac094b3959af.txt``; digest ``shared/RULES-DIGEST.md`` §4). Public API:

- :func:`parse_cards`, :class:`Card`, :class:`Rank`, :class:`CardParseError`: the deck, the card order
  3 < ... < A < 2 < small joker < big joker, and the notations people type (``RJ`` / ``BJ`` for the jokers).
- :func:`classify`, :class:`Play`, :class:`PlayType`, :class:`NotAPlayError`, :func:`why_not`: the ten
  play types, and why cards that look like one are not.
- :func:`beats`, :func:`follow`, :class:`Verdict`: whether a play may follow another, and why.
- :func:`bidding_result`, :func:`legal_calls`, :class:`BiddingError`: bidding 1, 2 or 3 points.
- :func:`score`, :class:`Game`, :class:`Score`, :class:`Spring`: bid x multiplier, landlord against farmers.
- :func:`load_rules`, :class:`Topic`, :class:`Note`: the source's values with their places and readings.
- :mod:`daudiachu.drills`: seeded questions graded by the engine; :mod:`daudiachu.examples`: the lesson's
  examples.

>>> play = classify(parse_cards("RJ BJ"))
>>> play.type.value, beats(play, classify(parse_cards("2222")))
('rocket', True)
>>> score(Game(bid=2, landlord=0, went_out=1, bombs=1)).points
(-8, 4, 4)
"""

from daudiachu.bidding import PASS, BiddingError, BiddingResult, bidding_result, first_bidder, legal_calls
from daudiachu.cards import FULL_DECK, Card, CardParseError, Rank, Suit, cards_text, parse_cards, sort_cards
from daudiachu.plays import (
    PLAY_TYPES,
    Fault,
    NotAPlayError,
    Play,
    PlayType,
    Rejection,
    Verdict,
    beats,
    can_follow,
    classify,
    follow,
    is_play,
    why_not,
)
from daudiachu.rules import Note, Rules, Topic, load_rules
from daudiachu.scoring import Game, Score, ScoreError, Side, Spring, score, spring_case

__all__ = [
    "FULL_DECK",
    "PASS",
    "PLAY_TYPES",
    "BiddingError",
    "BiddingResult",
    "Card",
    "CardParseError",
    "Fault",
    "Game",
    "NotAPlayError",
    "Note",
    "Play",
    "PlayType",
    "Rank",
    "Rejection",
    "Rules",
    "Score",
    "ScoreError",
    "Side",
    "Spring",
    "Suit",
    "Topic",
    "Verdict",
    "beats",
    "bidding_result",
    "can_follow",
    "cards_text",
    "classify",
    "first_bidder",
    "follow",
    "is_play",
    "legal_calls",
    "load_rules",
    "parse_cards",
    "score",
    "sort_cards",
    "spring_case",
    "why_not",
]
