"""Sandbox: 2-4 players dealt, typed, picked or arranged by hand, settled under every rule set side by
side; house rules edited, compared and saved; many deals simulated.

Links: ``/sandbox?seats=4&seed=7`` deals 4 players from seed 7; ``?hands=`` holds a table's cards,
``?compare=`` the rule sets compared, ``?house=`` house rules (see ``ui/sandbox/state.py``).
"""

from __future__ import annotations

import streamlit as st

from ui.errors import guarded
from ui.i18n import t
from ui.sandbox.declare import declared_flags, write_declare
from ui.sandbox.house import show_house_editor
from ui.sandbox.model import MAX_SEATS, read_table
from ui.sandbox.plays import show_plays
from ui.sandbox.settle import show_settlement
from ui.sandbox.sim import show_simulation
from ui.sandbox.state import (
    VIEW_KEY,
    apply_url,
    compared_rule_sets,
    current_texts,
    keep_inputs,
    remember_table,
)
from ui.sandbox.table import main_rule_set, show_controls, show_seats, take_arranged
from ui.setup import all_rule_sets, read_house_links, setup_page

with guarded():  # no traceback reaches a user (ui.errors)
    lang = setup_page("nav.sandbox")
    read_house_links()

    st.title(t("sandbox.title"))
    st.caption(t("sandbox.intro"))
    apply_url()
    keep_inputs()
    take_arranged(MAX_SEATS)  # an arrangement confirmed in a seat's arranging component
    compared = compared_rule_sets(lang)

    table_tab, house_tab, many_tab = st.tabs(
        [t("sandbox.tab_table"), t("sandbox.tab_house"), t("sandbox.tab_many")], key=VIEW_KEY, on_change="rerun"
    )
    if table_tab.open:
        with table_tab:
            seats = show_controls(compared, all_rule_sets(), lang)
            texts = current_texts(seats)
            table = read_table(texts)
            main = main_rule_set(compared, all_rule_sets())
            choices = show_seats(seats, table, compared, main, lang)
            if table.ready:
                remember_table(texts)
                write_declare(choices)
            show_settlement(table, seats, compared, lang, declared_flags(seats, choices), main)
            show_plays(table, seats, compared, lang, main)
            st.caption(t("sandbox.share_caption"))
    if house_tab.open:
        with house_tab:
            show_house_editor(lang)
    if many_tab.open:
        with many_tab:
            show_simulation(compared, lang)
