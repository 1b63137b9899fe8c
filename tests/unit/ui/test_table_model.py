"""ui.table.model: the players in the link and the sentence's facts (the arranging component's own tests are in
tests/unit/ui/arrange)."""

from __future__ import annotations

from maubinh.arrangement import Arrangement
from maubinh.play import Strength, Table, analyse
from maubinh.rules import Position, load_rule_set
from maubinh.strategy.arrangers import arrange_simple
from ui.table.model import bots_param, read_bots, why

CHI_AT = load_rule_set("chi-at")


def test_bots_in_the_link() -> None:
    assert read_bots("solver, MEDIUM ,beginner") == (Strength.SOLVER, Strength.MEDIUM, Strength.BEGINNER)
    assert read_bots("") is None and read_bots("solver,solver,solver,solver") is None
    assert read_bots(bots_param((Strength.BEGINNER,))) == (Strength.BEGINNER,)


def test_the_sentence_names_the_foul_first_then_the_costliest_chi() -> None:
    table = Table(CHI_AT, 7, (Strength.BEGINNER,))
    good = arrange_simple(table.deal(1)[0], CHI_AT)
    assert why(analyse(table, 1, Arrangement(good.middle, good.back, good.front)), CHI_AT).kind == "foul"
    first = analyse(table, 1, good)
    assert why(analyse(table, 1, first.best), CHI_AT).kind == "best"
    reason = why(first, CHI_AT)
    if first.cost >= 0.05:  # the simple split of this hand costs its front (see tests/unit/test_play.py)
        assert reason.kind == "chi" and reason.position is Position.FRONT
        assert reason.best_share > reason.mine_share
