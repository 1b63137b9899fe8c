"""Entry script: page set-up and navigation. Run with ``streamlit run app.py``."""

from pathlib import Path

import streamlit as st

from ui.i18n import current_language, translate

HERE = Path(__file__).parent
lang = current_language()

navigation = st.navigation(
    [
        st.Page(HERE / "pages" / "home.py", title=translate("nav.home", lang), icon=":material/home:", default=True),
        st.Page(HERE / "pages" / "learn.py", title=translate("nav.learn", lang), icon=":material/menu_book:", url_path="learn"),
        st.Page(HERE / "pages" / "drill.py", title=translate("nav.drill", lang), icon=":material/quiz:", url_path="drill"),
        st.Page(HERE / "pages" / "sandbox.py", title=translate("nav.sandbox", lang), icon=":material/playing_cards:", url_path="sandbox"),
    ]
)
navigation.run()
