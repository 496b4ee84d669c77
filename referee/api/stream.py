"""A match's public log pushed as Server-Sent Events (``text/event-stream``)."""

from __future__ import annotations

from typing import Any

from flask import Response, current_app, jsonify, request
from flask.views import MethodView
from flask_smorest import Blueprint
from marshmallow import EXCLUDE, Schema, fields, validate

from referee import database
from referee.api import error_body
from referee.api.schemas import ID, MAX_ID, ErrorSchema
from referee.i18n import gettext as _
from referee.service.streams import StreamSettings, follow

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


@blp.route(f"/<{ID}:match_id>/stream")
class Stream(MethodView):
    @blp.arguments(StreamHeaders, location="headers")
    @blp.arguments(StreamQuery, location="query")
    @blp.doc(responses={"200": {"description": STREAM_DOC, "content": {
        EVENT_STREAM: {"schema": {"type": "string"}}}}})
    @blp.alt_response(404, schema=ErrorSchema, description="No such match")
    @blp.alt_response(406, schema=ErrorSchema,
                      description="The request's Accept header does not name text/event-stream")
    def get(self, headers: dict[str, Any], query: dict[str, Any], match_id: int) -> Any:
        """Follow a match: each move pushed as it is logged (Server-Sent Events, no token)."""
        if not accepts_event_stream():
            return jsonify(error_body(406, _(
                "This is a stream of Server-Sent Events: send %(header)s.",
                header="'Accept: text/event-stream'"), where="header.Accept")), 406
        after = headers.get("last_event_id", query.get("after"))
        events = follow(database(current_app), match_id, after, settings())
        return Response(events, mimetype=EVENT_STREAM, headers={
            "Cache-Control": "no-store", "X-Accel-Buffering": "no"})
