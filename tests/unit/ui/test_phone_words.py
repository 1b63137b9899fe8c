"""Issue 36's words: a loss never said as "được −…", the app (not "the project") reading a rule, one name for the
Sandbox, house rules named as the learner's own, the whole deal's cost not read as one chi's."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from maubinh.rules import load_rule_set
from ui.i18n import translate
from ui.progress.view import integer_step

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize(("key", "values"), [
    ("playhist.hand_line", {"deal": 3, "won": "−9", "band": "tốt, mất 0,16 chi", "se": "0,02", "mark": ""}),
    ("explain.line", {"line": "Chi 1", "mine": "A", "mine_value": "−0,16", "other": "B", "other_value": "+0,20"}),
    ("explain.arrange.line", {"line": "Chi 1", "mine_value": "+0,30", "other_value": "−0,16"}),
    ("explain.simple.line", {"line": "Chi 1", "mine_value": "+0,30", "other_value": "−0,16"}),
    ("explain.declare.declare", {"pattern": "Sảnh rồng", "chi": 36, "declared": "+30,1", "played": "−0,16", "gap": "30",
                                 "err": "0,1"}),
])
def test_a_signed_amount_is_never_said_as_gained(key: str, values: dict[str, object]) -> None:
    text = translate(key, "vi", **values)
    assert "−" in text and "được −" not in text and "được +" not in text, text


@pytest.mark.parametrize("key", ["play.why_chi", "play.why_scoop", "play.why_scooped", "play.why_line"])
def test_one_chis_share_and_the_deals_cost_are_two_sentences(key: str) -> None:
    text = translate(key, "vi", position="Chi 2", mine="Thú", mine_share=40, best="Sám cô", best_share=55,
                     cost="2,48", line="Chi Át")
    assert "(tổng cộng" not in text and "cả ván" in text.lower() and text.endswith("2,48 chi mỗi ván.")


def test_the_app_reads_a_rule_and_the_sandbox_has_one_name() -> None:
    catalogues = [*sorted((ROOT / "ui" / "locales" / "vi").glob("*.po")), ROOT / "content" / "lessons" / "common" / "vi.toml"]
    for path in catalogues:
        text = path.read_text(encoding="utf-8")
        assert "dự án đọc" not in text and "của dự án)" not in text and "Sân chơi" not in text, path
    assert translate("nav.sandbox", "vi") == "Bàn thử"
    assert "chi sau" not in translate("play.strength_help", "vi")  # the rule sets call it Chi 1 or Chi đầu


def test_house_rules_are_named_as_the_learners_own() -> None:
    from ui.setup import rule_set_label

    house = dataclasses.replace(load_rule_set("luckywin"), id="house-test")
    assert rule_set_label(house, "vi") == f"Luật nhà của bạn: {house.name('vi')}"
    assert rule_set_label(house, "en") == f"Your house rules: {house.name('en')}"
    assert rule_set_label(load_rule_set("luckywin"), "vi") == load_rule_set("luckywin").name("vi")


def test_a_count_axis_has_whole_steps() -> None:
    assert [integer_step(n) for n in (1, 2, 8, 9, 17, 41, 400)] == [1, 1, 1, 2, 5, 10, 50]
