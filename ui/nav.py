"""The app's pages, declared once: the entry script's navigation and every page's sidebar links.

A page opened directly by URL on a fresh server can run without the entry script (Streamlit's
legacy ``pages/`` discovery, see shared STYLE.md), so the sidebar links are drawn by each page's
set-up rather than by ``st.navigation``, and the built-in list is switched off in
``.streamlit/config.toml`` (``client.showSidebarNavigation = false``).

On a phone the open sidebar covers most of the screen, and following one of its links keeps it open
over the new page; :data:`CLOSE_SIDEBAR_SCRIPT` (added once per run) closes it after a link is chosen,
only when it covers more than half the window (a desktop's sidebar beside the page stays). Other
choices in the sidebar (the language) leave it open. :data:`KEEP_BACK_SCRIPT` keeps the browser's Back
working: a page filling in its own default parameters does not add steps to the history.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

import streamlit as st
from streamlit.errors import StreamlitAPIException

from classroom.tokens import Token
from ui import _once
from ui.i18n import translate

__all__ = ["CLOSE_SIDEBAR_SCRIPT", "KEEP_BACK_SCRIPT", "PAGES", "PERSONAL_PARAM", "AppPage", "draw_navigation",
           "kept_params", "link_to", "navigation_pages"]

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class AppPage:
    """One page: its script (relative to the repo root), title key, icon and URL path ("" = home)."""

    script: str
    title_key: str
    icon: str
    url_path: str


PAGES: tuple[AppPage, ...] = (
    AppPage("pages/home.py", "nav.home", ":material/home:", ""),
    AppPage("pages/learn.py", "nav.learn", ":material/menu_book:", "learn"),
    AppPage("pages/drill.py", "nav.drill", ":material/quiz:", "drill"),
    AppPage("pages/play.py", "nav.play", ":material/casino:", "play"),
    AppPage("pages/sandbox.py", "nav.sandbox", ":material/playing_cards:", "sandbox"),
    AppPage("pages/classes.py", "nav.classes", ":material/groups:", "classes"),
    AppPage("pages/progress.py", "nav.progress", ":material/trending_up:", "progress"),
    AppPage("pages/dau_dia_chu.py", "nav.daudiachu", ":material/style:", "dau_dia_chu"),
)


def navigation_pages(lang: str) -> list[st.Page]:
    """``st.Page`` objects for the entry script's ``st.navigation``."""
    return [
        st.Page(ROOT / page.script, title=translate(page.title_key, lang), icon=page.icon,
                url_path=page.url_path or None, default=not page.url_path)
        for page in PAGES
    ]


CLOSE_SIDEBAR_SCRIPT = """<script>
(() => {
  if (window.__mbSidebarCloser) return;
  window.__mbSidebarCloser = true;
  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest('[data-testid="stSidebar"] [data-testid="stPageLink"] a');
    if (!link) return;
    const sidebar = document.querySelector('[data-testid="stSidebar"]');
    if (!sidebar || sidebar.getBoundingClientRect().width <= window.innerWidth / 2) return;
    setTimeout(() => {
      const close = document.querySelector('[data-testid="stSidebarCollapseButton"] button');
      if (close) close.click();
    }, 50);
  }, true);
})();
</script>"""
"""Closes the sidebar after one of its page links is chosen, when it covers over half the window."""

KEEP_BACK_SCRIPT = """<script>
(() => {
  if (window.__mbKeepBack) return;
  window.__mbKeepBack = true;
  const push = window.history.pushState.bind(window.history);
  const replace = window.history.replaceState.bind(window.history);
  let pending = null; // the page a link was chosen for, until its address is shown
  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("a[href]");
    if (!link) return;
    try {
      const to = new URL(link.href, window.location.href);
      if (to.origin === window.location.origin && to.pathname !== window.location.pathname) {
        pending = { path: to.pathname, until: Date.now() + 20000 };
      }
    } catch (error) { /* not an address of this app */ }
  }, true);
  function target(url) {
    const next = new URL(url, window.location.href);
    if (pending && Date.now() > pending.until) pending = null;
    if (pending && next.pathname === pending.path) pending = null;
    else if (pending && next.pathname === window.location.pathname) next.pathname = pending.path;
    return next;
  }
  window.history.replaceState = function (state, title, url) {
    try { if (url !== undefined && url !== null) url = target(url).toString(); } catch (error) { /* as it was */ }
    return replace(state, title, url);
  };
  window.history.pushState = function (state, title, url) {
    try {
      const next = target(url);
      const now = new URLSearchParams(window.location.search);
      let filling = next.pathname === window.location.pathname;
      for (const [key, value] of now) filling = filling && next.searchParams.get(key) === value;
      if (filling) return replace(state, title, next.toString());
      return push(state, title, next.toString());
    } catch (error) { /* an address this cannot read: pushed as it was */ }
    return push(state, title, url);
  };
})();
</script>"""
"""Back leaves a page in one step: a page filling in its own defaults (``learn?lang=vi`` becomes
``learn?lang=vi&rules=chi-at&step=deck&quiz=1``, one parameter at a time) replaces the address instead of adding
a step to the history, so Back went from step to step of the same page and never out of it. A change of a value
the address already had (another lesson step) or of the page is still a step Back returns to.

Streamlit may send the new page's parameters before its address (``classes?lang=vi&rules=chi-at`` while Learn
opens from a class's page): after a link to another page is chosen, and until that page's address is shown,
an address on the old page is taken as the new page's, so the class's own entry (with its teacher link) is
never overwritten and Back returns to it."""


PERSONAL_PARAM = "me"
"""The personal link's query parameter (:data:`ui.store.LEARNER_PARAM`), kept by the sidebar's links."""


def kept_params(lang: str) -> dict[str, str]:
    """The query parameters every sidebar link carries: the language, and the personal link (``?me=``) when the
    page has one, so that a learner who opened their profile stays in it from page to page (their answers on
    the Drill, their hands on Play, their classes). A value that is not a personal link's shape
    (:meth:`classroom.tokens.Token.parse`) is left behind."""
    params = {"lang": lang}
    token = Token.parse(st.query_params.get(PERSONAL_PARAM))
    if token is not None:
        params[PERSONAL_PARAM] = str(token)
    return params


def draw_navigation(lang: str) -> None:
    """Links to every page at the top of the sidebar, once per run, keeping the language and a personal link in
    the URL (:func:`kept_params`); on a narrow screen, the sidebar closes when a link is chosen
    (:data:`CLOSE_SIDEBAR_SCRIPT`)."""
    box = _once.claim("ui_nav", st.sidebar)
    if box is None:
        return
    st.html('<span class="mb-hidden"></span>' + CLOSE_SIDEBAR_SCRIPT + KEEP_BACK_SCRIPT, unsafe_allow_javascript=True)
    params = kept_params(lang)
    for page in PAGES:
        try:
            box.page_link(page.script, label=translate(page.title_key, lang), icon=page.icon,
                          query_params=params)
        except StreamlitAPIException:  # a page script run on its own (tests) has no page list
            return


def link_to(script: str, label: str, icon: str, query_params: dict[str, str]) -> None:
    """A link to the page ``script`` with ``query_params``; a plain Markdown link when the page list is
    unknown (a page script run on its own: tests, Streamlit's legacy ``pages/`` discovery)."""
    try:
        st.page_link(script, label=label, icon=icon, query_params=query_params)
    except StreamlitAPIException:
        path = next((page.url_path for page in PAGES if page.script == script), "")
        query = urlencode(query_params)
        st.markdown(f"{icon} [{label}](/{path}?{query})")
