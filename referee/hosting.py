"""The game-night server that ``referee serve`` runs: waitress, one process of threads.

A night is a dozen phones and a TV, each holding a live stream open, on the host's laptop. One
process serves it: on SQLite a stream hears of a move at once only from the process that logged
it (another process's moves reach it at its periodic re-check), and waitress runs on any system
(gunicorn needs a Unix). Each open stream holds a thread, so the pool is sized for the screens
(64 threads by default, ``REFEREE_THREADS`` or ``--threads``). On Ctrl-C or SIGTERM the streams
end first, so the server stops at once instead of waiting for screens that never hang up
(their browsers reconnect when it is back, and resume from the log).

By default it listens on this machine only; ``--lan`` listens on the local network and prints
the address phones should open, with its QR code drawn in the terminal.
"""

from __future__ import annotations

import signal
from collections.abc import Callable
from typing import Any, TextIO

import segno
from flask import Flask
from waitress.server import create_server

from referee.edge import database
from referee.service.live import close_streams
from referee.service.network import lan_addresses

#: Where the server listens without ``--lan``: this machine only.
LOCAL = "127.0.0.1"
#: Where it listens with ``--lan``: every interface.
EVERYWHERE = "0.0.0.0"


def phone_urls(port: int) -> list[str]:
    """The links another device on the network can open (the default route's first)."""
    return [f"http://{address}:{port}/" for address in lan_addresses()]


def announce(out: Callable[[str], Any], host: str, port: int, lan: bool,
             terminal: TextIO | None = None) -> None:
    """Say where the server answers: this machine's link, or with ``--lan`` the links the
    phones open and the first one's QR code (drawn in ``terminal``)."""
    if not lan:
        out(f"Referee on http://{'localhost' if host == LOCAL else host}:{port}/  "
            "(API docs: /api/docs; this machine only: `referee serve --lan` for phones)")
        return
    urls = phone_urls(port)
    if not urls:
        out(f"Referee on port {port} of every interface, but this machine has no network "
            "address: join a network (a router, a hotspot) and restart it.")
        return
    out(f"Referee on the local network: phones open {urls[0]}")
    for other in urls[1:]:
        out(f"  or {other}")
    segno.make(urls[0]).terminal(out=terminal, compact=True)


def run(app: Flask, host: str, port: int, threads: int) -> None:
    """Serve ``app`` until Ctrl-C or SIGTERM, ending the live streams first."""
    app.config["THREADS"] = threads  # the live streams are capped below it
    server: Any = create_server(app, host=host, port=port, threads=threads,
                                connection_limit=max(100, 2 * threads), ident="Referee")

    def stop(_signal: int, _frame: Any) -> None:
        close_streams(database(app), wait=False)
        raise KeyboardInterrupt  # waitress stops serving and lets its threads finish

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        server.run()  # returns once interrupted, its task threads stopped
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        server.close()
