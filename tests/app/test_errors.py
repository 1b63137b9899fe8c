"""No traceback reaches a user (issue 20 item 2, issue 22 item 11): an error in a page or a fragment shows a
plain message in the page's language with an error id, and the details go to the server log under that id."""

from __future__ import annotations

import logging

import pytest
from streamlit.testing.v1 import AppTest


def _page(kind: str) -> None:  # runs inside AppTest: imports are its own
    import streamlit as st

    from ui.errors import guarded, guarded_function

    st.query_params["lang"] = st.query_params.get("lang", "vi")
    if kind == "page":
        with guarded():
            st.write("before")
            raise RuntimeError("secret detail: postgresql://admin:hunter2@db:5432")
    elif kind == "database":
        from sqlalchemy.exc import OperationalError

        with guarded():
            raise OperationalError("SELECT token_hash FROM classes", {}, Exception("could not connect"))
    elif kind == "busy":
        from ui.drill.prepare import QuestionTimeout

        with guarded():
            raise QuestionTimeout("question 3 of the set not made in 90 s")
    else:

        @st.fragment
        @guarded_function
        def part() -> None:
            raise ValueError("in a fragment")

        part()
    st.write("after")


@pytest.fixture()
def shown(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("MAUBINH_SHOW_ERRORS", raising=False)

    def run(kind: str, lang: str = "vi") -> AppTest:
        at = AppTest.from_function(_page, args=(kind,))
        at.query_params["lang"] = lang
        return at.run(timeout=30)

    return run


@pytest.mark.parametrize("kind", ["page", "fragment"])
def test_an_error_shows_a_plain_message_with_an_id_and_logs_the_details(shown, kind, caplog) -> None:
    with caplog.at_level(logging.ERROR, logger="maubinh.errors"):
        at = shown(kind)
    assert not at.exception
    message = at.error[0].value
    assert "mã lỗi e-" in message and "hunter2" not in message and "Traceback" not in message
    error_id = message.split("mã lỗi ")[1][:10]
    assert any(error_id in record.getMessage() and record.exc_info for record in caplog.records)
    assert at.markdown[-1].value == "after"  # the rest of the page still draws


def test_a_database_error_says_so_without_the_sql(shown) -> None:
    at = shown("database", "en")
    assert not at.exception
    message = at.error[0].value
    assert "database" in message and "error e-" in message
    assert "SELECT" not in message and "token_hash" not in message


@pytest.mark.parametrize("lang", ["vi", "en"])
def test_a_question_not_made_in_time_says_the_server_is_busy_in_one_log_line(shown, lang, caplog) -> None:
    # Issue 32, item 1: the preparer's backstop, a plain message in the page's language, no traceback logged.
    with caplog.at_level(logging.WARNING, logger="maubinh.errors"):
        at = shown("busy", lang)
    assert not at.exception
    message = at.error[0].value
    assert ("Máy chủ đang bận" if lang == "vi" else "The server is busy") in message and "90 s" not in message
    assert [(r.levelname, r.exc_info) for r in caplog.records if "QuestionTimeout" in r.getMessage()] == [("WARNING", None)]


def test_the_tests_see_errors_as_they_are() -> None:
    at = AppTest.from_function(_page, args=("page",)).run(timeout=30)
    assert at.exception and not at.error
