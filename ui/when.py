"""Times as a viewer reads them: the browser's time zone (``st.context.timezone``) and a moment shown in it (the
classes' deadlines and boards, Play's hand history)."""

from __future__ import annotations

from datetime import UTC, datetime, tzinfo
from zoneinfo import ZoneInfo

import streamlit as st

__all__ = ["moment", "viewer_zone"]


def viewer_zone() -> tzinfo | None:
    """The browser's time zone (``st.context.timezone``), or ``None`` when unknown."""
    name = st.context.timezone
    try:
        return ZoneInfo(name) if name else None
    except (KeyError, ValueError):
        return None


def moment(when: datetime | None, zone: tzinfo | None, lang: str) -> str:
    """A time in the viewer's time zone (UTC when it is unknown): ``"01/12 14:05"`` (``"—"`` for none)."""
    if when is None:
        return "—"
    local = when.astimezone(zone or UTC)
    return local.strftime("%d/%m %H:%M") if lang == "vi" else local.strftime("%b %d, %H:%M")
