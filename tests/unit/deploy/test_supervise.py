"""deploy/: app servers kept running (issue 32): supervisord's config for ``make serve`` and the systemd unit for a
host of its own. The restart itself is tested with real processes in tests/e2e/test_balancer.py."""

from __future__ import annotations

import configparser
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from deploy import cluster
from deploy.cluster import ROOT, server_command, supervisor_config

UNIT = ROOT / "deploy" / "systemd" / "maubinh@.service"


def test_each_server_is_restarted_when_it_dies_and_stopped_with_its_whole_group(tmp_path: Path) -> None:
    text = supervisor_config({"app1": server_command(8601), "app2": server_command(8602)}, tmp_path)
    parser = configparser.RawConfigParser()
    parser.read_string(text)
    assert [s for s in parser.sections() if s.startswith("program:")] == ["program:app1", "program:app2"]
    app1 = parser["program:app1"]
    assert (app1["autorestart"], app1["exitcodes"]) == ("unexpected", "0")  # killed or crashed: started again
    assert (app1["stopsignal"], app1["stopasgroup"], app1["killasgroup"]) == ("TERM", "true", "true")
    assert app1["stdout_logfile"] == str(tmp_path / "app1.log") and parser["supervisord"]["nodaemon"] == "true"
    # the logs' format holds "%(asctime)s": supervisord would expand it, so every % is doubled
    command = shlex.split(app1["command"].replace("%%", "%"))
    assert command == server_command(8601) and "--server.port=8601" in command
    assert any("%(asctime)s" in part for part in command)


def test_supervisord_reads_the_config(tmp_path: Path) -> None:
    """supervisord's own parser accepts it (the same one it starts with)."""
    from supervisor.datatypes import RestartWhenExitUnexpected
    from supervisor.options import ServerOptions

    config = tmp_path / "supervisord.conf"
    config.write_text(supervisor_config({"app1": server_command(8601)}, tmp_path), encoding="utf-8")
    options = ServerOptions()
    options.realize(["-c", str(config)])
    [group] = options.process_group_configs
    [program] = group.process_configs
    assert (program.name, program.autorestart, program.exitcodes) == ("app1", RestartWhenExitUnexpected, [0])
    assert program.command == shlex.join(server_command(8601))


def test_the_systemd_unit_restarts_on_failure_and_starts_one_production_server(
        monkeypatch: pytest.MonkeyPatch) -> None:
    unit = configparser.RawConfigParser(strict=False)
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read(UNIT)
    service = unit["Service"]
    assert service["Restart"] == "on-failure" and service["KillMode"] == "mixed"
    program, *arguments = shlex.split(service["ExecStart"].replace("%i", "8601").replace(
        "${MAUBINH_SERVER_ADDRESS}", "10.0.0.11"))
    assert program.endswith("/.venv/bin/python") and arguments[0] == "deploy/cluster.py"

    def exec_server(port: int, address: str) -> None:
        raise Started(port, address)  # the real one never returns: it becomes the server

    monkeypatch.setattr(cluster, "exec_server", exec_server)
    with pytest.raises(Started) as started:
        cluster.main(arguments[1:])
    assert started.value.args == (8601, "10.0.0.11")


class Started(Exception):
    """What the test's stand-in for :func:`deploy.cluster.exec_server` raises."""


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is missing")
def test_systemd_analyze_verifies_the_unit(tmp_path: Path) -> None:
    """The unit as a host would install it (its paths made this checkout's) has no error systemd finds."""
    text = UNIT.read_text(encoding="utf-8").replace("/opt/maubinh/.venv/bin/python", sys.executable)
    text = text.replace("/opt/maubinh", str(ROOT)).replace("/etc/maubinh/maubinh.env", str(tmp_path / "env"))
    (tmp_path / "env").write_text("MAUBINH_TRUST_PROXY=1\n", encoding="utf-8")
    (tmp_path / "maubinh@.service").write_text(text, encoding="utf-8")
    done = subprocess.run(["systemd-analyze", "verify", "--man=no", str(tmp_path / "maubinh@8601.service")],
                          capture_output=True, text=True, check=False)
    problems = [line for line in (done.stdout + done.stderr).splitlines() if "maubinh@" in line]
    assert done.returncode == 0 and not problems, done.stdout + done.stderr
