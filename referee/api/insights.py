"""What-if, statistics, nights' boards, CSV sheets and the BG Stats link."""

from __future__ import annotations

from typing import Any

from flask import Response, current_app
from flask.views import MethodView
from marshmallow import Schema, fields, validate

from referee.api.locale import Blueprint
from referee.api.matches import bearer_token
from referee.api.schemas import ID, ErrorSchema
from referee.edge import database
from referee.edge.wording import reader_locale, said_play
from referee.service import bgstats, nights, sheets, stats, whatif
from referee.service.messages import LOCALES
from referee.service.nights import MAX_PLACES

blp = Blueprint("insights", __name__, url_prefix="/api",
                description="What-if, statistics, nights' leaderboards, CSV and BG Stats")

CSV_DOC = {"responses": {"200": {"description": "CSV (UTF-8 with a byte order mark) with a "
                                 "header row in the reader's language",
                                 "content": {"text/csv": {"schema": {"type": "string"}}}}}}


class SheetQuery(Schema):
    """How a CSV sheet is written: for which reader, with which separator."""

    sep = fields.String(load_default="comma", validate=validate.OneOf(sorted(sheets.SEPARATORS)),
                        metadata={"description": "The separator: `comma` (the default) or "
                                  "`semicolon`, which French spreadsheets expect"})
    lang = fields.String(validate=validate.OneOf(sorted(LOCALES)), metadata={
        "description": "The language of the headers, games' names, statuses and sentences "
                       "(default: Accept-Language's, else English); the `game` and `status` "
                       "columns keep their codes in every language"})


def sheet_reader(query: dict[str, Any]) -> tuple[str, str]:
    """The language and the separator a sheet is written with."""
    return query.get("lang") or reader_locale(), query["sep"]


class WhatIfInSchema(Schema):
    options = fields.Dict(keys=fields.String(), required=True, metadata={
        "description": "Options merged over the match's own, e.g. {\"sum_quick_play\": true}"})


class ChangeSchema(Schema):
    seq = fields.Integer(required=True)
    type = fields.String(required=True)
    seat = fields.Integer(allow_none=True)
    old = fields.Dict(allow_none=True, metadata={"description": "The verdict as the log stands"})
    new = fields.Dict(allow_none=True, metadata={
        "description": "The verdict under the other options (kind impossible: refused)"})


class WhatIfSchema(Schema):
    match_id = fields.Integer(required=True)
    game = fields.String(required=True)
    options = fields.Dict(required=True, metadata={"description": "The options replayed under"})
    own_options = fields.Dict(required=True)
    changed_options = fields.List(fields.String(), required=True)
    standings = fields.Dict(required=True, metadata={"description": "What they would give"})
    own_standings = fields.Dict(required=True)
    events = fields.Integer(required=True)
    changes = fields.List(fields.Nested(ChangeSchema), required=True)


class PointsInSchema(Schema):
    placement_points = fields.List(
        fields.Integer(strict=True, validate=validate.Range(min=0, max=1000)), required=True,
        validate=validate.Length(min=1, max=MAX_PLACES), metadata={
        "description": "Points for 1st, 2nd, … place in each finished match"})


class NightBoardSchema(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    created_at = fields.String(required=True)
    placement_points = fields.List(fields.Integer(), required=True)
    default_points = fields.List(fields.Integer(), required=True)
    leaderboard = fields.List(fields.Dict(), required=True, metadata={
        "description": "place, player_id, name, points, played, won, missplays, places"})
    running = fields.List(fields.Dict(), required=True)
    matches = fields.Integer(required=True)
    finished = fields.Integer(required=True)
    recap = fields.Dict(required=True, metadata={
        "description": "winners, biggest_citron_coco, most_missplays, longest_match"})


class PointsSchema(Schema):
    placement_points = fields.List(fields.Integer(), required=True)


class PlayerStatsSchema(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    games = fields.List(fields.Dict(), required=True, metadata={
        "description": "Per game: played, finished, won, win_rate, average_score, best_score, "
        "missplays, missplays_per_match, calls, calls_won, call_success_rate"})
    results = fields.List(fields.Dict(), required=True, metadata={
        "description": "The latest finished matches, oldest first: placement and score"})


class HeadToHeadSchema(Schema):
    player = fields.Dict(required=True)
    other = fields.Dict(required=True)
    games = fields.List(fields.Dict(), required=True)
    total = fields.Dict(required=True)


class BgStatsSchema(Schema):
    link = fields.String(required=True, metadata={"description": "bgstats://… push-plays link"})
    play = fields.Dict(required=True, metadata={"description": "The play the link carries"})


def csv_response(body: str, filename: str) -> Response:
    return Response(body, mimetype="text/csv", headers={
        "Content-Disposition": f'attachment; filename="{filename}"'})


@blp.route(f"/matches/<{ID}:match_id>/what-if")
class WhatIf(MethodView):
    @blp.arguments(WhatIfInSchema)
    @blp.response(200, WhatIfSchema)
    def post(self, body: dict[str, Any], match_id: int) -> dict[str, Any]:
        """The log judged again under other options: the standings it would give and every
        verdict that would change. Nothing is appended."""
        return whatif.what_if(database(current_app), match_id, body["options"])


@blp.route(f"/matches/<{ID}:match_id>/sheet.csv")
@blp.arguments(SheetQuery, location="query")
@blp.doc(**CSV_DOC)
def match_sheet(query: dict[str, Any], match_id: int) -> Response:
    """The match's score sheet round by round (CSV)."""
    return csv_response(sheets.match_sheet(database(current_app), match_id,
                                           *sheet_reader(query)),
                        f"referee-match-{match_id}.csv")


@blp.route(f"/matches/<{ID}:match_id>/bgstats")
class BgStats(MethodView):
    @blp.response(200, BgStatsSchema)
    @blp.alt_response(409, schema=ErrorSchema, description="The match is not finished yet")
    def get(self, match_id: int) -> dict[str, Any]:
        """A finished match as BG Stats' push-plays link (and the play it carries)."""
        return said_play(bgstats.send_link(database(current_app), match_id))


@blp.route(f"/nights/<{ID}:night_id>/results.csv")
@blp.arguments(SheetQuery, location="query")
@blp.doc(**CSV_DOC)
def night_results(query: dict[str, Any], night_id: int) -> Response:
    """One row per seat of each of the night's matches, with placement points (CSV)."""
    return csv_response(sheets.night_results(database(current_app), night_id,
                                             *sheet_reader(query)),
                        f"referee-night-{night_id}.csv")


@blp.route(f"/nights/<{ID}:night_id>/board")
class NightBoard(MethodView):
    @blp.response(200, NightBoardSchema)
    def get(self, night_id: int) -> dict[str, Any]:
        """The night's leaderboard across its matches, the matches under way, the recap."""
        return nights.board(database(current_app), night_id)


@blp.route(f"/nights/<{ID}:night_id>/points")
class NightPoints(MethodView):
    @blp.arguments(PointsInSchema)
    @blp.response(200, PointsSchema)
    def put(self, body: dict[str, Any], night_id: int) -> dict[str, Any]:
        """Set the night's placement points (default 5, 3, 2, 1): the night's host only
        (Authorization: Bearer with the night's host token)."""
        points = nights.set_points(database(current_app), night_id, bearer_token(),
                                   body["placement_points"])
        return {"placement_points": points}


@blp.route(f"/players/<{ID}:player_id>/matches.csv")
@blp.arguments(SheetQuery, location="query")
@blp.doc(**CSV_DOC)
def player_matches(query: dict[str, Any], player_id: int) -> Response:
    """Every match the player sat in, with their placement and score (CSV)."""
    return csv_response(sheets.player_matches(database(current_app), player_id,
                                              *sheet_reader(query)),
                        f"referee-player-{player_id}.csv")


@blp.route(f"/players/<{ID}:player_id>/stats")
class PlayerStats(MethodView):
    @blp.response(200, PlayerStatsSchema)
    def get(self, player_id: int) -> dict[str, Any]:
        """Per game: played, won, win rate, average and best score, missplays per match,
        Citron Coco calls and their success rate; and the latest results."""
        db = database(current_app)
        out = stats.player_stats(db, player_id)
        out["results"] = stats.results_over_time(db, player_id)
        return out


@blp.route(f"/players/<{ID}:player_id>/versus/<{ID}:other_id>")
class HeadToHead(MethodView):
    @blp.response(200, HeadToHeadSchema)
    @blp.alt_response(422, schema=ErrorSchema, description="The same player twice")
    def get(self, player_id: int, other_id: int) -> dict[str, Any]:
        """Head to head: the finished matches both played, who placed ahead, per game."""
        return stats.head_to_head(database(current_app), player_id, other_id)
