"""The machine's addresses on the local network, for join links the phones can open.

A host who opens the app on 127.0.0.1 would hand every phone a link to the phone itself. These
helpers tell a loopback address from a reachable one and find the machine's other addresses
without sending anything on the network: the host name's addresses, and the source address the
system would pick for a datagram to outside (a UDP ``connect`` only chooses a route).
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable

#: Documentation addresses (RFC 5737, RFC 3849): routes are looked up, nothing is sent there.
PROBES: tuple[tuple[int, str], ...] = ((socket.AF_INET, "192.0.2.1"),
                                      (socket.AF_INET, "198.51.100.1"))


def host_part(host: str) -> str:
    """``127.0.0.1:5000`` -> ``127.0.0.1``; ``[::1]:5000`` -> ``::1``; ``localhost`` as is."""
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:
        return host.split(":", 1)[0]
    return host


def is_loopback(host: str) -> bool:
    """True when ``host`` (a Host header's value) names this machine only."""
    name = host_part(host).strip().lower().rstrip(".")
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def usable(candidates: Iterable[str]) -> list[str]:
    """The addresses another device on the network could reach, in order, without repeats."""
    out: list[str] = []
    for text in candidates:
        try:
            address = ipaddress.ip_address(text.split("%", 1)[0])
        except ValueError:
            continue
        if (address.is_loopback or address.is_link_local or address.is_unspecified
                or address.is_multicast or address.version != 4):
            continue  # phones open IPv4 links; IPv6 ones would need brackets and a route
        if str(address) not in out:
            out.append(str(address))
    return out


def lan_addresses() -> list[str]:
    """This machine's reachable IPv4 addresses, found without network traffic."""
    found: list[str] = []
    for family, target in PROBES:
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as probe:
                probe.connect((target, 9))  # UDP: picks the outgoing route, sends nothing
                found.append(probe.getsockname()[0])
        except OSError:
            continue
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    except OSError:
        pass
    return usable(found)
