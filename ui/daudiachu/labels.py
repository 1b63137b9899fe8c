"""Đấu địa chủ in words (no Streamlit): the engine's plays, faults, verdicts, errors and scores in the session's language.

Pure functions of their arguments and a language (``"vi"`` / ``"en"``), no Streamlit; every text comes
from ``ui/locales/<lang>/daudiachu.po``. Text that came from a user (a typed token) is escaped for
Markdown here.

>>> from daudiachu.cards import parse_cards
>>> from daudiachu.plays import classify
>>> describe_play(classify(parse_cards("333 444 77 99")), "en")
'Airplane (phi cơ): trios 3 to 4 with pairs of 7, 9'
>>> describe_play(classify(parse_cards("4 5 6 7 8")), "vi")
'Sảnh đơn 5 lá, từ 4 đến 8'
>>> signed(-6), signed(0), signed(12)
('−6', '0', '+12')
"""

from __future__ import annotations

from collections.abc import Iterable

from daudiachu.bidding import PASS, BiddingError, BiddingResult
from daudiachu.cards import Card, CardParseError, Rank
from daudiachu.plays import Play, PlayType, Rejection, Verdict
from daudiachu.rules import Note, load_rules
from daudiachu.scoring import Doubling, Score, Side
from ui.i18n import translate
from ui.params import markdown_literal

__all__ = [
    "bidding_error_text",
    "bidding_outcome",
    "call_label",
    "card_label",
    "cards_label",
    "decides_label",
    "describe_play",
    "describe_rejection",
    "describe_verdict",
    "doubling_label",
    "multiplier_text",
    "note_markdown",
    "parse_error_text",
    "rank_label",
    "score_lines",
    "seat_name",
    "seat_with_role",
    "signed",
    "type_name",
]


def signed(value: int) -> str:
    """A whole number with its sign: ``"+12"``, ``"−6"`` (a real minus sign), ``"0"``."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"\u2212{-value}"
    return "0"


def type_name(kind: PlayType, lang: str) -> str:
    """The play type's name: ``"Sảnh đơn"`` / ``"Straight (sảnh đơn)"``."""
    return translate(f"ddz.type.{kind.value}", lang)


def rank_label(rank: Rank, lang: str) -> str:
    """A rank as people say it: ``"10"``, ``"A"``, ``"2"``; the jokers by name."""
    if rank.is_joker:
        return translate("ddz.joker.big_short" if rank is Rank.BIG_JOKER else "ddz.joker.small_short", lang)
    return rank.label


def card_label(card: Card, lang: str) -> str:
    """A card as text: ``"10♥"``; a joker by name."""
    return rank_label(card.rank, lang) if card.rank.is_joker else card.pretty


def cards_label(cards: Iterable[Card], lang: str) -> str:
    """Cards as text separated by spaces."""
    return " ".join(card_label(card, lang) for card in cards)


def _ranks(ranks: Iterable[Rank], lang: str) -> str:
    return ", ".join(rank_label(rank, lang) for rank in ranks)


def describe_play(play: Play, lang: str) -> str:
    """What the play is, in one line: its type and what decides it (``"Bom 7"``, ``"Sảnh đôi 3 đôi, từ 3 đến 5"``)."""
    attached = sorted({card.rank for card in play.attached})
    return translate(
        f"ddz.play.{play.type.value}",
        lang,
        rank=rank_label(play.rank, lang),
        low=rank_label(play.lowest, lang),
        n=play.chain,
        size=play.size,
        pairs=_ranks(attached, lang),
    )


def describe_rejection(rejection: Rejection, lang: str) -> str:
    """Why cards are not a play, naming the cards at fault and the missing ranks."""
    return translate(
        f"ddz.fault.{rejection.fault.value}",
        lang,
        cards=cards_label(rejection.cards, lang),
        missing=_ranks(rejection.missing, lang),
        trios=rejection.trios,
        pairs=rejection.pairs,
        singles=rejection.singles,
    )


def decides_label(kind: PlayType, lang: str) -> str:
    """What is compared between two plays of ``kind``: "the card", "the trio (the pair does not count)"..."""
    return translate(f"ddz.decides.{kind.value}", lang)


def describe_verdict(verdict: Verdict, play: Play, previous: Play, lang: str) -> str:
    """Why ``play`` does or does not beat ``previous``, in one sentence."""
    return translate(
        f"ddz.verdict.{verdict.value}",
        lang,
        type=type_name(play.type, lang),
        prev_type=type_name(previous.type, lang),
        size=play.size,
        prev_size=previous.size,
        rank=rank_label(play.rank, lang),
        prev_rank=rank_label(previous.rank, lang),
        decides=decides_label(play.type, lang),
    )


def parse_error_text(error: CardParseError, lang: str) -> str:
    """A :class:`CardParseError` in words, naming the typed token (escaped for Markdown)."""
    expected = translate("ddz.or", lang).join(str(n) for n in error.expected)
    return translate(
        f"ddz.parse.{error.reason}",
        lang,
        token=markdown_literal(error.token),
        expected=expected,
        got=error.got,
    )


def seat_name(seat: int, lang: str) -> str:
    """A seat as a player's name: seat 0 is ``"Người 1"`` / ``"Player 1"``."""
    return translate("ddz.seat", lang, n=seat + 1)


def seat_with_role(seat: int, landlord: int, lang: str) -> str:
    """``"Người 2 (địa chủ)"`` / ``"Người 1 (nông dân)"``."""
    role = translate("ddz.role.landlord" if seat == landlord else "ddz.role.farmer", lang)
    return translate("ddz.seat_role", lang, seat=seat_name(seat, lang), role=role)


def call_label(call: int, lang: str) -> str:
    """A bidding call: ``"Không theo"`` for a pass, ``"2 mẫu (2 điểm)"`` for a bid."""
    return translate("ddz.call.pass", lang) if call == PASS else translate("ddz.call.bid", lang, n=call)


def bidding_outcome(result: BiddingResult, lang: str) -> str:
    """Who became landlord for how much, or that the cards are dealt again."""
    if result.landlord is None:
        return translate("ddz.bid.redeal", lang)
    return translate("ddz.bid.landlord", lang, seat=seat_name(result.landlord, lang), n=result.bid)


def bidding_error_text(error: BiddingError, lang: str, first: int) -> str:
    """A :class:`BiddingError` in words: which call (and whose) breaks which rule."""
    rules = load_rules()
    allowed = [str(bid) for bid in rules.bids if bid > error.highest]
    return translate(
        f"ddz.bid_error.{error.reason}",
        lang,
        n=error.index + 1,
        seat=seat_name((first + error.index) % rules.players, lang),
        call=call_label(error.call, lang) if isinstance(error.call, int) else str(error.call),
        highest=error.highest,
        allowed=translate("ddz.or", lang).join(allowed) if allowed else "—",
    )


def doubling_label(step: Doubling, lang: str) -> str:
    """One step of the multiplier: ``"×2 (bom)"``."""
    return translate("ddz.doubling", lang, factor=step.factor, what=translate(f"ddz.doubling.{step.kind.value}", lang))


def multiplier_text(result: Score, lang: str) -> str:
    """How the multiplier was reached: ``"1 × 2 (bom) × 2 (hỏa tiễn) = 4"``; ``"1"`` with no step."""
    if not result.doublings:
        return translate("ddz.score.no_doubling", lang)
    steps = " ".join(doubling_label(step, lang) for step in result.doublings)
    return f"1 {steps} = {result.multiplier}"


def score_lines(result: Score, lang: str) -> list[str]:
    """The score explained step by step (Markdown lines): base, multiplier, each farmer, the landlord."""
    game = result.game
    if result.winner is None:
        quitter = seat_name(game.quit if game.quit is not None else 0, lang)
        return [translate("ddz.score.quit", lang, seat=quitter)]
    winner = translate("ddz.side.landlord" if result.winner is Side.LANDLORD else "ddz.side.farmers", lang)
    went_out = seat_with_role(game.went_out if game.went_out is not None else 0, game.landlord, lang)
    farmer_points = result.points[game.farmers[0]]
    return [
        translate("ddz.score.went_out", lang, seat=went_out, side=winner),
        translate("ddz.score.base", lang, bid=game.bid),
        translate("ddz.score.multiplier", lang, steps=multiplier_text(result, lang)),
        translate(
            "ddz.score.farmers",
            lang,
            bid=game.bid,
            multiplier=result.multiplier,
            unit=result.unit,
            points=signed(farmer_points),
        ),
        translate("ddz.score.landlord", lang, points=signed(result.points[game.landlord])),
    ]


def note_markdown(note: Note, lang: str) -> str:
    """Where a rule comes from, as Markdown: the source's place, then the reading flagged as such."""
    source = markdown_literal(note.source, limit=400)
    text = f"*{translate('ddz.note.source', lang)}:* {source if lang == 'vi' else f'“{source}”'}"
    reading = note.reading_in(lang)
    if reading:
        text += f"  \n:blue-badge[{translate('ddz.note.reading', lang)}] {reading}"
    return text

