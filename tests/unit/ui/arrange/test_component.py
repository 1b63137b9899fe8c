"""ui.arrange.component: the value the arranging component sends, checked against the cards dealt; the data it
is given (the rule set's names, wheel and order rule, a partial split to start from, the timer); and its JS
hand values and foul check run in node against the engine's."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from maubinh.arrangement import Arrangement, foul_reason
from maubinh.cards import FULL_DECK, Card, parse_cards
from maubinh.hands import evaluate
from maubinh.play import Strength, Table
from maubinh.rules import POSITIONS, Position, load_rule_set
from maubinh.strategy.arrangers import arrange_simple
from ui.arrange.component import Timer, arrangement_from_value, component_data

CHI_AT = load_rule_set("chi-at")


def test_the_component_value_is_checked_against_the_cards_dealt() -> None:
    table = Table(CHI_AT, 7, (Strength.BEGINNER,))
    cards = table.deal(1)[0]
    split = arrange_simple(cards, CHI_AT)
    value = {p.value: [str(c) for c in split.chi(p)] for p in POSITIONS}
    assert arrangement_from_value(value, cards) == split
    other_hand = [str(c) for c in table.deal(1)[1][:5]]
    broken: list[object] = [{**value, "front": value["front"][:2]}, {**value, "back": ["As"] * 5}, "x",
                            {**value, "front": ["Zz", "2c", "3c"]}, {**value, "back": other_hand}]
    for value_sent in broken:
        with pytest.raises(ValueError):
            arrangement_from_value(value_sent, cards)


def test_the_component_gets_the_rule_sets_chi_names_wheel_and_order() -> None:
    rule_set = load_rule_set("tinh-chi")
    data = component_data(Table(rule_set, 3, (Strength.SOLVER,)).deal(1)[0], rule_set, "vi", version="v")
    assert data["wheel"] == "second" and data["strict"] is False
    labels = data["labels"]
    assert isinstance(labels, dict)
    assert labels["positions"] == {p.value: rule_set.position_name(p, "vi") for p in POSITIONS}
    assert isinstance(data["cards"], list) and len(data["cards"]) == 13


def test_a_partial_split_starts_where_it_is_and_extra_cards_start_in_the_hand() -> None:
    cards = parse_cards("As Ks Qs Js Ts 9h 9d 9c 4h 4d 7c 7s 2d")
    chis = {Position.BACK: parse_cards("As Ks Qs Js Ts 9h"), Position.MIDDLE: parse_cards("9d As"),
            Position.FRONT: parse_cards("3c 2d")}  # six in the back, an ace twice, a card not dealt
    data = component_data(cards, CHI_AT, "en", version="v", initial=chis)
    assert data["initial"] == {"back": ["As", "Ks", "Qs", "Js", "Ts"], "middle": ["9d"], "front": ["2d"]}
    assert data["timer"] is None and data["storage"] == "v"


def test_the_timer_and_the_last_cards_button_are_worded_in_both_languages() -> None:
    cards = parse_cards("As Ks Qs Js Ts 9h 9d 9c 4h 4d 7c 7s 2d")
    en = component_data(cards, CHI_AT, "en", version="v", timer=Timer(59.4321), storage="k:v")
    assert en["timer"] == {"remaining_ms": 59432} and en["storage"] == "k:v"
    labels = en["labels"]
    assert isinstance(labels, dict)
    assert labels["rest"]["1"] == "Put the last 1 card in {position}"
    assert labels["rest"]["3"] == "Put the last 3 cards in {position}"
    assert "solver" in labels["timer_rule"]
    vi = component_data(cards, CHI_AT, "vi", version="v", timer=Timer(-3))["labels"]
    assert isinstance(vi, dict) and vi["rest"]["3"] == "Đưa 3 lá còn lại vào {position}"
    assert component_data(cards, CHI_AT, "vi", version="v", timer=Timer(-3))["timer"] == {"remaining_ms": 0}


JS = Path(__file__).resolve().parents[4] / "ui" / "arrange" / "component.js"
NODE_MISSING = "node is not installed: the component's JS is not run (Debian: sudo apt-get install nodejs)"


def node() -> str:
    """The ``node`` program. Without it the JS test is skipped on a developer's machine and fails in CI
    (``CI=true``, set by ``.ci/run``, which installs Debian's nodejs), so CI never passes without running it."""
    found = shutil.which("node")
    if found is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{NODE_MISSING}; in CI it must run")
        pytest.skip(NODE_MISSING)
    return found


def test_without_node_the_js_test_skips_on_a_developers_machine_and_fails_in_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception):
        node()
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="in CI it must run"):
        node()


@pytest.mark.parametrize("rule_set_id", ["chi-at", "luckywin"])
def test_the_components_hand_values_and_foul_check_match_the_engine(tmp_path: Path, rule_set_id: str) -> None:
    """The JS evaluate() and foulOf() agree with maubinh.hands.evaluate and foul_reason on random splits
    and on every straight (the wheel's place is the rule set's)."""
    program = node()
    rule_set = load_rule_set(rule_set_id)
    rng = random.Random(rule_set_id)
    splits = [Arrangement.from_cards(rng.sample(FULL_DECK, 13)) for _ in range(400)]
    splits += [arrange_simple(rng.sample(FULL_DECK, 13), rule_set) for _ in range(100)]
    straights = [parse_cards("As 2d 3c 4h 5s"), parse_cards("Ts Jd Qc Kh As"), parse_cards("As 2s 3s 4s 5s"),
                 parse_cards("9s Td Jc Qh Ks")]

    def card(c: Card) -> dict[str, object]:
        return {"id": str(c), "rank": int(c.rank), "suit": c.suit.value}

    cases = [{p.value: [card(c) for c in a.chi(p)] for p in POSITIONS} for a in splits]
    module = tmp_path / "arrange.mjs"
    shutil.copy(JS, module)
    runner = tmp_path / "run.mjs"
    runner.write_text(
        "import { evaluate, foulOf } from './arrange.mjs';\n"
        "import { readFileSync } from 'node:fs';\n"
        "const input = JSON.parse(readFileSync(process.argv[2], 'utf-8'));\n"
        "const out = input.cases.map((c) => { const v = {}; for (const p of ['back','middle','front']) "
        "v[p] = evaluate(c[p], input.wheel); return { keys: [v.back.key, v.middle.key, v.front.key], "
        "foul: foulOf(v, input.strict) }; });\n"
        "const lone = input.straights.map((h) => evaluate(h, input.wheel).key);\n"
        "console.log(JSON.stringify({ out, lone }));\n", encoding="utf-8")
    payload = json.dumps({"cases": cases, "wheel": rule_set.wheel.value, "strict": rule_set.strict_order,
                          "straights": [[card(c) for c in hand] for hand in straights]})
    (tmp_path / "input.json").write_text(payload, encoding="utf-8")
    done = subprocess.run([program, str(runner), str(tmp_path / "input.json")], capture_output=True, text=True, check=True,
                          timeout=60)
    found = json.loads(done.stdout)
    for arrangement, got in zip(splits, found["out"]):
        assert got["keys"] == [evaluate(arrangement.chi(p), rule_set.wheel).key for p in POSITIONS], arrangement
        reason = foul_reason(arrangement, rule_set)
        assert got["foul"] == (None if reason is None else [reason[0].value, reason[1].value]), arrangement
    assert found["lone"] == [evaluate(hand, rule_set.wheel).key for hand in straights]
    assert any(got["foul"] for got in found["out"]) and any(not got["foul"] for got in found["out"])


def test_confirm_waits_for_every_card_unless_an_instant_win_is_declared(tmp_path: Path) -> None:
    """Issue 36: declaring an instant win needs no split: "Confirm" is usable at once (never while disabled); else only
    with every card placed, and worded for binh lủng when the split is fouled."""
    program = node()
    shutil.copy(JS, tmp_path / "arrange.mjs")
    runner = tmp_path / "run.mjs"
    cases = [(13, False, False, False), (1, False, False, False), (0, False, False, False), (0, True, False, False),
             (13, False, True, False), (5, True, True, False), (13, False, True, True), (0, False, False, True)]
    runner.write_text("import { confirmState } from './arrange.mjs';\n"
                      f"const cases = {json.dumps(cases)};\n"
                      "console.log(JSON.stringify(cases.map((c) => confirmState(...c))));\n", encoding="utf-8")
    done = subprocess.run([program, str(runner)], capture_output=True, text=True, check=True, timeout=60)
    found = [(s["enabled"], s["status"], s["label"]) for s in json.loads(done.stdout)]
    assert found == [(False, None, "confirm"), (False, None, "confirm"), (True, "ready", "confirm"),
                     (True, "foul", "confirm_foul"), (True, "declare", "confirm"), (True, "declare", "confirm"),
                     (False, "declare", "confirm"), (False, "ready", "confirm")]
