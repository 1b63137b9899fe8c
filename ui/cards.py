"""Playing cards drawn as cards: inline SVG faces, rows of cards (hands), and the shared CSS.

The ``*_svg`` and ``*_html`` functions are pure and return strings; only :func:`show_cards` and
:func:`inject_css` touch Streamlit. Show the HTML with ``st.markdown(..., unsafe_allow_html=True)``:
``st.html`` strips inline ``<svg>``.

>>> from maubinh.cards import parse_cards
>>> svg = card_svg(parse_cards("10h")[0])
>>> "<title>10♥</title>" in svg, 'fill="#c62828"' in svg
(True, True)
>>> hand_html(parse_cards("As Kd 2c"), label="Chi đầu").count("<svg")
3
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

import streamlit as st

from maubinh.cards import Card, Rank
from ui import _once
from ui.escape import html_literal

__all__ = [
    "BLACK",
    "CARD_CSS",
    "RED",
    "card_back_svg",
    "card_svg",
    "cards_inline_html",
    "hand_html",
    "inject_css",
    "row_html",
    "show_cards",
]

RED = "#c62828"
"""Hearts and diamonds."""
BLACK = "#1a1a1a"
"""Spades and clubs."""

TEXT_PRESENTATION = "\ufe0e"
"""Variation selector 15: asks for the text (not the colour emoji) form of the glyph before it."""

_VIEW_W, _VIEW_H = 100, 140
_FONT = "Arial, 'Helvetica Neue', 'DejaVu Sans', 'Segoe UI Symbol', sans-serif"
_BORDER = "#8a8a8a"
_BACK_BLUE = "#1f4e8c"


def _height(width: int) -> int:
    return round(width * _VIEW_H / _VIEW_W)


def _svg_open(width: int, label: str | None, css_class: str, extra: str = "") -> str:
    """The ``<svg>`` start tag (with ``<title>`` when ``label`` is given)."""
    if width <= 0:
        raise ValueError(f"card width must be positive, got {width}")
    if label:
        a11y = f' role="img" aria-label="{escape(label)}"'
        title = f"<title>{escape(label)}</title>"
    else:
        a11y, title = ' aria-hidden="true"', ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{css_class}" width="{width}" '
        f'height="{_height(width)}" viewBox="0 0 {_VIEW_W} {_VIEW_H}"{extra}{a11y}>{title}'
    )


def card_svg(card: Card, width: int = 56) -> str:
    """One card face as an inline ``<svg>``, ``width`` CSS pixels wide (height = 1.4 x width).

    A rounded white card with a thin grey border, the rank and a small suit at the top left and,
    turned upside down, at the bottom right, and a big suit in the middle. Hearts and diamonds
    are :data:`RED`, spades and clubs :data:`BLACK`. Each suit glyph is followed by U+FE0E so it
    never turns into a colour emoji. The ``<title>`` (and ``aria-label``) is :attr:`Card.pretty`,
    e.g. ``"10♥"``; the element carries ``class="mb-card"`` and ``data-card`` (e.g. ``"Th"``).

    >>> from maubinh.cards import parse_cards
    >>> svg = card_svg(parse_cards("Ts")[0], width=40)
    >>> 'width="40" height="56"' in svg, '>10<' in svg, 'fill="#1a1a1a"' in svg, 'data-card="Ts"' in svg
    (True, True, True, True)
    >>> card_svg(parse_cards("Ts")[0], width=0)
    Traceback (most recent call last):
    ...
    ValueError: card width must be positive, got 0
    """
    colour = RED if card.suit.is_red else BLACK
    glyph = escape(card.suit.glyph) + TEXT_PRESENTATION
    rank = escape(card.rank.label)
    # "10" is the only two-character rank: squeeze it to the width of the others.
    squeeze = ' textLength="26" lengthAdjust="spacingAndGlyphs"' if card.rank is Rank.TEN else ""
    corner = (
        f'<text x="17" y="27" font-size="26" font-weight="700" text-anchor="middle"{squeeze}>{rank}</text>'
        f'<text x="17" y="50" font-size="24" text-anchor="middle">{glyph}</text>'
    )
    return (
        _svg_open(width, card.pretty, "mb-card", f' data-card="{card}"')
        + f'<rect x="1" y="1" width="{_VIEW_W - 2}" height="{_VIEW_H - 2}" rx="8" ry="8" '
        f'fill="#ffffff" stroke="{_BORDER}" stroke-width="1.5"/>'
        + f'<g fill="{colour}" font-family="{_FONT}">'
        + f"<g>{corner}</g>"
        + f'<g transform="rotate(180 {_VIEW_W // 2} {_VIEW_H // 2})">{corner}</g>'
        + f'<text x="{_VIEW_W // 2}" y="{_VIEW_H // 2 + 4}" font-size="58" text-anchor="middle" '
        f'dominant-baseline="central">{glyph}</text>' + "</g></svg>"
    )


def cards_inline_html(cards: Iterable[Card]) -> str:
    """Cards as text in a line, as people write them (``10♣ 9♥``), hearts and diamonds in :data:`RED`, each glyph
    kept as text (U+FE0E): the compact showdown's chi, a hand in a list.

    >>> from maubinh.cards import parse_cards
    >>> cards_inline_html(parse_cards("Tc 9h"))
    '<span class="mb-cardtext">10♣\ufe0e</span> <span class="mb-cardtext mb-red">9♥\ufe0e</span>'
    """
    return " ".join(f'<span class="mb-cardtext{" mb-red" if card.suit.value in "hd" else ""}">'
                    f"{escape(card.pretty)}{TEXT_PRESENTATION}</span>" for card in cards)


def _back_lattice() -> str:
    """Small diamonds in a grid inside the back's frame, as one ``<path>``.

    Drawn shape by shape inside the frame, so nothing needs clipping: no ``<clipPath>`` or
    ``<pattern>`` ids, which would repeat when several backs are on one page.
    """
    diamonds = "".join(
        f"M{x} {y - 4}l4 4l-4 4l-4 -4z"
        for y in range(18, _VIEW_H - 12, 9)
        for x in range(18 + (4 if (y // 9) % 2 else 0), _VIEW_W - 12, 9)
    )
    return f'<path d="{diamonds}" fill="#ffffff" fill-opacity="0.28"/>'


_BACK_LATTICE = _back_lattice()


def card_back_svg(width: int = 56, *, title: str | None = None) -> str:
    """A face-down card as an inline ``<svg>`` (blue, white frame, diagonal lattice).

    ``title`` (e.g. ``t("cards.back")``) becomes the ``<title>``; without it the card is hidden from
    screen readers.

    >>> svg = card_back_svg(title="Lá úp")
    >>> svg.startswith("<svg") and "<title>Lá úp</title>" in svg and 'class="mb-card mb-card--back"' in svg
    True
    """
    return (
        _svg_open(width, title, "mb-card mb-card--back")
        + f'<rect x="1" y="1" width="{_VIEW_W - 2}" height="{_VIEW_H - 2}" rx="8" ry="8" '
        f'fill="#ffffff" stroke="{_BORDER}" stroke-width="1.5"/>'
        + f'<rect x="6" y="6" width="{_VIEW_W - 12}" height="{_VIEW_H - 12}" rx="5" ry="5" fill="{_BACK_BLUE}"/>'
        + _BACK_LATTICE
        + f'<rect x="9" y="9" width="{_VIEW_W - 18}" height="{_VIEW_H - 18}" rx="3" ry="3" '
        'fill="none" stroke="#ffffff" stroke-width="1.5"/>' + "</svg>"
    )


def hand_html(
    cards: Iterable[Card | None],
    *,
    label: str | None = None,
    width: int = 56,
    highlight: bool = False,
    back_title: str | None = None,
) -> str:
    """A row of cards (``None`` = a face-down card) with an optional caption above it, as HTML.

    The row is a wrapping flex row with a small gap; it has inline styles so it lays out even
    without :func:`inject_css`, which adds the narrow-screen shrinking and the highlight frame.
    ``highlight`` frames the hand (e.g. the chi that won, or the one asked about). The result is
    one line with no blank lines, so Markdown keeps it a single HTML block.

    >>> from maubinh.cards import parse_cards
    >>> html = hand_html([*parse_cards("As Kd"), None], label="<b>", highlight=True)
    >>> html.count("<svg"), "mb-hand--highlight" in html, "&lt;b&gt;" in html
    (3, True, True)
    """
    faces = "".join(
        card_back_svg(width, title=back_title) if card is None else card_svg(card, width) for card in cards
    )
    return row_html(faces, label=label, highlight=highlight)


def row_html(faces: str, *, label: str | None = None, highlight: bool = False) -> str:
    """Card faces (SVG markup) laid out as one wrapping row with an optional caption, as one HTML line."""
    classes = "mb-hand mb-hand--highlight" if highlight else "mb-hand"
    caption = ""
    group = ' role="group"'
    if label:
        caption = f'<div class="mb-hand-label">{html_literal(label)}</div>'
        group += f' aria-label="{html_literal(label)}"'
    return (
        f'<div class="{classes}"{group} style="margin:0 0 0.5rem 0">{caption}'
        f'<div class="mb-hand-cards" style="display:flex;flex-wrap:wrap;gap:6px;align-items:flex-start">'
        f"{faces}</div></div>"
    )


CARD_CSS = """
.st-key-ui_css { display: none; }
[data-testid="stLayoutWrapper"]:has(> .st-key-ui_css, > .st-key-ui_builtin_text, > .st-key-drill_css,
  > .st-key-drill_phone_css), [data-testid="stElementContainer"]:has(.mb-hidden) { display: none; }
[data-testid="stLayoutWrapper"]:has(> .st-key-classes_live_pulse):not(:has([data-testid="stElementContainer"])) {
  display: none; }
.mb-hand { display: flex; flex-direction: column; gap: 0.25rem; width: fit-content; max-width: 100%; }
.mb-hand-label { font-size: 0.875rem; font-weight: 600; opacity: 0.85; }
.mb-hand-cards { display: flex; flex-wrap: wrap; gap: 6px; align-items: flex-start; }
.mb-cardtext { white-space: nowrap; font-variant-numeric: tabular-nums; }
.mb-cardtext.mb-red { color: #c62828; }
@media (prefers-color-scheme: dark) { .mb-cardtext.mb-red { color: #ff6e6e; } }
.mb-showdown { font-size: 0.9rem; line-height: 1.35; margin-bottom: 0.5rem; }
.mb-sd-row { display: grid; grid-template-columns: 5fr 5fr 3.3fr; gap: 0 10px; }
.mb-sd-chi { min-width: 0; }
.mb-sd-head { font-size: 0.75rem; font-weight: 600; opacity: 0.7; }
.mb-sd-seat { margin-top: 0.45rem; }
.mb-sd-cat { font-size: 0.78rem; opacity: 0.75; }
.mb-mark { font-weight: 700; }
.mb-scores { font-size: 0.9rem; margin-bottom: 0.5rem; }
.mb-score { display: inline-block; max-width: 100%; overflow-wrap: anywhere; margin: 0.3rem 0.4rem 0 0;
  padding: 0.15rem 0.55rem; border-radius: 0.5rem; border: 1px solid rgba(128, 128, 128, 0.35); }
.mb-score-me { border-color: #f9a825; background: rgba(249, 168, 37, 0.12); }
.mb-win { color: #2e7d32; }
.mb-lose { color: #c62828; }
.mb-card { display: block; flex: 0 0 auto; filter: drop-shadow(0 1px 1.5px rgba(0, 0, 0, 0.25)); }
.mb-hand--highlight {
  padding: 0.35rem 0.5rem 0.5rem;
  border-radius: 0.5rem;
  outline: 2px solid #f9a825;
  background: rgba(249, 168, 37, 0.12);
}
[data-testid="stMultiSelect"] div:has(> [data-testid="stMultiSelectTagsContainer"]) { max-height: none !important; }
[data-testid="stMultiSelectTagsContainer"] { overflow-y: visible !important; }
[class*="st-key-sandbox_pick"] button[data-selected="true"],
[class*="st-key-sandbox_move"] button[data-selected="true"] { color: rgb(49, 51, 63) !important; font-weight: 600; }
@media (prefers-color-scheme: dark) {
  [class*="st-key-sandbox_pick"] button[data-selected="true"],
  [class*="st-key-sandbox_move"] button[data-selected="true"] { color: rgb(250, 250, 250) !important; }
}
@media (pointer: coarse) {
  [data-testid^="stBaseButton-"], button[data-variant="pills"], button[data-variant="segmented_control"],
  [data-testid="stPageLink"] a, [data-testid="stRadio"] label, [data-testid="stCheckbox"] label,
  [data-testid="stExpander"] summary, [data-testid="stSelectbox"] [role="group"],
  [data-testid="stMultiSelect"] [role="group"], [data-testid="stNumberInput"] button,
  [data-testid="stSidebarCollapseButton"] button, [data-testid="stExpandSidebarButton"],
  [data-testid^="stTabsScroll"] { min-height: 44px; }
  button[data-variant="pills"], [data-testid="stNumberInput"] button,
  [data-testid="stSidebarCollapseButton"] button, [data-testid="stExpandSidebarButton"] { min-width: 44px; }
  [data-testid="stRadio"] label, [data-testid="stCheckbox"] label { align-items: center; }
  [data-testid="stTab"], [data-testid="stSelectbox"] [data-baseweb="select"] > div,
  [data-testid="stMultiSelect"] [data-baseweb="select"] > div { min-height: 44px; }
  [data-testid="stMarkdownContainer"] p a, [data-testid="stMarkdownContainer"] li a, [data-testid="stCaptionContainer"] a {
    display: inline-block; padding: 12px 0; margin: -12px 0; }
  [data-testid="stTooltipHoverTarget"] { position: relative; }
  [data-testid="stTooltipHoverTarget"]::after {
    content: ""; position: absolute; left: 50%; top: 50%; width: 44px; height: 44px; transform: translate(-50%, -50%);
  }
  [data-testid="InputInstructions"] { display: none; }
  [data-testid="stMultiSelect"] [role="group"] > button { min-width: 44px; min-height: 44px; }
  [data-testid="stTooltipHoverTarget"] button, [data-testid="stMultiSelectTagsContainer"] button { position: relative; }
  [data-testid="stTooltipHoverTarget"] button::after, [data-testid="stMultiSelectTagsContainer"] button::after {
    content: ""; position: absolute; left: 50%; top: 50%; width: 44px; height: 44px; transform: translate(-50%, -50%);
  }
}
@media (min-width: 641px) {
  [data-testid="stLayoutWrapper"]:has(> .st-key-rooms_phone_space) { display: none; }
}
.mb-room-left { white-space: nowrap; }
[data-testid="stTable"] :is(td, th):first-child, [data-testid="stTable"] :is(td, th):first-child * { overflow-wrap: anywhere; }
@media (max-width: 640px) {
  [data-testid="stLayoutWrapper"]:has(> .st-key-rooms_title_folded), .st-key-rooms_title_folded { display: none; }
  [data-testid="InputInstructions"] { display: none; }
  [data-testid="stMainBlockContainer"] { padding-top: 3.25rem; }
  [data-testid="stTable"] table { font-size: 0.8rem; }
  [data-testid="stTable"] th, [data-testid="stTable"] td { padding: 0.3rem 0.35rem !important; }
  .mb-hand-cards { gap: 4px !important; }
  .mb-card { max-width: max(38px, 11vw); height: auto; }
}
""".strip()
"""The CSS shared by every page: hands, cards, the highlight frame, narrow screens; a table's first column (the
names) broken anywhere when a word is longer than the screen (a user test's 40-letter name pushed a report's other
columns off a phone); a multiselect's chosen
options all in view (Streamlit caps the box at 4.5 rows and scrolls the rest out of sight: at 390 px the
Drill's and the teacher's 7th and 8th kinds were hidden, issue 22 item 15); the Sandbox's selected card
chips in the text colour, not the theme's red (a black suit drawn red, issue 20 item 7); on a touch screen
every button, chip, link, choice and box at least 44 px tall (issue 20 item 8; issue 36: tabs, select boxes, help
icons and a lesson's links too, and no "Press Enter to apply" under a box: a phone has no Enter key, and at 390 px
the hint covered the box's clear icon); on a phone, tables in a
smaller type with less padding, so that more of them fit the width (issue 20 item 7). The page's hidden helpers
(its styles and scripts: the keyed style boxes, an element marked ``mb-hidden``; the class page's live box while it
holds nothing) take no room: each left a 1 rem gap,
80 px of blank screen above every page's title on a phone (a new user's finding); on a phone the page starts
3.25 rem from the top, not Streamlit's 6 rem (a page's own CSS after this one may set less)."""


def inject_css() -> bool:
    """Add :data:`CARD_CSS` to the page once per script run; ``True`` if this call added it.

    Safe to call from every page, the entry script and :func:`show_cards`: later calls in the
    same run do nothing. The style sits in a hidden container keyed ``ui_css``.
    """
    box = _once.claim("ui_css", st)
    if box is None:
        return False
    box.markdown(f"<style>{CARD_CSS}</style>", unsafe_allow_html=True)
    return True


def show_cards(cards: Iterable[Card | None], **kwargs: object) -> None:
    """Draw :func:`hand_html` ``(cards, **kwargs)`` with ``st.markdown`` (not ``st.html``)."""
    inject_css()
    st.markdown(hand_html(cards, **kwargs), unsafe_allow_html=True)  # type: ignore[arg-type]
