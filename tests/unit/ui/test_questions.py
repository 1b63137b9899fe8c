"""Words for drill questions: every key built at run time exists in both languages; sentences read right."""

from __future__ import annotations

import pytest

from maubinh.cards import parse_cards
from maubinh.drills import DrillSet, Kind, Level, decide, make_question
from maubinh.hands import evaluate
from maubinh.rules import load_rule_set
from ui.i18n import LANGUAGES, catalogue
from ui.questions import DYNAMIC_KEYS, answer_text, decider_text, key_text, question_text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_dynamic_key_exists(lang: str) -> None:
    assert [key for key in DYNAMIC_KEYS if key not in catalogue(lang)] == []


@pytest.mark.parametrize(
    ("a", "b", "rules", "lang", "expected"),
    [
        ("Ks Kd 9c 5s 3h", "Kh Kc 9d 5c 2h", "chi-at", "en",
         ("Both Đôi (pair) with the same made cards: the kickers decide, high to low; at kicker 3, 3 beats 2, "
         "so A is stronger.")),
        ("As 2d 3c 4h 5s", "6s 5d 4c 3h 2h", "luckywin", "vi",
         "Theo bộ luật LuckyWin (luật nhà cái), sảnh A-2-3-4-5 là sảnh nhỏ nhất, nên B mạnh hơn."),
        ("Qs Qc Kh", "Qh Qd Kd 5s 3h", "chi-at", "en",
         ("The top three cards are the same; a 3-card chi has no kickers, and a missing kicker counts below any "
         "card, so B is stronger.")),
        ("Ks Kd 9c 5s 3h", "Kh Kc 9d 5c 3d", "chi-at", "vi",
         "Cùng các hạng bài, chỉ khác chất; chất không phân thắng thua nên hòa."),
    ],
)
def test_decider_sentences(a: str, b: str, rules: str, lang: str, expected: str) -> None:
    rule_set = load_rule_set(rules)
    ha, hb = parse_cards(a), parse_cards(b)
    values = (evaluate(ha, rule_set.wheel), evaluate(hb, rule_set.wheel))
    assert decider_text(decide(ha, hb, rule_set), values, ("A", "B"), rule_set, lang) == expected


def test_every_kind_reads_as_one_line_for_the_csv() -> None:
    rule_set = load_rule_set("chi-at")
    drill_set = DrillSet((Kind.CHI, Kind.FOUL, Kind.SETTLE, Kind.NATURAL), Level.EXPERT, "chi-at", 4, 4)
    for index in range(4):
        q = make_question(drill_set, index)
        text = question_text(q, rule_set, "en")
        assert "\n" not in text and len(text) > 20
        assert key_text(q, rule_set, "en") == answer_text(q, q.key, rule_set, "en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_back_middle_foul_choice_follows_the_order_rule(lang: str) -> None:
    """Digest §1, reading revised again: by default a back foul means the middle beats it; under the strict
    order (a house rule) an equal back fouls too, and the choice says so."""
    from maubinh.drills.foul import FoulAnswer, Trap, make_foul_question
    from maubinh.house import edit
    from maubinh.rules import POSITIONS
    from ui.labels import position_label
    from ui.questions import choice_label

    guide = load_rule_set("guide-2026")
    strict = edit(guide, {"order.strict": True})
    tie = next(q for seed in range(400) if (q := make_foul_question(seed, guide, Level.EXPERT)).trap is Trap.TIE)
    assert tie.key is FoulAnswer.LEGAL
    plain = choice_label(tie, FoulAnswer.BACK_MIDDLE, guide, lang)
    strict_label = choice_label(tie, FoulAnswer.BACK_MIDDLE, strict, lang)
    names = {p.value: position_label(p, guide, lang) for p in POSITIONS}
    assert plain == catalogue(lang)["drill.foul.back_middle"].format(**names)
    assert strict_label == catalogue(lang)["drill.foul.back_middle_strict"].format(**names)
    assert plain != strict_label
    strict_tie = next(q for seed in range(400) if (q := make_foul_question(seed, strict, Level.EXPERT)).trap is Trap.TIE)
    assert strict_tie.key is FoulAnswer.BACK_MIDDLE
