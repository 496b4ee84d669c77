"""A night of several tables: its roster, each round's seating, the round's matches."""

from __future__ import annotations

from typing import Any

from flask import current_app
from flask.views import MethodView
from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from referee.api.locale import Blueprint
from referee.api.matches import bearer_token
from referee.api.schemas import ID, MAX_ID
from referee.edge import database
from referee.service import night_tables
from referee.service.games import game_ids
from referee.service.players import PlayerName

blp = Blueprint("tables", __name__, url_prefix="/api",
                description="A night's roster and its rounds of several tables")

PlayerId = fields.Integer(strict=True, validate=validate.Range(min=1, max=MAX_ID))


class PresentSchema(Schema):
    player_id = fields.Integer(required=True)
    name = fields.String(required=True)
    byes = fields.Integer(metadata={"description": "Rounds this player sat out"})


class PresentInSchema(Schema):
    name = PlayerName(metadata={"description": "The player's name (the same player as in "
                                "matches: normalised, case ignored); created if new"})
    player_id = fields.Integer(strict=True, validate=validate.Range(min=1, max=MAX_ID),
                               metadata={"description": "Or an existing player's id"})

    @validates_schema
    def _one_of(self, data: dict[str, Any], **_: object) -> None:
        if ("name" in data) == ("player_id" in data):
            raise ValidationError("Give either a name or a player_id.")


class RosterSchema(Schema):
    items = fields.List(fields.Nested(PresentSchema), required=True)


class ProposeInSchema(Schema):
    game = fields.String(required=True, validate=validate.OneOf(game_ids()))
    tables = fields.Integer(strict=True, load_default=None,
                            validate=validate.Range(min=1, max=night_tables.MAX_TABLES), metadata={
                                "description": "How many tables the host would like (default: "
                                "tables of about four); the count nearest that seats everyone"})
    seed = fields.Integer(strict=True, validate=validate.Range(min=0, max=MAX_ID - 1),
                          load_default=None, metadata={
                              "description": "Make a proposal again from this seed (default: "
                              "a new seed, drawn by the server)"})


class AdjustInSchema(Schema):
    tables = fields.List(
        fields.List(PlayerId, validate=validate.Length(min=1, max=20)), required=True,
        validate=validate.Length(min=1, max=night_tables.MAX_TABLES), metadata={
            "description": "Each table's player ids in seat order; the roster's others sit out"})


class RoundSchema(Schema):
    number = fields.Integer(required=True)
    game = fields.String(required=True)
    seed = fields.Integer(required=True, metadata={"description": "The seed it was seated from"})
    wanted_tables = fields.Integer(allow_none=True)
    started = fields.Boolean(required=True)
    started_at = fields.String(allow_none=True)
    teams = fields.Boolean(required=True, metadata={
        "description": "A team game: seats 0 & 2 partner against 1 & 3"})
    min_seats = fields.Integer(required=True)
    max_seats = fields.Integer(required=True)
    tables = fields.List(fields.Dict(), required=True, metadata={
        "description": "number, players (player_id, name) in seat order, match_id once "
        "started, partners (pairs of seats)"})
    byes = fields.List(fields.Dict(), required=True, metadata={"description": "Who sits out"})
    badness = fields.Integer(required=True, metadata={
        "description": "Sum over pairs at one table of (times met before)², partners "
        "weighted twice: 0 when nobody meets again"})
    repeats = fields.Integer(required=True, metadata={"description": "Pairs meeting again"})
    proposed = fields.Dict(required=True, metadata={
        "description": "The seating proposed from the seed (tables, byes, badness)"})


class RoundsSchema(Schema):
    roster = fields.List(fields.Nested(PresentSchema), required=True)
    rounds = fields.List(fields.Nested(RoundSchema), required=True)


class StartedMatchSchema(Schema):
    table = fields.Integer(required=True)
    match_id = fields.Integer(required=True)
    host_token = fields.String(required=True, metadata={"description": "Shown once"})
    seat_tokens = fields.List(fields.String(), required=True)


class StartedSchema(Schema):
    round = fields.Nested(RoundSchema, required=True)
    matches = fields.List(fields.Nested(StartedMatchSchema), required=True)


@blp.route(f"/nights/<{ID}:night_id>/roster")
class Roster(MethodView):
    @blp.response(200, RosterSchema)
    def get(self, night_id: int) -> dict[str, Any]:
        """The players present at the night, in the order they came."""
        return {"items": night_tables.roster(database(current_app), night_id)}

    @blp.arguments(PresentInSchema)
    @blp.response(201, PresentSchema)
    def post(self, body: dict[str, Any], night_id: int) -> dict[str, Any]:
        """A player joins the night's roster (the night's host only)."""
        return night_tables.add_player(database(current_app), night_id, bearer_token(),
                                       body.get("name"), body.get("player_id"))


@blp.route(f"/nights/<{ID}:night_id>/roster/<{ID}:player_id>")
class Present(MethodView):
    @blp.response(204)
    def delete(self, night_id: int, player_id: int) -> None:
        """A player leaves the night's roster (the night's host only)."""
        night_tables.remove_player(database(current_app), night_id, bearer_token(), player_id)


@blp.route(f"/nights/<{ID}:night_id>/rounds")
class Rounds(MethodView):
    @blp.response(200, RoundsSchema)
    def get(self, night_id: int) -> dict[str, Any]:
        """The roster and the night's rounds, a proposal not yet started last."""
        return night_tables.rounds(database(current_app), night_id)

    @blp.arguments(ProposeInSchema)
    @blp.response(201, RoundSchema)
    def post(self, body: dict[str, Any], night_id: int) -> dict[str, Any]:
        """Seat the next round: the roster at tables of ``game``, avoiding opponents (and
        partners) met before, byes only when no split fits (the night's host only)."""
        return night_tables.propose(database(current_app), night_id, bearer_token(),
                                    body["game"], body["tables"], body["seed"])


@blp.route(f"/nights/<{ID}:night_id>/rounds/<{ID}:number>")
class Round(MethodView):
    @blp.arguments(AdjustInSchema)
    @blp.response(200, RoundSchema)
    def put(self, body: dict[str, Any], night_id: int, number: int) -> dict[str, Any]:
        """Change a proposal before it starts: each table's players (the night's host only)."""
        return night_tables.adjust(database(current_app), night_id, bearer_token(), number,
                                   body["tables"])


@blp.route(f"/nights/<{ID}:night_id>/rounds/<{ID}:number>/start")
class Start(MethodView):
    @blp.response(201, StartedSchema)
    def post(self, night_id: int, number: int) -> dict[str, Any]:
        """Start the round: one match per table, filed into the night; each match's host
        and seat tokens are in the answer, this once (the night's host only)."""
        row, started = night_tables.start(database(current_app), night_id, bearer_token(),
                                          number)
        return {"round": row, "matches": [
            {"table": t.number, "match_id": t.created.match.id,
             "host_token": t.created.host_token, "seat_tokens": t.created.seat_tokens}
            for t in started]}
