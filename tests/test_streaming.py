"""The stream server's own bounds (``referee/streaming.py``): a client that stops reading holds
its stream only so long."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from referee import database
from referee.service.streams import follow
from referee.streaming import StreamServer
from tests.helpers import new_match


async def never_sent(_message: Any) -> None:
    """A client that stopped reading: its socket's buffers are full, nothing leaves."""
    await asyncio.Event().wait()


async def never_gone() -> dict[str, Any]:
    """A client that never hangs up either."""
    await asyncio.Event().wait()
    return {}


def test_a_client_that_stops_reading_is_cut_off_after_the_send_timeout(
        app: Flask, client: FlaskClient) -> None:
    """An event that cannot leave within the send timeout ends the stream (its browser, if it
    is still there, reconnects and resumes from the log), and gives its slot back."""
    table = new_match(client)
    server = StreamServer(app, send_timeout=0.3)
    followed = follow(database(app), table.id, None, lambda _after, _latest: [],
                      caps=server.caps, address="192.0.2.9")

    async def pumped() -> tuple[bool, float]:
        started = time.monotonic()
        told = await server.pump(followed, never_gone, never_sent)
        return told, time.monotonic() - started

    try:
        told, took = asyncio.run(pumped())
    finally:
        followed.close()
        server.close()
    assert not told  # nobody to tell the stream's end to
    assert 0.3 <= took < 3.0
    assert followed.slot is not None and followed.slot.given_back
