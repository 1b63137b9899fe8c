"""The house-rules editor's fields come from the rule-set schema (issue 33 §1): every option declared with an
editor field has its words in both catalogues, under the keys the editor derives from the declaration."""

from __future__ import annotations

import pytest

from maubinh.house import EDITABLE_KEYS, values_of
from maubinh.rules import RULE_SET_IDS, load_rule_set, options
from maubinh.schema import Kind
from ui.i18n import catalogue
from ui.sandbox.house import EVERY_WIDGET, FIELDS, WIDGETS, widget_keys
from ui.sandbox.house_text import key_label, value_text


def _keys(option):
    widget = option.editor.widget
    keys = [f"house.{widget}", f"house.{widget}_help", f"house.key.{option.key.replace('.', '_')}"]
    if option.editor.control == "toggle":
        keys += [f"house.{widget}_on", f"house.{widget}_off"]
    if option.kind is Kind.AMOUNTS:
        keys.append(f"house.{widget}_n")
    if option.kind is Kind.CHOICE:
        keys += [f"house.value.{option.table}.{value}" for value in option.values()]
    return keys


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_every_editor_field_is_worded_in_both_languages(lang):
    missing = [key for option in FIELDS for key in _keys(option) if key not in catalogue(lang)]
    assert missing == []


def test_every_option_is_a_field_of_the_editor_and_each_widget_key_is_its_own():
    assert {option.key for option in FIELDS} == {option.key for option, _ in options()}
    assert len(EVERY_WIDGET) == len(set(EVERY_WIDGET))
    # the keys the app's tests and kept sessions use
    assert WIDGETS["foul.penalty"] == "sandbox_house_foul" and WIDGETS["order.strict"] == "sandbox_house_order_strict"
    assert widget_keys(next(o for o in FIELDS if o.key == "scoop.multipliers")) == tuple(
        f"sandbox_house_scoop{n}" for n in (1, 2, 3))


def test_every_editable_value_of_every_source_is_worded():
    for rule_set_id in RULE_SET_IDS:
        for key, value in values_of(load_rule_set(rule_set_id)).items():
            assert key in EDITABLE_KEYS
            for lang in ("vi", "en"):
                assert key_label(key, lang) != f"house.key.{key.replace('.', '_')}"
                assert value_text(key, value, lang)
    assert value_text("scoop.sweep_multiplier", 2, "en") == "x2" and value_text("foul.penalty", 6, "en") != "x6"
    assert value_text("order.strict", True, "en") == "yes: a back equal to the middle is binh lủng"
    assert value_text("aces.exclude_bonus_four_aces", True, "en") == "yes"
