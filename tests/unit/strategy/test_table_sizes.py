"""Tables per table size (issue 14): the scoop a scoop really gets at a larger table, training from the
heads-up tables, and a duplicate head-to-head whose gain is 0 for identical tables."""

from __future__ import annotations

from maubinh import load_rule_set
from maubinh.strategy import kernel
from maubinh.strategy.tables import load_tables
from maubinh.strategy.train import effective_scoop, head_to_head, train_for_table


def test_the_scoop_at_a_larger_table_pays_sap_lang_and_the_ladder():
    assert kernel.ready(wait=True)
    chi_at, tinh_chi, luckywin = (load_rule_set(i) for i in ("chi-at", "tinh-chi", "luckywin"))
    assert effective_scoop(chi_at, load_tables(chi_at), 2) == 2
    four = effective_scoop(chi_at, load_tables(chi_at), 4, deals=1500)
    assert 2 < four < 4  # scooping all three opponents doubles again (sập cả làng)
    assert 2 < effective_scoop(tinh_chi, load_tables(tinh_chi), 4, deals=1500) < 4  # the 2/3/4 ladder
    assert effective_scoop(luckywin, load_tables(luckywin), 4, deals=1500) == 2  # x2 whatever the table


def test_training_for_a_table_size_and_the_head_to_head():
    rule_set = load_rule_set("tinh-chi")
    baseline = load_tables(rule_set)
    tables = train_for_table(rule_set, 3, hands=300, rounds=1, log=lambda _: None)
    assert tables.scoop > 2
    assert head_to_head(rule_set, baseline, baseline, 3, deals=200) == (0.0, 0.0)
    gain, err = head_to_head(rule_set, tables, baseline, 3, deals=300)
    assert err > 0 and abs(gain) < 1
