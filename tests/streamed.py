"""A live stream read in process, as the stream server (``referee.streaming``) sends it: the
app's own request and handoff, the events pumped by the server's coroutine, no socket."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import Any

from flask import Flask

from referee.streaming import StreamServer


def read_stream(app: Flask, path: str, query: str, headers: Mapping[str, str],
                enough: Callable[[str], bool], timeout: float) -> tuple[int, str]:
    """The status and text a client of ``path?query`` reads, until ``enough(text)`` is true,
    the stream ends, or ``timeout`` seconds pass (then it hangs up)."""
    server = StreamServer(app, threads=2, reads=1)

    async def reading() -> tuple[int, str]:
        gone, asked = asyncio.Event(), asyncio.Event()
        status, chunks = [0], []

        async def receive() -> dict[str, Any]:
            if not asked.is_set():
                asked.set()
                return {"type": "http.request", "body": b"", "more_body": False}
            await gone.wait()
            return {"type": "http.disconnect"}

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                status[0] = message["status"]
            elif message["type"] == "http.response.body" and not gone.is_set():
                chunks.append(message.get("body", b"").decode())
                if not message.get("more_body") or enough("".join(chunks)):
                    gone.set()

        scope = {"type": "http", "method": "GET", "path": path, "raw_path": path.encode(),
                 "query_string": query.encode(), "root_path": "", "scheme": "http",
                 "http_version": "1.1", "client": ("127.0.0.1", 50000),
                 "server": ("localhost", 80),
                 "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()]}
        served = asyncio.ensure_future(server(scope, receive, send))
        try:
            await asyncio.wait_for(gone.wait(), timeout)
        except TimeoutError:
            gone.set()
        await served
        return status[0], "".join(chunks)

    try:
        return asyncio.run(reading())
    finally:
        server.close()
