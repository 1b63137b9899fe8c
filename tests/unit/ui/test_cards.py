"""ui.cards: the card faces, backs and hands are well-formed SVG/HTML with the right colours and labels."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from maubinh.cards import FULL_DECK, Card, Rank, Suit, parse_cards
from ui.cards import BLACK, CARD_CSS, RED, TEXT_PRESENTATION, card_back_svg, card_svg, hand_html

SVG_NS = "{http://www.w3.org/2000/svg}"


def _parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


@pytest.mark.parametrize("card", FULL_DECK, ids=str)
def test_every_card_is_well_formed_svg_with_its_title(card: Card) -> None:
    root = _parse(card_svg(card))
    assert root.tag == f"{SVG_NS}svg"
    assert root.findtext(f"{SVG_NS}title") == card.pretty
    assert root.get("aria-label") == card.pretty
    assert root.get("data-card") == str(card)
    assert root.get("class") == "mb-card"


@pytest.mark.parametrize(
    ("suit", "colour"),
    [(Suit.HEARTS, RED), (Suit.DIAMONDS, RED), (Suit.SPADES, BLACK), (Suit.CLUBS, BLACK)],
)
def test_hearts_and_diamonds_are_red_spades_and_clubs_black(suit: Suit, colour: str) -> None:
    svg = card_svg(Card(Rank.SEVEN, suit))
    fills = set(re.findall(r'fill="(#[0-9a-f]{6})"', svg)) - {"#ffffff"}
    assert fills == {colour}
    assert RED == "#c62828" and BLACK == "#1a1a1a"


def test_suit_glyphs_ask_for_text_presentation_never_emoji() -> None:
    svg = card_svg(parse_cards("Ah")[0])
    glyphs = re.findall(r">([♠♥♦♣])(.?)<", svg)
    assert len(glyphs) == 3  # two corners and the middle
    assert all(selector == TEXT_PRESENTATION for _, selector in glyphs)


def test_ten_reads_10_not_T() -> None:
    svg = card_svg(parse_cards("Td")[0])
    texts = [element.text for element in _parse(svg).iter(f"{SVG_NS}text")]
    assert texts.count("10") == 2
    assert "T" not in texts
    assert "<title>10♦</title>" in svg


def test_width_sets_size_with_card_proportions() -> None:
    root = _parse(card_svg(parse_cards("2c")[0], width=40))
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("40", "56", "0 0 100 140")
    with pytest.raises(ValueError, match="positive"):
        card_svg(parse_cards("2c")[0], width=-1)


def test_card_back_is_svg_with_optional_title() -> None:
    assert _parse(card_back_svg()).get("aria-hidden") == "true"
    root = _parse(card_back_svg(30, title="Lá bài úp"))
    assert root.findtext(f"{SVG_NS}title") == "Lá bài úp"
    assert root.get("width") == "30"


def test_thirteen_cards_make_thirteen_svgs_in_one_wrapping_row() -> None:
    cards = parse_cards("As Kh Qd Jc Ts 9h 8d 7c 6s 5h 4d 3c 2s")
    html = hand_html(cards)
    assert html.count("<svg") == 13
    assert [m for m in re.findall(r'data-card="(\w+)"', html)] == [str(c) for c in cards]
    assert "flex-wrap:wrap" in html
    assert "\n" not in html  # one HTML block for Markdown
    root = ET.fromstring(html)
    assert root.get("class") == "mb-hand"


def test_hand_label_is_escaped_and_highlight_adds_class() -> None:
    html = hand_html(parse_cards("As Ks"), label='Chi <đầu> & "x"', highlight=True)
    root = ET.fromstring(html)
    assert root.get("class") == "mb-hand mb-hand--highlight"
    assert root.get("aria-label") == 'Chi <đầu> & "x"'
    assert root[0].text == 'Chi <đầu> & "x"'
    assert "<đầu>" not in html


def test_none_is_a_face_down_card() -> None:
    html = hand_html([None, *parse_cards("2h")], back_title="Face-down card")
    assert html.count("<svg") == 2
    assert html.count("mb-card--back") == 1
    assert "<title>Face-down card</title>" in html


def test_css_shrinks_cards_on_narrow_screens_and_hides_its_own_container() -> None:
    assert "@media (max-width: 640px)" in CARD_CSS
    assert "max-width" in CARD_CSS.split("@media", 1)[1]
    assert ".st-key-ui_css { display: none; }" in CARD_CSS
