"""Links into the classroom: the join, teacher, projector and personal links, the join QR code, the
personal-link box.

Links are built from the address the browser used for this page (``st.context.url``), so they work
behind any host name or port: the join link ``/classes?join=<code>``, the teacher's link
``/classes?teacher=<class>.<secret>``, the projector's ``/classes?screen=<class>.<projector secret>`` (no teacher
secret in it), a learner's link ``/classes?me=<learner>.<secret>``, and an assignment in the Drill page
``/drill?me=...&assignment=<id>``. Links for other people's phones (the join link and its QR code, a learner's
link issued again) start from the public address :data:`PUBLIC_URL_ENV` when it is set: a page opened on
``localhost`` would otherwise give phones an address they cannot reach (:func:`unreachable`).

>>> sibling("http://host:8501/classes", "drill", {"me": "a.b", "assignment": "3"})
'http://host:8501/drill?me=a.b&assignment=3'
>>> sibling("", "classes", {"join": "K7P2QX"})
'/classes?join=K7P2QX'
>>> qr_data_uri("http://host/classes?join=K7P2QX").startswith("data:image/svg+xml")
True
>>> public_link("https://maubinh.example/app/", "classes", {"join": "K7P2QX"}, "http://localhost:8501/classes")
'https://maubinh.example/app/classes?join=K7P2QX'
>>> public_link("", "classes", {"join": "K7P2QX"}, "http://10.0.0.5:8501/classes")
'http://10.0.0.5:8501/classes?join=K7P2QX'
>>> unreachable("http://localhost:8501/classes"), unreachable("http://127.0.0.1/x"), unreachable("http://10.0.0.5/x")
(True, True, False)
"""

from __future__ import annotations

import functools
import os
from urllib.parse import urlencode, urlsplit, urlunsplit

import segno
import streamlit as st

from ui.i18n import t
from ui.store import LEARNER_PARAM

__all__ = ["JOIN_PARAM", "PROJECTOR_PARAM", "PUBLIC_URL_ENV", "TEACHER_PARAM", "go_to_personal_link", "personal_link",
           "personal_link_box", "public_link", "public_url", "qr_data_uri", "sibling", "unreachable",
           "unreachable_note"]

JOIN_PARAM = "join"
"""Query parameter of the join link (``?join=<code>``)."""
TEACHER_PARAM = "teacher"
"""Query parameter of the teacher's link (``?teacher=<class>.<secret>``)."""
PROJECTOR_PARAM = "screen"
"""Query parameter of the projector's link (``?screen=<class>.<projector secret>``: the read-only view)."""
PUBLIC_URL_ENV = "MAUBINH_PUBLIC_URL"
"""Environment variable: the address phones reach the app at (``https://maubinh.school.example``, or
``http://192.168.1.20:8501`` on a school's network); the join link and its QR code start from it."""
_LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1", "0.0.0.0", "")


def sibling(current: str | None, page: str, params: dict[str, str]) -> str:
    """The address of ``page`` (a URL path such as ``"drill"``) next to the ``current`` page's, with ``params``.

    With no current address (a test, a page run on its own) the link is relative to the server's root.
    """
    parts = urlsplit(current or "")
    path = parts.path.rsplit("/", 1)[0] + "/" + page if parts.path else "/" + page
    return urlunsplit((parts.scheme, parts.netloc, path, urlencode(params), ""))


def public_url() -> str:
    """The configured public address (:data:`PUBLIC_URL_ENV`), or ``""`` when none (or not an http(s) address)."""
    value = os.environ.get(PUBLIC_URL_ENV, "").strip()
    return value if urlsplit(value).scheme in ("http", "https") and urlsplit(value).netloc else ""


def public_link(public: str, page: str, params: dict[str, str], current: str | None) -> str:
    """The address of ``page`` with ``params`` for someone else's device: under the ``public`` address when there
    is one (:func:`public_url`), else next to the ``current`` page's (:func:`sibling`)."""
    if not public:
        return sibling(current, page, params)
    parts = urlsplit(public)
    return urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/") + "/" + page, urlencode(params), ""))


def unreachable(address: str | None) -> bool:
    """Whether ``address`` names this computer only (``localhost``, ``127.0.0.1``...): a phone cannot open it."""
    host = (urlsplit(address or "").hostname or "").lower()
    return host in _LOCAL_HOSTS or host.startswith("127.")


def go_to_personal_link(param: str, token: str, lang: str) -> None:
    """Make this page's address a personal link: only ``?<param>=<token>`` and the language (a reload or a
    bookmark comes back to the same profile or class; a callback's change, drawn on the next run)."""
    st.query_params.clear()
    st.query_params[param] = token
    st.query_params["lang"] = lang


@functools.lru_cache(maxsize=256)
def qr_data_uri(link: str) -> str:
    """A QR code of ``link`` as an SVG data URI (black on white, for a projector or a phone camera); made once per server
    and link (a room's page draws it at every run: a third of a run's own work)."""
    return str(segno.make(link, error="m").svg_data_uri(scale=8, border=2, dark="#111111", light="#ffffff"))


def personal_link(token: str, page: str, lang: str) -> str:
    """The learner's personal link ``token`` to ``page`` (``"classes"``, ``"progress"``), next to this page's address."""
    return sibling(st.context.url, page, {LEARNER_PARAM: token, "lang": lang})


def personal_link_box(token: str, page: str, lang: str, expanded: bool) -> None:
    """The learner's personal link to ``page`` (``"classes"``, ``"progress"``), in an expander with what it is for."""
    link = personal_link(token, page, lang)
    with st.expander(t("classes.personal_link_title"), expanded=expanded, icon=":material/key:"):
        st.markdown(t("classes.personal_link_note"))
        st.code(link, language=None, wrap_lines=True)


def unreachable_note(words: str = "classes.unreachable") -> None:
    """A warning when the links for phones point at this computer only (no public address, page on localhost): the
    Classes page's join link (``words``: ``"classes.unreachable"``) and a room's invitation (``"rooms.unreachable"``),
    with the port this server listens on."""
    url = st.context.url
    if not public_url() and unreachable(url):
        try:
            port = urlsplit(url).port
        except ValueError:
            port = None
        port = port or int(st.get_option("server.port"))
        st.warning(t(words, env=PUBLIC_URL_ENV, port=port), icon=":material/wifi_off:")
