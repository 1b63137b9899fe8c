"""This browser remembers its learner (issue 36, "Remembered"): a new tab at the home address is the same learner.

When a profile is made, or opened by its personal link (``?me=<learner>.<secret>``, made or opened anywhere:
Progress, Play, the Drill, Learn, a class's join), the page writes the personal link's value into a cookie of
this browser, :data:`COOKIE` (:data:`MAX_AGE_S`, ``Path=/``, ``SameSite=Lax``, and ``Secure`` when the page is
served over https), with a few lines of JavaScript: Streamlit has no response of its own to set a cookie on.
A later session of the same browser reads it back from the request that opened it (``st.context.cookies``),
checks it as a personal link is checked (its shape, :meth:`classroom.tokens.Token.parse`, then its secret against
the stored hash, :meth:`classroom.service.ClassroomStore.learner`) and, when it names a learner who is still
there, puts it in the page's address (:func:`recognise`): every page then knows the learner as if the personal
link had been opened (Home's streak and goal, Progress, the Drill's and Play's profile). A value that is not a
personal link, names nobody or a removed learner, is ignored and cleared, with no message; a database that
cannot be read leaves it for the next run.

The sidebar names the learner remembered and offers "not me / forget this device" (:func:`show_device`): the
cookie is cleared, and the session's state with it (another person is at this device: nothing of the last one
stays in the page), the address keeps only its language, and the page offers to make a profile again.

The value is a secret: it is never logged (a failure logs the error's class only) and is stored on the server
only as every personal link is (the hash of its secret). The cookie is written by script, so it cannot be
``HttpOnly``; the page holds the same value in its address anyway.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass

import streamlit as st
from sqlalchemy.exc import SQLAlchemyError

from classroom.service import LearnerInfo
from classroom.tokens import Token
from ui import _once
from ui.escape import markdown_literal
from ui.i18n import translate
from ui.nav import PERSONAL_PARAM
from ui.store import classroom

__all__ = ["COOKIE", "MAX_AGE_S", "Known", "cookie_script", "current", "forget", "recognise", "show_device"]

COOKIE = "maubinh_me"
"""The cookie holding this browser's personal link (``<learner>.<secret>``)."""
MAX_AGE_S = 400 * 24 * 3600
"""How long the browser keeps it: 400 days, the longest Chromium allows; written again at each new profile."""
_KNOWN_KEY = "device_known"
"""Session key: the learner this browser remembers (:class:`Known`), ``None`` when none (no cookie, a cookie
that named nobody, forgotten); missing until the cookie is read (once a session)."""
_WRITE_KEY = "device_write"
"""Session key: the cookie to write on this run, ``"set"`` (the known learner's link) or ``"clear"``."""
_REFUSED_KEY = "device_refused"
"""Session key: the last personal link in the address found to name nobody (not looked up again)."""
_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Known:
    """The learner this browser remembers: their personal link's value and who it names (not removed)."""

    token: str
    learner: LearnerInfo


def _stored_value() -> str | None:
    """The cookie's value as the request that opened this session sent it, or ``None``."""
    try:
        value = st.context.cookies.get(COOKIE)
    except (AttributeError, RuntimeError, KeyError):
        return None
    return value if isinstance(value, str) and value else None


def _check(value: str) -> Known | None:
    """The learner ``value`` is the personal link of, or ``None`` (malformed, unknown, wrong secret, removed).
    ``SQLAlchemyError`` when the database cannot be read."""
    token = Token.parse(value[:200])
    if token is None:  # not a personal link's shape: the database is not asked
        return None
    learner = classroom().store.learner(str(token))
    return None if learner is None or learner.removed else Known(str(token), learner)


def current() -> Known | None:
    """The learner this browser remembers, as :func:`recognise` found them on this run (no database read)."""
    known = st.session_state.get(_KNOWN_KEY)
    return known if isinstance(known, Known) else None


def _read_cookie() -> Known | None:
    value = _stored_value()
    if value is None:
        st.session_state[_KNOWN_KEY] = None
        return None
    try:
        found = _check(value)
    except SQLAlchemyError as error:  # read again on the next run; the value is not logged
        _log.warning("the profile this browser remembers could not be checked: %s", type(error).__name__)
        return None
    if found is None:  # forged, unknown, removed or malformed: ignored, and cleared
        st.session_state[_WRITE_KEY] = "clear"
    st.session_state[_KNOWN_KEY] = found
    return found


def _from_link(value: str) -> Known | None:
    """The learner of the personal link in the address, kept as this browser's when it names one."""
    token = Token.parse(value[:200])
    known = current()
    if token is None or st.session_state.get(_REFUSED_KEY) == str(token):
        return None
    if known is not None and known.token == str(token):
        return known
    try:
        found = _check(str(token))
    except SQLAlchemyError as error:
        _log.warning("a personal link could not be checked to remember it: %s", type(error).__name__)
        return None
    if found is None:
        st.session_state[_REFUSED_KEY] = str(token)  # the page says what is wrong with the link
        return None
    st.session_state[_KNOWN_KEY] = found
    st.session_state[_WRITE_KEY] = "set"
    return found


def recognise(adopt: bool = True) -> Known | None:
    """Who this browser is, at the top of every page (:func:`ui.setup.setup_page`): a personal link in the address
    is remembered (the cookie written on this run); without one, the learner the cookie names is put in the
    address when ``adopt`` (a page that knows a learner only by ``?me=``), so the page opens as theirs."""
    linked = st.query_params.get(PERSONAL_PARAM)
    if linked:
        return _from_link(str(linked))
    known = current() if _KNOWN_KEY in st.session_state else _read_cookie()
    if known is not None and adopt:
        st.query_params[PERSONAL_PARAM] = known.token
    return known


def cookie_script(token: str | None) -> str:
    """The script writing :data:`COOKIE` (``token``), or clearing it (``None``); ``Secure`` over https.

    >>> "maubinh_me=" in cookie_script(None) and "Max-Age=0" in cookie_script(None)
    True
    >>> "SameSite=Lax" in cookie_script("ab12.s3cr3tS3cr3tS3cr3t")
    True
    """
    value, age = ("", 0) if token is None else (token, MAX_AGE_S)
    return ("<script>(() => { const secure = window.location.protocol === 'https:' ? '; Secure' : ''; "
            f"document.cookie = {json.dumps(COOKIE + '=' + value)} + '; Max-Age={age}; Path=/; SameSite=Lax' + secure;"
            " })();</script>")


def forget(lang: str) -> None:
    """Button callback, "not me / forget this device": the cookie cleared on this run, the session's state dropped
    (another person is at this device), the address left with its language only."""
    st.session_state.clear()
    st.session_state[_KNOWN_KEY] = None
    st.session_state[_WRITE_KEY] = "clear"
    st.query_params.clear()
    st.query_params["lang"] = lang


def show_device(lang: str) -> None:
    """In the sidebar, once per run: the cookie written or cleared when this run must, and the learner this
    browser remembers with "not me / forget this device"."""
    box = _once.claim("ui_device", st.sidebar)
    if box is None:
        return
    write = st.session_state.pop(_WRITE_KEY, None)
    known = current()
    if write is not None:
        with box:
            st.html('<span class="mb-hidden"></span>' + cookie_script(known.token if write == "set" and known else None),
                    unsafe_allow_javascript=True)
    if known is None:
        return
    box.caption(translate("device.remembered", lang, name=markdown_literal(known.learner.name)))
    box.button(translate("device.forget", lang), key="device_forget", icon=":material/logout:", on_click=forget,
               args=(lang,), use_container_width=True)
