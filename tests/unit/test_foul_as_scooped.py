"""A house option added through the rule-set schema (issue 33 §1): ``[foul] as_scooped``, the other reading of
``chi-at``'s "binh lủng ... tương đương với bị sập 3 chi mỗi nhà" (digest §2.7): a fouled hand pays its penalty
times the scoop multiplier for one scooped opponent. Off in every source, so no digest moves."""

from __future__ import annotations

import random
import tomllib

import numpy as np
import pytest
import tomli_w

from maubinh import Arrangement, ItemKind, load_rule_set, settle
from maubinh.cards import FULL_DECK
from maubinh.drills.versions import rules_digest
from maubinh.house import (
    diff,
    dump_rule_set,
    edit,
    from_link_token,
    link_token,
    load_house_rules,
    rule_set_data,
)
from maubinh.strategy import kernel
from maubinh.strategy.arrangers import arrange_simple
from maubinh.strategy.rule_arrays import settle_arrays
from maubinh.strategy.seats import table_arrays

A = Arrangement.parse
NAMES = {"vi": "Nhà Tư", "en": "Tu's table"}
FOUL = A("Qs Qd 7c 6s 3h", "Ks Kd 9c 8s 2h", "Js Tc 4d")  # middle beats back
OTHER = A("Kh Kc 9d 8h 3d", "Qh Qc 7d 6h 2c", "Jh Td 4s")
THIRD = A("As Ah Ac 5d 5c", "9s 9h 7s 6d 2d", "Jc 8c 4c")


def house(rule_set_id: str, on: bool = True):
    return edit(load_rule_set(rule_set_id), {"foul.as_scooped": on}, rule_set_id="nha-tu", names=NAMES)


def test_every_source_pays_the_penalty_as_it_stands():
    for rule_set_id, penalty in (("chi-at", 3), ("luckywin", 3), ("tinh-chi", 3), ("guide-2026", 6)):
        rule_set = load_rule_set(rule_set_id)
        assert rule_set.foul_as_scooped is False and rule_set.foul_price == penalty


@pytest.mark.parametrize(("rule_set_id", "price"), [("chi-at", 6), ("tinh-chi", 6), ("guide-2026", 6), ("luckywin", 6)])
def test_a_fouled_hand_pays_as_if_scooped_by_one(rule_set_id, price):
    # chi-at 3 x2; tinh-chi 3 x2 (its x3, x4 are for two and three scooped); guide-2026 has no scoop: 6 x1;
    # luckywin's house-set scoop x2: 3 x2
    rule_set = house(rule_set_id)
    s = settle([FOUL, OTHER, THIRD], rule_set)
    assert s.fouls == (True, False, False)
    for other in (1, 2):
        assert [i.amount for i in s.pair(0, other).items if i.kind is ItemKind.FOUL] == [-price]
    assert sum(s.totals) == 0
    plain = settle([FOUL, OTHER, THIRD], house(rule_set_id, on=False))
    assert s.totals[0] - plain.totals[0] == -2 * (price - load_rule_set(rule_set_id).foul_penalty)


def test_the_fouled_hand_is_still_not_scooped_for_the_sweep():
    s = settle([FOUL, OTHER, THIRD], house("chi-at"))
    assert all(0 not in scooped for scooped in s.scoops)


def test_the_kernel_settles_it_as_settle_does():
    assert kernel.ready(wait=True), kernel.status()
    rule_set = house("chi-at")
    rng = random.Random("as scooped")
    tables = []
    for _ in range(300):
        cards = rng.sample(FULL_DECK, 39)
        hands = [cards[13 * s : 13 * s + 13] for s in range(3)]
        tables.append([arrange_simple(h, rule_set) if rng.random() < 0.5 else Arrangement.from_cards(rng.sample(h, 13))
                       for h in hands])
    settled = kernel.settle_tables(table_arrays(tables, rule_set), settle_arrays(rule_set))
    fouls = 0
    for k, table in enumerate(tables):
        expected = settle(table, rule_set)
        assert tuple(settled.totals[k]) == expected.totals
        fouls += sum(expected.fouls)
    paid = settled.sources[:, :, 4][settled.sources[:, :, 4] != 0]  # each seat's foul line: 6 a fouled pair
    assert fouls > 50 and paid.size > 50 and (paid % 6 == 0).all() and (np.abs(paid) == 6).any()


def test_it_is_written_read_linked_and_diffed_as_every_option():
    on = house("chi-at")
    assert [(d.key, d.before, d.after) for d in diff(load_rule_set("chi-at"), on)] == [("foul.as_scooped", False, True)]
    text = dump_rule_set(on)
    assert "as_scooped = true" in text and load_house_rules(text) == on
    assert from_link_token(link_token(on)).foul_as_scooped is True
    assert rule_set_data(on, canonical=True)["foul"]["as_scooped"] is True
    assert "as_scooped" not in rule_set_data(house("chi-at", on=False), canonical=True)["foul"]
    assert "as_scooped" not in dump_rule_set(house("chi-at", on=False))  # a house without it writes what it wrote
    data = tomllib.loads(text)
    del data["foul"]["as_scooped"]  # a file saved before the option existed
    assert load_house_rules(tomli_w.dumps(data)).foul_as_scooped is False


def test_no_source_digest_moves():
    for rule_set_id in ("chi-at", "luckywin", "tinh-chi", "guide-2026"):
        assert "as_scooped" not in dump_rule_set(load_rule_set(rule_set_id), canonical=True)
    assert rules_digest("chi-at") == "71a9353f2e7b1db3976aa9e2b258e109c3234151e55b0ede137c68b2abf0a689"
