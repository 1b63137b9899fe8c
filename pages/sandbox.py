"""Placeholder: replaced by the real page."""

import streamlit as st

from ui.i18n import t
from ui.setup import setup_page

setup_page("nav.sandbox")
st.title(t("nav.sandbox"))
