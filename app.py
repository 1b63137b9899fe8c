"""Entry script: the navigation (drawn in the sidebar by each page's set-up). Run ``streamlit run app.py``."""

import streamlit as st

from ui.errors import guarded
from ui.i18n import current_language
from ui.nav import navigation_pages

with guarded():  # no traceback reaches a user: a message with an error id, the details in the log
    st.navigation(navigation_pages(current_language()), position="hidden").run()
