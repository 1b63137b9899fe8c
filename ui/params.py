"""Reading numbers from the URL's query parameters, with a clear warning for a broken value."""

from __future__ import annotations

import streamlit as st

from ui.i18n import t

__all__ = ["int_param"]


def int_param(name: str, *, default: int | None, minimum: int, maximum: int, label: str) -> int | None:
    """The whole number in ``?name=`` if it lies in ``minimum..maximum``, else ``default``.

    A value that is not a whole number in range is dropped from the URL and named
    in an ``st.warning`` (translated), so a broken link never raises.
    """
    raw = st.query_params.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        value = None
    if value is None or not minimum <= value <= maximum:
        st.warning(t("params.bad_int", name=name, label=label, value=raw[:40], minimum=minimum, maximum=maximum))
        del st.query_params[name]
        return default
    return value
