"""The server ``referee serve`` runs: uvicorn serving the stream server (:mod:`referee.streaming`),
one process.

A night is a dozen phones and a TV, each holding a live stream open, on the host's laptop: one
process serves it all, its pages and moves in a pool of threads (``--threads``), its live
streams as coroutines (any number of them, within the caps). In a deployment the same command
is the stream server beside gunicorn: nginx sends it the stream URLs (docs/deploy). On Ctrl-C
or SIGTERM the streams end first, so the server stops at once instead of waiting for screens
that never hang up (their browsers reconnect when it is back, and resume from the log).
uvicorn runs on any system.

By default it listens on this machine only; ``--lan`` listens on the local network and prints
the address phones should open, with its QR code drawn in the terminal.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any, TextIO

import segno
import uvicorn
from flask import Flask

from referee.service.network import lan_addresses
from referee.streaming import StreamServer, descriptors

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


class Server(uvicorn.Server):
    """uvicorn, ending the live streams first when told to stop."""

    def __init__(self, config: uvicorn.Config, served: StreamServer) -> None:
        super().__init__(config)
        self.served = served

    def handle_exit(self, sig: int, frame: Any) -> None:
        """A signal's handler, run between two steps of whatever the event loop's thread was
        doing: the streams are ended by the loop itself, at once (its selector woken), never
        here, where a lock that thread holds would never be let go."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # not serving yet
            self.served.end_streams()
        else:
            loop.call_soon_threadsafe(self.served.end_streams)
        super().handle_exit(sig, frame)


def server_for(app: Flask, host: str, port: int, threads: int) -> Server:
    """The server of ``app`` at ``host``:``port``: ``threads`` threads for its requests, its
    connections capped a little above its streams' cap (past it, uvicorn answers 503)."""
    served = StreamServer(app, threads=threads)
    connections = served.caps.total + 4 * threads + 64
    files = descriptors()
    if files is not None:  # a refusal needs a descriptor too: keep a few for it
        connections = max(1, min(connections, files - 64))
    config = uvicorn.Config(served, host=host, port=port, lifespan="on", log_level="warning",
                            access_log=False, server_header=False, timeout_keep_alive=5,
                            timeout_graceful_shutdown=5, limit_concurrency=connections)
    return Server(config, served)


def run(app: Flask, host: str, port: int, threads: int) -> None:
    """Serve ``app`` until Ctrl-C or SIGTERM, ending the live streams first (uvicorn raises
    the signal again once it has stopped: Ctrl-C is then a clean exit)."""
    with contextlib.suppress(KeyboardInterrupt):
        server_for(app, host, port, threads).run()
