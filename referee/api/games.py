"""The games the referee knows: their options and move vocabulary, as JSON schemas."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView

from referee.api.locale import Blueprint
from referee.api.schemas import ErrorSchema, GameSchema
from referee.edge.wording import reader_locale, said_missplays
from referee.service import games
from referee.service.messages import game_title, option_description, option_label

blp = Blueprint("games", __name__, url_prefix="/api/games",
                description="The games (rule engines) and their move vocabulary")


def component_name(game: str, move: str) -> str:
    return f"{game}.{move}".replace("-", "_")


def document_move_schemas(api: Any) -> None:
    """Each game's payload schemas become OpenAPI components."""
    documented: set[type] = set()
    for game_id, schemas in games.payload_schemas().items():
        for move, schema in schemas.items():
            if schema not in documented:  # a schema shared by several moves is named once
                api.spec.components.schema(component_name(game_id, move), schema=schema)
                documented.add(schema)


def for_reader(game: dict[str, Any]) -> dict[str, Any]:
    """A game described in the reader's language: its title, and each option's ``title`` and
    ``description`` in its JSON schema (the schema's data untouched)."""
    locale = reader_locale()
    properties = game["options"].get("properties", {})
    options = {**game["options"], "properties": {
        name: {**spec, "title": option_label(game["id"], name, locale),
               "description": option_description(game["id"], name, locale,
                                                 default=spec.get("description", ""))}
        for name, spec in properties.items()}}
    return {**game, "title": game_title(game["id"], locale), "options": options,
            "reportable_missplays": said_missplays(game["reportable_missplays"], locale)}


@blp.route("")
class Games(MethodView):
    @blp.response(200, GameSchema(many=True))
    def get(self) -> list[dict[str, Any]]:
        """Every game, with its options and moves."""
        return [for_reader(game) for game in games.all_games()]


@blp.route("/<game_id>")
class Game(MethodView):
    @blp.response(200, GameSchema)
    @blp.alt_response(404, schema=ErrorSchema, description="No such game")
    def get(self, game_id: str) -> dict[str, Any]:
        """One game: its options and its moves with their payload schemas."""
        return for_reader(games.one_game(game_id))
