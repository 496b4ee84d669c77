"""The base address of join links and QR codes: one the phones at the table can open.

``REFEREE_PUBLIC_URL`` wins. Otherwise the request's own address is used, unless it is a
loopback one (the host opened the app on 127.0.0.1 or localhost): then the machine's network
address is offered instead (``?via=`` picks another when it has several), and the invite page
says why.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from flask import current_app, request

from referee.service import network


@dataclass(frozen=True)
class LinkBase:
    url: str  # scheme://host[:port], no trailing slash
    loopback: bool = False  # the page was reached on a loopback address
    addresses: list[str] = field(default_factory=list)  # the machine's network addresses
    chosen: str | None = None  # the one the links use


def port_of(host: str) -> str:
    """``:5000`` from ``127.0.0.1:5000`` (empty for the scheme's default port)."""
    rest = host.rsplit("]", 1)[-1] if host.startswith("[") else host
    return ":" + rest.rsplit(":", 1)[1] if ":" in rest else ""


def link_base() -> LinkBase:
    configured = current_app.config.get("PUBLIC_URL")
    if configured:
        return LinkBase(configured.rstrip("/"))
    own = request.host_url.rstrip("/")
    if not network.is_loopback(request.host):
        return LinkBase(own)
    addresses = network.lan_addresses()
    wanted = request.args.get("via")
    chosen = wanted if wanted in addresses else (addresses[0] if addresses else None)
    if chosen is None:
        return LinkBase(own, loopback=True)
    return LinkBase(f"{request.scheme}://{chosen}{port_of(request.host)}", loopback=True,
                    addresses=addresses, chosen=chosen)
