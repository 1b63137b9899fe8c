"""The Đấu địa chủ UI helpers: every engine term has its text in both languages (the keys built at run time,
which the catalogue scan of test_ui_i18n cannot see), every text fills in, and the cards are well-formed SVG."""

from __future__ import annotations

import doctest
import random
import re
import xml.etree.ElementTree as ET
from types import ModuleType

import pytest

import ui.daudiachu.cards
import ui.daudiachu.labels
from daudiachu.bidding import PASS, BiddingError, bidding_result
from daudiachu.cards import FULL_DECK, CardParseError, Rank, parse_cards
from daudiachu.drills import follow_question, random_play, score_question, type_question
from daudiachu.plays import PLAY_TYPES, Fault, Verdict, classify, why_not
from daudiachu.rules import Topic, load_rules
from daudiachu.scoring import DoublingKind, Spring
from ui.cards import BLACK, RED
from ui.daudiachu.calc import ENDINGS
from ui.daudiachu.cards import face_card, joker_svg, play_card_svg, play_html
from ui.daudiachu.drill import DRILL_KINDS
from ui.daudiachu.labels import (
    bidding_error_text,
    call_label,
    describe_play,
    describe_rejection,
    describe_verdict,
    note_markdown,
    parse_error_text,
    score_lines,
    signed,
)
from ui.i18n import LANGUAGES, catalogue

SVG = "{http://www.w3.org/2000/svg}"
PARSE_REASONS = ("rank", "suit", "joker", "duplicate", "too_many", "taken", "empty", "count")
BID_REASONS = ("value", "not_higher", "after_end", "unfinished")


def _runtime_keys() -> list[str]:
    keys = []
    for kind in PLAY_TYPES:
        keys += [f"ddz.{part}.{kind.value}" for part in ("type", "define", "play", "decides")]
    keys += [f"ddz.fault.{fault.value}" for fault in Fault]
    keys += [f"ddz.verdict.{verdict.value}" for verdict in Verdict]
    keys += [f"ddz.parse.{reason}" for reason in PARSE_REASONS]
    keys += [f"ddz.bid_error.{reason}" for reason in BID_REASONS]
    keys += [f"ddz.doubling.{kind.value}" for kind in DoublingKind]
    keys += [f"ddz.spring.{case.value}" for case in Spring if case is not Spring.NONE]
    keys += [f"ddz.fact.spring.{case.value}" for case in Spring]
    keys += [f"ddz.calc.spring.{case.value}" for case in Spring if case is not Spring.NONE]
    keys += [f"ddz.calc.ending.{ending}" for ending in ENDINGS]
    keys += [f"ddz.drill.kind.{kind}" for kind in DRILL_KINDS]
    keys += ["ddz.joker.big", "ddz.joker.small", "ddz.joker.big_short", "ddz.joker.small_short"]
    keys += ["ddz.role.landlord", "ddz.role.farmer", "ddz.side.landlord", "ddz.side.farmers"]
    return keys


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_built_at_run_time_is_in_the_catalogue(lang):
    missing = [key for key in _runtime_keys() if key not in catalogue(lang)]
    assert missing == []


def _filled(text: str) -> bool:
    return "{" not in text and "}" not in text and not text.startswith("ddz.")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_play_rejection_and_verdict_reads_as_a_sentence(lang):
    rng = random.Random(4)
    for kind in PLAY_TYPES:
        for _ in range(5):
            play = random_play(rng, kind)
            assert play is not None and _filled(describe_play(play, lang))
    for index in range(200):
        question = type_question(11, index)
        if question.rejection is not None:
            assert _filled(describe_rejection(question.rejection, lang))
        follow = follow_question(11, index)
        assert _filled(describe_verdict(follow.verdict, follow.play, follow.previous, lang))
        game = score_question(11, index)
        assert all(_filled(line) for line in score_lines(game.score, lang))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_parse_and_bidding_error_reads_as_a_sentence(lang):
    for text in ("Zs", "5x", "joker", "4s 4s", "7 7 7 7 7", ""):
        with pytest.raises(CardParseError) as caught:
            parse_cards(text, count=3 if not text else None)
        assert _filled(parse_error_text(caught.value, lang))
    with pytest.raises(CardParseError) as caught:
        parse_cards("3s", taken=parse_cards("3s"))
    assert _filled(parse_error_text(caught.value, lang))
    for calls in ([2, 1], [5], [3, PASS], [1]):
        with pytest.raises(BiddingError) as caught:
            bidding_result(calls)
        assert _filled(bidding_error_text(caught.value, lang, first=0))


def test_texts_name_the_cards_at_fault():
    assert describe_rejection(why_not(parse_cards("J Q K A 2s")), "en").startswith("2♠: ")
    assert describe_rejection(why_not(parse_cards("RJ 3")), "vi").startswith("Đại vương: ")
    assert describe_play(classify(parse_cards("BJ")), "en") == "Single (bài đơn): small joker"
    assert call_label(PASS, "vi") == "Không theo" and call_label(2, "en") == "Bid 2"
    assert signed(0) == "0" and signed(-3) == "\u22123"


def test_notes_show_the_source_and_flag_the_reading():
    rules = load_rules()
    spring = note_markdown(rules.note(Topic.SPRING), "vi")
    assert spring.startswith("*Nguồn:* ") and ":blue-badge[Cách hiểu]" in spring
    assert ":blue-badge" not in note_markdown(rules.note(Topic.DECK), "en")


def test_every_ordinary_card_is_drawn_with_its_own_face():
    for card in FULL_DECK:
        svg = play_card_svg(card, "vi")
        root = ET.fromstring(svg)
        if card.rank.is_joker:
            assert root.get("data-card") == card.rank.symbol
        else:
            assert face_card(card).pretty == card.pretty
            assert root.findtext(f"{SVG}title") == card.pretty
    with pytest.raises(ValueError, match="joker"):
        face_card(parse_cards("RJ")[0])


@pytest.mark.parametrize(("rank", "colour", "filled"), [(Rank.BIG_JOKER, RED, True), (Rank.SMALL_JOKER, BLACK, False)])
def test_jokers_are_well_formed_and_told_apart(rank, colour, filled):
    for lang in LANGUAGES:
        root = ET.fromstring(joker_svg(rank, lang, width=40))
        name = catalogue(lang)["ddz.joker.big" if rank is Rank.BIG_JOKER else "ddz.joker.small"]
        assert root.findtext(f"{SVG}title") == name and root.get("aria-label") == name
        assert (root.get("width"), root.get("height")) == ("40", "56")
        star = root.find(f"{SVG}path")
        assert star.get("stroke") == colour and (star.get("fill") == colour) is filled
    svg = joker_svg(rank, "en")
    assert set(re.findall(r'fill="(#[0-9a-f]{6})"', svg)) - {"#ffffff"} == {colour}
    with pytest.raises(ValueError, match="not a joker"):
        joker_svg(Rank.TWO, "vi")
    with pytest.raises(ValueError, match="positive"):
        joker_svg(rank, "vi", width=0)


def test_a_row_of_cards_is_one_line_with_backs_and_an_escaped_label():
    html = play_html([*parse_cards("3 RJ"), None], lang="en", label="<b>", highlight=True, back_title="Back")
    assert "\n" not in html
    assert html.count("<svg") == 3 and "mb-hand--highlight" in html and "&lt;b&gt;" in html
    assert "<title>Back</title>" in html


@pytest.mark.parametrize("module", [ui.daudiachu.cards, ui.daudiachu.labels], ids=lambda m: m.__name__)
def test_docstring_examples(module: ModuleType) -> None:
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
