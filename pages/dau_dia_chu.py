"""Đấu địa chủ (Dou Dizhu): the other game in the sources. A lesson, three drills and a score calculator,
every rule from the engine in ``daudiachu/``."""

from __future__ import annotations

import streamlit as st

from ui.daudiachu.calc import render_calculator
from ui.daudiachu.drill import drill_seed, render_drills
from ui.daudiachu.lesson import render_lesson
from ui.errors import guarded
from ui.i18n import t
from ui.setup import setup_page

with guarded():  # no traceback reaches a user (ui.errors)
    lang = setup_page("nav.daudiachu")
    st.title(t("ddz.title"))
    st.write(t("ddz.intro"))
    seed = drill_seed()  # a broken ?seed= is named here, above the tabs, whichever tab is open

    lesson, drills, calculator = st.tabs([t("ddz.tab.lesson"), t("ddz.tab.drills"), t("ddz.tab.calculator")])
    with lesson:
        render_lesson(lang)
    with drills:
        render_drills(lang, seed)
    with calculator:
        render_calculator(lang)
