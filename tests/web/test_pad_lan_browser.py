"""A pad on a table's LAN: plain HTTP at a private address, where browsers give no secure
context (no service worker, no wake lock), so the pad keeps a move made offline with plain
script. The server and Chromium run in a network namespace of the test's own (``unshare --net``
with a veth pair, as root: CI runs as root), never on this machine's own addresses
(127.0.0.1 counts as secure)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ADDRESS = "10.77.0.5"  # the namespace's own: no other host is there

pytestmark = [pytest.mark.browser, pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("unshare") is None,
    reason="network namespaces need root and unshare")]


def test_a_pad_on_plain_http_keeps_an_offline_move_and_sends_it_once() -> None:
    """CC-TURN-1: at http://10.77.0.5 (not a secure context) Alice's draw tapped offline waits
    on the phone and is logged once when the network returns."""
    script = (f"set -e; ip link set lo up; ip link add d0 type veth peer name d1; "
              f"ip addr add {ADDRESS}/24 dev d0; ip link set d0 up; ip link set d1 up; "
              f"exec {sys.executable} -m tests.web.lan_pad {ADDRESS}")
    result = subprocess.run(["unshare", "--net", "sh", "-c", script], capture_output=True,
                            text=True, cwd=ROOT, timeout=120, check=False,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.returncode == 0, result.stderr[-3000:]
    outcome = json.loads(result.stdout.strip().splitlines()[-1])
    assert outcome["secure"] is False and outcome["service_worker"] is False
    assert "En attente du réseau" in outcome["waiting"]
    assert outcome["last_seq"] == 1
