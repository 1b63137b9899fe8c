"""ui.errors' log (issue 32, item 5): a failure repeated during an outage logs its traceback once, then one line
each; the app's loggers write in Streamlit's format (time, level and logger in production)."""

from __future__ import annotations

import logging

import pytest
from sqlalchemy.exc import OperationalError

from ui import errors


def _down() -> OperationalError:
    return OperationalError("INSERT INTO attempts ...", {}, Exception('connection to server at "db" failed'))


def test_a_repeated_failure_logs_its_traceback_once_then_one_line_each(caplog: pytest.LogCaptureFixture,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(errors, "_SEEN", {})
    log = logging.getLogger("ui.drill.profile")
    with caplog.at_level(logging.WARNING, logger="ui"):
        for _ in range(4):  # every session sending its answers again while the database is down
            errors.log_failure(log, "an attempt could not be stored yet", _down())
        errors.log_failure(log, "an attempt could not be stored yet", ValueError("something else"))
    records = [r for r in caplog.records if r.name == "ui.drill.profile"]
    assert [r.exc_info is not None for r in records] == [True, False, False, False, True]
    assert all(len(r.getMessage().splitlines()) == 1 for r in records)
    assert "OperationalError" in records[1].getMessage() and "again: 3" in records[3].getMessage()
    monkeypatch.setattr(errors, "TRACEBACK_EVERY", 0.0)  # later than that: the traceback again
    with caplog.at_level(logging.WARNING, logger="ui"):
        errors.log_failure(log, "an attempt could not be stored yet", _down())
    assert caplog.records[-1].exc_info is not None


def test_the_apps_loggers_write_in_streamlits_format() -> None:
    from streamlit import config
    from streamlit import logger as streamlit_logger

    assert set(errors.APP_LOGGERS) <= set(streamlit_logger._loggers)  # Streamlit's config reaches them...
    wanted = config.get_option("logger.messageFormat")  # the config parsed, as at the server's start...
    streamlit_logger.update_formatter()  # ...which Streamlit follows with this
    for name in errors.APP_LOGGERS:
        handlers = logging.getLogger(name).handlers
        assert any(h.formatter is not None and h.formatter._fmt == wanted
                   for h in handlers), name
        assert logging.getLogger(name).propagate  # the root's handlers (pytest's) still see the lines
