"""Form values survive other pages, other tabs and Back (issue 22 item 6, issue 20 item 1): one mechanism.

Streamlit drops a widget's value at the end of any run in which the widget is not drawn: another page,
another tab of ``st.tabs``, a fold. A form registers the keys of its fields with :func:`keep` when it
draws them; :func:`restore_kept`, called by every page's set-up at the top of every run, writes each kept
value back, which makes Streamlit keep it until the field is drawn again. Fields that cannot be set from
session state (buttons, file uploads) are never kept. The keys live in the session: nothing is shared
between users.

A field that is kept takes its first value from session state (``st.session_state.setdefault``), never
from a ``value=`` argument as well, which Streamlit would warn about.
"""

from __future__ import annotations

import streamlit as st

__all__ = ["keep", "kept_keys", "restore_kept"]

_KEPT = "_kept_widget_keys"


def keep(*keys: str) -> None:
    """Keep the values of these widget keys across runs that do not draw them (see module)."""
    kept = st.session_state.get(_KEPT)
    if not isinstance(kept, set):
        kept = set()
    kept.update(keys)
    st.session_state[_KEPT] = kept


def kept_keys() -> frozenset[str]:
    """The keys this session keeps."""
    kept = st.session_state.get(_KEPT)
    return frozenset(kept) if isinstance(kept, set) else frozenset()


def restore_kept() -> None:
    """Write every kept value back (every page's set-up calls this first, at every run)."""
    for key in kept_keys():
        if key in st.session_state:
            st.session_state[key] = st.session_state[key]
