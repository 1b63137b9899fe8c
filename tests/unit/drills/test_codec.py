"""Questions as plain data (issue 33 §4): every kind, level and rule set (house rules too) round-trips exactly through
:mod:`maubinh.drills.codec`, in the bank's compact form and in an assignment's whole form, byte for byte; a tampered
row is refused with a message naming what is wrong."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from maubinh.drills import Kind, Level, Question, QuestionRef, available, make_from_ref
from maubinh.drills.codec import (
    FORMAT,
    MAX_CHARS,
    QuestionDataError,
    dumps,
    from_data,
    loads,
    schema,
    to_data,
)
from maubinh.house import edit
from maubinh.rules import RULE_SET_IDS, load_rule_set
from maubinh.strategy.field import Field, RedealtField
from tests.unit.test_fuzz_house_inputs import _set

HOUSE = edit(load_rule_set("guide-2026"), {"foul.penalty": 4, "order.strict": True}, rule_set_id="bon",
             names={"vi": "Nhà Bốn", "en": "House of four"})
RULE_SETS = [*RULE_SET_IDS, "bon"]
CHEAP = (Kind.CHI, Kind.FOUL, Kind.SETTLE, Kind.NATURAL)
"""Kinds made in milliseconds (no sampled deals): tried on many seeds."""


def _ref(kind: Kind, level: Level, rule_set_id: str, seed: int) -> QuestionRef:
    return QuestionRef(kind, level, rule_set_id, seed, HOUSE if rule_set_id == "bon" else None)


def _rules(rule_set_id: str) -> Any:
    return HOUSE if rule_set_id == "bon" else load_rule_set(rule_set_id)


def assert_round_trip(question: Question, compact: bool) -> str:
    """``question`` read back from its data and its text equals it, and writes the same text again."""
    data = to_data(question, compact=compact)
    text = dumps(question, compact=compact)
    assert json.loads(text) == data  # the text is the data, plain JSON (no NaN, no Infinity)
    back = from_data(copy.deepcopy(data))
    assert back == question and loads(text) == question
    assert type(back) is type(question)
    assert dumps(back, compact=compact) == text  # byte for byte
    return text


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kind=st.sampled_from(CHEAP), level=st.sampled_from(list(Level)), rule_set_id=st.sampled_from(RULE_SETS),
       seed=st.integers(0, 10**12), compact=st.booleans())
def test_every_cheap_kind_round_trips_on_any_seed_level_and_rule_set(kind: Kind, level: Level, rule_set_id: str,
                                                                      seed: int, compact: bool) -> None:
    if available(kind, level, _rules(rule_set_id)) is not None:
        return
    assert_round_trip(make_from_ref(_ref(kind, level, rule_set_id, seed)), compact)


@cache
def _made(kind: Kind, level: Level, rule_set_id: str, seed: int) -> Question:
    return make_from_ref(_ref(kind, level, rule_set_id, seed))


HEAVY = [(Kind.BETTER, Level.BEGINNER, "chi-at", 3), (Kind.BETTER, Level.EXPERT, "bon", 4),
         (Kind.ARRANGE, Level.BEGINNER, "tinh-chi", 5), (Kind.ARRANGE, Level.INTERMEDIATE, "bon", 6),
         (Kind.DECLARE, Level.BEGINNER, "luckywin", 7), (Kind.DECLARE, Level.INTERMEDIATE, "bon", 8),
         (Kind.RULES, Level.BEGINNER, "guide-2026", 9), (Kind.RULES, Level.MASTER, "bon", 10)]


@pytest.mark.parametrize("compact", [False, True])
@pytest.mark.parametrize(("kind", "level", "rule_set_id", "seed"), HEAVY)
def test_every_sampled_kind_round_trips(kind: Kind, level: Level, rule_set_id: str, seed: int, compact: bool) -> None:
    question = _made(kind, level, rule_set_id, seed)
    text = assert_round_trip(question, compact)
    if kind is Kind.ARRANGE:
        field = from_data(json.loads(text)).opponents.field
        mine = question.opponents.field
        if compact and rule_set_id != "bon":  # a source's field kept as its recipe, dealt again on first use
            assert isinstance(field, RedealtField) and '"recipe"' in text and '"hands"' not in text
        else:  # the deals themselves: every array the same, kept as int64
            assert type(field) is Field and '"recipe"' not in text
        for name in ("hands", "rows", "keys", "classes", "among"):
            found = getattr(field, name)
            assert found.dtype == np.int64 and np.array_equal(found, getattr(mine, name)), name
        assert field.naturals == mine.naturals
    if kind is Kind.RULES:  # four rule sets: by id and digest in the bank's form, as their data otherwise
        assert (text.count('"digest"') == 4) is compact and (text.count('"chi_win"') == 4) is not compact


def test_a_house_rule_set_is_kept_as_its_data_even_in_the_compact_form() -> None:
    data = to_data(_made(Kind.ARRANGE, Level.INTERMEDIATE, "bon", 6), compact=True)
    rules = data["opponents"]["field"]["rule_set"]["rules"]
    assert rules["id"] == "bon" and rules["foul"]["penalty"] == 4 and rules["order"]["strict"] is True
    assert len(data["opponents"]["field"]["hands"]) == 2000  # deals as dealt, each opponent's 13 cards as text
    assert len(data["opponents"]["field"]["hands"][0][0].split()) == 13


# --------------------------------------------------------------------------- tampered data


def _chi() -> dict[str, Any]:
    return to_data(make_from_ref(_ref(Kind.CHI, Level.BEGINNER, "chi-at", 7)))


def _arrange(compact: bool) -> dict[str, Any]:
    return to_data(_made(Kind.ARRANGE, Level.BEGINNER, "tinh-chi", 5), compact=compact)


TAMPERED = [
    ("format", ("format",), 2, "question.format: expected 1, got 2"),
    ("format as bool", ("format",), True, "question.format: expected 1, got true"),
    ("kind", ("kind",), "poker", "question.kind: unknown kind \"poker\""),
    ("card", ("hands", 0), "Td Tc 3s 3d Zz", "chi.hands[0][4]: \"Zz\" is not a card"),
    ("card text", ("hands", 0), ["Td"], "chi.hands[0]: expected cards as text"),
    ("card spelled otherwise", ("hands", 1), "Ac Ks 8c 5c 3H", "chi.hands[1][4]: \"3H\" is not a card as written"),
    ("missing key", ("verdict", "at"), None, "chi.verdict: missing key 'at'"),
    ("extra key", ("extra",), 1, "chi: unexpected key 'extra'"),
    ("bool for int", ("seed",), True, "chi.seed: expected a whole number, got true"),
    ("float for int", ("values", 0, "key"), 1.5, "chi.values[0].key: expected a whole number, got 1.5"),
    ("enum", ("level",), "grandmaster", "chi.level: \"grandmaster\" is not a Level (beginner"),
    ("fixed length", ("positions",), ["back"], "chi.positions: expected 2 items, got 1"),
    ("list for object", ("verdict",), [], "chi.verdict: expected an object, got []"),
    ("number for text", ("values", 0, "is_wheel"), 0, "chi.values[0].is_wheel: expected true or false, got 0"),
]


@pytest.mark.parametrize(("what", "path", "value", "message"), TAMPERED, ids=[t[0] for t in TAMPERED])
def test_a_tampered_question_is_refused_naming_what_is_wrong(what: str, path: tuple[Any, ...], value: Any,
                                                             message: str) -> None:
    with pytest.raises(QuestionDataError) as raised:
        from_data(_set(_chi(), path, value))  # a copy with one value changed (None: removed)
    assert message in str(raised.value), what


FIELD_TAMPERED = [
    (True, ("recipe", "samples"), 50_000, "arrange.opponents.field.recipe.samples: expected 1-20000, got 50000"),
    (True, ("recipe", "fingerprint"), "zz", "recipe.fingerprint: expected 16 hex digits"),
    (True, ("recipe", "rule_set", "digest"), "0" * 64, "rule_set.digest: made under other data of tinh-chi"),
    (True, ("recipe", "rule_set", "source"), "poker", "rule_set.source: \"poker\" is not a source's rule set"),
    (True, ("recipe", "cards"), "As Ks", "recipe.cards: expected 13 different cards"),
    (False, ("rows", "shape"), [3, 1], "field.rows.values: expected 3 numbers, got 2000"),
    (False, ("rows",), {"shape": [3, 1], "values": [0, 1, 2]}, "field.rows: expected the shape [2000, 1], got [3, 1]"),
    (False, ("hands", 7, 0), "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s", "field.hands[7][0]: holds a card of the hand"),
    (False, ("hands", 9, 0), "Ac Ac Ac Ac Ac Ac Ac Ac Ac Ac Ac Ac Ac", "field.hands[9][0]: holds a card twice"),
    (False, ("hands", 3, 0), "Ac", "field.hands[3][0]: expected 13 different cards"),
    (False, ("hands", 3, 0), "Ac Kx", "field.hands[3][0][1]: \"Kx\" is not a card"),
    (False, ("naturals",), [[0, 5, {}]], "field.naturals[0]: no deal 0 seat 5"),
    (False, ("rule_set",), {"rules": {"id": "x"}}, "field.rule_set.rules:"),
    (False, ("keys", "values", 0), "many", "field.keys.values[0]: expected a whole number, got \"many\""),
]


@pytest.mark.parametrize(("compact", "path", "value", "message"), FIELD_TAMPERED,
                         ids=[".".join(map(str, t[1])) for t in FIELD_TAMPERED])
def test_a_tampered_field_is_refused_naming_what_is_wrong(compact: bool, path: tuple[Any, ...], value: Any,
                                                          message: str) -> None:
    data = _arrange(compact)
    data["opponents"]["field"] = _set(data["opponents"]["field"], path, value)
    with pytest.raises(QuestionDataError) as raised:
        from_data(data)
    assert message in str(raised.value)


def test_text_that_is_too_long_deep_or_not_json_is_refused_before_it_is_read() -> None:
    for text, message in (("x" * (MAX_CHARS + 1), "longer than"), ("[" * 100_000 + "]" * 100_000, "not JSON"),
                          ("{\"format\": 1,", "not JSON"),
                          ('{"format": NaN}', "NaN is not JSON"), ("[]", r"expected an object, got \[\]")):
        with pytest.raises(QuestionDataError, match=message):
            loads(text)


def test_a_question_the_engine_refuses_is_refused_too() -> None:
    data = to_data(make_from_ref(_ref(Kind.FOUL, Level.BEGINNER, "chi-at", 3)))
    data["arrangement"]["front"] = data["arrangement"]["back"]  # 5 cards in the front, the same cards twice
    with pytest.raises(QuestionDataError, match=r"^foul\.arrangement: refused by Arrangement"):
        from_data(data)


def test_the_written_format_is_version_1_with_the_kind_first() -> None:
    text = dumps(make_from_ref(_ref(Kind.NATURAL, Level.BEGINNER, "luckywin", 2)))
    assert FORMAT == 1 and text.startswith('{"format":1,"kind":"natural","seed":2,"level":"beginner"')


PINNED = Path(__file__).parent / "data" / f"question_format_{FORMAT}.txt"


def test_the_form_of_format_1_is_what_the_question_classes_give() -> None:
    # a question class changed (a field added, renamed, retyped; an enum value changed): the stored questions of
    # format 1 no longer read. Bump FORMAT, read the older form in maubinh/drills/codec.py, and pin the new one
    # (python -m maubinh.drills.codec > tests/unit/drills/data/question_format_N.txt).
    assert schema() == PINNED.read_text(encoding="utf-8")
