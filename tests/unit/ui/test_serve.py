"""``python -m ui.serve``: the server's warm start (issue 23: the first question usable soon after a server starts)."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import pytest

from ui import serve


def test_page_imports_are_every_top_level_import_of_the_entry_script_and_the_pages() -> None:
    found = serve.page_imports()
    assert {"streamlit", "ui.errors", "ui.nav", "ui.drill.views", "ui.drill.areas", "ui.setup"} <= set(found)
    assert found == sorted(set(found))
    assert not any(name.startswith(".") for name in found)


def test_page_imports_of_another_tree(tmp_path: Path) -> None:
    (tmp_path / "pages").mkdir()
    (tmp_path / "app.py").write_text("import json\nfrom os import path\n", encoding="utf-8")
    (tmp_path / "pages" / "a.py").write_text("from . import x\nimport json, csv\n\ndef f():\n    import zlib\n",
                                             encoding="utf-8")
    assert serve.page_imports(tmp_path) == ["csv", "json", "os"]  # top level only, relative ones left out


def test_warm_imports_opens_the_classroom_with_the_starter_bank_and_starts_the_kernel(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from maubinh.strategy import kernel
    from ui.store import classroom

    started: list[bool] = []
    monkeypatch.setattr(kernel, "warm_up", lambda background=True: started.append(background))
    monkeypatch.setenv("MAUBINH_DATABASE_URL", f"sqlite:///{tmp_path / 'classroom.sqlite'}")
    seconds = serve.warm()
    assert set(seconds) == {"imports", "classroom"} and all(value >= 0 for value in seconds.values())
    assert started == [True]  # in the background: the server never waits on a compile
    assert "ui.drill.views" in sys.modules
    counts = classroom().bank.counts()
    assert len(counts) == 126 and min(counts.values()) >= 50  # the starter bank stored before anyone asks


def test_warm_never_stops_the_server_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                           caplog: pytest.LogCaptureFixture) -> None:
    import ui.store
    from maubinh.strategy import kernel

    (tmp_path / "pages").mkdir()
    (tmp_path / "app.py").write_text("import maubinh_no_such_module\nimport json\n", encoding="utf-8")

    def refuse() -> None:
        raise RuntimeError("database down")

    monkeypatch.setattr(kernel, "warm_up", lambda background=True: None)
    monkeypatch.setattr(ui.store, "classroom", refuse)
    with caplog.at_level(logging.ERROR, logger="ui.serve"):
        seconds = serve.warm(tmp_path)
    assert set(seconds) == {"imports", "classroom"}
    logged = caplog.text
    assert "importing maubinh_no_such_module failed" in logged
    assert "classroom database could not be opened" in logged and "database down" in logged


def test_the_kernel_is_not_waited_for_when_it_is_off(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from maubinh.strategy import kernel

    monkeypatch.setenv("MAUBINH_KERNEL", "0")
    started = time.perf_counter()
    assert kernel.wait_ready(30) is False
    assert time.perf_counter() - started < 1


def test_the_flags_are_read_before_the_warm_start_so_streamlit_sees_no_server_change() -> None:
    """Issue 36: every start printed "An update to the [server] config option section was detected": the warm
    start read the configuration without the flags, ``streamlit run`` again with them."""
    from streamlit import config, config_util
    from streamlit.web import bootstrap

    before = config.get_config_options(force_reparse=True)
    serve._load_config(["--server.port", "8599", "--server.headless", "true"])
    loaded = config.get_config_options()
    assert config.get_option("server.port") == 8599 and config.get_option("server.headless") is True
    assert config_util.server_option_changed(before, loaded)  # the flags are in
    bootstrap.load_config_options({"server_port": 8599, "server_headless": True})  # what ``streamlit run`` does
    assert not config_util.server_option_changed(loaded, config.get_config_options())
    config.get_config_options(force_reparse=True)  # the defaults again for the other tests
