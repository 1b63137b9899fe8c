"""The strategy layer's outputs on fixed seeds, as digests: what ``test_same_outputs.py`` compares with the values
recorded from the code before issue 33's restructuring (``data/same_outputs.json``).

Every split chosen and every score must stay byte for byte the same (the question bank's stored questions, Play
tables and settlements depend on them). Each case below is a function of fixed seeds; its digest is a SHA-256 of
the ``repr`` of what it returns (splits as text, numbers as Python ints and floats, arrays as lists).

Record again (only from the code the values must equal): ``python tests/unit/strategy/same_outputs.py --record``
run from the checkout whose outputs are the reference.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

if __name__ == "__main__":
    sys.path.insert(0, os.getcwd())

import numpy as np

from maubinh.cards import FULL_DECK, Card
from maubinh.house import edit
from maubinh.rules import RULE_SET_IDS, RuleSet, load_rule_set
from maubinh.strategy import kernel

RECORDED = Path(__file__).resolve().parent / "data" / "same_outputs.json"


def _rule_sets() -> list[RuleSet]:
    sources = [load_rule_set(i) for i in RULE_SET_IDS]
    strict = edit(load_rule_set("chi-at"), {"order.strict": True}, rule_set_id="strict")
    house = edit(load_rule_set("luckywin"), {"bonus_clash.multiplier": 3, "aces.rule": "per_ace",
                                             "wheel.value": "second"},
                 rule_set_id="nha-toi", names={"vi": "Nhà tôi", "en": "Our house"})
    return [*sources, strict, house]


def _random_hands(n: int, seed: int) -> list[list[Card]]:
    rng = random.Random(seed)
    return [rng.sample(FULL_DECK, 13) for _ in range(n)]


def _natural_hands(rule_set: RuleSet, n: int, seed: int) -> list[tuple[Card, ...]]:
    from tests.unit.strategy.test_declare_rule import _instant_win_hands

    hands: list[tuple[Card, ...]] = _instant_win_hands(rule_set, n, seed)
    return hands


@contextmanager
def _numpy_path() -> Iterator[None]:
    before = os.environ.get("MAUBINH_KERNEL")
    os.environ["MAUBINH_KERNEL"] = "0"
    try:
        yield
    finally:
        if before is None:
            del os.environ["MAUBINH_KERNEL"]
        else:
            os.environ["MAUBINH_KERNEL"] = before


def _plain(value: Any) -> Any:
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, dict):
        return sorted((repr(k), _plain(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (np.integer, np.floating, np.bool_)):
        return value.item()
    return value


def _solve_random(rule_set: RuleSet) -> Any:
    from maubinh.strategy.solver import solve, solve_many

    hands = _random_hands(150, sum(map(ord, rule_set.id)))
    out = [str(a) for a in solve_many(hands, rule_set)] + [str(a) for a in solve_many(hands, rule_set, seats=4)]
    return out + [str(solve(h, rule_set, seats=3)) for h in hands[:20]]


def _solve_naturals(rule_set: RuleSet) -> Any:
    from maubinh.strategy.solver import declared_instant_win, solve, solve_many

    if not rule_set.naturals:
        return None
    hands = _natural_hands(rule_set, 40, 7)
    out: list[Any] = []
    for seats in (2, 3, 4):
        out += [str(a) for a in solve_many(hands, rule_set, seats=seats)]
        out += [repr(declared_instant_win(h, rule_set, seats)) for h in hands[:15]]
    return out + [str(solve(h, rule_set)) for h in hands[:10]]


def _solve_numpy(rule_set: RuleSet) -> Any:
    from maubinh.strategy.solver import solve_many

    hands = _random_hands(12, 3) + list(_natural_hands(rule_set, 12, 9) if rule_set.naturals else [])
    with _numpy_path():
        return [str(a) for a in solve_many(hands, rule_set)] + [str(a) for a in solve_many(hands[-6:], rule_set,
                                                                                            seats=4)]


def _decide(rule_set: RuleSet) -> Any:
    from maubinh.strategy.decide import decide

    if not rule_set.naturals:
        return None
    out = []
    for cards in _natural_hands(rule_set, 6, 11):
        d = decide(cards, rule_set)
        out.append((str(d.arrangement), d.declare, str(d.split), d.play_mean, d.declare_mean, d.diff_stderr,
                    d.estimate))
        d3 = decide(cards, rule_set, opponents=3, samples=40, seed=2)
        out.append((str(d3.arrangement), d3.declare, d3.play_mean, d3.declare_mean, d3.diff_stderr))
    return out


def _field(rule_set: RuleSet, compiled: bool | None) -> Any:
    from maubinh.strategy.field import best_splits, field_values, sample_field
    from maubinh.strategy.solver import solve

    out = []
    hands = _random_hands(2, 21) + (list(_natural_hands(rule_set, 1, 5)) if rule_set.naturals else [])
    for k, cards in enumerate(hands):
        for opponents in (1, 3):
            samples = 120 if compiled is None else 30
            field = sample_field(cards, rule_set, opponents=opponents, samples=samples, seed=k + 4, compiled=compiled)
            best = solve(cards, rule_set)
            totals, lines = field_values([best, best], field, compiled=compiled, declared=[False, True])
            rows, means = best_splits(field, 3, compiled=compiled) if opponents == 1 else (None, None)
            out.append(_plain([field.hands, field.rows, field.keys, field.classes, field.among,
                               {key: repr(v) for key, v in field.naturals.items()}, totals, lines, rows, means]))
    return out


def _ev(rule_set: RuleSet) -> Any:
    from maubinh.strategy.arrangers import arrange_simple
    from maubinh.strategy.ev import expected_value
    from maubinh.strategy.solver import solve

    out = []
    for k, cards in enumerate(_random_hands(2, 31)):
        arrangements = [solve(cards, rule_set), arrange_simple(cards, rule_set)]
        for opponents in (1, 2):
            for numpy_path in (False, True):
                if numpy_path:
                    with _numpy_path():
                        found = expected_value(arrangements, cards, rule_set, opponents=opponents, samples=40,
                                               seed=k)
                else:
                    found = expected_value(arrangements, cards, rule_set, opponents=opponents, samples=150, seed=k)
                out.append([(r.mean, r.stderr, r.diffs_stderr) for r in found])
    return out


def _close_calls() -> Any:
    """Hands whose declare choice is measured (inside the solver's band): issue 24's examples."""
    from maubinh.cards import parse_cards
    from maubinh.strategy.decide import decide
    from maubinh.strategy.field import sample_field
    from maubinh.strategy.solver import declared_instant_win, solve_many

    out: list[Any] = []
    for text, rid in (("4c 4h 5d 5s 6c 6d 6s 7c 7h 7s 8d 8h 8s", "chi-at"),
                      ("5s 5h 6s 6h 7s 7h 7d 8s 8h 8d 9s 9h 9d", "tinh-chi"),
                      ("As Ks Qs Js Ts 9s 9c 8s 8c 7s 7c 2c Ah", "chi-at")):
        cards, rule_set = parse_cards(text), load_rule_set(rid)
        for seats in (2, 3, 4):
            out.append(str(solve_many([cards], rule_set, seats=seats)[0]))
            out.append(repr(declared_instant_win(cards, rule_set, seats)))
            with _numpy_path():
                out.append(str(solve_many([cards], rule_set, seats=seats)[0]))
        d = decide(cards, rule_set)
        out.append((d.declare, d.play_mean, d.declare_mean, d.diff_stderr, d.estimate))
    # a field whose opponents include close calls: the example hands' cards left out of a few deals
    field = sample_field(parse_cards("2s 2h 2d 3s 3h 3d 9c Tc Jc Qc Kc Ad Ac"), load_rule_set("chi-at"), opponents=3,
                         samples=400, seed=8)
    out.append(_plain([field.rows, {key: repr(v) for key, v in field.naturals.items()}]))
    return out


def _simulate(rule_sets: list[RuleSet]) -> Any:
    from maubinh.strategy.simulate import simulate

    fast = simulate(rule_sets, deals=300, seats=4, seed=3)
    fast2 = simulate(rule_sets, deals=200, seats=2, seed=4)
    slow = simulate(rule_sets, deals=8, seats=3, seed=5, compiled=False)
    return [_plain([s.totals, s.sources, s.events]) for s in (fast, fast2, slow)]


def _payouts(rule_sets: list[RuleSet]) -> Any:
    from maubinh.strategy.payouts import compare_rules

    cards = _random_hands(1, 41)[0]
    play = compare_rules(cards, rule_sets[:4], samples=150, seed=2)
    text = repr(play)
    for rule_set in rule_sets[:4]:  # the values, not the rule sets' own fields (an option added at its default)
        text = text.replace(repr(rule_set), f"<rule set {rule_set.id}>")
    return text


def cases() -> dict[str, Callable[[], Any]]:
    """Every case, by name: a function of fixed seeds."""
    rule_sets = _rule_sets()
    found: dict[str, Callable[[], Any]] = {}
    for rule_set in rule_sets:
        rid = rule_set.id
        found[f"solve/{rid}"] = lambda r=rule_set: _solve_random(r)
        found[f"solve-naturals/{rid}"] = lambda r=rule_set: _solve_naturals(r)
        found[f"solve-numpy/{rid}"] = lambda r=rule_set: _solve_numpy(r)
        found[f"decide/{rid}"] = lambda r=rule_set: _decide(r)
        found[f"field/{rid}"] = lambda r=rule_set: _field(r, None)
        found[f"ev/{rid}"] = lambda r=rule_set: _ev(r)
    found["close-calls"] = _close_calls
    found["field-numpy/chi-at"] = lambda: _field(rule_sets[0], False)
    found["field-numpy/nha-toi"] = lambda: _field(rule_sets[-1], False)
    found["simulate"] = lambda: _simulate(rule_sets)
    found["payouts"] = lambda: _payouts(rule_sets)
    return found


def digest(value: Any) -> str:
    """SHA-256 of the value's ``repr`` (16 hex digits)."""
    return hashlib.sha256(repr(_plain(value)).encode()).hexdigest()[:16]


def main() -> None:
    if not kernel.ready(wait=True):
        raise SystemExit(f"the kernel is not ready: {kernel.status()}")
    import time

    recorded = {}
    for name, case in cases().items():
        started = time.process_time()
        recorded[name] = digest(case())
        print(f"{name}: {time.process_time() - started:.1f} s CPU", file=sys.stderr)
    if "--record" in sys.argv:
        RECORDED.parent.mkdir(exist_ok=True)
        RECORDED.write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(json.dumps(recorded, indent=1, sort_keys=True))


if __name__ == "__main__":
    main()
