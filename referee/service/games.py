"""The games the referee knows, described for the API and the pages: options and moves."""

from __future__ import annotations

from typing import Any

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from referee.engines.base import REGISTRY, Engine
from referee.engines.rounds import rounds_engine
from referee.service.authority import whose_cards
from referee.service.errors import NotFound
from referee.service.matches import host_only_types, move_schemas
from referee.service.messages import render

_plugin = MarshmallowPlugin()
APISpec("referee", "1", "3.0.3", plugins=[_plugin])  # gives the plugin its JSON-schema converter


def to_json_schema(schema: Any) -> dict[str, Any]:
    return _plugin.converter.schema2jsonschema(schema)


def describe(engine: Engine[Any]) -> dict[str, Any]:
    host_only = host_only_types(engine)
    return {
        "id": engine.id, "title": engine.title,
        "min_seats": engine.min_seats, "max_seats": engine.max_seats,
        "rules": engine.rules_file, "catalogue": engine.catalogue,
        "options": to_json_schema(engine.options_schema),
        "moves": {move: {"host_only": move in host_only, "call": move in engine.calls,
                         "payload": to_json_schema(schema), "cards": whose_cards(engine, move)}
                  for move, schema in move_schemas(engine).items()},
        "reportable_missplays": {rule: render(said)
                                 for rule, said in engine.reportable_missplays.items()},
        "rounds": rounds_moves(engine.id),
    }


def rounds_moves(game: str) -> dict[str, Any]:
    """The moves of a match of ``game`` in quick scoring (mode rounds), with their schemas."""
    engine = rounds_engine(game)
    host_only = host_only_types(engine)
    return {move: {"host_only": move in host_only, "payload": to_json_schema(schema)}
            for move, schema in move_schemas(engine).items()}


def all_games() -> list[dict[str, Any]]:
    from referee import engines  # noqa: F401  (importing them fills the registry)

    return [describe(engine) for _, engine in sorted(REGISTRY.items())]


def one_game(game_id: str) -> dict[str, Any]:
    from referee import engines  # noqa: F401

    if game_id not in REGISTRY:
        raise NotFound(f"There is no game {game_id!r}.", where="game_id")
    return describe(REGISTRY[game_id])
