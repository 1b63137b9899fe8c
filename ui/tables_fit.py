"""Tables that fit a 390 px phone and a 1366 px laptop without sideways scrolling (issue 20, item 7).

Numbers are kept in one piece (no line break inside ``+0.34 ± 0.11`` or ``79 · 0 · 20``: the spaces are
non-breaking), text cells wrap, and tables are drawn with ``st.table`` (an HTML table as wide as the page,
its cells Markdown: user-made text goes in through :func:`ui.escape.md_text`), not ``st.dataframe``, whose
columns keep their width and scroll sideways.

>>> whole("79 · 0 · 20") == "79\\u00a0·\\u00a00\\u00a0·\\u00a020"
True
>>> with_error("+0.34", "0.11") == "+0.34\\u00a0±\\u00a00.11"
True
>>> with_error("+0.34", "0.11", breakable=True) == "+0.34 ±\\u00a00.11"
True
"""

from __future__ import annotations

import pandas as pd
import streamlit as st

__all__ = ["NBSP", "show_table", "whole", "with_error"]

NBSP = "\u00a0"


def whole(text: str) -> str:
    """``text`` with its spaces made non-breaking: one piece on screen."""
    return text.replace(" ", NBSP)


def with_error(value: str, error: str, *, breakable: bool = False) -> str:
    """``"+0.34 ± 0.11"`` in one piece; ``breakable``: a narrow cell may break before the ``±`` only."""
    return f"{value}{' ' if breakable else NBSP}±{NBSP}{error}"


def show_table(frame: pd.DataFrame, *, key: str | None = None) -> None:
    """``frame`` as a page-wide ``st.table`` without its index (in a container keyed ``key`` if given)."""
    if key is None:
        st.table(frame, hide_index=True, border="horizontal")
        return
    with st.container(key=key):
        st.table(frame, hide_index=True, border="horizontal")
