"""The sidebar's links keep a learner's personal link (a fresh user lost their profile on the first sidebar link:
the Drill's answers after it were not kept): ``?me=`` and the language go to every page; anything that is not a
personal link's value is left behind."""

from __future__ import annotations

from urllib.parse import parse_qs

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import PAGE_TIMEOUT_S, ROOT
from ui.nav import PAGES


def _sidebar_links(**params: str) -> dict[str, dict[str, list[str]]]:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=PAGE_TIMEOUT_S)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception
    links = at.sidebar.get("page_link")
    return {str(link.proto.page): parse_qs(str(link.proto.query_string)) for link in links}


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_every_sidebar_link_keeps_the_personal_link_and_the_language(lang: str) -> None:
    links = _sidebar_links(lang=lang, me="l7k2p9.s3cr3t-Token_xyz12345")
    assert len(links) == len(PAGES)
    assert all(query == {"lang": [lang], "me": ["l7k2p9.s3cr3t-Token_xyz12345"]} for query in links.values()), links


@pytest.mark.parametrize("token", ["", "x" * 201, "a b", "<script>", "a&lang=en", "é", "L7.s3cr3t-Token_x"])
def test_what_is_not_a_personal_link_is_left_behind(token: str) -> None:
    links = _sidebar_links(lang="vi", me=token)
    assert all(query == {"lang": ["vi"]} for query in links.values()), links


def test_without_a_personal_link_the_links_keep_the_language_only() -> None:
    assert all(query == {"lang": ["en"]} for query in _sidebar_links(lang="en").values())
