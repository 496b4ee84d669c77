"""``referee serve``, the game-night server and the stream server (``referee/hosting.py``):
uvicorn, one process, run as a host runs it (a real process on a free port, a fresh SQLite
database)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from tests.slowclients import Streams, heard_seq, log_draw, new_match, night_server

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.load


def test_twenty_open_screens_leave_a_move_answered_at_once() -> None:
    """A night's dozen phones and a TV hold their live streams open; a move is still logged
    at once, and every screen is pushed it."""
    with night_server() as server:  # 64 threads: streams may take 48, one match 24
        match_id, token = new_match(server.base)
        sources = [f"127.0.2.{n}" for n in range(1, 21)]  # twenty phones
        with Streams(server, match_id, 20, source=sources) as streams:
            assert streams.statuses == [200] * 20
            started = time.monotonic()
            assert log_draw(server.base, match_id, token).status_code == 201
            assert time.monotonic() - started < 1.0
            assert heard_seq(streams, 1) == 20


def test_stopping_ends_the_open_streams_first() -> None:
    """Ctrl-C (or SIGTERM) with screens still open: the streams end and the server stops at
    once, instead of waiting for screens that never hang up."""
    with night_server(("--threads", "16")) as server:
        match_id, _ = new_match(server.base)
        with Streams(server, match_id, 4, source=["127.0.3.1", "127.0.3.2"]) as streams:
            assert streams.statuses == [200] * 4
            started = time.monotonic()
            server.process.send_signal(signal.SIGINT)
            server.process.wait(10)
            assert time.monotonic() - started < 3.0
            assert server.process.returncode == 0


def test_it_listens_on_this_machine_only_by_default() -> None:
    """Without ``--lan`` the night is served on the loopback address alone, and says so."""
    with night_server() as server:
        printed = server.log()
        assert f"http://localhost:{server.port}/" in printed
        assert "--lan" in printed  # how to open it to the phones
        assert "Database: sqlite:///" in printed  # which file it uses


def test_the_server_is_not_werkzeugs() -> None:
    """No development server at a game night: no « do not use it in production » warning."""
    with night_server() as server:
        assert "development server" not in server.log().lower()


LAN = textwrap.dedent("""
    set -e
    sysctl -qw net.ipv6.conf.default.disable_ipv6=1 net.ipv6.conf.all.disable_ipv6=1
    ip link set lo up
    ip link add a0 type veth peer name a1
    ip link set a0 up; ip link set a1 up
    ip addr add 10.77.0.5/24 dev a0
    {python} -m referee serve --lan --port 5390 > "$OUT" 2>&1 &
    server=$!
    for i in $(seq 1 300); do
      {python} -c "import urllib.request as u; u.urlopen('http://10.77.0.5:5390/healthz')" \
        2>/dev/null && break
      sleep 0.1
    done
    {python} -c "import urllib.request as u; print(u.urlopen('http://10.77.0.5:5390/').status)"
    kill -INT $server; wait $server
""")


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("unshare") is None,
                    reason="network namespaces need root and unshare")
def test_lan_prints_the_link_phones_open_and_its_qr_code(tmp_path: Path) -> None:
    """``--lan`` on a network with no default route (a hotspot, a router with no internet):
    it listens on the network's address, prints the link phones open and draws its QR code."""
    out = tmp_path / "serve.out"
    env = {**os.environ, "OUT": str(out), "REFEREE_SECRET_KEY": "lan",
           "DATABASE_URL": f"sqlite:///{tmp_path / 'referee.sqlite3'}"}
    done = subprocess.run(["unshare", "--net", "sh", "-c", LAN.format(python=sys.executable)],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=120,
                          check=False)
    printed = out.read_text()
    assert done.returncode == 0, done.stderr + printed
    assert done.stdout.strip().splitlines()[-1] == "200"  # a phone on the network opens it
    assert "phones open http://10.77.0.5:5390/" in printed
    assert sum(line.count("█") + line.count("▀") + line.count("▄")
               for line in printed.splitlines()) > 100  # the QR code, in the terminal


UNIX_ONLY = textwrap.dedent("""
    import sys
    class NoUnix:
        def find_spec(self, name, path=None, target=None):
            if name in ("fcntl", "pwd", "grp", "resource", "termios"):
                raise ImportError(f"{name} is Unix-only")
    sys.meta_path.insert(0, NoUnix())
    for name in ("fcntl", "pwd", "grp", "resource", "termios"):
        sys.modules.pop(name, None)
    from referee import create_app, hosting
    from referee.cli import serve, upgrade_database
    app = create_app({"DATABASE_URL": f"sqlite:///{sys.argv[1]}", "REFEREE_SECRET_KEY": "x"})
    upgrade_database(app)
    print(app.test_client().get("/").status_code)
""")


def test_nothing_unix_only_is_on_the_serve_path(tmp_path: Path) -> None:
    """The night's server runs on any system: nothing it imports needs a Unix."""
    done = subprocess.run([sys.executable, "-c", UNIX_ONLY, str(tmp_path / "referee.sqlite3")],
                          capture_output=True, text=True,
                          cwd=ROOT, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().splitlines()[-1] == "200"
