"""Home: what the app is, today's question (with a profile: the daily goal and streak), the parts, and the
rule sets it knows."""

from __future__ import annotations

import streamlit as st

from maubinh.arrangement import Arrangement
from maubinh.rules import POSITIONS, RULE_SET_IDS, load_rule_set
from ui.cards import show_cards
from ui.errors import guarded
from ui.habits import show_home_habit
from ui.i18n import t
from ui.labels import describe_chi
from ui.setup import setup_page

with guarded():  # no traceback reaches a user (ui.errors)
    lang = setup_page("nav.home")
    RULES = load_rule_set("guide-2026")
    st.title(t("app.title"))
    st.write(t("app.tagline"))
    show_home_habit(lang)  # a reason to come back: today's question, a profile's goal and streak
    EXAMPLE = Arrangement.parse("As Ks Qs Js Ts", "9h 9d 9c 4h 4d", "7c 7s 2d")
    st.caption(t("home.example_caption"))
    for column, position in zip(st.columns(3), POSITIONS):
        chi = EXAMPLE.chi(position)
        with column:
            show_cards(chi, width=44, label=f"{RULES.position_name(position, lang)} — {describe_chi(chi, RULES, lang)}")

    PARTS = (
        ("pages/learn.py", "nav.learn", "home.learn_blurb", ":material/menu_book:"),
        ("pages/drill.py", "nav.drill", "home.drill_blurb", ":material/quiz:"),
        ("pages/play.py", "nav.play", "home.play_blurb", ":material/casino:"),
        ("pages/sandbox.py", "nav.sandbox", "home.sandbox_blurb", ":material/playing_cards:"),
        ("pages/classes.py", "nav.classes", "home.classes_blurb", ":material/groups:"),
        ("pages/progress.py", "nav.progress", "home.progress_blurb", ":material/trending_up:"),
        ("pages/dau_dia_chu.py", "nav.daudiachu", "home.daudiachu_blurb", ":material/style:"),
    )
    PER_ROW = 3
    for row in range(0, len(PARTS), PER_ROW):
        for column, (path, title_key, blurb_key, icon) in zip(st.columns(PER_ROW), PARTS[row : row + PER_ROW]):
            with column.container(border=True):
                st.markdown(f"### {icon} {t(title_key)}")
                st.write(t(blurb_key))
                st.page_link(path, label=t("home.open", part=t(title_key)), icon=":material/arrow_forward:")

    st.subheader(t("home.rule_sets"))
    st.caption(t("home.rule_sets_intro"))
    for rule_set_id in RULE_SET_IDS:
        rule_set = load_rule_set(rule_set_id)
        st.markdown(f"**{rule_set.name(lang)}** (`{rule_set.id}`) — {rule_set.summaries[lang]}")
