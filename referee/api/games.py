"""The games the referee knows: their options and move vocabulary, as JSON schemas."""

from __future__ import annotations

from typing import Any

from flask.views import MethodView
from flask_smorest import Blueprint

from referee.api.schemas import ErrorSchema, GameSchema
from referee.engines.base import REGISTRY, Engine
from referee.service.errors import NotFound
from referee.service.matches import host_only_types, move_schemas

blp = Blueprint("games", __name__, url_prefix="/api/games",
                description="The games (rule engines) and their move vocabulary")

_converter: Any = None


def component_name(game: str, move: str) -> str:
    return f"{game}.{move}".replace("-", "_")


def document_move_schemas(api: Any) -> None:
    """Each game's payload schemas become OpenAPI components (and feed GET /api/games)."""
    global _converter
    from referee.engines import get_engine  # noqa: F401  (fills the registry)

    documented: set[type] = set()
    for engine in REGISTRY.values():
        schemas = {**move_schemas(engine), "options": engine.options_schema}
        for move, schema in schemas.items():
            if schema not in documented:  # a schema shared by several moves is named once
                api.spec.components.schema(component_name(engine.id, move), schema=schema)
                documented.add(schema)
    _converter = api.ma_plugin.converter


def describe(engine: Engine[Any]) -> dict[str, Any]:
    to_json = _converter.schema2jsonschema
    host_only = host_only_types(engine)
    return {
        "id": engine.id, "title": engine.title,
        "min_seats": engine.min_seats, "max_seats": engine.max_seats,
        "rules": engine.rules_file, "catalogue": engine.catalogue,
        "options": to_json(engine.options_schema),
        "moves": {move: {"host_only": move in host_only, "payload": to_json(schema)}
                  for move, schema in move_schemas(engine).items()},
        "reportable_missplays": dict(engine.reportable_missplays),
    }


@blp.route("")
class Games(MethodView):
    @blp.response(200, GameSchema(many=True))
    def get(self) -> list[dict[str, Any]]:
        """Every game, with its options and moves."""
        return [describe(e) for _, e in sorted(REGISTRY.items())]


@blp.route("/<game_id>")
class Game(MethodView):
    @blp.response(200, GameSchema)
    @blp.alt_response(404, schema=ErrorSchema, description="No such game")
    def get(self, game_id: str) -> dict[str, Any]:
        """One game: its options and its moves with their payload schemas."""
        if game_id not in REGISTRY:
            raise NotFound(f"There is no game {game_id!r}.", where="game_id")
        return describe(REGISTRY[game_id])
