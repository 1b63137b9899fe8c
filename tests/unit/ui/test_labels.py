"""Source notes (issue 13): a source's words are Vietnamese, so an English screen says so and quotes them;
a value the house rules changed shows its change in the screen's language, never the engine's English."""

from __future__ import annotations

import pytest

from maubinh.arrangement import Arrangement
from maubinh.house import edit, from_link_token, link_token
from maubinh.rules import load_rule_set
from ui.labels import describe_foul, provenance_note
from ui.setup import house_mark


def test_an_english_screen_quotes_the_vietnamese_source_and_says_so() -> None:
    foul = load_rule_set("chi-at").provenance["foul"]
    assert foul.source.startswith("§")
    english = provenance_note(foul, "en").replace("\u2060", "")  # word joiners after colons (ui.escape)
    assert english.startswith(f"Source (its words, in Vietnamese): “{foul.source}”")
    assert provenance_note(foul, "vi").replace("\u2060", "").startswith(f"Nguồn: {foul.source}")


def test_a_house_change_read_from_a_link_is_told_in_each_language() -> None:
    house = edit(load_rule_set("chi-at"), {"foul.penalty": 6}, rule_set_id="nha", names={"vi": "Nhà", "en": "Home"})
    back = from_link_token(link_token(house), mark=house_mark)
    note_vi, note_en = (provenance_note(back.provenance["foul"], lang).replace("\u2060", "") for lang in ("vi", "en"))
    assert note_vi == "Luật nhà từ đường link, đã đổi: foul.penalty 3 -> 6."
    assert note_en == "House rules from a link, changed: foul.penalty 3 -> 6."
    hostile = edit(house, {}, names={"vi": "[x](https://evil.example)", "en": "[x](https://evil.example)"})
    hostile_note = provenance_note(from_link_token(link_token(hostile), mark=house_mark).provenance["foul"], "en")
    assert "[" not in hostile_note.replace("\\[", "")  # a house's texts are escaped (ui.escape.md_text)
    assert "house rules" not in note_vi


def test_numbers_group_their_thousands_in_each_language() -> None:
    from ui.labels import number

    assert number(100_000, "en", digits=0) == "100,000" and number(100_000, "vi", digits=0) == "100.000"
    assert number(1234.5, "vi") == "1.234,50" and number(-3.25, "en", signed=True) == "−3.25"


def test_an_equal_back_and_middle_are_described_as_legal_unless_the_order_is_strict() -> None:
    """Digest §1, reading revised again: back >= middle >= front; the strict order is a house option."""
    equal = Arrangement.parse("9s 8h 7d 6c 5s", "9h 8d 7c 6s 5h", "Ks Qh 2c")
    guide = load_rule_set("guide-2026")
    assert describe_foul(equal, guide, "en") == "Legal: Chi 1 (back) = Chi 2 (middle) > Chi 3 (front) (equal chi stand)"
    plain = Arrangement.parse("Ts 9s 8s 7c 6s", "9h 8d 7h 6d 5h", "Ks Qh 2c")
    assert describe_foul(plain, guide, "en").startswith("Legal: Chi 1 (back) > Chi 2 (middle)")
    strict = edit(guide, {"order.strict": True})
    assert describe_foul(equal, strict, "vi").startswith("Binh lủng: Chi 1 và Chi 2 bằng nhau, mà bộ luật này chơi thứ tự chặt")


@pytest.mark.parametrize(("rule_set_id", "noted"), [("chi-at", True), ("tinh-chi", True), ("luckywin", False),
                                                    ("guide-2026", False)])
@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_wheel_that_ranks_second_says_so(rule_set_id: str, noted: bool, lang: str) -> None:
    # A-5 set above 5-9 looked like binh lủng to a new learner where the wheel ranks second (digest §2.2).
    from maubinh.cards import parse_cards
    from maubinh.rules import load_rule_set
    from ui.i18n import translate
    from ui.labels import describe_chi

    rule_set = load_rule_set(rule_set_id)
    note = translate("label.wheel_second", lang)
    assert note.startswith("(") and "10-J-Q-K-A" in note
    assert (note in describe_chi(parse_cards("As 2d 3c 4h 5s"), rule_set, lang)) is noted
    assert note not in describe_chi(parse_cards("9s 8d 7c 6h 5s"), rule_set, lang)
    assert note not in describe_chi(parse_cards("As Kd Qc Jh Ts"), rule_set, lang)
