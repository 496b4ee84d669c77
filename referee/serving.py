"""gunicorn's threaded worker, with deadlines on reading a request (``gunicorn.conf.py`` uses it).

A ``gthread`` worker hands a connection to one of its threads as soon as the client has sent
something, and that thread then blocks reading the rest of the request for as long as the client
takes: a client sending its headers, or its body, a byte at a time holds a thread for good, and
a few hundred of them hold every thread (gunicorn's ``timeout`` is the worker's heartbeat, not a
limit on a thread's read). Here each request must be in within a deadline: its headers within
``REFEREE_HEADER_TIMEOUT`` seconds of the thread starting to read them, its body within
``REFEREE_BODY_TIMEOUT`` seconds after its headers. A watchdog thread shuts the reading side of
a connection that misses its deadline: the blocked read returns at once, the request ends (a
body cut short is a 400) and the thread goes back to the pool.

This bounds how long one slow client holds a thread, not how many threads slow clients may
hold at once while they send: in front of the app, a reverse proxy that reads whole requests
before passing them on (nginx, docs/deploy/nginx.conf) does that.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from gunicorn.workers.gthread import ThreadWorker

from referee.config import read_deadlines

#: How often the watchdog looks for requests past their deadline (seconds).
TICK = 0.2


class Deadlines(threading.Thread):
    """The connections being read, each with the time its request must be in by; past it, the
    connection's reading side is shut."""

    def __init__(self, log: Any = None) -> None:
        super().__init__(name="referee-read-deadlines", daemon=True)
        self._lock = threading.Lock()
        self._due: dict[Any, float] = {}  # a connection -> its deadline (time.monotonic())
        self.log = log
        self.cut = 0  # connections cut off so far

    def watch(self, conn: Any, seconds: float) -> None:
        with self._lock:
            self._due[conn] = time.monotonic() + seconds

    def forget(self, conn: Any) -> None:
        with self._lock:
            self._due.pop(conn, None)

    def run(self) -> None:
        while True:
            time.sleep(TICK)
            now = time.monotonic()
            with self._lock:
                late = [conn for conn, due in self._due.items() if due <= now]
                for conn in late:
                    del self._due[conn]
                    self.cut_off(conn)

    def cut_off(self, conn: Any) -> None:
        """Shut the connection's reading side (under the lock: a connection forgotten meanwhile
        is never cut): a thread blocked reading it gets end-of-file at once."""
        with contextlib.suppress(OSError, AttributeError, ValueError):
            conn.sock.shutdown(socket.SHUT_RD)
        self.cut += 1
        if self.log is not None:
            self.log.info("Cut off %s: its request did not arrive in time", conn.client)


def header(req: Any, name: str) -> str:
    return next((value for key, value in req.headers if key == name), "")


def has_body(req: Any) -> bool:
    length = header(req, "CONTENT-LENGTH").strip()
    return (length.isdigit() and int(length) > 0) or "chunked" in header(
        req, "TRANSFER-ENCODING").lower()


class TimedBody:
    """A request's body (gunicorn's ``Body``) that says when it has all been read: its
    deadline is then over, however long the answer takes."""

    def __init__(self, body: Any, length: int | None, arrived: Callable[[], None]) -> None:
        self.body = body
        self.length = length
        self.arrived = arrived
        self.got = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.body, name)

    def _seen(self, data: bytes, asked: int | None = None) -> bytes:
        self.got += len(data)
        if (not data and asked != 0) or (self.length is not None and self.got >= self.length):
            self.arrived()
        return data

    def read(self, size: int | None = None) -> bytes:
        return self._seen(self.body.read(size), size)

    def readline(self, size: int | None = None) -> bytes:
        return self._seen(self.body.readline(size), size)

    def readlines(self, hint: int | None = None) -> list[bytes]:
        lines = list(self.body.readlines(hint))
        for line in lines:
            self._seen(line)
        if not lines:
            self.arrived()
        return lines

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.readline, b"")


class DeadlineWorker(ThreadWorker):
    """gunicorn's ``gthread`` worker whose threads a slow client holds for a bounded time
    (HTTP/1; a worker that also speaks HTTP/2, whose connections carry many requests, is left
    as gunicorn makes it)."""

    def init_process(self) -> None:
        self.header_timeout, self.body_timeout = read_deadlines()
        protocols = getattr(self.cfg, "http_protocols", None) or ["h1"]
        self.timed = not any(str(name).startswith("h2") for name in protocols)
        self.deadlines = Deadlines(self.log)
        if self.timed:
            self.deadlines.start()
        super().init_process()

    def handle(self, conn: Any) -> Any:
        """Read and serve one request; its headers are due within the header timeout."""
        if not self.timed:
            return super().handle(conn)
        self.deadlines.watch(conn, self.header_timeout)
        try:
            return super().handle(conn)
        finally:
            self.deadlines.forget(conn)

    def handle_request(self, req: Any, conn: Any) -> Any:
        """The headers are in: a body is due within the body timeout, nothing after it."""
        if self.timed and has_body(req) and getattr(req, "body", None) is not None:
            length = header(req, "CONTENT-LENGTH").strip()
            self.deadlines.watch(conn, self.body_timeout)
            req.body = TimedBody(req.body, int(length) if length.isdigit() else None,
                                 lambda: self.deadlines.forget(conn))
        else:
            self.deadlines.forget(conn)
        return super().handle_request(req, conn)
