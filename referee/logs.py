"""The app's logs: one line per record, as text or as JSON, each carrying its request's id, and
an access line per request (``referee.access``), the same under ``referee serve`` and gunicorn.

Every request gets an id: the client's (or a proxy's) ``X-Request-Id`` when it is a sane one
(1 to 128 letters, digits and ``-_.:``), else a new one; it is echoed in the answer's
``X-Request-Id`` and carried by every record logged while the request is served, so one id
finds a request's access line, its warnings and its traceback. The access line is written
when the answer has been sent (a live stream's when it ends): method, path (never the query,
which may hold a token), status, duration, client address and request id.

The wrapper (:class:`Observed`) is plain WSGI around the app: the request's metrics
(``referee.metrics``) are counted there too, from what it measured.
"""

from __future__ import annotations

import json
import logging
import re
import sys
import time
import uuid
from collections.abc import Callable, Iterable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from flask import Flask, request

#: The request id of the request this thread serves (None between requests).
current_request_id: ContextVar[str | None] = ContextVar("referee_request_id", default=None)
#: Where a request's id and its URL rule are kept in its WSGI environ.
REQUEST_ID = "referee.request_id"
ROUTE = "referee.route"
#: A request id taken as the client gave it; anything else is replaced by a new one.
SANE_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")
#: The route of a request that matched no URL rule (a 404, say): one label for them all.
UNMATCHED = "<unmatched>"

access_log = logging.getLogger("referee.access")


def request_id_for(given: str | None) -> str:
    """The client's id when it is sane, else a new one (32 hex digits)."""
    if given and SANE_ID.fullmatch(given):
        return given
    return uuid.uuid4().hex


@dataclass(frozen=True)
class Served:
    """What the wrapper measured of one request, for its access line and its metrics."""

    method: str
    path: str
    route: str
    status: int
    latency: float  # seconds until the answer's status and headers were given
    duration: float  # seconds until the whole answer was sent (a stream: until it ended)
    client: str
    request_id: str


class Observed:
    """WSGI middleware: gives each request its id; tells each of ``done`` what was served
    just before its answer's last chunk leaves (the metrics: a scrape sent next counts it),
    and each of ``sent`` once the answer has gone (the access line, written while the client
    already reads its answer)."""

    def __init__(self, wsgi_app: Callable[..., Iterable[bytes]],
                 done: list[Callable[[Served], None]],
                 sent: list[Callable[[Served], None]] | None = None) -> None:
        self.wsgi_app = wsgi_app
        self.done = done
        self.sent = sent if sent is not None else []

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]
                 ) -> Iterable[bytes]:
        began = time.perf_counter()
        rid = request_id_for(environ.get("HTTP_X_REQUEST_ID"))
        environ[REQUEST_ID] = rid
        current_request_id.set(rid)
        seen: dict[str, Any] = {}

        def starting(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            seen["status"], seen["latency"] = status, time.perf_counter() - began
            seen["sized"] = any(k.lower() == "content-length" for k, _ in headers)
            headers = [(k, v) for k, v in headers if k.lower() != "x-request-id"]
            headers.append(("X-Request-Id", rid))
            return start_response(status, headers, exc_info)

        told: list[Served] = []
        try:
            body = self.wsgi_app(environ, starting)
        except BaseException:
            self.finish(environ, seen, began, told)
            self.gone(told)
            raise
        return Closing(body, lambda: self.finish(environ, seen, began, told),
                       hold_last=seen.get("sized", False), gone=lambda: self.gone(told))

    def finish(self, environ: dict[str, Any], seen: dict[str, Any], began: float,
               told: list[Served]) -> None:
        ended = time.perf_counter() - began
        status = str(seen.get("status", "500"))
        served = Served(
            method=environ.get("REQUEST_METHOD", ""), path=environ.get("PATH_INFO", ""),
            route=environ.get(ROUTE) or UNMATCHED,
            status=int(status[:3]) if status[:3].isdigit() else 500,
            latency=seen.get("latency", ended), duration=ended,
            client=environ.get("REMOTE_ADDR", ""), request_id=environ[REQUEST_ID])
        told.append(served)
        self._tell(self.done, served)

    def gone(self, told: list[Served]) -> None:
        if told:
            self._tell(self.sent, told[0])

    @staticmethod
    def _tell(hooks: list[Callable[[Served], None]], served: Served) -> None:
        current_request_id.set(served.request_id)  # closed in another thread (a stream's end)
        try:
            for tell in hooks:
                tell(served)
        finally:
            current_request_id.set(None)


class Closing:
    """An answer's body, which calls ``then`` once, when it has all been sent or when it is
    closed, whichever comes first (a server closes it; a test client may only read it), and
    ``gone`` once, after that, when it is closed or a stream's last event has left.

    An answer of known length (``hold_last``) tells just before its last chunk is handed to the
    server, so a client that has its whole answer finds it already counted: a scrape
    sent next counts it. A stream (no length) is never held back: each event leaves as it
    comes."""

    def __init__(self, body: Iterable[bytes], then: Callable[[], None],
                 hold_last: bool = False, gone: Callable[[], None] | None = None) -> None:
        self.body = body
        self.then = then
        self.hold_last = hold_last
        self.gone = gone
        self.told = self.went = False

    def __iter__(self) -> Iterator[bytes]:
        if not self.hold_last:
            yield from self.body
            self.tell()
            self.go()
            return
        held: bytes | None = None
        for chunk in self.body:
            if held is not None:
                yield held
            held = chunk
        self.tell()
        if held is not None:
            yield held

    def tell(self) -> None:
        if not self.told:
            self.told = True
            self.then()

    def go(self) -> None:
        if not self.went:
            self.went = True
            if self.gone is not None:
                self.gone()

    def close(self) -> None:
        try:
            close = getattr(self.body, "close", None)
            if close is not None:
                close()
        finally:
            self.tell()
            self.go()


def log_access(served: Served) -> None:
    """The access line: its fields in the JSON, a readable sentence in text."""
    access_log.info(
        '%s "%s %s" %s %.1f ms', served.client or "-", served.method, served.path,
        served.status, served.duration * 1000,
        extra={"fields": {"method": served.method, "path": served.path,
                          "status": served.status,
                          "duration_ms": round(served.duration * 1000, 3),
                          "client": served.client}})


# --- formats -----------------------------------------------------------------------------


class WithRequestId(logging.Filter):
    """Gives each record the id of the request being served (``-`` outside a request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            record.request_id = current_request_id.get() or "-"
        return True


class JsonLines(logging.Formatter):
    """One JSON object per record: time (UTC), level, logger, message, request id, process, the
    record's ``fields`` (an access line's), and the traceback if any."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(), "logger": record.name,
            "message": record.getMessage(), "request_id": getattr(record, "request_id", "-"),
            "pid": record.process,
        }
        line.update(getattr(record, "fields", None) or {})
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


#: The loggers written as the app's: its own, and Alembic's while it migrates the database.
LOGGERS = ("referee", "alembic")
TEXT = "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"


class ToStderr(logging.StreamHandler):
    """Writes to the process's standard error as it is when a record comes (not as it was
    when the handler was made: a test runner swaps it)."""

    @property
    def stream(self) -> Any:
        return sys.stderr

    @stream.setter
    def stream(self, value: Any) -> None:
        pass


def configure(form: str) -> None:
    """The ``referee`` loggers (the app's own among them) and Alembic's (the migrations the app
    runs) write to standard error in ``form``, at INFO and above. Done again by each app made
    in a process: the last one's form wins."""
    handler = ToStderr()
    handler.addFilter(WithRequestId())
    handler.setFormatter(JsonLines() if form == "json" else logging.Formatter(TEXT))
    for name in LOGGERS:
        logger = logging.getLogger(name)
        for old in [h for h in logger.handlers if isinstance(h, ToStderr)]:
            logger.removeHandler(old)
        logger.addHandler(handler)
        if logger.level == logging.NOTSET:
            logger.setLevel(logging.INFO)


def note_route(endpoint: str | None, values: Any) -> None:
    """Keep the request's URL rule (not its path: one label per route) for the wrapper. A URL
    value preprocessor: it runs before every ``before_request`` hook, which may answer early."""
    rule = request.url_rule
    request.environ[ROUTE] = rule.rule if rule is not None else None


def init_app(app: Flask) -> None:
    """Logs in the configured form; the wrapper around the app, with the access line when it
    is on. Called before the proxy fix wraps the app, so the client is the proxied one."""
    configure(app.config["LOG_FORMAT"])
    done: list[Callable[[Served], None]] = []
    app.extensions["referee.served"] = done  # the metrics add theirs
    app.wsgi_app = Observed(  # type: ignore[method-assign]
        app.wsgi_app, done, [log_access] if app.config["ACCESS_LOG"] else [])
    app.url_value_preprocessor(note_route)
