"""Đấu địa chủ cards drawn as cards: the 52 ordinary faces come from :mod:`ui.cards`; the two jokers are
drawn here (an inline SVG of the same size and style).

The ``*_svg`` and ``*_html`` functions are pure and return strings; only :func:`show_play` touches
Streamlit. The jokers' titles are translated, so the functions take the language (``"vi"`` / ``"en"``).
The big joker (Đại vương) is red with a filled star, the small joker (Tiểu vương) black with an open one.

>>> from daudiachu.cards import parse_cards
>>> html = play_html(parse_cards("3h 2s RJ BJ"), lang="en", label="Cards")
>>> html.count("<svg"), "<title>Big joker (Đại vương)</title>" in html, 'data-card="RJ"' in html
(4, True, True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from html import escape

import streamlit as st

from daudiachu.cards import Card, Rank
from maubinh.cards import Card as FaceCard
from maubinh.cards import Rank as FaceRank
from maubinh.cards import Suit as FaceSuit
from ui.cards import BLACK, RED, card_back_svg, card_svg, inject_css, row_html
from ui.i18n import translate

__all__ = ["face_card", "joker_svg", "play_card_svg", "play_html", "show_play"]

_VIEW_W, _VIEW_H = 100, 140
_FONT = "Arial, 'Helvetica Neue', 'DejaVu Sans', sans-serif"
_BORDER = "#8a8a8a"


def _star(cx: float, cy: float, outer: float, inner: float) -> str:
    """A five-pointed star, point up, as SVG path data."""
    points = []
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi * (i / 5 - 0.5)
        points.append(f"{cx + radius * math.cos(angle):.1f} {cy + radius * math.sin(angle):.1f}")
    return "M" + " L".join(points) + " Z"


_STAR = _star(50, 72, 27, 11)


def face_card(card: Card) -> FaceCard:
    """The :mod:`ui.cards` face of an ordinary card (same rank and suit); ``ValueError`` for a joker.

    >>> from daudiachu.cards import parse_card
    >>> face_card(parse_card("2h")).pretty, face_card(parse_card("10s")).pretty
    ('2♥', '10♠')
    """
    if card.suit is None:
        raise ValueError(f"{card} is a joker: draw it with joker_svg")
    rank = FaceRank.TWO if card.rank is Rank.TWO else FaceRank(int(card.rank))
    return FaceCard(rank, FaceSuit(card.suit.value))


def joker_name(rank: Rank, lang: str) -> str:
    """The joker's name in ``lang`` (``"Đại vương"`` / ``"Big joker (Đại vương)"``...)."""
    return translate("ddz.joker.big" if rank is Rank.BIG_JOKER else "ddz.joker.small", lang)


def joker_svg(rank: Rank, lang: str, width: int = 56) -> str:
    """One joker as an inline ``<svg>``, ``width`` CSS pixels wide (height 1.4 x width).

    A white card like :func:`ui.cards.card_svg`'s, "JOKER" written down the top-left corner and, turned,
    the bottom-right one, and a big star in the middle: red and filled for the big joker, black and open
    for the small one. ``<title>`` / ``aria-label`` is the joker's translated name; the element has
    ``class="mb-card ddz-joker"`` and ``data-card`` ``"RJ"`` or ``"BJ"``.

    Raises:
        ValueError: for a rank that is not a joker, or a width that is not positive.

    >>> svg = joker_svg(Rank.SMALL_JOKER, "vi", width=40)
    >>> 'width="40" height="56"' in svg, "<title>Tiểu vương</title>" in svg, 'fill="none"' in svg
    (True, True, True)
    """
    if not rank.is_joker:
        raise ValueError(f"{rank.label} is not a joker")
    if width <= 0:
        raise ValueError(f"card width must be positive, got {width}")
    big = rank is Rank.BIG_JOKER
    colour = RED if big else BLACK
    name = escape(joker_name(rank, lang))
    letters = "".join(
        f'<text x="14" y="{22 + 15 * i}" font-size="15" font-weight="700" text-anchor="middle">{letter}</text>'
        for i, letter in enumerate("JOKER")
    )
    star_fill = f'fill="{colour}"' if big else 'fill="none"'
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="mb-card ddz-joker" width="{width}" '
        f'height="{round(width * _VIEW_H / _VIEW_W)}" viewBox="0 0 {_VIEW_W} {_VIEW_H}" '
        f'data-card="{rank.symbol}" role="img" aria-label="{name}"><title>{name}</title>'
        f'<rect x="1" y="1" width="{_VIEW_W - 2}" height="{_VIEW_H - 2}" rx="8" ry="8" '
        f'fill="#ffffff" stroke="{_BORDER}" stroke-width="1.5"/>'
        f'<g fill="{colour}" font-family="{_FONT}">{letters}'
        f'<g transform="rotate(180 {_VIEW_W // 2} {_VIEW_H // 2})">{letters}</g></g>'
        f'<path d="{_STAR}" {star_fill} stroke="{colour}" stroke-width="4" stroke-linejoin="round"'
        "/>"
        "</svg>"
    )


def play_card_svg(card: Card, lang: str, width: int = 56) -> str:
    """One card of the game: :func:`ui.cards.card_svg` for an ordinary card, :func:`joker_svg` for a joker."""
    if card.rank.is_joker:
        return joker_svg(card.rank, lang, width)
    return card_svg(face_card(card), width)


def play_html(
    cards: Iterable[Card | None],
    *,
    lang: str,
    label: str | None = None,
    width: int = 56,
    highlight: bool = False,
    back_title: str | None = None,
) -> str:
    """A row of cards (``None`` = face down) with an optional caption above it, as one line of HTML.

    The same markup and CSS classes as :func:`ui.cards.hand_html` (``mb-hand``, ``mb-hand-cards``,
    ``mb-hand--highlight``), so it lays out, shrinks on phones and highlights the same way.
    """
    faces = "".join(
        card_back_svg(width, title=back_title) if card is None else play_card_svg(card, lang, width)
        for card in cards
    )
    return row_html(faces, label=label, highlight=highlight)


def show_play(cards: Iterable[Card | None], *, lang: str, **kwargs: object) -> None:
    """Draw :func:`play_html` with ``st.markdown`` (not ``st.html``, which strips inline SVG)."""
    inject_css()
    st.markdown(play_html(cards, lang=lang, **kwargs), unsafe_allow_html=True)  # type: ignore[arg-type]
