"""The machine's addresses on the local network, for join links the phones can open.

A host who opens the app on 127.0.0.1 would hand every phone a link to the phone itself. These
helpers tell a loopback address from a reachable one and find the machine's other addresses
without sending anything on the network: every interface's addresses (``ifaddr``, on any
system), the one the default route leaves from first (a UDP ``connect`` only chooses a route).
A network with no default route — a router with no internet, a laptop's hotspot — still has
its interfaces' addresses.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Iterable

import ifaddr

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


def default_route_addresses() -> list[str]:
    """The source address the system would use toward outside, if it has a route there."""
    found: list[str] = []
    for family, target in PROBES:
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as probe:
                probe.connect((target, 9))  # UDP: picks the outgoing route, sends nothing
                found.append(probe.getsockname()[0])
        except OSError:
            continue  # no route there (ENETUNREACH): the interfaces still have addresses
    return found


def interface_addresses() -> list[str]:
    """Every IPv4 address held by one of this machine's network interfaces."""
    return [str(ip.ip) for adapter in ifaddr.get_adapters() for ip in adapter.ips
            if isinstance(ip.ip, str)]  # IPv6 ones are (address, flow, scope) tuples


def lan_addresses() -> list[str]:
    """This machine's reachable IPv4 addresses, found without network traffic: the default
    route's first, then every other interface's."""
    return usable([*default_route_addresses(), *interface_addresses()])
