"""The payout table changes the right play: one hand's best split under each rule set, drawn side by side
(shared by the Sandbox, the Learn page and the Drill).

:func:`show_play_by_rules` draws a :class:`maubinh.strategy.payouts.PlayByRules`: the rule sets grouped by
the split they play, each group's split as cards, then a table of what every rule set's split is worth
under every rule set and what playing it costs there, with the standard error.
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

from maubinh.arrangement import Arrangement
from maubinh.cards import grouped
from maubinh.rules import POSITIONS, RuleSet
from maubinh.strategy.payouts import PlayByRules
from ui.cards import hand_html
from ui.escape import md_text
from ui.i18n import t
from ui.labels import describe_chi, number
from ui.tables_fit import with_error

__all__ = ["arrangement_html", "play_table", "show_play_by_rules"]


def arrangement_html(arrangement: Arrangement, rule_set: RuleSet, lang: str, width: int = 38) -> str:
    """The three chi as card rows, each labelled with the rule set's chi name and what it holds."""
    return "".join(
        hand_html(grouped(arrangement.chi(p)), width=width,
                  label=f"{rule_set.position_name(p, lang)} — {describe_chi(arrangement.chi(p), rule_set, lang)}")
        for p in POSITIONS
    )


def play_table(play: PlayByRules, lang: str) -> pd.DataFrame:
    """One row per rule set's best split, one column per rule set it is settled under: the chi per deal, and
    where that is not the column's own split, what it costs there (± the standard error, kept beside its
    number: a narrow cell breaks before the ``±`` only)."""
    names = [rule_set.name(lang) for rule_set in play.rule_sets]
    rows = []
    for i, name in enumerate(names):
        row = {t("plays.col_split"): md_text(name)}  # the rule set's name alone: a narrow first column
        for j, under in enumerate(names):
            worth = number(play.worth[i, j], lang, signed=True)
            cost = play.cost(i, j)
            if i == j or abs(cost) < 1e-12:
                row[md_text(under)] = worth
            else:
                row[md_text(under)] = t("plays.cell_cost", worth=worth, cost=with_error(
                    number(cost, lang), number(play.cost_stderr[i, j], lang), breakable=True))
        rows.append(row)
    return pd.DataFrame(rows)


def show_play_by_rules(play: PlayByRules, lang: str, naming: RuleSet | None = None, chosen_on: int | None = None) -> None:
    """The groups of rule sets with the split each plays, then :func:`play_table` and how it was measured.

    Every split's chi are named one way, ``naming``'s (the page's rule set; the first compared when not
    given): one naming on a screen, and no group given away by its names. ``chosen_on``: the deals the best
    splits were chosen on when not ``play.samples`` (a drill question's table is measured again on more,
    independent deals, :func:`maubinh.drills.payouts.make_rules_question`)."""
    groups = play.groups()
    if len(groups) == 1:
        st.success(t("plays.all_same"))
    columns = st.columns(min(len(groups), 4))
    for column, group in zip(columns, groups):
        with column:
            names = ", ".join(md_text(play.rule_sets[k].name(lang)) for k in group)
            st.markdown(f"**{t('plays.group', rules=names)}**")
            st.markdown(arrangement_html(play.best[group[0]], naming or play.rule_sets[0], lang), unsafe_allow_html=True)
    st.table(play_table(play, lang), hide_index=True, border="horizontal")
    if chosen_on is None or chosen_on == play.samples:
        st.caption(t("plays.method", samples=play.samples))
    else:
        st.caption(t("plays.method_checked", chosen=chosen_on, samples=play.samples))
