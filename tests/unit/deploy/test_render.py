"""deploy/: the HAProxy config for N servers and the production settings (issue 21)."""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest
from streamlit import config

from deploy.cluster import PRODUCTION, streamlit_options
from deploy.render import local_servers, main, render

HAPROXY = shutil.which("haproxy") or ("/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None)


def _lines(text: str, keyword: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip().startswith(keyword)]


def test_one_server_line_per_address_each_named_in_its_cookie() -> None:
    text = render(local_servers(3, 8601))
    assert _lines(text, "server ") == [
        "server app1 127.0.0.1:8601 cookie app1",
        "server app2 127.0.0.1:8602 cookie app2",
        "server app3 127.0.0.1:8603 cookie app3",
    ]
    assert "${" not in text  # every placeholder filled


def test_affinity_is_a_cookie_with_health_checks_and_websocket_timeouts() -> None:
    text = render(["10.0.0.11:8601", "10.0.0.12:8601"], bind=":80", log="/dev/log")
    assert _lines(text, "cookie ") == ["cookie MAUBINH_SERVER insert indirect nocache httponly"]
    assert _lines(text, "balance ") == ["balance roundrobin"]  # not source: a school shares one address
    assert _lines(text, "option httpchk") == ["option httpchk GET /_stcore/health"]
    assert _lines(text, "timeout tunnel") == ["timeout tunnel 1h"]
    assert _lines(text, "option redispatch") == ["option redispatch"]
    assert _lines(text, "bind ")[0] == "bind :80"
    assert _lines(text, "log /dev/log") == ["log /dev/log local0 info"]


@pytest.mark.parametrize("servers", [[], ["10.0.0.11"], ["10.0.0.11:http"]])
def test_no_server_or_an_address_without_port_is_refused(servers: list[str]) -> None:
    with pytest.raises(ValueError, match="server"):
        render(servers)


def test_local_servers_needs_at_least_one() -> None:
    with pytest.raises(ValueError, match="at least one"):
        local_servers(0, 8601)


@pytest.mark.skipif(HAPROXY is None, reason="haproxy is missing: sudo apt-get install haproxy")
@pytest.mark.parametrize("count", [1, 3])
def test_haproxy_accepts_the_rendered_config(count: int, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--servers", str(count), "--first-port", "8601"]) == 0
    path = tmp_path / "haproxy.cfg"
    path.write_text(capsys.readouterr().out)
    assert len(re.findall(r"^\s+server app\d ", path.read_text(), flags=re.MULTILINE)) == count
    check = subprocess.run([str(HAPROXY), "-c", "-f", str(path)], capture_output=True, text=True, check=False)
    assert check.returncode == 0, check.stdout + check.stderr


def test_production_settings_are_known_streamlit_options_with_errors_hidden() -> None:
    known = config.get_config_options()
    options = streamlit_options()
    names = [option.removeprefix("--").split("=", 1)[0] for option in options]
    assert [name for name in names if name not in known] == []
    assert "--client.showErrorDetails=none" in options
    assert "--server.maxUploadSize=1" in options
    assert "--server.fileWatcherType=none" in options
    with PRODUCTION.open("rb") as handle:
        settings = tomllib.load(handle)
    assert "cookieSecret" not in settings["server"]  # from the environment, never in the repository
