"""Values from the URL's query parameters: whole numbers with a clear warning for a broken one."""

from __future__ import annotations

import streamlit as st

from ui.escape import markdown_literal
from ui.i18n import t

__all__ = ["int_param", "markdown_literal"]


def int_param(name: str, *, minimum: int, maximum: int, default: int | None = None) -> int | None:
    """The whole number in ``?name=`` if it lies in ``minimum..maximum``, else ``default``.

    A value that is not a whole number in range is dropped from the URL and named in an
    ``st.warning`` (translated, escaped), so a broken link never raises.
    """
    raw = st.query_params.get(name)
    if raw is None:
        return default
    try:
        value: int | None = int(raw)
    except ValueError:
        value = None
    if value is None or not minimum <= value <= maximum:
        st.warning(t("params.bad_int", name=name, value=markdown_literal(raw), minimum=minimum, maximum=maximum))
        del st.query_params[name]
        return default
    return value
