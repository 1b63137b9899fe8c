"""Draw something at most once per script run, even when several scripts of one run ask for it.

With ``st.navigation`` the entry script and the page run in the same script run, and a page opened
directly by URL runs alone; both may call the shared set-up. A keyed container is the guard: Streamlit
refuses a second element with the same key in one run (``StreamlitDuplicateElementKey``, raised
before anything is drawn), and forgets the keys when the next run starts. No module-level state.
"""

from __future__ import annotations

from typing import Any, cast

from streamlit.delta_generator import DeltaGenerator
from streamlit.errors import StreamlitDuplicateElementKey


def claim(key: str, where: Any) -> DeltaGenerator | None:
    """A container keyed ``key`` in ``where`` (``st`` or ``st.sidebar``), or ``None`` if this run has one.

    The container carries the CSS class ``st-key-<key>``.
    """
    try:
        return cast(DeltaGenerator, where.container(key=key))
    except StreamlitDuplicateElementKey:
        return None
