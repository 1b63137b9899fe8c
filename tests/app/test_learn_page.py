"""The Learn page run by Streamlit (AppTest, no browser): categories in order, examples drawn,
the rule set's chi names and numbers following the picker, English with ``?lang=en``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from maubinh.hands import Category
from maubinh.rules import RULE_SET_IDS, Position, load_rule_set
from ui.examples import load_examples
from ui.i18n import translate
from ui.labels import category_name

REPO_ROOT = Path(__file__).resolve().parents[2]
TIMEOUT_S = 30
PICKER = "learn_rule_set"
FRONT = [Category.SAM_CO, Category.DOI, Category.MAU_THAU]


def _open(*, direct: bool = False, **query: str) -> AppTest:
    """The Learn page after one run: through app.py's navigation, or its own file (a direct URL)."""
    script = REPO_ROOT / ("pages/learn.py" if direct else "app.py")
    at = AppTest.from_file(str(script), default_timeout=TIMEOUT_S)
    for name, value in query.items():
        at.query_params[name] = value
    at.run()
    if not direct:
        at.switch_page("pages/learn.py").run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def _pick(at: AppTest, rule_set_id: str) -> AppTest:
    at.selectbox(key=PICKER).set_value(rule_set_id).run()
    assert not at.exception, [e.message for e in at.exception]
    return at


def _category_headings(at: AppTest, lang: str) -> list[str]:
    names = {category_name(c, lang) for c in Category}
    return [h.value for h in at.subheader if h.value in names]


def _tables(at: AppTest) -> list[list[dict[str, str]]]:
    return [table.value.to_dict("records") for table in at.table]


def _chi_names(at: AppTest, lang: str) -> list[str]:
    column = translate("learn.col.name", lang)
    rows = _tables(at)[0]
    return [row[column].strip("*") for row in rows]


def _text(at: AppTest) -> str:
    parts = [e.value for e in (*at.title, *at.header, *at.subheader, *at.markdown, *at.caption)]
    return "\n".join(str(p) for p in parts)


def test_opens_in_vietnamese_with_the_categories_strongest_first() -> None:
    at = _open()
    assert at.title[0].value == translate("learn.title", "vi")
    expected = [category_name(c, "vi") for c in sorted(Category, reverse=True)]
    expected += [category_name(c, "vi") for c in FRONT]
    assert _category_headings(at, "vi") == expected


def test_opens_directly_by_its_own_file() -> None:
    at = _open(direct=True)
    assert len(_category_headings(at, "vi")) == len(Category) + len(FRONT)


def test_every_example_hand_is_drawn() -> None:
    at = _open()
    html = "\n".join(m.value for m in at.markdown)
    drawn = re.findall(r'data-card="(\w\w)"', html)
    for example in load_examples().hands:
        assert all(str(card) in drawn for card in example.cards), example
    hands = [m.value for m in at.markdown if m.value.startswith('<div class="mb-hand')]
    pairs = len(load_examples().front_vs_middle)
    assert len(hands) == len(load_examples().hands) + 2 * pairs


def test_each_example_is_captioned_with_its_value() -> None:
    at = _open()
    captions = "\n".join(c.value for c in at.caption)
    assert "**Sảnh: A-5**" in captions
    assert "**Tứ quý: K · 4**" in captions
    assert "**Đôi: Q · K**" in captions


def test_picking_tinh_chi_changes_the_chi_names() -> None:
    at = _open()
    assert _chi_names(at, "vi") == ["Chi 1", "Chi 2", "Chi 3"]
    assert at.header[1].value == translate("learn.front.header", "vi", front="Chi 3")

    _pick(at, "tinh-chi")
    assert _chi_names(at, "vi") == ["Chi cuối", "Chi giữa", "Chi đầu"]
    assert at.header[1].value == translate("learn.front.header", "vi", front="Chi đầu")
    rules = at.query_params.get("rules")
    assert (rules[-1] if isinstance(rules, list) else rules) == "tinh-chi"


@pytest.mark.parametrize("rule_set_id", RULE_SET_IDS)
def test_the_numbers_are_the_rule_sets_own(rule_set_id: str) -> None:
    at = _open(rules=rule_set_id)
    rule_set = load_rule_set(rule_set_id)
    assert _chi_names(at, "vi") == [rule_set.position_name(p, "vi") for p in Position]
    assert rule_set.name("vi") in at.header[-1].value
    bonuses = _tables(at)[2]
    amount = translate("learn.col.amount", "vi")
    assert [row[amount] for row in bonuses] == [f"{b.chi} chi" for b in rule_set.bonuses]
    naturals = _tables(at)[3]
    assert [row[amount] for row in naturals] == [f"{n.chi} chi" for n in rule_set.naturals]
    main = _tables(at)[1]
    value = translate("learn.col.value", "vi")
    assert translate("learn.value.foul", "vi", n=rule_set.foul_penalty) in [row[value] for row in main]


def test_switching_the_rule_set_changes_the_numbers() -> None:
    at = _open()
    before = _tables(at)
    _pick(at, "guide-2026")
    after = _tables(at)
    assert before[1] != after[1] and before[2] != after[2] and before[3] != after[3]
    values = [row[translate("learn.col.value", "vi")] for row in after[1]]
    assert translate("learn.value.foul", "vi", n=6) in values
    assert translate("learn.value.no_scoop", "vi") in values


def test_readings_and_house_defaults_are_flagged() -> None:
    at = _open(rules="luckywin")
    text = "\n".join(str(cell) for table in _tables(at) for row in table for cell in row.values())
    assert f":orange-badge[{translate('learn.badge.house_default', 'vi')}]" in text
    assert f":blue-badge[{translate('learn.badge.reading', 'vi')}]" in text
    assert translate("provenance.house_default", "vi") in text


def test_the_wheel_ladder_follows_the_rule_set() -> None:
    """Digest §2.2: chi-at puts A-2-3-4-5 second, luckywin last."""

    def ladder(at: AppTest) -> list[str]:
        box = next(m.value for m in at.markdown if "mb-ladder" in m.value)
        return re.findall(r'class="mb-hand-label">[^<]*?: ([^<]*)</div>', box)

    at = _open(rules="chi-at")
    assert ladder(at) == ["Sảnh: 10-A", "Sảnh: A-5", "Sảnh: 9-K", "Sảnh: 2-6"]
    assert translate("learn.wheel.second", "vi") in _text(at)
    _pick(at, "luckywin")
    assert ladder(at) == ["Sảnh: 10-A", "Sảnh: 9-K", "Sảnh: 2-6", "Sảnh: A-5"]
    assert translate("learn.wheel.lowest", "vi") in _text(at)


def test_the_front_is_compared_on_the_middles_scale() -> None:
    at = _open(rules="tinh-chi")
    text = _text(at)
    names = {"front": "Chi đầu", "middle": "Chi giữa"}
    assert translate("learn.scale.stronger", "vi", **names) in text
    assert translate("learn.scale.not_stronger", "vi", **names) in text


def test_english_with_lang_en() -> None:
    at = _open(lang="en", rules="tinh-chi")
    assert at.title[0].value == "Learn: the hand categories"
    headings = _category_headings(at, "en")
    assert headings[0] == "Thùng phá sảnh (straight flush)"
    assert headings[-1] == "Mậu thầu (high card)"
    assert _chi_names(at, "en") == ["Chi cuối (back)", "Chi giữa (middle)", "Chi đầu (front)"]
    assert translate("learn.numbers.header", "en", name=load_rule_set("tinh-chi").name("en")) in _text(at)
    assert "Học luật" not in _text(at)
