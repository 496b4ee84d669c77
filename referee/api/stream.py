"""A match's public log pushed as Server-Sent Events (``text/event-stream``)."""

from __future__ import annotations

import json
import math
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from flask import Response, current_app, jsonify, request
from flask.views import MethodView
from marshmallow import EXCLUDE, Schema, fields, validate
from sqlalchemy import Engine

from referee.api.locale import Blueprint, names_for_request
from referee.api.schemas import ID, MAX_ID, ErrorSchema
from referee.edge import database
from referee.edge.errors import error_body
from referee.edge.i18n import gettext as _
from referee.edge.i18n import told
from referee.edge.wording import reader_locale, say
from referee.service.database import Database
from referee.service.errors import Unavailable
from referee.service.messages import seat_names
from referee.service.sentences import Words, sentence
from referee.service.streams import (
    HANDOFF,
    Handoff,
    Rendered,
    StreamSettings,
    follow,
    public_moves,
)

blp = Blueprint("stream", __name__, url_prefix="/api/matches",
                description="Matches: each new move pushed as it is logged")

EVENT_STREAM = "text/event-stream"
STREAM_DOC = (
    "One Server-Sent Event per move appended to the log: `id:` its seq, `event: move`, `data:` "
    "one line of JSON — the event as the public may read it (sealed payloads hidden exactly as "
    "`GET /events` hides them without a token), its `verdict` and the `standings` right after "
    "it. A comment line (`: heartbeat`) comes every 15 seconds when nothing happens. The stream "
    "never ends by itself; a client that reconnects sends `Last-Event-ID` (browsers do) and "
    "gets every move it missed, from the log itself."
)
FULL_DOC = (
    "The server holds as many streams as it may: in all, of this match, or for this client's "
    "address. `Retry-After` says in how many seconds to try again (browsers' EventSource "
    "does not reconnect after a 503 by itself)."
)


class StreamQuery(Schema):
    class Meta:
        unknown = EXCLUDE

    after = fields.Integer(validate=validate.Range(min=0, max=MAX_ID), metadata={
        "description": "Start after this seq (default: from now on). Last-Event-ID wins."})


class StreamHeaders(Schema):
    class Meta:
        unknown = EXCLUDE

    last_event_id = fields.Integer(data_key="Last-Event-ID",
                                   validate=validate.Range(min=0, max=MAX_ID), metadata={
                                       "description": "The last seq received, on reconnection"})


def accepts_event_stream() -> bool:
    """Only a client that names text/event-stream gets a stream that never ends."""
    return any(kind == EVENT_STREAM and quality > 0
               for kind, quality in request.accept_mimetypes)


def settings() -> StreamSettings:
    config = current_app.config
    return StreamSettings(heartbeat=float(config.get("STREAM_HEARTBEAT", 15.0)),
                          recheck=float(config.get("STREAM_RECHECK", 5.0)))


def retry_after(stream: StreamSettings) -> int:
    """Seconds before trying again: by then a stream whose client left has given its slot
    back."""
    return max(1, math.ceil(stream.recheck))


def sse(item: dict[str, Any]) -> str:
    """One move as a Server-Sent Event: ``id`` its seq, ``data`` one line of JSON."""
    data = json.dumps(item, separators=(",", ":"), ensure_ascii=False)
    return f"id: {item['seq']}\nevent: move\ndata: {data}\n\n"


RenderKey = tuple[int, int, int]  # (match, after, latest seq)


class SharedRenders:
    """The board and every pad of a match wake together on each move and ask for the same
    events: the first renders them, the others wait for its result instead of reading the log
    again. A result is keyed by the log's latest seq, so it is never reused once the log
    has moved on (the public's view of sealed payloads depends on it)."""

    def __init__(self, size: int = 512) -> None:
        self._lock = threading.Lock()
        self._done: OrderedDict[RenderKey, Rendered] = OrderedDict()
        self._pending: dict[RenderKey, threading.Event] = {}
        self.size = size

    def get(self, key: RenderKey, render: Callable[[], Rendered]) -> Rendered:
        with self._lock:
            if key in self._done:
                return self._done[key]
            waiting = self._pending.get(key)
            if waiting is None:
                self._pending[key] = threading.Event()
        if waiting is not None:
            waiting.wait(10)
            with self._lock:
                if key in self._done:
                    return self._done[key]
            return render()  # the first one failed: render for ourselves
        try:
            result = render()
            with self._lock:
                self._done[key] = result
                while len(self._done) > self.size:
                    self._done.popitem(last=False)
            return result
        finally:
            with self._lock:
                self._pending.pop(key).set()


_renders: weakref.WeakKeyDictionary[Engine, dict[str, SharedRenders]] = \
    weakref.WeakKeyDictionary()
_renders_lock = threading.Lock()


def renders_for(db: Database, locale: str = "en") -> SharedRenders:
    """One set of shared renders per database and language (they go when its engine goes):
    the names of a match are fixed, so a match's moves said in one language are the same for
    every follower of that language."""
    with _renders_lock:
        found = _renders.setdefault(db.engine, {}).get(locale)
        if found is None:
            found = _renders[db.engine][locale] = SharedRenders()
        return found


def rendered_moves(db: Database, match_id: int, after: int, latest: int,
                   locale: str = "en", names: list[str] | None = None) -> Rendered:
    """The moves after ``after`` as a follower reading ``locale`` is sent them."""
    def render() -> Rendered:
        named = names if names is not None else seat_names(db, match_id)
        return [(item["seq"], sse(say(item, named, locale)))
                for item in public_moves(db, match_id, after)]

    return renders_for(db, locale).get((match_id, after, latest), render)


def refused(sentence: Words, stream: StreamSettings) -> tuple[Response, int]:
    response = jsonify(error_body(503, told(sentence, names_for_request())))
    response.headers["Retry-After"] = str(retry_after(stream))
    response.headers["Cache-Control"] = "no-store"
    return response, 503


NOT_HERE = sentence("Live streams are served by the stream server (referee serve), not by "
                    "this one; the pages follow the match by looking at it meanwhile.")


@blp.route(f"/<{ID}:match_id>/stream")
class Stream(MethodView):
    @blp.arguments(StreamHeaders, location="headers")
    @blp.arguments(StreamQuery, location="query")
    @blp.doc(responses={"200": {"description": STREAM_DOC, "content": {
        EVENT_STREAM: {"schema": {"type": "string"}}}}})
    @blp.alt_response(404, schema=ErrorSchema, description="No such match")
    @blp.alt_response(406, schema=ErrorSchema,
                      description="The request's Accept header does not name text/event-stream")
    @blp.alt_response(503, schema=ErrorSchema, description=FULL_DOC, headers={
        "Retry-After": {"description": "Seconds to wait before trying again",
                        "schema": {"type": "integer"}}})
    def get(self, headers: dict[str, Any], query: dict[str, Any], match_id: int) -> Any:
        """Follow a match: each move pushed as it is logged (Server-Sent Events, no token)."""
        if not accepts_event_stream():
            return jsonify(error_body(406, _(
                "This is a stream of Server-Sent Events: send {header}.",
                header="'Accept: text/event-stream'"), where="header.Accept")), 406
        after = headers.get("last_event_id", query.get("after"))
        stream = settings()
        handoff = request.environ.get(HANDOFF)
        if not isinstance(handoff, Handoff):  # an app server: streams are not its to hold
            return refused(NOT_HERE, stream)
        db, locale, names = database(current_app), reader_locale(), names_for_request()

        def moves(since: int, latest: int) -> Rendered:  # in the opening request's language
            return rendered_moves(db, match_id, since, latest, locale, names)

        try:
            handoff.followed = follow(db, match_id, after, moves, (locale, tuple(names or ())),
                                      stream, caps=handoff.caps,
                                      address=request.remote_addr or "")
        except Unavailable as error:
            return refused(error.sentence, stream)
        return Response(b"", mimetype=EVENT_STREAM, headers={
            "Cache-Control": "no-store", "X-Accel-Buffering": "no"})
