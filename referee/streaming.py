"""The stream server: the app as an ASGI application, whose live streams are coroutines.

A live stream (``GET /api/matches/<id>/stream``) stays open for as long as its page is shown.
Served by a thread, it would hold the thread all that time; here it is a coroutine waiting on
its doorbell (:mod:`referee.service.live`: the process's one listener on PostgreSQL, the
append's own wake-up on SQLite, fanned out in memory), and its reads of the log run in a small
pool of threads shared by every stream (:class:`referee.service.streams.Reader`). Thousands of
open streams cost their sockets and a little memory, not threads.

The request that opens a stream is the Flask app's own (the same URL, arguments, errors, caps
and language), run in a thread with the :class:`~referee.service.streams.Handoff` in its
environ; the stream it opens is then sent from here. Every other request is the Flask app's
too, run whole in a pool of threads, so one server serves a night (``referee serve``) and,
behind nginx (docs/deploy), the streams of a deployment whose other requests go to gunicorn.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import re
import sys
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from flask import Flask

from referee.edge import database
from referee.service.live import close_streams
from referee.service.streams import HANDOFF, Followed, Handoff, Reader, StreamCaps

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

#: The live streams' URLs (docs/deploy/nginx.conf routes the same to this server).
STREAM_PATH = re.compile(r"^/api/matches/[0-9]+/stream$")
#: Seconds one event may take to leave for a client that stopped reading: past them the
#: stream ends (its browser reconnects and resumes from the log, if it is still there).
SEND_TIMEOUT = 30.0


def descriptors() -> int | None:
    """The files this process may open (its soft ``RLIMIT_NOFILE``); None where unknown."""
    try:
        import resource
    except ImportError:  # not a Unix
        return None
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return None if soft == resource.RLIM_INFINITY else int(soft)


def caps_for(app: Flask, files: int | None = None) -> StreamCaps:
    """The caps of this process's streams: the REFEREE_STREAM_* settings, under what its
    descriptors allow."""
    config = app.config
    return StreamCaps.for_descriptors(files if files is not None else descriptors(),
                                      total=config.get("STREAM_LIMIT"),
                                      per_match=config.get("STREAM_LIMIT_PER_MATCH"),
                                      per_address=config.get("STREAM_LIMIT_PER_ADDRESS"))


def environ_for(scope: Scope, body: bytes) -> dict[str, Any]:
    """The WSGI environ of an ASGI HTTP request (PEP 3333)."""
    server = scope.get("server") or ("localhost", 80)
    client = scope.get("client") or ("", 0)
    environ: dict[str, Any] = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": scope.get("root_path", "").encode().decode("latin-1"),
        "PATH_INFO": scope["path"].encode().decode("latin-1"),
        "QUERY_STRING": scope.get("query_string", b"").decode("latin-1"),
        "SERVER_NAME": str(server[0]), "SERVER_PORT": str(server[1] or 80),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "REMOTE_ADDR": client[0], "REMOTE_PORT": str(client[1]),
        "wsgi.version": (1, 0), "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": io.BytesIO(body), "wsgi.errors": sys.stderr,
        "wsgi.multithread": True, "wsgi.multiprocess": True, "wsgi.run_once": False,
    }
    for raw_name, raw_value in scope.get("headers", ()):
        name, value = raw_name.decode("latin-1").upper().replace("-", "_"), \
            raw_value.decode("latin-1")
        if name in ("CONTENT_TYPE", "CONTENT_LENGTH"):
            environ[name] = value
            continue
        key = f"HTTP_{name}"
        environ[key] = f"{environ[key]},{value}" if key in environ else value
    return environ


Answer = tuple[int, list[tuple[bytes, bytes]], bytes]
#: The environ's key for the unread answer that opened a stream.
OPENED = "referee.streams.opened"


def call_wsgi(app: Flask, environ: dict[str, Any]) -> Answer:
    """The Flask app's whole answer to ``environ`` (status, headers, body), in this thread.
    The answer that opened a stream is left open (``environ[OPENED]``, its body unread): closed
    when the stream ends, its access line then says how long it lasted, as before."""
    started: list[Any] = []

    def start_response(status: str, headers: list[tuple[str, str]],
                       exc_info: Any = None) -> Callable[[bytes], None]:
        started[:] = [status, headers]
        return lambda _data: None

    body: Iterable[bytes] = app(environ, start_response)
    handoff = environ.get(HANDOFF)
    if isinstance(handoff, Handoff) and handoff.followed is not None:
        environ[OPENED], content = body, b""
    else:
        try:
            content = b"".join(body)
        finally:
            close_body(body)
    status, headers = started
    return (int(status.split(" ", 1)[0]),
            [(name.lower().encode("latin-1"), value.encode("latin-1"))
             for name, value in headers], content)


def close_body(body: Any) -> None:
    close = getattr(body, "close", None)
    if close is not None:
        close()


async def read_body(receive: Receive) -> bytes | None:
    """The request's body; None when the client left before sending it all."""
    chunks = []
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return None
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks)


class StreamServer:
    """The ASGI application: live streams as coroutines, everything else the Flask app's in
    ``threads`` threads; the streams' reads in ``reads`` threads."""

    def __init__(self, app: Flask, threads: int = 16, reads: int = 4,
                 send_timeout: float = SEND_TIMEOUT) -> None:
        self.app = app
        self.caps = caps_for(app)
        self.requests = ThreadPoolExecutor(threads, thread_name_prefix="referee-request")
        self.reader = Reader(reads)
        self.send_timeout = send_timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.lifespan(receive, send)
            return
        if scope["type"] != "http":
            return
        body = await read_body(receive)
        if body is None:
            return
        environ = environ_for(scope, body)
        if STREAM_PATH.match(scope["path"]) and scope["method"] in ("GET", "HEAD"):
            await self.stream(environ, receive, send)
        else:
            await self.answer(await self.in_thread(environ), send)

    async def in_thread(self, environ: dict[str, Any]) -> Answer:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.requests, call_wsgi, self.app, environ)

    @staticmethod
    async def answer(answer: Answer, send: Send) -> None:
        status, headers, body = answer
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    async def stream(self, environ: dict[str, Any], receive: Receive, send: Send) -> None:
        """Open the stream as the app says (or answer its refusal), then send it."""
        handoff = Handoff(self.caps)
        environ[HANDOFF] = handoff
        try:
            answer = await self.in_thread(environ)
        except BaseException:
            if handoff.followed is not None:
                handoff.followed.close()
                close_body(environ.get(OPENED))
            raise
        followed = handoff.followed
        if followed is None:
            await self.answer(answer, send)
            return
        try:
            status, headers, _ = answer  # no length: the stream's body comes as it comes
            headers = [(name, value) for name, value in headers if name != b"content-length"]
            await send({"type": "http.response.start", "status": status, "headers": headers})
            if environ["REQUEST_METHOD"] == "HEAD" or await self.pump(followed, receive, send):
                await send({"type": "http.response.body", "body": b""})
        finally:
            followed.close()
            close_body(environ.get(OPENED))

    async def pump(self, followed: Followed, receive: Receive, send: Send) -> bool:
        """Send the stream's events until it ends, its client goes, or an event cannot leave
        within the send timeout (a client that stopped reading); whether the client is still
        there to be told the stream's end."""
        async def sending() -> None:
            async for text in followed.events(self.reader):
                await asyncio.wait_for(send({"type": "http.response.body",
                                             "body": text.encode(), "more_body": True}),
                                       self.send_timeout)

        async def watching() -> None:
            while (await receive())["type"] != "http.disconnect":
                pass

        tasks = [asyncio.ensure_future(sending()), asyncio.ensure_future(watching())]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            return tasks[0].done() and not tasks[1].done() and tasks[0].exception() is None
        finally:
            for task in tasks:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    async def lifespan(self, receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                self.close()
                await send({"type": "lifespan.shutdown.complete"})
                return

    def end_streams(self) -> None:
        """End every open stream now (the process stops: browsers reconnect elsewhere, or
        when it is back, and resume from the log)."""
        close_streams(database(self.app), wait=False)

    def close(self) -> None:
        self.end_streams()
        self.reader.close()
        self.requests.shutdown(wait=False, cancel_futures=True)
