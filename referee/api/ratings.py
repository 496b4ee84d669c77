"""The players' ratings: a leaderboard per game and overall (OpenSkill, Plackett–Luce)."""

from __future__ import annotations

from typing import Any

from flask import current_app, url_for
from flask.views import MethodView
from marshmallow import EXCLUDE, Schema, fields, validate

from referee.api.locale import Blueprint
from referee.api.people import PAGE_LINKS, Paged, numbered
from referee.api.schemas import NumberedPageSchema
from referee.edge import database
from referee.service import ratings

blp = Blueprint("ratings", __name__, url_prefix="/api",
                description="Who is really the strongest: players' ratings per game")


class RatingsQuery(Schema):
    class Meta:
        unknown = EXCLUDE

    game = fields.String(validate=validate.Length(min=1, max=40), metadata={
        "description": "A game's id (`GET /api/games`); none: the overall rating"})
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=100000))
    per_page = fields.Integer(load_default=50, validate=validate.Range(min=1, max=200))


class RatedPlayerSchema(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)


class LeaderboardRowSchema(Schema):
    position = fields.Integer(required=True, metadata={"description": "From 1, best first"})
    player = fields.Nested(RatedPlayerSchema, required=True)
    mu = fields.Float(required=True, metadata={"description": "OpenSkill's estimate"})
    sigma = fields.Float(required=True, metadata={"description": "Its uncertainty"})
    rating = fields.Float(required=True, metadata={"description": "mu - 3 sigma, the order"})
    matches = fields.Integer(required=True, metadata={"description": "Matches rated"})


class LeaderboardSchema(NumberedPageSchema):
    scope = fields.String(required=True, metadata={"description": "The game's id, or `*`"})
    game = fields.String(allow_none=True, metadata={"description": "None: overall"})
    updating = fields.Boolean(required=True, metadata={
        "description": "True while the ratings are being recomputed after a change: the "
                       "figures are those before it"})
    items = fields.List(fields.Nested(LeaderboardRowSchema), required=True)


@blp.route("/ratings")
class Ratings(MethodView):
    @blp.arguments(RatingsQuery, location="query")
    @blp.response(200, LeaderboardSchema, headers=PAGE_LINKS)
    def get(self, query: dict[str, Any]) -> Paged:
        """The rating leaderboard of a game (or overall), best first, a numbered page at a
        time. Each finished match counts (not copies, not abandoned ones), in the order they
        ended; ties share; a team plays as one side."""
        board = ratings.leaderboard(database(current_app), query.get("game"), query["page"],
                                    query["per_page"])
        body, status, _links = numbered(query, board["items"])
        return {**body, "scope": board["scope"], "game": board["game"],
                "updating": board["updating"]}, status, links(query, body["has_more"])


def links(query: dict[str, Any], more: bool) -> dict[str, str]:
    """The ``Link`` header to the next and previous pages, the game kept."""
    page, per_page = query["page"], query["per_page"]
    game = {"game": query["game"]} if query.get("game") else {}
    pages = [(page + 1, "next")] if more else []
    pages += [(page - 1, "prev")] if page > 1 else []
    header = ", ".join(f'<{url_for("ratings.Ratings", page=n, per_page=per_page, **game)}>; '
                       f'rel="{rel}"' for n, rel in pages)
    return {"Link": header} if header else {}
