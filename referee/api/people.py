"""Players and game nights."""

from __future__ import annotations

from typing import Any

from flask import current_app, request, url_for
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

#: A numbered page's answer: its body and its ``Link`` header.
Paged = tuple[dict[str, Any], int, dict[str, str]]
PAGE_LINKS = {"Link": {"description": 'The next and previous pages, when there are: '
                       '`<…?page=3&per_page=50>; rel="next", <…?page=1&per_page=50>; '
                       'rel="prev"` (RFC 8288)', "schema": {"type": "string"}}}


def numbered(query: dict[str, Any], read: list[dict[str, Any]]) -> Paged:
    """Page ``query["page"]`` of a list read one item past it (that item says a next page
    holds more), with where it stands and the ``Link`` header to its neighbours."""
    page, per_page = query["page"], query["per_page"]
    more = len(read) > per_page
    links = [(page + 1, "next")] if more else []
    links += [(page - 1, "prev")] if page > 1 else []
    endpoint = request.endpoint or ""
    header = ", ".join(f'<{url_for(endpoint, page=n, per_page=per_page)}>; rel="{rel}"'
                       for n, rel in links)
    body = {"items": read[:per_page], "page": page, "per_page": per_page, "has_more": more}
    return body, 200, ({"Link": header} if header else {})


@blp.route("/players")
class Players(MethodView):
    @blp.arguments(PageQuery, location="query")
    @blp.response(200, PlayerListSchema, headers=PAGE_LINKS)
    def get(self, query: dict[str, Any]) -> Paged:
        """Players, by name, a numbered page at a time."""
        return numbered(query, history.list_players(database(current_app), query["page"],
                                                    query["per_page"], one_more=True))


@blp.route(f"/players/<{ID}:player_id>")
class Player(MethodView):
    @blp.response(200, PlayerSchema)
    def get(self, player_id: int) -> dict[str, Any]:
        """A player and their record per game (played, won, average score, missplays)."""
        return history.get_player(database(current_app), player_id)


@blp.route("/nights")
class Nights(MethodView):
    @blp.arguments(PageQuery, location="query")
    @blp.response(200, NightListSchema, headers=PAGE_LINKS)
    def get(self, query: dict[str, Any]) -> Paged:
        """Game nights, newest first, a numbered page at a time."""
        return numbered(query, history.list_nights(database(current_app), query["page"],
                                                   query["per_page"], one_more=True))

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
