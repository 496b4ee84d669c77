"""The machine's LAN addresses are found on any network, with or without a default route.

Each test runs the lookup in a network namespace of its own (``unshare --net``, as root: CI
runs as root) holding a veth pair with an address, so nothing here touches this machine's own
network or addresses it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from referee.service import network

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(os.geteuid() != 0 or shutil.which("unshare") is None,
                                reason="network namespaces need root and unshare")

LOOKUP = textwrap.dedent("""
    import json, subprocess
    from referee.service import network
    def sent(dev):
        out = subprocess.run(["ip", "-j", "-s", "link", "show", "dev", dev],
                             capture_output=True, text=True, check=True).stdout
        return json.loads(out)[0]["stats64"]["tx"]["packets"]
    before = {dev: sent(dev) for dev in ("a0", "b0")}
    found = network.lan_addresses()
    after = {dev: sent(dev) for dev in ("a0", "b0")}
    print(json.dumps({"found": found, "sent": {d: after[d] - before[d] for d in before}}))
""")


def lookup_in_namespace(setup: str) -> dict[str, object]:
    """Run ``setup`` (ip commands) then the lookup, inside a fresh network namespace. The
    kernel's own IPv6 chatter (a new link's neighbour discovery) is off, so that a packet counted
    on an interface is one the lookup sent."""
    script = (f"set -e; sysctl -qw net.ipv6.conf.default.disable_ipv6=1 "
              f"net.ipv6.conf.all.disable_ipv6=1; ip link add a0 type veth peer name a1; "
              f"ip link add b0 type veth peer name b1; "
              f"for d in a0 a1 b0 b1; do ip link set $d up; done; {setup}; "
              f"exec {sys.executable} -c '{LOOKUP}'")
    result = subprocess.run(["unshare", "--net", "sh", "-c", script], capture_output=True,
                            text=True, cwd=ROOT, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_addresses_are_found_with_no_default_route() -> None:
    """A hotspot or a router with no internet: no default route, the address is still found."""
    answer = lookup_in_namespace("ip addr add 10.77.0.5/24 dev a0")
    assert answer["found"] == ["10.77.0.5"]


def test_the_lookup_sends_nothing() -> None:
    """Finding the addresses puts no packet on any interface."""
    answer = lookup_in_namespace("ip addr add 10.77.0.5/24 dev a0; "
                                 "ip addr add 10.88.0.7/24 dev b0; "
                                 "ip route add default via 10.88.0.1 dev b0")
    assert answer["sent"] == {"a0": 0, "b0": 0}


def test_the_default_routes_address_comes_first() -> None:
    """Of several interfaces, the one the default route leaves from is offered first, and every
    other one is listed too."""
    answer = lookup_in_namespace("ip addr add 10.77.0.5/24 dev a0; "
                                 "ip addr add 10.88.0.7/24 dev b0; "
                                 "ip route add default via 10.88.0.1 dev b0")
    assert answer["found"] == ["10.88.0.7", "10.77.0.5"]


def test_loopback_and_link_local_addresses_are_not_offered() -> None:
    """Phones cannot open 127.0.0.1 or a link-local address: neither is offered."""
    assert network.usable(["127.0.0.1", "169.254.3.4", "::1", "192.168.1.20"]) == [
        "192.168.1.20"]
