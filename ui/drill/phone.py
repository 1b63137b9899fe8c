"""The Drill page on a phone (issue 20, item 5): less room above the question, so that its cards and its
answer buttons are on the first screen of a 390 x 844 phone (the set panel, the intro and the badges come
after the question on every screen: see :func:`ui.drill.areas.show_free_set` and :func:`ui.drill.areas.question_area`)."""

from __future__ import annotations

import streamlit as st

from ui import _once

__all__ = ["PHONE_CSS", "inject_phone_css"]

PHONE_CSS = """
@media (max-width: 640px) {
  [data-testid=stMainBlockContainer] { padding-top: 3.25rem; }
  [data-testid=stMainBlockContainer] h1 { font-size: 1.6rem; padding: 0.75rem 0 0.5rem 0; }
  [data-testid=stMainBlockContainer] h3 { font-size: 1.25rem; padding: 0.25rem 0; }
}
"""
"""Under 640 px: a smaller gap above the page, a smaller title and question heading (the title's text still below
Streamlit's 60 px header bar: 3.25 rem and 0.75 rem of its own)."""


def inject_phone_css() -> None:
    """Add :data:`PHONE_CSS` once per run (in a hidden container keyed ``drill_phone_css``)."""
    box = _once.claim("drill_phone_css", st)
    if box is not None:
        box.markdown(f"<style>{PHONE_CSS}</style>", unsafe_allow_html=True)
