"""Links into the classroom: the join, teacher and personal links, the join QR code, the personal-link box.

Links are built from the address the browser used for this page (``st.context.url``), so they work
behind any host name or port: the join link ``/classes?join=<code>``, the teacher's link
``/classes?teacher=<class>.<secret>``, a learner's link ``/classes?me=<learner>.<secret>``, and an
assignment in the Drill page ``/drill?me=...&assignment=<id>``.

>>> sibling("http://host:8501/classes", "drill", {"me": "a.b", "assignment": "3"})
'http://host:8501/drill?me=a.b&assignment=3'
>>> sibling("", "classes", {"join": "K7P2QX"})
'/classes?join=K7P2QX'
>>> qr_data_uri("http://host/classes?join=K7P2QX").startswith("data:image/svg+xml")
True
"""

from __future__ import annotations

from urllib.parse import urlencode, urlsplit, urlunsplit

import segno
import streamlit as st

from ui.i18n import t
from ui.store import LEARNER_PARAM

__all__ = ["JOIN_PARAM", "TEACHER_PARAM", "go_to_personal_link", "personal_link_box", "qr_data_uri", "sibling"]

JOIN_PARAM = "join"
"""Query parameter of the join link (``?join=<code>``)."""
TEACHER_PARAM = "teacher"
"""Query parameter of the teacher's link (``?teacher=<class>.<secret>``)."""


def sibling(current: str | None, page: str, params: dict[str, str]) -> str:
    """The address of ``page`` (a URL path such as ``"drill"``) next to the ``current`` page's, with ``params``.

    With no current address (a test, a page run on its own) the link is relative to the server's root.
    """
    parts = urlsplit(current or "")
    path = parts.path.rsplit("/", 1)[0] + "/" + page if parts.path else "/" + page
    return urlunsplit((parts.scheme, parts.netloc, path, urlencode(params), ""))


def go_to_personal_link(param: str, token: str, lang: str) -> None:
    """Make this page's address a personal link: only ``?<param>=<token>`` and the language (a reload or a
    bookmark comes back to the same profile or class; a callback's change, drawn on the next run)."""
    st.query_params.clear()
    st.query_params[param] = token
    st.query_params["lang"] = lang


def qr_data_uri(link: str) -> str:
    """A QR code of ``link`` as an SVG data URI (black on white, for a projector or a phone camera)."""
    return str(segno.make(link, error="m").svg_data_uri(scale=8, border=2, dark="#111111", light="#ffffff"))


def personal_link_box(token: str, page: str, lang: str, expanded: bool) -> None:
    """The learner's personal link to ``page`` (``"classes"``, ``"progress"``), in an expander with what it is for."""
    link = sibling(st.context.url, page, {LEARNER_PARAM: token, "lang": lang})
    with st.expander(t("classes.personal_link_title"), expanded=expanded, icon=":material/key:"):
        st.markdown(t("classes.personal_link_note"))
        st.code(link, language=None, wrap_lines=True)
