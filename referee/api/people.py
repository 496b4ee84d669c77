"""Players and game nights."""

from __future__ import annotations

from typing import Any

from flask import current_app
from flask.views import MethodView

from referee.api.locale import Blueprint
from referee.api.schemas import (
    ID,
    NightCreatedSchema,
    NightInSchema,
    NightListSchema,
    NightSchema,
    PageQuery,
    PlayerListSchema,
    PlayerSchema,
)
from referee.edge import database
from referee.service import history, nights

blp = Blueprint("people", __name__, url_prefix="/api",
                description="Players (kept across matches) and game nights")


@blp.route("/players")
class Players(MethodView):
    @blp.arguments(PageQuery, location="query")
    @blp.response(200, PlayerListSchema)
    def get(self, query: dict[str, Any]) -> dict[str, Any]:
        """Players, by name."""
        return {"items": history.list_players(database(current_app), query["page"],
                                              query["per_page"])}


@blp.route(f"/players/<{ID}:player_id>")
class Player(MethodView):
    @blp.response(200, PlayerSchema)
    def get(self, player_id: int) -> dict[str, Any]:
        """A player and their record per game (played, won, average score, missplays)."""
        return history.get_player(database(current_app), player_id)


@blp.route("/nights")
class Nights(MethodView):
    @blp.arguments(PageQuery, location="query")
    @blp.response(200, NightListSchema)
    def get(self, query: dict[str, Any]) -> dict[str, Any]:
        """Game nights, newest first."""
        return {"items": history.list_nights(database(current_app), query["page"],
                                             query["per_page"])}

    @blp.arguments(NightInSchema)
    @blp.response(201, NightCreatedSchema)
    def post(self, body: dict[str, Any]) -> dict[str, Any]:
        """Start a game night: returns its host token, shown this once. Only that token
        (Authorization: Bearer) changes the night or files matches into it."""
        created = nights.create(database(current_app), body["name"])
        return {**created.night, "host_token": created.host_token}


@blp.route(f"/nights/<{ID}:night_id>")
class Night(MethodView):
    @blp.response(200, NightSchema)
    def get(self, night_id: int) -> dict[str, Any]:
        """A night and its matches."""
        return history.get_night(database(current_app), night_id)
