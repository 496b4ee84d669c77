"""The systemd units in docs/deploy: one runs gunicorn with the project's settings, the other
the stream server (``referee serve``) where nginx sends the streams; they name only settings
the README documents, and systemd itself finds nothing wrong with them."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from referee import ROOT

UNIT = ROOT / "docs" / "deploy" / "referee.service"
STREAMS_UNIT = ROOT / "docs" / "deploy" / "referee-streams.service"


def directives(section: str, unit: Path = UNIT) -> list[tuple[str, str]]:
    """The unit's ``Name=value`` lines in ``[section]``, in order (a name may repeat)."""
    found, current = [], None
    for line in unit.read_text().splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            current = line[1:-1]
        elif current == section and line and not line.startswith("#"):
            name, _, value = line.partition("=")
            found.append((name, value))
    return found


def test_the_unit_runs_gunicorn_with_the_projects_settings() -> None:
    service = dict(directives("Service"))
    command = service["ExecStart"].split()
    assert command[0].endswith("/.venv/bin/gunicorn")
    assert command[command.index("--config") + 1].endswith("/gunicorn.conf.py")
    assert command[-1] == "wsgi:app"
    assert service["Type"] == "notify"  # gunicorn tells systemd when it is ready
    assert service["Restart"] == "on-failure" and service["ExecReload"].endswith("$MAINPID")
    assert dict(directives("Install"))["WantedBy"] == "multi-user.target"


def test_the_stream_server_unit_runs_referee_serve_where_nginx_sends_the_streams() -> None:
    """The stream server listens on loopback at the port docs/deploy/nginx.conf routes the
    stream URLs to, with room for many connections."""
    service = dict(directives("Service", STREAMS_UNIT))
    command = service["ExecStart"].split()
    assert command[0].endswith("/.venv/bin/referee") and command[1] == "serve"
    assert command[command.index("--host") + 1] == "127.0.0.1"
    port = command[command.index("--port") + 1]
    assert f"server 127.0.0.1:{port};" in (ROOT / "docs" / "deploy" / "nginx.conf").read_text()
    assert int(service["LimitNOFILE"]) >= 65536
    assert service["EnvironmentFile"] == dict(directives("Service"))["EnvironmentFile"]


def test_the_settings_it_names_are_documented() -> None:
    readme = (ROOT / "README.md").read_text()
    setting = r"\b((?:REFEREE|PROMETHEUS|DATABASE|WEB)_[A-Z_]+)="
    named = set(re.findall(setting, UNIT.read_text() + STREAMS_UNIT.read_text()))
    assert {"REFEREE_LOG_FORMAT", "REFEREE_METRICS", "PROMETHEUS_MULTIPROC_DIR"} <= named
    assert all(f"`{name}`" in readme for name in named), named


@pytest.mark.parametrize("source", [UNIT, STREAMS_UNIT], ids=lambda path: path.name)
def test_systemd_finds_nothing_wrong_but_the_missing_install(tmp_path: Path,
                                                             source: Path) -> None:
    """``systemd-analyze verify`` (where systemd is installed) objects only that the program
    is not installed at /opt/referee on this machine."""
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        return
    unit = tmp_path / source.name
    unit.write_text(source.read_text())
    done = subprocess.run([analyze, "verify", "--man=no", str(unit)], capture_output=True,
                          text=True, timeout=60)
    complaints = [line for line in (done.stdout + done.stderr).splitlines()
                  if line.strip() and "is not executable: No such file" not in line]
    assert complaints == []
