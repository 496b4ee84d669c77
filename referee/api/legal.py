"""What may be logged now: ``GET /api/matches/<id>/legal-moves?as=SEAT`` (or ``as=host``)."""

from __future__ import annotations

import re
from typing import Any

from flask import current_app
from flask.views import MethodView
from marshmallow import EXCLUDE, Schema, ValidationError, fields

from referee.api.locale import Blueprint
from referee.api.matches import BEARER, bearer_token
from referee.api.schemas import ID
from referee.edge import database
from referee.service import legal

blp = Blueprint("legal_moves", __name__, url_prefix="/api/matches",
                description="What a seat, or the host, may log now")

SEAT_OR_HOST = re.compile(r"^(host|\d{1,3})$")


class SeatOrHost(fields.Field):
    """A seat number, or ``host``."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        text = str(value).strip()
        if not SEAT_OR_HOST.match(text):
            raise ValidationError("Give a seat number (0, 1, …) or 'host'.")
        return text if text == "host" else int(text)


class LegalQuery(Schema):
    class Meta:
        unknown = EXCLUDE

    as_ = SeatOrHost(data_key="as", metadata={
        "type": "string", "pattern": SEAT_OR_HOST.pattern,
        "description": "The seat (needs its token or the host's), or 'host' (the host's token); "
                       "default: the token's own seat or host"})


class LegalMoveSchema(Schema):
    type = fields.String(required=True)
    seat = fields.Integer(allow_none=True, metadata={
        "description": "The seat it is logged for (null: the table, by the host)"})
    payloads = fields.List(fields.Dict(), required=True, metadata={
        "description": "Every complete payload allowed now"})
    choices = fields.Dict(required=True, metadata={
        "description": "Each payload field and the values it may take"})
    free = fields.List(fields.String(), required=True, metadata={
        "description": "Payload fields left to the table (any value the schema accepts)"})


class LegalMovesSchema(Schema):
    match_id = fields.Integer(required=True)
    game = fields.String(required=True)
    at = fields.Integer(required=True, metadata={"description": "The last event's seq"})
    as_ = fields.Raw(data_key="as", required=True, metadata={
        "description": "The seat, 'host', or 'public' (who logs nothing)"})
    turn = fields.Integer(allow_none=True)
    finished = fields.Boolean(required=True)
    moves = fields.List(fields.Nested(LegalMoveSchema), required=True)


@blp.route(f"/<{ID}:match_id>/legal-moves")
class LegalMoves(MethodView):
    @blp.arguments(LegalQuery, location="query")
    @blp.response(200, LegalMovesSchema)
    @blp.doc(security=BEARER)
    def get(self, query: dict[str, Any], match_id: int) -> dict[str, Any]:
        """The moves a seat (or the host) may log now, and the payloads each allows."""
        out = legal.legal_moves(database(current_app), match_id, bearer_token(), query.get("as_"))
        out["as_"] = out.pop("as")
        return out
